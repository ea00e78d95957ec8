"""Modifiers in effect: a player's Bend and Cost, the Laws in effect and the current Headline.

A Bend or Cost applies to its bearer; a Law or a Headline applies to everyone. Every rule
the engine asks about ("what Heat does this crime give this player?") is answered here,
from the vocabulary terms of the content, so an edit to a card changes the game.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.content.model import Term
from pnp.content.rules_di import DIRules
from pnp.rules.diplomatic_immunity.state import Player, State


def _own(p: Player) -> Iterator[Term]:
    yield from p.archetype.bend.while_
    yield from p.archetype.cost.while_


def _everyone(state: State) -> Iterator[Term]:
    for law in state.laws:
        card = state.card(law.card)
        if card.law:
            yield from card.law.while_
    if state.headline is not None:
        headline = state.card(state.headline).headline
        if headline:
            yield from headline.while_


def terms(state: State, p: Player) -> Iterator[Term]:
    """Every modifier that applies to a player."""
    yield from _own(p)
    yield from _everyone(state)


def _sum(state: State, p: Player, name: str, **match: str) -> int:
    total = 0
    for t in terms(state, p):
        if t.name == name and all(t.arg(k) in (v, "any") for k, v in match.items()):
            total += int(t.arg("delta"))
    return total


def has(state: State, p: Player, name: str) -> bool:
    """Whether a bare-word modifier (`no_vote`, `no_lay_low` ...) applies to a player."""
    return any(t.name == name for t in terms(state, p))


def legal(state: State, p: Player, crime_type: str) -> bool:
    """Whether crimes of a type are legal for a player."""
    return any(t.name == "legal" and t.arg("type") == crime_type for t in terms(state, p))


def crime_heat(state: State, p: Player, crime_type: str, printed: int) -> int:
    """A crime's Heat for its criminal, after Headlines, Laws, Bend and Cost (never < 0)."""
    return max(0, printed + _sum(state, p, "crime_heat", type=crime_type))


def crime_payout(state: State, p: Player, crime_type: str, printed: int) -> int:
    """A crime's payout for its criminal (never below 0)."""
    return max(0, printed + _sum(state, p, "crime_payout", type=crime_type))


def covered_heat(state: State, p: Player) -> int:
    """The Heat a Covered crime still gives (Zero Tolerance)."""
    return max((int(t.arg("heat")) for t in terms(state, p) if t.name == "covered_heat"),
               default=0)


def leak_heat(state: State, leaker: Player | None, base: int) -> int:
    """A Leak's Heat: the card's, plus every Leak modifier (the leaker's Bend included)."""
    extra = sum(int(t.arg("delta")) for t in _everyone(state) if t.name == "leak_heat")
    if leaker is not None:
        extra += sum(int(t.arg("delta")) for t in _own(leaker) if t.name == "leak_heat")
    return max(0, base + extra)


def vote_count(state: State, p: Player) -> int:
    """How many times a player's ordinary vote counts (0 if they never vote)."""
    if has(state, p, "no_vote"):
        return 0
    return max((int(t.arg("times")) for t in terms(state, p) if t.name == "vote_count"),
               default=1)


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
