"""The rulebooks of both games: `pnp build` writes an illustrated and a text-only PDF of each,
with a title, a language, bookmarks and a running header with the version; the Diplomatic
Immunity rulebook has every section of the seed rulebook v0.27, written out in full; both
books say the same words. The books are rendered once for the whole module.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.content.project import Game, load_game
from pnp.render import geometry
from pnp.rulebook import book as rb
from pnp.rulebook import pdf as render
from pnp.rulebook.document import Figure, Heading, Items, Para, Table, plain_text, walk
from tests.conftest import CONTENT, run_pnp

GAMES = ("diplomatic-immunity", "diamond-heist")


def pdf_text(data: bytes) -> list[str]:
    """The text of every page."""
    doc = pdfium.PdfDocument(data)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


@pytest.fixture(scope="module")
def built(shipped_kit: Path) -> Path:
    """`pnp build` of both shipped games (built once for the whole run: conftest)."""
    return shipped_kit


@pytest.fixture(scope="module")
def models() -> dict[str, Game]:
    return {g: load_game(CONTENT, g).game for g in GAMES}


@pytest.fixture(scope="module")
def texts(built: Path) -> dict[tuple[str, str], list[str]]:
    """Page texts of every rulebook PDF, by (game, file)."""
    return {
        (g, f): pdf_text((built / g / f).read_bytes())
        for g in GAMES
        for f in ("rulebook-a4.pdf", "rulebook-text-a4.pdf")
    }


def _ascii(text: str) -> str:
    """Typographic quotes as typed (the rulebook sets them curly)."""
    return text.translate(str.maketrans("‘’“”", "''\"\""))


def _words(pages: list[str]) -> str:
    return " ".join(" ".join(pages).split())


# ---- the files -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_build_writes_both_rulebooks_into_the_manifest(built: Path, game: str) -> None:
    """Both PDFs are written and listed in the manifest with their pages, paper and chapters."""
    manifest = json.loads((built / game / "manifest.json").read_text(encoding="utf-8"))
    files = {f["path"]: f for f in manifest["files"]}
    for name, edition in (("rulebook-a4.pdf", "illustrated"), ("rulebook-text-a4.pdf", "text")):
        entry = files[name]
        assert entry["pages"] > 3 and entry["paper"] == "a4"
        assert entry["contents"]["rulebook"] == edition
        assert entry["contents"]["chapters"][0] in ("The game in one paragraph", "Overview")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["rulebook-a4.pdf", "rulebook-text-a4.pdf"])
def test_title_language_and_bookmarks(
    built: Path, models: dict[str, Game], game: str, name: str
) -> None:
    """Each PDF has a document title with the version, a language, shows its title, and has
    an outline with every chapter, then the Credits."""
    info = models[game].info
    assert info is not None
    with pikepdf.open(built / game / name) as pdf:
        assert str(pdf.Root.Lang) == "en-GB"
        assert f"v{info.version}" in str(pdf.docinfo["/Title"])
        assert bool(pdf.Root.ViewerPreferences.DisplayDocTitle)
        with pdf.open_outline() as outline:
            titles = [item.title for item in outline.root]
    chapters = [
        n.inline.text
        for n in rb.load(models[game]).nodes
        if isinstance(n, Heading) and n.level == 1
    ]
    assert titles == ["Contents", *chapters, "Credits"]


@pytest.mark.parametrize("game", GAMES)
def test_running_header_and_page_numbers(
    texts: dict[tuple[str, str], list[str]], models: dict[str, Game], game: str
) -> None:
    """Every page after the title page carries the game's title, version and its number."""
    info = models[game].info
    assert info is not None
    for name in ("rulebook-a4.pdf", "rulebook-text-a4.pdf"):
        pages = texts[(game, name)]
        for n, page in enumerate(pages[1:], start=2):
            assert f"{info.title} · Rulebook v{info.version}" in page
            assert re.search(rf"(^|\n){n}\s*$", page.strip()), (name, n)


@pytest.mark.parametrize("game", GAMES)
def test_text_only_book_has_no_pictures(built: Path, game: str) -> None:
    """The text-only book draws no card pictures and no images: one column of text."""
    with pikepdf.open(built / game / "rulebook-text-a4.pdf") as pdf:
        for page in pdf.pages:
            resources: Any = page.obj.get("/Resources", {})
            assert not resources.get("/XObject")
    illustrated = (built / game / "rulebook-a4.pdf").stat().st_size
    assert illustrated > (built / game / "rulebook-text-a4.pdf").stat().st_size


@pytest.mark.parametrize("game", GAMES)
def test_both_books_say_the_same_words(
    texts: dict[tuple[str, str], list[str]], models: dict[str, Game], game: str
) -> None:
    """Every paragraph and heading of the book is in both PDFs (suits aside, which the text
    book spells out)."""
    book = rb.load(models[game])
    illustrated = _words(texts[(game, "rulebook-a4.pdf")])
    text = _words(texts[(game, "rulebook-text-a4.pdf")])
    for node in walk(book.nodes):
        if isinstance(node, Heading | Para) and not re.search("[♠♥♦♣]", node.inline.text):
            words = " ".join(node.inline.text.split())[:60]
            assert words in illustrated.replace("\u00a0", " "), words
            assert words in text, words


def test_rendering_is_deterministic(models: dict[str, Game]) -> None:
    """The same content gives byte-identical rulebooks."""
    game = models["diamond-heist"]
    book = rb.load(game)
    geo = geometry.default()
    first = render.render_book(game, book, geo, render.TEXT, "a4")
    again = render.render_book(game, book, geo, render.TEXT, "a4")
    assert first == again


# ---- Diplomatic Immunity: the seed rulebook's sections, in full ------------------------------

SEED_SECTIONS = [
    "The game in one paragraph",
    "Components",
    "Setup",
    "Your turn",
    "Morning (upkeep)",
    "Afternoon (action)",
    "Evening (politics)",
    "Burn Bag (any step of your turn)",
    "End of turn",
    "Heat, Scandal and Recall",
    "Voting",
    "Favors",
    "Leaving the Country",
    "Booking and resolving",
    "Departure cards",
    "Other endings",
    "Timing and Rulings",
    "Quick Reference",
]
APPENDICES = ["The cards", "The diplomats", "The Goals", "Glossary"]


@pytest.fixture(scope="module")
def di_book(models: dict[str, Game]) -> rb.Book:
    return rb.load(models["diplomatic-immunity"])


def _section(book: rb.Book, title: str) -> list[Any]:
    """The nodes under a heading, up to the next heading of its level or higher."""
    nodes = book.nodes
    start = next(
        i for i, n in enumerate(nodes) if isinstance(n, Heading) and n.inline.text == title
    )
    level = nodes[start].level  # type: ignore[union-attr]
    end = next(
        (
            i
            for i in range(start + 1, len(nodes))
            if isinstance(nodes[i], Heading) and nodes[i].level <= level  # type: ignore[union-attr]
        ),
        len(nodes),
    )
    return nodes[start + 1 : end]


def test_no_section_of_the_seed_rulebook_is_missing(di_book: rb.Book) -> None:
    """Every section of rulebook v0.27, then the appendices, in the seed's order."""
    headings = [n.inline.text for n in di_book.nodes if isinstance(n, Heading)]
    positions = [headings.index(title) for title in SEED_SECTIONS + APPENDICES]
    assert positions == sorted(positions)


@pytest.mark.parametrize("title", SEED_SECTIONS + APPENDICES)
def test_every_section_is_written_out(di_book: rb.Book, title: str) -> None:
    """No section is empty (the seed's "Other endings" and "Timing and Rulings" were)."""
    body = _section(di_book, title)
    words = sum(
        len(plain_text(n).split()) + (20 if isinstance(n, Figure) else 0) for n in walk(body)
    )
    assert words >= 20, title


def test_evening_choices_are_written_out(di_book: rb.Book) -> None:
    """The Evening's "Choose one:" is followed by every choice of the Quick Reference."""
    body = _section(di_book, "Evening (politics)")
    lead = next(
        i for i, n in enumerate(body) if isinstance(n, Para) and n.inline.text == "Choose one:"
    )
    choices = body[lead + 1]
    assert isinstance(choices, Items)
    texts = [
        " ".join(n.inline.text for n in walk(item) if isinstance(n, Para)) for item in choices.items
    ]
    for start in ("Propose a Law", "Play a Maneuver", "Pay Hush Money", "Book a Departure", "Pass"):
        assert any(t.startswith(start) for t in texts), start


def test_still_limited_is_completed(di_book: rb.Book) -> None:
    """ "What they have is still limited:" goes on to say what."""
    nodes = di_book.nodes
    i = next(
        i
        for i, n in enumerate(nodes)
        if isinstance(n, Para) and n.inline.text.endswith("What they have is still limited:")
    )
    assert isinstance(nodes[i + 1], Items) and len(nodes[i + 1].items) >= 3  # type: ignore[union-attr]


def test_every_ruling_is_printed_under_its_topic(di_book: rb.Book, models: dict[str, Game]) -> None:
    """Timing and Rulings prints every ruling of the content, grouped by topic."""
    rulings = models["diplomatic-immunity"].rulings or ()
    body = _section(di_book, "Timing and Rulings")
    topics = [n.inline.text for n in body if isinstance(n, Heading)]
    assert topics == list(dict.fromkeys(r.topic for r in rulings))
    printed = _ascii(" ".join(n.inline.text for n in body if isinstance(n, Para)))
    for r in rulings:
        assert " ".join(r.ruling.split()) in printed, r.id


def test_departures_table_names_the_goals(di_book: rb.Book, models: dict[str, Game]) -> None:
    """The Departures table has a row for every door with the Goals that name it, all from
    the data."""
    game = models["diplomatic-immunity"]
    table = next(
        n
        for n in di_book.nodes
        if isinstance(n, Table) and n.header and n.header[-1].text == "Goals that name it"
    )
    rows = {r[0].text: r for r in table.rows}
    for door in game.doors or ():
        naming = [g.name for g in game.goals or () if any(d.id == door.id for d in g.doors)]
        assert rows[door.name][1].text == door.text.printed
        assert rows[door.name][3].text == ", ".join(naming)


def test_every_card_is_pictured_with_its_count(
    texts: dict[tuple[str, str], list[str]], models: dict[str, Game]
) -> None:
    """The card appendix shows every card with its number of copies, in both books."""
    game = models["diplomatic-immunity"]
    for name in ("rulebook-a4.pdf", "rulebook-text-a4.pdf"):
        words = _words(texts[("diplomatic-immunity", name)])
        for card in game.cards or ():
            label = f"{card.name} ×{card.count}" if name == "rulebook-a4.pdf" else card.name
            assert label in words, (name, card.name)


def test_diplomats_are_all_listed(di_book: rb.Book, models: dict[str, Game]) -> None:
    """The diplomats appendix lists all 24 with their archetype's Bend and Cost."""
    table = next(n for n in _section(di_book, "The diplomats") if isinstance(n, Table))
    names = [r[1].text for r in table.rows]
    game = models["diplomatic-immunity"]
    assert names == [d.name for d in game.diplomats] and len(names) == 24
    boards = " ".join(r[0].text for r in table.rows)
    for a in game.archetypes or ():
        assert a.bend.text.printed in boards and a.cost.text.printed in boards


# ---- Diamond Heist ---------------------------------------------------------------------------


def test_heist_treasure_table_is_restored_from_the_data(models: dict[str, Game]) -> None:
    """The treasure table has every player count and every count of the rules data."""
    game = models["diamond-heist"]
    book = rb.load(game)
    table = next(
        n for n in book.nodes if isinstance(n, Table) and n.header and n.header[0].text == "Players"
    )
    rules = game.rules
    counts = [h.text.rstrip("*") for h in table.header[1:]]
    assert counts == [str(r.players) for r in rules.treasure]  # type: ignore[union-attr]
    rows = {r[0].text: [c.text for c in r[1:]] for r in table.rows}
    assert rows["Loyalists"] == [
        str(dict((c.piece.id, c.n) for c in r.roles)["loyalist"])
        for r in rules.treasure  # type: ignore[union-attr]
    ]
    assert rows["Apologies (before the Boss)"] == [str(r.apologies) for r in rules.treasure]  # type: ignore[union-attr]


def test_heist_sections(models: dict[str, Game]) -> None:
    """Overview, the cards, the roles, setup, taking, questioning (with the example), end of
    the game, tips, variants with their player ranges, and the rulings."""
    book = rb.load(models["diamond-heist"])
    headings = [n.inline.text for n in book.nodes if isinstance(n, Heading)]
    for title in (
        "Overview",
        "The cards",
        "The roles",
        "Setup",
        "Taking from the treasure",
        "The questioning",
        "Example",
        "End of the game",
        "Tips for beginners",
        "Variants",
        "Timing and Rulings",
    ):
        assert title in headings
    variants = next(
        n for n in book.nodes if isinstance(n, Table) and n.header and n.header[0].text == "Variant"
    )
    assert [r[1].text for r in variants.rows] == ["7–12", "5–10", "8–12"]


def test_suits_are_words_in_the_text_book(texts: dict[tuple[str, str], list[str]]) -> None:
    """The fonts have no suit glyphs: the illustrated book draws them, the text-only book
    spells them out for screen readers."""
    text = _words(texts[("diamond-heist", "rulebook-text-a4.pdf")])
    assert "Q of spades" in text and "2–10 of hearts and diamonds" in text
    assert render.suits_in_words("A ♠♣") == "A of spades and clubs"


def test_cli_build_lists_the_rulebooks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pnp build` prints the rulebooks it wrote (rendered once per process: this reuses the
    module's rendering)."""
    status, out, _ = run_pnp(
        capsys,
        "build",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--out",
        str(tmp_path),
        "--paper",
        "a4",
    )
    assert status == 0
    assert "rulebook-a4.pdf" in out and "rulebook-text-a4.pdf" in out
    assert (tmp_path / "diamond-heist" / "rulebook-a4.pdf").read_bytes()[:5] == b"%PDF-"


def test_the_cover_rosette_in_its_own_units_is_the_rosette_in_points() -> None:
    """The title page's rosette is written in whole units of its radius, which the cover
    scales to the page: every point lies within half a unit each way of the curve (0.02 pt
    on a 300 pt rosette), and the banknote rings drawn after it keep their 0.45 pt line."""
    import io
    import math

    from pnp.render import pdf
    from pnp.rulebook import cover

    radius = 300.0
    scale = radius / cover.ROSETTE_UNITS
    curves = cover._rosette_curves()
    assert len(curves) == 24
    for k, curve in enumerate(curves):
        numbers = [int(n) for n in curve.split() if n.lstrip("-").isdigit()]
        points = list(zip(numbers[::2], numbers[1::2], strict=True))
        assert len(points) == 541
        phase = 2 * math.pi * k / 24
        for i, (x, y) in enumerate(points):
            t = 2 * math.pi * i / 540
            r = radius * (0.62 + 0.22 * math.cos(9 * t + phase) + 0.08 * math.cos(27 * t - phase))
            off = math.hypot(x * scale - r * math.cos(t), y * scale - r * math.sin(t))
            assert off <= scale * math.sqrt(0.5) + 1e-9  # half a unit each way: 0.02 pt

    canvas = pdf.new_canvas(io.BytesIO(), 595, 842, "rosette")
    widths: list[float] = []
    circle = canvas.circle

    def ring(*args: Any, **kwargs: Any) -> None:
        widths.append(canvas._lineWidth)  # type: ignore[attr-defined]
        circle(*args, **kwargs)

    canvas.circle = ring  # type: ignore[method-assign]
    page = cover.Cover.__new__(cover.Cover)
    page.accent, page.width = "#7a2a2a", 595.0
    page._rosette(canvas, 297.0, 600.0, radius, 300.0, 842.0)
    assert widths == [0.45, 0.45]
