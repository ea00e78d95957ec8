"""Diplomatic Immunity's rules model: seeded and replayable, invariants on, no hidden
information in decisions, every effect of the content executable, the sample turn played."""

from __future__ import annotations

import random

import pytest

from pnp.content.cards import CardKind
from pnp.content.project import Game as Model
from pnp.content.project import load_game
from pnp.content.vocab import TERMS, TermKind
from pnp.rules.engine import IllegalAction, InvariantViolation, Outcome, Rules, Setting, Violation
from pnp.rulesets.diplomatic_immunity.play import SIMULATION, conditions, effects, modifiers
from pnp.rulesets.diplomatic_immunity.play.actions import (
    COMMIT_CRIMES,
    NO,
    NOTHING,
    POLITICS,
    STOP,
    YES,
    Action,
    Ask,
    Commit,
    ProposeLaw,
)
from pnp.rulesets.diplomatic_immunity.play.bots import RULES, HeuristicBot, play, seated
from pnp.rulesets.diplomatic_immunity.play.game import CHECK_EVERY, Game
from pnp.rulesets.diplomatic_immunity.play.state import LawInEffect, Player
from pnp.rulesets.diplomatic_immunity.play.view import View
from tests.conftest import CONTENT

MODIFIERS_READ = {t.name for t in TERMS.values() if t.kind is TermKind.MODIFIER}


@pytest.fixture(scope="module")
def model() -> Model:
    return load_game(CONTENT, "diplomatic-immunity").game


def _played(model: Model, seed: int, players: int, kind: str = "heuristic") -> Game:
    game = Game(model, players, seed)
    play(game, seated(game, kind))
    return game


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_games_end_with_invariants_on(model: Model, players: int) -> None:
    """Seeded games at every player count end, every invariant checked after every choice."""
    for seed in range(8):
        game = _played(model, seed, players)
        outcome = game.outcome()
        assert outcome is not None and outcome.ending in ("departure", "clock", "all_recalled")
        assert game.state.steps < 20_000


def test_random_players_end_too(model: Model) -> None:
    """Random-legal players also reach an ending, with invariants on."""
    for seed in range(6):
        assert _played(model, seed, 4, "random").outcome() is not None


def test_seed_and_choices_replay_exactly(model: Model) -> None:
    """A seed and the list of choices replay a game exactly, even when Python's global
    random generator is disturbed between steps."""
    first = _played(model, 11, 4)
    again = Game(model, 4, 11)
    for n, action in enumerate(first.actions):
        random.seed(n)
        random.random()
        again.apply(action)
    assert again.trace == first.trace
    assert again.outcome() == first.outcome()


def test_same_seed_same_game(model: Model) -> None:
    """Bots draw from the game's own generator: the same seed plays the same game."""
    random.seed(1)
    a = _played(model, 5, 5)
    random.seed(2)
    b = _played(model, 5, 5)
    assert a.trace == b.trace and a.actions == b.actions


def test_the_game_follows_the_engine_protocol(model: Model) -> None:
    """The model is a game in the engine's shape (`Rules`): the seat to move, its legal
    actions, whether one is legal, its view, a readable line per choice, one Outcome."""
    played = Game(model, 4, 2)
    game: Rules[Action, View] = played  # checked by mypy: the protocol holds
    seat = game.to_move()
    options = game.legal_actions()
    assert seat >= 0 and len(options) > 1 and all(game.is_legal(a) for a in options)
    view = game.view(seat)
    assert view.ask is not None and view.ask.options == tuple(options)
    assert game.view((seat + 1) % 4).ask is None  # another seat is not asked anything
    assert game.describe(options[0]).startswith(f"seat {seat}: character diplomat ")
    with pytest.raises(IllegalAction):
        game.apply(STOP)  # not a choice of the set-up
    play(played, seated(played))
    assert game.to_move() == -1 and game.legal_actions() == ()
    assert isinstance(game.outcome(), Outcome)


def test_actions_are_frozen_values(model: Model) -> None:
    """An action is a small frozen value, equal to one of the same kind with the same
    fields and to nothing else; every action a game records is one of `Action`."""
    assert Commit(3) == Commit(3) and len({Commit(3), Commit(3), ProposeLaw(3)}) == 2
    with pytest.raises(AttributeError):
        Commit(3).card = 4  # type: ignore[misc]
    game = _played(model, 11, 4)
    assert all(isinstance(a, Action) for a in game.actions)


def test_a_choice_without_a_bot_rule_is_an_error(model: Model) -> None:
    """The heuristic bot chooses through its table of rules (one per kind of choice); a
    kind without a rule is an error, never a silent random move."""
    game = Game(model, 4, 3)
    view = game.view(game.to_move())
    assert view.ask is not None and view.ask.kind in RULES
    odd = View(game.state, game.rules, view.seat, Ask(view.seat, "haggle", (NO, YES)))
    with pytest.raises(LookupError, match="haggle"):
        HeuristicBot().choose(odd, game.rng)


def test_broken_money_ledger_is_caught(model: Model, monkeypatch: pytest.MonkeyPatch) -> None:
    """Money created outside the bank's ledger stops the game at once."""
    game = Game(model, 4, 3)
    original = Game.gain

    def leaky(self: Game, p: object, amount: int) -> None:
        original(self, p, amount)  # type: ignore[arg-type]
        p.money += 1  # type: ignore[attr-defined]

    monkeypatch.setattr(Game, "gain", leaky)
    with pytest.raises(InvariantViolation, match="money") as caught:
        play(game, seated(game))
    broken = caught.value.violation
    assert (broken.seed, broken.invariant) == (3, "money conserved") and broken.step > 0


def test_lost_card_is_caught(model: Model) -> None:
    """A card that vanishes from every zone breaks the conservation invariant."""
    game = Game(model, 4, 3)
    while game.ask is not None and game.state.round == 0:
        play_one(game)
    assert game.invariants() == []
    game.state.players[0].hand.pop()
    assert [name for name, _ in game.invariants()] == ["cards conserved"]


def play_one(game: Game) -> None:
    seat = game.to_move()
    game.apply(HeuristicBot().choose(game.view(seat), game.rng))


def test_no_hidden_information_reaches_a_decision(model: Model) -> None:
    """Swapping what a player cannot see (other hands, unrevealed Goals, deck order) never
    changes the choice their bot makes."""
    game = Game(model, 4, 21)
    bot = HeuristicBot()
    checked = 0
    while game.ask is not None and checked < 400:
        ask = game.ask
        state = game.state
        rng_state = game.rng.getstate()
        choice = bot.choose(game.view(ask.seat), game.rng)
        if state.players:
            # Hide-and-swap: others' hands and Goals, and the decks, rearranged.
            others = [p for p in state.players if p.seat != ask.seat]
            saved = [(p.hand[:], p.goal) for p in others]
            decks = (state.street[:], state.politics[:])
            hands = [p.hand[:] for p in others]
            shuffler = random.Random(checked)
            shuffler.shuffle(hands)
            pool = [c for h in hands for c in h] + state.street
            shuffler.shuffle(pool)
            for p, h in zip(others, hands, strict=True):
                p.hand = [pool.pop() for _ in h]
                if not p.goal_revealed:
                    p.goal = shuffler.choice(list(model.goals or ()))
            state.street = pool
            shuffler.shuffle(state.politics)
            game.rng.setstate(rng_state)
            again = bot.choose(game.view(ask.seat), game.rng)
            assert again == choice, (ask.kind, checked)
            for p, (hand, goal) in zip(others, saved, strict=True):
                p.hand, p.goal = hand, goal
            state.street, state.politics = decks
        game.rng.setstate(rng_state)
        game.apply(bot.choose(game.view(ask.seat), game.rng))
        checked += 1
    assert checked > 100


def test_every_effect_of_the_content_is_implemented(model: Model) -> None:
    """Every step, condition and modifier the content uses is executed by the model (the
    implementation-coverage report is empty)."""
    from pnp.rulesets.diplomatic_immunity.play.coverage import not_implemented

    assert not_implemented(model) == []
    assert set(effects.STEPS) == {t.name for t in TERMS.values() if t.kind is TermKind.STEP}
    assert {
        t.name for t in TERMS.values() if t.kind is TermKind.CONDITION
    } == conditions.IMPLEMENTED


def _inst(game: Game, card_id: str) -> int:
    """A card instance by card id, taken out of wherever it lies."""
    s = game.state
    inst = next(i for i, c in enumerate(s.cards) if c.id == card_id)
    for zone in (
        s.street,
        s.politics,
        s.street_discard,
        s.politics_discard,
        s.clock,
        s.boxed,
        *[p.hand for p in s.players],
    ):
        if inst in zone:
            zone.remove(inst)
    if s.headline == inst:
        s.headline = None
    return inst


def test_sample_turn(model: Model) -> None:
    """The rulebook's sample turn: 'Morning: I cool one Heat and draw two cards. Afternoon:
    I commit two crimes, take three Heat and $6M. Evening: I propose Legalise Smuggling, we
    vote, it passes. I discard down to seven.'"""
    game = Game(model, 4, 1)
    while game.ask is not None and game.state.round == 0:  # set-up, by the bots
        play_one(game)
    s = game.state
    me = s.players[s.first]
    # The table for the sample turn: a quiet Headline, no Laws, Heat 1, and a hand of the
    # two crimes, the Law and five Covers (ten cards after the Morning's two).
    for law_ in s.laws:
        s.politics_discard.append(law_.card)
    if s.headline is not None:
        s.headline_discard.append(s.headline)
    s.headline = _inst(game, "quiet-news-day")
    s.laws.clear()
    for c in me.hand:
        (s.street_discard if s.card(c).deck.id == "street" else s.politics_discard).append(c)
    me.hand = [
        _inst(game, "diplomatic-bag"),
        _inst(game, "contraband-art"),
        _inst(game, "legalise-smuggling"),
    ]
    me.hand += [
        _inst(game, k)
        for k in (
            "scapegoat",
            "sealed-pouch",
            "cooked-books",
            "cover-story",
            "friends-at-the-precinct",
        )
    ]
    for p in s.players:
        s.favor_holder[p.seat] = p.seat
        for c in [c for c in p.hand if s.card(c).kind is CardKind.MANEUVER]:
            p.hand.remove(c)
            s.politics_discard.append(c)
    me.heat, me.money = 1, 5
    # An archetype whose Bend and Cost touch neither crimes nor Laws: the Ambassador.
    me.archetype = next(a for a in model.archetypes or () if a.id == "ambassador")
    me.diplomat = me.archetype.diplomats[0]
    assert game.invariants() == []
    # Play the turn alone, the rest of the table reacting with nothing and voting yes.
    game._flow = game._turn(me)  # a scenario: one turn, from its Morning
    game._ask = next(game._flow)
    bag, art, law = (
        next(i for i in me.hand if s.card(i).id == k)
        for k in ("diplomatic-bag", "contraband-art", "legalise-smuggling")
    )
    crimes = [bag, art]
    script: dict[str, Action] = {
        "afternoon": COMMIT_CRIMES,
        "cover": NO,
        "evening": ProposeLaw(law),
        "burn-bag": NO,
        "vote": YES,
        "bribe": NOTHING,
        "react": NOTHING,
        "draw-deck": POLITICS,
        "signature": NO,
        "vote-card": NOTHING,
        "cash-on-law": NO,
        "cash-on-crime": NO,
        "call-vote": NO,
    }
    while game.ask is not None:
        ask = game.ask
        action: Action
        if ask.kind == "afternoon-action":
            action = Commit(crimes.pop(0)) if crimes else STOP
        elif ask.kind == "hand-limit":
            action = ask.options[0]
        else:
            action = script[ask.kind]
        game.apply(action)
    assert game.trace is not None
    lines = "\n".join(game.trace)
    assert "commits Diplomatic Bag" in lines and "commits Contraband Art" in lines
    assert "proposes Legalise Smuggling" in lines and "Legalise Smuggling passes" in lines
    # Morning: cool 1 (1 -> 0) and draw 2; two crimes give 1 + 2 = 3 Heat and $2M + $4M.
    assert me.heat == 1 - game.rules.morning.cool + 3
    assert me.money == 5 + 6 - game.rules.evening.law_fee
    assert any(
        s.card(law_.card).id == "legalise-smuggling" and law_.owner == me.seat for law_ in s.laws
    )
    # Ten cards after the Morning, two crimes and the Law played: seven, the hand limit.
    assert len(me.hand) == game.rules.hand_limit


def _broken(game: Game) -> Violation:
    with pytest.raises(InvariantViolation) as caught:
        play(game, seated(game))
    return caught.value.violation


def test_a_game_without_a_trace_checks_less_often_and_plays_the_same(model: Model) -> None:
    """A simulated game (no trace) checks every invariant every CHECK_EVERY choices and at
    its end; it makes the same choices, to the same end, as a traced game checked after
    every choice."""
    traced, quiet = Game(model, 4, 8), Game(model, 4, 8, trace=False)
    assert (traced.check_every, quiet.check_every) == (1, CHECK_EVERY) and CHECK_EVERY > 1
    assert play(traced, seated(traced)) == play(quiet, seated(quiet))
    assert traced.actions == quiet.actions


def test_a_broken_invariant_is_reported_at_the_choice_that_broke_it(
    model: Model, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Money leaks at the start money (after the fourth choice, between two checks): a game
    checked every CHECK_EVERY choices replays itself and reports the very choice, as a game
    checked after every choice does, and so does the simulator."""
    original = Game.gain

    def leaky(self: Game, p: Player, amount: int) -> None:
        original(self, p, amount)
        p.money += 1

    monkeypatch.setattr(Game, "gain", leaky)
    every = _broken(Game(model, 4, 3))
    assert (every.seed, every.step, every.invariant) == (3, 4, "money conserved")
    assert every.step % CHECK_EVERY != 0
    assert _broken(Game(model, 4, 3, trace=False)) == every
    assert SIMULATION.play(model, Setting(4), 3).violation == every


def test_a_rules_error_after_a_broken_invariant_reports_the_invariant(
    model: Model, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rules fail (dealing, after the eighth choice) on a table already broken at the
    fourth choice, before any check: the broken invariant is reported, at its choice."""
    original = Game.gain

    def leaky(self: Game, p: Player, amount: int) -> None:
        original(self, p, amount)
        p.money += 1

    def failing(self: Game, deck: str) -> int | None:
        raise RuntimeError("no cards")

    monkeypatch.setattr(Game, "gain", leaky)
    monkeypatch.setattr(Game, "_draw_from", failing)
    broken = _broken(Game(model, 4, 3, trace=False))
    assert (broken.seed, broken.step, broken.invariant) == (3, 4, "money conserved")


def test_a_table_changed_from_outside_is_caught_within_check_every_choices(
    model: Model,
) -> None:
    """A card taken out of the game by hand (no rule did it, so a replay keeps it) is
    caught at the next check, within CHECK_EVERY choices, with the game's seed."""
    game = Game(model, 4, 5, trace=False)
    while game.state.steps < 3 * CHECK_EVERY + 3:
        play_one(game)
    taken_at = game.state.steps
    next(p for p in game.state.players if p.hand).hand.pop()
    broken = _broken(game)
    assert (broken.seed, broken.invariant) == (5, "cards conserved")
    assert taken_at < broken.step <= taken_at + CHECK_EVERY


def test_modifiers_follow_the_table(model: Model) -> None:
    """What the modifiers say is worked out once and kept, yet follows every change of the
    table: a Law passed or gone, a new Headline, another board for a seat."""
    game = Game(model, 4, 1)
    while game.ask is not None and game.state.round == 0:
        play_one(game)
    s = game.state
    me = s.players[s.first]
    me.archetype = next(a for a in model.archetypes or () if a.id == "ambassador")
    law = _inst(game, "legalise-smuggling")
    s.laws.clear()
    s.headline = _inst(game, "quiet-news-day")
    assert not modifiers.legal(s, me, "smuggling")
    s.laws.append(LawInEffect(law, me.seat))
    assert modifiers.legal(s, me, "smuggling")
    s.laws.clear()
    assert not modifiers.legal(s, me, "smuggling")
    heat = modifiers.crime_heat(s, me, "smuggling", 2)
    s.headline = _inst(game, "smuggling-crackdown")
    assert modifiers.crime_heat(s, me, "smuggling", 2) == heat + 1
    assert modifiers.has(s, me, "no_lay_low") and not modifiers.has(s, me, "no_vote")
    limit = modifiers.limit(s, game.rules, me)
    me.archetype = next(a for a in model.archetypes or () if a.id == "military-attache")
    assert not modifiers.has(s, me, "no_lay_low")
    assert modifiers.limit(s, game.rules, me) == 4 != limit
