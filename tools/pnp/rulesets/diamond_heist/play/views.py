"""What one seat may know: the only thing a bot ever sees of the game.

Views are built by `Heist.view(seat)` and hold copies, never a reference to the game, so a
bot cannot reach what other players hold. Everything everybody knows is in `Public` and the
`answers` beside it (which change at every step of the questioning, when `Public` does not);
a taker adds what they saw and took; the Boss adds what they kept back, what they put in
and what came back. Nobody's view holds another player's pockets until that player shows
them.

A view is built at every step of a game played through `engine.play`, so the game builds
them with `builder` (the same frozen objects, several times faster than their own
constructors). The simulator's own loop (`Heist.play_checked`) hands the default bots the
few numbers of their view they decide from instead (see `bots`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar, cast

from pnp.rulesets.diamond_heist.play.actions import Answer, Phase
from pnp.rulesets.diamond_heist.play.table import Role

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Public:
    """What everybody at the table knows, but for the answers (in each view)."""

    players: int
    diamonds: int  # in the whole game (the rules say so)
    apologies: int  # apology cards still before the Boss
    out: tuple[bool, ...]
    revealed: tuple[str | None, ...]  # what each player showed: "2 diamonds", "loyalist"
    shown_diamonds: tuple[int, ...]  # diamonds each player showed (0: a card; -1: not shown)
    accused: int  # the player told to empty their pockets, before they show (-1: nobody)
    accusations: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a player other than the Boss knows when it is their choice."""

    seat: int
    phase: Phase
    role: Role | None  # what their take made them (None before it)
    took_diamonds: int
    saw_diamonds: int  # in the treasure when it reached them (-1: not yet)
    saw_cards: tuple[int, ...]  # role cards in it then, by card
    treasure_diamonds: int  # in the treasure now, only while they hold it (else -1)
    treasure_cards: tuple[int, ...]  # only while they hold it (else ())
    first: bool
    last: bool
    takers_after: int  # players who take after them
    answers: tuple[Answer | None, ...]  # everybody's answers, by seat; None: not asked yet
    public: Public


@dataclass(frozen=True, slots=True)
class BossView:
    """What the Boss knows: the set-up, what they kept, the count that came back, the
    answers and what accused players showed. Never what anybody holds."""

    phase: Phase
    diamonds: int  # in the whole game
    keep_min: int
    keep_max: int
    kept: int  # diamonds the Boss kept back
    started: int  # diamonds the treasure went round with (-1 before)
    cards_in: tuple[int, ...]  # role cards the Boss put into the treasure
    back_diamonds: int  # diamonds that came back (-1 before)
    back_cards: tuple[int, ...]  # role cards that came back (() before)
    missing: int  # diamonds still missing (-1 before the treasure is back)
    answers: tuple[Answer | None, ...]  # everybody's answers, by seat; None: not asked yet
    public: Public


View = SeatView | BossView


def builder(cls: Callable[P, T]) -> Callable[P, T]:
    """A constructor for the frozen slots dataclass `cls` that builds the very object
    `cls(...)` builds (equal to it, and refusing changes just the same), only faster.

    A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, so
    that its `__setattr__` can refuse every later change; that costs more than a step's
    rules. The constructor returned is an unfrozen twin class with the same slots, whose
    `__init__` sets each field plainly and then gives the object the frozen class: calling
    it is one plain `__init__`, with no wrapper in between."""
    frozen = cast(type, cls)
    names = [f.name for f in dataclasses.fields(frozen)]
    # The twin's __init__, written out as dataclasses writes its own: one line a field.
    source = (
        f"def __init__(self, {', '.join(names)}):\n"
        + "".join(f"    self.{name} = {name}\n" for name in names)
        + "    self.__class__ = frozen\n"
    )
    scope: dict[str, Any] = {"frozen": frozen}
    exec(source, scope)  # the source is built above from the field names alone
    twin = type(
        f"{frozen.__name__}Draft",
        (),
        {
            "__slots__": tuple(names),
            "__init__": scope["__init__"],
            "__doc__": f"A new {frozen.__name__} (see `views.builder`).",
            "__module__": __name__,
        },
    )
    return cast(Callable[P, T], twin)


build_public = builder(Public)
build_seat_view = builder(SeatView)
build_boss_view = builder(BossView)
