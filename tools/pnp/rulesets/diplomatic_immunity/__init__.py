"""The Diplomatic Immunity ruleset: its rules numbers, character boards and punch-out chips,
and its rules model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.content.rules_di import DIRules
from pnp.rulesets import Renderer, Ruleset

if TYPE_CHECKING:
    from pnp.rules.engine import Simulation


def _renderers() -> tuple[Renderer, ...]:
    from pnp.render import boards, chips

    return (boards.outputs, chips.outputs)


def _simulation() -> Simulation:
    from pnp.rules.diplomatic_immunity import SIMULATION

    return SIMULATION


RULESET = Ruleset("diplomatic-immunity", DIRules.build, _renderers, _simulation)
