"""Imposition: placing component faces on sheets, with crop marks, a calibration ruler and a
page label on every page, duplex backs, and gutterfold pages.

The geometry is pure (`slots`, `back_rect`, `fold_rects`) so tests can prove it: trim boxes
where the layout says, back k behind front k after a long-edge flip, marks in the margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts
from pnp.render.geometry import Imposition, Marks, Paper, Size
from pnp.render.units import mm

# draw(canvas, size) draws one face with its trim's bottom-left at (0, 0), its background
# running into the bleed; `place` clips it to the sides that may bleed.
DrawFace = Callable[[Canvas, Size], None]

MARK_COLOUR = "#000000"
LABEL_COLOUR = "#555555"


@dataclass(frozen=True, slots=True)
class Rect:
    """A trim rectangle on a page, PDF points, bottom-left origin."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Item:
    """One physical component: its front and back faces and a name for labels."""

    id: str
    front: DrawFace
    back: DrawFace


@dataclass(frozen=True, slots=True)
class Group:
    """Items printed together (a deck), with the name the page labels give it."""

    name: str
    items: tuple[Item, ...]


def slots(imp: Imposition, paper: Paper) -> list[Rect]:
    """The trim rectangles of one page, in reading order (row by row from the top), with
    the grid centred on the paper."""
    w, h = (imp.size.height, imp.size.width) if imp.rotate else (imp.size.width,
                                                                  imp.size.height)
    gap_x = imp.gap if imp.columns > 1 else 0.0
    gap_y = 0.0 if imp.fold else imp.gap  # gutterfold pairs share their cut lines
    grid_w = imp.columns * w + (imp.columns - 1) * gap_x
    grid_h = imp.rows * h + (imp.rows - 1) * gap_y
    left = (paper.width - grid_w) / 2
    top = (paper.height + grid_h) / 2
    return [Rect(left + c * (w + gap_x), top - (r + 1) * h - r * gap_y, w, h)
            for r in range(imp.rows) for c in range(imp.columns)]


def back_rect(front: Rect, paper: Paper, flip: str, offset: tuple[float, float] = (0, 0)) -> Rect:
    """Where the back of a face printed at `front` goes on the back page, so that after the
    sheet is turned over (on its long edge, or its short edge) the two coincide. `offset`
    (points, x right and y up as seen on the back) corrects a printer's misregistration."""
    if flip == "long":
        x, y = paper.width - front.x - front.w, front.y
    else:
        x, y = front.x, paper.height - front.y - front.h
    return Rect(x + offset[0], y + offset[1], front.w, front.h)


def fits(imp: Imposition, paper: Paper) -> bool:
    """Whether the grid fits the paper with room for the marks."""
    rects = slots(imp, paper)
    return min(r.x for r in rects) >= mm(4) and min(r.y for r in rects) >= mm(4)


def reusable(draw: DrawFace) -> DrawFace:
    """Mark a face that is drawn many times (a deck's back): it becomes one PDF form,
    drawn once per document and placed by reference, which keeps files small and fast."""
    draw.pnp_form = True  # type: ignore[attr-defined]
    return draw


def _form(canvas: Canvas, draw: DrawFace, size: Size) -> str | None:
    """The name of the form holding a reusable face, defined on first use."""
    if not getattr(draw, "pnp_form", False):
        return None
    # Names count up in drawing order, so the same drawing gives the same bytes.
    forms: dict[int, str] = canvas.__dict__.setdefault("_pnp_forms", {})
    name = forms.get(id(draw))
    if name is None:
        name = f"pnpface{len(forms) + 1}"
        b = math.ceil(size.bleed)  # the form's box, rounded out to whole points
        canvas.beginForm(name, -b, -b, math.ceil(size.width) + b, math.ceil(size.height) + b)
        draw(canvas, size)
        canvas.endForm()
        forms[id(draw)] = name
    return name


def place(canvas: Canvas, draw: DrawFace, rect: Rect, size: Size, rotation: int,
          bleed: tuple[bool, bool, bool, bool]) -> None:
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


def _outer_edges(rect: Rect, rects: Sequence[Rect]) -> tuple[bool, bool, bool, bool]:
    """Which sides of a rectangle touch no neighbour (so the face may bleed there)."""
    def touching(dx: float, dy: float) -> bool:
        cx, cy = rect.x + rect.w / 2 + dx, rect.y + rect.h / 2 + dy
        return any(r is not rect and r.x <= cx <= r.x + r.w and r.y <= cy <= r.y + r.h
                   for r in rects)

    return (not touching(-rect.w, 0), not touching(0, -rect.h), not touching(rect.w, 0),
            not touching(0, rect.h))


def crop_marks(canvas: Canvas, rects: Sequence[Rect], paper: Paper, marks: Marks) -> None:
    """Crop marks in the margin at every cut line: never over a face, never at the edge."""
    xs = sorted({round(v, 3) for r in rects for v in (r.x, r.x + r.w)})
    ys = sorted({round(v, 3) for r in rects for v in (r.y, r.y + r.h)})
    left, right = min(r.x for r in rects), max(r.x + r.w for r in rects)
    bottom, top = min(r.y for r in rects), max(r.y + r.h for r in rects)
    canvas.saveState()
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(marks.weight)
    for x in xs:
        for y0, direction, limit in ((top, 1, paper.height), (bottom, -1, 0.0)):
            start = y0 + direction * marks.offset
            end = start + direction * marks.length
            end = min(end, limit - marks.edge) if direction > 0 else max(end, marks.edge)
            if (end - start) * direction > 0:
                canvas.line(x, start, x, end)
    for y in ys:
        for x0, direction, limit in ((right, 1, paper.width), (left, -1, 0.0)):
            start = x0 + direction * marks.offset
            end = start + direction * marks.length
            end = min(end, limit - marks.edge) if direction > 0 else max(end, marks.edge)
            if (end - start) * direction > 0:
                canvas.line(start, y, end, y)
    canvas.restoreState()


SIDE_ROOM = mm(9)  # below this, the side margins are too narrow for the ruler and label


def _sides(rects: Sequence[Rect], paper: Paper | None = None) -> bool:
    """Whether the side margins have room for the ruler and the label (else top/bottom)."""
    left = min(r.x for r in rects)
    if paper is None:
        return left >= SIDE_ROOM
    return left >= SIDE_ROOM and paper.width - max(r.x + r.w for r in rects) >= SIDE_ROOM


def ruler(canvas: Canvas, rects: Sequence[Rect], marks: Marks) -> None:
    """A calibration ruler in the left margin (or the bottom one when the sides are narrow):
    'this line measures 50 mm'."""
    left = min(r.x for r in rects)
    bottom = min(r.y for r in rects)
    length = f"{marks.ruler / mm(1):g} mm"
    if not _sides(rects):
        y = max(bottom - marks.offset - marks.length - mm(3), mm(3))
        x0 = left + mm(12)
        canvas.saveState()
        canvas.setStrokeColor(MARK_COLOUR)
        canvas.setLineWidth(0.4)
        canvas.line(x0, y, x0 + marks.ruler, y)
        for i in range(round(marks.ruler / mm(10)) + 1):
            canvas.line(x0 + i * mm(10), y, x0 + i * mm(10), y + mm(1))
        canvas.setFillColor(LABEL_COLOUR)
        canvas.setFont(fonts.font("sans"), 5)
        canvas.drawString(x0, y - mm(2.2),
                          f"This line measures {length}. If not, print at 100%.")
        canvas.restoreState()
        return
    x = max(left - marks.offset - marks.length - mm(1.8), mm(2.5))
    y0 = bottom + mm(12)
    canvas.saveState()
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(0.4)
    canvas.line(x, y0, x, y0 + marks.ruler)
    steps = round(marks.ruler / mm(10))
    for i in range(steps + 1):
        canvas.line(x - mm(1), y0 + i * mm(10), x, y0 + i * mm(10))
    canvas.setFillColor(LABEL_COLOUR)
    canvas.setFont(fonts.font("sans"), 5)
    canvas.translate(x + mm(1.6), y0)
    canvas.rotate(90)
    canvas.drawString(0, 0, f"This line measures {length}. If not, print at 100%.")
    canvas.restoreState()


def label(canvas: Canvas, rects: Sequence[Rect], paper: Paper, marks: Marks, text: str) -> None:
    """The page label in the right margin, turned to run up the page (or in the top margin
    when the sides are narrow)."""
    if not _sides(rects, paper):
        top = max(r.y + r.h for r in rects)
        canvas.saveState()
        canvas.setFillColor(LABEL_COLOUR)
        canvas.setFont(fonts.font("sans"), 6)
        y = min(top + marks.offset + marks.length + mm(2.5), paper.height - mm(4))
        canvas.drawString(min(r.x for r in rects) + mm(12), y, text)
        canvas.restoreState()
        return
    right = max(r.x + r.w for r in rects)
    x = min(right + marks.offset + marks.length + mm(2.6), paper.width - mm(2.2))
    bottom = min(r.y for r in rects)
    canvas.saveState()
    canvas.setFillColor(LABEL_COLOUR)
    canvas.setFont(fonts.font("sans"), 6)
    canvas.translate(x, bottom + mm(12))
    canvas.rotate(90)
    canvas.drawString(0, 0, text)
    canvas.restoreState()


def sheet_pages(canvas: Canvas, groups: Sequence[Group], imp: Imposition, paper: Paper,
                marks: Marks, title: str, flip: str = "long",
                offset: tuple[float, float] = (0, 0)) -> int:
    """Fronts and, on the following page, backs for every group; returns pages drawn."""
    rects = slots(imp, paper)
    per_page = len(rects)
    pages = 0
    for group in groups:
        sheets = [group.items[i:i + per_page] for i in range(0, len(group.items), per_page)]
        for n, chunk in enumerate(sheets, start=1):
            for side in ("fronts", "backs"):
                used: list[Rect] = []
                for item, rect in zip(chunk, rects, strict=False):
                    edges = _outer_edges(rect, rects)
                    if side == "fronts":
                        place(canvas, item.front, rect, imp.size, 0, edges)
                        used.append(rect)
                    else:
                        back = back_rect(rect, paper, flip, offset)
                        mirrored = (edges[2], edges[1], edges[0], edges[3]) if flip == "long" \
                            else (edges[0], edges[3], edges[2], edges[1])
                        place(canvas, item.back, back, imp.size, 0, mirrored)
                        used.append(back)
                all_rects = rects if side == "fronts" else [
                    back_rect(r, paper, flip, offset) for r in rects]
                crop_marks(canvas, all_rects, paper, marks)
                ruler(canvas, all_rects, marks)
                label(canvas, all_rects, paper, marks,
                      f"{title} · {group.name} · {side} · sheet {n} of {len(sheets)}"
                      + (" · print double-sided, flip on the "
                         f"{'long' if flip == 'long' else 'short'} edge" if side == "backs"
                         else ""))
                canvas.showPage()
                pages += 1
    return pages


def fold_rects(imp: Imposition, paper: Paper) -> list[tuple[Rect, Rect]]:
    """Gutterfold: (front, back) pairs, fronts in the left column and backs mirrored about
    the fold line in the right column."""
    rects = slots(imp, paper)
    return [(rects[i], rects[i + 1]) for i in range(0, len(rects), 2)]


def gutterfold_pages(canvas: Canvas, groups: Sequence[Group], imp: Imposition, paper: Paper,
                     marks: Marks, title: str) -> int:
    """Front and back side by side, a fold line between: no duplex printer needed."""
    pairs = fold_rects(imp, paper)
    pages = 0
    for group in groups:
        sheets = [group.items[i:i + len(pairs)] for i in range(0, len(group.items), len(pairs))]
        for n, chunk in enumerate(sheets, start=1):
            used: list[Rect] = []
            for item, (front, back) in zip(chunk, pairs, strict=False):
                # Tops face the fold, so folding brings each back onto its front.
                place(canvas, item.front, front, imp.size, -90, (True, True, False, True))
                place(canvas, item.back, back, imp.size, 90, (False, True, True, True))
                used += [front, back]
            all_rects = [r for pair in pairs for r in pair]
            fold_x = (pairs[0][0].x + pairs[0][0].w + pairs[0][1].x) / 2
            canvas.saveState()
            canvas.setDash(3, 2)
            canvas.setLineWidth(0.4)
            canvas.setStrokeColor(LABEL_COLOUR)
            top = max(r.y + r.h for r in all_rects)
            bottom = min(r.y for r in all_rects)
            canvas.line(fold_x, bottom - mm(3), fold_x, top + mm(3))
            canvas.restoreState()
            crop_marks(canvas, all_rects, paper, marks)
            ruler(canvas, all_rects, marks)
            label(canvas, all_rects, paper, marks,
                  f"{title} · {group.name} · gutterfold · sheet {n} of {len(sheets)} · "
                  "cut out each pair, fold on the dashed line, glue")
            canvas.showPage()
            pages += 1
    return pages


def registration_pages(canvas: Canvas, imp: Imposition, paper: Paper, marks: Marks,
                       title: str, flip: str = "long") -> int:
    """A duplex test: the same crosses on both sides; held to the light, they coincide."""
    rects = slots(imp, paper)
    for side in ("front", "back"):
        targets = rects if side == "front" else [back_rect(r, paper, flip) for r in rects]
        canvas.saveState()
        canvas.setStrokeColor("#000000" if side == "front" else "#c62828")
        canvas.setLineWidth(0.35)
        for r in targets:
            cx, cy = r.x + r.w / 2, r.y + r.h / 2
            for radius in (1, 2, 3, 4, 5):
                canvas.circle(cx, cy, mm(radius), stroke=1, fill=0)
            canvas.line(cx - mm(7), cy, cx + mm(7), cy)
            canvas.line(cx, cy - mm(7), cx, cy + mm(7))
        canvas.restoreState()
        crop_marks(canvas, targets, paper, marks)
        ruler(canvas, targets, marks)
        canvas.setFont(fonts.font("sans-bold"), 11)
        canvas.drawCentredString(paper.width / 2, paper.height / 2 + mm(60),
                                 f"Duplex test · {side}")
        canvas.setFont(fonts.font("sans"), 8)
        lines = [
            f"Print this page and the next double-sided, flipping on the {flip} edge.",
            "Hold the sheet to the light: each cross should sit on the cross behind it.",
            "The rings are 1 mm apart. If the back is off, count the rings and set",
            "--back-offset X,Y (millimetres: X to the right, Y up, as seen on the back).",
        ]
        for i, line in enumerate(lines):
            canvas.drawCentredString(paper.width / 2, paper.height / 2 + mm(52) - i * 11, line)
        label(canvas, targets, paper, marks, f"{title} · duplex test · {side}")
        canvas.showPage()
    return 2
