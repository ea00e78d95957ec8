"""The phases of a Diamond Heist game and the choices (actions) made in them.

Actions are small frozen values: a game is replayed from the list of them. A role card is
its index in `table.CARDS`; `NO_CARD` is none.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pnp.rulesets.diamond_heist.play.table import NO_CARD, Role


class Phase(enum.IntEnum):
    """Whose choice it is, and about what."""

    KEEP = 0  # the Boss keeps 0-5 diamonds back
    HIDE = 1  # the first player may hide a role card
    TAKE = 2  # the player holding the treasure takes from it
    ANSWER = 3  # each player answers the Boss's questions
    ACCUSE = 4  # the Boss says "Empty your pockets!" to one player
    BANG = 5  # the gunman may shout "Bang!" before the accused shows
    OVER = 6


@dataclass(frozen=True, slots=True)
class Keep:
    """The Boss secretly keeps some diamonds back before the treasure goes round."""

    diamonds: int


@dataclass(frozen=True, slots=True)
class Hide:
    """The first player hides one role card for the whole game (NO_CARD: hides nothing)."""

    card: int = NO_CARD


@dataclass(frozen=True, slots=True)
class Take:
    """What a player takes: diamonds, or one role card, or (rarely allowed) nothing.

    Both at once, or nothing when not allowed, is possible but breaks the rules."""

    diamonds: int = 0
    card: int = NO_CARD


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's answer to the questioning: the diamonds they say they saw when the
    treasure reached them (-1: won't say) and what they say they took (None: won't say)."""

    saw: int
    claim: Role | None


@dataclass(frozen=True, slots=True)
class Accuse:
    """The Boss points at a player: "Empty your pockets!"."""

    target: int


@dataclass(frozen=True, slots=True)
class Bang:
    """The gunman shouts "Bang!" (shoot) or lets the accused show their card."""

    shoot: bool


Action = Keep | Hide | Take | Answer | Accuse | Bang

# Shared instances of the commonest actions: bots use these instead of building new ones.
TAKE_DIAMONDS: tuple[Take, ...] = tuple(Take(d) for d in range(64))
TAKE_CARD: tuple[Take, ...] = tuple(Take(0, c) for c in range(4))
TAKE_NOTHING = Take()
HIDE_NOTHING = Hide()
SHOOT, HOLD_FIRE = Bang(True), Bang(False)
