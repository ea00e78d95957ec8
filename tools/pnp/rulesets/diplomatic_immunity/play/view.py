"""What one player may see: their own hand and Goal, everything public, and the choice they
are asked when it is theirs.

Bots decide from a View only. It is a thin window on the state (copying the state for every
choice would cost more than the rest of the game), and it offers nothing hidden: no other
player's hand or unrevealed Goal, no deck order. A test proves it: shuffling what a player
cannot see never changes what they choose. A View is made for one choice, or renewed for the
seat's next one (`renew`, or a new `ask`): what it has read for a choice (the rivals in
play, the Heat Limit) is kept for that choice only; the public side of each seat reads the
table as it is when asked, and is kept for them all.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.content.cards import Card
from pnp.content.departures import Goal
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play import conditions, modifiers
from pnp.rulesets.diplomatic_immunity.play.actions import Ask
from pnp.rulesets.diplomatic_immunity.play.facts import Facts, Sorts
from pnp.rulesets.diplomatic_immunity.play.state import Player, State


class Public:
    """What the table knows of a player, read off the table as it is asked for (the table
    does not change while a player chooses)."""

    __slots__ = ("_player", "_rules", "_state", "seat")

    def __init__(self, state: State, rules: DIRules, seat: int) -> None:
        self._state = state
        self._rules = rules
        self._player = state.players[seat]
        self.seat = seat

    @property
    def archetype(self) -> str:
        return self._player.archetype.id

    @property
    def money(self) -> int:
        return self._player.money

    @property
    def heat(self) -> int:
        return self._player.heat

    @property
    def limit(self) -> int:
        """The Heat Limit, with or without Immunity."""
        return modifiers.limit(self._state, self._rules, self._player)

    @property
    def immunity(self) -> bool:
        return self._player.immunity

    @property
    def scandals(self) -> int:
        return self._player.scandals

    @property
    def active(self) -> bool:
        """Still in play: not Recalled and not gone."""
        p = self._player
        return not p.recalled and not p.left

    @property
    def hand_size(self) -> int:
        return len(self._player.hand)

    @property
    def rap_sheet(self) -> int:
        """The crimes on the Rap Sheet."""
        return len(self._player.rap_sheet)

    @property
    def laws(self) -> int:
        """The Laws in effect with this player's marker."""
        seat = self.seat
        return sum(1 for law in self._state.laws if law.owner == seat)

    @property
    def departing(self) -> str | None:
        """The door, while Departing."""
        departing = self._player.departing
        return departing.door.id if departing else None

    @property
    def goal(self) -> Goal | None:
        """The Goal, once revealed."""
        p = self._player
        return p.goal if p.goal_revealed else None

    @property
    def favor_home(self) -> bool:
        """Their own Favor chip is with them."""
        return self._state.favor_holder.get(self.seat) == self.seat


class View:
    """One player's view of the table."""

    __slots__ = (
        "_has",
        "_limit",
        "_others",
        "_publics",
        "_read_for",
        "_rivals",
        "_rules",
        "_state",
        "ask",
        "cards",
        "facts",
        "me",
        "seat",
        "sorts",
    )
    me: Player

    def __init__(self, state: State, rules: DIRules, seat: int, ask: Ask | None = None) -> None:
        self._state = state
        self._rules = rules
        self.seat = seat
        self.ask = ask  # the choice this seat is asked now (None: it is not theirs)
        self.cards: Sequence[Card] = state.cards  # each card instance's definition (public)
        self.facts: Sequence[Facts] = state.facts  # what each card's definition says, read once
        # the instances that share a fact (those of the state's facts: read off them here
        # for a state made without them)
        self.sorts: Sorts = state.sorts if state.sorts is not None else Sorts(state.facts)
        # My own seat: my hand, my Goal, my Rap Sheet are mine to see (once the characters
        # are chosen: until then there is no player in it).
        if seat < len(state.players):
            self.me = state.players[seat]
        # Each seat's public side, made when first asked for and kept for every choice (it
        # reads the table as it is when asked, and so is never out of date).
        self._publics: dict[int, Public] = {}
        # every other seat's player and public side, read once (None: not read yet)
        self._others: list[tuple[Player, Public]] | None = None
        # What was read for one choice (`_read_for`, the Ask it was read for), read once:
        # the rivals still in play, my Heat Limit, the bare-word modifiers asked about. A
        # choice is one Ask object (the rules make a new one for every choice), so a view
        # given another `ask` reads these again (`_fresh`).
        self._read_for = ask
        self._rivals: list[Public] | None = None
        self._limit: int | None = None
        self._has: dict[str, bool] | None = None

    def renew(self, ask: Ask) -> None:
        """Make this the seat's view for its next choice, `ask`: what was read for the last
        one is forgotten (as setting `ask` does: `play` sets it, a call fewer)."""
        self.ask = ask

    def _fresh(self) -> None:
        """Forget what was read for another choice than the one asked now."""
        self._read_for = self.ask
        self._rivals = self._limit = self._has = None

    @property
    def rules(self) -> DIRules:
        return self._rules

    def card(self, inst: int) -> Card:
        """The definition of a card instance (the list of cards is public)."""
        return self._state.cards[inst]

    def public(self, seat: int) -> Public:
        """What everyone knows of a player."""
        known = self._publics.get(seat)
        if known is None:
            known = self._publics[seat] = Public(self._state, self._rules, seat)
        return known

    def rivals(self) -> list[Public]:
        """Rivals still in play (the same list each time for one choice: not to be changed)."""
        if self._read_for is not self.ask:
            self._fresh()
        rivals = self._rivals
        if rivals is None:
            others = self._others
            if others is None:  # every other seat, with its public side (read once)
                others = self._others = [
                    (p, self.public(p.seat)) for p in self._state.players if p.seat != self.seat
                ]
            rivals = self._rivals = [
                pub
                for p, pub in others
                if not p.recalled and not p.left  # active
            ]
        return rivals

    @property
    def laws(self) -> list[tuple[Card, int, int | None]]:
        """Laws in effect: (card, owner, named)."""
        return [(self._state.cards[law.card], law.owner, law.named) for law in self._state.laws]

    @property
    def headline(self) -> Card | None:
        h = self._state.headline
        return self._state.cards[h] if h is not None else None

    def favor_holder(self, owner: int) -> int:
        """Who holds a player's Favor chip (always public)."""
        return self._state.favor_holder[owner]

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def clock(self) -> int:
        """Headlines left in the clock."""
        return len(self._state.clock)

    def limit(self) -> int:
        """My Heat Limit now."""
        if self._read_for is not self.ask:
            self._fresh()
        limit = self._limit
        if limit is None:
            limit = self._limit = modifiers.limit(self._state, self._rules, self.me)
        return limit

    def goal_met(self, money: int | None = None, crimes: int = 0) -> bool:
        """Whether my Goal holds (with `money` left after a price, `crimes` fewer crimes)."""
        me = self.me
        if me.goal is None:
            return False
        return conditions.all_hold(self._state, self._rules, me, me.goal.condition, money, crimes)

    # What a view looks up is not a use: each look-up below turns the state's counting off
    # and back, as `State.looking` does (written out: a `with` block costs three calls).

    def crime_heat(self, inst: int) -> int:
        """The Heat one of my crimes would give me now, before any Cover."""
        s, me = self._state, self.me
        crime = s.cards[inst].crime
        assert crime is not None
        counting, s.counting = s.counting, False
        try:
            if modifiers.legal(s, me, crime.type.id):
                return 0
            return modifiers.crime_heat(s, me, crime.type.id, crime.heat)
        finally:
            s.counting = counting

    def has(self, modifier: str) -> bool:
        """Whether a bare-word modifier applies to me (no_vote, no_lay_low ...)."""
        if self._read_for is not self.ask:
            self._fresh()
        has = self._has
        if has is None:
            has = self._has = {}
        known = has.get(modifier)
        if known is None:
            s = self._state
            counting, s.counting = s.counting, False
            try:
                known = has[modifier] = modifiers.has(s, self.me, modifier)
            finally:
                s.counting = counting
        return known

    def legal(self, crime_type: str) -> bool:
        s = self._state
        counting, s.counting = s.counting, False
        try:
            return modifiers.legal(s, self.me, crime_type)
        finally:
            s.counting = counting
