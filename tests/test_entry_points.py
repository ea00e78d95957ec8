"""`pnp.entry_points` finds what importlib.metadata finds (without loading it): the same
entry points of a group, the same versions, the first distribution of a name winning."""

from __future__ import annotations

import importlib.metadata as metadata
import sys
from pathlib import Path

import pytest

from pnp import entry_points


@pytest.mark.parametrize("group", ["pnp.rulesets", "console_scripts", "pytest11"])
def test_the_same_entry_points_as_importlib_metadata(group: str) -> None:
    ours = sorted((p.name, p.value) for p in entry_points.group(group))
    theirs = sorted((p.name, p.value) for p in metadata.entry_points(group=group))
    assert ours == theirs


@pytest.mark.parametrize(
    "name", ["jsonschema", "referencing", "svglib", "markdown-it-py", "markdown_it_py", "pnp"]
)
def test_the_same_versions(name: str) -> None:
    assert entry_points.version(name) == metadata.version(name)
    assert entry_points.version("no-such-distribution") == "?"


def test_the_first_distribution_of_a_name_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies of one distribution on the path: the one Python would import is read."""
    for where, target in (("first", "one:RULESET"), ("second", "two:RULESET")):
        info = tmp_path / where / "Some_Plugin-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(
            f"# comment\n[pnp.rulesets]\nsome = {target}\n\n[other]\nx = y:z\n", encoding="utf-8"
        )
    monkeypatch.setattr(sys, "path", [str(tmp_path / "first"), str(tmp_path / "second")])
    points = entry_points.group("pnp.rulesets")
    assert [(p.name, p.value, p.module) for p in points] == [("some", "one:RULESET", "one")]
    assert entry_points.version("some-plugin") == "1.0"


def test_load_follows_the_attribute_path() -> None:
    point = entry_points.Point("x", "os.path:join", "g")
    assert point.load() is __import__("os").path.join
