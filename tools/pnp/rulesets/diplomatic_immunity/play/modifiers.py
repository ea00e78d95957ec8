"""Modifiers in effect: a player's Bend and Cost, the Laws in effect and the current Headline.

A Bend or Cost applies to its bearer; a Law or a Headline applies to everyone. Every rule
the engine asks about ("what Heat does this crime give this player?") is answered here,
from the vocabulary terms of the content, so an edit to a card changes the game.
"""

from __future__ import annotations

from pnp.content.cards import Archetype
from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play.state import LawInEffect, Player, State

Source = tuple[str, str]  # what a modifier comes from: ("bend", archetype id), ("law", card id)
Sourced = tuple[Source, Term]
# Modifiers by name, each with its source, in the order they apply: the player's own (Bend,
# Cost), then the Laws' in effect, then the Headline's.
Index = dict[str, tuple[Sourced, ...]]
# A sum of modifier deltas: the total, and the sources whose delta is not 0 (each counts as
# used every time the sum is asked for).
Sum = tuple[int, tuple[Source, ...]]
_NO_SUM: Sum = (0, ())
_UNREAD: Source = ("", "")  # a cache's mark for what is not read yet


def _own_index(arch: Archetype) -> Index:
    """An archetype's own modifiers (its Bend's, then its Cost's) by name."""
    found: dict[str, list[Sourced]] = {}
    for t in arch.bend.while_:
        found.setdefault(t.name, []).append((("bend", arch.id), t))
    for t in arch.cost.while_:
        found.setdefault(t.name, []).append((("cost", arch.id), t))
    return {name: tuple(terms) for name, terms in found.items()}


def _everyone_index(state: State) -> Index:
    """The modifiers of the Laws in effect, then of the Headline, by name."""
    found: dict[str, list[Sourced]] = {}
    cards = state.cards
    for law in state.laws:
        card = cards[law.card]
        if card.law:
            for t in card.law.while_:
                found.setdefault(t.name, []).append((("law", card.id), t))
    if state.headline is not None:
        card = cards[state.headline]
        if card.headline:
            for t in card.headline.while_:
                found.setdefault(t.name, []).append((("headline", card.id), t))
    return {name: tuple(terms) for name, terms in found.items()}


class _Kept:
    """What applies to a player of one archetype (None: to nobody in particular), kept with
    the player (`Player.modifiers`; `State.modifiers` for nobody): their Heat Limits, their own
    modifiers, and the modifiers in effect by name as of the Headline and Laws they were
    read with (a Law in effect never changes its card), with the sums of those that add up
    (`sums`) and the weight of their vote as they are asked for."""

    __slots__ = ("arch", "headline", "index", "laws", "legal", "limits", "own", "sums", "votes")

    def __init__(self, arch: Archetype | None) -> None:
        self.arch = arch
        self.limits: tuple[int, int] | None = None  # with Immunity, without
        # the archetype's own modifiers by name (None: not read yet)
        self.own: Index | None = None if arch is not None else {}
        self.headline: int | None = None
        self.laws: list[LawInEffect] | None = None  # None: not read yet
        self.index: Index = {}
        # (name, crime type) -> the sum of those modifiers' deltas (for a crime type, or
        # for any when None), and the sources that changed it
        self.sums: dict[tuple[str, str | None], Sum] = {}
        # crime type -> the source that makes crimes of it legal (None: none does), as
        # they are asked for
        self.legal: dict[str, Source | None] = {}
        # how many times the player's vote counts, and the source that says so (None: not
        # asked yet)
        self.votes: tuple[int, Source | None] | None = None


def _kept(p: Player) -> _Kept:
    """What is kept for a player, a fresh entry the first time and when their board is
    another."""
    kept: _Kept | None = p.modifiers
    if kept is None or kept.arch is not p.archetype:
        kept = p.modifiers = _Kept(p.archetype)
    return kept


def _now(state: State, p: Player) -> _Kept:
    """What is kept for a player, their modifiers in effect (`index`) read again only when
    the Headline or the Laws in effect are not those they were read with."""
    kept: _Kept | None = p.modifiers
    if (
        kept is not None
        and kept.headline == state.headline
        and kept.laws == state.laws
        and kept.arch is p.archetype
    ):
        return kept
    return _read_in_effect(state, p)


def _everyone(state: State) -> _Kept:
    """What is kept for nobody in particular: the modifiers of the Laws in effect and the
    Headline, read again only when they are not those they were read with."""
    kept: _Kept | None = state.modifiers
    if kept is not None and kept.headline == state.headline and kept.laws == state.laws:
        return kept
    kept = state.modifiers = _Kept(None)
    kept.index = _everyone_index(state)
    kept.laws, kept.headline = list(state.laws), state.headline
    return kept


def _read_in_effect(state: State, p: Player) -> _Kept:
    """`_now` for a player whose modifiers are not kept, or kept from another Headline or
    other Laws: read them (the Laws' and the Headline's once for every player), and keep
    them."""
    kept = _kept(p)
    everyone = _everyone(state).index
    own = kept.own
    if own is None:
        own = kept.own = _own_index(p.archetype)
    if own:
        index = dict(own)
        for name, terms in everyone.items():
            index[name] = index[name] + terms if name in index else terms
        kept.index = index
    else:
        kept.index = everyone
    kept.sums = {}
    kept.legal = {}
    kept.votes = None
    kept.laws, kept.headline = list(state.laws), state.headline
    return kept


def _sum(state: State, p: Player, name: str, crime_type: str | None = None, times: int = 1) -> int:
    """The sum of a modifier's deltas (those for a crime type, or for any, when it is given);
    each source that changes the number counts as used (`times` times: as asking for the sum
    that often would count them)."""
    kept = _now(state, p)
    terms = kept.index.get(name)
    if terms is None:
        return 0
    key = (name, crime_type)
    known = kept.sums.get(key)
    if known is None:
        total = 0
        sources: list[Source] = []
        for src, t in terms:
            if crime_type is None or t.arg("type") in (crime_type, "any"):
                delta = int(t.arg("delta"))
                if delta:
                    sources.append(src)
                total += delta
        known = kept.sums[key] = (total, tuple(sources)) if sources else _NO_SUM
    total, sources_used = known
    for kind, ident in sources_used:
        state.use(kind, ident, times)
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
    kept = _now(state, p)
    source = kept.legal.get(crime_type, _UNREAD)
    if source is _UNREAD:  # the first modifier that makes the type legal (read once)
        source = kept.legal[crime_type] = next(
            (src for src, t in kept.index.get("legal", ()) if t.arg("type") == crime_type),
            None,
        )
    if source is None:
        return False
    state.use(*source)
    return True


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
    kept = _now(state, leaker) if leaker is not None else _everyone(state)
    for src, t in kept.index.get("leak_heat", ()):
        if int(t.arg("delta")):
            state.use(*src)
            extra += int(t.arg("delta"))
    return max(0, base + extra)


def vote_count(state: State, p: Player) -> int:
    """How many times a player's ordinary vote counts (0 if they never vote); the source
    that sets it counts as used."""
    kept = _now(state, p)
    known = kept.votes
    if known is None:
        known = kept.votes = _votes(kept.index)
    count, source = known
    if source is not None:
        state.use(*source)
    return count


def _votes(index: Index) -> tuple[int, Source | None]:
    """How many times a vote counts under these modifiers, and the source that says so:
    none if `no_vote` applies (the first source of it), else the largest `vote_count`."""
    for src, _ in index.get("no_vote", ()):
        return 0, src
    found = [(int(t.arg("times")), src) for src, t in index.get("vote_count", ())]
    if not found:
        return 1, None
    return max(found)


def limits(state: State, rules: DIRules, p: Player) -> tuple[int, int]:
    """A player's Heat Limits, with Immunity and without (worked out once for their
    board)."""
    kept = _kept(p)
    found = kept.limits
    if found is None:
        arch = p.archetype
        own = (*arch.bend.while_, *arch.cost.while_)
        found = kept.limits = (rules.limit_for(own, True), rules.limit_for(own, False))
    return found


def limit(state: State, rules: DIRules, p: Player) -> int:
    """A player's Heat Limit now (with or without Immunity: both worked out once for their
    board)."""
    kept: _Kept | None = p.modifiers
    found = kept.limits if kept is not None and kept.arch is p.archetype else None
    if found is None:
        found = limits(state, rules, p)
    return found[0] if p.immunity else found[1]


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


def door_prices_asked(state: State, p: Player, times: int) -> None:
    """Count the uses that asking a player's door price `times` times would count (with
    `door_price`), without working out a price."""
    if times:
        _sum(state, p, "door_price", None, times)


def hand_limit(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.hand_limit + _sum(state, p, "hand_limit"))


def deny_price(state: State, rules: DIRules, p: Player) -> int:
    return max(0, rules.departure.deny_price + _sum(state, p, "deny_price"))
