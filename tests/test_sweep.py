"""`pnp sweep`: numbers named by their paths, variants made in memory and checked, the same
games played by every variant, and the same results on the local pool and on Dask."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pnp import simulate, sweep
from pnp.content.project import load_game
from tests.conftest import CONTENT, run_pnp

DI, HEIST = "diplomatic-immunity", "diamond-heist"


def test_the_three_forms_of_path() -> None:
    """A document's entry's field, a card's count, a rules number: each names the number as
    written, where it is written."""
    spots = sweep.numbers(CONTENT, DI)
    jet = spots["departures.private-jet.price"]
    assert jet.rel == "departures.yaml" and jet.value == 8
    line = (CONTENT / DI / jet.rel).read_text(encoding="utf-8").split("\n")[jet.line - 1]
    assert line.strip() == "price: 8"
    assert spots["cards.leak.count"].rel == "street.yaml"
    assert spots["rules.heat.limit.with_immunity"].value == 5


def test_a_misspelt_path_names_the_paths_near_it() -> None:
    spots = sweep.numbers(CONTENT, DI)
    with pytest.raises(sweep.SweepError, match=r"departures\.private-jet\.price"):
        sweep.parse_vary("departures.privat-jet.price=6..10", spots)
    with pytest.raises(sweep.SweepError, match="PATH=VALUES"):
        sweep.parse_vary("departures.private-jet.price", spots)


@pytest.mark.parametrize(
    ("text", "integer", "values"),
    [
        ("6..10", True, (6, 7, 8, 9, 10)),
        ("6,8,10", True, (6, 8, 10)),
        ("0.25..0.75:0.25", False, (0.25, 0.5, 0.75)),
        ("2..8:3", True, (2, 5, 8)),
    ],
)
def test_values(text: str, integer: bool, values: tuple[float, ...]) -> None:
    assert sweep.parse_values(text, integer) == values


@pytest.mark.parametrize("text", ["6..x", "10..6", "6.5,7", "", "1..2:0"])
def test_bad_values(text: str) -> None:
    with pytest.raises(sweep.SweepError):
        sweep.parse_values(text, True)


def test_a_variant_is_made_in_memory_and_checked(tmp_path: Path) -> None:
    """The changed number reaches the model; the content folder is never written."""
    spots = sweep.numbers(CONTENT, DI)
    before = {p: p.stat().st_mtime_ns for p in (CONTENT / DI).rglob("*") if p.is_file()}
    variant = sweep.Variant((("departures.private-jet.price", 9),), allowed=("E712",))
    result = sweep.check(CONTENT, DI, variant, spots)
    jet = next(d for d in result.games[DI].doors if d.id == "private-jet")
    assert jet.price == 9
    assert {p: p.stat().st_mtime_ns for p in (CONTENT / DI).rglob("*") if p.is_file()} == before
    # the fact quoting the rulebook's $8M pins it: E712, at the price's line
    codes = {(d.code, Path(d.file).name) for d in result.diagnostics}
    assert ("E712", "departures.yaml") in codes


def test_a_variant_that_breaks_a_check_is_reported_not_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Leak count the components list no longer matches stops that variant only."""
    out = tmp_path / "sweep.json"
    count = int(sweep.numbers(CONTENT, DI)["cards.leak.count"].value)
    status, text, _ = run_pnp(
        capsys,
        "sweep",
        DI,
        "--content",
        str(CONTENT),
        "--vary",
        f"cards.leak.count={count},{count + 1}",
        "--games",
        "8",
        "--players",
        "4",
        "--json",
        str(out),
    )
    assert status == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    by_count = {v["numbers"]["cards.leak.count"]: v for v in data["variants"]}
    assert by_count[count]["checked"] and "measures" in by_count[count]
    assert not by_count[count + 1]["checked"]
    assert any("E702" in e and "components.yaml" in e for e in by_count[count + 1]["errors"])
    assert "not played" in text


def _heist_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> dict[str, object]:
    out = tmp_path / f"sweep{len(list(tmp_path.iterdir()))}.json"
    status, _, err = run_pnp(
        capsys,
        "sweep",
        HEIST,
        "--content",
        str(CONTENT),
        "--vary",
        "rules.boss_hides.max=1,2",
        "--games",
        "64",
        "--players",
        "6,9",
        "--seed",
        "3",
        "--json",
        str(out),
        *extra,
    )
    assert status == 0, err
    found: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return found


def test_the_unchanged_variant_plays_the_games_pnp_sim_plays(tmp_path: Path) -> None:
    """Common random numbers: a variant whose number is the game's own plays exactly the
    games `pnp sim` plays with the same seed, counts and players."""
    spots = sweep.numbers(CONTENT, HEIST)
    original = int(spots["rules.diamonds"].value)
    varies = [sweep.parse_vary(f"rules.diamonds={original - 2},{original}", spots)]
    found = sweep.run(CONTENT, HEIST, varies, 40, [6, 9], 5, lambda p: simulate.run(p, 1))
    same = next(v for v in found.variants if v.numbers[0][1] == original)
    model = load_game(CONTENT, HEIST).game
    assert model is not None and same.summary is not None
    direct = simulate.summarise(simulate.run(simulate.plan(model, 40, [6, 9], 5), 1))
    for key in ("endings", "wins_by_seat", "wins_by_role", "rounds"):
        assert same.summary[key] == direct[key], key


def test_a_two_number_grid_with_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "sweep.html"
    pdf = tmp_path / "sweep.pdf"
    for path in (report, pdf):
        status, text, err = run_pnp(
            capsys,
            "sweep",
            HEIST,
            "--content",
            str(CONTENT),
            "--vary",
            "rules.boss_hides.max=1,2",
            "--vary",
            "rules.diamonds=16,18",
            "--games",
            "24",
            "--players",
            "7",
            "--report",
            str(path),
        )
        assert status == 0, err
    assert text.count("max=") >= 4
    page = report.read_text(encoding="utf-8")
    assert "Balance score" in page and page.count("<rect") >= 4 and "<table>" in page
    assert pdf.read_bytes().startswith(b"%PDF")


def test_one_number_report_has_a_line_chart_per_measure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "sweep.html"
    status, _, err = run_pnp(
        capsys,
        "sweep",
        HEIST,
        "--content",
        str(CONTENT),
        "--vary",
        "rules.diamonds=14..18:2",
        "--games",
        "24",
        "--players",
        "7",
        "--report",
        str(report),
    )
    assert status == 0, err
    page = report.read_text(encoding="utf-8")
    charts = page.count("<polyline")
    assert charts >= 4 and page.count(": the numbers</caption>") >= 3


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="a 2-worker cluster needs 2 cores")
def test_local_and_dask_give_the_same_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same sweep on the local pool (2 processes) and on a 2-worker Dask LocalCluster."""
    pytest.importorskip("distributed")
    local = _heist_sweep(tmp_path, capsys, "--jobs", "2")
    dask = _heist_sweep(tmp_path, capsys, "--executor", "dask", "--jobs", "2")
    assert local == dask
    one = _heist_sweep(tmp_path, capsys)
    assert one == local


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="a 2-worker cluster needs 2 cores")
def test_pnp_sim_on_dask_gives_the_local_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    found: list[dict[str, object]] = []
    for extra in ((), ("--executor", "dask", "--jobs", "2")):
        out = tmp_path / f"sim{len(found)}.json"
        args = ["sim", HEIST, "--content", str(CONTENT), "--games", "90", "--seed", "4"]
        status, _, err = run_pnp(capsys, *args, "--json", str(out), *extra)
        assert status == 0, err
        data = json.loads(out.read_text(encoding="utf-8"))
        for key in ("elapsed_s", "games_per_s"):
            data.pop(key)
        found.append(data)
    assert found[0] == found[1]


def test_a_scheduler_without_dask_executor_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_pnp(
        capsys, "sim", HEIST, "--content", str(CONTENT), "--scheduler", "tcp://127.0.0.1:1"
    )
    assert status == 2 and "--scheduler is for --executor dask" in err


def test_a_game_without_a_rules_model_is_said_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tmp_path / "content"
    assert run_pnp(capsys, "new", "demo", "--content", str(content))[0] == 0
    status, _, err = run_pnp(
        capsys, "sweep", "demo", "--content", str(content), "--vary", "cards.seed.count=1,2"
    )
    assert status == 2 and "no rules model" in err
