"""Files the content refers to (card art): where they are, and never outside the content."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.content.project import Game


def resolve(game: Game, relative: str) -> Path | None:
    """The file an image path names, or None if it leads outside the content folder."""
    if game.folder is None:
        return None
    content = game.folder.parent.resolve()
    path = (game.folder / relative).resolve()
    return path if content in path.parents else None
