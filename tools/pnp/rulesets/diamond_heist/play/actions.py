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

# Shared instances: actions are immutable, so the game and the bots hand these round instead
# of building new ones, for counts up to MAX_DIAMONDS - 1 (the content allows 52) and seats up
# to MAX_SEATS - 1.
MAX_DIAMONDS = MAX_SEATS = 64
CLAIMS: tuple[Role | None, ...] = (
    None,
    Role.THIEF,
    Role.LOYALIST,
    Role.AGENT,
    Role.DRIVER,
    Role.STREET_KID,
    Role.GUNMAN,
)
KEEP: tuple[Keep, ...] = tuple(Keep(d) for d in range(MAX_DIAMONDS))
TAKE_DIAMONDS: tuple[Take, ...] = tuple(Take(d) for d in range(MAX_DIAMONDS))
TAKE_CARD: tuple[Take, ...] = tuple(Take(0, c) for c in range(4))
TAKE_NOTHING = Take()
HIDE_NOTHING = Hide()
HIDE_CARD: tuple[Hide, ...] = tuple(Hide(c) for c in range(4))
ACCUSE: tuple[Accuse, ...] = tuple(Accuse(t) for t in range(MAX_SEATS))
SHOOT, HOLD_FIRE = Bang(True), Bang(False)
# Every answer, saw -1 (won't say) first and each claim in turn: the answers open with D
# diamonds in the game are the first (D + 2) * len(CLAIMS).
ANSWERS: tuple[Answer, ...] = tuple(
    Answer(saw, c) for saw in range(-1, MAX_DIAMONDS) for c in CLAIMS
)
_ANSWER_OF = {c: ANSWERS[i :: len(CLAIMS)] for i, c in enumerate(CLAIMS)}


def keep(diamonds: int) -> Keep:
    """The Boss keeps `diamonds` back: a shared action, or a new one for a count no rule
    allows (so `is_legal` can refuse it)."""
    return KEEP[diamonds] if 0 <= diamonds < MAX_DIAMONDS else Keep(diamonds)


def accuse(target: int) -> Accuse:
    """The Boss accuses `target`: a shared action, or a new one for no seat at all."""
    return ACCUSE[target] if 0 <= target < MAX_SEATS else Accuse(target)


def answer(saw: int, claim: Role | None) -> Answer:
    """The answer "I saw `saw` (-1: won't say) and took `claim` (None: won't say)": a shared
    one, or a new one for words no rule allows (so `is_legal` can refuse it)."""
    row = _ANSWER_OF.get(claim)
    return row[saw + 1] if row is not None and -1 <= saw < MAX_DIAMONDS else Answer(saw, claim)
