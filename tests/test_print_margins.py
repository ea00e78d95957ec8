"""What prints stays inside the printable area, and cards survive a mis-cut.

Every page of every sheet PDF (cards, gutterfold, boards, chips; both games, both papers) is
rendered and its outer 5 mm band must be blank: printers cannot print there. Gutterfold faces
print their art up to the fold line; neighbouring cards are a gutter of twice the bleed apart
wherever the grid fits (each printing its own bleed into it); the duplex test's back is
printed with `--back-offset` and says what to check; `--png` writes every face the card
sheets print, backs included.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, cast

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from pnp import pipeline
from pnp.content.project import Game
from pnp.render import build, geometry, png, sheets
from pnp.render.build import Options
from pnp.render.cards import Theme
from pnp.render.units import mm, to_mm
from pnp.rulesets.diamond_heist import render as heist
from tests import drawn
from tests.conftest import CONTENT

pytestmark = pytest.mark.heavy  # collected first: see conftest

GEO = geometry.default()
GAMES = ("diplomatic-immunity", "diamond-heist")
PAPERS = ("a4", "letter")
BAND_MM = 5.0
# A page label longer than any the shipped games print: a long title, a long deck name.
LONG_LABEL = (
    "The Extraordinarily Long Game Title v10.27 · Bribes and Favors reference "
    "cards · backs · sheet 10 of 12 · double-sided, flip on the short edge"
)
WHITE = (255, 255, 255)


@cache
def _game(game_id: str) -> Game:
    return pipeline.check(CONTENT, [game_id]).games[game_id]


@pytest.fixture(scope="module")
def kit(shipped_kit: Path) -> Path:
    """The run's shared build of the shipped games on both papers (conftest)."""
    return shipped_kit


@dataclasses.dataclass(frozen=True)
class Sheet:
    path: str
    data: bytes


@cache
def _sheet_pdfs(kit: Path, game_id: str) -> tuple[Sheet, ...]:
    """The sheet PDFs of a game's kit (every PDF but its rulebooks: cards, gutterfold,
    boards, chips), as the build in `kit` wrote them."""
    folder = kit / game_id
    return tuple(
        Sheet(p.name, p.read_bytes())
        for p in sorted(folder.glob("*.pdf"))
        if not p.name.startswith("rulebook")
    )


def _render(data: bytes, index: int, dpi: float) -> Image.Image:
    doc = pdfium.PdfDocument(data)
    try:
        page = doc[index]
        image: Image.Image = page.render(scale=dpi / 72, rev_byteorder=True).to_pil()
        page.close()
    finally:
        doc.close()
    return image


def _pages(data: bytes) -> int:
    doc = pdfium.PdfDocument(data)
    try:
        return len(doc)
    finally:
        doc.close()


_INK = [255 if v < 250 else 0 for v in range(256)]  # not white: a lookup table for `point`


def _band_ink(
    data: bytes, dpi: float, most: int | None = None
) -> Iterator[list[tuple[str, tuple[int, int, int, int]]]]:
    """For each page of a PDF (the first `most` of them), the boxes of anything not white
    in its outer band, by side (empty when clean). The band is the whole pixels within 5 mm
    of the edge, and only it is rendered: nothing else of the page matters here."""
    doc = pdfium.PdfDocument(data)
    try:
        for i in range(len(doc) if most is None else min(len(doc), most)):
            page = doc[i]
            strips = drawn.edge_strips(page, dpi, int(BAND_MM / 25.4 * dpi))
            found = []
            for side, strip in strips.items():
                bbox = strip.convert("L").point(_INK).getbbox()
                if bbox:
                    found.append((side, bbox))
            page.close()
            yield found
    finally:
        doc.close()


def _pdf_with_marks(marks: list[tuple[float, float]]) -> bytes:
    """An A4 page with a 0.5 mm black dot at each (x, y) in mm from its bottom-left."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(mm(210), mm(297)), invariant=True)
    for x, y in marks:
        canvas.circle(mm(x), mm(y), mm(0.25), stroke=0, fill=1)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


# ---- the printable area ---------------------------------------------------------------------


def test_the_sheets_hold_what_they_held(kit: Path) -> None:
    """The sheet PDFs the band test reads: every card, board and chip file of both games."""
    paths = {(g, o.path) for g in GAMES for o in _sheet_pdfs(kit, g)}
    for paper in PAPERS:
        for g in GAMES:
            assert (g, f"cards-{paper}.pdf") in paths
            assert (g, f"cards-gutterfold-{paper}.pdf") in paths
        assert ("diplomatic-immunity", f"boards-{paper}.pdf") in paths
        assert ("diplomatic-immunity", f"chips-{paper}.pdf") in paths


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_prints_within_5_mm_of_the_page_edge(kit: Path, game_id: str) -> None:
    """Every page of every sheet PDF, rendered at 72 dpi: no ink in the outer 5 mm band, so
    a printer's unprintable margin removes no crop mark, ruler, label or art."""
    problems = []
    for out in _sheet_pdfs(kit, game_id):
        for i, found in enumerate(_band_ink(out.data, 72)):
            if found:
                problems.append(f"{out.path} page {i + 1}: {found}")
    assert problems == []


def test_the_band_check_sees_a_dot_at_each_edge_and_none_inside() -> None:
    """The check itself: a dot 4 mm from any edge is found on that side alone; dots 6 mm
    in, and one in the middle, are not."""
    for (x, y), side in (
        ((4, 150), "left"),
        ((206, 150), "right"),
        ((105, 293), "top"),
        ((105, 4), "bottom"),
    ):
        (found,) = _band_ink(_pdf_with_marks([(x, y)]), 72)
        assert [s for s, _ in found] == [side]
    (clean,) = _band_ink(
        _pdf_with_marks([(6, 150), (204, 150), (105, 291), (105, 6), (105, 150)]), 72
    )
    assert clean == []


def test_a_short_edge_flip_keeps_the_band_clean() -> None:
    """The backs of a short-edge flip are mirrored top to bottom: still nothing in the band."""
    short = Options(flip="short")  # (the card sheets alone: only they are printed duplex)
    for out in build.card_outputs(_game("diplomatic-immunity"), GEO, short):
        if "gutterfold" in out.path:
            continue
        for i, found in enumerate(_band_ink(out.data, 72, 6)):
            assert found == [], (out.path, i)


def _layouts() -> Iterator[tuple[str, str, str]]:
    for name in ("cards", "gutterfold", "boards"):
        for paper in PAPERS:
            for flip in ("long", "short"):
                yield name, paper, flip


@pytest.mark.parametrize(("name", "paper", "flip"), list(_layouts()))
def test_marks_ruler_and_label_are_placed_inside_the_printable_area(
    name: str, paper: str, flip: str
) -> None:
    """The geometry, on every imposition, paper and flip: the crop marks, the ruler and the
    label of a page of fronts and of backs are at least 5 mm from the page edge, never over
    a trim, and the ruler and the label cross no crop mark and no art."""
    assert GEO.marks is not None
    marks, p = GEO.marks, GEO.papers[paper]
    grid = sheets.sheet(sheets.imposition(GEO.impositions, name, paper), p, marks)
    sides = sheets.bleeds(grid, len(grid.rects))
    edge = marks.edge - 1e-6
    for back in (False, True):
        rects = [sheets.back_rect(r, p, flip) if back else r for r in grid.rects]
        art = [
            r.grow(sheets.mirror(s, flip) if back else s) for r, s in zip(rects, sides, strict=True)
        ]
        for a in art:  # the bleed too stays inside the printable area
            assert edge <= a.x and a.x + a.w <= p.width - edge
            assert edge <= a.y and a.y + a.h <= p.height - edge
        found = sheets.furniture(rects, art, p, marks, LONG_LABEL)
        for m in found.marks:
            for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
                assert edge <= x <= p.width - edge and edge <= y <= p.height - edge
            mx, my = (m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2
            assert not any(r.x < mx < r.x + r.w and r.y < my < r.y + r.h for r in rects)
        spots = [
            (found.ruler, sheets.ruler_room()),
            *((s, sheets.label_room(s.size)) for s in found.label),
        ]
        for spot, width in spots:
            box = _spot_box(spot, width, p, marks)
            assert edge <= box.x and box.x + box.w <= p.width - edge
            assert edge <= box.y and box.y + box.h <= p.height - edge
            assert not any(_overlap(box, a) for a in art), spot
            for m in found.marks:
                line = sheets.Rect(
                    min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1)
                )
                assert not _overlap(box, line), (spot, m)
            assert not any(
                _overlap(box, _spot_box(o, w, p, marks)) for o, w in spots if o is not spot
            ), spot
        assert all(s.size >= sheets.LABEL_FLOOR for s in found.label)
        words = " ".join(s.text.rstrip(" ·") for s in found.label).replace("  ", " ")
        assert words.replace(" · ", " ") == LONG_LABEL.replace(" · ", " ")  # never cut short


def _spot_box(spot: sheets.Spot, width: float, p: Any, marks: Any) -> sheets.Rect:
    """The box the ruler or the label takes in its lane."""
    e = marks.edge + sheets.PAD
    length = spot.end - spot.start
    if spot.side == "left":
        return sheets.Rect(e, spot.start, width, length)
    if spot.side == "right":
        return sheets.Rect(p.width - e - width, spot.start, width, length)
    if spot.side == "bottom":
        return sheets.Rect(spot.start, e, length, width)
    return sheets.Rect(spot.start, p.height - e - width, length, width)


def _overlap(a: sheets.Rect, b: sheets.Rect) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def test_a4_keeps_3_by_3_and_the_card_sizes() -> None:
    """A4 still takes nine cards a sheet; every paper keeps the poker trim and its bleed;
    the boards, wider than A4's printable area, go one a sheet, turned."""
    a4 = sheets.imposition(GEO.impositions, "cards", "a4")
    assert (a4.columns, a4.rows) == (3, 3)
    for name in ("cards", "gutterfold"):
        for paper in PAPERS:
            size = sheets.imposition(GEO.impositions, name, paper).size
            assert (to_mm(size.width), to_mm(size.height)) == pytest.approx((63.5, 88.9))
            assert to_mm(size.bleed) == pytest.approx(3.175)
            grid = sheets.sheet(sheets.imposition(GEO.impositions, name, paper), GEO.papers[paper])
            assert all(o == pytest.approx(size.bleed) for o in grid.outer)
    boards_imp = GEO.impositions["boards"]
    assert (boards_imp.columns, boards_imp.rows, boards_imp.rotate) == (1, 1, True)
    two = dataclasses.replace(boards_imp, rows=2, rotate=False)  # two a sheet, as before
    assert not sheets.fits(two, GEO.papers["a4"]) and not sheets.fits(two, GEO.papers["letter"])


# ---- cards meeting on a cut line -----------------------------------------------------------


def _px(image: Image.Image, x: float, y: float, dpi: float, height: float) -> tuple[int, ...]:
    """The pixel at PDF point (x, y) of a page `height` points high."""
    pixel = image.getpixel((int(x * dpi / 72), int((height - y) * dpi / 72)))
    assert isinstance(pixel, tuple)
    return tuple(int(v) for v in pixel)


def _near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 24) -> bool:
    return sum(abs(i - j) for i, j in zip(a, b, strict=True)) <= tol


def _first_pages(kit: Path, game_id: str, path: str) -> Iterator[tuple[bytes, int, int]]:
    """(pdf, page index, faces on it) of the first page of fronts of each deck."""
    game = _game(game_id)
    groups = build.card_groups(game, GEO, Theme()) + heist.card_groups(game, GEO, Theme())
    data = next(o.data for o in _sheet_pdfs(kit, game_id) if o.path == path)
    paper = "a4" if "a4" in path else "letter"
    fold = "gutterfold" in path
    imp = sheets.imposition(GEO.impositions, "gutterfold" if fold else "cards", paper)
    per = len(sheets.slots(imp, GEO.papers[paper])) // (2 if fold else 1)
    page = 0 if fold else 2  # after the duplex test
    for group in groups:
        sheets_of = -(-len(group.items) // per)
        yield data, page, min(per, len(group.items)) * (2 if fold else 1)
        page += sheets_of * (1 if fold else 2)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["cards", "cards-gutterfold"])
@pytest.mark.parametrize("paper", PAPERS)
def test_neighbours_print_their_own_bleed_into_a_gutter(
    kit: Path, game_id: str, kind: str, paper: str
) -> None:
    """On each deck's first page, between two neighbours: either a gutter of twice the
    bleed, each half printed by the card on its side (the colour at 0.5 mm inside the
    gutter is the colour just inside that card's trim, never blank), or a shared cut line,
    only on an axis where the grid does not fit the paper with gutters."""
    p = GEO.papers[paper]
    name = "gutterfold" if kind == "cards-gutterfold" else "cards"
    imp = sheets.imposition(GEO.impositions, name, paper)
    grid = sheets.sheet(imp, p)
    bleed = imp.size.bleed
    for axis, gap in (("x", grid.gap_x), ("y", grid.gap_y)):
        count = imp.columns if axis == "x" else imp.rows
        if count > 1 and gap == 0:  # shared cut lines only where gutters do not fit
            w, h = (
                (imp.size.height, imp.size.width)
                if imp.rotate
                else (imp.size.width, imp.size.height)
            )
            assert GEO.marks is not None
            assert (
                sheets._axis(
                    count,
                    w if axis == "x" else h,
                    imp.gap,
                    p.width if axis == "x" else p.height,
                    bleed,
                    GEO.marks,
                    False,
                )
                == 0.0
            )
        elif count > 1:
            assert gap == pytest.approx(2 * bleed)
    dpi = 150.0
    cols = imp.columns
    inside, out = mm(0.3), mm(0.5)
    for data, index, used in _first_pages(kit, game_id, f"{kind}-{paper}.pdf"):
        image = _render(data, index, dpi)
        rects = grid.rects[:used]
        for k, r in enumerate(rects):
            right = k + 1 if (k + 1) % cols and k + 1 < used else None
            below = k + cols if k + cols < used else None
            if right is not None and grid.gap_x > 0:
                n = rects[right]
                for f in (0.3, 0.5, 0.7):
                    y = r.y + r.h * f
                    mine = _px(image, r.x + r.w - inside, y, dpi, p.height)
                    theirs = _px(image, n.x + inside, y, dpi, p.height)
                    assert mine != WHITE and theirs != WHITE
                    assert _near(_px(image, r.x + r.w + out, y, dpi, p.height), mine), (k, f)
                    assert _near(_px(image, n.x - out, y, dpi, p.height), theirs), (k, f)
            if below is not None and grid.gap_y > 0:
                n = rects[below]
                for f in (0.3, 0.5, 0.7):
                    x = r.x + r.w * f
                    mine = _px(image, x, r.y + inside, dpi, p.height)
                    theirs = _px(image, x, n.y + n.h - inside, dpi, p.height)
                    assert mine != WHITE and theirs != WHITE
                    assert _near(_px(image, x, r.y - out, dpi, p.height), mine), (k, f)
                    assert _near(_px(image, x, n.y + n.h + out, dpi, p.height), theirs), (k, f)


def test_a4_rows_and_letter_columns_have_gutters() -> None:
    """Where a dark header band would meet a cream edge (a card above another, or a turned
    card beside another), there is a gutter: A4 between its rows, Letter between its
    columns; the gutterfold has one between its rows on A4."""
    a4 = sheets.sheet(sheets.imposition(GEO.impositions, "cards", "a4"), GEO.papers["a4"])
    letter = sheets.sheet(
        sheets.imposition(GEO.impositions, "cards", "letter"), GEO.papers["letter"]
    )
    fold = sheets.sheet(GEO.impositions["gutterfold"], GEO.papers["a4"])
    assert to_mm(a4.gap_y) == pytest.approx(6.35) and a4.gap_x == 0
    assert to_mm(letter.gap_x) == pytest.approx(6.35) and letter.gap_y == 0
    assert to_mm(fold.gap_y) == pytest.approx(6.35) and to_mm(fold.gap_x) == pytest.approx(6.35)


# ---- the gutterfold's fold -----------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_gutterfold_art_runs_to_the_fold(kit: Path, paper: str) -> None:
    """Each half of a gutterfold pair prints its art past its trim up to the fold line: the
    pixels just inside the fold on either side are that face's edge colour, not blank."""
    p = GEO.papers[paper]
    grid = sheets.sheet(GEO.impositions["gutterfold"], p)
    out = next(
        o
        for o in _sheet_pdfs(kit, "diplomatic-immunity")
        if o.path == f"cards-gutterfold-{paper}.pdf"
    )
    dpi = 150.0
    pages = _pages(out.data)
    for index in (0, pages // 2, pages - 1):
        image = _render(out.data, index, dpi)
        for front, back in zip(grid.rects[0::2], grid.rects[1::2], strict=True):
            fold_x = (front.x + front.w + back.x) / 2
            if _px(image, front.x + front.w / 2, front.y + front.h / 2, dpi, p.height) == WHITE:
                continue  # an empty pair on a deck's last sheet
            for f in (0.2, 0.5, 0.8):
                y = front.y + front.h * f
                edge_front = _px(image, front.x + front.w - mm(0.3), y, dpi, p.height)
                edge_back = _px(image, back.x + mm(0.3), y, dpi, p.height)
                near_fold_front = _px(image, fold_x - mm(0.5), y, dpi, p.height)
                near_fold_back = _px(image, fold_x + mm(0.5), y, dpi, p.height)
                assert near_fold_front != WHITE and near_fold_back != WHITE
                assert _near(near_fold_front, edge_front), (index, f, near_fold_front)
                assert _near(near_fold_back, edge_back), (index, f, near_fold_back)


def test_gutterfold_bleed_stops_at_the_fold() -> None:
    """The fold side's bleed is half the gap: the two faces meet on the fold line."""
    grid = sheets.sheet(GEO.impositions["gutterfold"], GEO.papers["a4"])
    sides = sheets.bleeds(grid, len(grid.rects))
    front, back = grid.rects[0], grid.rects[1]
    fold_x = (front.x + front.w + back.x) / 2
    assert front.grow(sides[0]).x + front.grow(sides[0]).w == pytest.approx(fold_x)
    assert back.grow(sides[1]).x == pytest.approx(fold_x)


# ---- the duplex test -----------------------------------------------------------------------


def _floats(image: Image.Image) -> list[float]:
    """The pixels of a one-band floating-point image, in order."""
    return [cast(float, v) for v in image.get_flattened_data()]


def _red_centre(image: Image.Image) -> tuple[float, float]:
    """The centre of the red ink (the back's crosses), each pixel weighted by how red it is
    (red less green, where that is more than 0), so that anti-aliasing does not move it;
    grey and black weigh nothing. Each column's and row's mean weight comes from a box
    resize of the weights to one row and to one column, in floating point."""
    r, g, _ = image.convert("RGB").split()
    weight = ImageChops.subtract(r, g).convert("F")
    w, h = weight.size
    cols = _floats(weight.resize((w, 1), Image.Resampling.BOX))
    rows = _floats(weight.resize((1, h), Image.Resampling.BOX))
    assert sum(cols) > 0
    x = sum(i * v for i, v in enumerate(cols)) / sum(cols)
    y = sum(i * v for i, v in enumerate(rows)) / sum(rows)
    return x, y


def test_the_duplex_test_back_is_printed_with_the_back_offset() -> None:
    """`--back-offset 2,-1` moves the test's back (its crosses, marks, ruler and label) 2 mm
    right and 1 mm down, as it moves every back; the front does not move."""
    game = _game("diamond-heist")
    plain = build.card_outputs(game, GEO, Options(papers=("a4",)))
    moved = build.card_outputs(game, GEO, Options(papers=("a4",), back_offset_mm=(2.0, -1.0)))
    if not plain:
        plain = heist.outputs(game, GEO, Options(papers=("a4",)))
        moved = heist.outputs(game, GEO, Options(papers=("a4",), back_offset_mm=(2.0, -1.0)))
    a, b = plain[0].data, moved[0].data
    dpi = 72.0 * 2
    assert _render(a, 0, dpi).tobytes() == _render(b, 0, dpi).tobytes()
    (ax, ay), (bx, by) = _red_centre(_render(a, 1, dpi)), _red_centre(_render(b, 1, dpi))
    px_mm = dpi / 25.4
    assert (bx - ax) / px_mm == pytest.approx(2.0, abs=0.1)
    assert (by - ay) / px_mm == pytest.approx(1.0, abs=0.1)  # y down in the image


def test_the_duplex_test_back_says_what_to_check() -> None:
    """The back page does not repeat the front's 'print this page and the next': it says to
    check it against the front, how to read the offset, and which offset it was printed
    with."""
    game = _game("diplomatic-immunity")
    (out,) = build.card_outputs(game, GEO, Options(papers=("a4",), back_offset_mm=(1.5, -0.5)))[:1]
    doc = pdfium.PdfDocument(out.data)
    front, back = (doc[i].get_textpage().get_text_range() for i in (0, 1))
    assert "Print this page and the next" in front
    assert "Print this page and the next" not in back
    assert "against the front" in back and "--back-offset 1.5,-0.5" in back.replace("\r\n", "")
    plain = build.card_outputs(game, GEO, Options(papers=("a4",)))[0]
    text = pdfium.PdfDocument(plain.data)[1].get_textpage().get_text_range()
    assert "no --back-offset" in text


# ---- PNG export ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_png_writes_every_face_the_sheets_print(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PNG files are exactly the distinct faces the card sheets print, fronts and backs:
    the faces the duplex and gutterfold pages place, one file each, none missing, none
    extra."""
    game = _game(game_id)
    groups = png.groups(game, GEO, Theme())
    placed: dict[int, Any] = {}

    def record(canvas: Any, draw: Any, *args: Any) -> None:
        placed[id(draw)] = draw

    monkeypatch.setattr(sheets, "place", record)
    assert GEO.marks is not None
    for paper in PAPERS:
        p = GEO.papers[paper]
        for name, pages in (("cards", sheets.sheet_pages), ("gutterfold", sheets.gutterfold_pages)):
            canvas = pdf_canvas(p)
            pages(
                canvas, groups, sheets.imposition(GEO.impositions, name, paper), p, GEO.marks, "t"
            )
    faces = [(g.name, n, f) for g in groups for n, f in png.faces(g)]
    assert {id(f) for _g, _n, f in faces} == set(placed)
    assert len(faces) == len(placed)
    monkeypatch.setattr(png, "groups", lambda *a: groups)
    monkeypatch.setattr(png, "face_png", lambda *a, **k: b"")
    outs = png.outputs(game, GEO, Options())
    assert len(outs) == len(faces) == len(set(o.path for o in outs))
    for group in groups:  # every deck has its back
        folder = png.slug(group.name)
        assert any(
            (o.path.startswith(f"png/{folder}/") and "back" in o.path)
            or o.path == f"png/{folder}/departures-board.png"
            for o in outs
        ), folder


def pdf_canvas(paper: Any) -> Any:
    from pnp.render import pdf

    return pdf.new_canvas(io.BytesIO(), paper.width, paper.height, "t")


def test_png_backs_are_named_and_drawn() -> None:
    """Diplomatic Immunity's deck backs are `png/<deck>/back.png`, the Quick Reference's
    back is the Departures board, `departures-board.png`, one file for all its cards;
    each is 825 x 1125 px with its bleed drawn."""
    game = _game("diplomatic-immunity")
    groups = {g.name: g for g in png.groups(game, GEO, Theme())}
    names = {n: [name for name, _f in png.backs(g)] for n, g in groups.items()}
    assert names["Goal cards"] == ["back"] and names["Street deck"] == ["back"]
    assert names["Quick-reference cards"] == ["departures-board"]
    outs = {o.path: o for o in png.outputs(game, GEO, Options(), only=["back", "departures-board"])}
    assert "png/street-deck/back.png" in outs
    assert "png/quick-reference-cards/departures-board.png" in outs
    for o in outs.values():
        image = Image.open(io.BytesIO(o.data))
        assert image.size == (825, 1125)
        assert image.convert("RGB").getpixel((2, 2)) != WHITE
