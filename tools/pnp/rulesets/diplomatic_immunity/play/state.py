"""The state of a Diplomatic Immunity game: every zone, every counter, nothing hidden here.

Cards are instances (`int`) into one table of definitions, so that conservation is a count
over zones. What a player may see of this is `view.View`, built from the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.content.cards import Archetype, Card, Diplomat
from pnp.content.departures import Door, Goal
from pnp.rulesets.diplomatic_immunity.play.facts import Facts, Sorts


@dataclass(slots=True)
class Departure:
    """A booked Departure, waiting to resolve."""

    door: Door
    turns_to_wait: int  # own turns still to pass before it resolves (Slow Boat: 1)
    tip_offs: int = 0  # Tip-Offs played on it and not yet answered
    scandal: bool = False
    partner: int | None = None  # the seat of a Marriage partner


@dataclass(slots=True)
class Player:
    """One seat."""

    seat: int
    archetype: Archetype
    diplomat: Diplomat
    goal: Goal | None = None
    hand: list[int] = field(default_factory=list)
    rap_sheet: list[int] = field(default_factory=list)
    money: int = 0
    heat: int = 0
    immunity: bool = True
    scandals: int = 0
    recalled: bool = False
    signature_used: bool = False
    goal_revealed: bool = False
    departing: Departure | None = None
    skip_turn: bool = False
    left: bool = False  # left the country: a winner
    # What `modifiers` works out for this player and keeps with them (their Heat Limits,
    # the modifiers in effect): never part of the table itself.
    modifiers: Any = field(default=None, repr=False, compare=False)

    @property
    def active(self) -> bool:
        """Still in play: not Recalled and not gone."""
        return not self.recalled and not self.left


@dataclass(slots=True)
class LawInEffect:
    card: int
    owner: int
    named: int | None = None


class Looking:
    """A `with` block in which a state counts no uses (`State.looking`)."""

    __slots__ = ("_before", "_state")

    def __init__(self, state: State) -> None:
        self._state = state
        self._before = True

    def __enter__(self) -> None:
        self._before, self._state.counting = self._state.counting, False

    def __exit__(self, *exc: object) -> None:
        self._state.counting = self._before


@dataclass(slots=True)
class State:
    """Everything on the table."""

    cards: list[Card]  # the definition of each card instance
    players: list[Player]
    street: list[int] = field(default_factory=list)
    politics: list[int] = field(default_factory=list)
    street_discard: list[int] = field(default_factory=list)
    politics_discard: list[int] = field(default_factory=list)
    clock: list[int] = field(default_factory=list)
    headline: int | None = None
    headline_discard: list[int] = field(default_factory=list)
    boxed: list[int] = field(default_factory=list)  # Headlines out of the game
    table: list[int] = field(default_factory=list)  # cards being played, not yet resolved
    laws: list[LawInEffect] = field(default_factory=list)
    favor_holder: dict[int, int] = field(default_factory=dict)  # chip (owner seat) -> holder
    first: int = 0
    direction: int = 1
    round: int = 0
    turn: int | None = None  # whose turn it is
    paid_out: int = 0  # money the bank has paid
    received: int = 0  # money paid to the bank
    start_money: int = 0
    winners: tuple[int, ...] = ()
    ending: str | None = None
    steps: int = 0
    # What was used, for play coverage: "<kind>:<id>" -> times. Kinds: card, signature,
    # bend, cost, law (a Law in effect changed something), headline, goal (met by a
    # winner), waiver (a Departure card's bonus used with its booking).
    uses: dict[str, int] = field(default_factory=dict)
    counting: bool = True  # off while a player's view looks ahead: only play counts
    # The facts of each card instance's definition (`facts.Facts`), read off the cards once.
    facts: list[Facts] = field(default_factory=list, repr=False, compare=False)
    # The instances that share a fact (`facts.Sorts`), read off `facts` once (None: not
    # read, for a state made without them).
    sorts: Sorts | None = field(default=None, repr=False, compare=False)
    # What `modifiers` works out for everyone and keeps with the state (the modifiers of
    # the Laws in effect and the Headline): never part of the table itself.
    modifiers: Any = field(default=None, repr=False, compare=False)

    def use(self, kind: str, ident: str, times: int = 1) -> None:
        """Count one use of something that carries effects (or `times` uses at once)."""
        if self.counting:
            key = f"{kind}:{ident}"
            self.uses[key] = self.uses.get(key, 0) + times

    def looking(self) -> Looking:
        """While a player weighs a choice, what they look up is not a use."""
        return Looking(self)

    def card(self, inst: int) -> Card:
        """The definition of a card instance."""
        return self.cards[inst]

    def rivals(self, seat: int) -> list[Player]:
        """Players other than `seat` who can be targeted (not Recalled, not gone)."""
        return [p for p in self.players if p.seat != seat and not p.recalled and not p.left]

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Seats in turn order starting after `seat` (the direction of play)."""
        return _order(len(self.players), seat, self.direction)

    def seat_order_from(self, seat: int) -> tuple[int, ...]:
        """Seats clockwise starting on the left of `seat` (reactions resolve this way)."""
        return _order(len(self.players), seat, 1)


_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}  # by (seats, seat, direction)


def _order(n: int, seat: int, direction: int) -> tuple[int, ...]:
    """The other seats of `n`, from the one after `seat` in a direction (1: clockwise)."""
    key = (n, seat, direction)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = tuple((seat + direction * k) % n for k in range(1, n))
    return order
