"""Components other than cards, as the exports see them: double-sided tiles (a character
board) and stacks of punch-out tokens (coins, chips), each drawn by the renderer that
prints it in the kit. A ruleset gives them (`Ruleset.pieces`); a game without any has none.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.geometry import Size
from pnp.render.sheets import DrawFace, Item


@dataclass(frozen=True, slots=True)
class Tile:
    """One double-sided component: its group's name, the item (id, faces, name, words) and
    its trim size with bleed."""

    group: str
    item: Item
    size: Size


@dataclass(frozen=True, slots=True)
class Token:
    """One kind of punch-out piece and how many there are: a stack at the table.

    `size` has the piece's diameter (a round one) or side as width and height, and the
    bleed its faces paint beyond the cut line."""

    group: str  # "$1M coins", "Favor chips": the kit's kind of piece
    id: str  # unique within the game: a file name
    name: str
    shape: str  # "round" or "box"
    size: Size
    front: DrawFace
    back: DrawFace
    count: int
    seat: str | None = None  # the seat colour it belongs to, if any


@dataclass(frozen=True, slots=True)
class Pieces:
    """Every tile and token of a game."""

    tiles: tuple[Tile, ...] = ()
    tokens: tuple[Token, ...] = ()
