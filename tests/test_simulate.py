"""The simulator and `pnp sim` / `pnp replay`: determinism, parallel runs, the JSON contract,
the report, invariant failures and usage errors."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from pnp import simulate
from pnp.content.model import Ref
from pnp.content.project import Game, load_game
from pnp.rulesets.diamond_heist.play.actions import Take
from pnp.rulesets.diamond_heist.play.game import ENDINGS, Heist
from tests.conftest import CONTENT, run_pnp

JSON_KEYS = {
    "game",
    "version",
    "seed",
    "games",
    "players",
    "elapsed_s",
    "games_per_s",
    "endings",
    "rounds",
    "wins_by_seat",
    "wins_by_role",
    "card_plays",
    "never_played",
    "invariant_violations",
    "win_rate_by_role_and_players",
    "boss_wins_by_apologies",
}


@pytest.fixture(scope="module")
def model() -> Game:
    """The shipped Diamond Heist model."""
    return load_game(CONTENT, "diamond-heist").game


def _untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in simulate.TIMING_KEYS}


def test_results_depend_on_seed_and_index_only(model: Game) -> None:
    """The same plan gives the same statistics; another seed gives others."""
    plan = simulate.plan(model, 300, [5, 8, 12], seed=4)
    first = _untimed(simulate.summarise(simulate.run(plan)))
    assert _untimed(simulate.summarise(simulate.run(plan))) == first
    other = simulate.plan(model, 300, [5, 8, 12], seed=5)
    assert _untimed(simulate.summarise(simulate.run(other))) != first


def test_two_jobs_give_the_same_results_as_one(model: Game) -> None:
    """--jobs 2 plays the very same games as --jobs 1."""
    plan = simulate.plan(model, 700, range(5, 13), seed=9, variants=())
    one, two = simulate.run(plan, 1), simulate.run(plan, 2)
    assert one.results == two.results
    assert _untimed(simulate.summarise(one)) == _untimed(simulate.summarise(two))


def test_each_game_replays_from_its_own_seed(model: Game) -> None:
    """Game i of a run is the game `pnp replay --seed <its seed>` plays."""
    plan = simulate.plan(model, 20, [7, 10], seed=3)
    sim = simulate.simulation_for(model)
    for r in simulate.run(plan).results[:6]:
        again = sim.play(model, plan.setting(r.index), r.seed)
        assert dataclasses.replace(again, index=r.index) == r


def test_sim_json_has_the_documented_keys(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`pnp sim --json` writes every key of interfaces.md plus Diamond Heist's own."""
    out = tmp_path / "sim.json"
    status, stdout, _ = run_pnp(
        capsys,
        "sim",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--games",
        "400",
        "--players",
        "5,9,12",
        "--seed",
        "2",
        "--json",
        str(out),
    )
    assert status == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) >= JSON_KEYS
    assert data["players"] == [5, 9, 12] and data["games"] == 400
    assert set(data["endings"]) == set(ENDINGS) and sum(data["endings"].values()) == 400
    assert set(data["rounds"]) == {"mean", "p50", "p90", "max"}
    assert data["invariant_violations"] == []
    assert set(data["win_rate_by_role_and_players"]) == {"5", "9", "12"}
    assert {"boss", "thief", "agent"} <= set(data["win_rate_by_role_and_players"]["9"])
    assert all(set(v) == {"games", "wins"} for v in data["wins_by_seat"].values())
    assert "win rate by role and player count" in stdout and "\r" not in stdout


def test_report_is_deterministic_and_shows_roles_by_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The PDF report is the same bytes for the same run and names what is not modelled."""
    paths = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for path in paths:
        status, _, _ = run_pnp(
            capsys,
            "sim",
            "diamond-heist",
            "--content",
            str(CONTENT),
            "--games",
            "240",
            "--players",
            "5,6,7,8,9,10,11,12",
            "--report",
            str(path),
        )
        assert status == 0
    data = paths[0].read_bytes()
    assert data == paths[1].read_bytes()
    pdf = pypdfium2.PdfDocument(io.BytesIO(data))
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "What the bots do not model" in text and "table talk" in text
    assert "Win rate by role and player count" in text
    assert all(str(n) in text for n in range(5, 13))


def test_broken_invariant_exits_1_and_prints_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rules bug that loses a diamond: exit 1, and each failing game's seed and replay."""
    original = Heist._take

    def leaky(self: Heist, take: Take) -> None:
        original(self, take)
        self.treasure_d -= 1

    monkeypatch.setattr(Heist, "_take", leaky)
    status, out, err = run_pnp(
        capsys,
        "sim",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--games",
        "3",
        "--players",
        "7",
        "--seed",
        "1",
    )
    assert status == 1
    assert "invariants: 3 broken" in out
    lines = err.strip().splitlines()
    assert len(lines) == 3 and "diamonds conserved" in lines[0] and "step 3" in lines[0]
    seed = int(lines[0].split("seed ")[1].split(",")[0])
    assert f"pnp replay diamond-heist --seed {seed} --players 7" in lines[0]
    status, out, _ = run_pnp(
        capsys,
        "replay",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--seed",
        str(seed),
        "--players",
        "7",
    )
    assert status == 1 and "INVARIANT BROKEN" in out


def test_replay_prints_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    """`pnp replay` prints every choice and change of the seeded game, the same each time."""
    args = (
        "replay",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--seed",
        "42",
        "--players",
        "8",
        "--variant",
        "gunman",
    )
    status, out, _ = run_pnp(capsys, *args)
    assert status == 0
    assert out.startswith("Diamond Heist: seed 42, 8 players, variants gunman\n")
    assert "gets the treasure" in out and "game over" in out
    assert run_pnp(capsys, *args)[1] == out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("sim", "diamond-hiest"), "did you mean 'diamond-heist'?"),
        (("sim", "diamond-heist", "--players", "4,5"), "5-12 players"),
        (("sim", "diamond-heist", "--players", "13"), "not 13"),
        (("sim", "diamond-heist", "--players", "five"), "--players takes counts"),
        (("sim", "diamond-heist", "--players", "6", "--variant", "gunman"), "7-12 players"),
        (("sim", "diamond-heist", "--variant", "easier,harder", "--players", "8"), "excludes"),
        (("sim", "diamond-heist", "--jobs", "0"), "--jobs must be at least 1"),
        (("sim", "diamond-heist", "--games", "0"), "--games must be at least 1"),
        (("sim", "diamond-heist", "--json", str(CONTENT / "x.json")), "inside the content folder"),
        (("replay", "diamond-heist", "--seed", "1", "--players", "3"), "not 3"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    """Unknown games, counts outside the game's range and bad options exit 2 and say why."""
    status, _, err = run_pnp(capsys, *args[:2], "--content", str(CONTENT), *args[2:])
    assert status == 2 and words in err, err
    assert "Traceback" not in err and "internal error" not in err


def test_a_ruleset_without_a_rules_model_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], model: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset nobody installed, or one registered without a rules model: a clear
    message and exit 2."""
    info = model.info
    assert info is not None and info.ruleset is not None
    lost = dataclasses.replace(
        model, info=dataclasses.replace(info, ruleset=Ref("no-such-game", info.ruleset.src))
    )
    with pytest.raises(simulate.SimError, match="no ruleset 'no-such-game' is installed"):
        simulate.simulation_for(lost)
    from pnp import rulesets

    plugin = rulesets.registry()["diamond-heist"]
    bare = dataclasses.replace(plugin, simulation=None)
    monkeypatch.setattr(rulesets, "get", lambda name: bare if name == "diamond-heist" else None)
    status, _, err = run_pnp(capsys, "sim", "diamond-heist", "--content", str(CONTENT))
    assert status == 2 and "has no rules model for simulation" in err


def test_progress_bar_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal `pnp sim` draws a plain-text bar; piped, it prints none."""
    import sys

    status, out, _ = run_pnp(
        capsys,
        "sim",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--games",
        "300",
        "--players",
        "6",
    )
    assert status == 0 and "[#" not in out
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status, out, _ = run_pnp(
        capsys,
        "sim",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--games",
        "300",
        "--players",
        "6",
    )
    assert status == 0 and "\r[" + "#" * 30 + "] 300/300 games" in out
