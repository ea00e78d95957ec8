"""One source of truth: change a number in the content and it changes everywhere it is
printed, in both rulebooks, on the cards and in the Departures table. The content is copied
to a temporary folder, one YAML value is edited, `pnp build` runs, and the text of the PDFs
is read back with pypdfium2.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import CONTENT, run_pnp


def _words(path: Path) -> str:
    doc = pdfium.PdfDocument(path.read_bytes())
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    return " ".join(text.replace("\u00a0", " ").split())


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both games with the Private Jet at $11M (and the fact that pins its price to the
    seed rulebook moved with it) and 2 loyalists at 8 players, built once."""
    root = tmp_path_factory.mktemp("edited")
    content = root / "content"
    shutil.copytree(CONTENT, content)
    di = content / "diplomatic-immunity"
    _edit(
        di / "departures.yaml",
        "    name: Private Jet\n    price: 8\n",
        "    name: Private Jet\n    price: 11\n",
    )
    _edit(
        di / "facts.yaml",
        'price: 8\n    quote: "Private Jet: Pay $8M."',
        'price: 11\n    quote: "Private Jet: Pay $11M."',
    )
    _edit(
        content / "diamond-heist" / "rules.yaml",
        "{players: 8, roles: {loyalist: 3,",
        "{players: 8, roles: {loyalist: 2,",
    )
    from pnp.cli import main

    out = root / "build"
    assert main(["build", "--content", str(content), "--out", str(out), "--paper", "a4"]) == 0
    return out


@pytest.mark.parametrize("name", ["rulebook-a4.pdf", "rulebook-text-a4.pdf"])
def test_private_jet_price_follows_the_data(rebuilt: Path, name: str) -> None:
    """$11M in the Departures table, the Departures board, the prose about Extravagance and
    the card pictures; $8M nowhere outside the rulings' own text."""
    words = _words(rebuilt / "diplomatic-immunity" / name)
    assert "Private Jet Pay $11M." in words  # the Departures table
    assert "PRIVATE JET Pay $11M" in words  # the Departures board of the Quick Reference
    assert "with the Jet’s $11M, the Slow Boat’s $5M" in words  # Leaving the Country
    start = words.index("These rulings settle the questions")
    end = words.index("The Quick Reference card puts a whole turn")
    outside = words[:start] + words[end:]
    assert "$8M" not in outside


def test_cards_follow_the_data(rebuilt: Path) -> None:
    """The printed cards carry the new price too (the Quick Reference's back)."""
    words = _words(rebuilt / "diplomatic-immunity" / "cards-a4.pdf")
    assert "PRIVATE JET: Pay $11M" in words and "PRIVATE JET: Pay $8M" not in words


def test_rulings_follow_the_data_too(rebuilt: Path) -> None:
    """Even the rulings' text prints the new price: no "$8M" is left anywhere."""
    assert "$8M" not in _words(rebuilt / "diplomatic-immunity" / "rulebook-text-a4.pdf")


@pytest.mark.parametrize("name", ["rulebook-a4.pdf", "rulebook-text-a4.pdf"])
def test_loyalists_at_eight_players_follow_the_data(rebuilt: Path, name: str) -> None:
    """The treasure table and its totals change with the loyalists at 8 players."""
    words = _words(rebuilt / "diamond-heist" / name)
    assert "Loyalists 1 1 2 2 4 4 4 5" in words
    assert "Treasure cards 17 18 19 19 21 22 23 24" in words
    assert "Cards in play 17 18 19 20 22 23 25 26" in words


def test_setup_card_follows_the_data(rebuilt: Path) -> None:
    """The setup reference card prints the same treasure."""
    assert "Loyalists 2–10 1 1 2 2 4 4 4 5" in _words(rebuilt / "diamond-heist" / "cards-a4.pdf")


def test_shipped_content_still_says_8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The edit was made on a copy: the shipped content still prices the Jet at $8M."""
    status, out, _ = run_pnp(capsys, "list", "diplomatic-immunity", "--content", str(CONTENT))
    assert status == 0 and "Pay $8M" in out
