"""Sheets print right: trim boxes where the layout says, backs behind fronts, marks in the
margin, exact paper sizes, embedded fonts, valid PDFs, identical bytes from identical content."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp import pipeline
from pnp.content.project import Game
from pnp.render import build, geometry, sheets
from pnp.render.cards import Theme
from pnp.render.geometry import Paper
from pnp.render.units import mm, parse, to_mm
from tests.conftest import CONTENT

GEO = geometry.default()
TOL_MM = 0.1


@pytest.fixture(scope="module")
def di() -> Game:
    return pipeline.check(CONTENT, ["diplomatic-immunity"]).games["diplomatic-immunity"]


@pytest.fixture(scope="module")
def kit(di: Game) -> dict[str, bytes]:
    return {o.path: o.data for o in build.card_outputs(di, GEO, build.Options())}


def test_units() -> None:
    """Lengths are parsed once: mm, in, pt, cm; anything else is refused."""
    assert parse("25.4mm") == pytest.approx(72)
    assert parse("1in") == 72 and parse("8pt") == 8 and parse("2.54cm") == pytest.approx(72)
    with pytest.raises(ValueError):
        parse("8 furlongs")


def test_layouts_are_clean_and_extend() -> None:
    """The shipped layouts load without problems; `extends` keeps the parent's boxes."""
    assert GEO.diagnostics == []
    crime, card = GEO.layouts["crime"], GEO.layouts["card"]
    assert set(card.boxes) <= set(crime.boxes) and "heat" in crime.boxes
    assert crime.box("title") == card.box("title")
    assert crime.size.width == pytest.approx(mm(63.5))


def test_broken_layout_is_a_diagnostic(tmp_path: Path) -> None:
    """A layout that extends an unknown layout is reported with its file and line."""
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "l.yaml").write_text(
        "kind: layouts\nsizes:\n  poker: {width: 63.5mm, height: 88.9mm, bleed: 3mm, "
        "safe: 3mm}\nlayouts:\n  a:\n    extends: bee\n",
        encoding="utf-8",
    )
    geo = geometry.load(folder)
    assert [(d.code, d.line) for d in geo.diagnostics] == [("E204", 6)]
    assert "did you mean" not in geo.diagnostics[0].hint or "a" in geo.diagnostics[0].hint


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_paper_sizes_are_exact(kit: dict[str, bytes], paper: str) -> None:
    """Every page is exactly A4 (595.28 x 841.89 pt) or US Letter (612 x 792 pt)."""
    want = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}[paper]
    for name in (f"cards-{paper}.pdf", f"cards-gutterfold-{paper}.pdf"):
        with pikepdf.open(io.BytesIO(kit[name])) as pdf:
            for page in pdf.pages:
                box = [float(v) for v in page.mediabox]
                assert (round(box[2], 2), round(box[3], 2)) == want


def test_trim_boxes_where_the_layout_says() -> None:
    """A4: 3 x 3 poker cards, the columns touching, a gutter of twice the bleed between the
    rows, centred top to bottom and moved right of centre just enough for the ruler's lane
    on the left. Each trim box within 0.1 mm of its place."""
    p = GEO.papers["a4"]
    imp = sheets.imposition(GEO.impositions, "cards", "a4")
    rects = sheets.slots(imp, p)
    bleed = 3.175
    top = (297 - 3 * 88.9 - 2 * 2 * bleed) / 2  # 8.8 mm
    right_art = 5 + to_mm(sheets.PAD)  # the right bleed stops at the printable edge
    left = 210 - 3 * 63.5 - bleed - right_art
    assert left - bleed >= 5 + to_mm(sheets.ruler_room() + sheets.CLEAR) - TOL_MM
    for k, r in enumerate(rects):
        row, col = divmod(k, 3)
        assert abs(to_mm(r.x) - (left + col * 63.5)) < TOL_MM
        assert abs(to_mm(p.height - r.y - r.h) - (top + row * (88.9 + 2 * bleed))) < TOL_MM
        assert abs(to_mm(r.w) - 63.5) < TOL_MM and abs(to_mm(r.h) - 88.9) < TOL_MM


def test_letter_cards_are_eight_a_page_turned() -> None:
    """US Letter: 3 x 3 leaves no room for crop marks inside the printable area, so 2 x 4
    turned cards, a gutter of twice the bleed between the columns, the rows touching, the
    grid centred; each trim box within 0.1 mm of its place."""
    p = GEO.papers["letter"]
    imp = sheets.imposition(GEO.impositions, "cards", "letter")
    assert (imp.columns, imp.rows, imp.rotate) == (2, 4, True)
    assert not sheets.fits(GEO.impositions["cards"], p)  # 3 x 3 does not fit Letter
    rects = sheets.slots(imp, p)
    gutter = 2 * 3.175
    left = (215.9 - 2 * 88.9 - gutter) / 2
    top = (279.4 - 4 * 63.5) / 2
    for k, r in enumerate(rects):
        row, col = divmod(k, 2)
        assert abs(to_mm(r.x) - (left + col * (88.9 + gutter))) < TOL_MM
        assert abs(to_mm(p.height - r.y - r.h) - (top + row * 63.5)) < TOL_MM
        assert abs(to_mm(r.w) - 88.9) < TOL_MM and abs(to_mm(r.h) - 63.5) < TOL_MM


class Recorder:
    """A stand-in canvas that records lines and does nothing else."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, float, float, float]] = []

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.lines.append((x1, y1, x2, y2))

    def beginPath(self) -> Recorder:
        return Recorder()

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **k: None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_faces_are_drawn_in_their_slots_and_backs_behind(
    di: Game, paper: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The renderer places front k in slot k, and back k where a long-edge flip puts it
    behind front k (mirrored about the page's vertical centre line)."""
    placed: list[sheets.Rect] = []
    monkeypatch.setattr(sheets, "place", lambda c, d, rect, *a: placed.append(rect))
    p = GEO.papers[paper]
    imp = sheets.imposition(GEO.impositions, "cards", paper)
    group = build.card_groups(di, GEO, Theme())[1]  # the Street deck
    assert GEO.marks is not None
    sheets.sheet_pages(
        Recorder(),  # type: ignore[arg-type]
        [sheets.Group(group.name, group.items[:9])],
        imp,
        p,
        GEO.marks,
        "t",
    )
    n = len(sheets.slots(imp, p))
    fronts, backs = placed[:n], placed[n : 2 * n]
    assert fronts == sheets.slots(imp, p)
    for front, back in zip(fronts, backs, strict=True):
        assert abs((front.x + front.w / 2) + (back.x + back.w / 2) - p.width) < mm(TOL_MM)
        assert abs(front.y - back.y) < mm(TOL_MM)


def test_short_edge_flip_mirrors_rows() -> None:
    """For a short-edge flip, back k is mirrored top to bottom instead."""
    p = GEO.papers["a4"]
    front = sheets.slots(GEO.impositions["cards"], p)[0]
    back = sheets.back_rect(front, p, "short")
    assert back.x == front.x and abs(back.y + back.h / 2 + front.y + front.h / 2 - p.height) < 1e-6


@pytest.mark.parametrize(
    ("paper", "imposition"),
    [("a4", "cards"), ("letter", "cards"), ("a4", "gutterfold"), ("letter", "gutterfold")],
)
def test_crop_marks_stay_in_the_margin(paper: str, imposition: str) -> None:
    """No crop mark crosses a trim box, and none comes nearer the page edge than the
    printable area's 5 mm."""
    p: Paper = GEO.papers[paper]
    rects = sheets.slots(sheets.imposition(GEO.impositions, imposition, paper), p)
    rec = Recorder()
    assert GEO.marks is not None
    assert to_mm(GEO.marks.edge) == pytest.approx(5)
    sheets.crop_marks(rec, rects, p, GEO.marks)  # type: ignore[arg-type]  # a recording stand-in
    assert rec.lines
    edge = GEO.marks.edge - 1e-6
    for x1, y1, x2, y2 in rec.lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert edge <= x <= p.width - edge and edge <= y <= p.height - edge
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        assert not any(r.x < mx < r.x + r.w and r.y < my < r.y + r.h for r in rects)


def test_pdfs_are_valid_with_fonts_embedded(kit: dict[str, bytes]) -> None:
    """Every PDF passes qpdf's check and embeds every font it uses."""
    for name, data in kit.items():
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert pdf.check_pdf_syntax() == [], name
            for page in pdf.pages[:3]:
                for font in page.resources.get("/Font", {}).values():
                    descendants = font.get("/DescendantFonts")
                    descriptor = (descendants[0] if descendants else font).get("/FontDescriptor")
                    assert descriptor is not None, (name, font.get("/BaseFont"))
                    assert any(
                        k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")
                    ), name


def test_card_sheets_name_every_card(di: Game, kit: dict[str, bytes]) -> None:
    """The text of the card sheets holds every card's name and every Goal's name."""
    doc = pdfium.PdfDocument(kit["cards-a4.pdf"])
    text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    for name in {c.name for c in di.cards or ()} | {g.name for g in di.goals or ()}:
        assert name in text, name


def test_identical_content_gives_identical_bytes(di: Game, kit: dict[str, bytes]) -> None:
    """Two renders of the same content are byte-identical."""
    again = {o.path: o.data for o in build.card_outputs(di, GEO, build.Options())}
    assert again == kit
