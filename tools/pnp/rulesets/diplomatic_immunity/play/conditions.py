"""Conditions of the vocabulary, evaluated for one player: Goals and Departure requirements."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play import modifiers
from pnp.rulesets.diplomatic_immunity.play.state import Player, State


def crime_types(state: State, p: Player) -> dict[str, int]:
    """Crimes on a Rap Sheet, by type (in the order of the Rap Sheet)."""
    counts: dict[str, int] = {}
    facts = state.facts
    for c in p.rap_sheet:
        kind = facts[c].crime_type
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def favors_held(state: State, p: Player) -> int:
    """Other players' Favor chips a player holds."""
    return sum(
        1 for owner, holder in state.favor_holder.items() if holder == p.seat and owner != p.seat
    )


# One check for each condition: (state, rules, player, term, money, crimes) -> whether it
# holds, with `money` the player's money to count and `crimes` the crimes gone (see `holds`).
# Each asks for money and crimes at least, never at most: a condition that holds with some
# money and some crimes gone holds with more money and fewer crimes gone too (booking a
# Departure relies on it: `leaving.bookable`).
Check = Callable[[State, DIRules, Player, Term, int, int], bool]


def _heat_at_least(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return p.heat >= int(t.arg("heat"))


def _heat_at_most(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return p.heat <= int(t.arg("heat"))


def _heat_below_limit(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    with_immunity, without = modifiers.limits(s, r, p)
    return p.heat < (with_immunity if t.arg("limit") == "with_immunity" else without)


def _money_at_least(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return cash >= int(t.arg("money"))


def _crimes_at_least(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return len(p.rap_sheet) - crimes >= int(t.arg("crimes"))


def _crimes_of_one_type(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    most = max(crime_types(s, p).values(), default=0)
    return most - max(0, crimes - (len(p.rap_sheet) - most)) >= int(t.arg("crimes"))


def _crime_types(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    kinds = crime_types(s, p)
    spare = len(p.rap_sheet) - len(kinds)  # duplicates can go first
    lost_types = max(0, crimes - spare)
    return len(kinds) - lost_types >= int(t.arg("types"))


def _laws_with_your_marker(
    s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int
) -> bool:
    return sum(1 for law in s.laws if law.owner == p.seat) >= int(t.arg("laws"))


def _favors_held(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return favors_held(s, p) >= int(t.arg("chips"))


def _own_favor_home(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return s.favor_holder.get(p.seat) == p.seat


def _scandals_at_least(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return p.scandals >= int(t.arg("tokens"))


def _scandals_at_most(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return p.scandals <= int(t.arg("tokens"))


def _rival_scandals_at_least(
    s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int
) -> bool:
    return any(q.scandals >= int(t.arg("tokens")) for q in s.players if q.seat != p.seat)


def _has_immunity(s: State, r: DIRules, p: Player, t: Term, cash: int, crimes: int) -> bool:
    return p.immunity == bool(t.arg("value"))


CHECKS: dict[str, Check] = {
    "heat_at_least": _heat_at_least,
    "heat_at_most": _heat_at_most,
    "heat_below_limit": _heat_below_limit,
    "money_at_least": _money_at_least,
    "crimes_at_least": _crimes_at_least,
    "crimes_of_one_type": _crimes_of_one_type,
    "crime_types": _crime_types,
    "laws_with_your_marker": _laws_with_your_marker,
    "favors_held": _favors_held,
    "own_favor_home": _own_favor_home,
    "scandals_at_least": _scandals_at_least,
    "scandals_at_most": _scandals_at_most,
    "rival_scandals_at_least": _rival_scandals_at_least,
    "has_immunity": _has_immunity,
}


def holds(
    state: State, rules: DIRules, p: Player, term: Term, money: int | None = None, crimes: int = 0
) -> bool:
    """Whether one condition holds. `money` overrides the player's money (after a price);
    `crimes` is how many crimes will have left the Rap Sheet (Witness Protection)."""
    check = CHECKS.get(term.name)
    if check is None:
        raise NotImplementedError(f"condition {term.name}")
    return check(state, rules, p, term, p.money if money is None else money, crimes)


def all_hold(
    state: State,
    rules: DIRules,
    p: Player,
    terms: Iterable[Term],
    money: int | None = None,
    crimes: int = 0,
) -> bool:
    """Whether every condition holds (checked in order, up to the first that does not)."""
    cash = p.money if money is None else money
    for term in terms:
        check = CHECKS.get(term.name)
        if check is None:
            raise NotImplementedError(f"condition {term.name}")
        if not check(state, rules, p, term, cash, crimes):
            return False
    return True


IMPLEMENTED = set(CHECKS)
