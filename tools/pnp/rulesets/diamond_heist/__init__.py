"""The Diamond Heist ruleset: its treasure rules, its reference cards and printable deck,
and its rules model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.content.heist import HeistRules
from pnp.rulesets import Renderer, Ruleset

if TYPE_CHECKING:
    from pnp.rules.engine import Simulation


def _renderers() -> tuple[Renderer, ...]:
    from pnp.render import heist

    return (heist.outputs,)


def _simulation() -> Simulation:
    from pnp.rules.diamond_heist import SIMULATION

    return SIMULATION


RULESET = Ruleset("diamond-heist", HeistRules.build, _renderers, _simulation)
