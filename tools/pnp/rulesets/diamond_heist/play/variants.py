"""Variants as small hooks, in python-chess's manner.

What a variant puts into the game (one apology more or fewer, the Q♠ instead of a loyalist)
is data in the content and arrives through `table.Setup`. What a variant changes in how the
game is played is a hook here: a subclass of `Hooks` that overrides one method. The base
class is the game without variants.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from pnp.rulesets.diamond_heist.play.table import Role

if TYPE_CHECKING:
    from pnp.rulesets.diamond_heist.play.game import Heist


_GUNMAN = Role.GUNMAN  # as a plain name: looking it up on its Enum class costs more than the loop


class Hooks:
    """The points where a variant may change the flow of the game."""

    __slots__ = ()

    def interrupter(self, game: Heist, accused: int) -> int:
        """The seat that may act between "Empty your pockets!" and the showing (-1: none)."""
        return -1


class Gunman(Hooks):
    """The Gunman variant: the Q♠'s holder may shout "Bang!" before the accused shows.

    Not when they are the accused themself (ruling gunman-accused), and not once out."""

    __slots__ = ()

    def interrupter(self, game: Heist, accused: int) -> int:
        """The gunman's seat, if the gunman is in play, still in, and not the accused."""
        for seat in range(1, game.n):
            if game.role[seat] is _GUNMAN and not game.out[seat] and seat != accused:
                return seat
        return -1


HOOKS: dict[str, Hooks] = {"gunman": Gunman()}
NO_HOOKS = Hooks()


@functools.lru_cache(maxsize=64)
def hooks_for(variants: tuple[str, ...]) -> Hooks:
    """The hooks of the chosen variants (variants that only change counts have none)."""
    found = [HOOKS[v] for v in variants if v in HOOKS]
    return found[0] if found else NO_HOOKS
