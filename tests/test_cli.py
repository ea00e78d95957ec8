"""The command line: exit codes, output formats, usage errors, the codes table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.cli import codes_table
from pnp.pipeline import NAMING
from tests.conftest import CONTENT, FIXTURES, ROOT, check_json, run_pnp


def test_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt game name exits 2 with a did-you-mean hint, and checks nothing."""
    status, out, err = run_pnp(capsys, "check", "--content", str(CONTENT), "diamond-hiest")
    assert status == 2 and out == ""
    assert "did you mean 'diamond-heist'?" in err


def test_missing_content_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """No content folder is a usage error (2), not a crash."""
    status, _, err = run_pnp(capsys, "check", "--content", str(tmp_path / "nope"))
    assert status == 2 and "no content folder" in err


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own errors keep exit status 2."""
    with pytest.raises(SystemExit) as exc:
        run_pnp(capsys, "check", "--format", "xml")
    assert exc.value.code == 2


def test_strict_makes_warnings_fail(capsys: pytest.CaptureFixture[str], copy_game) -> None:
    """Warnings pass `check` but fail `check --strict`."""
    game = copy_game("mini-di")
    goals = game / "goals.yaml"
    goals.write_text(goals.read_text().replace("[pardon, boat, jet]", "[jet, defect, boat]"))
    status, diags = check_json(capsys, game.parent, "mini-di")
    assert status == 0 and {d["code"] for d in diags} == {"W403", "W404"}
    status, _ = check_json(capsys, game.parent, "mini-di", strict=True)
    assert status == 1


def test_json_diagnostics_have_the_contract_keys(
    capsys: pytest.CaptureFixture[str], copy_game
) -> None:
    """JSON output is an array of objects with exactly the documented keys."""
    game = copy_game("mini-di")
    (game / "goals.yaml").write_text("kind: goals\ndoors_per_goal: 3\ngoals: []\n")
    status, diags = check_json(capsys, game.parent, "mini-di")
    assert status == 1 and diags
    assert all(
        set(d) == {"file", "line", "col", "severity", "code", "message", "hint"} for d in diags
    )


def test_text_output_format(capsys: pytest.CaptureFixture[str], copy_game) -> None:
    """Text output is `file:line:col: severity CODE message (hint)` then a summary line."""
    game = copy_game("mini-di")
    goals = game / "goals.yaml"
    goals.write_text(goals.read_text().replace("[jet, boat, defect]", "[jet, boat, defekt]"))
    status, out, _ = run_pnp(capsys, "check", "--content", str(game.parent))
    lines = out.strip().splitlines()
    assert status == 1
    assert any(
        line.endswith("goals.yaml:6:24: error E204 unknown door 'defekt' (did you mean 'defect'?)")
        for line in lines
    ), lines
    assert lines[-1] == "1 error, 1 warning in 7 files"  # 5 game files + 2 layout files


def test_all_problems_in_one_run(capsys: pytest.CaptureFixture[str], copy_game) -> None:
    """Problems in several files are all reported in one run: what could not be read comes
    first, then names that resolve to nothing, then what the other cross-checks found, each
    stage sorted by file and line."""
    game = copy_game("mini-di")
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("max: 4", "max: x"))
    (game / "goals.yaml").write_text((game / "goals.yaml").read_text().replace("jet", "jett"))
    _, diags = check_json(capsys, game.parent, "mini-di")
    files = [Path(d["file"]).name for d in diags]
    reading = [d for d in diags if d["code"] == "E201"]
    assert {Path(d["file"]).name for d in reading} == {"game.yaml"}
    assert diags[: len(reading)] == reading and "goals.yaml" in files
    rest = diags[len(reading) :]
    naming = [d for d in rest if d["code"] in NAMING]
    assert rest[: len(naming)] == naming and naming
    for stage in (reading, naming, rest[len(naming) :]):
        places = [(d["file"], d["line"]) for d in stage]
        assert places == sorted(places)


def test_python_dash_m_runs(tmp_path: Path) -> None:
    """`python -m pnp check` works from any folder with --content."""
    proc = subprocess.run(
        [sys.executable, "-m", "pnp", "check", "--content", str(CONTENT)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1].startswith("0 errors")


def test_readme_lists_every_code() -> None:
    """The README's table of codes is exactly what `pnp codes` prints."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert codes_table() in readme


def test_codes_command(capsys: pytest.CaptureFixture[str]) -> None:
    """`pnp codes` prints the table with one row per code."""
    status, out, _ = run_pnp(capsys, "codes")
    assert status == 0 and "| E204 | error |" in out


def test_heist_variant_that_cannot_be_dealt(capsys: pytest.CaptureFixture[str], copy_game) -> None:
    """Opening 'one apology more' to 11-12 players needs a third red King: E501, by name."""
    game = copy_game("diamond-heist", CONTENT)
    rules = game / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace("players: {min: 5, max: 10}", "players: {min: 5, max: 12}"), encoding="utf-8"
    )
    status, diags = check_json(capsys, game.parent, "diamond-heist")
    assert status == 1
    msgs = [d["message"] for d in diags if d["code"] == "E501"]
    assert any("11 players" in m and "3 x apology" in m and "K♥" in m for m in msgs), msgs
    assert json.dumps(diags)  # serialisable, no surprises


FIXTURE_GAMES = FIXTURES / "valid"
