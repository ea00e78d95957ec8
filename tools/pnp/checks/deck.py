"""E504: every card of a standard-deck game plays one piece; then the ruleset's own checks
of what its setup deals from the deck (Diamond Heist's treasure, E501-W505)."""

from __future__ import annotations

from pnp.checks import hooks
from pnp.checks.common import at
from pnp.content.pieces import Piece
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Cards assigned once; then what the ruleset's setup deals from the deck."""
    out: list[Diagnostic] = []
    if game.pieces:
        _assigned_once(game.pieces, out)
    ruleset = hooks.of(game)
    if ruleset:
        out += ruleset.deck(game)
    return out


def _assigned_once(pieces: tuple[Piece, ...], out: list[Diagnostic]) -> None:
    owner: dict[str, Piece] = {}
    for piece in pieces:
        for card in piece.cards:
            prev = owner.get(str(card))
            if prev is not None and prev.id != piece.id:
                out.append(at(piece.src, "E504", f"{card} is both '{prev.id}' and '{piece.id}'"))
            owner.setdefault(str(card), piece)
