"""`pnp diff` compares every printed text as written as well as printed: a template rewritten
to print the same words (or given a part that prints nothing) is a change of its own field,
`<field> (template, prints the same)`, that reprints nothing; an untouched game stays
"no changes".

The repository holds two small games: mini-cards, whose texts the tests rewrite, and mini-di,
which they never touch.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, run_pnp

CARD_OLD = 'text: "Take {{ take_money.amount|money }} from a rival of your choice."'
CARD_NEW = "text: \"{{ '' }}Take {{ take_money.amount|money }} from a rival of your choice.\""
RULING_OLD = "ruling: Rich and Clean share two doors, the Jet and the Boat."
RULING_NEW = (
    'ruling: "Rich and Clean share two doors, the Jet and the Boat.{% if false %} '
    'nothing{% endif %}"'
)
WHY_OLD = "why: A small game needs its Goals to overlap."
WHY_NEW = "why: \"A small game needs its Goals to {{ 'overlap' }}.\""


def _git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(
        [
            "git",
            "-c",
            "user.name=pnp",
            "-c",
            "user.email=pnp@example.org",
            "-c",
            "commit.gpgsign=false",
            "-C",
            str(root),
            *args,
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A git repository with mini-cards and mini-di committed; its content folder."""
    folder = tmp_path / "content"
    for game in ("mini-cards", "mini-di"):
        shutil.copytree(FIXTURES / "valid" / game, folder / game)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "two games")
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _diff(capsys: pytest.CaptureFixture[str], content: Path, fmt: str) -> str:
    status, out, err = run_pnp(capsys, "diff", "--content", str(content), "--format", fmt)
    assert status == 0, out + err
    return out


def _games(capsys: pytest.CaptureFixture[str], content: Path) -> dict[str, dict[str, Any]]:
    data = json.loads(_diff(capsys, content, "json"))
    return {g["game"]: g for g in data["games"]}


def test_card_text_printing_the_same_words_is_a_change(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Untouched, both games report no changes; a card text rewritten as `{{ '' }}Take ...`
    prints the same words but is reported as a changed template, in every format, with no
    face to reprint; the other game stays unchanged."""
    assert _diff(capsys, content, "text").rstrip().endswith("no changes")
    _edit(content / "mini-cards" / "street.yaml", CARD_OLD, CARD_NEW)
    games = _games(capsys, content)
    assert games["mini-di"]["status"] == "unchanged" and games["mini-di"]["changes"] == []
    cards = games["mini-cards"]
    assert cards["status"] == "changed" and cards["printed"] == []
    assert cards["warnings"] == []  # nothing reprints, so the version need not change
    ((change,),) = [[c for c in cards["changes"] if c["section"] == "cards"]]
    assert change["id"] == "shell-company" and change["status"] == "changed"
    (field,) = change["fields"]
    assert field["field"] == "text (template, prints the same)"
    assert field["old"] == CARD_OLD[7:-1] and field["new"] == CARD_NEW[7:-1].replace("\\", "")
    assert field["style"] == "text" and ["+", "{{ '' }}"] in field["words"]
    text = _diff(capsys, content, "text")
    assert "text (template, prints the same): {+{{ '' }}+}Take" in text
    assert text.rstrip().endswith("1 change in 1 of 2 games")
    assert "text (template, prints the same)" in _diff(capsys, content, "md")


def test_ruling_printing_the_same_words_is_a_change(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ruling given a part that prints nothing, and its reason rewritten to print the same
    words, are each reported as a changed template of the ruling."""
    _edit(content / "mini-cards" / "rulings.yaml", RULING_OLD, RULING_NEW)
    _edit(content / "mini-cards" / "rulings.yaml", WHY_OLD, WHY_NEW)
    games = _games(capsys, content)
    assert games["mini-di"]["status"] == "unchanged"
    cards = games["mini-cards"]
    assert cards["status"] == "changed" and cards["printed"] == []
    assert [
        (c["section"], c["id"], [f["field"] for f in c["fields"]]) for c in cards["changes"]
    ] == [
        (
            "rulings",
            "clean-and-rich",
            ["ruling (template, prints the same)", "why (template, prints the same)"],
        )
    ]
    ruling, why = cards["changes"][0]["fields"]
    assert ruling["old"] == RULING_OLD.removeprefix("ruling: ")
    assert "{% if false %}" in ruling["new"] and "{{ 'overlap' }}" in why["new"]
