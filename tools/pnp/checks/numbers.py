"""E601 and E602: ranges are the right way round; rules numbers agree with each other."""

from __future__ import annotations

from pnp.checks import hooks
from pnp.checks.common import at
from pnp.content.model import Range
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def _ranges(game: Game) -> list[tuple[str, Range]]:
    found: list[tuple[str, Range]] = []
    if game.info:
        found.append(("players", game.info.players))
        found += [
            (w, r)
            for w, r in (("best", game.info.best), ("minutes", game.info.minutes))
            if r is not None
        ]
    ruleset = hooks.of(game)
    if ruleset:  # its rules numbers' own (the Boss's hidden diamonds, a variant's players)
        found += ruleset.ranges(game)
    return found


def check(game: Game) -> list[Diagnostic]:
    """Ranges, the best player count, and the ruleset's rules numbers (Heat Limits, the clock,
    the opening hand, the Boss's hidden diamonds)."""
    out: list[Diagnostic] = []
    for what, r in _ranges(game):
        if r.min > r.max:
            out.append(at(r.src, "E601", f"{what}: min {r.min} is above max {r.max}"))
    info = game.info
    if info and info.best and not (info.best.min in info.players and info.best.max in info.players):
        out.append(
            at(
                info.best.src,
                "E602",
                f"best player count {info.best.min}-{info.best.max} is outside the "
                f"player count {info.players.min}-{info.players.max}",
            )
        )
    ruleset = hooks.of(game)
    if ruleset:
        out += ruleset.numbers(game)
    return out
