"""One broken-content fixture per diagnostic code, each asserting its code, file and line.

A fixture is a folder `fixtures/broken/<CODE>-<what>/` holding `expect.yaml` and the files
that replace those of a valid base game (`fixtures/valid/<base>/`):

    base: mini-di         # the valid game it starts from
    code: E203            # the diagnostic it must produce
    file: departures.yaml # where
    line: 5
    also: [E204]          # other codes the same breakage may cause (optional)
    delete: [goals.yaml]  # base files to remove first (optional)
    args: [--sim, "3"]    # extra arguments for `pnp check` (optional)
    outside: {x.yaml: "text"}        # files written beside the content folder (optional)
    symlinks: {a.yaml: ../../x.yaml} # links made in the game folder (optional)
    fifos: [pipe.md]                 # named pipes made in the game folder (optional)
    sparse: {huge.yaml: 70000000}    # files of that many bytes, made without writing them

A base named `shipped:<game>` starts from the shipped content of that game.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from pnp.diagnostics import CODES, Severity
from tests.conftest import CONTENT, FIXTURES, check_json

BROKEN = sorted(p for p in (FIXTURES / "broken").iterdir() if p.is_dir())


def _expect(case: Path) -> dict[str, Any]:
    data = yaml.safe_load((case / "expect.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _assemble(case: Path, tmp_path: Path) -> tuple[Path, str]:
    expect = _expect(case)
    base = expect["base"]
    if base.startswith("shipped:"):
        base = base.removeprefix("shipped:")
        source = CONTENT / base
    else:
        source = FIXTURES / "valid" / base
    game = tmp_path / "content" / base
    shutil.copytree(source, game)
    for name in expect.get("delete", []):
        (game / name).unlink()
    for f in case.iterdir():
        if f.name != "expect.yaml":
            (game / f.name).write_bytes(f.read_bytes())
    for name, text in expect.get("outside", {}).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name, target in expect.get("symlinks", {}).items():
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        (game / name).symlink_to(target)
    for name in expect.get("fifos", []):
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(game / name)
    for name, size in expect.get("sparse", {}).items():
        with (game / name).open("wb") as f:
            f.truncate(size)
    return tmp_path / "content", base


@pytest.mark.parametrize("base", ["mini-di", "mini-heist", "orchard", "orchard-layout"])
def test_valid_bases_are_clean(base: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The bases the broken fixtures start from have no diagnostics at all."""
    status, diags = check_json(capsys, FIXTURES / "valid", base, strict=True)
    assert diags == []
    assert status == 0


@pytest.mark.parametrize("case", BROKEN, ids=[p.name for p in BROKEN])
def test_broken_fixture(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each broken fixture yields its code at its file and line, and nothing unexpected."""
    expect = _expect(case)
    assert case.name.startswith(expect["code"] + "-"), "folder name starts with its code"
    content, game = _assemble(case, tmp_path)
    status, diags = check_json(capsys, content, game, *expect.get("args", []))
    hits = [d for d in diags if d["code"] == expect["code"]]
    assert hits, f"{expect['code']} not reported; got {[(d['code'], d['message']) for d in diags]}"
    assert any(
        Path(d["file"]).name == expect["file"] and d["line"] == expect["line"] for d in hits
    ), [(d["file"], d["line"], d["message"]) for d in hits]
    allowed = {expect["code"], *expect.get("also", [])}
    assert {d["code"] for d in diags} <= allowed, diags
    is_error = CODES[expect["code"]].severity is Severity.ERROR
    assert status == (1 if is_error else 0)
    assert all(d["message"] and "Traceback" not in d["message"] for d in diags)


def test_every_code_has_a_fixture() -> None:
    """The code table and the fixtures stay in step: no code without a broken fixture."""
    covered = {_expect(case)["code"] for case in BROKEN}
    assert sorted(set(CODES) - covered) == []
    assert sorted(covered - set(CODES)) == []
