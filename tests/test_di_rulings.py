"""Diplomatic Immunity's rules model plays by the project's own rulings: one scenario per
ruling the model once played differently (the clock, simultaneous Departures, Signatures
aimed at Departures, a Scandal in the middle of a crime, Repeal in the reactions, Recalled
players' Favor chips, the Burn Bag, Frame)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from pnp.content.departures import Door
from pnp.content.project import Game as Model
from pnp.content.project import load_game
from pnp.rulesets.diplomatic_immunity.play import leaving, modifiers
from pnp.rulesets.diplomatic_immunity.play.actions import (
    CASH,
    COMMIT_CRIMES,
    HONOUR,
    NO,
    NOTHING,
    SIGNATURE_AT_DEPARTURE,
    STOP,
    Accept,
    Action,
    Ask,
    Book,
    Commit,
    Cover,
    Flow,
    No,
    Nothing,
    Pass,
    PlayTrick,
    React,
    Repeal,
    Stop,
)
from pnp.rulesets.diplomatic_immunity.play.bots import seated
from pnp.rulesets.diplomatic_immunity.play.game import Game
from pnp.rulesets.diplomatic_immunity.play.state import Departure, LawInEffect, Player
from tests.conftest import CONTENT

Script = Mapping[str, Action | Callable[[Ask], Action]]
QUIET = (Nothing, No, Accept, Pass, Stop)  # the answers that do nothing


@pytest.fixture(scope="module")
def model() -> Model:
    return load_game(CONTENT, "diplomatic-immunity").game


def table(model: Model, players: int = 4, seed: int = 1) -> Game:
    """A game set up by the bots and stopped at its first choice of round 1, the table then
    cleared for a scenario: no Laws, no Departures, every hand empty, Heat 0, $5M each."""
    game = Game(model, players, seed)
    bots = seated(game)
    while game.ask is not None and game.state.round == 0:
        seat = game.to_move()
        game.apply(bots[seat].choose(game.view(seat), game.rng))
    game._flow.close()  # the bots' round stops here; each scenario plays its own part
    s = game.state
    for law in s.laws:
        s.politics_discard.append(law.card)
    s.laws.clear()
    for p in s.players:
        for c in p.hand:
            game._discard(c)
        p.hand.clear()
        p.heat = 0
        money(game, p, 5)
    s.turn = None  # between turns: each scenario starts what it plays
    s.table.clear()
    if s.headline is not None:  # a Headline that changes nothing
        s.headline_discard.append(s.headline)
    s.headline = next(i for i in (*s.clock, *s.boxed) if s.card(i).id == "quiet-news-day")
    for zone in (s.clock, s.boxed):
        if s.headline in zone:
            zone.remove(s.headline)
    return game


def money(game: Game, p: Player, amount: int) -> None:
    """Set a player's money, as if the bank had paid or taken the difference."""
    s = game.state
    s.paid_out += amount - p.money
    p.money = amount


def clock(game: Game, rounds_left: int) -> None:
    """Leave `rounds_left` Headlines in the clock; the rest go back to the box."""
    s = game.state
    while len(s.clock) > rounds_left:
        s.boxed.append(s.clock.pop())


def take(game: Game, card_id: str) -> int:
    """A card instance by card id, out of the decks and discard piles."""
    s = game.state
    for zone in (s.street, s.politics, s.street_discard, s.politics_discard):
        for inst in zone:
            if s.card(inst).id == card_id:
                zone.remove(inst)
                return inst
    raise LookupError(card_id)


def seat_as(game: Game, p: Player, diplomat_id: str) -> None:
    """Give a seat the board and diplomat of `diplomat_id`."""
    for arch in game.model.archetypes or ():
        for d in arch.diplomats:
            if d.id == diplomat_id:
                p.archetype, p.diplomat = arch, d
                return
    raise LookupError(diplomat_id)


def door(game: Game, door_id: str) -> Door:
    return next(d for d in game.model.doors or () if d.id == door_id)


def goal(game: Game, goal_id: str) -> Any:
    return next(g for g in game.model.goals or () if g.id == goal_id)


def run(game: Game, flow: Flow, script: Script | None = None) -> list[Ask]:
    """Play one piece of the rules (a turn, an Afternoon, the clock running out) to its end,
    answering each choice from `script` by its kind, else with the quiet option (none, no,
    accept, pass, stop), else the first. Returns every choice that was asked."""
    script = script or {}
    asked: list[Ask] = []
    game._flow = flow
    try:
        game._ask = next(flow)
    except StopIteration:
        game._ask = None
    while game.ask is not None:
        ask = game.ask
        asked.append(ask)
        answer = script.get(ask.kind)
        if callable(answer):
            action = answer(ask)
        elif answer is not None:
            action = answer
        else:
            action = next((o for o in ask.options if isinstance(o, QUIET)), ask.options[0])
        game.apply(action)
    return asked


def lines(game: Game) -> str:
    assert game.trace is not None
    return "\n".join(game.trace)


# ---- the clock ---------------------------------------------------------------------------


def test_no_booking_once_rivals_cannot_get_their_turn(model: Model) -> None:
    """Ruling `last-bookings`: a door can be booked only while the clock leaves every rival a
    full turn to stop it (two rounds for the Slow Boat)."""
    game = table(model)
    s = game.state
    p = s.players[0]
    p.goal = goal(game, "extravagance")
    money(game, p, 40)
    booked = {}
    for left in (2, 1, 0):
        clock(game, left)
        booked[left] = {d.id for d, _ in leaving.bookable(game, p)}
    assert booked[0] == set()
    assert "private-jet" in booked[1] and "slow-boat" not in booked[1]
    assert {"private-jet", "slow-boat"} <= booked[2]


def test_last_round_evening_offers_no_booking(model: Model) -> None:
    """In the last round the Evening's choices hold no booking, though the Goal is met."""
    game = table(model)
    s = game.state
    p = s.players[s.first]
    p.goal = goal(game, "extravagance")
    money(game, p, 40)
    clock(game, 0)
    p.heat = 1  # Hush Money is open, so the Evening asks
    asked = run(game, game._evening(p))
    evening = next(a for a in asked if a.kind == "evening")
    assert not any(isinstance(o, Book) for o in evening.options)


def test_everyone_departing_when_the_clock_runs_out_wins(model: Model) -> None:
    """Ruling `clock-runs-out`: two players Departing as the clock runs out both resolve,
    and both win."""
    game = table(model)
    s = game.state
    a, b = s.players[0], s.players[1]
    for p in (a, b):
        p.goal = goal(game, "extravagance")
        money(game, p, 30)
        p.departing = Departure(door(game, "private-jet"), 0)
    clock(game, 0)
    run(game, leaving.clock_ends(game), {"deny": NO})
    outcome = game.outcome()
    assert outcome is not None and outcome.ending == "clock"
    assert set(outcome.winners) == {0, 1} and a.left and b.left
    assert s.uses.get("goal:extravagance") == 2


def test_a_failed_departure_at_the_clock_does_not_stop_the_next(model: Model) -> None:
    game = table(model)
    s = game.state
    a, b = s.players[s.first], s.players[s.order_from(s.first)[0]]
    for p in (a, b):
        p.goal = goal(game, "extravagance")
        money(game, p, 30)
        p.departing = Departure(door(game, "private-jet"), 0)
    a.departing.tip_offs = 1  # type: ignore[union-attr]
    clock(game, 0)
    run(game, leaving.clock_ends(game), {"deny": NO})
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (b.seat,)


# ---- Signatures aimed at Departures ------------------------------------------------------


def _departing_rival(game: Game, attacker: Player) -> Player:
    s = game.state
    rival = next(q for q in s.players if q.seat != attacker.seat)
    rival.goal = goal(game, "extravagance")
    money(game, rival, 30)
    rival.departing = Departure(door(game, "private-jet"), 0)
    return rival


def test_visa_denied_is_offered_and_stops_a_departure(model: Model) -> None:
    """Visa Denied is played in your Afternoon on a Departing rival, like a Tip-Off: not
    answered, the Departure fails when it resolves."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    seat_as(game, me, "rafael-ortega")
    rival = _departing_rival(game, me)
    s.turn = me.seat
    asked = run(
        game,
        game._afternoon(me),
        {
            "afternoon": COMMIT_CRIMES,
            "afternoon-action": lambda ask: (
                SIGNATURE_AT_DEPARTURE if SIGNATURE_AT_DEPARTURE in ask.options else STOP
            ),
            "deny": NO,
        },
    )
    assert any(SIGNATURE_AT_DEPARTURE in a.options for a in asked)
    assert me.signature_used and s.uses.get("signature:rafael-ortega") == 1
    assert rival.departing is not None and rival.departing.tip_offs == 1
    run(game, leaving.resolve(game, rival), {"deny": NO})
    assert (rival.left, rival.departing is None) == (False, True)  # failed: no longer Departing
    assert "Visa Denied on" in lines(game)


def test_front_page_hits_a_departing_rival(model: Model) -> None:
    """Front Page, played like a Leak, may be aimed at a Departing rival in your Afternoon."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    seat_as(game, me, "marcus-bell")
    rival = _departing_rival(game, me)
    s.turn = me.seat
    run(
        game,
        game._afternoon(me),
        {
            "afternoon": COMMIT_CRIMES,
            "afternoon-action": lambda ask: (
                SIGNATURE_AT_DEPARTURE if SIGNATURE_AT_DEPARTURE in ask.options else STOP
            ),
        },
    )
    assert rival.heat == modifiers.leak_heat(s, me, 2) and me.signature_used


# ---- crimes --------------------------------------------------------------------------------


def _crime(game: Game, p: Player) -> int:
    inst = take(game, "diplomatic-bag")
    p.hand.append(inst)
    return inst


def test_scandal_from_a_leak_mid_crime_clears_the_table(model: Model) -> None:
    """Ruling `scandal-mid-crime`: a Leak that gives the criminal a Scandal ends their turn;
    the crime and every unresolved reaction card are discarded, none left on the table."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    crime = _crime(game, me)
    rivals = [s.players[x] for x in s.seat_order_from(me.seat)]
    leaks = [take(game, "leak"), take(game, "leak")]
    rivals[0].hand.append(leaks[0])
    rivals[1].hand.append(leaks[1])
    me.heat = game.limit(me) - 1 + game.rules.morning.cool

    def react(ask: Ask) -> Action:
        return next((o for o in ask.options if isinstance(o, React)), NOTHING)

    run(
        game,
        game._turn(me),
        {
            "afternoon": COMMIT_CRIMES,
            "react": react,
            "scandal-discard": lambda a: a.options[0],
            "afternoon-action": lambda ask: Commit(crime) if Commit(crime) in ask.options else STOP,
        },
    )
    assert me.scandals == 1 and s.table == []
    assert crime in s.street_discard and crime not in me.rap_sheet
    assert all(leak in s.street_discard for leak in leaks)


def test_cards_left_on_the_table_between_turns_break_an_invariant(model: Model) -> None:
    game = table(model)
    s = game.state
    s.table.append(take(game, "leak"))
    assert [name for name, _ in game.invariants()] == ["table cleared between turns"]


def test_the_criminal_may_repeal_after_the_reactions(model: Model) -> None:
    """Ruling `repeal-in-reactions`: any player, the criminal included, may Repeal in the
    reaction step, after the reactions; the crime then resolves without that Law."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    crime = _crime(game, me)
    law = take(game, "zero-tolerance")
    s.laws.append(LawInEffect(law, s.order_from(me.seat)[0]))
    repeal = take(game, "repeal")
    me.hand.append(repeal)
    cover = take(game, "sealed-pouch")  # covers smuggling, the Diplomatic Bag's type
    me.hand.append(cover)
    leaker = s.players[s.seat_order_from(me.seat)[0]]
    leaker.hand.append(take(game, "leak"))
    order: list[str] = []

    def react(ask: Ask) -> Action:
        order.append("react")
        return next((o for o in ask.options if isinstance(o, React)), NOTHING)

    def repeal_it(ask: Ask) -> Action:
        order.append(f"repeal:{ask.seat}")
        return Repeal(repeal) if Repeal(repeal) in ask.options else NOTHING

    s.turn = me.seat
    run(
        game,
        game._crime(me, crime),
        {
            "react": react,
            "react-repeal": repeal_it,
            "repeal": lambda a: a.options[0],
            "cover": lambda a: next(o for o in a.options if isinstance(o, Cover)),
        },
    )
    assert order[-1] == f"repeal:{me.seat}" and "react" in order
    assert order.index(f"repeal:{me.seat}") > max(i for i, x in enumerate(order) if x == "react")
    assert s.laws == []
    # Covered, and Zero Tolerance Repealed first: the crime gives no Heat, only the Leak's.
    assert me.heat == modifiers.leak_heat(s, leaker, 1)
    text = lines(game)
    assert text.index("reacts: Leak") < text.index("Repeals Zero Tolerance")


def test_a_recalled_player_may_take_a_crime_back(model: Model) -> None:
    """Ruling `recalled-players`: a Recalled player may still cash the Favor chips they hold,
    "Take it back" included."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    crime = _crime(game, me)
    holder = s.players[s.seat_order_from(me.seat)[0]]
    holder.recalled = True
    s.favor_holder[me.seat] = holder.seat
    s.turn = me.seat
    asked = run(game, game._crime(me, crime), {"cash-on-crime": CASH, "honour": HONOUR})
    assert any(a.kind == "cash-on-crime" and a.seat == holder.seat for a in asked)
    assert crime not in me.rap_sheet and s.favor_holder[me.seat] == me.seat


# ---- your turn -----------------------------------------------------------------------------


def test_burn_bag_at_any_step_of_your_turn(model: Model) -> None:
    """Ruling `burn-bag-own-turn`: the Burn Bag is offered in the Morning, the Afternoon and
    the Evening."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    me.hand += [take(game, "leak") for _ in range(6)]
    asked = run(
        game, game._turn(me), {"afternoon": COMMIT_CRIMES, "hand-limit": lambda a: a.options[0]}
    )
    kinds = [a.kind for a in asked if a.kind in ("burn-bag", "afternoon", "evening")]
    assert kinds == ["burn-bag", "burn-bag", "afternoon", "burn-bag"]


def test_frame_needs_a_crime_on_your_rap_sheet(model: Model) -> None:
    """Ruling `frame-needs-a-crime`: with an empty Rap Sheet, Frame cannot be played."""
    game = table(model)
    s = game.state
    me = s.players[s.first]
    frame = take(game, "frame")
    me.hand.append(frame)
    s.turn = me.seat
    asked = run(game, game._afternoon(me), {"afternoon": COMMIT_CRIMES})
    action = next(a for a in asked if a.kind == "afternoon-action")
    assert PlayTrick(frame) not in action.options
    me.rap_sheet.append(take(game, "diplomatic-bag"))
    s.turn = me.seat
    asked = run(game, game._afternoon(me), {"afternoon": COMMIT_CRIMES})
    action = next(a for a in asked if a.kind == "afternoon-action")
    assert PlayTrick(frame) in action.options


def test_defect_card_waives_the_or_more_never_the_limit(model: Model) -> None:
    """Ruling `departure-card-with-booking`: the Defect card lets you book Defect at any Heat
    below your no-Immunity Limit, never at or above it."""
    game = table(model)
    s = game.state
    p = s.players[0]
    p.goal = goal(game, "kingpin")
    p.rap_sheet = [take(game, c.id) for c in (model.cards or ()) if c.crime][:6]
    card = take(game, "defect-card")
    p.hand.append(card)
    p.heat = 0
    assert ("defect", card) in {(d.id, c) for d, c in leaving.bookable(game, p)}
    assert ("defect", None) not in {(d.id, c) for d, c in leaving.bookable(game, p)}
    p.heat = model.rules.heat.limit.without_immunity  # type: ignore[union-attr]
    assert "defect" not in {d.id for d, _ in leaving.bookable(game, p)}
