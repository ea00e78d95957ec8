"""Diamond Heist's own play loop (`Heist.play_checked`) plays exactly as the shared loop
(`engine.play`): the same choices, traces and outcomes, the same illegal choices refused
and the same broken invariants caught, at the same step and in the same words."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pnp.content.project import Game, load_game
from pnp.rules import engine
from pnp.rules.engine import InvariantViolation, Outcome, Setting, Violation, game_seed
from pnp.rulesets.diamond_heist.play import bots, game
from pnp.rulesets.diamond_heist.play.actions import (
    Accuse,
    Action,
    Answer,
    Bang,
    Hide,
    Keep,
    Phase,
    Take,
)
from pnp.rulesets.diamond_heist.play.game import Heist
from pnp.rulesets.diamond_heist.play.sim import SIMULATION
from pnp.rulesets.diamond_heist.play.table import NO_CARD, Role
from pnp.rulesets.diamond_heist.play.views import BossView, View
from tests.conftest import CONTENT

Played = tuple[list[Action], Outcome | Violation, list[str] | None]


@pytest.fixture(scope="module")
def model() -> Game:
    """The shipped Diamond Heist model."""
    loaded = load_game(CONTENT, "diamond-heist")
    assert not loaded.diagnostics
    return loaded.game


def _settings() -> Iterator[Setting]:
    for players in range(5, 13):
        yield Setting(players)
        if players >= 7:
            yield Setting(players, ("gunman",))
        if players <= 10:
            yield Setting(players, ("easier",))
        if players >= 8:
            yield Setting(players, ("harder",))


def _play(
    model: Game,
    setting: Setting,
    seed: int,
    table: tuple[engine.Bot[View, Action], ...] | None = None,
    fast: bool = True,
    trace: bool = False,
) -> Played:
    """One game with `play_checked` (fast) or `engine.play`: its actions, and its outcome or
    the broken invariant, and its trace."""
    heist = SIMULATION.game(model, setting, seed, trace=trace)
    seats = table if table is not None else bots.table(setting.players)
    try:
        ended: Outcome | Violation = (
            heist.play_checked(seats) if fast else engine.play(heist, seats)
        )
    except InvariantViolation as exc:
        ended = exc.violation
    return heist.actions, ended, heist.trace


def test_the_loops_play_the_same_games(model: Game) -> None:
    """Every player count and variant, many seeds: the same actions and outcomes."""
    for setting in _settings():
        for i in range(60):
            seed = game_seed(3, i)
            fast = _play(model, setting, seed)
            assert fast == _play(model, setting, seed, fast=False), (setting, seed)
            assert isinstance(fast[1], Outcome)


def test_the_loops_trace_the_same_lines(model: Game) -> None:
    """A traced game: every choice and change is written the same way."""
    for setting in (Setting(5), Setting(9, ("gunman",)), Setting(12, ("harder",))):
        for seed in range(15):
            fast = _play(model, setting, seed, trace=True)
            assert fast == _play(model, setting, seed, fast=False, trace=True)
            assert fast[2]


class _Asked:
    """A bot that is no default bot: it asks another with its view (the other loop path)."""

    def __init__(self, bot: engine.Bot[View, Action]) -> None:
        self.bot = bot

    def choose(self, view: View, rng: random.Random) -> Action:
        """The other bot's choice."""
        return self.bot.choose(view, rng)


def test_other_bots_are_asked_with_their_view(model: Game) -> None:
    """Bots other than the default ones get views, and the games are the same."""
    for players in (5, 8, 12):
        default = bots.table(players)
        mixed = tuple(_Asked(b) if s % 2 else b for s, b in enumerate(default))
        wrapped = tuple(_Asked(b) for b in default)
        other = bots.table(players, bots.Policy(greed=0.5, boss_noise=2.0))
        for seed in range(25):
            setting = Setting(players)
            expected = _play(model, setting, seed, fast=False)
            assert _play(model, setting, seed, mixed) == expected
            assert _play(model, setting, seed, wrapped) == expected
            assert _play(model, setting, seed, other) == _play(
                model, setting, seed, other, fast=False
            )


class _Cheat:
    """The default bot, but for one illegal choice the first time a phase comes up."""

    def __init__(self, bot: engine.Bot[View, Action], phase: Phase, action: Action) -> None:
        self.bot, self.phase, self.action, self.done = bot, phase, action, False

    def choose(self, view: View, rng: random.Random) -> Action:
        """The illegal choice, once, in its phase; else the default bot's."""
        if view.phase is self.phase and not self.done:
            self.done = True
            return self.action
        return self.bot.choose(view, rng)


CHEATS: list[tuple[int, Phase, Action]] = [  # seat, phase, illegal choice
    (0, Phase.KEEP, Keep(6)),
    (0, Phase.KEEP, Keep(-1)),
    (0, Phase.KEEP, Take(1)),
    (1, Phase.HIDE, Hide(3)),
    (1, Phase.HIDE, Answer(2, None)),
    (2, Phase.TAKE, Take(1, 0)),  # both kinds at once
    (2, Phase.TAKE, Take()),  # nothing, when something must be taken
    (2, Phase.TAKE, Take(-1)),
    (2, Phase.TAKE, Take(40)),
    (2, Phase.TAKE, Take(0, 3)),  # no gunman card in the treasure
    (2, Phase.TAKE, Take(0, 9)),
    (2, Phase.TAKE, Hide()),
    (3, Phase.ANSWER, Answer(-2, None)),
    (3, Phase.ANSWER, Answer(16, Role.LOYALIST)),
    (3, Phase.ANSWER, Answer(3, Role.BOSS)),
    (3, Phase.ANSWER, Accuse(2)),
    (0, Phase.ACCUSE, Accuse(0)),
    (0, Phase.ACCUSE, Accuse(9)),
    (0, Phase.ACCUSE, Bang(True)),
]


@pytest.mark.parametrize(("seat", "phase", "action"), CHEATS)
def test_illegal_choices_are_refused_alike(
    model: Game, seat: int, phase: Phase, action: Action
) -> None:
    """An illegal choice stops both loops at the same step, in the same words."""
    players = 7
    refused = 0
    for seed in range(12):
        tables = []
        for _ in range(2):
            table: list[engine.Bot[View, Action]] = list(bots.table(players))
            table[seat] = _Cheat(table[seat], phase, action)
            tables.append(tuple(table))
        fast = _play(model, Setting(players), seed, tables[0])
        slow = _play(model, Setting(players), seed, tables[1], fast=False)
        assert fast == slow
        if isinstance(slow[1], Violation):
            assert slow[1].invariant == "legal action"
            refused += 1
    assert refused


class _Greedy:
    """A taker who takes all the diamonds there are, else a role card, else nothing."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """Everything it can, one kind at a time; an honest silent answer."""
        if view.phase is Phase.TAKE:
            assert not isinstance(view, BossView)
            if view.treasure_diamonds:
                return Take(view.treasure_diamonds)
            cards = [c for c, n in enumerate(view.treasure_cards) if n]
            return Take(0, cards[0]) if cards else Take()
        if view.phase is Phase.HIDE:  # one card fewer: the treasure is empty sooner
            assert not isinstance(view, BossView)
            return Hide(next(c for c, n in enumerate(view.treasure_cards) if n))
        return Answer(-1, None)


def test_nothing_may_be_taken_from_an_empty_treasure(model: Game) -> None:
    """Greedy takers empty the treasure before the last one: those after them take nothing,
    which the rules allow then (ruling empty-means-empty), in both loops alike."""
    emptied = 0
    for players in (8, 10, 12):
        table: tuple[engine.Bot[View, Action], ...] = (
            bots.Boss(),
            *(_Greedy() for _ in range(players - 1)),
        )
        for seed in range(5):
            fast = _play(model, Setting(players), seed, table)
            assert fast == _play(model, Setting(players), seed, table, fast=False)
            assert isinstance(fast[1], Outcome)
            heist = SIMULATION.game(model, Setting(players), seed)
            for action in fast[0]:
                emptied += action == Take() and heist.seat < players - 1
                heist.apply(action)
    assert emptied


def test_an_accused_player_cannot_be_accused_again(model: Game) -> None:
    """Accusing a player already searched is refused alike (ruling pockets-once)."""

    class Again:
        def __init__(self) -> None:
            self.boss, self.first = bots.Boss(), -1

        def choose(self, view: View, rng: random.Random) -> Action:
            action = self.boss.choose(view, rng)
            if isinstance(action, Accuse):
                if self.first < 0:
                    self.first = action.target
                else:
                    return Accuse(self.first)
            return action

    refused = shown = 0
    for setting in (Setting(9), Setting(9, ("easier",)), Setting(10, ("easier",))):
        for seed in range(40):
            table = (Again(), *bots.table(setting.players)[1:])
            ends = [_play(model, setting, seed, table, fast=fast) for fast in (True, False)]
            assert ends[0] == ends[1]
            if isinstance(ends[0][1], Violation):
                refused += 1
                heist = SIMULATION.game(model, setting, seed)
                engine.replay(heist, ends[0][0])
                first = next(a.target for a in heist.actions if isinstance(a, Accuse))
                shown += not heist.out[first]  # searched, and still in
    assert refused and shown


def _apology_with_none_left(heist: Heist) -> None:
    """An apology given with none left: they add up, but fewer than none are left."""
    heist.apologies -= 1
    heist.given[1] += 1


def _slip_to_the_boss(heist: Heist) -> None:
    """A diamond of the taker's slips into the Boss's pocket: every diamond is still there."""
    heist.hold_d[heist.mover] -= 1
    heist.hold_d[0] += 1


BREAKS: list[tuple[str, Callable[[Heist], None]]] = [  # a rule, and what a bug in it does
    ("_take", lambda g: setattr(g, "treasure_d", g.treasure_d - 1)),
    ("_take", lambda g: g.hidden.__setitem__(1, g.hidden[1] + 1)),
    ("_take", lambda g: g.hold_d.__setitem__(0, 1)),
    ("_take", lambda g: g.hold_c.__setitem__(0, 0)),
    ("_take", lambda g: g.hold_d.__setitem__(g.mover, g.hold_d[g.mover] + 1)),
    ("_take", lambda g: g.hold_c.__setitem__(g.mover, 2)),
    ("_take", lambda g: g.treasure_c.__setitem__(3, g.treasure_c[3] + 1)),
    ("_keep", lambda g: setattr(g, "boss_pocket", g.boss_pocket + 1)),
    ("_hide", lambda g: g.hidden.__setitem__(0, g.hidden[0] + 1)),
    ("_answer", lambda g: g.hidden.__setitem__(2, 1) if g.phase is Phase.ACCUSE else None),
    ("_answer", lambda g: setattr(g, "treasure_d", g.treasure_d + 1)),
    ("_show", lambda g: setattr(g, "apologies", g.apologies + 1)),
    ("_show", lambda g: setattr(g, "returned", g.returned + 1)),
    ("_show", lambda g: g.given.__setitem__(0, -1)),
    ("_accuse", lambda g: setattr(g, "apologies", -1)),
    ("_accuse", lambda g: g.hold_c.__setitem__(0, 1)),
    ("_bang", lambda g: setattr(g, "treasure_d", g.treasure_d + 2)),
    ("_show", _apology_with_none_left),
    ("_take", _slip_to_the_boss),
]


@pytest.mark.parametrize(("method", "bug"), BREAKS)
def test_broken_invariants_are_caught_alike(
    model: Game, monkeypatch: pytest.MonkeyPatch, method: str, bug: Callable[[Heist], None]
) -> None:
    """A rule that breaks an invariant is caught by both loops at the same step, as the
    same invariant in the same words (right after the step, or at the end of the game)."""
    original = getattr(Heist, method)

    def buggy(self: Heist, *args: object) -> None:
        original(self, *args)
        if self.result is None:
            bug(self)

    monkeypatch.setattr(Heist, method, buggy)
    caught = 0
    for setting in (Setting(6), Setting(9, ("gunman",)), Setting(12)):
        for seed in range(12):
            fast = _play(model, setting, seed)
            assert fast == _play(model, setting, seed, fast=False), (setting, seed)
            caught += isinstance(fast[1], Violation)
    assert caught


@pytest.mark.parametrize("whom", ["searched", "out", "boss", "nobody"])
def test_a_boss_accusing_against_the_rules_is_refused_alike(
    model: Game, monkeypatch: pytest.MonkeyPatch, whom: str
) -> None:
    """The Boss's accusation of a player already searched (still in, or out), of itself or
    of nobody at all is refused by both loops alike (ruling pockets-once)."""
    original = bots.Boss.accuse_with

    def wrong(self: bots.Boss, reckoning: bots.Reckoning, *args: Any) -> Action:
        shown, out = args[0], args[1]
        searched = [s for s in range(1, len(shown)) if shown[s] >= 0]
        for s in searched:
            if (whom == "out") == bool(out[s]):
                return Accuse(s)
        if whom in ("boss", "nobody") and searched:
            return Accuse(0 if whom == "boss" else len(shown))
        return original(self, reckoning, *args)

    monkeypatch.setattr(bots.Boss, "accuse_with", wrong)
    refused = 0
    for setting in (Setting(9), Setting(10, ("easier",)), Setting(12, ("gunman",))):
        for seed in range(25):
            fast = _play(model, setting, seed)
            assert fast == _play(model, setting, seed, fast=False), (setting, seed)
            refused += isinstance(fast[1], Violation) and fast[1].invariant == "legal action"
    assert refused


def test_the_boss_reckons_anew_when_the_counts_change(
    model: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the counts the Boss reckons from change between accusations (here a search
    that moves a diamond from what came back to what the Boss kept, conserving them), the
    Boss reckons anew, as it does from each view."""
    original = Heist._show

    def moving(self: Heist, t: int) -> None:
        original(self, t)
        if self.result is None and self.treasure_d:
            self.boss_pocket += 1
            self.treasure_d -= 1

    monkeypatch.setattr(Heist, "_show", moving)
    for setting in (Setting(8), Setting(10, ("easier",)), Setting(12)):
        for seed in range(30):
            assert _play(model, setting, seed) == _play(model, setting, seed, fast=False)


def test_games_that_run_too_long_stop_alike(model: Game) -> None:
    """A game past its step limit stops both loops at the same step."""
    for limit in (1, 4, 9, 15):
        ends = []
        for fast in (True, False):
            heist = SIMULATION.game(model, Setting(8), 5)
            heist.max_steps = limit
            with pytest.raises(InvariantViolation) as caught:
                if fast:
                    heist.play_checked(bots.table(8))
                else:
                    engine.play(heist, bots.table(8))
            ends.append(caught.value.violation)
        assert ends[0] == ends[1] and ends[0].invariant == "ends in time"


def test_the_loop_checks_what_each_step_can_break() -> None:
    """After a take or an accusation the loop works out itself every invariant their rules
    can break (CAN_BREAK); were there one it does not, it would leave them to `_broken`."""
    assert game._TAKES_CHECKED_HERE and game._ACCUSATIONS_CHECKED_HERE
    assert set(game.TAKE_NO_CARD_CAN_BREAK) <= set(game.CAN_BREAK[Take])


def test_the_boss_reckons_once_and_accuses_as_from_its_view(model: Game) -> None:
    """The Boss's reckoning holds for the whole questioning: accusing from a reckoning
    made at the first accusation chooses as choosing from each later view does."""
    checked = 0
    for seed in range(40):
        heist = SIMULATION.game(model, Setting(10), seed)
        table = bots.table(10)
        boss = table[0]
        assert isinstance(boss, bots.Boss)
        reckoning = None
        while heist.outcome() is None:
            if heist.phase is Phase.ACCUSE:
                view = heist.view(0)
                assert isinstance(view, BossView)
                pub = view.public
                if reckoning is None:
                    reckoning = boss.reckon(
                        pub.players,
                        view.started,
                        view.answers,
                        view.back_diamonds,
                        view.cards_in,
                        view.back_cards,
                    )
                state = heist.rng.getstate()
                by_reckoning = boss.accuse_with(
                    reckoning, pub.shown_diamonds, pub.out, pub.revealed, heist.rng
                )
                heist.rng.setstate(state)
                assert by_reckoning == boss.choose(view, heist.rng)
                heist.rng.setstate(state)
                checked += 1
            engine.step(heist, table)
    assert checked > 40


def test_a_rule_breaker_is_played_on_alike(model: Game) -> None:
    """A take that breaks the rules, played by `apply` (as a scripted game does), makes a
    rule-breaker; both loops play the rest of the game alike."""
    for seed in range(10):
        games = [SIMULATION.game(model, Setting(7), seed) for _ in range(2)]
        for heist in games:
            heist.apply(Keep(0))
            if heist.phase is Phase.HIDE:
                heist.apply(Hide(NO_CARD))
            heist.apply(Take(1, 0) if heist.treasure_c[0] else Take())
            assert heist.broke[1] and heist.role[1] is Role.RULE_BREAKER
        ends: list[Outcome | Violation] = []
        for heist, fast in zip(games, (True, False), strict=True):
            table = bots.table(7)
            try:
                ends.append(heist.play_checked(table) if fast else engine.play(heist, table))
            except InvariantViolation as exc:
                ends.append(exc.violation)
        assert ends[0] == ends[1] and games[0].actions == games[1].actions


def _accuse_plainly(
    boss: bots.Boss,
    reckoning: bots.Reckoning,
    shown: list[int],
    out: list[bool],
    revealed: list[str | None],
    rng: random.Random,
) -> Action:
    """`Boss.accuse_with` as it reads plainly, every seat the long way (what its shortcut for
    seats neither searched nor framed must choose alike)."""
    looks, drops = reckoning.looks, reckoning.drops
    best, best_score = -1, -1.0
    framing = 0
    for s in range(1, len(looks)):
        suspicion = looks[s] + framing
        framing = 0
        showed = shown[s]
        if 0 <= showed < drops[s]:
            suspicion -= drops[s]
            framing = drops[s] - showed
        if out[s] or revealed[s] is not None:
            continue
        value = suspicion + boss.policy.boss_noise * rng.random()
        if value > best_score:
            best, best_score = s, value
    return Accuse(best)


def test_the_boss_accuses_as_the_plain_reckoning_does() -> None:
    """Searched, framed, out and untouched seats in every mix: the same accusation from the
    same draws as the plain loop, and the generator left in the same state."""
    pick = random.Random(5)
    for _ in range(3000):
        players = pick.randint(2, 12)
        looks = tuple(
            [0.0] + [pick.choice((-1.5, 0.0, 0.5, 1.0, 2.0, 6.5)) for _ in range(1, players)]
        )
        drops = tuple([0] + [pick.randint(-2, 5) for _ in range(1, players)])
        shown = [-1] + [pick.choice((-1, -1, 0, 1, 3)) for _ in range(1, players)]
        out = [False] + [shown[s] >= 0 and pick.random() < 0.5 for s in range(1, players)]
        revealed: list[str | None] = [None]
        revealed += [
            "shown" if shown[s] >= 0 and pick.random() < 0.7 else None for s in range(1, players)
        ]
        boss = bots.Boss(bots.Policy(boss_noise=pick.choice((0.0, 0.75, 3.0))))
        reckoning = bots.Reckoning(looks, drops)
        seed = pick.getrandbits(32)
        fast, plain = random.Random(seed), random.Random(seed)
        assert boss.accuse_with(reckoning, shown, out, revealed, fast) == _accuse_plainly(
            boss, reckoning, shown, out, revealed, plain
        )
        assert fast.getstate() == plain.getstate()


def test_a_take_of_one_kind_asks_no_more_whether_it_breaks_the_rules(model: Game) -> None:
    """`_take` asks `_breaks_rules` only for a take of both kinds or of nothing: every take,
    by every seat, makes the role that `_breaks_rules` says it does."""
    for seed in range(30):
        for d, c in [(0, NO_CARD), (1, NO_CARD), (2, NO_CARD), (0, 0), (0, 1), (1, 0), (3, 1)]:
            heist = SIMULATION.game(model, Setting(7), seed)
            heist.apply(Keep(0))
            if heist.phase is Phase.HIDE:
                heist.apply(Hide(NO_CARD))
            while heist.phase is Phase.TAKE:
                take = Take(d if d <= heist.treasure_d else 0, c)
                if c != NO_CARD and not heist.treasure_c[c]:
                    take = Take(d if d <= heist.treasure_d else 0)
                seat, breaks = heist.seat, heist._breaks_rules(take)
                heist.apply(take)
                assert heist.broke[seat] is breaks
                assert (heist.role[seat] is Role.RULE_BREAKER) is breaks
