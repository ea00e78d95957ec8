"""Punch-out sheets print right: every count from the components list, exact paper sizes,
each back behind its front after a long-edge flip, nothing near the page edge, every
diplomat named on a Favor chip, and identical bytes from identical content."""

from __future__ import annotations

import re
from collections import Counter
from typing import cast

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat

from pnp import products
from pnp.content.project import Game, load_game
from pnp.render import build, geometry, sheets
from pnp.render.geometry import Paper
from pnp.render.units import mm, to_mm
from pnp.rulesets.diplomatic_immunity import chips
from tests import drawn
from tests.conftest import CONTENT

GEO = geometry.default()
TOL_MM = 0.1
PAPERS = ("a4", "letter")


def _load(game_id: str) -> Game:
    loaded = load_game(CONTENT, game_id)
    assert [d for d in loaded.diagnostics if d.severity == "error"] == []
    return loaded.game


@pytest.fixture(scope="module")
def di() -> Game:
    return _load("diplomatic-immunity")


@pytest.fixture(scope="module")
def kit(di: Game) -> dict[str, build.Output]:
    return {o.path: o for o in chips.outputs(di, GEO, build.Options())}


@pytest.fixture(scope="module")
def docs(kit: dict[str, build.Output]) -> dict[str, pdfium.PdfDocument]:
    return {p: pdfium.PdfDocument(kit[f"chips-{p}.pdf"].data) for p in PAPERS}


def _text(doc: pdfium.PdfDocument, page: int) -> str:
    text = doc[page].get_textpage().get_text_range()
    return " ".join(text.split())


def test_one_file_per_paper(kit: dict[str, build.Output]) -> None:
    """chips-a4.pdf and chips-letter.pdf: fronts and backs, so an even page count."""
    assert sorted(kit) == ["chips-a4.pdf", "chips-letter.pdf"]
    for paper, out in ((p, kit[f"chips-{p}.pdf"]) for p in PAPERS):
        assert out.paper == paper and out.data.startswith(b"%PDF")
        assert out.pages >= 2 and out.pages % 2 == 0


def test_counts_equal_components(di: Game, kit: dict[str, build.Output]) -> None:
    """The manifest counts what was drawn, and that is what the components list says: each
    denomination's coins, one Favor chip per diplomat, `per_seat` of each seat colour."""
    comp = di.components
    assert comp is not None and comp.money is not None and di.info is not None
    items = {i.id: i for i in comp.items}
    coins = {di.info.currency.format(d.value): d.count for d in comp.money.denominations}
    assert coins == {"$1M": 45, "$5M": 25, "$10M": 14}
    for paper in PAPERS:
        drawn = kit[f"chips-{paper}.pdf"].contents
        assert drawn["coins"] == coins
        assert sum(drawn["coins"].values()) == comp.money.coins
        assert drawn["chips"] == {i: items[i].count for i in chips.SHAPES}
        assert drawn["chips"]["favor-chips"] == 24 == len(di.diplomats)
        per_seat = {i.id: i.per_seat for i in comp.items if i.per_seat}
        assert set(per_seat) == {
            "immunity-chips",
            "heat-markers",
            "signature-chips",
            "law-markers",
            "departing-markers",
        }
        assert drawn["seats"] == {s.id: per_seat for s in comp.seats}
        assert len(comp.seats) == 6 and drawn["seats"]["jade"]["law-markers"] == 3
        chip_group = sum(n for i, n in drawn["chips"].items() if items[i].group)
        assert chip_group == next(g.total for g in comp.groups if g.id == "chips")


def test_sizes(di: Game) -> None:
    """Cut lines: quarter-size rounds for coins and the big chips, the stated sizes for the
    small markers, on every paper."""
    expected = {
        "favor-chips": 24.26,
        "immunity-chips": 24.26,
        "signature-chips": 24.26,
        "departing-markers": 22.0,
        "scandal-tokens": 19.05,
        "law-markers": 15.875,
        "heat-markers": 12.7,
    }
    pieces = chips.pieces(di)
    for paper in PAPERS:
        for page in chips.plan(chips.layout_of(pieces), GEO.papers[paper]):
            for slot in page:
                p = pieces[slot.index]
                want = 24.26 if p.coin else expected[p.key]
                assert to_mm(slot.rect.w) == pytest.approx(want, abs=1e-6)
                assert slot.rect.w == slot.rect.h
    shapes = {p.key: p.shape for p in pieces}
    assert shapes["law-markers"] == shapes["scandal-tokens"] == chips.SQUARE
    assert shapes["heat-markers"] == shapes["$1M"] == chips.ROUND


def test_every_piece_is_placed_once(di: Game) -> None:
    """The layout places every piece exactly once, on some page, for both papers."""
    pieces = chips.pieces(di)
    assert len(pieces) == 84 + 24 + 6 + 6 + 6 + 18 + 30 + 6
    for paper in PAPERS:
        pages = chips.plan(chips.layout_of(pieces), GEO.papers[paper])
        placed = sorted(s.index for page in pages for s in page)
        assert placed == list(range(len(pieces)))


def test_coin_values_printed(docs: dict[str, pdfium.PdfDocument]) -> None:
    """Each coin shows its value on the fronts and again on the backs."""
    for doc in docs.values():
        fronts = " ".join(_text(doc, i) for i in range(0, len(doc), 2))
        backs = " ".join(_text(doc, i) for i in range(1, len(doc), 2))
        for text in (fronts, backs):
            found = Counter(re.findall(r"\$\d+M(?! coins)", text))  # not the page labels
            assert (found["$1M"], found["$5M"], found["$10M"]) == (45, 25, 14)


def test_page_sizes_exact(docs: dict[str, pdfium.PdfDocument]) -> None:
    """Every page is exactly A4 (210 x 297 mm) or US Letter (8.5 x 11 in)."""
    expected = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0)}
    for paper, doc in docs.items():
        for i in range(len(doc)):
            w, h = doc[i].get_size()
            assert w == pytest.approx(expected[paper][0], abs=1e-3)
            assert h == pytest.approx(expected[paper][1], abs=1e-3)


def test_every_diplomat_named(di: Game, docs: dict[str, pdfium.PdfDocument]) -> None:
    """Every diplomat's name is on a Favor chip, as text a reader can find."""
    for doc in docs.values():
        text = " ".join(_text(doc, i) for i in range(len(doc)))
        missing = [d.name for d in di.diplomats if d.name not in text]
        assert missing == []


def test_initials() -> None:
    """Monograms skip titles and lower-case particles."""
    assert chips.initials("Count Tobias von Hallern") == "TH"
    assert chips.initials("Dame Honoria Vane") == "HV"
    assert chips.initials("Mei Lin Zhou") == "MLZ"
    assert chips.initials("Étienne Roussel") == "ÉR"


def test_page_labels_and_rulers(docs: dict[str, pdfium.PdfDocument]) -> None:
    """Each page has the calibration ruler and a label saying which side it is."""
    for doc in docs.values():
        sheets_n = len(doc) // 2
        for i in range(len(doc)):
            text = _text(doc, i)
            assert "This line measures 50 mm" in text
            side = "fronts" if i % 2 == 0 else "backs"
            assert f"{side} · sheet {i // 2 + 1} of {sheets_n}" in text
            if side == "backs":
                assert "flip on the long edge" in text


@pytest.mark.parametrize("paper_id", PAPERS)
def test_backs_mirror_fronts(di: Game, paper_id: str) -> None:
    """After a long-edge flip, back k's centre is the mirror of front k's centre about the
    page's vertical centre line (to 0.1 mm), at the same height and size."""
    paper = GEO.papers[paper_id]
    for page in chips.plan(chips.layout_of(chips.pieces(di)), paper):
        for slot in page:
            front, back = slot.rect, sheets.back_rect(slot.rect, paper, "long")
            fx, fy = front.x + front.w / 2, front.y + front.h / 2
            bx, by = back.x + back.w / 2, back.y + back.h / 2
            assert to_mm(abs(bx - (paper.width - fx))) < TOL_MM
            assert to_mm(abs(by - fy)) < TOL_MM
            assert (back.w, back.h) == (front.w, front.h)


def _pixel(image: Image.Image, paper: Paper, x: float, y: float, scale: float) -> tuple[int, ...]:
    """The RGB of the pixel at PDF point (x, y)."""
    px = image.getpixel((round(x * scale), round((paper.height - y) * scale)))
    assert isinstance(px, tuple)
    return tuple(int(v) for v in px[:3])


@pytest.mark.parametrize("paper_id", PAPERS)
def test_backs_printed_behind_fronts(
    di: Game, docs: dict[str, pdfium.PdfDocument], paper_id: str
) -> None:
    """In the PDF itself each piece's ground on the back page sits at the mirror of its
    front: the colour just outside the cut line (in the bleed) matches, and is not paper."""
    paper, doc = GEO.papers[paper_id], docs[paper_id]
    scale = 150 / 72
    pages = chips.plan(chips.layout_of(chips.pieces(di)), paper)
    assert len(doc) == 2 * len(pages)
    for n, page in enumerate(pages):
        front = doc[2 * n].render(scale=scale, rev_byteorder=True).to_pil()
        back = doc[2 * n + 1].render(scale=scale, rev_byteorder=True).to_pil()
        for slot in page:
            r = slot.rect
            x, y = r.x + r.w / 2, r.y + r.h + chips.BLEED / 2  # in the bleed, above the cut
            f = _pixel(front, paper, x, y, scale)
            b = _pixel(back, paper, paper.width - x, y, scale)
            assert f != (255, 255, 255)
            assert max(abs(p - q) for p, q in zip(f, b, strict=True)) <= 8, (n, slot)


@pytest.mark.parametrize("paper_id", PAPERS)
def test_layout_clear_of_edges_and_neighbours(di: Game, paper_id: str) -> None:
    """Every face, bleed included, on fronts and backs, keeps off the page edge by more
    than the marks' edge (5 mm, a printer's margin); no two faces overlap."""
    paper = GEO.papers[paper_id]
    assert GEO.marks is not None
    edge = GEO.marks.edge
    assert to_mm(edge) == pytest.approx(5.0)
    for page in chips.plan(chips.layout_of(chips.pieces(di)), paper):
        fronts = [chips.printed(s.rect) for s in page]
        backs = [chips.printed(sheets.back_rect(s.rect, paper, "long")) for s in page]
        for r in fronts + backs:
            assert r.x >= edge and r.y >= edge
            assert r.x + r.w <= paper.width - edge and r.y + r.h <= paper.height - edge
        for i, a in enumerate(fronts):
            for b in fronts[i + 1 :]:
                assert (
                    a.x + a.w <= b.x + 1e-6
                    or b.x + b.w <= a.x + 1e-6
                    or a.y + a.h <= b.y + 1e-6
                    or b.y + b.h <= a.y + 1e-6
                )


@pytest.mark.parametrize("paper_id", PAPERS)
def test_nothing_printed_at_the_edge(docs: dict[str, pdfium.PdfDocument], paper_id: str) -> None:
    """Rendered, every page is blank within 0.8 mm of its edge: pieces, ruler and label
    included."""
    doc = docs[paper_id]
    dpi = 300
    band = int(mm(0.8) * dpi / 72) + 1
    for i in range(len(doc)):
        for side, strip in drawn.edge_strips(doc[i], dpi, band).items():
            # one band: `getextrema` gives its (darkest, lightest)
            lo, _ = cast(tuple[int, int], strip.convert("L").getextrema())
            assert lo >= 250, (paper_id, i, side)


def test_seat_sets_share_a_row(di: Game) -> None:
    """A seat's three Law markers are never split across rows."""
    pieces = chips.pieces(di)
    for paper in PAPERS:
        for page in chips.plan(chips.layout_of(pieces), GEO.papers[paper]):
            rows: dict[float, set[str]] = {}
            for slot in page:
                p = pieces[slot.index]
                if p.key == "law-markers" and p.seat:
                    rows.setdefault(round(slot.rect.y, 3), set()).add(p.seat)
            seen = [seat for seats in rows.values() for seat in seats]
            assert len(seen) == len(set(seen))


def test_deterministic(di: Game, kit: dict[str, build.Output]) -> None:
    """Two renders of the same content are byte-identical."""
    again = {o.path: o.data for o in chips.outputs(di, GEO, build.Options())}
    assert again == {p: o.data for p, o in kit.items()}


def test_ink_saver(di: Game, kit: dict[str, build.Output]) -> None:
    """The ink-saver print has the same pieces on the same pages, with far less ink."""
    saver = {o.path: o for o in chips.outputs(di, GEO, build.Options(ink_saver=True))}
    assert sorted(saver) == sorted(kit)
    for path, out in saver.items():
        assert out.contents == kit[path].contents and out.pages == kit[path].pages

    def ink(out: build.Output) -> float:
        doc = pdfium.PdfDocument(out.data)
        images = (doc[i].render(scale=100 / 72).to_pil().convert("L") for i in range(len(doc)))
        return sum(255 - ImageStat.Stat(image).mean[0] for image in images)

    assert ink(saver["chips-a4.pdf"]) < ink(kit["chips-a4.pdf"]) / 2


def test_only_for_games_with_pieces() -> None:
    """A game without coins or chips gets no chips file; paper choice is honoured."""
    heist = _load("diamond-heist")
    assert chips.outputs(heist, GEO, build.Options()) == []
    di = _load("diplomatic-immunity")
    only = chips.outputs(di, GEO, build.Options(papers=("letter",)))
    assert [o.path for o in only] == ["chips-letter.pdf"]


def test_renderer_is_registered(di: Game) -> None:
    """`pnp build` runs this renderer for Diplomatic Immunity (its ruleset brings it)."""
    assert chips.outputs in products.renderers(di)
