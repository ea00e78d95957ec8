"""The rulebooks' layout: every font embedded, an A4 and a Letter edition of each book named
like the kit's other files, a measure of about seventy characters, pages broken only where a
chapter opens (never one page per section), a cover drawn from the game's data, a set-up
diagram whose every count is the data's, and a Credits chapter grouped by licence.

Both games' kits are built once, on both papers, for the whole module.
"""

from __future__ import annotations

import ctypes
import dataclasses
import json
import re
import statistics
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.content.project import Game, load_game
from pnp.render import geometry
from pnp.render.units import mm
from pnp.rulebook import book as rb
from pnp.rulebook import credits, setup_plan
from pnp.rulebook import pdf as render
from pnp.rulebook import style as rb_style
from pnp.rulebook.context import Context, blocks_of
from pnp.rulebook.document import Figure, Heading, Para, Table
from pnp.rulesets.diamond_heist.model import HeistRules
from pnp.rulesets.diamond_heist.rulebook_setup import TreasurePlan
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.rulebook_setup import TablePlan
from tests.conftest import CONTENT, run_pnp

pytestmark = pytest.mark.heavy  # collected first: see conftest

pdfium_c = pdfium.raw
GAMES = ("diplomatic-immunity", "diamond-heist")
PAPERS = ("a4", "letter")
EDITIONS = ("rulebook", "rulebook-text")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(shipped_kit: Path) -> Path:
    """`pnp build` of both shipped games on both papers (built once for the run: conftest)."""
    return shipped_kit


@pytest.fixture(scope="module")
def models() -> dict[str, Game]:
    return {g: load_game(CONTENT, g).game for g in GAMES}


def _pdf(built: Path, game: str, edition: str = "rulebook", paper: str = "a4") -> Path:
    return built / game / f"{edition}-{paper}.pdf"


# ---- fonts -------------------------------------------------------------------------------


def _font_problems(pdf: pikepdf.Pdf) -> list[str]:
    """Every font resource (of pages, forms inside them, annotations' appearances) that is
    not embedded: no FontFile, FontFile2 or FontFile3 in its descriptor."""
    problems: list[str] = []
    seen: set[tuple[int, int]] = set()

    def fonts_of(resources: Any, where: str) -> None:
        if not isinstance(resources, pikepdf.Dictionary):
            return
        for name, font in (resources.get("/Font") or {}).items():
            descendants = font.get("/DescendantFonts")
            described = descendants[0] if descendants else font
            descriptor = described.get("/FontDescriptor")
            if descriptor is None or not any(
                k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")
            ):
                problems.append(f"{where}: {name} {font.get('/BaseFont')} is not embedded")
        for xobject in (resources.get("/XObject") or {}).values():
            key = xobject.objgen
            if key in seen or key == (0, 0):
                continue
            seen.add(key)
            fonts_of(xobject.get("/Resources"), f"{where} (form)")

    for n, page in enumerate(pdf.pages, start=1):
        fonts_of(page.obj.get("/Resources"), f"page {n}")
        for annot in page.obj.get("/Annots") or ():
            for stream in (annot.get("/AP") or {}).values():
                if isinstance(stream, pikepdf.Stream):
                    fonts_of(stream.get("/Resources"), f"page {n} (annotation)")
    return problems


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("game", GAMES)
def test_every_font_is_embedded(built: Path, game: str, edition: str, paper: str) -> None:
    """No font is referenced without being embedded: not reportlab's default table-cell
    font, not a picture's default state font, not the contents' (the standard Helvetica
    used to enter every page through the tables and the table of contents)."""
    with pikepdf.open(_pdf(built, game, edition, paper)) as pdf:
        assert _font_problems(pdf) == []


def test_the_font_check_finds_an_unembedded_font(tmp_path: Path) -> None:
    """The check above is not blind: a PDF drawn in the standard Helvetica fails it."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "helvetica.pdf"
    canvas = Canvas(str(path))
    canvas.setFont("Helvetica", 12)
    canvas.drawString(72, 72, "not embedded")
    canvas.save()
    with pikepdf.open(path) as pdf:
        assert any("Helvetica" in p for p in _font_problems(pdf))


# ---- files, papers and the manifest --------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_both_papers_are_built_and_listed(built: Path, game: str) -> None:
    """rulebook-<paper>.pdf and rulebook-text-<paper>.pdf, for A4 and Letter, each listed in
    the manifest with its paper, and each page of that paper's size."""
    manifest = json.loads((built / game / "manifest.json").read_text(encoding="utf-8"))
    files = {f["path"]: f for f in manifest["files"]}
    assert "rulebook.pdf" not in files and "rulebook-text.pdf" not in files
    sizes = {
        p: (geometry.default().papers[p].width, geometry.default().papers[p].height) for p in PAPERS
    }
    for paper in PAPERS:
        for edition in EDITIONS:
            name = f"{edition}-{paper}.pdf"
            entry = files[name]
            assert entry["paper"] == paper and entry["pages"] > 3
            assert entry["contents"]["rulebook"] == (
                "illustrated" if edition == "rulebook" else "text"
            )
            with pikepdf.open(built / game / name) as pdf:
                assert len(pdf.pages) == entry["pages"]
                for page in pdf.pages:
                    box = [float(v) for v in page.mediabox]
                    assert box[2] - box[0] == pytest.approx(sizes[paper][0], abs=0.5)
                    assert box[3] - box[1] == pytest.approx(sizes[paper][1], abs=0.5)


def test_paper_option_builds_only_that_paper(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--paper letter` writes the Letter rulebooks and no A4 one."""
    status, out, _ = run_pnp(
        capsys,
        "build",
        "diamond-heist",
        "--content",
        str(CONTENT),
        "--out",
        str(tmp_path),
        "--paper",
        "letter",
    )
    assert status == 0
    names = {p.name for p in (tmp_path / "diamond-heist").glob("rulebook*.pdf")}
    assert names == {"rulebook-letter.pdf", "rulebook-text-letter.pdf"}
    assert "rulebook-letter.pdf" in out


def test_readme_names_the_rulebook_files_and_blocks() -> None:
    """The README's outputs table names the rulebook files as they are written, and its
    rulebook section names every generated block a source may call."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`rulebook-a4.pdf`, `rulebook-letter.pdf`" in readme
    assert "`rulebook-text-a4.pdf`, `rulebook-text-letter.pdf`" in readme
    assert "`rulebook.pdf`" not in readme
    for game in GAMES:
        for name in blocks_of(load_game(CONTENT, game).game):
            assert f"`{name}(" in readme, name


# ---- the measure ---------------------------------------------------------------------------


def _body_lines(path: Path, size: float) -> list[str]:
    """Every line of text set at the body size, as (characters), split at wide gaps."""
    doc = pdfium.PdfDocument(path)
    lines: list[tuple[float, str]] = []
    for i in range(len(doc)):
        text = doc[i].get_textpage()
        rows: dict[float, list[tuple[float, float, str]]] = {}
        for k in range(text.count_chars()):
            if abs(pdfium_c.FPDFText_GetFontSize(text.raw, k) - size) > 0.05:
                continue
            char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, k))
            if char in "\r\n":
                continue
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, k, x, y)
            right = text.get_charbox(k)[2]
            rows.setdefault(round(y.value, 1), []).append((x.value, right, char))
        for chars in rows.values():
            chars.sort()
            run = [chars[0]]
            for c in chars[1:]:
                if c[0] - run[-1][1] > 20:  # another column or a table cell
                    lines.append((run[-1][1] - run[0][0], "".join(ch for *_, ch in run)))
                    run = [c]
                else:
                    run.append(c)
            lines.append((run[-1][1] - run[0][0], "".join(ch for *_, ch in run)))
    widest = max(w for w, _ in lines)
    # a full line: not the short last line of a paragraph
    return [t.strip() for w, t in lines if w >= 0.85 * widest]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("game", GAMES)
def test_body_lines_hold_sixty_to_eighty_characters(
    built: Path, game: str, edition: str, paper: str
) -> None:
    """The average full line of body text holds 60-80 characters (the style aims at
    about 70), on either paper: the text runs in a column narrower than the page."""
    style = rb_style.load()
    body = (style.illustrated if edition == "rulebook" else style.text).type("body").size
    lines = _body_lines(_pdf(built, game, edition, paper), body)
    assert len(lines) >= 20
    average = statistics.mean(len(line) for line in lines)
    assert 60 <= average <= 80, average


# ---- where pages break ----------------------------------------------------------------------


def _outline(path: Path) -> list[tuple[int, str, int, float]]:
    """(level, title, page index, top) of every bookmark."""
    doc = pdfium.PdfDocument(path)
    out = []
    for item in doc.get_toc():
        dest = item.get_dest()
        if dest is not None:
            out.append((item.level, item.get_title(), dest.get_index(), dest.get_view()[1][1]))
    return out


def _bands(path: Path) -> list[tuple[float, float, bool]]:
    """For each page: the lowest and the highest point drawn between the margins (the
    running header and the page number are outside them), and whether the highest is a
    drawing (not text)."""
    top_m, bottom_m, _l, _r = rb_style.load().margins
    doc = pdfium.PdfDocument(path)
    out = []
    for i in range(len(doc)):
        page = doc[i]
        top = page.get_height() - top_m
        low, high, drawing = top, bottom_m, False
        for obj in page.get_objects(max_depth=0):
            _left, bottom, _right, upper = obj.get_bounds()
            if bottom < bottom_m - 1 or upper > top + mm(6):
                continue
            low = min(low, bottom)
            if upper > high:
                high, drawing = upper, obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT
        out.append((low, high, drawing))
    return out


def _drawing_under(path: Path, page: int, y: float) -> bool:
    """Whether a drawing (a card picture, a diagram: not text, taller than a table's row)
    starts just under a heading at y."""
    for obj in pdfium.PdfDocument(path)[page].get_objects(max_depth=0):
        _left, bottom, _right, upper = obj.get_bounds()
        if (
            obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT
            and y - mm(25) < upper < y - mm(3)
            and upper - bottom > mm(15)
        ):
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_only_chapters_open_a_new_page(built: Path, game: str) -> None:
    """A section below a chapter never moves to a new page while the page before had room
    for it (a section heading needs little more than its keep-with-next room), and a page
    that ends with a third of it or more left is followed by a chapter's opening or by a
    drawing that could not be split."""
    path = _pdf(built, game)
    outline = _outline(path)
    bands = _bands(path)
    top_m, bottom_m, _l, _r = rb_style.load().margins
    height = pdfium.PdfDocument(path)[0].get_height()
    frame_top = height - top_m
    chapters = {
        page
        for level, title, page, y in outline
        if level == 0 and title != "Contents" and y >= frame_top - mm(8)
    }
    first_body = min(
        page for level, title, page, _y in outline if title != "Contents" and level == 0
    )
    for level, title, page, y in outline:
        if level >= 1 and y >= frame_top - mm(8) and page > first_body:
            room = bands[page - 1][0] - bottom_m
            # (unless what it opens with is a drawing, which cannot be split)
            assert room < mm(45) or _drawing_under(path, page, y), (title, page, room / mm(1))
    for page in range(first_body, len(bands) - 1):
        room = bands[page][0] - bottom_m
        if room > (frame_top - bottom_m) / 3:
            assert page + 1 in chapters or bands[page + 1][2], (page + 1, room / mm(1))


def test_heist_chapters_share_pages(built: Path) -> None:
    """Diamond Heist's chapters are short: they run on, several to a page, instead of one
    chapter (or section) per page."""
    outline = _outline(_pdf(built, "diamond-heist"))
    chapters = [
        (page, y) for level, title, page, y in outline if level == 0 and title not in ("Contents",)
    ]
    pages = {page for page, _y in chapters}
    assert len(pages) < len(chapters) * 0.75
    frame_top = (
        pdfium.PdfDocument(_pdf(built, "diamond-heist"))[0].get_height()
        - rb_style.load().margins[0]
    )
    assert sum(y < frame_top - mm(20) for _page, y in chapters) >= 3  # opened mid-page


# ---- the cover ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_cover_says_the_game_and_shows_its_cards(
    built: Path, models: dict[str, Game], game: str
) -> None:
    """The cover has the title, the rulebook's version, the tagline and the player count
    (and time and age where the game gives them), the fan of card faces, and a field of the
    game's accent colour behind the title."""
    info = models[game].info
    assert info is not None
    doc = pdfium.PdfDocument(_pdf(built, game))
    words = " ".join(doc[0].get_textpage().get_text_range().split())
    assert info.title in words and f"v{info.version}" in words
    assert " ".join(info.tagline.split())[:40] in words
    assert f"{info.players.min}–{info.players.max} players" in words
    if info.minutes:
        assert f"{info.minutes.min}–{info.minutes.max} minutes" in words
    image = doc[0].render(scale=0.5, rev_byteorder=True).to_pil()
    accent = rb_style.load().accent(game)
    expected = tuple(int(accent[i : i + 2], 16) for i in (1, 3, 5))
    pixel = image.getpixel((5, image.height // 5))
    assert all(abs(a - b) <= 6 for a, b in zip(pixel, expected, strict=True)), pixel
    drawn = [o for o in doc[0].get_objects() if o.type != pdfium_c.FPDF_PAGEOBJ_TEXT]
    assert len(drawn) > 50  # the emblem, the engraving and the cards


def test_ink_saver_cover_fills_nothing(models: dict[str, Game]) -> None:
    """With ink saver, the cover has no field of colour: the page stays white."""
    game = models["diamond-heist"]
    data, _pages = render.render_book(
        game, rb.load(game), geometry.default(), render.ILLUSTRATED, "a4", ink_saver=True
    )
    image = pdfium.PdfDocument(data)[0].render(scale=0.5, rev_byteorder=True).to_pil()
    assert image.getpixel((5, image.height // 5)) == (255, 255, 255)


def test_illustrated_book_is_deterministic(models: dict[str, Game]) -> None:
    """The cover, the set-up diagram and the credits draw the same bytes every time."""
    game = models["diamond-heist"]
    book = rb.load(game)
    geo = geometry.default()
    first = render.render_book(game, book, geo, render.ILLUSTRATED, "letter")
    assert render.render_book(game, book, geo, render.ILLUSTRATED, "letter") == first


# ---- the set-up diagram ---------------------------------------------------------------------


def _figure(book: rb.Book) -> Figure:
    return next(n for n in book.nodes if isinstance(n, Figure) and n.kind == "setup")


def test_setup_diagram_counts_come_from_the_data(models: dict[str, Game]) -> None:
    """Diplomatic Immunity, at four players (the middle of its best range): each player's
    money and hand, the decks left after dealing, the clock, the bank and what goes back
    in the box are all the data's."""
    game = models["diplomatic-immunity"]
    rules, comps, info = game.rules, game.components, game.info
    assert isinstance(rules, DIRules) and comps is not None and info is not None and info.best
    plan = _figure(rb.load(game)).data
    assert isinstance(plan, TablePlan)
    n = (info.best.min + info.best.max) // 2
    assert plan.players == n == len(plan.seats)
    assert [s.name for s in plan.seats] == [s.name for s in comps.seats[:n]]
    assert plan.money == rules.start.money
    assert sum(plan.coins) == rules.start.money
    assert [(h.deck, h.count) for h in plan.hand] == [
        (d.deck.id, d.cards) for d in rules.start.hand
    ]
    decks = comps.decks()
    left = {p.deck: p.count for p in plan.middle if p.deck}
    for draw in rules.start.hand:
        assert left[draw.deck.id] == decks[draw.deck.id].count - n * draw.cards
    assert plan.clock.count == rules.clock.cards
    assert comps.money is not None and plan.bank == comps.money.total - n * rules.start.money
    box = {p.label.casefold(): p.count for p in plan.box}
    assert box["goal cards"] == len(game.goals or ()) - n
    assert box["headline deck"] == decks[rules.clock.deck.id].count - rules.clock.cards
    assert box["seat sets"] == len(comps.seats) - n
    per_seat = {p.item: p.count for p in plan.pieces}
    assert per_seat == {i.id: i.per_seat for i in comps.items if i.per_seat}


def test_setup_diagram_follows_a_change_of_the_data(models: dict[str, Game]) -> None:
    """Change the starting money, the hand and the clock, and the diagram changes with
    them: nothing in it is typed."""
    game = models["diplomatic-immunity"]
    rules = game.rules
    assert isinstance(rules, DIRules)
    start = dataclasses.replace(
        rules.start,
        money=7,
        hand=tuple(dataclasses.replace(d, cards=d.cards + 1) for d in rules.start.hand),
    )
    changed = dataclasses.replace(
        game,
        rules=dataclasses.replace(
            rules, start=start, clock=dataclasses.replace(rules.clock, cards=9)
        ),
    )
    plan = setup_plan.plan(changed, 5)
    assert isinstance(plan, TablePlan)
    assert plan.players == 5 and plan.money == 7 and plan.clock.count == 9
    assert [h.count for h in plan.hand] == [d.cards for d in start.hand]
    assert plan.coins and sum(plan.coins) == 7


def test_heist_setup_diagram_is_the_treasure_table(models: dict[str, Game]) -> None:
    """Diamond Heist's diagram shows its treasure row for its player count: the diamonds,
    each role card and the apologies, and what the Boss may hide."""
    game = models["diamond-heist"]
    rules = game.rules
    assert isinstance(rules, HeistRules)
    plan = _figure(rb.load(game)).data
    assert isinstance(plan, TreasurePlan)
    row = rules.row(plan.players)
    assert row is not None
    counts = {p.item: p.count for p in plan.treasure}
    assert counts.pop(rules.diamond_piece.id) == rules.diamonds
    assert counts == {c.piece.id: c.n for c in row.roles if c.n}
    assert plan.apologies.count == row.apologies
    assert plan.hides == (rules.boss_hides.min, rules.boss_hides.max)


def test_setup_diagram_is_in_the_setup_chapter_of_both_books(built: Path) -> None:
    """The illustrated book draws it in the Setup chapter with its labels; the text-only
    book prints the same as words."""
    for game, chapter in (("diplomatic-immunity", "Setup"), ("diamond-heist", "Setup")):
        book = rb.load(load_game(CONTENT, game).game)
        heading = None
        for node in book.nodes:
            if isinstance(node, Heading) and node.level == 1:
                heading = node.inline.text
            if isinstance(node, Figure) and node.kind == "setup":
                break
        assert heading == chapter
        pages = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(_pdf(built, game))]
        assert any("The table after set-up" in p for p in pages)
        text = " ".join(
            " ".join(
                p.get_textpage().get_text_range()
                for p in pdfium.PdfDocument(_pdf(built, game, "rulebook-text"))
            ).split()
        )
        assert "The table after set-up" in text
    di = " ".join(
        " ".join(
            p.get_textpage().get_text_range()
            for p in pdfium.PdfDocument(_pdf(built, "diplomatic-immunity"))
        ).split()
    )
    assert "Street deck 58 cards" in di and "Clock: Headlines 12 cards" in di


def test_setup_diagram_refuses_a_player_count_the_game_does_not_have(
    models: dict[str, Game],
) -> None:
    """`setup_diagram(players=...)` outside the game's range is an error at the block's
    line (E754), with the range."""
    ctx = Context(models["diamond-heist"])
    with pytest.raises(ValueError, match="5 to 12 players, not 13"):
        setup_plan.setup_diagram(ctx, players=13)


# ---- credits --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_credits_close_the_book(built: Path, models: dict[str, Game], game: str) -> None:
    """The last chapter is Credits: the fonts under the SIL Open Font License with their
    maker, and every art credit of the game with title, author, source and licence (what a
    CC BY attribution needs), in both books."""
    for edition in EDITIONS:
        path = _pdf(built, game, edition)
        chapters = [(t, page) for level, t, page, _y in _outline(path) if level == 0]
        assert chapters[-1][0] == "Credits"
        doc = pdfium.PdfDocument(path)
        pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
        # narrow table cells may break a long name or address over two lines
        letters = re.sub(r"\s", "", " ".join(pages[chapters[-1][1] :]))
        for family in ("Source Sans Pro", "Source Serif Pro"):
            assert family.replace(" ", "") in letters
        for value in (
            "SIL Open Font License 1.1",
            "Adobe",
            "font-source-sans-pro",
            "font-source-serif-pro",
        ):
            assert value.replace(" ", "") in letters
        for credit in getattr(models[game], "credits", None) or ():
            for value in (
                credit.title,
                credit.author,
                credit.licence,
                re.sub(r"^https?://", "", credit.source),
            ):
                assert re.sub(r"\s", "", value) in letters, (credit.file, value)


def test_credits_are_grouped_by_licence(models: dict[str, Game]) -> None:
    """One heading per licence, each followed by a table of its works; every work under its
    own licence, each with title, author and source."""
    game = models["diplomatic-immunity"]
    if "credits" in {f.name for f in dataclasses.fields(Game)}:
        fake = [
            _Credit("art/a.svg", "Alpha", "Ann", "CC BY 4.0", "https://example.org/a"),
            _Credit("art/b.svg", "Beta", "Bo", "CC0", "https://example.org/b"),
            _Credit("art/c.svg", "Gamma", "Cy", "CC BY 4.0", "https://example.org/c"),
        ]
        game = dataclasses.replace(game, credits=tuple(fake))  # type: ignore[arg-type]
    nodes = credits.nodes(game)
    assert isinstance(nodes[0], Heading) and nodes[0].inline.text == "Credits"
    groups: dict[str, list[str]] = {}
    for licence, table in zip(nodes[2::2], nodes[3::2], strict=True):
        assert isinstance(licence, Para) and isinstance(table, Table)
        assert [h.text for h in table.header] == ["Work", "By", "Source", "Used for"]
        groups[licence.inline.text] = [r[0].text for r in table.rows]
        assert all(r[1].text and r[2].text for r in table.rows)
    assert len(groups) == len(set(groups))
    assert groups["SIL Open Font License 1.1"] == ["Source Sans Pro", "Source Serif Pro"]
    for credit in getattr(game, "credits", None) or ():
        assert credit.title in groups[credit.licence]


@dataclasses.dataclass(frozen=True)
class _Credit:
    """A stand-in for the content's credit of a picture."""

    file: str
    title: str
    author: str
    licence: str
    source: str
    changes: str = ""
