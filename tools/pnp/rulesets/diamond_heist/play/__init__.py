"""Diamond Heist's executable rules model: set-up, actions, game, views, bots, variants.

`game.Heist` is one game in python-chess's shape; `bots` are the players; `scenario` plays
the rulebook's worked examples; `SIMULATION` is what `pnp sim` and `pnp replay` run.
"""

from pnp.rulesets.diamond_heist.play.sim import SIMULATION

__all__ = ["SIMULATION"]
