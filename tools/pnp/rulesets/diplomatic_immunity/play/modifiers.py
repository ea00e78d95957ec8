"""Modifiers in effect: a player's Bend and Cost, the Laws in effect and the current Headline.

A Bend or Cost applies to its bearer; a Law or a Headline applies to everyone. Every rule
the engine asks about ("what Heat does this crime give this player?") is answered here,
from the vocabulary terms of the content, so an edit to a card changes the game.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play.state import Player, State

Source = tuple[str, str]  # what a modifier comes from: ("bend", archetype id), ("law", card id)


def _own_sourced(p: Player) -> Iterator[tuple[Source, Term]]:
    for t in p.archetype.bend.while_:
        yield ("bend", p.archetype.id), t
    for t in p.archetype.cost.while_:
        yield ("cost", p.archetype.id), t


def _everyone_sourced(state: State) -> Iterator[tuple[Source, Term]]:
    for law in state.laws:
        card = state.card(law.card)
        if card.law:
            for t in card.law.while_:
                yield ("law", card.id), t
    if state.headline is not None:
        card = state.card(state.headline)
        if card.headline:
            for t in card.headline.while_:
                yield ("headline", card.id), t


def _sourced(state: State, p: Player) -> Iterator[tuple[Source, Term]]:
    yield from _own_sourced(p)
    yield from _everyone_sourced(state)


def _own(p: Player) -> Iterator[Term]:
    for _, t in _own_sourced(p):
        yield t


def terms(state: State, p: Player) -> Iterator[Term]:
    """Every modifier that applies to a player."""
    for _, t in _sourced(state, p):
        yield t


def _sum(state: State, p: Player, name: str, **match: str) -> int:
    """The sum of a modifier's deltas; each source that changes the number counts as used."""
    total = 0
    for src, t in _sourced(state, p):
        if t.name == name and all(t.arg(k) in (v, "any") for k, v in match.items()):
            delta = int(t.arg("delta"))
            if delta:
                state.use(*src)
            total += delta
    return total


def has(state: State, p: Player, name: str) -> bool:
    """Whether a bare-word modifier (`no_vote`, `no_lay_low` ...) applies to a player; the
    source that forbids counts as used."""
    for src, t in _sourced(state, p):
        if t.name == name:
            state.use(*src)
            return True
    return False


def legal(state: State, p: Player, crime_type: str) -> bool:
    """Whether crimes of a type are legal for a player."""
    for src, t in _sourced(state, p):
        if t.name == "legal" and t.arg("type") == crime_type:
            state.use(*src)
            return True
    return False


def crime_heat(state: State, p: Player, crime_type: str, printed: int) -> int:
    """A crime's Heat for its criminal, after Headlines, Laws, Bend and Cost (never < 0)."""
    return max(0, printed + _sum(state, p, "crime_heat", type=crime_type))


def crime_payout(state: State, p: Player, crime_type: str, printed: int) -> int:
    """A crime's payout for its criminal (never below 0)."""
    return max(0, printed + _sum(state, p, "crime_payout", type=crime_type))


def _largest(state: State, p: Player, name: str, field: str, default: int) -> int:
    """The largest value of a modifier that applies to a player, its source counted as
    used; `default` when none applies."""
    found = [(int(t.arg(field)), src) for src, t in _sourced(state, p) if t.name == name]
    if not found:
        return default
    value, src = max(found)
    state.use(*src)
    return value


def covered_heat(state: State, p: Player) -> int:
    """The Heat a Covered crime still gives (Zero Tolerance)."""
    return _largest(state, p, "covered_heat", "heat", 0)


def leak_heat(state: State, leaker: Player | None, base: int) -> int:
    """A Leak's Heat: the card's, plus every Leak modifier (the leaker's Bend included)."""
    extra = 0
    found = list(_everyone_sourced(state))
    if leaker is not None:
        found += list(_own_sourced(leaker))
    for src, t in found:
        if t.name == "leak_heat" and int(t.arg("delta")):
            state.use(*src)
            extra += int(t.arg("delta"))
    return max(0, base + extra)


def vote_count(state: State, p: Player) -> int:
    """How many times a player's ordinary vote counts (0 if they never vote)."""
    if has(state, p, "no_vote"):
        return 0
    return _largest(state, p, "vote_count", "times", 1)


def limit(rules: DIRules, p: Player) -> int:
    """A player's Heat Limit now."""
    return rules.limit_for(tuple(_own(p)), p.immunity)


def morning_draw(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.morning.draw + _sum(state, p, "morning_draw"))


def lay_low_cool(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.afternoon.lay_low_cool + _sum(state, p, "lay_low_cool"))


def hush_price(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.evening.hush_money.price + _sum(state, p, "hush_money_price"))


def law_fee(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.evening.law_fee + _sum(state, p, "law_fee"))


def door_price(state: State, p: Player, printed: int) -> int:
    return max(0, printed + _sum(state, p, "door_price"))


def hand_limit(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.hand_limit + _sum(state, p, "hand_limit"))


def deny_price(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.departure.deny_price + _sum(state, p, "deny_price"))
