"""`pnp diff` on a small git repository of the shipped content: one card's text and one
Departure's price change between two commits, and the diff lists exactly those, in every
format, in a PDF and in play; no change, unknown versions and broken content.

"Changed component" here means a printed face whose drawing differs (the version in its
footer aside). The edit changes two: the Shell Company card's front, whose text changed, and
the Departures board (the back of the quick-reference cards), which prints the Medical
Evacuation's price. The Medical Evacuation Departure card does not print the price, so it is
not among them. (A door whose price a ruling quotes, such as the Private Jet's, would also
change that ruling's printed words, and the diff would list the ruling too: see
test_a_price_quoted_in_a_ruling_changes_the_ruling.)
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from pnp.cli import main
from tests.conftest import CONTENT, run_pnp

pytestmark = pytest.mark.heavy  # collected first: see conftest

CARD_OLD = 'text: "Take {{ take_money.amount|money }} from a rival of your choice."'
CARD_NEW = 'text: "Take {{ take_money.amount|money }} from any rival."'
PRICE_OLD = "name: Medical Evacuation\n    price: 3\n"
PRICE_NEW = "name: Medical Evacuation\n    price: 4\n"
FACT_OLD = 'price: 3\n    quote: "Medical Evacuation: Pay $3M and discard your hand."'
FACT_NEW = 'price: 4\n    quote: "Medical Evacuation: Pay $4M and discard your hand."'


@dataclass(frozen=True)
class Repo:
    """A git repository holding a copy of the shipped content, with two commits."""

    root: Path

    @property
    def content(self) -> Path:
        """The content folder inside it."""
        return self.root / "content"

    def git(self, *args: str) -> str:
        """Run git in the repository; its stdout."""
        env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
        proc = subprocess.run(
            [
                "git",
                "-c",
                "user.name=pnp",
                "-c",
                "user.email=pnp@example.org",
                "-c",
                "commit.gpgsign=false",
                "-C",
                str(self.root),
                *args,
            ],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        return proc.stdout

    def edit(self, rel: str, old: str, new: str, after: str = "") -> None:
        """Replace one exact passage of a content file: the first after `after` (which must
        be there once), else the only one."""
        path = self.content / "diplomatic-immunity" / rel
        text = path.read_text(encoding="utf-8")
        start = text.index(after) if after else 0
        assert text.count(after) == 1 if after else text.count(old) == 1, rel
        at = text.index(old, start)
        path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    """Commit 1: the shipped content; commit 2: one card's text and Medical Evacuation's price
    (with the rulebook fact that quotes it, so that both versions pass `pnp check`)."""
    r = Repo(tmp_path_factory.mktemp("repo"))
    shutil.copytree(CONTENT, r.content)
    r.git("init", "-q")
    r.git("add", "-A")
    r.git("commit", "-q", "-m", "the shipped content")
    r.edit("street.yaml", CARD_OLD, CARD_NEW, after="- id: shell-company\n")
    r.edit("departures.yaml", PRICE_OLD, PRICE_NEW)
    r.edit("facts.yaml", FACT_OLD, FACT_NEW)
    r.git("commit", "-q", "-am", "one card's text, one Departure's price")
    return r


def _diff(capsys: pytest.CaptureFixture[str], repo: Repo, *args: str) -> tuple[int, str, str]:
    return run_pnp(capsys, "diff", *args, "--content", str(repo.content))


@pytest.fixture(scope="module")
def as_json(repo: Repo) -> dict[str, Any]:
    """`pnp diff HEAD~1 HEAD --format json` on the repository (run once), as printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(
            ["diff", "HEAD~1", "HEAD", "--content", str(repo.content), "--format", "json"]
        )
    assert status == 0, err.getvalue()
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def _game(data: dict[str, Any], game: str) -> dict[str, Any]:
    found: dict[str, Any] = next(g for g in data["games"] if g["game"] == game)
    return found


def test_json_lists_exactly_the_two_changes(as_json: dict[str, Any]) -> None:
    """The JSON names the card's text and the door's price (with the door's two texts that
    print it), nothing else; the fact that quotes the price is check data, apart."""
    di = _game(as_json, "diplomatic-immunity")
    assert di["status"] == "changed" and di["version"] == {"old": "0.27", "new": "0.27"}
    found = [
        (c["section"], c["id"], c["status"], [f["field"] for f in c["fields"]])
        for c in di["changes"]
    ]
    assert found == [
        ("cards", "shell-company", "changed", ["text"]),
        ("departures", "medical-evacuation", "changed", ["price", "text", "board"]),
    ]
    card, door = di["changes"]
    text = card["fields"][0]
    assert text["old"] == "Take $1M from a rival of your choice."
    assert text["new"] == "Take $1M from any rival."
    assert ["-", "a"] in text["words"] and ["+", "any"] in text["words"]
    assert door["fields"][0] == {"field": "price", "old": 3, "new": 4, "style": "money"}
    assert [(c["id"], [f["field"] for f in c["fields"]]) for c in di["check_data"]] == [
        ("medical-evacuation", ["value", "quote"])
    ]
    assert _game(as_json, "diamond-heist")["status"] == "unchanged"
    assert as_json["changed"] is True and as_json["format"] == 1
    assert as_json["old"]["kind"] == as_json["new"]["kind"] == "revision"


def test_json_names_the_changed_faces_and_warns(as_json: dict[str, Any]) -> None:
    """Two faces changed (the card's front and the Departures board), and since the version
    did not change, a warning says to bump it."""
    di = _game(as_json, "diplomatic-immunity")
    assert [(p["component"], p["status"]) for p in di["printed"]] == [
        ("card:shell-company", "changed"),
        ("departures-board", "changed"),
    ]
    assert len(di["warnings"]) == 1 and "version is still 0.27" in di["warnings"][0]
    assert di["simulation"] is None


def test_text_format(capsys: pytest.CaptureFixture[str], repo: Repo) -> None:
    """The terminal changelog: the two entries with their fields and marked words."""
    status, out, _ = _diff(capsys, repo, "HEAD~1", "HEAD", "diplomatic-immunity")
    assert status == 0
    entries = [line.strip() for line in out.splitlines() if line.startswith("    ~ ")]
    assert entries == [
        "~ card Shell Company (shell-company)",
        "~ door Medical Evacuation (medical-evacuation)",
        "~ card Shell Company",
        "~ reference card Departures board",
        "~ fact medical-evacuation",
    ]
    assert "text: Take $1M from [-a-]{+any+} rival[- of your choice-]." in out
    assert "price: $3M → $4M" in out and "board: Pay [-$3M-]{+$4M+}" in out
    assert "warning: cards and departures changed (2 printed components to reprint)" in out
    assert out.rstrip().endswith("2 changes in 1 of 1 game")


def test_markdown_format(capsys: pytest.CaptureFixture[str], repo: Repo) -> None:
    """Release notes: a section per part, ~~old~~ **new** marks."""
    status, out, _ = _diff(capsys, repo, "HEAD~1", "HEAD", "diplomatic-immunity", "--format", "md")
    assert status == 0
    changed = [line for line in out.splitlines() if line.startswith("- Changed")]
    assert changed == [
        "- Changed card **Shell Company** (`shell-company`)",
        "- Changed door **Medical Evacuation** (`medical-evacuation`)",
        "- Changed fact **medical-evacuation**",
    ]
    assert "  - text: Take $1M from ~~a~~ **any** rival ~~of your choice~~." in out
    assert "  - price: ~~$3M~~ **$4M**" in out
    assert "### Cards" in out and "### Departures" in out and "> **Warning:**" in out


def test_pdf_has_one_page_per_changed_face(
    capsys: pytest.CaptureFixture[str], repo: Repo, tmp_path: Path
) -> None:
    """Two pages, the card and the Departures board, each old beside new and labelled; the
    same two versions give the same bytes."""
    target = tmp_path / "review.pdf"
    status, _, err = _diff(
        capsys, repo, "HEAD~1", "HEAD", "diplomatic-immunity", "--pdf", str(target)
    )
    assert status == 0 and "(2 pages)" in err
    doc = pdfium.PdfDocument(str(target))
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    assert len(texts) == 2
    assert "card Shell Company" in texts[0] and "reference card Departures board" in texts[1]
    for text in texts:
        assert "BEFORE · HEAD~1" in text and "AFTER · HEAD" in text and "CHANGED LINES" in text
    assert "$3M" in texts[1] and "$4M" in texts[1]
    first = hashlib.sha256(target.read_bytes()).hexdigest()
    _diff(capsys, repo, "HEAD~1", "HEAD", "diplomatic-immunity", "--pdf", str(target))
    assert hashlib.sha256(target.read_bytes()).hexdigest() == first
    assert not list(tmp_path.glob(".*"))  # written atomically: no temporary file left


def test_no_changes(capsys: pytest.CaptureFixture[str], repo: Repo, tmp_path: Path) -> None:
    """The working tree equals HEAD: `no changes`, exit 0; the PDF is one page saying so."""
    status, out, _ = _diff(capsys, repo, "--pdf", str(tmp_path / "none.pdf"))
    assert status == 0 and out.rstrip().endswith("no changes")
    assert "pnp diff: HEAD (" in out and "→ working tree" in out
    assert len(pdfium.PdfDocument(str(tmp_path / "none.pdf"))) == 1


@pytest.mark.parametrize("word", ["HEAD~7", "no-such-branch", "../nowhere/content"])
def test_unknown_version_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], repo: Repo, tmp_path: Path, word: str
) -> None:
    """An unknown revision or folder: exit 2, a message naming it, nothing written."""
    target = tmp_path / "never.pdf"
    status, out, err = _diff(capsys, repo, word, "--pdf", str(target))
    assert status == 2 and out == ""
    assert f"unknown revision or folder '{word}'" in err
    assert not target.exists() and not list(tmp_path.iterdir())


def test_misspelt_game_gets_a_hint(capsys: pytest.CaptureFixture[str], repo: Repo) -> None:
    """A misspelt game reads as an unknown revision, and the hint names the game."""
    status, _, err = _diff(capsys, repo, "HEAD~1", "diamond-hiest")
    assert status == 2 and "did you mean the game 'diamond-heist'?" in err


def test_versions_come_before_games(capsys: pytest.CaptureFixture[str], repo: Repo) -> None:
    """A revision after a game, or a third version, is a usage error."""
    status, _, err = _diff(capsys, repo, "diamond-heist", "HEAD")
    assert status == 2 and "versions come before games" in err
    status, _, err = _diff(capsys, repo, "HEAD", "HEAD~1", "HEAD")
    assert status == 2 and "third version" in err


def test_content_errors_exit_1(
    capsys: pytest.CaptureFixture[str], repo: Repo, tmp_path: Path
) -> None:
    """A price that contradicts the rulebook's fact is an error in the working tree: it is
    printed as `pnp check` prints it, exit 1, nothing written."""
    repo.edit("departures.yaml", PRICE_NEW, "name: Medical Evacuation\n    price: 5\n")
    try:
        target = tmp_path / "never.pdf"
        status, out, err = _diff(capsys, repo, "HEAD", "--pdf", str(target))
    finally:
        repo.git("checkout", "-q", "--", ".")
    assert status == 1 and not target.exists()
    assert re.search(
        r"departures\.yaml:\d+:\d+: error E712 the door 'Medical Evacuation' "
        r"costs \$5M",
        out,
    )
    assert out.splitlines()[-1].startswith("1 error, 0 warnings")
    assert "working tree has content errors" in err


def test_revision_errors_name_the_revision(
    capsys: pytest.CaptureFixture[str], repo: Repo, tmp_path: Path
) -> None:
    """An error in a revision's content is shown as REV:path (the temporary folder is not
    named), and the repository is left as it was."""
    repo.edit("departures.yaml", PRICE_NEW, "name: Medical Evacuation\n    price: 5\n")
    repo.git("commit", "-q", "-am", "a broken price")
    try:
        status, out, _ = _diff(capsys, repo, "HEAD", "HEAD~1")
        assert repo.git("status", "--porcelain") == ""
    finally:
        repo.git("reset", "-q", "--hard", "HEAD~1")
    assert status == 1
    assert re.search(
        r"^HEAD:content/diplomatic-immunity/departures\.yaml:\d+:\d+: error E712", out, re.M
    )
    assert "pnp-diff-" not in out


def test_two_folders(capsys: pytest.CaptureFixture[str], repo: Repo, tmp_path: Path) -> None:
    """Two content folders compare without git; a game added in the new one is listed as
    added, with its parts counted."""
    old = tmp_path / "old"
    shutil.copytree(repo.content / "diplomatic-immunity", old / "diplomatic-immunity")
    status, out, _ = run_pnp(capsys, "diff", str(old), str(repo.content))
    assert status == 0
    assert f"pnp diff: folder {old} → folder {repo.content}" in out
    assert "Diamond Heist (diamond-heist): added, version 0.1" in out
    assert "Diplomatic Immunity (diplomatic-immunity): version 0.27\n  no changes" in out


def test_sim_reports_rates_with_intervals(capsys: pytest.CaptureFixture[str], repo: Repo) -> None:
    """`--sim 20` plays the same seeds on both versions and reports every moved rate with
    its 95% interval and z; an unchanged game is not simulated."""
    status, out, _ = _diff(
        capsys, repo, "HEAD~1", "HEAD", "--sim", "20", "--format", "json", "--jobs", "1"
    )
    assert status == 0
    data = json.loads(out)
    sim = _game(data, "diplomatic-immunity")["simulation"]
    assert sim["games"] == 20 and sim["players"] == [3, 4, 5, 6]
    assert "z-test" in sim["test"] and sim["invariant_violations"] == {"old": 0, "new": 0}
    for move in sim["moves"]:
        assert set(move) == {"measure", "key", "old", "new", "change", "z", "significant"}
        lo, hi = move["new"]["ci95"]
        assert lo <= move["new"]["rate"] <= hi
    assert "not simulated" in _game(data, "diamond-heist")["simulation"]["note"]


def test_a_price_quoted_in_a_ruling_changes_the_ruling(
    capsys: pytest.CaptureFixture[str], repo: Repo
) -> None:
    """Rulings print their numbers from the data: a new Private Jet price changes the
    Extravagance ruling's words, and the diff says so."""
    repo.edit(
        "departures.yaml", "name: Private Jet\n    price: 8\n", "name: Private Jet\n    price: 9\n"
    )
    repo.edit(
        "facts.yaml",
        'price: 8\n    quote: "Private Jet: Pay $8M."',
        'price: 9\n    quote: "Private Jet: Pay $9M."',
    )
    try:
        status, out, _ = _diff(capsys, repo, "HEAD", "diplomatic-immunity")
    finally:
        repo.git("checkout", "-q", "--", ".")  # the module's repository, as it was
    assert status == 0
    assert "ruling" in out and "extravagance" in out
    assert "[-$8M-]{+$9M+}" in out
