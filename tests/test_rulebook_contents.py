"""A rulebook is laid out once when an earlier build left the pages of its headings
(`pnp.rulebook.contents`), and what is printed never depends on it: the same bytes with the
pages remembered, with none, and with wrong ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import reportlab.platypus.doctemplate as doctemplate

from pnp import pipeline
from pnp.content import cache_folder
from pnp.content.project import Game
from pnp.render import geometry
from pnp.rulebook import book as rb
from pnp.rulebook import contents
from pnp.rulebook import credits as rb_credits
from pnp.rulebook import pdf as rulebook_pdf
from pnp.rulebook.document import Heading
from tests.conftest import CONTENT

GAME = "diamond-heist"


@pytest.fixture
def folder(cache_dir: Path) -> Path:
    return cache_dir


@pytest.fixture(scope="module")
def game() -> Game:
    return pipeline.check(CONTENT, [GAME]).games[GAME]


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The passes each book's layout took, in order."""
    taken: list[int] = []
    real = doctemplate.BaseDocTemplate.multiBuild

    def counted(self: Any, *args: Any, **kwargs: Any) -> int:
        n: int = real(self, *args, **kwargs)
        taken.append(n)
        return n

    monkeypatch.setattr(doctemplate.BaseDocTemplate, "multiBuild", counted)
    return taken


def _render(game: Game, edition: str = rulebook_pdf.ILLUSTRATED) -> bytes:
    data, _ = rulebook_pdf.render_book(game, rb.load(game), geometry.default(), edition, "a4")
    return data


def _headings(game: Game) -> list[contents.Entry]:
    """The entries render_book notes for a book's headings, pages at 0."""
    nodes = [*rb.load(game).nodes]
    ending = rb_credits.nodes(game, (n.id for n in nodes if isinstance(n, Heading)))
    return [
        (min(n.level, 2) - 1, n.inline.text, 0, n.id)
        for n in [*nodes, *ending]
        if isinstance(n, Heading) and n.level <= 2
    ]


@pytest.mark.parametrize("edition", [rulebook_pdf.ILLUSTRATED, rulebook_pdf.TEXT])
def test_pages_remembered_lay_the_book_out_once(
    folder: Path, game: Game, passes: list[int], edition: str
) -> None:
    first = _render(game, edition)
    cache_folder.flush()
    cache_folder.reset()  # a new process
    again = _render(game, edition)
    assert passes == [2, 1]
    assert again == first


def test_wrong_pages_cost_a_pass_never_a_wrong_page(
    folder: Path, game: Game, passes: list[int]
) -> None:
    """Pages remembered wrongly (as after an edit that moved a heading): the book comes out
    as a fresh build makes it."""
    fresh = _render(game)
    headings = _headings(game)
    wrong = [(level, text, 99, key) for level, text, _page, key in headings]
    cache_folder.reset()
    contents.keep(GAME, rulebook_pdf.ILLUSTRATED, "a4", False, headings, wrong)
    assert contents.recall(GAME, rulebook_pdf.ILLUSTRATED, "a4", False, headings) == wrong
    assert _render(game) == fresh
    assert passes[0] == 2 and passes[1] >= 2


def test_other_headings_do_not_use_them(folder: Path, game: Game) -> None:
    """Pages are remembered for the very headings they were found for."""
    headings = _headings(game)
    found = [(level, text, 3, key) for level, text, _page, key in headings]
    contents.keep(GAME, rulebook_pdf.TEXT, "a4", False, headings, found)
    assert contents.recall(GAME, rulebook_pdf.TEXT, "a4", False, headings) == found
    renamed = [(level, text + "!", page, key) for level, text, page, key in headings]
    assert contents.recall(GAME, rulebook_pdf.TEXT, "a4", False, renamed) is None
    assert contents.recall(GAME, rulebook_pdf.TEXT, "letter", False, headings) is None
    assert contents.recall(GAME, rulebook_pdf.TEXT, "a4", True, headings) is None
