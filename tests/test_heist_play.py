"""Diamond Heist's rules model as the simulator plays it: golden traces, seeded results that
stay as they were, invariants caught wherever a rule breaks one, and the shared actions and
fast-built views giving the very objects their constructors give."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import os
import pickle

import pytest

from pnp.content.project import Game, load_game
from pnp.rules import engine
from pnp.rules.engine import InvariantViolation, Setting, game_seed
from pnp.rulesets.diamond_heist.play import bots
from pnp.rulesets.diamond_heist.play.actions import (
    CLAIMS,
    Accuse,
    Answer,
    Bang,
    Hide,
    Keep,
    Take,
    accuse,
    answer,
    keep,
)
from pnp.rulesets.diamond_heist.play.game import CAN_BREAK, INVARIANTS, Heist
from pnp.rulesets.diamond_heist.play.sim import SIMULATION
from pnp.rulesets.diamond_heist.play.table import NO_CARD, Role
from pnp.rulesets.diamond_heist.play.views import (
    BossView,
    Public,
    SeatView,
    build_boss_view,
    build_public,
    build_seat_view,
)
from tests.conftest import CONTENT, ROOT

GOLDEN = ROOT / "tests" / "golden"
TRACES = [(1, 5, ()), (2, 9, ("gunman",)), (3, 12, ("harder",))]
# sha256 of 2000 seeded games' results (see _results_digest); change it only with a rules
# change that is meant to change how games play.
RESULTS_DIGEST = "0959515d74283b5c4a0915714bd02e924a57d0c98cec9ec0b499dcaaccc3c409"


@pytest.fixture(scope="module")
def model() -> Game:
    """The shipped Diamond Heist model."""
    loaded = load_game(CONTENT, "diamond-heist")
    assert not loaded.diagnostics
    return loaded.game


@pytest.mark.parametrize(("seed", "players", "variants"), TRACES)
def test_golden_trace(model: Game, seed: int, players: int, variants: tuple[str, ...]) -> None:
    """The seeded game plays exactly as its committed trace says."""
    text = "\n".join(SIMULATION.trace(model, Setting(players, variants), seed)) + "\n"
    path = GOLDEN / (
        f"diamond-heist-seed{seed}-{players}p" + "".join(f"-{v}" for v in variants) + ".txt"
    )
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, (
        f"{path.name} differs: if the change is intended, run PNP_UPDATE_GOLDEN=1 make test "
        "and review the diff"
    )


def _results_digest(model: Game) -> str:
    h = hashlib.sha256()
    for i in range(2000):
        players = 5 + i % 8
        variants = ("gunman",) if players >= 7 and i % 3 == 0 else ()
        r = SIMULATION.play(model, Setting(players, variants), game_seed(7, i), i)
        assert r.violation is None
        fields = [r.seed, r.players, r.ending, r.winners, r.roles, r.steps, r.rounds]
        h.update(json.dumps([*fields, r.plays, r.extra]).encode())
    return h.hexdigest()


def test_seeded_results_stay_as_they_were(model: Game) -> None:
    """2000 seeded games (every player count, with and without the Gunman) give the results
    they always gave: a faster model must play the very same games."""
    assert _results_digest(model) == RESULTS_DIGEST


# ---- invariants -----------------------------------------------------------------------------


def test_every_kind_of_step_says_what_it_can_break() -> None:
    """Each action type has its invariants to check (maybe none), all of them known ones."""
    assert set(CAN_BREAK) == {Keep, Hide, Take, Answer, Accuse, Bang}
    assert all(set(laws) <= set(INVARIANTS) for laws in CAN_BREAK.values())


def _last_step(model: Game, seed: int, players: int) -> int:
    return SIMULATION.play(model, Setting(players), seed).steps


def test_a_rule_that_breaks_an_unchecked_invariant_is_caught_by_the_end(
    model: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Role cards are counted after a hide or a take only; an answer that conjures a role
    card is still caught, when the game ends, with the game's seed and its last step."""
    steps = _last_step(model, 11, 8)
    original = Heist._answer

    def conjuring(self: Heist, said: Answer) -> None:
        original(self, said)
        if self.seat == 0:  # the last answer
            self.hidden[0] += 1

    monkeypatch.setattr(Heist, "_answer", conjuring)
    result = SIMULATION.play(model, Setting(8), seed=11)
    v = result.violation
    assert v is not None and (v.seed, v.invariant) == (11, "role cards conserved")
    assert result.ending == "invariant_broken" and v.step == steps
    with pytest.raises(InvariantViolation, match=rf"seed 11, step {steps}: role cards conserved"):
        engine.play(SIMULATION.game(model, Setting(8), 11), bots.table(8))


def test_a_take_that_breaks_another_pocket_is_caught_by_the_end(
    model: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a take only the taker's pocket is looked at; a take that slips a diamond of the
    treasure to an earlier player holding a role card is still caught at the end."""
    original = Heist._take

    def slipping(self: Heist, take: Take) -> None:
        s = self.seat
        original(self, take)
        holders = [t for t in range(1, s) if self.hold_c[t] != NO_CARD and not self.hold_d[t]]
        if holders and self.treasure_d:
            self.treasure_d -= 1
            self.hold_d[holders[0]] += 1

    monkeypatch.setattr(Heist, "_take", slipping)
    broken = [SIMULATION.play(model, Setting(9), seed=s).violation for s in range(20)]
    assert any(v is not None and v.invariant == "one kind of thing" for v in broken)


@pytest.mark.parametrize(
    ("method", "invariant"),
    [
        ("_take", "diamonds conserved"),
        ("_hide", "role cards conserved"),
        ("_show", "apologies conserved"),
    ],
)
def test_a_broken_invariant_is_caught_at_the_step_that_breaks_it(
    model: Game, monkeypatch: pytest.MonkeyPatch, method: str, invariant: str
) -> None:
    """Where a step's rules can break an invariant, it is caught right after that step."""
    original = getattr(Heist, method)
    broke_at: list[int] = []

    def broken(self: Heist, *args: object) -> None:
        original(self, *args)
        if method == "_take":
            self.treasure_d -= 1
        elif method == "_hide":
            self.hidden[0] += 1
        else:
            self.apologies += 1
        broke_at.append(len(self.actions))

    monkeypatch.setattr(Heist, method, broken)
    found = []
    for seed in range(40):
        broke_at.clear()
        v = SIMULATION.play(model, Setting(9), seed=seed).violation
        if broke_at:
            assert v is not None and v.invariant == invariant
            assert v.step == broke_at[0]
            found.append(seed)
    assert found


# ---- shared actions and fast views --------------------------------------------------------


def test_shared_actions_are_the_actions_their_constructors_build() -> None:
    """answer(), keep() and accuse() give equal actions, shared where the rules allow them
    and new (so that `is_legal` refuses them) where they do not."""
    for saw in range(-1, 53):
        for claim in CLAIMS:
            assert answer(saw, claim) == Answer(saw, claim)
    assert answer(-3, None) == Answer(-3, None) and answer(2, Role.BOSS) == Answer(2, Role.BOSS)
    assert answer(4, Role.THIEF) is answer(4, Role.THIEF)
    assert [keep(k) for k in (-1, 0, 5, 99)] == [Keep(-1), Keep(0), Keep(5), Keep(99)]
    assert [accuse(t) for t in (-1, 1, 11, 99)] == [Accuse(-1), Accuse(1), Accuse(11), Accuse(99)]


def test_shared_bot_tables_play_like_new_ones(model: Game) -> None:
    """The default bots are shared between games: they keep nothing between choices."""
    assert bots.table(9) is bots.table(9)
    for seed in range(10):
        game, fresh = (
            SIMULATION.game(model, Setting(9), seed),
            SIMULATION.game(model, Setting(9), seed),
        )
        engine.play(game, bots.table(9))
        engine.play(fresh, bots.table(9, bots.Policy()))
        assert game.actions == fresh.actions


def test_fast_built_views_are_the_frozen_views(model: Game) -> None:
    """A view built by `views.builder` is the object its dataclass builds: the same class,
    equal, hashing alike, printing alike, copying and pickling, and refusing changes."""
    game = SIMULATION.game(model, Setting(9, ("gunman",)), 4)
    table = bots.table(9)
    seen = 0
    while game.outcome() is None:
        view = game.view(game.to_move())
        values = [getattr(view, f.name) for f in dataclasses.fields(view)]
        plain = type(view)(*values)
        assert type(view) is type(plain) and view == plain and hash(view) == hash(plain)
        assert repr(view) == repr(plain)
        assert copy.deepcopy(view) == view and pickle.loads(pickle.dumps(view)) == view
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.public = view.public  # type: ignore[misc]
        engine.step(game, table)
        seen += 1
    assert seen > 10
    pub = build_public(5, 15, 0, (False,) * 5, (None,) * 5, (-1,) * 5, -1, 0)
    assert type(pub) is Public and pub == Public(
        5, 15, 0, (False,) * 5, (None,) * 5, (-1,) * 5, -1, 0
    )
    assert build_seat_view.__doc__ and build_boss_view.__doc__
    assert {SeatView, BossView} == {type(game.view(1)), type(game.view(0))}
