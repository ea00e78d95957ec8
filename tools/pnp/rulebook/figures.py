"""The illustrated rulebook's drawings, as reportlab flowables: rows of card pictures drawn
by the card renderers (the same faces as the print-and-play sheets, scaled down), the turn
diagram, the game's own pictures with their captions, and the fan of cards on the title page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from pnp.render import fonts
from pnp.render.geometry import Size
from pnp.render.units import mm
from pnp.rulebook.faces import DrawFace


def place_face(
    canvas: Canvas,
    draw: DrawFace,
    size: Size,
    x: float,
    y: float,
    width: float,
    angle: float = 0.0,
    outline: str = "#b8ab8e",
) -> None:
    """Draw a face scaled to `width`, its trim's bottom-left at (x, y) before turning by
    `angle` degrees about its centre; clipped to the rounded trim, with a thin outline."""
    s = width / size.width
    h = size.height * s
    canvas.saveState()
    canvas.translate(x + width / 2, y + h / 2)
    canvas.rotate(angle)
    canvas.translate(-width / 2, -h / 2)
    canvas.saveState()
    canvas.scale(s, s)
    path = canvas.beginPath()
    path.roundRect(0, 0, size.width, size.height, size.radius)
    canvas.clipPath(path, stroke=0, fill=0)
    draw(canvas, size)
    canvas.restoreState()
    canvas.setStrokeColor(outline)
    canvas.setLineWidth(0.5)
    canvas.roundRect(0, 0, width, h, size.radius * s, stroke=1, fill=0)
    canvas.restoreState()


@dataclass(frozen=True, slots=True)
class Picture:
    """One card picture of a row: how to draw it, its size, caption and link anchor."""

    draw: DrawFace
    size: Size
    caption: str
    anchor: str


class CardRow(Flowable):
    """A row of card pictures with a caption under each (name and copies)."""

    def __init__(
        self,
        pictures: Sequence[Picture],
        columns: int,
        gap: float,
        caption_face: str,
        caption_size: float,
        ink: str,
    ) -> None:
        super().__init__()
        self.pictures = list(pictures)
        self.columns = columns
        self.gap = gap
        self.caption_face = caption_face
        self.caption_size = caption_size
        self.ink = ink
        self._card_w = 0.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._card_w = (availWidth - self.gap * (self.columns - 1)) / self.columns
        tallest = max(p.size.height / p.size.width for p in self.pictures)
        self.width = availWidth
        self.height = self._card_w * tallest + self.caption_size * 2.6
        return self.width, self.height

    def draw(self) -> None:
        canvas: Canvas = self.canv
        top = self.height
        for i, p in enumerate(self.pictures):
            x = i * (self._card_w + self.gap)
            h = p.size.height * self._card_w / p.size.width
            y = top - h
            canvas.bookmarkHorizontal(p.anchor, x, top)
            place_face(canvas, p.draw, p.size, x, y, self._card_w)
            canvas.setFillColor(self.ink)
            canvas.setFont(fonts.font(self.caption_face), self.caption_size)
            canvas.drawCentredString(x + self._card_w / 2, y - self.caption_size * 1.5, p.caption)


# draw(canvas, (x, y, width, height)): a picture drawn into that box, keeping its proportions
DrawArt = Callable[[Canvas, tuple[float, float, float, float]], object]


class ArtFigure(Flowable):
    """A picture of the game's (`![what it shows](art/x.svg "caption")` alone in its
    paragraph): centred in the text column, as wide as the column but at most `tallest`
    tall, keeping its proportions (`aspect`, width over height), and its caption centred
    under it. One flowable, so the caption never leaves its picture for the next page."""

    def __init__(
        self, draw: DrawArt, aspect: float, tallest: float, caption: Paragraph | None, gap: float
    ) -> None:
        super().__init__()
        self.draw_picture = draw
        self.aspect = aspect
        self.tallest = tallest
        self.caption = caption
        self.gap = gap  # between the picture and its caption
        self.box = (0.0, 0.0)  # the picture's width and height, set by wrap

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        w, h = availWidth, availWidth / self.aspect
        if h > self.tallest:
            w, h = self.tallest * self.aspect, self.tallest
        self.box = (w, h)
        self.width, self.height = availWidth, h
        if self.caption is not None:
            _cw, ch = self.caption.wrap(availWidth, availHeight)
            self.height += self.gap + ch
        return self.width, self.height

    def draw(self) -> None:
        canvas: Canvas = self.canv
        w, h = self.box
        self.draw_picture(canvas, ((self.width - w) / 2, self.height - h, w, h))
        if self.caption is not None:
            self.caption.drawOn(canvas, 0, 0)


class TurnDiagram(Flowable):
    """Morning, Afternoon, Evening as three panels with arrows, and the loop back."""

    def __init__(
        self,
        steps: Sequence[tuple[str, ...]],
        footer: str,
        accent: str,
        ink: str,
        tint: str,
        head_face: str,
        text_face: str,
        ink_saver: bool = False,
    ) -> None:
        super().__init__()
        self.steps = [(*s, "", "", "") for s in steps]
        self.footer = footer
        self.accent = accent
        self.ink = ink
        self.tint = tint
        self.head_face = head_face
        self.text_face = text_face
        self.ink_saver = ink_saver

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = mm(44) if self.footer else mm(34)
        return self.width, self.height

    def draw(self) -> None:
        c: Canvas = self.canv
        n = max(1, len(self.steps))
        arrow = mm(9)
        w = (self.width - arrow * (n - 1)) / n
        h = mm(30)
        top = self.height
        y = top - h
        icons = ("sun", "bolt", "glass")
        for i, step in enumerate(self.steps):
            x = i * (w + arrow)
            c.saveState()
            c.setFillColor("#ffffff" if self.ink_saver else self.tint)
            c.setStrokeColor(self.accent)
            c.setLineWidth(1.2)
            c.roundRect(x, y, w, h, mm(3), stroke=1, fill=1)
            # the band with the step's name
            c.setFillColor("#ffffff" if self.ink_saver else self.accent)
            path = c.beginPath()
            path.roundRect(x, top - mm(8), w, mm(8), mm(3))
            c.clipPath(path, stroke=0, fill=0)
            c.rect(x, top - mm(8), w, mm(8), stroke=0, fill=1)
            c.restoreState()
            _icon(
                c,
                icons[i % len(icons)],
                x + mm(6),
                top - mm(4),
                self.ink if self.ink_saver else "#ffffff",
            )
            c.setFillColor(self.ink if self.ink_saver else "#ffffff")
            c.setFont(fonts.font(self.head_face), 11)
            c.drawCentredString(x + w / 2 + mm(2), top - mm(5.6), step[0].upper())
            c.setFillColor(self.ink)
            c.setFont(fonts.font("serif-italic"), 10)
            c.drawCentredString(
                x + w / 2, top - mm(14), _fit(step[1], "serif-italic", 10, w - mm(4))
            )
            c.setFont(fonts.font(self.text_face), 9.5)
            c.drawCentredString(
                x + w / 2, top - mm(20.5), _fit(step[2], self.text_face, 9.5, w - mm(4))
            )
            if i < n - 1:
                ax = x + w + mm(1.5)
                _arrow(c, ax, y + h / 2, ax + arrow - mm(3), y + h / 2, self.accent)
        if self.footer:
            # the loop: from the last panel back under the row to the first
            c.saveState()
            c.setStrokeColor(self.accent)
            c.setLineWidth(1.1)
            base = mm(5)
            left, right = w / 2, self.width - w / 2
            c.line(right, y, right, base)
            c.line(right, base, left, base)
            c.restoreState()
            _arrow(c, left, base, left, y - mm(0.5), self.accent)
            c.setFillColor("#ffffff")
            label = _fit(self.footer, self.text_face, 9, self.width - w - mm(6))
            lw = fonts.width(label, self.text_face, 9) + mm(4)
            c.rect(self.width / 2 - lw / 2, base - mm(2.2), lw, mm(4.4), stroke=0, fill=1)
            c.setFillColor(self.ink)
            c.setFont(fonts.font(self.text_face), 9)
            c.drawCentredString(self.width / 2, base - mm(1.1), label)


def _fit(text: str, face: str, size: float, width: float) -> str:
    """The text, shortened with an ellipsis only if it cannot fit (the caller sizes it)."""
    if fonts.width(text, face, size) <= width:
        return text
    while text and fonts.width(text + "…", face, size) > width:
        text = text[:-1]
    return text + "…"


def _arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, colour: str) -> None:
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(1.4)
    c.line(x0, y0, x1, y1)
    head = mm(2.2)
    if abs(x1 - x0) >= abs(y1 - y0):
        d = 1 if x1 > x0 else -1
        points = [(x1 + d * head * 0.9, y1), (x1, y1 + head / 2), (x1, y1 - head / 2)]
    else:
        d = 1 if y1 > y0 else -1
        points = [(x1, y1 + d * head * 0.9), (x1 + head / 2, y1), (x1 - head / 2, y1)]
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _icon(c: Canvas, name: str, cx: float, cy: float, colour: str) -> None:
    """Small line icons for the three steps: a sun, a lightning bolt, a glass."""
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(0.8)
    r = mm(1.3)
    if name == "sun":
        c.circle(cx, cy, r, stroke=0, fill=1)
        for k in range(8):
            import math

            a = k * math.pi / 4
            c.line(
                cx + math.cos(a) * r * 1.5,
                cy + math.sin(a) * r * 1.5,
                cx + math.cos(a) * r * 2.3,
                cy + math.sin(a) * r * 2.3,
            )
    elif name == "bolt":
        p = c.beginPath()
        for i, (dx, dy) in enumerate(
            ((0.4, 2.4), (-1.2, -0.2), (0, -0.2), (-0.6, -2.4), (1.2, 0.4), (0, 0.4))
        ):
            (p.moveTo if i == 0 else p.lineTo)(cx + dx * r, cy + dy * r)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    else:  # a cocktail glass
        p = c.beginPath()
        p.moveTo(cx - r * 1.6, cy + r * 1.6)
        p.lineTo(cx + r * 1.6, cy + r * 1.6)
        p.lineTo(cx, cy)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.line(cx, cy, cx, cy - r * 1.5)
        c.line(cx - r, cy - r * 1.5, cx + r, cy - r * 1.5)
    c.restoreState()


class CardFan(Flowable):
    """A few cards fanned out, for the cover; with `shadow`, each casts a soft shadow."""

    def __init__(
        self,
        faces: Sequence[tuple[DrawFace, Size]],
        card_width: float,
        height: float,
        shadow: bool = False,
    ) -> None:
        super().__init__()
        self.faces = list(faces)
        self.card_width = card_width
        self.fan_height = height
        self.shadow = shadow

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = self.fan_height
        return self.width, self.height

    def draw(self) -> None:
        n = len(self.faces)
        if not n:
            return
        # more cards, a tighter fan: five span three widths
        spread = 14.0 if n <= 3 else 40.0 / (n - 1)
        step = self.card_width * (0.62 if n <= 3 else 2.0 / (n - 1))
        # from the outside in, so that the middle card lies on top
        order = sorted(range(n), key=lambda i: (-abs(i - (n - 1) / 2), i))
        for i in order:
            draw, size = self.faces[i]
            k = i - (n - 1) / 2
            h = size.height * self.card_width / size.width
            x = self.width / 2 - self.card_width / 2 + k * step
            y = (self.height - h) / 2 - abs(k) * mm(4 if n <= 3 else 2.5)
            if self.shadow:
                _shadow(
                    self.canv,
                    x,
                    y,
                    self.card_width,
                    h,
                    size.radius * self.card_width / size.width,
                    -k * spread,
                )
            place_face(self.canv, draw, size, x, y, self.card_width, -k * spread, "#8f8270")


def _shadow(c: Canvas, x: float, y: float, w: float, h: float, radius: float, angle: float) -> None:
    """A soft shadow under a card: a few translucent rounded rectangles, offset down."""
    c.saveState()
    c.translate(x + w / 2 + mm(1.2), y + h / 2 - mm(1.8))
    c.rotate(angle)
    c.setFillColor("#000000")
    for grow, alpha in ((mm(1.6), 0.05), (mm(0.9), 0.07), (mm(0.3), 0.1)):
        c.setFillAlpha(alpha)
        c.roundRect(
            -w / 2 - grow,
            -h / 2 - grow,
            w + 2 * grow,
            h + 2 * grow,
            radius + grow,
            stroke=0,
            fill=1,
        )
    c.restoreState()
