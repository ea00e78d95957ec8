"""Entry points, read from the installed distributions' own metadata files.

`importlib.metadata` finds the same ones, but loading it loads the email package and more
(a tenth of what `pnp check` imports); this reads the `entry_points.txt` of each
distribution on the import path, the first of each name winning, as it does.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

METADATA = (".dist-info", ".egg-info")


@dataclass(frozen=True, slots=True)
class Point:
    """One entry point: `name = module:attribute` in a group of a distribution."""

    name: str
    value: str  # "module:attribute"
    group: str

    @property
    def module(self) -> str:
        return self.value.split(":", 1)[0].strip()

    def load(self) -> Any:
        """The object the entry point names (importing its module)."""
        module, _, attribute = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            found = getattr(found, part)
        return found


def distributions() -> list[Path]:
    """The metadata folder of every distribution on the import path, the first of each
    name (as Python imports it)."""
    seen_names: set[str] = set()
    seen_folders: set[str] = set()
    out: list[Path] = []
    for entry in sys.path:
        folder = os.path.abspath(entry or ".")
        if folder in seen_folders or not os.path.isdir(folder):
            continue
        seen_folders.add(folder)
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if not name.endswith(METADATA):
                continue
            normal = _normal(name.rsplit(".", 1)[0].split("-", 1)[0])
            if normal not in seen_names:
                seen_names.add(normal)
                out.append(Path(folder) / name)
    return out


def group(name: str, among: list[Path] | None = None) -> list[Point]:
    """Every entry point of the group `name`, in the installed distributions (or `among`)."""
    return [p for dist in (distributions() if among is None else among) for p in _read(dist, name)]


def _read(dist: Path, wanted: str) -> Iterator[Point]:
    try:
        text = (dist / "entry_points.txt").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == wanted and "=" in line:
            key, value = line.split("=", 1)
            yield Point(key.strip(), value.strip(), wanted)


def version(name: str) -> str:
    """The installed version of a distribution ("?" when it is not installed)."""
    wanted = _normal(name)
    for dist in distributions():
        stem = dist.name.rsplit(".", 1)[0]
        dist_name, _, found = stem.partition("-")
        if _normal(dist_name) != wanted:
            continue
        if found:
            return found
        for meta in ("METADATA", "PKG-INFO"):
            try:
                text = (dist / meta).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            for line in text.splitlines():
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
                if not line:
                    break
        return "?"
    return "?"


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()
