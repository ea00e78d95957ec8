"""Imposition: placing component faces on sheets, with crop marks, a calibration ruler and a
page label on every page, duplex backs, and gutterfold pages.

Everything a user must see stays inside the printable area: nothing (art, marks, ruler,
label) nearer the page edge than `marks.edge` (5 mm), the margin common printers cannot
print. Neighbours are `gap` apart (twice the bleed), so each face prints its own bleed all
round and a mis-cut shows its own colour; on an axis where the grid does not fit with gaps,
neighbours share their cut lines instead. The ruler and the label sit in a lane along the
printable edge, clear of the art, between the crop marks that cross it.

The geometry is pure (`sheet`, `slots`, `back_rect`, `fold_rects`, `bleeds`) so tests can
prove it: trim boxes where the layout says, back k behind front k after a long-edge flip,
marks in the margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, pdf
from pnp.render.geometry import Imposition, Marks, Paper, Size
from pnp.render.palette import RED
from pnp.render.units import mm

# draw(canvas, size) draws one face with its trim's bottom-left at (0, 0), its background
# running into the bleed; `place` clips it to the sides that may bleed.
DrawFace = Callable[[Canvas, Size], None]

MARK_COLOUR = "#000000"
CASING_COLOUR = "#ffffff"  # under a crop mark, so it reads on a dark bleed too
LABEL_COLOUR = "#555555"

RULER_SIZE = 5.0  # the ruler's caption, points
LABEL_SIZE = 6.0  # the page label, points, shrinking to fit its room...
LABEL_FLOOR = 5.0  # ...down to this
TICK = mm(0.7)  # the ruler's ticks
TICK_GAP = mm(0.2)  # between the ticks and the caption
CLEAR = mm(0.35)  # between a lane and the art, and around a crop mark crossing a lane
PAD = mm(0.05)  # inside the printable edge, so nothing touches it
MIN_MARK = mm(2.5)  # a crop mark shortened to stop before a lane is at least this long
MIN_BLEED = mm(2)  # the least outer bleed a grid keeps to make room for its lane (home print)
LIFT = mm(12)  # the ruler and label start this far above the grid's lowest trim


@dataclass(frozen=True, slots=True)
class Rect:
    """A trim rectangle on a page, PDF points, bottom-left origin."""

    x: float
    y: float
    w: float
    h: float

    def grow(self, sides: tuple[float, float, float, float]) -> Rect:
        """The rectangle with (left, bottom, right, top) added to its sides."""
        left, bottom, right, top = sides
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)


@dataclass(frozen=True, slots=True)
class Item:
    """One physical component: its front and back faces and a name for labels."""

    id: str
    front: DrawFace
    back: DrawFace
    name: str = ""  # the name players know it by (exports label it; '' for the id)
    text: str = ""  # its printed words, plain (a virtual table's search finds them)


@dataclass(frozen=True, slots=True)
class Group:
    """Items printed together (a deck), with the name the page labels give it."""

    name: str
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """An imposition resolved for a paper: the trim boxes of a page of fronts (reading
    order), the gaps between neighbours, and the bleed past the grid's outer edges."""

    imp: Imposition
    rects: tuple[Rect, ...]
    gap_x: float
    gap_y: float
    outer: tuple[float, float, float, float]  # left, bottom, right, top

    @property
    def rotation(self) -> int:
        return 90 if self.imp.rotate else 0


def imposition(impositions: Mapping[str, Imposition], name: str, paper: str) -> Imposition:
    """The imposition `name` for a paper: `<name>-<paper>` where the sheets define one (a
    grid of its own for that paper), else `<name>`."""
    return impositions.get(f"{name}-{paper}") or impositions[name]


def _edge(marks: Marks | None) -> Marks:
    if marks is None:
        from pnp.render import geometry

        found = geometry.default().marks
        assert found is not None, "the shipped sheets define their marks"
        return found
    return marks


def _ascent(size: float) -> tuple[float, float]:
    """(ascent, descent) of the sans face at `size`, both positive."""
    ascent, descent = getAscentDescent(fonts.font("sans"), size)
    return ascent, -descent


def ruler_room() -> float:
    """How wide a lane the ruler needs: its caption, its ticks and its line."""
    ascent, descent = _ascent(RULER_SIZE)
    return ascent + descent + TICK_GAP + TICK + 0.2


def label_room(size: float = LABEL_SIZE) -> float:
    """How wide a lane the page label needs at `size`."""
    ascent, descent = _ascent(size)
    return ascent + descent


def _axis(
    count: int, length: float, gap: float, paper: float, bleed: float, marks: Marks, force: bool
) -> float | None:
    """The gap to use between `count` components along one axis of the paper: `gap` where
    the grid fits with it, else 0 (shared cut lines) where that fits; None if neither. To
    fit, the outer bleed stays inside the printable area and a crop mark has room."""
    if count == 1:
        gap = 0.0
    for g in (gap,) if force or gap == 0 else (gap, 0.0):
        margin = (paper - count * length - (count - 1) * g) / 2
        if margin - bleed >= marks.edge + PAD and margin >= marks.edge + marks.offset + MIN_MARK:
            return g
    return None


def sheet(imp: Imposition, paper: Paper, marks: Marks | None = None) -> Sheet:
    """Where the components of one page go on a paper (see the module's docstring). The grid
    is centred, unless neither pair of opposite margins has room for the ruler and the label
    outside the bleed: then it moves towards one side to make a lane there (and if that is
    not enough, its outer bleed on that side shrinks, never below `MIN_BLEED`). Raises
    ValueError when the imposition cannot fit the paper that way."""
    marks = _edge(marks)
    w, h = (imp.size.height, imp.size.width) if imp.rotate else (imp.size.width, imp.size.height)
    bleed = imp.size.bleed
    gap_x = _axis(imp.columns, w, imp.gap, paper.width, bleed, marks, imp.fold)
    gap_y = _axis(imp.rows, h, imp.gap, paper.height, bleed, marks, False)
    if gap_x is None or gap_y is None:
        raise ValueError(
            f"the imposition {imp.id!r} ({imp.columns} x {imp.rows}) does not "
            f"fit {paper.name} inside its printable area with crop marks"
        )
    grid_w = imp.columns * w + (imp.columns - 1) * gap_x
    grid_h = imp.rows * h + (imp.rows - 1) * gap_y
    left = (paper.width - grid_w) / 2
    bottom = (paper.height - grid_h) / 2
    outer = [bleed] * 4
    need = ruler_room() + CLEAR
    room_x, room_y = left - bleed - marks.edge, bottom - bleed - marks.edge
    if room_x < need and room_y < need:
        # Both margins of an axis together: the lane on one side, PAD on the other.
        if 2 * room_x >= need + PAD - 2 * (bleed - MIN_BLEED):
            short = max(0.0, need + PAD - 2 * room_x)
            outer[0] = bleed - short
            left += need - (room_x + short)
        elif 2 * room_y >= need + PAD - 2 * (bleed - MIN_BLEED):
            short = max(0.0, need + PAD - 2 * room_y)
            outer[1] = bleed - short
            bottom += need - (room_y + short)
        else:
            raise ValueError(
                f"the imposition {imp.id!r} leaves no room for the ruler and "
                f"the page label on {paper.name}"
            )
    top = bottom + grid_h
    rects = tuple(
        Rect(left + c * (w + gap_x), top - (r + 1) * h - r * gap_y, w, h)
        for r in range(imp.rows)
        for c in range(imp.columns)
    )
    return Sheet(imp, rects, gap_x, gap_y, (outer[0], outer[1], outer[2], outer[3]))


def slots(imp: Imposition, paper: Paper, marks: Marks | None = None) -> list[Rect]:
    """The trim rectangles of one page, in reading order (row by row from the top)."""
    return list(sheet(imp, paper, marks).rects)


def bleeds(grid: Sheet, used: int) -> list[tuple[float, float, float, float]]:
    """How far each of the first `used` faces of a page may print past its trim, (left,
    bottom, right, top): its bleed into a gutter (half the gap at most: a gutterfold's fold
    line), none at a cut line it shares with a neighbour, its full bleed towards an empty
    slot, and the grid's outer bleed at its edge."""
    cols, rows = grid.imp.columns, grid.imp.rows
    bleed = grid.imp.size.bleed

    def side(neighbour: int | None, gap: float, outer: float) -> float:
        if neighbour is None:
            return outer
        if neighbour >= used:
            return bleed
        return min(bleed, gap / 2)

    out = []
    for k in range(used):
        r, c = divmod(k, cols)
        out.append(
            (
                side(k - 1 if c > 0 else None, grid.gap_x, grid.outer[0]),
                side(k + cols if r < rows - 1 else None, grid.gap_y, grid.outer[1]),
                side(k + 1 if c < cols - 1 else None, grid.gap_x, grid.outer[2]),
                side(k - cols if r > 0 else None, grid.gap_y, grid.outer[3]),
            )
        )
    return out


def back_rect(front: Rect, paper: Paper, flip: str, offset: tuple[float, float] = (0, 0)) -> Rect:
    """Where the back of a face printed at `front` goes on the back page, so that after the
    sheet is turned over (on its long edge, or its short edge) the two coincide. `offset`
    (points, x right and y up as seen on the back) corrects a printer's misregistration."""
    if flip == "long":
        x, y = paper.width - front.x - front.w, front.y
    else:
        x, y = front.x, paper.height - front.y - front.h
    return Rect(x + offset[0], y + offset[1], front.w, front.h)


def mirror(
    sides: tuple[float, float, float, float], flip: str
) -> tuple[float, float, float, float]:
    """A front's (left, bottom, right, top) as seen on its back after the flip."""
    left, bottom, right, top = sides
    return (right, bottom, left, top) if flip == "long" else (left, top, right, bottom)


def back_rotation(rotation: int, flip: str) -> int:
    """How a back is turned on its page so that its top is the front's top edge when the
    component is turned over side to side (a long-edge flip mirrors left and right)."""
    return -rotation if flip == "long" else rotation


def fits(imp: Imposition, paper: Paper, marks: Marks | None = None) -> bool:
    """Whether the grid fits the paper's printable area with room for the marks."""
    try:
        sheet(imp, paper, marks)
    except ValueError:
        return False
    return True


def reusable(draw: DrawFace) -> DrawFace:
    """Mark a face that is drawn many times (a deck's back): it becomes one PDF form,
    drawn once per document and placed by reference, which keeps files small and fast."""
    draw.pnp_form = True  # type: ignore[attr-defined]
    return draw


def _form(canvas: Canvas, draw: DrawFace, size: Size) -> str | None:
    """The name of the form holding a reusable face (`reusable`), defined on first use."""
    if not getattr(draw, "pnp_form", False):
        return None
    return face_form(canvas, draw, size, lambda: draw(canvas, size))


def face_form(canvas: Canvas, key: Hashable, size: Size, draw: Callable[[], object]) -> str:
    """The form of a face `size` big, its trim's bottom-left at (0, 0) and its box rounded
    out to whole points past the bleed, drawn by `draw` the first time `key` is asked for
    on this canvas (`pdf.keyed_form`)."""
    b = math.ceil(size.bleed)
    box = (-b, -b, math.ceil(size.width) + b, math.ceil(size.height) + b)
    return pdf.keyed_form(canvas, key, box, draw)


def place(
    canvas: Canvas,
    draw: DrawFace,
    rect: Rect,
    size: Size,
    rotation: int,
    bleed: tuple[bool, bool, bool, bool],
) -> None:
    """Draw a face into a trim rectangle, turned by `rotation` degrees (0, 90, -90, 180),
    clipped to the trim plus the bleed on the sides that may bleed."""
    form = _form(canvas, draw, size)
    b = size.bleed
    left, bottom, right, top = (b if e else 0.0 for e in bleed)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(rect.x - left, rect.y - bottom, rect.w + left + right, rect.h + bottom + top)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(rect.x + rect.w / 2, rect.y + rect.h / 2)
    canvas.rotate(rotation)
    canvas.translate(-size.width / 2, -size.height / 2)
    if form:
        canvas.doForm(form)
    else:
        draw(canvas, size)
    canvas.restoreState()


def _place(
    canvas: Canvas,
    draw: DrawFace,
    rect: Rect,
    size: Size,
    rotation: int,
    sides: tuple[float, float, float, float],
) -> None:
    """`place` a face, clipped to its trim plus `sides` (left, bottom, right, top) of bleed."""
    canvas.saveState()
    art = rect.grow(sides)
    clip = canvas.beginPath()
    clip.rect(art.x, art.y, art.w, art.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    place(canvas, draw, rect, size, rotation, (True, True, True, True))
    canvas.restoreState()


# ---- the marks, the ruler and the label ----------------------------------------------------

SIDES = ("left", "bottom", "right", "top")


@dataclass(frozen=True, slots=True)
class Mark:
    """A crop mark: a line from (x1, y1) to (x2, y2) on one side of the grid."""

    side: str
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the ruler or (a part of) the label goes: a lane `side` of the page, from `start`
    to `end` along it (bottom to top, or left to right), its `text` at font `size`."""

    side: str
    start: float
    end: float
    size: float = LABEL_SIZE
    text: str = ""


def _room(art: Sequence[Rect], paper: Paper, marks: Marks) -> dict[str, float]:
    """The free width between the printable edge and the art, on each side of the page."""
    return {
        "left": min(r.x for r in art) - marks.edge,
        "bottom": min(r.y for r in art) - marks.edge,
        "right": paper.width - max(r.x + r.w for r in art) - marks.edge,
        "top": paper.height - max(r.y + r.h for r in art) - marks.edge,
    }


def _lane_sides(
    art: Sequence[Rect], paper: Paper, marks: Marks, sides: Sequence[str] = SIDES
) -> tuple[str, str]:
    """The sides of the page the ruler and the label go on: the left and the right margins
    where they have room, else the bottom and the top, else one side for both (of `sides`,
    the widest where none has room)."""
    room = _room(art, paper, marks)

    def first(order: Sequence[str], need: float) -> str:
        order = [s for s in order if s in sides]
        return next(
            (s for s in order if room[s] >= need + CLEAR - 1e-6), max(order, key=lambda s: room[s])
        )

    return (
        first(("left", "right", "bottom", "top"), ruler_room()),
        first(("right", "left", "top", "bottom"), label_room()),
    )


def _lane(side: str, paper: Paper, marks: Marks) -> tuple[float, float]:
    """A lane's extent along its side, inside the printable area."""
    length = paper.height if side in ("left", "right") else paper.width
    return marks.edge + PAD, length - marks.edge - PAD


def _cuts(rects: Sequence[Rect]) -> tuple[list[float], list[float]]:
    """The x of every vertical cut line and the y of every horizontal one. A gutterfold's
    fold line is not one; the trims either side of it are, cut once the sheet is folded."""
    xs = sorted({round(v, 3) for r in rects for v in (r.x, r.x + r.w)})
    ys = sorted({round(v, 3) for r in rects for v in (r.y, r.y + r.h)})
    return xs, ys


def _marks(
    rects: Sequence[Rect],
    paper: Paper,
    marks: Marks,
    lanes: Sequence[str],
    lane_width: Mapping[str, float],
) -> list[Mark]:
    """Crop marks in the margin at every cut line, `marks.offset` outside the grid and never
    nearer the page edge than `marks.edge`. A mark that would cross a lane stops before it
    when it stays at least `MIN_MARK` long; else it crosses it, and the ruler and the label
    keep clear of it."""
    xs, ys = _cuts(rects)
    left, right = min(r.x for r in rects), max(r.x + r.w for r in rects)
    bottom, top = min(r.y for r in rects), max(r.y + r.h for r in rects)
    out: list[Mark] = []

    def reach(side: str, start: float) -> float:
        """How far out a mark from `start` (its distance from the page edge) may run."""
        end = max(start - marks.length, marks.edge + PAD)
        if side in lanes:
            stop = marks.edge + lane_width[side] + CLEAR
            if start - stop >= MIN_MARK:
                end = max(end, stop)
        return end

    for side, at in (("top", paper.height - top), ("bottom", bottom)):
        start = at - marks.offset
        end = reach(side, start)
        if start - end <= 0:
            continue
        for x in xs:
            if side == "top":
                out.append(Mark(side, x, paper.height - start, x, paper.height - end))
            else:
                out.append(Mark(side, x, start, x, end))
    for side, at in (("right", paper.width - right), ("left", left)):
        start = at - marks.offset
        end = reach(side, start)
        if start - end <= 0:
            continue
        for y in ys:
            if side == "right":
                out.append(Mark(side, paper.width - start, y, paper.width - end, y))
            else:
                out.append(Mark(side, start, y, end, y))
    return out


def _free(
    side: str,
    paper: Paper,
    marks: Marks,
    width: float,
    crossing: Sequence[Mark],
    taken: Sequence[tuple[float, float]] = (),
) -> list[tuple[float, float]]:
    """The stretches of a lane no crop mark crosses (nor anything already placed)."""
    lo, hi = _lane(side, paper, marks)
    vertical = side in ("left", "right")
    blocks = sorted(
        [
            *taken,
            *(
                (
                    (m.y1 if vertical else m.x1) - CLEAR - marks.weight,
                    (m.y1 if vertical else m.x1) + CLEAR + marks.weight,
                )
                for m in crossing
                if _crosses(m, side, paper, marks, width)
            ),
        ]
    )
    spans, at = [], lo
    for a, b in blocks:
        if a > at:
            spans.append((at, min(a, hi)))
        at = max(at, b)
    if at < hi:
        spans.append((at, hi))
    return [s for s in spans if s[1] > s[0]]


def _crosses(mark: Mark, side: str, paper: Paper, marks: Marks, width: float) -> bool:
    """Whether a crop mark runs into a lane `width` wide along `side`."""
    inner = marks.edge + width + CLEAR
    if side == "left":
        return mark.side == "left" and min(mark.x1, mark.x2) < inner
    if side == "right":
        return mark.side == "right" and max(mark.x1, mark.x2) > paper.width - inner
    if side == "bottom":
        return mark.side == "bottom" and min(mark.y1, mark.y2) < inner
    return mark.side == "top" and max(mark.y1, mark.y2) > paper.height - inner


def _spot(
    spans: Sequence[tuple[float, float]], length: float, prefer: float
) -> tuple[float, float] | None:
    """Where something `length` long goes: in the stretch that holds it nearest `prefer`
    (the first of equals), as near `prefer` as that stretch allows."""
    best: tuple[float, float] | None = None
    for lo, hi in spans:
        if hi - lo >= length:
            start = min(max(prefer, lo), hi - length)
            if best is None or abs(start - prefer) < abs(best[0] - prefer) - 1e-6:
                best = (start, start + length)
    return best


def _ruler_spot(
    side: str, rects: Sequence[Rect], paper: Paper, marks: Marks, crossing: Sequence[Mark]
) -> Spot:
    spans = _free(side, paper, marks, ruler_room(), crossing)
    low = min(r.y for r in rects) if side in ("left", "right") else min(r.x for r in rects)
    length = marks.ruler + mm(0.5)
    spot = _spot([(a + mm(0.5), b - mm(0.5)) for a, b in spans], length, low + LIFT)
    if spot is None:
        raise ValueError(
            f"no room on the {side} of the page for the {marks.ruler / mm(1):g} "
            "mm ruler between the crop marks"
        )
    return Spot(side, spot[0], spot[1], RULER_SIZE)


def _label_spots(
    side: str,
    text: str,
    rects: Sequence[Rect],
    paper: Paper,
    marks: Marks,
    crossing: Sequence[Mark],
    ruler: Spot,
) -> tuple[Spot, ...]:
    """Where the label goes: on one line in a stretch of its lane free of crop marks and
    the ruler, as near `LIFT` above the grid as it can; a label too long for any stretch
    goes on in the next ones (15 mm or longer), broken between its parts (' · '), at
    `LABEL_SIZE` or, if it must, at `LABEL_FLOOR`. Never cut short: a label that fits
    nowhere is an error."""
    taken = [(ruler.start - CLEAR, ruler.end + CLEAR)] if ruler.side == side else []
    spans = [
        (a + mm(0.5), b - mm(0.5))
        for a, b in _free(side, paper, marks, label_room(), crossing, taken)
    ]
    spans = [s for s in spans if s[1] > s[0]]
    low = min(r.y for r in rects) if side in ("left", "right") else min(r.x for r in rects)
    width = fonts.width(text, "sans", LABEL_SIZE)
    spot = _spot(spans, width, low + LIFT)
    if spot is not None:
        return (Spot(side, spot[0], spot[1], LABEL_SIZE, text),)
    parts = text.split(" · ")
    for size in (LABEL_SIZE, LABEL_FLOOR):
        placed: list[Spot] = []
        k = 0
        for lo, hi in (s for s in spans if s[1] - s[0] >= mm(15)):
            line: list[str] = []
            while (
                k < len(parts)
                and fonts.width(" · ".join([*line, parts[k]]), "sans", size) <= hi - lo
            ):
                line.append(parts[k])
                k += 1
            if line:
                words = " · ".join(line) + (" ·" if k < len(parts) else "")
                placed.append(Spot(side, lo, lo + fonts.width(words, "sans", size), size, words))
        if k == len(parts):
            return tuple(placed)
    raise ValueError(f"the page label {text!r} does not fit on the {side} of the page")


def _draw_marks(canvas: Canvas, found: Sequence[Mark], marks: Marks) -> None:
    canvas.saveState()
    canvas.setLineCap(0)
    canvas.setStrokeColor(CASING_COLOUR)
    canvas.setLineWidth(marks.weight * 3)
    for m in found:
        canvas.line(m.x1, m.y1, m.x2, m.y2)
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(marks.weight)
    for m in found:
        canvas.line(m.x1, m.y1, m.x2, m.y2)
    canvas.restoreState()


def _text_at(canvas: Canvas, spot: Spot, paper: Paper, marks: Marks, text: str) -> None:
    """Text in a lane, reading along it (up the page in a side lane), its ascent and
    descent next to the printable edge."""
    ascent, descent = _ascent(spot.size)
    canvas.saveState()
    canvas.setFillColor(LABEL_COLOUR)
    canvas.setFont(fonts.font("sans"), spot.size)
    e = marks.edge + PAD
    if spot.side in ("left", "right"):
        # turned a quarter turn to the left: the ascent points to the page's left
        x = e + ascent if spot.side == "left" else paper.width - e - descent
        canvas.translate(x, spot.start)
        canvas.rotate(90)
    else:
        y = e + descent if spot.side == "bottom" else paper.height - e - ascent
        canvas.translate(spot.start, y)
    canvas.drawString(0, 0, text)
    canvas.restoreState()


def _draw_ruler(canvas: Canvas, spot: Spot, paper: Paper, marks: Marks) -> None:
    """'This line measures 50 mm': the caption nearest the page edge, then the ticks and the
    line."""
    ascent, descent = _ascent(RULER_SIZE)
    u = marks.edge + PAD + ascent + descent + TICK_GAP + TICK  # the line, from the edge
    canvas.saveState()
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(0.4)
    canvas.setLineCap(0)
    steps = round(marks.ruler / mm(10))
    a, b = spot.start, spot.start + marks.ruler
    if spot.side in ("left", "right"):
        x = u if spot.side == "left" else paper.width - u
        tick = -TICK if spot.side == "left" else TICK
        canvas.line(x, a, x, b)
        for i in range(steps + 1):
            canvas.line(x, a + i * mm(10), x + tick, a + i * mm(10))
    else:
        y = u if spot.side == "bottom" else paper.height - u
        tick = -TICK if spot.side == "bottom" else TICK
        canvas.line(a, y, b, y)
        for i in range(steps + 1):
            canvas.line(a + i * mm(10), y, a + i * mm(10), y + tick)
    canvas.restoreState()
    length = f"{marks.ruler / mm(1):g} mm"
    _text_at(
        canvas,
        Spot(spot.side, spot.start, spot.end, RULER_SIZE),
        paper,
        marks,
        f"This line measures {length}. If not, print at 100%.",
    )


@dataclass(frozen=True, slots=True)
class Furniture:
    """What a page carries besides its faces: crop marks, the ruler and the label."""

    marks: tuple[Mark, ...]
    ruler: Spot
    label: tuple[Spot, ...]  # one line, or its parts where one stretch cannot hold it


def furniture(
    rects: Sequence[Rect],
    art: Sequence[Rect],
    paper: Paper,
    marks: Marks,
    text: str,
    crop: bool = True,
) -> Furniture:
    """Where a page's crop marks (if `crop`), ruler and label go, for faces trimmed at
    `rects` whose art covers `art`."""
    ruler_side, label_side = _lane_sides(art, paper, marks)
    widths = {ruler_side: ruler_room()}
    widths[label_side] = max(widths.get(label_side, 0.0), label_room())
    found = _marks(rects, paper, marks, list(widths), widths) if crop else []
    ruler_at = _ruler_spot(ruler_side, rects, paper, marks, found)
    label_at = _label_spots(label_side, text, rects, paper, marks, found, ruler_at)
    return Furniture(tuple(found), ruler_at, label_at)


def draw_furniture(
    canvas: Canvas,
    rects: Sequence[Rect],
    art: Sequence[Rect],
    paper: Paper,
    marks: Marks,
    text: str,
    crop: bool = True,
    shift: tuple[float, float] = (0.0, 0.0),
) -> Furniture:
    """Draw a page's crop marks, ruler and label (see `furniture`), moved by `shift` (a back
    page's `--back-offset`, so they move with the backs)."""
    found = furniture(rects, art, paper, marks, text, crop)
    canvas.saveState()
    canvas.translate(*shift)
    _draw_marks(canvas, found.marks, marks)
    _draw_ruler(canvas, found.ruler, paper, marks)
    for spot in found.label:
        _text_at(canvas, spot, paper, marks, spot.text)
    canvas.restoreState()
    return found


def crop_marks(canvas: Canvas, rects: Sequence[Rect], paper: Paper, marks: Marks) -> None:
    """Crop marks in the margin at every cut line: never over a face, never nearer the page
    edge than `marks.edge`."""
    _draw_marks(canvas, _marks(rects, paper, marks, (), {}), marks)


ART_MARGIN = mm(1.5)  # what `ruler` and `label` assume faces print past their rects


def _piece_ruler(rects: Sequence[Rect], paper: Paper, marks: Marks, known: bool) -> Spot:
    """Where `ruler` puts the ruler: on the left or at the bottom unless the paper is known."""
    art = [r.grow((ART_MARGIN,) * 4) for r in rects]
    side, _ = _lane_sides(art, paper, marks, SIDES if known else ("left", "bottom"))
    return _ruler_spot(side, rects, paper, marks, [])


def ruler(canvas: Canvas, rects: Sequence[Rect], marks: Marks, paper: Paper | None = None) -> None:
    """A calibration ruler, 'this line measures 50 mm', in a lane along the printable edge
    (the left one where it has room), for pieces cut at `rects` (no crop marks)."""
    page = paper or Paper(
        "", "", max(r.x + r.w for r in rects) + mm(100), max(r.y + r.h for r in rects) + mm(100)
    )
    _draw_ruler(canvas, _piece_ruler(rects, page, marks, paper is not None), page, marks)


def label(canvas: Canvas, rects: Sequence[Rect], paper: Paper, marks: Marks, text: str) -> None:
    """The page label in a lane along the printable edge (the right one where it has room),
    turned to run up the page, for pieces cut at `rects` (no crop marks); it keeps clear of
    the ruler `ruler(canvas, rects, marks)` draws."""
    art = [r.grow((ART_MARGIN,) * 4) for r in rects]
    _, label_side = _lane_sides(art, paper, marks)
    ruler_at = _piece_ruler(rects, paper, marks, False)
    for spot in _label_spots(label_side, text, rects, paper, marks, [], ruler_at):
        _text_at(canvas, spot, paper, marks, spot.text)


# ---- pages ---------------------------------------------------------------------------------


def sheet_pages(
    canvas: Canvas,
    groups: Sequence[Group],
    imp: Imposition,
    paper: Paper,
    marks: Marks,
    title: str,
    flip: str = "long",
    offset: tuple[float, float] = (0, 0),
) -> int:
    """Fronts and, on the following page, backs for every group; returns pages drawn."""
    grid = sheet(imp, paper, marks)
    rects = grid.rects
    per_page = len(rects)
    size = imp.size
    pages = 0
    for group in groups:
        sheets = [group.items[i : i + per_page] for i in range(0, len(group.items), per_page)]
        for n, chunk in enumerate(sheets, start=1):
            sides = bleeds(grid, len(chunk))
            for side in ("fronts", "backs"):
                used: list[Rect] = []
                art: list[Rect] = []
                for item, rect, amounts in zip(chunk, rects, sides, strict=False):
                    if side == "fronts":
                        _place(canvas, item.front, rect, size, grid.rotation, amounts)
                    else:
                        amounts = mirror(amounts, flip)
                        _place(
                            canvas,
                            item.back,
                            back_rect(rect, paper, flip, offset),
                            size,
                            back_rotation(grid.rotation, flip),
                            amounts,
                        )
                        rect = back_rect(rect, paper, flip)  # the marks move by the offset
                    used.append(rect)
                    art.append(rect.grow(amounts))
                text = f"{title} · {group.name} · {side} · sheet {n} of {len(sheets)}" + (
                    f" · double-sided, flip on the {'long' if flip == 'long' else 'short'} edge"
                    if side == "backs"
                    else ""
                )
                draw_furniture(
                    canvas,
                    used,
                    art,
                    paper,
                    marks,
                    text,
                    shift=offset if side == "backs" else (0.0, 0.0),
                )
                canvas.showPage()
                pages += 1
    return pages


def fold_rects(imp: Imposition, paper: Paper) -> list[tuple[Rect, Rect]]:
    """Gutterfold: (front, back) pairs, fronts in the left column and backs mirrored about
    the fold line in the right column."""
    rects = slots(imp, paper)
    return [(rects[i], rects[i + 1]) for i in range(0, len(rects), 2)]


def gutterfold_pages(
    canvas: Canvas, groups: Sequence[Group], imp: Imposition, paper: Paper, marks: Marks, title: str
) -> int:
    """Front and back side by side, a fold line between: no duplex printer needed. Each
    face's art runs past its trim on every side, up to the fold line on the fold side."""
    grid = sheet(imp, paper, marks)
    pairs = [(grid.rects[i], grid.rects[i + 1]) for i in range(0, len(grid.rects), 2)]
    size = imp.size
    fold_x = (pairs[0][0].x + pairs[0][0].w + pairs[0][1].x) / 2
    pages = 0
    for group in groups:
        sheets = [group.items[i : i + len(pairs)] for i in range(0, len(group.items), len(pairs))]
        for n, chunk in enumerate(sheets, start=1):
            sides = bleeds(grid, 2 * len(chunk))
            used: list[Rect] = []
            art: list[Rect] = []
            for k, (item, (front, back)) in enumerate(zip(chunk, pairs, strict=False)):
                # Tops face the fold, so folding brings each back onto its front.
                _place(canvas, item.front, front, size, -90, sides[2 * k])
                _place(canvas, item.back, back, size, 90, sides[2 * k + 1])
                used += [front, back]
                art += [front.grow(sides[2 * k]), back.grow(sides[2 * k + 1])]
            canvas.saveState()
            canvas.setDash(3, 2)
            canvas.setLineWidth(0.4)
            canvas.setStrokeColor(LABEL_COLOUR)
            canvas.line(fold_x, marks.edge + PAD, fold_x, paper.height - marks.edge - PAD)
            canvas.restoreState()
            draw_furniture(
                canvas,
                used,
                art,
                paper,
                marks,
                f"{title} · {group.name} · gutterfold · sheet {n} of {len(sheets)} · "
                "fold on the dashed line, glue, cut on the marks",
            )
            canvas.showPage()
            pages += 1
    return pages


def _between_rows(rects: Sequence[Rect], paper: Paper, height: float) -> float:
    """The top of a block `height` high centred in the widest space between two rows of
    crosses (the uppermost of equals), or above the middle of the page."""
    rows = sorted({round(r.y + r.h / 2, 3) for r in rects}, reverse=True)
    reach = mm(7)  # a cross's arms
    gaps = [(a - b - 2 * reach, (a + b) / 2) for a, b in pairwise(rows)]
    best = max(gaps, key=lambda g: g[0], default=None)
    if best is None or best[0] < height:
        return paper.height / 2 + mm(60) + 11
    return best[1] + height / 2


def registration_pages(
    canvas: Canvas,
    imp: Imposition,
    paper: Paper,
    marks: Marks,
    title: str,
    flip: str = "long",
    offset: tuple[float, float] = (0.0, 0.0),
) -> int:
    """A duplex test: the same crosses on both sides; held to the light, they coincide. The
    back is printed with the `--back-offset` it is to check, like every back."""
    grid = sheet(imp, paper, marks)
    rects = list(grid.rects)
    given = f"{offset[0] / mm(1):g},{offset[1] / mm(1):g}"
    for side in ("front", "back"):
        targets = rects if side == "front" else [back_rect(r, paper, flip) for r in rects]
        shift = offset if side == "back" else (0.0, 0.0)
        canvas.saveState()
        canvas.translate(*shift)
        canvas.setStrokeColor("#000000" if side == "front" else RED)
        canvas.setLineWidth(0.35)
        for r in targets:
            cx, cy = r.x + r.w / 2, r.y + r.h / 2
            for radius in (1, 2, 3, 4, 5):
                canvas.circle(cx, cy, mm(radius), stroke=1, fill=0)
            canvas.line(cx - mm(7), cy, cx + mm(7), cy)
            canvas.line(cx, cy - mm(7), cx, cy + mm(7))
        canvas.restoreState()
        canvas.setFillColor("#000000")
        top = _between_rows(rects, paper, 14 + 11 * 6)
        canvas.setFont(fonts.font("sans-bold"), 11)
        canvas.drawCentredString(paper.width / 2, top - 11, f"Duplex test · {side}")
        canvas.setFont(fonts.font("sans"), 8)
        if side == "front":
            lines = [
                f"Print this page and the next double-sided, flipping on the {flip} edge.",
                "Hold the sheet to the light: each cross should sit on the cross behind it.",
                "The rings are 1 mm apart. If the back is off, count the rings and set",
                "--back-offset X,Y (millimetres: X to the right, Y up, as seen on the back).",
            ]
        else:
            lines = [
                "The back of the duplex test: check it against the front, not by itself.",
                "Hold the sheet to the light with this side towards you: each red cross",
                "should sit on the black cross of the front, showing through.",
                "If not, count the 1 mm rings from the red cross to the black one (X to the",
                "right, Y up, on this side) and add them to --back-offset, then print again.",
                f"This back was printed with --back-offset {given}."
                if any(offset)
                else "This back was printed with no --back-offset.",
            ]
        for i, line in enumerate(lines):
            canvas.drawCentredString(paper.width / 2, top - 25 - i * 11, line)
        draw_furniture(
            canvas,
            targets,
            targets,
            paper,
            marks,
            f"{title} · duplex test · {side}"
            + (f" · back offset {given} mm" if side == "back" and any(offset) else ""),
            shift=shift,
        )
        canvas.showPage()
    return 2
