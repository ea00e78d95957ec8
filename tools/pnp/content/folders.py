"""Which folders of a content folder are games. Light on purpose: the command line asks
before it loads anything else."""

from __future__ import annotations

import os
import re
from pathlib import Path

from pnp.content.snapshot import YAML_SUFFIXES


def find_games(content: Path) -> list[str]:
    """Game folders under the content folder: every folder that holds a YAML file, and
    every folder that cannot be read (so that checking it says "cannot read", not "unknown
    game")."""
    try:
        entries = sorted(content.iterdir())
    except OSError:
        return []
    return [
        p.name for p in entries if not p.name.startswith(".") and p.is_dir() and _may_be_game(p)
    ]


def _may_be_game(folder: Path) -> bool:
    """Whether a folder holds a YAML file anywhere below it, or cannot be listed."""
    unreadable = False

    def failed(_: OSError) -> None:
        nonlocal unreadable
        unreadable = True

    for _root, dirs, files in os.walk(folder, onerror=failed):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        if any(f.endswith(YAML_SUFFIXES) and not f.startswith(".") for f in files):
            return True
    return unreadable


_GAME_LINE = re.compile(rb"^kind:\s*game\s*(#.*)?$", re.MULTILINE)


def is_game_folder(folder: Path) -> bool:
    """Whether a `kind: game` document stands directly in a folder: a game folder, where a
    content folder of games was expected."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return False
    for p in entries:
        if p.suffix in YAML_SUFFIXES and p.is_file() and not p.is_symlink():
            try:
                with p.open("rb") as f:
                    if _GAME_LINE.search(f.read(65536)):
                        return True
            except OSError:
                continue
    return False
