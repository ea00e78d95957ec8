"""Rulesets are plugins, found through the `pnp.rulesets` entry point group."""

from __future__ import annotations

import shutil
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from pnp import rulesets
from pnp.rulesets.diamond_heist.model import HeistRules
from pnp.rulesets.diplomatic_immunity.model import DIRules
from tests.conftest import FIXTURES, check_json

# These tests register rulesets by changing pnp in the process: no kept verdicts.
pytestmark = pytest.mark.usefixtures("fresh_checks")


def test_the_shipped_rulesets_register_through_entry_points() -> None:
    found = rulesets.registry()
    assert set(found) >= {"diplomatic-immunity", "diamond-heist"}
    assert found["diplomatic-immunity"].build_rules == DIRules.build
    assert found["diamond-heist"].build_rules == HeistRules.build
    assert rulesets.get(None) is None and rulesets.get("no-such-game") is None


def test_a_ruleset_that_cannot_load_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken plugin is one clear error naming it, not a traceback from inside it."""
    broken = EntryPoint("broken-game", "pnp_no_such_module:RULESET", rulesets.GROUP)
    monkeypatch.setattr(rulesets, "entry_points", lambda group: [broken])
    rulesets.registry.cache_clear()
    try:
        with pytest.raises(rulesets.RulesetError, match="'broken-game'"):
            rulesets.registry()
    finally:
        monkeypatch.undo()
        rulesets.registry.cache_clear()
    assert "diamond-heist" in rulesets.registry()


def test_a_game_names_only_a_registered_ruleset(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game naming a ruleset nobody registered is E204 at `ruleset:`, listing those
    that are; once a plugin registers it, the same game checks clean."""
    game = tmp_path / "content" / "orchard"
    shutil.copytree(FIXTURES / "valid" / "orchard", game)
    info = game / "game.yaml"
    info.write_text(info.read_text(encoding="utf-8") + "ruleset: tiny-game\n", encoding="utf-8")
    status, diags = check_json(capsys, tmp_path / "content", "orchard")
    assert status == 1
    (d,) = diags
    assert (d["code"], Path(d["file"]).name) == ("E204", "game.yaml")
    assert "diamond-heist" in d["hint"] and "diplomatic-immunity" in d["hint"]
    mine = rulesets.Ruleset("tiny-game", lambda doc: None)
    monkeypatch.setattr(rulesets, "registry", lambda: {"tiny-game": mine})
    status, diags = check_json(capsys, tmp_path / "content", "orchard")
    assert (status, diags) == (0, [])


def test_a_broken_ruleset_plugin_is_named_by_the_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pnp check` with a plugin that cannot load says which one, not 'a bug in pnp'."""
    from pnp.cli import main
    from pnp.content import schema

    broken = EntryPoint("broken-game", "pnp_no_such_module:RULESET", rulesets.GROUP)
    monkeypatch.setattr(rulesets, "entry_points", lambda group: [broken])
    rulesets.registry.cache_clear()
    schema._files.cache_clear()
    schema._registry.cache_clear()
    try:
        code = main(["check", "--content", str(FIXTURES / "valid"), "orchard"])
    finally:
        monkeypatch.undo()
        for cached in (rulesets.registry, schema._files, schema._registry):
            cached.cache_clear()
    err = capsys.readouterr().err
    assert code == 2 and "'broken-game'" in err and "bug in pnp" not in err


def test_a_ruleset_cannot_replace_a_core_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.content import schema

    clash = rulesets.Ruleset("clash", lambda doc: None, schemas="pnp.schemas")
    monkeypatch.setattr(rulesets, "registry", lambda: {"clash": clash})
    schema._files.cache_clear()
    try:
        with pytest.raises(rulesets.RulesetError, match="'clash' ships"):
            schema._files()
    finally:
        monkeypatch.undo()
        schema._files.cache_clear()
