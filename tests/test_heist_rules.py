"""Diamond Heist's rules model: the worked example, every rule and ruling, hidden information,
invariants, replay and reachability."""

from __future__ import annotations

import copy
import dataclasses
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.content.examples import Example, Fact
from pnp.content.project import Game, load_game
from pnp.rules import engine
from pnp.rules.engine import IllegalAction, InvariantViolation, Setting
from pnp.rulesets.diamond_heist.play import bots
from pnp.rulesets.diamond_heist.play.actions import (
    HIDE_NOTHING,
    SHOOT,
    TAKE_NOTHING,
    Accuse,
    Action,
    Answer,
    Bang,
    Hide,
    Keep,
    Phase,
    Take,
)
from pnp.rulesets.diamond_heist.play.game import (
    AGENT_ACCUSED,
    BOSS_OUT,
    DIAMONDS_BACK,
    ENDINGS,
    GUNMAN_SHOT_AGENT,
    Heist,
)
from pnp.rulesets.diamond_heist.play.scenario import run_example
from pnp.rulesets.diamond_heist.play.sim import SIMULATION
from pnp.rulesets.diamond_heist.play.table import (
    AGENT,
    DRIVER,
    GUNMAN,
    LOYALIST,
    NO_CARD,
    Role,
    Setup,
    SetupError,
)
from pnp.rulesets.diamond_heist.play.views import BossView, SeatView
from tests.conftest import CONTENT, ROOT

RULES_PACKAGE = ROOT / "tools" / "pnp" / "rulesets" / "diamond_heist" / "play"
ENGINE = ROOT / "tools" / "pnp" / "rules"  # the protocol every rules model follows


@pytest.fixture(scope="module")
def model() -> Game:
    """The shipped Diamond Heist model."""
    loaded = load_game(CONTENT, "diamond-heist")
    assert not loaded.diagnostics
    return loaded.game


def new(model: Game, players: int = 7, variants: tuple[str, ...] = ()) -> Heist:
    """A fresh game with its trace on."""
    return Heist(Setup.build(model, players, variants), seed=0, trace=True)


def play(game: Heist, *actions: Action) -> Heist:
    """Apply actions in order, checking the invariants after each."""
    for a in actions:
        game.apply(a)
        assert game.invariants() == [], game.invariants()
    return game


def silent(game: Heist) -> Heist:
    """Everybody answers the questioning with silence."""
    while game.phase is Phase.ANSWER:
        game.apply(Answer(-1, None))
    return game


# ---- the worked example ---------------------------------------------------------------------


def test_worked_example_plays_as_the_rulebook_says(model: Game) -> None:
    """Anna's game: hand-offs 13,10,10,8,8,8,6; 7 missing; Dan out, 5 missing; Anna out at
    Emil; Ben wins, and the example data says exactly that."""
    (example,) = model.examples or ()
    played = run_example(model, example)
    assert played.failures == []
    game = played.game
    assert game is not None
    assert game.handoffs == [13, 10, 10, 8, 8, 8, 6]
    stated = [f.value for s in example.steps for f in s.expect if f.key == "handoff"]
    assert stated == [13, 10, 10, 8, 8, 8, 6]
    missing = [f.value for s in example.steps for f in s.expect if f.key == "missing"]
    assert missing == [7, 5, 5]
    assert [game.names[s] for s in range(game.n) if game.out[s]] == ["Anna", "Dan"]
    result = game.outcome()
    assert result is not None and result.ending == BOSS_OUT
    assert [game.names[s] for s in result.winners] == ["Ben"]


def _mutations(example: Example) -> list[tuple[str, Example]]:
    """Every number of the example changed by one, each in its own copy."""
    found: list[tuple[str, Example]] = []

    def variants(f: Fact) -> list[Fact]:
        v = f.value
        if isinstance(v, bool):
            return []
        if isinstance(v, int):
            return [dataclasses.replace(f, value=v + 1)]
        if isinstance(v, str) and re.search(r"\d", v):
            return [dataclasses.replace(f, value=re.sub(r"\d+", lambda m: str(int(m[0]) + 1), v))]
        if isinstance(v, tuple):
            out = []
            for i, item in enumerate(v):
                if isinstance(item, tuple) and isinstance(item[1], int):
                    changed = (item[0], item[1] + 1)
                    out.append(dataclasses.replace(f, value=(*v[:i], changed, *v[i + 1 :])))
            return out
        return []

    def facts(where: str, group: tuple[Fact, ...], rebuild) -> None:
        for i, f in enumerate(group):
            for changed in variants(f):
                found.append(
                    (
                        f"{where} {f.key}={changed.value!r}",
                        rebuild((*group[:i], changed, *group[i + 1 :])),
                    )
                )

    facts("setup", example.setup, lambda g: dataclasses.replace(example, setup=g))
    facts("result", example.result, lambda g: dataclasses.replace(example, result=g))
    for j, step in enumerate(example.steps):

        def in_step(field: str, j: int = j, step=step):
            def rebuild(g: tuple[Fact, ...]) -> Example:
                steps = list(example.steps)
                steps[j] = dataclasses.replace(step, **{field: g})
                return dataclasses.replace(example, steps=tuple(steps))

            return rebuild

        facts(f"step {j + 1} ({step.who} {step.do})", step.args, in_step("args"))
        facts(f"step {j + 1} ({step.who} {step.do}) expects", step.expect, in_step("expect"))
    return found


def test_every_number_in_the_example_is_checked(model: Game) -> None:
    """Changing any count of the worked example by one makes the scenario fail."""
    (example,) = model.examples or ()
    mutations = _mutations(example)
    assert len(mutations) >= 29  # every take, hand-off, count and result
    survivors = [what for what, changed in mutations if not run_example(model, changed).failures]
    assert survivors == []


def test_a_changed_hand_off_in_the_file_fails_at_its_line(model: Game, tmp_path: Path) -> None:
    """Editing one expected number in examples.yaml fails the scenario, naming file and line."""
    game = tmp_path / "content" / "diamond-heist"
    shutil.copytree(CONTENT / "diamond-heist", game)
    path = game / "examples.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("expect: {handoff: 13}") == 1
    path.write_text(
        text.replace("expect: {handoff: 13}", "expect: {handoff: 12}"), encoding="utf-8"
    )
    changed = load_game(tmp_path / "content", "diamond-heist").game
    (example,) = changed.examples or ()
    failures = run_example(changed, example).failures
    line = 1 + text[: text.index("expect: {handoff: 13}")].count("\n")
    assert len(failures) == 1
    assert f"examples.yaml:{line}:" in failures[0] and "handoff is 13, not 12" in failures[0]


def test_example_typos_are_failures_not_no_ops(model: Game) -> None:
    """An unknown step kind, expectation or player name fails instead of passing silently."""
    (example,) = model.examples or ()
    step = example.steps[0]
    bad = dataclasses.replace(step, expect=(Fact("handof", 13, step.src),))
    failures = run_example(
        model, dataclasses.replace(example, steps=(bad, *example.steps[1:]))
    ).failures
    assert any("unknown expectation 'handof'" in f for f in failures)
    wrong_who = dataclasses.replace(example.steps[1], who="Benn")
    failures = run_example(
        model, dataclasses.replace(example, steps=(step, wrong_who, *example.steps[2:]))
    ).failures
    assert any("no player called 'Benn'" in f for f in failures)


# ---- set-up ---------------------------------------------------------------------------------


def test_setup_follows_the_treasure_table_and_variants(model: Game) -> None:
    """5 players: 1 loyalist, 1 agent, no driver, no apologies; variants change what they say."""
    five = Setup.build(model, 5)
    assert (five.diamonds, five.cards, five.apologies) == (15, (1, 1, 0, 0), 0)
    assert Setup.build(model, 12).cards == (5, 2, 2, 0)
    assert Setup.build(model, 8, ("easier",)).apologies == 2
    assert Setup.build(model, 8, ("harder",)).apologies == 0
    assert Setup.build(model, 8, ("gunman",)).cards == (2, 1, 1, 1)
    for players, variants, words in (
        (4, (), "5-12 players"),
        (13, (), "not 13"),
        (6, ("gunman",), "7-12 players"),
        (8, ("easier", "harder"), "excludes"),
        (8, ("gunmen",), "did you mean 'gunman'?"),
    ):
        with pytest.raises(SetupError, match=re.escape(words)):
            Setup.build(model, players, variants)


# ---- taking from the treasure ---------------------------------------------------------------


def test_boss_keeps_0_to_5_diamonds(model: Game) -> None:
    """The Boss may keep 0-5 diamonds back; 6 is not allowed."""
    game = new(model)
    assert game.legal_actions() == [Keep(k) for k in range(6)]
    assert not game.is_legal(Keep(6))
    with pytest.raises(IllegalAction):
        game.apply(Keep(6))
    play(game, Keep(5))
    assert (game.boss_pocket, game.treasure_d, game.handoffs) == (5, 10, [10])


def test_first_player_may_hide_one_role_card_only(model: Game) -> None:
    """Only the first player hides, at most one role card, never diamonds; then they take."""
    game = play(new(model), Keep(0))
    assert game.view(1).phase is Phase.HIDE and game.to_move() == 1
    assert set(game.legal_actions()) == {HIDE_NOTHING, Hide(LOYALIST), Hide(AGENT), Hide(DRIVER)}
    play(game, Hide(DRIVER))
    assert game.phase is Phase.TAKE and game.hidden[DRIVER] == 1
    assert not game.is_legal(Hide(AGENT))
    play(game, Take(1))
    assert game.phase is Phase.TAKE and game.to_move() == 2  # nobody else may hide


def test_each_player_takes_diamonds_or_exactly_one_role_card(model: Game) -> None:
    """At least one diamond or one role card; nothing and both are not allowed."""
    game = play(new(model), Keep(0), HIDE_NOTHING)
    legal = set(game.legal_actions())
    assert {Take(d) for d in range(1, 16)} <= legal
    assert {Take(0, c) for c in (LOYALIST, AGENT, DRIVER)} <= legal
    assert TAKE_NOTHING not in legal and Take(0, GUNMAN) not in legal
    assert not game.is_legal(TAKE_NOTHING) and not game.is_legal(Take(2, LOYALIST))
    assert not game.is_legal(Take(16))


def test_empty_treasure_makes_street_kids_and_role_cards_must_be_taken(model: Game) -> None:
    """Only role cards left: take one (ruling empty-means-empty); empty: a street kid."""
    game = play(new(model, 5), Keep(5), Hide(LOYALIST), Take(10))
    assert game.legal_actions() == [Take(0, AGENT)]
    play(game, Take(0, AGENT))
    assert game.legal_actions() == [TAKE_NOTHING]
    play(game, TAKE_NOTHING, TAKE_NOTHING)
    assert game.role[3] is Role.STREET_KID and game.role[4] is Role.STREET_KID


def test_last_player_may_take_nothing(model: Game) -> None:
    """The last player may become a street kid even with diamonds left."""
    game = play(new(model, 5), Keep(0), HIDE_NOTHING, Take(2), Take(0, AGENT), Take(3))
    assert game.to_move() == 4 and TAKE_NOTHING in game.legal_actions()
    play(game, TAKE_NOTHING)
    assert game.role[4] is Role.STREET_KID and not game.broke[4]


def test_rule_breakers_are_out_when_found_and_their_diamonds_go_back(model: Game) -> None:
    """Diamonds and a card at once: out when searched, diamonds returned, no apology owed,
    never a winner (ruling rule-breakers)."""
    game = play(
        new(model),
        Keep(0),
        HIDE_NOTHING,
        Take(2, LOYALIST),
        Take(3),
        Take(0, AGENT),
        Take(0, DRIVER),
        Take(0, LOYALIST),
        Take(1),
    )
    assert game.role[1] is Role.RULE_BREAKER and game.broke[1]
    silent(game)
    play(game, Accuse(1))
    assert game.out[1] and not game.out[0] and game.apologies == 0  # no apology was owed
    assert game.returned == 2 and game.missing() == 4
    play(game, Accuse(2), Accuse(6))
    assert game.outcome() == engine.Outcome(DIAMONDS_BACK, (0, 5))


def test_nothing_when_something_must_be_taken_breaks_the_rules(model: Game) -> None:
    """Taking nothing from a full treasure (not last) makes a rule-breaker, found at the end."""
    game = play(
        new(model),
        Keep(0),
        HIDE_NOTHING,
        TAKE_NOTHING,
        Take(3),
        Take(0, AGENT),
        Take(0, DRIVER),
        Take(0, LOYALIST),
        Take(0, LOYALIST),
    )
    assert game.role[1] is Role.RULE_BREAKER
    silent(game)
    play(game, Accuse(4))  # no apology left: the Boss is out
    result = game.outcome()
    assert result is not None and result.ending == BOSS_OUT
    assert 1 not in result.winners and game.out[1]


# ---- the questioning ------------------------------------------------------------------------


def _eight(model: Game, variants: tuple[str, ...] = ("gunman",)) -> Heist:
    """8 players, 1 apology: P1 thief 3, P2 gunman (or loyalist), P3 agent, P4 driver,
    P5 thief 2, P6 loyalist, P7 thief 2."""
    second = Take(0, GUNMAN) if variants else Take(0, LOYALIST)
    return silent(
        play(
            new(model, 8, variants),
            Keep(0),
            HIDE_NOTHING,
            Take(3),
            second,
            Take(0, AGENT),
            Take(0, DRIVER),
            Take(2),
            Take(0, LOYALIST),
            Take(2),
        )
    )


def test_thief_accused_returns_diamonds_and_is_out(model: Game) -> None:
    """ "Empty your pockets!" at a thief: the diamonds go back, the thief is out."""
    game = _eight(model, ())
    assert game.missing() == 7
    play(game, Accuse(5))
    assert game.out[5] and game.returned == 2 and game.missing() == 5
    assert game.revealed[5] == "2 diamonds" and game.phase is Phase.ACCUSE
    assert not game.is_legal(Accuse(5)) and not game.is_legal(Accuse(0))


def test_wrong_accusation_costs_an_apology_then_the_boss(model: Game) -> None:
    """A loyalist searched: one apology, stays in, cannot be searched again (ruling
    pockets-once); with none left the Boss is out and the top thief wins."""
    game = _eight(model, ())
    play(game, Accuse(6))
    assert game.apologies == 0 and game.given[6] == 1 and not game.out[6]
    assert Accuse(6) not in game.legal_actions()
    play(game, Accuse(2))
    assert game.out[0] and game.outcome() == engine.Outcome(BOSS_OUT, (1,))


def test_tied_thieves_all_win_with_street_kids_and_their_driver(model: Game) -> None:
    """Boss out: tied thieves all win, every street kid too, and a driver on their left."""
    game = play(
        new(model),
        Keep(0),
        Hide(AGENT),
        Take(2),
        Take(0, DRIVER),
        Take(2),
        Take(0, LOYALIST),
        Take(0, LOYALIST),
        TAKE_NOTHING,
    )
    silent(game)
    play(game, Accuse(4))
    assert game.outcome() == engine.Outcome(BOSS_OUT, (1, 2, 3, 6))


def test_agent_wins_alone_and_the_driver_rides_along(model: Game) -> None:
    """An accused agent wins at once; the driver on their left wins too (ruling
    drivers-ride-along)."""
    game = _eight(model, ())
    play(game, Accuse(3))
    assert game.outcome() == engine.Outcome(AGENT_ACCUSED, (3, 4))
    assert game.phase is Phase.OVER and game.legal_actions() == []


def test_all_diamonds_back_the_boss_and_loyalists_win(model: Game) -> None:
    """Every stolen diamond back: the Boss and the loyalists win; thieves lose."""
    game = _eight(model, ())
    play(game, Accuse(1), Accuse(5), Accuse(7))
    assert game.outcome() == engine.Outcome(DIAMONDS_BACK, (0, 2, 6))


# ---- the Gunman variant ---------------------------------------------------------------------


def test_gunman_shoots_an_agent_and_wins_alone(model: Game) -> None:
    """ "Bang!" before an agent shows: the gunman wins alone."""
    game = _eight(model)
    play(game, Accuse(3))
    assert game.phase is Phase.BANG and game.to_move() == 2
    play(game, SHOOT)
    assert game.outcome() == engine.Outcome(GUNMAN_SHOT_AGENT, (2,))


def test_gunman_holding_fire_lets_the_agent_win(model: Game) -> None:
    """No shot: the accused shows as usual."""
    game = _eight(model)
    play(game, Accuse(3), Bang(False))
    assert game.outcome() == engine.Outcome(AGENT_ACCUSED, (3, 4))


def test_after_bang_play_goes_on_and_the_gunman_still_wins_with_the_boss(model: Game) -> None:
    """A shot thief: both out, diamonds back, no apology; questioning goes on (ruling
    after-bang); the gunman, out, still wins with the Boss (ruling out-still-wins)."""
    game = _eight(model)
    play(game, Accuse(1), SHOOT)
    assert game.out[1] and game.out[2] and game.returned == 3 and game.apologies == 1
    assert game.phase is Phase.ACCUSE and game.missing() == 4
    play(game, Accuse(5))
    assert game.phase is Phase.ACCUSE  # the gunman is out: no more shots
    play(game, Accuse(7))
    assert game.outcome() == engine.Outcome(DIAMONDS_BACK, (0, 2, 6))


def test_gunman_accused_cannot_shoot(model: Game) -> None:
    """The accused gunman shows the Q♠ like a loyalist and gets an apology (ruling
    gunman-accused)."""
    game = _eight(model)
    play(game, Accuse(2))
    assert game.phase is Phase.ACCUSE and game.apologies == 0 and game.revealed[2] == "gunman"


def test_every_ruling_is_played_by_the_engine(model: Game) -> None:
    """Each ruling has a topic, ruling and reason, and the rules model cites it by id."""
    ids = {r.id for r in model.rulings or ()}
    assert {
        "drivers-ride-along",
        "out-still-wins",
        "rule-breakers",
        "gunman-accused",
        "after-bang",
    } <= ids
    source = "\n".join(p.read_text(encoding="utf-8") for p in RULES_PACKAGE.glob("*.py"))
    for r in model.rulings or ():
        assert r.topic and r.ruling and r.why
        assert f"ruling {r.id}" in source, r.id


# ---- hidden information ---------------------------------------------------------------------


def _to_questioning(model: Game, seed: int, players: int) -> Heist:
    game = SIMULATION.game(model, Setting(players), seed)
    table = bots.table(players)
    while game.phase not in (Phase.ACCUSE, Phase.OVER):
        engine.step(game, table)
    return game


def _permute_pockets(game: Heist, rng: random.Random, keep: int = -1) -> Heist:
    """A copy where the takers (but `keep`) hold each other's things; answers stay."""
    other = copy.deepcopy(game)
    seats = [s for s in range(1, game.n) if s != keep]
    order = seats[:]
    while order == seats:
        rng.shuffle(order)
    for name in ("hold_d", "took_d", "hold_c", "role", "saw_d", "saw_c", "saw_cards", "broke"):
        values = getattr(game, name)
        target = getattr(other, name)
        for s, t in zip(seats, order, strict=True):
            target[s] = values[t]
    return other


def test_the_boss_decides_without_seeing_any_pocket(model: Game) -> None:
    """Same answers and counts, pockets shuffled among the takers: the Boss's view and its
    accusation are identical."""
    rng = random.Random(7)
    changed = 0
    for seed in range(40):
        game = _to_questioning(model, seed, 5 + seed % 8)
        if game.phase is Phase.OVER:
            continue
        other = _permute_pockets(game, rng)
        changed += other.hold_d != game.hold_d or other.role != game.role
        view = game.view(0)
        assert isinstance(view, BossView) and other.view(0) == view
        boss = bots.Boss()
        assert boss.choose(view, random.Random(seed)) == boss.choose(
            other.view(0), random.Random(seed)
        )
    assert changed > 30  # the shuffles did move what players hold


def test_a_taker_sees_only_their_own_pocket(model: Game) -> None:
    """Shuffling the other takers' pockets leaves a taker's view unchanged."""
    rng = random.Random(3)
    for seed in range(20):
        game = _to_questioning(model, seed, 9)
        for seat in (1, 4, 8):
            view = game.view(seat)
            assert isinstance(view, SeatView)
            assert _permute_pockets(game, rng, keep=seat).view(seat) == view


def test_views_hold_no_reference_to_the_game(model: Game) -> None:
    """A view is a frozen copy: nothing in it reaches the game or its lists."""
    game = _to_questioning(model, 1, 8)
    for seat in range(game.n):
        view = game.view(seat)
        for f in dataclasses.fields(view):
            value = getattr(view, f.name)
            assert not isinstance(value, Heist | list), f.name
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.phase = Phase.OVER  # type: ignore[misc]


# ---- invariants, replay, reachability -------------------------------------------------------


def test_a_lost_diamond_stops_the_game_with_seed_and_step(
    model: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A take that loses a diamond breaks "diamonds conserved" at the first take."""
    original = Heist._take

    def leaky(self: Heist, take: Take) -> None:
        original(self, take)
        self.treasure_d -= 1  # the bug: a diamond vanishes

    monkeypatch.setattr(Heist, "_take", leaky)
    result = SIMULATION.play(model, Setting(7), seed=123)
    v = result.violation
    assert v is not None and (v.seed, v.invariant) == (123, "diamonds conserved")
    assert v.step == 3  # keep, hide or not, then the first take
    assert result.ending == "invariant_broken"
    game = SIMULATION.game(model, Setting(7), 123)
    with pytest.raises(InvariantViolation, match="seed 123, step 3: diamonds conserved"):
        engine.play(game, bots.table(7))


def test_games_end_within_their_declared_steps(model: Game) -> None:
    """A game that runs past its step limit is an invariant violation."""
    game = SIMULATION.game(model, Setting(6), 5)
    game.max_steps = 4
    with pytest.raises(InvariantViolation, match="ends in time"):
        engine.play(game, bots.table(6))
    longest = max(
        SIMULATION.play(model, Setting(p), s).steps for p in range(5, 13) for s in range(30)
    )
    assert longest <= Setup.build(model, 12).max_steps


def test_legal_actions_are_legal_and_every_bot_choice_is_among_them(model: Game) -> None:
    """Generation and legality agree at every step of seeded games."""
    for seed in range(30):
        players = 5 + seed % 8
        game = SIMULATION.game(model, Setting(players, ("gunman",) if players > 6 else ()), seed)
        table = bots.table(players)
        while game.outcome() is None:
            legal = game.legal_actions()
            assert legal and all(game.is_legal(a) for a in legal)
            action = engine.step(game, table)
            assert action in legal


def _trace(model: Game, seed: int, perturb: bool) -> tuple[list[str], list[Action]]:
    game = SIMULATION.game(model, Setting(9, ("gunman",)), seed, trace=True)
    table = bots.table(9)
    n = 0
    while game.outcome() is None:
        if perturb:  # somebody else uses the global random between steps
            random.seed(n * 7919)
            random.random()
            random.shuffle(list(range(10)))
        engine.step(game, table)
        n += 1
    assert game.trace is not None
    return game.trace, game.actions


def test_replay_is_exact_even_when_global_random_is_disturbed(model: Game) -> None:
    """The same seed gives the same trace whatever happens to `random` between steps; the
    recorded actions replay it without the seed."""
    for seed in (1, 2, 3):
        trace, actions = _trace(model, seed, False)
        assert _trace(model, seed, True) == (trace, actions)
        again = SIMULATION.game(model, Setting(9, ("gunman",)), seed=999, trace=True)
        engine.replay(again, actions)
        assert again.trace == trace
        assert SIMULATION.trace(model, Setting(9, ("gunman",)), seed) == trace


def test_every_ending_is_reached_in_a_small_seeded_batch(model: Game) -> None:
    """Each ending (and every role's win) happens in 400 seeded games with the Gunman."""
    endings: set[str] = set()
    winners: set[str] = set()
    for seed in range(400):
        r = SIMULATION.play(model, Setting(7 + seed % 6, ("gunman",)), seed)
        assert r.violation is None
        endings.add(r.ending)
        winners |= {r.roles[s] for s in r.winners}
    assert endings == set(ENDINGS)
    assert winners == {"boss", "thief", "loyalist", "agent", "driver", "street-kid", "gunman"}


def test_trace_says_every_choice_and_change(model: Game) -> None:
    """The replay trace names choices, hand-offs, answers with their truth, and the end."""
    text = "\n".join(SIMULATION.trace(model, Setting(7), 4))
    for words in (
        "keeps",
        "gets the treasure",
        "takes",
        "answers",
        "(truth:",
        "empty your pockets!",
        "game over",
    ):
        assert words in text
    assert NO_CARD == -1


def test_rules_model_imports_no_renderer_templates_or_yaml_reading() -> None:
    """The rules model and the runner load neither reportlab nor jinja2, and read no files."""
    code = (
        "import sys, pnp.rulesets.diamond_heist.play, pnp.simulate;"
        "import pnp.rulesets.diamond_heist.play.scenario;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'jinja2'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
    for path in [
        *RULES_PACKAGE.rglob("*.py"),
        *ENGINE.rglob("*.py"),
        ROOT / "tools" / "pnp" / "simulate.py",
    ]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"import yaml|load_yaml|open\(|read_text", text), path
