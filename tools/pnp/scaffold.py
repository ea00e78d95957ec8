"""`pnp new NAME`: a content-only game that checks and builds at once.

The starter files ship with the package (`templates/new/`): a game, a components list, a
deck of cards with a field of their own, its `card-fields` declaration and a one-page
rulebook. `__ID__` and `__TITLE__` in them become the game's id and title. The folder is
written whole or not at all, and an existing folder is never touched.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from pnp.resources import TEMPLATES

STARTER = TEMPLATES / "new"
ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


class NewError(ValueError):
    """Why a game cannot be made (the message is for the user)."""


def title_of(game_id: str) -> str:
    """'fruit-salad' -> 'Fruit Salad'."""
    return " ".join(w.capitalize() for w in game_id.split("-"))


def new_game(content: Path, game_id: str) -> Path:
    """Write the starter game `content/<game_id>/`; its folder."""
    if not ID.match(game_id) or len(game_id) > 60:
        raise NewError(
            f"'{game_id}' cannot name a game: use lowercase letters, digits and hyphens, "
            "starting with a letter (such as 'fruit-salad')"
        )
    target = content / game_id
    if target.exists() or target.is_symlink():
        raise NewError(f"{target} already exists; nothing was written")
    content.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{game_id}.", dir=content))
    try:
        for source in sorted(STARTER.iterdir()):
            text = source.read_text(encoding="utf-8")
            text = text.replace("__ID__", game_id).replace("__TITLE__", title_of(game_id))
            (staging / source.name).write_text(text, encoding="utf-8")
        os.chmod(staging, 0o777 & ~_umask())
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
