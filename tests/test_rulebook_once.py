"""The rulebook is laid out once and drawn once: its paragraphs break their lines once for
each width (and share them with the same paragraph in the same style, as the book on the
other paper has), its tables size their rows once for each room, the pass that finds the
contents' pages draws nothing, and a picture is drawn from the calls reportlab's renderer
made the first time. Each of these gives the pages reportlab's own classes give."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from reportlab.graphics import renderPDF
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Table

from pnp.content.project import Game, load_game
from pnp.render import art, fonts, geometry
from pnp.rulebook import book as rb
from pnp.rulebook import figures, pages
from pnp.rulebook import pdf as render
from pnp.rulebook.cover import Cover
from pnp.rulebook.setup_figure import SetupDiagram
from tests.conftest import CONTENT

HEIST = "diamond-heist"
DI = "diplomatic-immunity"


@pytest.fixture(scope="module")
def heist() -> Game:
    return load_game(CONTENT, HEIST).game


@pytest.fixture(scope="module")
def di() -> Game:
    return load_game(CONTENT, DI).game


def _style(name: str = "body", size: float = 10.5) -> ParagraphStyle:
    fonts.register()
    return ParagraphStyle(name, fontName=fonts.font("serif"), fontSize=size, leading=size * 1.3)


MARKUP = (
    "Each player takes a <b>Goal</b> and keeps it secret; the "
    '<a href="#bank">bank</a> pays out at the end of the round, and a player who '
    "cannot pay is <i>out of the game</i> until the next Morning."
)


def _lines(p: Any) -> list[tuple[Any, ...]]:
    """What a paragraph's lines hold: each line's words and its extra space."""
    out = []
    for line in p.blPara.lines:
        words = getattr(line, "words", None)
        if words is None:
            out.append((line[0], tuple(line[1])))
        else:
            out.append((line.extraSpace, tuple(getattr(w, "text", "") for w in words)))
    return out


def test_a_paragraph_keeps_the_lines_of_each_width_as_reportlab_breaks_them() -> None:
    """Wrapped at one width, then another, then the first again, a `Para` has the lines and
    the height a new reportlab paragraph has at that width; and a second `Para` of the same
    markup and style finds its lines made."""
    style = _style()
    para = pages.Para(MARKUP, style)
    for width in (300.0, 180.0, 300.0, 95.5, 180.0):
        fresh = Paragraph(MARKUP, _style())
        assert para.wrap(width, 1000) == fresh.wrap(width, 1000)
        assert _lines(para) == _lines(fresh)
    again = pages.Para(MARKUP, _style())  # another style object with the same values
    assert again.frags is para.frags or again._broken is para._broken
    assert again.wrap(180.0, 50) == para.wrap(180.0, 50)
    bigger = pages.Para(MARKUP, _style(size=12))
    assert bigger._broken is not para._broken


def test_a_split_paragraph_is_split_as_reportlab_splits_it() -> None:
    """The parts of a `Para` split over two pages hold the lines reportlab's would."""
    text = " ".join([MARKUP] * 4)
    ours, theirs = pages.Para(text, _style()), Paragraph(text, _style())
    for p in (ours, theirs):
        p.wrap(200, 1000)
        p.wrap(320, 1000)
    parts = [p.split(200, 80) for p in (ours, theirs)]
    assert len(parts[0]) == len(parts[1]) == 2
    for a, b in zip(*parts, strict=True):
        assert a.wrap(200, 1000) == b.wrap(200, 1000)
        assert _lines(a) == _lines(b)


def test_a_table_sizes_its_rows_as_reportlab_sizes_them() -> None:
    """Measured in any order of rooms, with and without cells spanning rows, a `Grid` has
    the size and row heights reportlab's table has in the same room."""
    style = _style("cell", 9)

    def rows() -> list[list[Any]]:
        words = re.sub(r"<[^>]*>", "", MARKUP).split()
        return [[Paragraph(" ".join(words[: 6 * (i + 1)]), style), f"{i}"] for i in range(6)]

    for commands in ([], [("SPAN", (1, 1), (1, 3))]):
        grid: Any = pages.Grid(rows(), colWidths=[150, 40], style=commands)
        for width, height in ((190, 1000), (190, 60), (190, 0xFFFFFF), (190, 60), (190, 120)):
            table: Any = Table(rows(), colWidths=[150, 40], style=commands)
            assert grid.wrap(width, height) == table.wrap(width, height)
            assert grid._rowHeights == table._rowHeights
            assert grid._rowpositions == table._rowpositions


def test_the_pass_that_finds_the_pages_draws_nothing(
    heist: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each drawing of the illustrated book (the cover, the set-up, its pictures and rows of
    cards) is made once, on the pass that is kept; the other pass only finds the pages."""
    made: list[object] = []
    drawn: list[object] = []
    kinds = (figures.CardRow, figures.ArtFigure, SetupDiagram, Cover)
    for kind in kinds:
        init, draw = kind.__init__, kind.draw

        def counted_init(self: Any, *args: Any, _init: Any = init, **kwargs: Any) -> None:
            made.append(self)
            _init(self, *args, **kwargs)

        def counted_draw(self: Any, _draw: Any = draw) -> None:
            drawn.append(self)
            _draw(self)

        monkeypatch.setattr(kind, "__init__", counted_init)
        monkeypatch.setattr(kind, "draw", counted_draw)
    book = rb.load(heist)
    render.render_book(heist, book, geometry.of(heist), render.ILLUSTRATED, "a4")
    assert len(made) > 1
    assert sorted(map(id, drawn)) == sorted(map(id, made))


def _page(draw: Callable[[Canvas], object]) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(200, 200), invariant=True)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_a_picture_is_drawn_from_its_recorded_calls_as_the_renderer_draws_it(
    di: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn first (the renderer's calls are recorded as they are played) and again (played
    from the record), a picture's page is byte for byte the page reportlab's renderer
    draws, in one colour, faint, as outlines and in its own colours."""
    rel = next(c.art.id for c in di.cards or () if c.art)
    looks = (("#884422", 1.0, False), ("#884422", 0.22, False), ("#000000", 1.0, True))
    for colour, alpha, outline in (*looks, (None, 1.0, False)):

        def draw(
            canvas: Canvas,
            colour: str | None = colour,
            alpha: float = alpha,
            outline: bool = outline,
        ) -> None:
            art.draw_art(canvas, di, rel, (10, 10, 150, 150), colour, alpha=alpha, outline=outline)

        art._TINTED.clear()
        first, again = _page(draw), _page(draw)
        with monkeypatch.context() as m:
            m.setattr(art._Look, "draw", lambda self, c: renderPDF.draw(self.drawing, c, 0, 0))
            assert first == again == _page(draw)


def test_tinting_a_picture_leaves_the_games_own_as_it_was(di: Game) -> None:
    """The picture the content holds keeps its colours when a card draws it in its own."""
    from pnp.content.assets import svg

    rel = next(c.art.id for c in di.cards or () if c.art)
    drawing = svg(di, rel)
    paints = [repr(getattr(s, "fillColor", None)) for s in art._shapes(drawing)]  # type: ignore[arg-type]
    art._TINTED.clear()
    _page(lambda c: art.draw_art(c, di, rel, (0, 0, 100, 100), "#123456", alpha=0.5))
    assert [repr(getattr(s, "fillColor", None)) for s in art._shapes(drawing)] == paints  # type: ignore[arg-type]


def test_the_set_up_draws_each_back_and_chip_once_and_places_it_often(
    di: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table after set-up shows each deck's back and each kind of chip many times: each
    is drawn once per book, as a form, and placed by reference wherever it lies."""
    from pnp.render import cards as card_faces
    from pnp.rulesets.diplomatic_immunity import chips

    backs: list[str] = []
    draw_back = card_faces.draw_back

    def counted_back(canvas: Canvas, size: Any, game: Game, deck: str, *args: Any) -> None:
        backs.append(deck)
        draw_back(canvas, size, game, deck, *args)

    monkeypatch.setattr(card_faces, "draw_back", counted_back)
    fronts: list[object] = []
    pieces = chips.pieces

    def counted_pieces(*args: Any, **kwargs: Any) -> list[Any]:
        made = pieces(*args, **kwargs)

        def counted(front: Any) -> Any:
            def draw(*a: Any) -> None:
                fronts.append(front)
                front(*a)

            return draw

        by_face: dict[int, Any] = {}
        return [
            dataclasses.replace(p, front=by_face.setdefault(id(p.front), counted(p.front)))
            for p in made
        ]

    monkeypatch.setattr(chips, "pieces", counted_pieces)
    book = rb.load(di)
    data, _pages = render.render_book(di, book, geometry.of(di), render.ILLUSTRATED, "a4")
    assert backs and len(backs) == len(set(backs)), backs  # each deck's back drawn once
    assert fronts and len(fronts) == len(set(map(id, fronts)))  # each chip's face once
    placed = len(re.findall(rb"pnpform\d+ Do", _streams(data)))
    assert placed > 2 * (len(backs) + len(fronts))  # and placed many times


def _streams(pdf: bytes) -> bytes:
    """Every page's content stream of a PDF, decoded."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return b"\n".join(page.Contents.read_bytes() for page in doc.pages)


def test_drawing_searches_for_cycles_less_often_and_puts_the_collector_back() -> None:
    """While pnp draws (`accel.fast`, nested or not) the collector searches its youngest
    objects after `YOUNG` allocations; after, the process's own thresholds are back."""
    import gc

    from pnp.rulebook import accel

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        with accel.fast():
            assert gc.get_threshold() == (accel.YOUNG, 10, 10)
            with accel.fast():
                assert gc.get_threshold() == (accel.YOUNG, 10, 10)
            assert gc.get_threshold() == (accel.YOUNG, 10, 10)
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_the_stand_ins_give_the_bytes_reportlab_gives(di: Game) -> None:
    """A book drawn with pnp's stand-ins for reportlab's helpers (`accel.fast`: line
    breaking, widths, colours and their opacity, the file's values) is byte for byte the
    book drawn with reportlab's own. Each is laid out afresh (no lines kept from the
    other)."""
    book, geo = rb.load(di), geometry.of(di)
    pages._TYPESET.clear()
    own = render._render_book(di, book, geo, render.ILLUSTRATED, "a4", False)
    pages._TYPESET.clear()
    assert render.render_book(di, book, geo, render.ILLUSTRATED, "a4") == own


def test_an_opacity_is_written_when_it_changes_and_only_then() -> None:
    """Colours with and without their own opacity, set again and again on a page and on its
    text, through the stand-ins: the page reportlab's own setters make."""
    from reportlab.lib.colors import Color

    from pnp.rulebook import accel

    def draw(canvas: Canvas) -> None:
        half, opaque = Color(0.2, 0.4, 0.6, alpha=0.5), Color(0.1, 0.1, 0.1)
        for colour, alpha in (
            (opaque, None),
            (opaque, None),
            (half, None),
            (half, 0.25),
            (opaque, 1),
            (opaque, None),
            (half, None),
            (opaque, 1.0),
        ):
            canvas.setFillColor(colour, alpha)
            canvas.setStrokeColor(colour, alpha)
            canvas.rect(10, 10, 50, 50, fill=1)
            text = canvas.beginText(20, 20)
            text.setFillColor(colour, alpha)
            text.textOut("Heat")
            canvas.drawText(text)
            canvas.saveState()
            canvas.setFillColor(half)
            canvas.restoreState()

    own = _page(draw)
    with accel.fast():
        fast = _page(draw)
    assert fast == own
    assert _streams(own).count(b" gs") >= 4  # the opacities are in the page
