"""Diplomatic Immunity's quick ways through the rules give what the plain ways give: the
shuffle draws as `random.shuffle` does, the doors a player may book (with the Goal checked
once at its best) are those each door asked alone gives, a seat's renewed view chooses as a
fresh one does and reads the table again for each new choice, what the table knows of a
player is read off the table, a game stops at its limit of choices even when the limit is
changed as it goes, the sets of instances looked for in hands are those the cards' facts
give, a crime type's legality read once is what the modifiers say, the Law markers are
checked whenever a seat could have too many, and the simulator's spans hand out every game
once, in order."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pnp.content.project import Game as Model
from pnp.content.project import load_game
from pnp.rules.engine import InvariantViolation
from pnp.rulesets.diplomatic_immunity.play import conditions, leaving, modifiers
from pnp.rulesets.diplomatic_immunity.play.actions import LAY_LOW, STOP, Ask
from pnp.rulesets.diplomatic_immunity.play.bots import HeuristicBot, play, seated
from pnp.rulesets.diplomatic_immunity.play.facts import Facts, Sorts
from pnp.rulesets.diplomatic_immunity.play.game import Game, Kit
from pnp.rulesets.diplomatic_immunity.play.kinds import AT_VOTE
from pnp.rulesets.diplomatic_immunity.play.state import LawInEffect, Player
from pnp.rulesets.diplomatic_immunity.play.view import View
from pnp.simulate import CHUNK, _spans
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


def test_the_sorts_are_the_instances_whose_facts_say_so(model: Model) -> None:
    """The sets of card instances the rules and bots look for in a hand (one set
    intersection, not a loop over the hand) hold exactly the instances whose facts, read
    off the game's own cards, say so; every game of the content shares them."""
    game = Game(model, 4, 0, trace=False)
    s = game.state
    assert s.sorts is game.sorts is game.kit.sorts is Game(model, 5, 1).state.sorts
    assert s.sorts is not None

    def where(fact: Callable[[Facts], object]) -> frozenset[int]:
        return frozenset(i for i, f in enumerate(s.facts) if fact(f))

    sorts = s.sorts
    assert sorts.afternoon_play == where(lambda f: f.afternoon_play)
    assert sorts.reaction_trick == where(lambda f: f.reaction_trick)
    assert sorts.reaction_repeal == where(lambda f: f.reaction_repeal)
    assert sorts.law == where(lambda f: f.law)
    assert sorts.evening_play == where(lambda f: f.evening_play)
    assert sorts.cover == where(lambda f: f.covers is not None)
    assert sorts.door == where(lambda f: f.door is not None)
    assert sorts.crime == where(lambda f: f.crime_type is not None)
    assert sorts.maybe_junk == where(lambda f: f.worth_of >= 2)  # a Law or a Departure card
    assert sorts.vote == frozenset(i for i, c in enumerate(s.cards) if AT_VOTE in c.timing)
    for name in Sorts.__slots__:
        assert getattr(sorts, name), name  # every sort has cards in this content


def test_a_view_given_a_new_ask_reads_the_table_again(model: Model) -> None:
    """A view keeps what it read (the rivals in play, the Heat Limit, the bare-word
    modifiers) for one choice only: given the next choice's Ask, as `play` gives it, each
    of them is read from the table again."""
    game = Game(model, 4, 2, trace=False)
    while game.state.round < 2 and game.ask is not None:
        play_one(game)
    s = game.state
    me = s.players[0]

    def next_choice() -> None:
        view.ask = Ask(0, "afternoon", (STOP, LAY_LOW))  # another Ask: another choice

    view = View(s, game.rules, 0, Ask(0, "afternoon", (STOP, LAY_LOW)))
    rivals, limit = [pub.seat for pub in view.rivals()], view.limit()
    no_lay_low = view.has("no_lay_low")
    s.players[1].recalled = True
    me.immunity = not me.immunity
    assert [pub.seat for pub in view.rivals()] == rivals and view.limit() == limit
    # Each look-up the first of a choice after the table changed under what it kept.
    next_choice()
    assert [pub.seat for pub in view.rivals()] == [2, 3] != rivals
    view.limit()
    me.immunity = not me.immunity
    next_choice()
    assert view.limit() == modifiers.limit(s, game.rules, me) == limit
    view._has = {"no_lay_low": not no_lay_low}  # as if read otherwise for the last choice
    next_choice()
    assert view.has("no_lay_low") == no_lay_low == modifiers.has(s, me, "no_lay_low")


def _legal_plainly(game: Game, p: Player, crime_type: str) -> tuple[bool, dict[str, int]]:
    """Whether crimes of a type are legal for a player, by a look through every modifier
    in effect (read afresh), and the use that counts: the first that makes it legal."""
    s = game.state
    index = modifiers._read_in_effect(s, p).index
    for (kind, ident), term in index.get("legal", ()):
        if term.arg("type") == crime_type:
            return True, {f"{kind}:{ident}": 1}
    return False, {}


def test_legality_read_once_is_what_the_modifiers_say(model: Model) -> None:
    """`modifiers.legal` keeps each crime type's answer with the player until the Laws or
    the Headline change: after every choice of some games, and after a Law put in effect
    by hand, it says what a look through the modifiers says and counts the same use."""
    types = sorted({f.crime_type for f in Kit.of(model).facts if f.crime_type})

    def agree(game: Game) -> None:
        s = game.state
        for p in s.players:
            for crime_type in types:
                before = dict(s.uses)
                quick = modifiers.legal(s, p, crime_type)
                counted = {k: n - before.get(k, 0) for k, n in s.uses.items()}
                s.uses.clear()
                s.uses.update(before)
                plain, uses = _legal_plainly(game, p, crime_type)
                assert (quick, {k: n for k, n in counted.items() if n}) == (plain, uses)

    for seed in range(3):
        game = Game(model, 4, seed, trace=False)
        while game.ask is not None:
            agree(game)
            play_one(game)
    game = Game(model, 4, 5, trace=False)
    while not game.state.street:
        play_one(game)
    s = game.state
    law = next(
        i
        for i, card in enumerate(s.cards)
        if card.law and any(t.name == "legal" for t in card.law.while_)
    )
    agree(game)  # every answer kept
    s.laws.append(LawInEffect(law, 0))
    agree(game)
    s.laws.clear()
    agree(game)


def test_law_markers_are_checked_whenever_a_seat_could_have_too_many(model: Model) -> None:
    """`invariants` counts each seat's Laws only once more Laws are in effect than a seat
    has markers (no seat can have too many before): one Law too many for a seat is caught,
    as many Laws as markers, or one too many shared by two seats, are not."""
    game = Game(model, 4, 1, trace=False)
    while not game.state.street:
        play_one(game)
    s = game.state
    laws = [i for i, f in enumerate(s.facts) if f.law][: game.markers + 1]
    assert len(laws) == game.markers + 1

    def markers_broken(owners: list[int]) -> list[tuple[str, str]]:
        pairs = zip(laws[: len(owners)], owners, strict=True)
        s.laws[:] = [LawInEffect(inst, owner) for inst, owner in pairs]
        return [b for b in game.invariants() if b[0] == "Law markers"]

    n = game.markers
    assert markers_broken([0] * (n + 1)) == [
        ("Law markers", f"{s.players[0].diplomat.name} has more Laws than markers")
    ]
    assert markers_broken([0] * n) == []
    assert markers_broken([0] * n + [1]) == []
    assert markers_broken([]) == []


@pytest.mark.parametrize(
    ("games", "jobs", "shares"),
    [
        (1, 1, 16),
        (1, 2, 16),
        (10, 2, 16),
        (600, 2, 16),
        (2000, 1, 16),
        (2000, 2, 16),
        (2000, 8, 4),
        (5000, 3, 4),
    ],
)
def test_spans_hand_out_every_game_once_in_order(games: int, jobs: int, shares: int) -> None:
    """The simulator's spans (the last ones smaller with more than one worker) cover every
    game once, in order, at most CHUNK at a time, and at least `shares` for each worker
    when there are games enough."""
    spans = _spans(games, jobs, shares)
    assert [i for start, end in spans for i in range(start, end)] == list(range(games))
    assert all(0 < end - start <= CHUNK for start, end in spans)
    assert len(spans) >= min(games, jobs * shares)


def _invariants_plainly(game: Game) -> list[tuple[str, str]]:
    """Every broken invariant, each checked on its own pass over the table, in the order
    they are reported: the plain statement `Game.invariants` gives in fewer passes."""
    s = game.state
    zones = (
        s.street,
        s.politics,
        s.street_discard,
        s.politics_discard,
        s.clock,
        s.headline_discard,
        s.boxed,
        s.table,
        s.laws,
    )
    placed = sum(len(z) for z in zones) + (s.headline is not None)
    placed += sum(len(p.hand) + len(p.rap_sheet) for p in s.players)
    money = sum(p.money for p in s.players)
    broken = []
    if (s.street or s.politics or s.boxed) and placed != len(s.cards):
        broken.append(("cards conserved", f"cards: {placed} in zones, {len(s.cards)} in the game"))
    if s.turn is None and s.table:
        broken.append(
            ("table cleared between turns", f"{len(s.table)} card(s) on the table between turns")
        )
    if money != s.paid_out - s.received:
        broken.append(
            (
                "money conserved",
                f"money: players hold ${money}M, the bank paid "
                f"${s.paid_out}M and received ${s.received}M",
            )
        )
    for p in s.players:
        name = p.diplomat.name
        if p.heat < 0:
            broken.append(("Heat at least 0", f"{name}'s Heat is below 0"))
        if p.recalled and p.heat:
            broken.append(("no Heat when Recalled", f"{name} is Recalled but has Heat"))
        limit = modifiers.limit(s, game.rules, p)
        if p.active and p.heat >= limit:
            broken.append(
                (
                    "Heat below the Limit",
                    f"{name} is at Heat {p.heat}, their Limit {limit}, without a Scandal",
                )
            )
        if p.money < 0:
            broken.append(("money at least 0", f"{name} has negative money"))
    holders = list(s.favor_holder.values())
    n = len(s.players)
    if s.players and (len(holders) != n or not all(0 <= h < n for h in holders)):
        broken.append(
            ("Favor chips held", "a Favor chip has no holder, or is held outside the game")
        )
    for p in s.players:
        if sum(1 for law in s.laws if law.owner == p.seat) > game.markers:
            broken.append(("Law markers", f"{p.diplomat.name} has more Laws than markers"))
    return broken


def test_invariants_report_what_the_plain_checks_report(model: Model) -> None:
    """`Game.invariants` (money and each player's bounds in one pass over the players)
    reports every broken invariant, in the same order, as each checked on its own does:
    in every state of some games, and with the table broken at random in many ways."""
    rng = random.Random(7)
    breaks: list[Callable[[Game], None]] = [
        lambda g: g.state.players[rng.randrange(g.n)].hand.append(0),
        lambda g: setattr(g.state.players[rng.randrange(g.n)], "heat", -1),
        lambda g: setattr(g.state.players[rng.randrange(g.n)], "heat", 99),
        lambda g: setattr(g.state.players[rng.randrange(g.n)], "money", -2),
        lambda g: setattr(g.state.players[rng.randrange(g.n)], "recalled", True),
        lambda g: setattr(g.state.players[rng.randrange(g.n)], "left", True),
        lambda g: setattr(g.state, "paid_out", g.state.paid_out + 1),
        lambda g: g.state.table.append(1),
        lambda g: g.state.favor_holder.__setitem__(0, g.n),
        lambda g: g.state.laws.extend(LawInEffect(i, 0) for i in range(g.markers + 1)),
    ]
    checked = broken = 0
    for seed in range(3):
        game = Game(model, 4, seed, trace=False)
        while game.ask is not None:
            assert game.invariants() == _invariants_plainly(game) == []
            checked += 1
            play_one(game)
        for _ in range(40):
            for br in rng.sample(breaks, rng.randint(1, 4)):
                br(game)
            found = game.invariants()
            assert found == _invariants_plainly(game)
            broken += len(found)
    assert checked > 500 and broken > 100
