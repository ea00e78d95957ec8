"""Character boards: 12 double-sided 8 x 4 in boards, one a sheet, turned (+90° on the
fronts, -90° on the backs of a long-edge flip), each back on the page after its front."""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.content.cards import Archetype
from pnp.content.project import Game, load_game
from pnp.products import renderers
from pnp.render import geometry, sheets
from pnp.render.build import Options, Output
from pnp.render.units import mm
from pnp.rulesets.diplomatic_immunity import boards

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
PAPERS = {"a4": (mm(210), mm(297)), "letter": (8.5 * 72, 11 * 72)}


@cache
def _game() -> Game:
    return load_game(CONTENT, "diplomatic-immunity").game


@cache
def _outputs(ink_saver: bool = False) -> tuple[Output, ...]:
    return tuple(boards.outputs(_game(), geometry.default(), Options(ink_saver=ink_saver)))


def _pdf(paper: str, ink_saver: bool = False) -> pdfium.PdfDocument:
    out = {o.paper: o for o in _outputs(ink_saver)}[paper]
    return pdfium.PdfDocument(out.data)


def _archetype(archetype_id: str) -> tuple[int, Archetype]:
    for i, a in enumerate(_game().archetypes or ()):
        if a.id == archetype_id:
            return i, a
    raise AssertionError(f"no archetype {archetype_id}")


def _chars_in(page: pdfium.PdfPage, rect: sheets.Rect) -> list[tuple[str, tuple[float, ...]]]:
    """(character, (left, bottom, right, top)) for every character inside a trim rect."""
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        box = text.get_charbox(i, loose=False)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if rect.x <= cx <= rect.x + rect.w and rect.y <= cy <= rect.y + rect.h:
            out.append((text.get_text_range(i, 1), box))
    return out


def _board(index: int, paper: str, back: bool = False) -> tuple[int, sheets.Rect, int]:
    """(page index, trim rect, rotation in degrees) of board `index` (0-based) on its front
    or back page, as `sheets.sheet_pages` places it: a sheet's fronts on one page, their
    backs (long-edge flip) on the next."""
    geo = geometry.default()
    grid = sheets.sheet(geo.impositions["boards"], geo.papers[paper], geo.marks)
    sheet, slot = divmod(index, len(grid.rects))
    rect, rotation = grid.rects[slot], grid.rotation
    if back:
        rect = sheets.back_rect(rect, geo.papers[paper], "long")
        rotation = sheets.back_rotation(rotation, "long")
    return 2 * sheet + (1 if back else 0), rect, rotation


def _on_page(rect: sheets.Rect, rotation: int, x: float, y: float) -> tuple[float, float]:
    """Where the point (x, y) of a board (from its trim's bottom left, unturned) lands on the
    page when the board is placed in `rect` turned by `rotation`, as `sheets.place` does."""
    size = geometry.default().layouts["board"].size
    u, v = x - size.width / 2, y - size.height / 2
    turn = {0: (1, 0), 90: (0, 1), -90: (0, -1), 180: (-1, 0)}[rotation]  # (cos, sin)
    return (
        rect.x + rect.w / 2 + turn[0] * u - turn[1] * v,
        rect.y + rect.h / 2 + turn[1] * u + turn[0] * v,
    )


def _heat_box_marked(archetype_id: str, marker: str, paper: str = "a4") -> str:
    """The Heat track number under a Limit tab ('NO IMMUNITY' or 'WITH IMMUNITY') on the
    front face of an archetype's board, read back from the PDF's text positions."""
    index, _arch = _archetype(archetype_id)
    page_no, rect, rotation = _board(index, paper)
    # turned a quarter turn: the board's x axis (along the track) runs along the page's y
    assert rotation in (90, -90)
    chars = _chars_in(_pdf(paper)[page_no], rect)
    text = "".join(c for c, _ in chars)
    start = text.index(f"LIMIT · {marker}")
    tab = [box for _c, box in chars[start : start + len(f"LIMIT · {marker}")]]
    tab_y = (min(b[1] for b in tab) + max(b[3] for b in tab)) / 2
    # the track's numbers are set at 22 pt: their glyphs, turned, are far wider on the page
    # than any other digit on the face
    numbers = [(c, b) for c, b in chars if c.isdigit() and b[2] - b[0] > 12]
    assert len(numbers) == _game_rules_track_max() + 1
    nearest = min(numbers, key=lambda cb: abs((cb[1][1] + cb[1][3]) / 2 - tab_y))
    return nearest[0]


def _game_rules_track_max() -> int:
    rules = _game().rules
    assert rules is not None and hasattr(rules, "heat")
    return int(rules.heat.track_max)


# -- the documents ---------------------------------------------------------------------------


def test_one_pdf_per_paper_with_twelve_boards() -> None:
    outs = _outputs()
    assert [o.path for o in outs] == ["boards-a4.pdf", "boards-letter.pdf"]
    geo = geometry.default()
    for o in outs:
        assert o.contents == {"boards": 12}
        # one board a sheet: twelve sheets, each a page of fronts then a page of backs
        assert len(sheets.slots(geo.impositions["boards"], geo.papers[o.paper], geo.marks)) == 1
        assert o.pages == 24
        doc = pdfium.PdfDocument(o.data)
        assert len(doc) == 24
        for n in range(1, 13):
            front = doc[2 * n - 2].get_textpage().get_text_range()
            back = doc[2 * n - 1].get_textpage().get_text_range()
            assert f"· fronts · sheet {n} of 12" in front
            assert f"· backs · sheet {n} of 12 · double-sided, flip on the long edge" in back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_are_exactly_the_paper(paper: str) -> None:
    doc = _pdf(paper)
    width, height = PAPERS[paper]
    for i in range(len(doc)):
        w, h = doc[i].get_size()
        assert w == pytest.approx(width, abs=0.01)
        assert h == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_diplomat_is_named(paper: str) -> None:
    doc = _pdf(paper)
    text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    diplomats = _game().diplomats
    assert len(diplomats) == 24
    for diplomat in diplomats:
        assert diplomat.name in text, diplomat.name
    for archetype in _game().archetypes or ():
        assert archetype.name.upper() in text


def test_woman_in_front_man_behind_on_the_same_board() -> None:
    """Each board's back sits behind its front after a long-edge flip, on the page after it,
    and carries the other diplomat of the same archetype."""
    geo = geometry.default()
    name_x = geo.layouts["board"].box("name").x
    for paper in ("a4", "letter"):
        doc = _pdf(paper)
        for index, archetype in enumerate(_game().archetypes or ()):
            woman, man = boards.pair(archetype)
            assert (woman.face, man.face) == ("woman", "man")
            front_page = _board(index, paper)[0]
            assert front_page == 2 * index
            assert _board(index, paper, True)[0] == front_page + 1
            for back, diplomat in ((False, woman), (True, man)):
                page_no, rect, rotation = _board(index, paper, back)
                chars = _chars_in(doc[page_no], rect)
                text = "".join(c for c, _ in chars)
                assert diplomat.name in text
                assert f"· {'his' if back else 'her'} side" in text
                at = text.index(diplomat.name)
                first, last = chars[at][1], chars[at + len(diplomat.name) - 1][1]
                # the name starts where the layout puts it, from this face's trim, along the
                # board's x axis: up the page on a front (+90°), down it on a back (-90°)
                if back:
                    assert rotation == -90
                    assert first[3] == pytest.approx(rect.y + rect.h - name_x, abs=2.0)
                    assert last[1] < first[1]
                else:
                    assert rotation == 90
                    assert first[1] == pytest.approx(rect.y + name_x, abs=2.0)
                    assert last[3] > first[3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_line_up_after_a_long_edge_flip(paper: str) -> None:
    geo = geometry.default()
    p = geo.papers[paper]
    size = geo.layouts["board"].size
    assert (size.width, size.height) == pytest.approx((8 * 72, 4 * 72))
    grid = sheets.sheet(geo.impositions["boards"], p, geo.marks)
    assert grid.rotation == 90
    assert sheets.back_rotation(grid.rotation, "long") == -90
    for index in range(len(grid.rects)):
        _page, rect, turn = _board(index, paper)
        _back_page, back, back_turn = _board(index, paper, True)
        # the 8 x 4 in board, turned: 4 in across the page, 8 in up it
        assert (rect.w, rect.h) == pytest.approx((4 * 72, 8 * 72))
        # mirrored about the vertical centre line: the same rectangle once turned over
        assert back.x == pytest.approx(p.width - rect.x - rect.w)
        assert (back.y, back.w, back.h) == pytest.approx((rect.y, rect.w, rect.h))
        # and the faces, not just their trims, line up: turned over side to side, the point
        # (x, y) of the front has the back's (width - x, y) behind it, top edge behind top
        for x, y in (
            (0, 0),
            (size.width, 0),
            (0, size.height),
            (size.width, size.height),
            (mm(30), mm(80)),
        ):
            fx, fy = _on_page(rect, turn, x, y)
            bx, by = _on_page(back, back_turn, size.width - x, y)
            assert (p.width - bx, by) == pytest.approx((fx, fy))


def test_two_renders_are_byte_identical() -> None:
    first = boards.outputs(_game(), geometry.default(), Options())
    second = boards.outputs(_game(), geometry.default(), Options())
    assert [o.data for o in first] == [o.data for o in second]


def test_ink_saver_renders_differently() -> None:
    colour = {o.paper: o.data for o in _outputs()}
    ink = {o.paper: o.data for o in _outputs(True)}
    assert ink.keys() == colour.keys()
    assert all(ink[p] != colour[p] for p in ink)
    assert all(o.pages == 24 for o in _outputs(True))
    assert all(len(pdfium.PdfDocument(o.data)) == 24 for o in _outputs(True))


def test_registered_with_the_build() -> None:
    """Diplomatic Immunity's ruleset brings the boards; a content-only game has none."""
    assert boards.outputs in renderers(load_game(CONTENT, "diplomatic-immunity").game)
    plain = load_game(ROOT / "tests" / "fixtures" / "valid", "orchard").game
    assert boards.outputs not in renderers(plain)


def test_nothing_for_a_game_without_characters() -> None:
    assert boards.outputs(Game("no-characters"), geometry.default(), Options()) == []
    heist = load_game(ROOT / "tests" / "fixtures" / "valid", "mini-heist").game
    assert boards.outputs(heist, geometry.default(), Options()) == []


# -- what a face says ------------------------------------------------------------------------


def test_limits_come_from_the_rules() -> None:
    faces = {f.archetype.id: f for pair in boards.faces(_game()) for f in pair}
    assert (faces["heir"].with_immunity, faces["heir"].without_immunity) == (5, 4)
    assert (
        faces["military-attache"].with_immunity,
        faces["military-attache"].without_immunity,
    ) == (4, 3)
    assert (faces["ambassador"].with_immunity, faces["ambassador"].without_immunity) == (5, 3)


def test_heir_marks_limit_4_without_immunity() -> None:
    assert _heat_box_marked("heir", "NO IMMUNITY") == "4"
    assert _heat_box_marked("heir", "WITH IMMUNITY") == "5"


def test_military_attache_marks_limit_4_with_immunity() -> None:
    assert _heat_box_marked("military-attache", "WITH IMMUNITY") == "4"
    assert _heat_box_marked("military-attache", "NO IMMUNITY") == "3"


def test_every_face_shows_its_parts() -> None:
    doc = _pdf("letter")
    for index, archetype in enumerate(_game().archetypes or ()):
        woman, man = boards.pair(archetype)
        for back, diplomat in ((False, woman), (True, man)):
            page_no, rect, _rotation = _board(index, "letter", back)
            text = "".join(c for c, _ in _chars_in(doc[page_no], rect))
            for part in (
                archetype.bend.name,
                archetype.cost.name,
                diplomat.signature.name,
                "ONCE PER GAME",
                "IMMUNITY",
                "SIGNATURE",
                "FAVOR",
                "HEAT",
                "Diplomatic Immunity v0.27",
                boards.initials(diplomat.name),
            ):
                assert part in text, (diplomat.name, part)
            # rules text may wrap, and pdfium mixes up the order of turned lines: every word
            # of it must be on the face, as often as the text has it
            words = Counter(text.split())
            for ability in (archetype.bend, archetype.cost, diplomat.signature):
                missing = Counter(ability.text.printed.split()) - words
                assert not missing, (diplomat.name, ability.name, missing)


def test_shipped_boards_fit() -> None:
    assert boards.problems(_game(), geometry.default()) == []


def test_text_that_cannot_fit_is_an_error_not_overflow() -> None:
    game = _game()
    archetypes = list(game.archetypes or ())
    heir = archetypes[1]
    woman = heir.diplomats[0]
    long = " ".join(["Evening: take $6M from the bank, then tell everyone at length."] * 6)
    signature = dataclasses.replace(
        woman.signature, text=dataclasses.replace(woman.signature.text, printed=long)
    )
    archetypes[1] = dataclasses.replace(
        heir, diplomats=(dataclasses.replace(woman, signature=signature), *heir.diplomats[1:])
    )
    broken = dataclasses.replace(game, archetypes=tuple(archetypes))
    found = boards.problems(broken, geometry.default())
    assert len(found) == 1
    assert woman.name in found[0] and "signature" in found[0] and "does not fit" in found[0]
    with pytest.raises(boards.BoardError, match="does not fit"):
        boards.outputs(broken, geometry.default(), Options(papers=("a4",)))


def test_a_board_needs_a_woman_and_a_man() -> None:
    game = _game()
    archetypes = list(game.archetypes or ())
    archetypes[0] = dataclasses.replace(archetypes[0], diplomats=archetypes[0].diplomats[:1])
    broken = dataclasses.replace(game, archetypes=tuple(archetypes))
    with pytest.raises(boards.BoardError, match="one woman and one man"):
        boards.outputs(broken, geometry.default(), Options(papers=("a4",)))


def test_text_boxes_sit_in_the_safe_zone() -> None:
    layout = geometry.default().layouts["board"]
    size = layout.size
    assert (size.width, size.height) == pytest.approx((8 * 72, 4 * 72))
    for box in layout.boxes.values():
        if box.name == "band":
            continue  # background, into the bleed
        assert box.x >= size.safe - 0.01 and box.y >= size.safe - 0.01, box.name
        assert box.x + box.w <= size.width - size.safe + 0.01, box.name
        assert box.y + box.h <= size.height - size.safe + 0.01, box.name


@pytest.mark.parametrize(
    ("name", "monogram"),
    [
        ("Dame Honoria Vane", "HV"),
        ("Count Tobias von Hallern", "TH"),
        ("Mei Lin Zhou", "MZ"),
        ("Étienne Roussel", "ÉR"),
        ("Father Tomasz Wójcik", "TW"),
        ("Madonna", "M"),
    ],
)
def test_initials(name: str, monogram: str) -> None:
    assert boards.initials(name) == monogram
