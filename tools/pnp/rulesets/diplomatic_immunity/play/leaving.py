"""Leaving the country: booking a Departure, Deny, Marriage, resolution, the clock running
out. Functions of the running `game.Game`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.content.departures import Door
from pnp.rulesets.diplomatic_immunity.play import conditions, modifiers
from pnp.rulesets.diplomatic_immunity.play.actions import (
    ACCEPT_OR_WALK_OUT,
    DENY_OR_NOT,
    Accept,
    Flow,
    No,
    Rival,
    asking,
)
from pnp.rulesets.diplomatic_immunity.play.kinds import TURN_AFTER_NEXT
from pnp.rulesets.diplomatic_immunity.play.state import Departure, Player

if TYPE_CHECKING:
    from pnp.rulesets.diplomatic_immunity.play.game import Game


def bookable(g: Game, p: Player) -> list[tuple[Door, int | None]]:
    """The doors of a player's Goal they could book now, with or without a card."""
    s = g.state
    if p.goal is None or p.recalled or p.left:  # not active
        return []
    out: list[tuple[Door, int | None]] = []
    facts = s.facts
    # the Departure card in hand for each door (the last in the hand, of two for one door)
    cards = (
        {opens: c for c in p.hand if (opens := facts[c].door) is not None}
        if not g.sorts.door.isdisjoint(p.hand)
        else {}
    )
    met: dict[tuple[int, int], bool] = {}  # the Goal, checked once for each money and crimes
    # No Goal condition asks for less money or fewer crimes: one that fails with all the
    # player's money and no crime gone fails after any price and booking.
    at_best = met[(p.money, 0)] = conditions.all_hold(s, g.rules, p, p.goal.condition)
    if not at_best:
        # No door can be booked: the prices `can_book` would ask for are asked all at once,
        # their uses counted as many times.
        asked = 0
        for ref in p.goal.doors:
            door = g.doors[ref.id]
            for card in {None, cards.get(door.id)}:
                if _price_asked(g, booking_of(door), card):
                    asked += 1
        modifiers.door_prices_asked(s, p, asked)
        return out
    for ref in p.goal.doors:
        door = g.doors[ref.id]
        for card in {None, cards.get(door.id)}:
            if can_book(g, p, door, card, met, at_best):
                out.append((door, card))
    return out


def rounds_needed(door: Door) -> int:
    """Rounds that must still follow this one for every rival to get their full turn to
    stop a Departure by this door: one, two for a door that resolves on the turn after next."""
    return 2 if door.resolves is TURN_AFTER_NEXT else 1


class Booking:
    """What booking one door asks, read off the door once: the rounds the clock must still
    hold (ruling `last-bookings`: each Headline in the clock is one more round), the
    conditions a Departure card that waives the door's leaves (staying below your Limit:
    ruling `departure-card-with-booking`), the crimes the booking takes off the Rap Sheet
    (unless a card waives them)."""

    __slots__ = ("crimes", "door", "rounds", "waived_requires")

    def __init__(self, door: Door) -> None:
        self.door = door  # kept, so that no other object takes its id while this is kept
        self.rounds = rounds_needed(door)
        self.waived_requires = tuple(t for t in door.requires if t.name == "heat_below_limit")
        self.crimes = sum(int(t.arg("crimes")) for t in door.booking if t.name == "remove_crimes")


_BOOKINGS: dict[int, Booking] = {}  # by the id of the door (each booking holds its door)


def booking_of(door: Door) -> Booking:
    """What booking a door asks, read the first time it is asked for."""
    known = _BOOKINGS.get(id(door))
    if known is None or known.door is not door:
        known = _BOOKINGS[id(door)] = Booking(door)
    return known


def _price_asked(g: Game, booking: Booking, card: int | None) -> bool | None:
    """Whether booking a door (`booking`) with a Departure card for it, or without one, asks
    the door's price: None when the clock no longer allows booking it at all, False when
    the card waives the price."""
    if g.rules.departure.booking_needs_full_rounds and len(g.state.clock) < booking.rounds:
        return None
    return card is None or g.state.cards[card].waives != "price"


def can_book(
    g: Game,
    p: Player,
    door: Door,
    card: int | None,
    met: dict[tuple[int, int], bool] | None = None,
    at_best: bool = True,
) -> bool:
    """Whether a player could book a door now, with a Departure card for it or without one.
    `met` keeps whether the Goal holds for each (money left, crimes gone) already checked,
    for the doors of one player's Goal weighed together; `at_best` False says the Goal
    fails even with all the player's money and no crime gone (and so fails here too): the
    door's price is still asked for, as for any door."""
    s = g.state
    booking = booking_of(door)
    asked = _price_asked(g, booking, card)
    if asked is None:
        return False
    waives = s.cards[card].waives if card is not None else None
    price = modifiers.door_price(s, p, door.price) if asked else 0
    if p.money < price or not at_best:
        return False
    # A card that waives the door's condition never waives staying below your Limit
    # (ruling departure-card-with-booking: Defect's card waives only its "or more").
    needed = door.requires if waives != "requires" else booking.waived_requires
    if not conditions.all_hold(s, g.rules, p, needed):
        return False
    if door.partner and not any(
        q.active and not q.departing and q.seat != p.seat for q in s.players
    ):
        return False
    crimes = booking.crimes if waives != "discard_crimes" else 0
    assert p.goal is not None
    money_after = p.money - price
    if met is None:
        return conditions.all_hold(s, g.rules, p, p.goal.condition, money_after, crimes)
    key = (money_after, crimes)
    known = met.get(key)
    if known is None:
        known = met[key] = conditions.all_hold(s, g.rules, p, p.goal.condition, money_after, crimes)
    return known


def book(g: Game, p: Player, door_id: str, card: int | None) -> Flow:
    s = g.state
    door = g.doors[door_id]
    waives = None
    if card is not None:
        waives = s.cards[card].waives
        s.use("waiver", door.id)
        p.hand.remove(card)
        g._discard(card)
        g.stats.played(s.cards[card])
    price = 0 if waives == "price" else modifiers.door_price(s, p, door.price)
    g.pay(p, price)
    p.goal_revealed = True
    g.stats.doors_booked[door.id] = g.stats.doors_booked.get(door.id, 0) + 1
    if g.trace is not None:
        g.log(
            f"{g.name(p.seat)} reveals {p.goal.name if p.goal else '?'} and books "
            f"{door.name} (${price}M)"
        )
    p.departing = Departure(door, 1 if door.resolves is TURN_AFTER_NEXT else 0)
    for t in door.booking:
        if t.name == "remove_crimes" and waives == "discard_crimes":
            continue
        yield from g.run_steps(p, (t,), None)
    if door.partner:
        yield from marriage(g, p)


def marriage(g: Game, p: Player) -> Flow:
    s = g.state
    options = [
        Rival(q.seat) for q in s.players if q.active and not q.departing and q.seat != p.seat
    ]
    action = yield from g._choose(p.seat, "partner", options)
    partner = s.players[action.seat]
    met = (
        partner.goal is not None
        and conditions.all_hold(s, g.rules, partner, partner.goal.condition)
        and (
            not g.rules.departure.partner_needs_marriage_door
            or any(r.id == p.departing.door.id for r in partner.goal.doors)  # type: ignore[union-attr]
        )
    )
    accepted = False
    if met:
        answer = yield asking(partner.seat, "marriage", ACCEPT_OR_WALK_OUT, (p.seat,))
        accepted = isinstance(answer, Accept)
    if accepted:
        assert p.departing is not None
        partner.goal_revealed = True
        partner.departing = Departure(p.departing.door, 0, partner=p.seat)
        p.departing.partner = partner.seat
        if g.trace is not None:
            g.log(f"{g.name(partner.seat)} accepts the Marriage")
    else:
        g.stats.failed("walk-out")
        if g.trace is not None:
            g.log(f"{g.name(partner.seat)} walks out")
        end_departure(g, p, failed=True, skip=g.rules.departure.collapse_skips_turn)


def end_departure(g: Game, p: Player, failed: bool, skip: bool) -> None:
    if p.departing and failed:
        p.skip_turn = skip
    p.departing = None


def _checks_hold(g: Game, p: Player) -> bool:
    """At resolution: no Scandal, no unanswered Tip-Off, the Goal still met (and Elected's
    Law still in effect)."""
    dep = p.departing
    if dep is None or p.goal is None:
        return False
    ok = (
        dep.tip_offs == 0
        and not dep.scandal
        and conditions.all_hold(g.state, g.rules, p, p.goal.condition)
    )
    laws = [t for t in dep.door.requires if t.name == "laws_with_your_marker"]
    return ok and (not laws or conditions.all_hold(g.state, g.rules, p, laws))


def _leave(g: Game, p: Player, how: str) -> None:
    dep = p.departing
    assert dep is not None and p.goal is not None
    p.left = True
    p.departing = None
    g.state.use("goal", p.goal.id)
    g.stats.doors_succeeded[dep.door.id] = g.stats.doors_succeeded.get(dep.door.id, 0) + 1
    if g.trace is not None:
        g.log(f"{g.name(p.seat)} {how} {dep.door.name}")


def resolve(g: Game, p: Player, at_clock: bool = False) -> Flow:
    """At the start of your turn: no Scandal, no unanswered Tip-Off, Goal still met. When
    one player leaves the game ends, unless the clock has run out and others still resolve
    (`clock_ends` ends it, with everyone who left)."""
    s = g.state
    dep = p.departing
    assert dep is not None and p.goal is not None
    yield from deny(g, p)
    if not _checks_hold(g, p):
        g.stats.failed("tip-off" if dep.tip_offs else "scandal" if dep.scandal else "goal")
        if g.trace is not None:
            g.log(f"{g.name(p.seat)}'s Departure by {dep.door.name} FAILS")
        p.departing = None
        return
    _leave(g, p, "LEAVES by")
    winners = [p.seat]
    if dep.partner is not None and g.rules.departure.partners_leave_together:
        other = s.players[dep.partner]
        if other.departing and other.active and _checks_hold(g, other):
            _leave(g, other, "LEAVES with them by")
            winners.append(other.seat)
    if not at_clock:
        g._end("departure", tuple(sorted(winners)))


def deny(g: Game, p: Player) -> Flow:
    """A Departing player may Deny each Tip-Off on their Departure, paying the bank."""
    price = modifiers.deny_price(g.state, g.rules, p)
    while p.departing and p.departing.tip_offs > 0 and p.money >= price:
        action = yield asking(p.seat, "deny", DENY_OR_NOT)
        if isinstance(action, No):
            return
        g.pay(p, price)
        p.departing.tip_offs -= 1
        if g.trace is not None:
            g.log(f"{g.name(p.seat)} Denies a Tip-Off for ${price}M")


def clock_ends(g: Game) -> Flow:
    """The clock has run out: every Departing player resolves, in turn order from the first
    player; everyone who leaves wins (ruling `clock-runs-out`)."""
    s = g.state
    g.log("the clock has run out")
    for seat in [s.first, *s.order_from(s.first)]:
        p = s.players[seat]
        if p.departing and p.active:
            yield from resolve(g, p, at_clock=True)
    g._end("clock", tuple(p.seat for p in s.players if p.left))
