"""Diplomatic Immunity's executable rules model: state, actions, modifiers, effects, turn
flow, views, bots.

`SIMULATION` is what `pnp sim` and `pnp replay` run (see `pnp.rules.engine.Simulation`).
"""

from pnp.rulesets.diplomatic_immunity.play.sim import SIMULATION

__all__ = ["SIMULATION"]
