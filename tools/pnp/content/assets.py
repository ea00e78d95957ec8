"""Files the content refers to (card art): read from the game's snapshot, never from
outside the content folder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.content.snapshot import File, Refused

if TYPE_CHECKING:
    from pnp.content.project import Game


def art(game: Game, relative: str) -> File | Refused:
    """The bytes of an image a card names, read once (the check reads it; the renderers
    and `pnp diff` get the same bytes), or why they could not be read."""
    if game.files is None:
        return Refused("missing", "is not part of a game folder", "")
    return game.files.read(relative)


def art_bytes(game: Game, relative: str) -> bytes | None:
    """An image's bytes, or None when it cannot be read (the check has said why)."""
    found = art(game, relative)
    return found.data if isinstance(found, File) else None


def art_digest(game: Game, relative: str) -> str:
    """The sha256 of an image's bytes ('' when it cannot be read): what a cached drawing
    of a card depends on besides the model."""
    found = art(game, relative)
    return found.sha256 if isinstance(found, File) else ""
