"""E723: every text and icon on a card face lies inside a print vendor's safe zone.

`checks.safe_zone` draws every card face the kit prints and records where each text (as
set: its lines' widths after alignment, from ascent to descent) and each icon (its drawn
box) lands, through every transformation the renderer applied. Here: the shipped games
against The Game Crafter, MakePlayingCards and DriveThruCards; a title and an icon moved
to the edge, each reported at its card's line with the overflow the geometry gives; a
virtual table (no safe zone) never complains; the record misses no string a face draws;
and recording changes no byte of a PDF.
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp import pipeline
from pnp.checks import fit, safe_zone
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.export import vendors
from pnp.render import build, fonts, geometry, png
from pnp.render import text as rtext
from pnp.render.cards import Theme
from pnp.render.geometry import Size
from pnp.render.units import mm, to_mm
from tests import drawn
from tests.conftest import CONTENT, FIXTURES

PRINTERS = ("tgc", "mpc", "dtc")
TGC = to_mm(vendors.safe_margin("tgc"))  # 3.175 mm: 1/8 in


@cache
def _shipped(game_id: str) -> Game:
    return pipeline.check(CONTENT, [game_id]).games[game_id]


def _copy(tmp_path: Path, base: str, files: dict[str, tuple[str, str]]) -> Game:
    """A copy of a valid fixture game with, in each file, `old` replaced by `new`; it must
    still check clean (the layout is valid: only the safe zone minds)."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "valid" / base, content / base)
    for name, (old, new) in files.items():
        path = content / base / name
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        assert old in text, f"{old!r} is not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = pipeline.check(content, [base])
    assert result.diagnostics == []
    return result.games[base]


def _line(game: Game, file: str, needle: str) -> int:
    assert game.folder is not None
    lines = (game.folder / file).read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, start=1) if needle in text)


def _over(message: str) -> float:
    """The overflow a message states, in mm."""
    found = re.search(r"is ([0-9.]+) mm outside", message)
    assert found, message
    return float(found.group(1))


# ---- the shipped games ---------------------------------------------------------------------

SHIPPED = ("diamond-heist", "diplomatic-immunity")


@pytest.mark.parametrize("target", PRINTERS)
@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_games_inside_the_safe_zone(game_id: str, target: str) -> None:
    """Every text and icon of the shipped games' card faces is inside each printer's safe
    zone (Diplomatic Immunity's reference cards once set their kind line 2.85 mm from the
    trim: this check found it)."""
    found = safe_zone.check(_shipped(game_id), target)
    assert found == [], [d.format() for d in found]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_faces_are_all_measured(game_id: str) -> None:
    """The check draws every card face the kit prints, fronts and backs (the decks and the
    cards only the ruleset prints), and finds texts on each; nothing lands past the trim."""
    game = _shipped(game_id)
    geo = geometry.of(game)
    groups = png.groups(game, geo, Theme())
    distinct = {id(f) for g in groups for i in g.items for f in (i.front, i.back)}
    landed = safe_zone.landed(game)
    assert len(landed) == len(distinct)
    assert all(any(p.kind == "text" for p in face.placed) for face in landed)
    nearest = min(d for d, _, _ in safe_zone.nearest(landed))
    assert nearest > mm(2.5)


def test_a_renderers_own_strings_are_recorded() -> None:
    """A string a renderer draws straight on the canvas (a Goal's 'YOUR DOORS OUT') is
    recorded like any fitted text, and a fitted text with what its renderer called it."""
    landed = safe_zone.landed(_shipped("diplomatic-immunity"))
    texts = [p for face in landed for p in face.placed if p.kind == "text"]
    assert any(p.text == "YOUR DOORS OUT" and p.what == "the text" for p in texts)
    assert any(p.what.startswith("the name of") and p.box == "title" for p in texts)
    icons = {p.what for face in landed for p in face.placed if p.kind == "icon"}
    assert {"the Heat badge", "the payout coin", "the seal"} <= icons


@pytest.mark.parametrize("game_id", SHIPPED)
def test_no_string_escapes_the_record(game_id: str) -> None:
    """Every string each face draws (as `tests/drawn.py` notes them, straight from the
    canvas) lies inside a text the check recorded on that face."""
    for face in safe_zone.landed(_shipped(game_id)):
        sketch = fit.Sketch(
            face.face.name,
            face.face.size.width,
            face.face.size.height,
            face.face.size.bleed,
            fit.at_size(face.face.draw, face.face.size),
        )
        bleed = face.face.size.bleed
        for text in drawn.record_sketches([sketch]).texts:
            if text.font == "suit" or not text.text.strip():
                continue  # suits are drawn as shapes: inside their text, or see below
            left, bottom, _, _ = text.box
            left, base = left - bleed, bottom - bleed + 0.25 * text.size
            # a run that ends a line's piece in one face may end in a space: no ink
            right = left + pdfmetrics.stringWidth(text.text.rstrip(), text.font, text.size)
            assert any(
                p.kind == "text"
                and p.rect[0] - 0.01 <= left
                and right <= p.rect[2] + 0.01
                and p.rect[1] <= base <= p.rect[3]
                for p in face.placed
            ), (face.face.name, text.text)


# ---- moved to the edge ---------------------------------------------------------------------

LEFT_TITLE = (
    'title: {x: 5mm, y: 3.5mm, w: 40mm, h: 7mm, text: "{{ name }}"',
    'title: {x: 1.5mm, y: 3.5mm, w: 40mm, h: 7mm, align: left, text: "{{ name }}"',
)


def test_a_title_moved_to_the_edge(tmp_path: Path) -> None:
    """A layout whose title box starts 1.5 mm from the trim, its text set from the box's
    left: each card's name is 3.175 - 1.5 mm outside The Game Crafter's safe zone, one
    error per card front, at the card's line."""
    game = _copy(tmp_path, "orchard-layout", {"layouts.yaml": LEFT_TITLE})
    found = safe_zone.check(game, "tgc")
    assert [(Path(d.file).name, d.line, d.code) for d in found] == [
        ("cards.yaml", _line(game, "cards.yaml", "id: apple"), "E723"),
        ("cards.yaml", _line(game, "cards.yaml", "id: pear"), "E723"),
    ]
    apple = found[0]
    assert apple.message.startswith("Apple (front): the title of 'Apple' is ")
    assert "outside The Game Crafter's safe zone (3.2 mm inside the trim) at the left" in (
        apple.message
    )
    assert abs(_over(apple.message) - (TGC - 1.5)) <= 0.1
    assert "'title' box" in apple.hint
    # the text lands where the geometry says: its left end on the box's left edge
    fronts = [f for f in safe_zone.landed(game) if f.face.name.endswith("(front)")]
    titles = [p for f in fronts for p in f.placed if p.box == "title"]
    assert titles and all(abs(to_mm(p.rect[0]) - 1.5) < 0.01 for p in titles)


def test_a_title_moved_to_the_top(tmp_path: Path) -> None:
    """The title box 0.5 mm below the trim, its line set in the middle of the box: the
    name's top (the font's ascent above the baseline `render.text.draw` sets) is inside
    the band by what the geometry gives, at the top."""
    game = _copy(
        tmp_path,
        "orchard-layout",
        {"layouts.yaml": ("title: {x: 5mm, y: 3.5mm", "title: {x: 5mm, y: 0.5mm")},
    )
    size, leading, box_h = 14.0, rtext.Style().leading, mm(7)
    line_h = size * leading
    top = mm(0.5) + (box_h - line_h) / 2  # from the trim's top, the box's text centred
    baseline = top + line_h - (line_h - size) / 2 - 0.22 * size
    ascent = pdfmetrics.getAscent(fonts.font("serif-bold"), size)
    expected = TGC - to_mm(baseline - ascent)
    found = safe_zone.check(game, "tgc")
    assert [d.code for d in found] == ["E723", "E723"]
    for d in found:
        assert d.message.endswith("at the top")
        assert abs(_over(d.message) - expected) <= 0.1, (d.message, expected)


EDGE_LAYOUT = """kind: layouts
layouts:
  edge:
    extends: card
    boxes:
      emblem: {x: 1mm, y: 20mm, w: 24mm, h: 24mm}
"""


def test_an_icon_moved_to_the_edge(tmp_path: Path) -> None:
    """A layout whose emblem box starts 1 mm from the trim, used by one card: the emblem
    (a disc of 0.92 of the box's half-width, its 1.2 pt ring) is reported on that card."""
    game = _copy(
        tmp_path,
        "orchard",
        {
            "layouts.yaml": ("", EDGE_LAYOUT),
            "cards.yaml": ("{id: apple,", "{id: apple, layout: edge,"),
        },
    )
    found = safe_zone.check(game, "tgc")
    assert len(found) == 1, [d.format() for d in found]
    (d,) = found
    assert (Path(d.file).name, d.line) == ("cards.yaml", _line(game, "cards.yaml", "id: apple"))
    assert d.message.startswith("Apple (front): the 'star' emblem is ")
    assert d.message.endswith("at the left")
    edge = 1 + 12 - 12 * 0.92 - to_mm(0.6)  # box, half of it, less the disc and its ring
    assert abs(_over(d.message) - (TGC - edge)) <= 0.1
    (mpc,) = safe_zone.check(game, "mpc")
    assert "outside MakePlayingCards' safe zone (3.0 mm inside the trim)" in mpc.message
    assert len(safe_zone.check(game, "dtc")) == 1


def test_a_virtual_table_has_no_safe_zone(tmp_path: Path) -> None:
    """Tabletop Simulator prints nothing: no error, whatever the faces."""
    game = _copy(tmp_path, "orchard-layout", {"layouts.yaml": LEFT_TITLE})
    assert safe_zone.check(game, "tgc")
    assert safe_zone.check(game, "tts") == []
    assert safe_zone.check(_shipped("diplomatic-immunity"), "tts") == []
    with pytest.raises(ValueError, match="unknown export target"):
        safe_zone.check(game, "kinkos")


def test_what_lands_follows_the_canvas_transformation() -> None:
    """A text and an icon drawn after a turn and a move land where the page has them."""
    from pnp.render import icons

    size = Size("poker", mm(63.5), mm(88.9), mm(3.175), mm(3.175), mm(3))
    style = rtext.Style(face="sans-bold", size=10, min_size=10)

    def draw(canvas: Canvas, size: Size) -> None:
        fitted = rtext.fit_line("7", style, 20, what="a rank", box="index")
        canvas.saveState()
        canvas.translate(size.width, size.height)
        canvas.rotate(180)  # the corner index of the other end, as standard cards have it
        rtext.draw_lines(canvas, fitted, 10, -20, "left")
        icons.draw(canvas, "star", 30, 30, 5, "#000000")
        canvas.restoreState()
        canvas.drawRightString(size.width - 1, 20, "edge")

    face = safe_zone.Face("test (front)", Src("x.yaml", 1, 1), size, draw)
    rank, star, edge = safe_zone.land(face).placed
    width = fonts.width("7", "sans-bold", 10)
    assert rank.what == "a rank" and rank.box == "index"
    assert rank.rect == pytest.approx(
        (size.width - 10 - width, size.height + 20 - 7.5, size.width - 10, size.height + 20 + 2.5)
    )
    line = max(icons.ICONS["star"].line, 5 * 0.12)
    reach = 5 + line / 2
    cx, cy = size.width - 30, size.height - 30
    assert star.rect == pytest.approx((cx - reach, cy - reach, cx + reach, cy + reach))
    assert edge.text == "edge" and edge.rect[2] == pytest.approx(size.width - 1)
    over = safe_zone.overflow(edge.rect, size, vendors.safe_margin("tgc"))
    assert list(over) == ["right"] and over["right"] == pytest.approx(9 - 1)


def test_the_same_text_set_twice_is_placed_as_each_of_them() -> None:
    """Two texts set alike (the same words, type and room: a setting is made once and kept)
    but named apart, both set before either is drawn, land each under its own name."""
    size = Size("poker", mm(63.5), mm(88.9), mm(3.175), mm(3.175), mm(3))
    style = rtext.Style(face="sans", size=9, min_size=9)

    def draw(canvas: Canvas, size: Size) -> None:
        left = rtext.fit_line("Heat", style, 40, what="the left label", box="label")
        right = rtext.fit_line("Heat", style, 40, what="the right label", box="label")
        rtext.draw_lines(canvas, left, 10, 20, "left")
        rtext.draw_lines(canvas, right, size.width - 10, 20, "right")

    face = safe_zone.Face("test (front)", Src("x.yaml", 1, 1), size, draw)
    left, right = safe_zone.land(face).placed
    assert (left.what, left.box) == ("the left label", "label")
    assert (right.what, right.box) == ("the right label", "label")
    assert left.rect[0] < right.rect[0]


# ---- the PDFs ------------------------------------------------------------------------------


def test_recording_changes_no_pdf() -> None:
    """A face drawn for print while a record is open (so every hook records) gives the same
    bytes as without: recording draws nothing and changes no state of the canvas."""
    game = _shipped("diplomatic-immunity")
    geo = geometry.of(game)
    size = geo.impositions["cards"].size
    faces = [face.draw for face in safe_zone.faces(game)][::7]
    assert len(faces) > 8
    for draw in faces:
        plain = png.face_pdf(draw, size)
        with rtext.placing() as placed:
            recorded = png.face_pdf(draw, size)
        assert placed, "the hooks recorded nothing"
        assert recorded == plain


def test_recording_changes_no_card_sheet() -> None:
    """A game's card sheets (duplex and gutterfold, both papers), built while a record is
    open, are the same bytes as without."""
    game = _shipped("diamond-heist")
    geo = geometry.of(game)
    groups = png.groups(game, geo, Theme())
    plain = build.card_files(game, geo, build.Options(), groups)
    with rtext.placing() as placed:
        recorded = build.card_files(game, geo, build.Options(), groups)
    assert placed
    assert [(o.path, o.data) for o in recorded] == [(o.path, o.data) for o in plain]
