"""The Diamond Heist ruleset: its treasure rules, its reference cards and printable deck,
and its rules model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.rulesets import Renderer, Ruleset, hooks
from pnp.rulesets.diamond_heist.model import HeistRules

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry
    from pnp.render.sheets import Group
    from pnp.rules.engine import Simulation


def _renderers() -> tuple[Renderer, ...]:
    from pnp.rulesets.diamond_heist import render as heist

    return (heist.outputs,)


def _card_groups(game: Game, geo: Geometry, theme: Theme) -> list[Group]:
    from pnp.rulesets.diamond_heist import render

    return render.card_groups(game, geo, theme)


def _simulation() -> Simulation:
    from pnp.rulesets.diamond_heist.play import SIMULATION

    return SIMULATION


RULESET = Ruleset(
    "diamond-heist",
    HeistRules.build,
    schemas=f"{__name__}.schemas",
    renderers=_renderers,
    simulation=_simulation,
    card_groups=_card_groups,
    examples=hooks(f"{__name__}.examples", "VOCABULARY"),
    checks=hooks(f"{__name__}.checks"),
    rulebook=hooks(f"{__name__}.rulebook"),
    diff=hooks(f"{__name__}.diff"),
    listing=hooks(f"{__name__}.listing"),
)
