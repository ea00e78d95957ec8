"""E204: every reference by id names something that exists, with a did-you-mean hint."""

from __future__ import annotations

from pnp.checks import hooks
from pnp.checks.common import names, resolve
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Goals to doors, components to their groups, and what the ruleset's rules numbers name
    (decks and rules numbers, roles and treasure to pieces, variants)."""
    out: list[Diagnostic] = []
    if game.goals and game.doors is not None:
        doors = names(game.doors)
        for goal in game.goals:
            for ref in goal.doors:
                resolve(ref, "door", doors, out)
    comps = game.components
    if comps:
        groups = names(comps.groups)
        for item in comps.items:
            if item.group:
                resolve(item.group, "component group", groups, out)
    ruleset = hooks.of(game)
    if ruleset:  # its rules numbers' references: to decks and rules numbers, pieces, variants
        out += ruleset.references(game)
    return out
