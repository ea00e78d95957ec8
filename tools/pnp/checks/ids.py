"""E207: ids are unique within each kind of thing."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.checks.common import at
from pnp.content.heist import HeistRules
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def _unique(what: str, items: Iterable[object], out: list[Diagnostic]) -> None:
    first: dict[str, Src] = {}
    for item in items:
        ident: str = getattr(item, "id")  # noqa: B009
        src: Src = getattr(item, "src")  # noqa: B009
        if ident in first:
            prev = first[ident]
            out.append(at(src, "E207", f"duplicate {what} id '{ident}'",
                          f"first defined at {prev.file}:{prev.line}"))
        else:
            first[ident] = src


def check(game: Game) -> list[Diagnostic]:
    """Every id namespace of the game, each id once."""
    out: list[Diagnostic] = []
    if game.components:
        _unique("seat", game.components.seats, out)
        _unique("component", [*game.components.items, *game.components.groups], out)
    for what, items in (("door", game.doors), ("Goal", game.goals), ("role", game.roles),
                        ("piece", game.pieces), ("card", game.cards),
                        ("crime type", game.crime_types), ("archetype", game.archetypes),
                        ("diplomat", game.diplomats), ("ruling", game.rulings)):
        if items:
            _unique(what, items, out)
    if isinstance(game.rules, HeistRules):
        _unique("variant", game.rules.variants, out)
    return out
