"""A ruleset from outside pnp plugs in through the `pnp.rulesets` entry point group alone:
its schema checks the rules document, its rules numbers and text function fill card text,
its game builds, and its rules model simulates, with no change to pnp.

The plugin is `tests/fixtures/plugins/pnp_race`, registered as an installed package would
register it (an entry point), and its game is `tests/fixtures/plugins/race`."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from pnp import rulesets
from pnp.content import schema
from tests.conftest import FIXTURES, check_json, run_pnp

PLUGINS = FIXTURES / "plugins"

# These tests register rulesets by changing pnp in the process: no kept verdicts.
pytestmark = pytest.mark.usefixtures("fresh_checks")


def _clear() -> None:
    for cached in (rulesets.registry, schema._files, schema._registry, schema._validator):
        cached.cache_clear()


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A content folder holding the Race game, with the `race` ruleset installed next to
    the shipped ones."""
    shipped = list(entry_points(group=rulesets.GROUP))
    plugin = EntryPoint("race", "pnp_race:RULESET", rulesets.GROUP)
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.setattr(rulesets, "entry_points", lambda group: [*shipped, plugin])
    _clear()
    content = tmp_path / "content"
    shutil.copytree(PLUGINS / "race", content / "race")
    yield content
    monkeypatch.undo()
    _clear()
    sys.modules.pop("pnp_race", None)
    sys.modules.pop("pnp_race.schemas", None)


def test_the_plugin_game_checks_clean_and_its_text_function_fills_card_text(
    race: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, found = check_json(capsys, race, "race")
    assert code == 0, found
    code, out, _ = run_pnp(capsys, "list", "--content", str(race), "race")
    assert code == 0
    assert "Walk 4 steps: the finish in 3 sprints." in out  # finish 12, 4 steps a card


def test_the_plugin_schema_checks_the_rules_document_at_its_line(
    race: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = race / "race" / "rules.yaml"
    rules.write_text("kind: rules\nfinish: twelve\nturns: 20\n", encoding="utf-8")
    code, found = check_json(capsys, race, "race")
    assert code == 1
    assert [(d["file"].rsplit("/", 1)[-1], d["line"]) for d in found] == [("rules.yaml", 2)]


def test_the_plugin_game_builds(
    race: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "build"
    code, _, err = run_pnp(
        capsys, "build", "--content", str(race), "--out", str(out), "--paper", "a4", "race"
    )
    assert code == 0, err
    manifest = json.loads((out / "race" / "manifest.json").read_text(encoding="utf-8"))
    assert "cards-a4.pdf" in json.dumps(manifest)


def test_the_plugin_rules_model_simulates(
    race: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "sim.json"
    code, _, err = run_pnp(
        capsys, "sim", "--content", str(race), "race", "--games", "40", "--json", str(report)
    )
    assert code == 0, err
    summary = json.loads(report.read_text(encoding="utf-8"))
    assert summary["ruleset"] == "race" and summary["games"] == 40
    assert summary["endings"]["finish"] + summary["endings"]["out of turns"] == 40
