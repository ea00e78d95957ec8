"""Modifiers in effect: a player's Bend and Cost, the Laws in effect and the current Headline.

A Bend or Cost applies to its bearer; a Law or a Headline applies to everyone. Every rule
the engine asks about ("what Heat does this crime give this player?") is answered here,
from the vocabulary terms of the content, so an edit to a card changes the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from pnp.content.cards import Archetype
from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play.state import LawInEffect, Player, State

Source = tuple[str, str]  # what a modifier comes from: ("bend", archetype id), ("law", card id)
Sourced = tuple[Source, Term]
# Modifiers by name, each with its source, in the order they apply: the player's own (Bend,
# Cost), then the Laws' in effect, then the Headline's.
Index = dict[str, tuple[Sourced, ...]]


def _own_sourced(p: Player) -> Iterator[Sourced]:
    for t in p.archetype.bend.while_:
        yield ("bend", p.archetype.id), t
    for t in p.archetype.cost.while_:
        yield ("cost", p.archetype.id), t


def _everyone_sourced(state: State) -> Iterator[Sourced]:
    for law in state.laws:
        card = state.cards[law.card]
        if card.law:
            for t in card.law.while_:
                yield ("law", card.id), t
    if state.headline is not None:
        card = state.cards[state.headline]
        if card.headline:
            for t in card.headline.while_:
                yield ("headline", card.id), t


class _Kept:
    """What applies to the player of one archetype (None: to nobody in particular), kept
    with the state: their Heat Limits, and the modifiers in effect by name as of the
    Headline and Laws they were read with (a Law in effect never changes its card), with
    the deltas of those that add up (`_sum`) as they are asked for."""

    __slots__ = ("arch", "headline", "index", "laws", "limits", "sums")

    def __init__(self, arch: Archetype | None) -> None:
        self.arch = arch
        self.limits: tuple[int, int] | None = None  # with Immunity, without
        self.headline: int | None = None
        self.laws: list[LawInEffect] | None = None  # None: not read yet
        self.index: Index = {}
        # (name, crime type) -> each source's delta, in order (the terms' numbers, read once)
        self.sums: dict[tuple[str, str | None], tuple[tuple[Source, int], ...]] = {}


def _kept(state: State, arch: Archetype | None) -> _Kept:
    """A fresh entry for an archetype (kept by its id: the entry holds the archetype, so no
    other object can have that id while it is kept)."""
    kept = state.derived[id(arch)] = _Kept(arch)
    return kept


def _now(state: State, p: Player | None) -> _Kept:
    """What is kept for a player (None: for nobody in particular), its modifiers in effect
    (`index`) read again only when the Headline or the Laws in effect are not those they
    were read with."""
    arch = p.archetype if p is not None else None
    kept: _Kept | None = state.derived.get(id(arch))
    if (
        kept is not None
        and kept.arch is arch
        and kept.headline == state.headline
        and kept.laws == state.laws
    ):
        return kept
    return _read_in_effect(state, p, arch, kept)


def _read_in_effect(
    state: State, p: Player | None, arch: Archetype | None, kept: _Kept | None
) -> _Kept:
    """`_now` for a player whose modifiers are not kept, or kept from another
    Headline or other Laws: read them, and keep them."""
    if kept is None or kept.arch is not arch:
        kept = _kept(state, arch)
    found: dict[str, list[Sourced]] = {}
    for src, t in chain(_own_sourced(p) if p is not None else (), _everyone_sourced(state)):
        found.setdefault(t.name, []).append((src, t))
    kept.index = {name: tuple(terms) for name, terms in found.items()}
    kept.sums = {}
    kept.laws, kept.headline = list(state.laws), state.headline
    return kept


def _sum(state: State, p: Player, name: str, crime_type: str | None = None) -> int:
    """The sum of a modifier's deltas (those for a crime type, or for any, when it is given);
    each source that changes the number counts as used."""
    total = 0
    for src, t in _now(state, p).index.get(name, ()):
        if crime_type is None or t.arg("type") in (crime_type, "any"):
            delta = int(t.arg("delta"))
            if delta:
                state.use(*src)
            total += delta
    return total


def has(state: State, p: Player, name: str) -> bool:
    """Whether a bare-word modifier (`no_vote`, `no_lay_low` ...) applies to a player; the
    source that forbids counts as used."""
    for src, _ in _now(state, p).index.get(name, ()):
        state.use(*src)
        return True
    return False


def legal(state: State, p: Player, crime_type: str) -> bool:
    """Whether crimes of a type are legal for a player."""
    for src, t in _now(state, p).index.get("legal", ()):
        if t.arg("type") == crime_type:
            state.use(*src)
            return True
    return False


def crime_heat(state: State, p: Player, crime_type: str, printed: int) -> int:
    """A crime's Heat for its criminal, after Headlines, Laws, Bend and Cost (never < 0)."""
    return max(0, printed + _sum(state, p, "crime_heat", crime_type))


def crime_payout(state: State, p: Player, crime_type: str, printed: int) -> int:
    """A crime's payout for its criminal (never below 0)."""
    return max(0, printed + _sum(state, p, "crime_payout", crime_type))


def _largest(state: State, p: Player, name: str, field: str, default: int) -> int:
    """The largest value of a modifier that applies to a player, its source counted as
    used; `default` when none applies."""
    found = [(int(t.arg(field)), src) for src, t in _now(state, p).index.get(name, ())]
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
    for src, t in _now(state, leaker).index.get("leak_heat", ()):
        if int(t.arg("delta")):
            state.use(*src)
            extra += int(t.arg("delta"))
    return max(0, base + extra)


def vote_count(state: State, p: Player) -> int:
    """How many times a player's ordinary vote counts (0 if they never vote)."""
    if has(state, p, "no_vote"):
        return 0
    return _largest(state, p, "vote_count", "times", 1)


def limit(state: State, rules: DIRules, p: Player) -> int:
    """A player's Heat Limit now (with or without Immunity: both worked out once per
    archetype)."""
    arch = p.archetype
    kept: _Kept | None = state.derived.get(id(arch))
    if kept is None or kept.arch is not arch:
        kept = _kept(state, arch)
    limits = kept.limits
    if limits is None:
        own = (*arch.bend.while_, *arch.cost.while_)
        limits = kept.limits = (rules.limit_for(own, True), rules.limit_for(own, False))
    return limits[0] if p.immunity else limits[1]


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
