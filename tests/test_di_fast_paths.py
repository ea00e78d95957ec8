"""Diplomatic Immunity's quick ways through the rules give what the plain ways give: the
shuffle draws as `random.shuffle` does, the doors a player may book (with the Goal checked
once at its best) are those each door asked alone gives, a seat's renewed view chooses as a
fresh one does, what the table knows of a player is read off the table, and a game stops
at its limit of choices even when the limit is changed as it goes."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pnp.content.project import Game as Model
from pnp.content.project import load_game
from pnp.rules.engine import InvariantViolation
from pnp.rulesets.diplomatic_immunity.play import conditions, leaving, modifiers
from pnp.rulesets.diplomatic_immunity.play.bots import HeuristicBot, play, seated
from pnp.rulesets.diplomatic_immunity.play.game import Game, Kit
from pnp.rulesets.diplomatic_immunity.play.state import Player
from pnp.rulesets.diplomatic_immunity.play.view import View
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def model() -> Model:
    return load_game(CONTENT, "diplomatic-immunity").game


def play_one(game: Game) -> None:
    seat = game.to_move()
    game.apply(HeuristicBot().choose(game.view(seat), game.rng))


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 64, 100])
def test_a_pile_is_shuffled_as_random_shuffle_does(model: Model, size: int) -> None:
    """The same order and the same draws from the generator as `random.shuffle`."""
    game = Game(model, 4, 0)
    for seed in range(20):
        pile, expected = list(range(size)), list(range(size))
        game.dice, dice = random.Random(seed), random.Random(seed)
        game._shuffle(pile)
        dice.shuffle(expected)
        assert pile == expected
        assert game.dice.getstate() == dice.getstate()


def _each_door_alone(game: Game, p: Player) -> list[tuple[str, int | None]]:
    """The doors of the player's Goal they could book, each door and card asked alone."""
    s = game.state
    if p.goal is None or not p.active:
        return []
    cards = {f.door: c for c in p.hand if (f := s.facts[c]).door is not None}
    return [
        (door.id, card)
        for door in (game.doors[ref.id] for ref in p.goal.doors)
        for card in {None, cards.get(door.id)}
        if leaving.can_book(game, p, door, card)
    ]


def _bookable(game: Game, p: Player) -> list[tuple[str, int | None]]:
    return [(door.id, card) for door, card in leaving.bookable(game, p)]


def _uses_of(
    game: Game, doors: Callable[[Game, Player], list[tuple[str, int | None]]], p: Player
) -> tuple[list[tuple[str, int | None]], dict[str, int]]:
    """The doors `doors` finds open to a player and the uses it counts, the uses then put
    back as they were."""
    s = game.state
    before = dict(s.uses)
    got = doors(game, p)
    counted = {k: n - before.get(k, 0) for k, n in s.uses.items() if n != before.get(k, 0)}
    s.uses.clear()
    s.uses.update(before)
    return got, counted


@pytest.mark.parametrize("players", [3, 4, 6])
def test_doors_open_are_those_each_door_asked_alone_gives(model: Model, players: int) -> None:
    """`bookable` checks the Goal once at its best (all the money, no crime gone) and skips
    the doors when it fails there; every door asked alone gives the same doors, and the
    prices asked count the same uses."""
    booked = 0
    for seed in range(6):
        game = Game(model, players, seed, trace=False)
        while game.ask is not None:
            if game.ask.kind == "evening":
                for p in game.state.players:
                    quick, quick_uses = _uses_of(game, _bookable, p)
                    alone, alone_uses = _uses_of(game, _each_door_alone, p)
                    assert quick == alone and quick_uses == alone_uses
                    booked += len(alone)
            play_one(game)
    assert booked  # some doors were open


@pytest.mark.parametrize("seed", range(4))
def test_a_renewed_view_chooses_as_a_fresh_one(model: Model, seed: int) -> None:
    """`play` renews one view per seat for each choice; a fresh view for every choice
    (`game.view`) makes the same choices to the same end."""
    renewed = Game(model, 5, seed, trace=False)
    outcome = play(renewed, seated(renewed))
    fresh = Game(model, 5, seed, trace=False)
    bots = seated(fresh)
    while fresh.ask is not None:
        seat = fresh.to_move()
        fresh.apply(bots[seat].choose(fresh.view(seat), fresh.rng))
    assert fresh.outcome() == outcome and fresh.actions == renewed.actions


def test_what_the_table_knows_is_read_off_the_table(model: Model) -> None:
    """A view's player summaries say what the state says, as it is when they are read."""
    game = Game(model, 4, 2, trace=False)
    while game.state.round < 3 and game.ask is not None:
        play_one(game)
    s = game.state
    s.players[1].money += 3
    s.players[2].heat = 1
    view = View(s, game.rules, 0)
    for p in s.players:
        pub = view.public(p.seat)
        assert (pub.seat, pub.archetype, pub.money, pub.heat, pub.immunity, pub.scandals) == (
            p.seat,
            p.archetype.id,
            p.money,
            p.heat,
            p.immunity,
            p.scandals,
        )
        assert pub.limit == modifiers.limit(s, game.rules, p)
        assert pub.active == p.active
        assert (pub.hand_size, pub.rap_sheet) == (len(p.hand), len(p.rap_sheet))
        assert pub.laws == sum(1 for law in s.laws if law.owner == p.seat)
        assert pub.departing == (p.departing.door.id if p.departing else None)
        assert pub.goal == (p.goal if p.goal_revealed else None)
        assert pub.favor_home == (s.favor_holder[p.seat] == p.seat)
    assert [pub.seat for pub in view.rivals()] == [p.seat for p in s.players[1:] if p.active]


def test_a_game_stops_at_its_limit_even_when_changed(model: Model) -> None:
    """An untraced game (checked every few choices) lowered to 20 choices after its fifth
    stops after the 21st, as one checked after every choice does."""
    for trace in (False, True):
        game = Game(model, 4, 3, trace=trace)
        for _ in range(5):
            play_one(game)
        game.max_steps = 20
        with pytest.raises(InvariantViolation) as caught:
            play(game, seated(game))
        broken = caught.value.violation
        assert (broken.invariant, broken.step) == ("ends in time", 21)


def test_games_share_the_kit_and_keep_their_own_table(model: Model) -> None:
    """Games of one content start from one kit, each with its own piles; the kit's piles
    hold every card instance once."""
    one, two = Game(model, 4, 1, trace=False), Game(model, 4, 1, trace=False)
    assert one.kit is two.kit is Kit.of(model)
    for game in (one, two):
        while not game.state.street:  # dealt after the set-up's choices
            play_one(game)
    assert one.state.cards is not two.state.cards
    one.state.street.clear()
    assert two.state.street
    dealt = sorted(i for pile in one.kit.piles for i in pile)
    assert dealt == list(range(len(one.state.cards)))


def test_no_condition_asks_for_less_money_or_fewer_crimes_gone(model: Model) -> None:
    """What `bookable`'s shortcut rests on: every Goal and door condition the content uses
    that holds with some money and some crimes gone holds with more money and fewer crimes
    gone, in every state of some seeded games (a condition such as "at most $3M" would
    break the shortcut, and this test)."""
    terms = {
        (t.name, repr(t)): t
        for thing in (*(model.goals or ()), *(model.doors or ()))
        for t in (
            *getattr(thing, "condition", ()),
            *getattr(thing, "requires", ()),
        )
    }
    used = {name for name, _ in terms}
    assert used <= set(conditions.CHECKS) and len(used) >= 5, used
    checked = 0
    for seed in range(3):
        game = Game(model, 4, seed, trace=False)
        while game.ask is not None:
            s = game.state
            for p in s.players:
                for t in terms.values():
                    check = conditions.CHECKS[t.name]
                    for money, crimes in ((p.money, 1), (0, 2), (p.money + 3, 0)):
                        if check(s, game.rules, p, t, money, crimes):
                            checked += 1
                            assert check(s, game.rules, p, t, money + 5, max(0, crimes - 1)), t
            play_one(game)
    assert checked > 100
