"""Conditions of the vocabulary, evaluated for one player: Goals and Departure requirements."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play.state import Player, State


def crime_types(state: State, p: Player) -> Counter[str]:
    """Crimes on a Rap Sheet, by type."""
    return Counter(
        state.cards[c].crime.type.id  # type: ignore[union-attr]
        for c in p.rap_sheet
        if state.cards[c].crime
    )


def favors_held(state: State, p: Player) -> int:
    """Other players' Favor chips a player holds."""
    return sum(
        1 for owner, holder in state.favor_holder.items() if holder == p.seat and owner != p.seat
    )


def holds(
    state: State, rules: DIRules, p: Player, term: Term, money: int | None = None, crimes: int = 0
) -> bool:
    """Whether one condition holds. `money` overrides the player's money (after a price);
    `crimes` is how many crimes will have left the Rap Sheet (Witness Protection)."""
    cash = p.money if money is None else money
    name = term.name
    if name == "heat_at_least":
        return p.heat >= int(term.arg("heat"))
    if name == "heat_at_most":
        return p.heat <= int(term.arg("heat"))
    if name == "heat_below_limit":
        immune = term.arg("limit") == "with_immunity"
        return p.heat < rules.limit_for(
            (*p.archetype.bend.while_, *p.archetype.cost.while_), immune
        )
    if name == "money_at_least":
        return cash >= int(term.arg("money"))
    if name == "crimes_at_least":
        return len(p.rap_sheet) - crimes >= int(term.arg("crimes"))
    if name == "crimes_of_one_type":
        most = max(crime_types(state, p).values(), default=0)
        return most - max(0, crimes - (len(p.rap_sheet) - most)) >= int(term.arg("crimes"))
    if name == "crime_types":
        kinds = crime_types(state, p)
        spare = len(p.rap_sheet) - len(kinds)  # duplicates can go first
        lost_types = max(0, crimes - spare)
        return len(kinds) - lost_types >= int(term.arg("types"))
    if name == "laws_with_your_marker":
        return sum(1 for law in state.laws if law.owner == p.seat) >= int(term.arg("laws"))
    if name == "favors_held":
        return favors_held(state, p) >= int(term.arg("chips"))
    if name == "own_favor_home":
        return state.favor_holder.get(p.seat) == p.seat
    if name == "scandals_at_least":
        return p.scandals >= int(term.arg("tokens"))
    if name == "scandals_at_most":
        return p.scandals <= int(term.arg("tokens"))
    if name == "rival_scandals_at_least":
        return any(q.scandals >= int(term.arg("tokens")) for q in state.players if q.seat != p.seat)
    if name == "has_immunity":
        return p.immunity == bool(term.arg("value"))
    raise NotImplementedError(f"condition {name}")


def all_hold(
    state: State,
    rules: DIRules,
    p: Player,
    terms: Iterable[Term],
    money: int | None = None,
    crimes: int = 0,
) -> bool:
    """Whether every condition holds."""
    return all(holds(state, rules, p, t, money, crimes) for t in terms)


IMPLEMENTED = {
    "heat_at_least",
    "heat_at_most",
    "heat_below_limit",
    "money_at_least",
    "crimes_at_least",
    "crimes_of_one_type",
    "crime_types",
    "laws_with_your_marker",
    "favors_held",
    "own_favor_home",
    "scandals_at_least",
    "scandals_at_most",
    "rival_scandals_at_least",
    "has_immunity",
}
