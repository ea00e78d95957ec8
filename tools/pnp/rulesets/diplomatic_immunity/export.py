"""Diplomatic Immunity's components other than cards, for `pnp export`: the character
boards as double-sided tiles, and the coins and chips as stacks of tokens, each drawn by
the renderer that prints it in the kit."""

from __future__ import annotations

import re

from reportlab.pdfgen.canvas import Canvas

from pnp.content.project import Game
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry, Size
from pnp.render.pieces import Pieces, Tile, Token
from pnp.render.sheets import DrawFace
from pnp.rulesets.diplomatic_immunity import boards, chips


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "piece"


def _face(draw: chips.DrawPiece) -> DrawFace:
    """A chip face drawn into a face's trim box: centred, its cut line the trim."""

    def face(canvas: Canvas, size: Size) -> None:
        draw(canvas, size.width / 2, size.height / 2, size.width / 2)

    return face


def pieces(game: Game, geo: Geometry, theme: Theme) -> Pieces:
    """Every board (when the game has characters) and every kind of coin and chip, with
    its count: pieces sharing both faces make one stack."""
    tiles: tuple[Tile, ...] = ()
    if game.archetypes and "board" in geo.layouts:
        group = boards.group(game, geo, theme)
        size = geo.layouts["board"].size
        tiles = tuple(Tile(group.name, item, size) for item in group.items)
    stacks: dict[tuple[str, int, int], list[chips.Piece]] = {}
    whose: dict[int, str] = {}  # a Favor chip's front -> the diplomat it names
    favors = 0
    for piece in chips.pieces(game, theme.ink_saver):
        stacks.setdefault((piece.kind, id(piece.front), id(piece.back)), []).append(piece)
        if piece.key == "favor-chips" and game.diplomats:  # drawn for each diplomat in turn
            whose[id(piece.front)] = game.diplomats[favors % len(game.diplomats)].name
            favors += 1
    kinds: dict[str, int] = {}
    for kind, _, _ in stacks:
        kinds[kind] = kinds.get(kind, 0) + 1
    tokens: list[Token] = []
    seen: dict[str, int] = {}
    for (kind, _, _), members in stacks.items():
        first = members[0]
        seen[kind] = seen.get(kind, 0) + 1
        name = kind
        if first.seat:
            name = f"{kind} ({first.seat})"
        elif id(first.front) in whose:
            name = f"{kind} ({whose[id(first.front)]})"
        elif kinds[kind] > 1:
            name = f"{kind} {seen[kind]}"
        size = Size(name, first.size, first.size, chips.BLEED, 0.0, 0.0)
        front = _face(first.front)
        back = front if first.back is first.front else _face(first.back)
        tokens.append(
            Token(
                kind,
                _slug(name),
                name,
                "round" if first.shape == chips.ROUND else "box",
                size,
                front,
                back,
                len(members),
                first.seat,
            )
        )
    return Pieces(tiles, tuple(tokens))
