"""The illustrated rulebook's cover: one drawing on a whole page, from the game's own data.

From the top: a medal on a ribbon striped in the game's colours (its seat colours, else its
crime types' colours, else red, gold and black), the game's emblem on the medal (its ruleset's,
such as a gem, else a star seal); the kicker (`Rulebook · v0.27`) and the title, on a field of the
game's accent colour engraved with a guilloche rosette; a fan of the game's card faces across
the field's edge, drawn by the card renderers (with their art); then the tagline and the facts
(players, minutes, age) as labelled pills. Nothing is random: the same data draws the same
page. With `ink_saver`, nothing is filled: outlines and black type on white.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import toColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.platypus import Flowable, Paragraph

from pnp.content.project import Game
from pnp.render import fonts
from pnp.render.geometry import Size
from pnp.render.palette import GOLD, GOLD_LIGHT, INK, PAPER, RED, WHITE, mix
from pnp.render.units import mm
from pnp.rulebook import hooks
from pnp.rulebook.faces import DrawFace
from pnp.rulebook.figures import CardFan


def game_colours(game: Game) -> list[str]:
    """The colours a game is printed in: its seats', else its crime types', else red, gold
    and black (the colours of a standard deck's faces)."""
    seats = game.components.seats if game.components else ()
    colours = [s.colour for s in seats] or [t.colour for t in game.crime_types or ()]
    return colours or [RED, GOLD, INK, GOLD, RED]


@dataclass(frozen=True, slots=True)
class Words:
    """What the cover says: title, kicker, tagline and the facts (one pill each)."""

    title: str
    kicker: str
    tagline: str
    facts: tuple[str, ...]


class Cover(Flowable):
    """The whole cover page; it fills a frame as large as the page."""

    def __init__(
        self,
        game: Game,
        words: Words,
        faces: Sequence[tuple[DrawFace, Size]],
        accent: str,
        ink_saver: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.words = words
        self.faces = list(faces)
        self.accent = accent
        self.ink_saver = ink_saver

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = availWidth, availHeight
        return availWidth, availHeight

    def draw(self) -> None:
        c: Canvas = self.canv
        w, h = self.width, self.height  # the page: the frame is the whole page
        fan_y = h - mm(158)  # the middle of the fan, on the edge of the coloured field
        c.saveState()
        if not self.ink_saver:
            c.setFillColor(PAPER)
            c.rect(0, 0, w, h, stroke=0, fill=1)
            c.setFillColor(self.accent)
            c.rect(0, fan_y, w, h - fan_y, stroke=0, fill=1)
            self._rosette(c, w / 2, fan_y + mm(8), min(w, h) * 0.58, fan_y, h)
        else:
            c.setStrokeColor(INK)
            c.setLineWidth(0.6)
            c.line(mm(12), fan_y, w - mm(12), fan_y)
        c.restoreState()
        medal_y = h - mm(44)
        self._ribbon(c, w / 2, medal_y, h)
        self._medal(c, w / 2, medal_y, mm(15))
        on_field = INK if self.ink_saver else WHITE
        _centred(
            c,
            self.words.kicker,
            "sans-bold",
            11.5,
            w / 2,
            h - mm(73),
            w - mm(40),
            INK if self.ink_saver else GOLD_LIGHT,
            tracking=1.2,
        )
        _centred(c, self.words.title, "serif-black", 46, w / 2, h - mm(94), w - mm(40), on_field)
        fan = CardFan(self.faces, mm(54), mm(100), shadow=not self.ink_saver)
        fan.wrapOn(c, w, mm(100))
        fan.drawOn(c, 0, fan_y - mm(50))
        y = fan_y - mm(64)
        if self.words.tagline:
            style = ParagraphStyle(
                "cover-tagline",
                fontName=fonts.font("serif-italic"),
                fontSize=14,
                leading=19,
                alignment=1,
                textColor=toColor(INK),
            )
            para = Paragraph(_escape(self.words.tagline), style)
            pw, ph = para.wrapOn(c, min(w - mm(40), mm(150)), mm(60))
            para.drawOn(c, (w - pw) / 2, y - ph)
            y -= ph + mm(10)
        self._pills(c, w / 2, y - mm(4))
        self._stripe(c, w / 2, mm(18), mm(36), mm(1.6))

    # -- parts --

    def _rosette(
        self, c: Canvas, cx: float, cy: float, radius: float, bottom: float, top: float
    ) -> None:
        """A guilloche rosette, engraved in a lighter tone of the accent on its field."""
        c.saveState()
        clip = c.beginPath()
        clip.rect(0, bottom, self.width, top - bottom)
        c.clipPath(clip, stroke=0, fill=0)
        c.setStrokeColor(mix(self.accent, WHITE, 0.35))
        c.setStrokeAlpha(0.35)
        c.setLineWidth(0.45)
        c.saveState()  # the curves are drawn in the rosette's own units (see _rosette_curves)
        scale = radius / ROSETTE_UNITS
        c.transform(scale, 0, 0, scale, cx, cy)
        c.setLineWidth(0.45 / scale)
        for curve in _rosette_curves():
            c.drawPath(PDFPathObject(code=[curve]), stroke=1, fill=0)
        c.restoreState()
        # two fine rings, as on a banknote
        c.setStrokeAlpha(0.5)
        for f in (0.36, 0.38):
            c.circle(cx, cy, radius * f, stroke=1, fill=0)
        c.restoreState()

    def _ribbon(self, c: Canvas, cx: float, medal_y: float, top: float) -> None:
        """A ribbon from the top edge down to the medal, striped in the game's colours."""
        colours = game_colours(self.game)
        width = mm(28)
        left = cx - width / 2
        stripe = width / len(colours)
        c.saveState()
        for i, colour in enumerate(colours):
            x = left + i * stripe
            if self.ink_saver:
                c.setStrokeColor(INK)
                c.setLineWidth(0.4)
                c.rect(x, medal_y, stripe, top - medal_y, stroke=1, fill=0)
            else:
                c.setFillColor(colour)
                c.rect(x, medal_y, stripe + 0.2, top - medal_y, stroke=0, fill=1)
        if not self.ink_saver:  # the ribbon's edges, in gold
            c.setStrokeColor(GOLD)
            c.setLineWidth(1.2)
            c.line(left, medal_y, left, top)
            c.line(left + width, medal_y, left + width, top)
        c.restoreState()

    def _stripe(self, c: Canvas, cx: float, y: float, width: float, height: float) -> None:
        """A short band of the ribbon's stripes, closing the page."""
        colours = game_colours(self.game)
        step = width / len(colours)
        c.saveState()
        for i, colour in enumerate(colours):
            x = cx - width / 2 + i * step
            if self.ink_saver:
                c.setStrokeColor(INK)
                c.setLineWidth(0.4)
                c.rect(x, y, step, height, stroke=1, fill=0)
            else:
                c.setFillColor(colour)
                c.rect(x, y, step + 0.2, height, stroke=0, fill=1)
        c.restoreState()

    def _medal(self, c: Canvas, cx: float, cy: float, r: float) -> None:
        """A gold medal with the game's emblem (its ruleset's, else a star)."""
        c.saveState()
        if self.ink_saver:
            c.setStrokeColor(INK)
            c.setFillColor(WHITE)
            c.setLineWidth(1.2)
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setLineWidth(0.5)
            c.circle(cx, cy, r * 0.8, stroke=1, fill=0)
        else:
            # a milled gold rim, then the field in the accent colour
            c.setFillColor(mix(GOLD, INK, 0.25))
            c.circle(cx + mm(0.5), cy - mm(0.7), r * 1.02, stroke=0, fill=1)
            c.setFillColor(GOLD)
            c.circle(cx, cy, r, stroke=0, fill=1)
            c.setStrokeColor(mix(GOLD, INK, 0.35))
            c.setLineWidth(0.4)
            for k in range(60):
                a = 2 * math.pi * k / 60
                c.line(
                    cx + r * 0.88 * math.cos(a),
                    cy + r * 0.88 * math.sin(a),
                    cx + r * 0.98 * math.cos(a),
                    cy + r * 0.98 * math.sin(a),
                )
            c.setFillColor(mix(self.accent, INK, 0.15))
            c.circle(cx, cy, r * 0.8, stroke=0, fill=1)
            c.setStrokeColor(GOLD_LIGHT)
            c.setLineWidth(0.6)
            c.circle(cx, cy, r * 0.72, stroke=1, fill=0)
        c.restoreState()
        colour = INK if self.ink_saver else GOLD_LIGHT
        found = hooks.of(self.game)
        if found is None or not found.draw_emblem(self.game, c, cx, cy, r, colour):
            from pnp.render import icons

            icons.draw(c, "star", cx, cy, r * 0.42, colour)

    def _pills(self, c: Canvas, cx: float, cy: float) -> None:
        """The facts in a row of pills, each with an icon when it says what it is about."""
        size, pad, gap, icon_w = 10.5, mm(3.5), mm(4), mm(6)
        face = "sans-semibold"
        widths = [
            fonts.width(f, face, size) + 2 * pad + (icon_w if _icon(f) else 0)
            for f in self.words.facts
        ]
        total = sum(widths) + gap * max(0, len(widths) - 1)
        scale = min(1.0, (self.width - mm(30)) / total) if total else 1.0
        x = cx - total * scale / 2
        height = mm(8)
        c.saveState()
        c.translate(x, cy)
        c.scale(scale, scale)
        x = 0.0
        ink = INK if self.ink_saver else self.accent
        for fact, width in zip(self.words.facts, widths, strict=True):
            c.setStrokeColor(ink)
            c.setFillColor(WHITE)
            c.setLineWidth(0.9)
            c.roundRect(x, -height / 2, width, height, height / 2, stroke=1, fill=1)
            tx = x + pad
            kind = _icon(fact)
            if kind:
                _draw_icon(c, kind, tx + icon_w / 2 - mm(1), 0, mm(2.2), ink)
                tx += icon_w
            c.setFillColor(INK)
            c.setFont(fonts.font(face), size)
            c.drawString(tx, -size * 0.34, fact)
            x += width + gap
        c.restoreState()


ROSETTE_UNITS = 10_000  # the rosette's radius in its own units: a unit is 0.012 mm on A4


@cache
def _rosette_curves() -> tuple[str, ...]:
    """The curves of a guilloche rosette as the PDF path of each (what `moveTo` and `lineTo`
    would write for its points), centred on the origin with a radius of `ROSETTE_UNITS`,
    each point a pair of whole numbers: the cover scales it to its page. Written in whole
    units, a rosette is about half the bytes it is in points to five places (and takes
    about half the time to compress), and it is the same on every paper, so it is worked
    out once."""
    curves, petals, steps = 24, 9, 540
    ts = [2 * math.pi * i / steps for i in range(steps + 1)]
    cos_t = [math.cos(t) for t in ts]
    sin_t = [math.sin(t) for t in ts]
    out = []
    for k in range(curves):
        phase = 2 * math.pi * k / curves
        code = ["n"]
        for i, t in enumerate(ts):
            r = ROSETTE_UNITS * (
                0.62 + 0.22 * math.cos(petals * t + phase) + 0.08 * math.cos(3 * petals * t - phase)
            )
            code.append(f"{round(r * cos_t[i])} {round(r * sin_t[i])} {'l' if i else 'm'}")
        out.append(" ".join(code))
    return tuple(out)


def _escape(text: str) -> str:
    from pnp.rulebook.document import escape

    return escape(text)


def _centred(
    c: Canvas,
    text: str,
    face: str,
    size: float,
    cx: float,
    baseline: float,
    room: float,
    colour: str,
    tracking: float = 0.0,
) -> None:
    """One line centred at cx, shrinking until it fits `room` (letters `tracking` apart)."""

    def width(s: float) -> float:
        return fonts.width(text, face, s) + tracking * max(0, len(text) - 1)

    while size > 6 and width(size) > room:
        size -= 0.5
    c.saveState()
    c.setFillColor(colour)
    t = c.beginText()
    t.setTextOrigin(cx - width(size) / 2, baseline)
    t.setFont(fonts.font(face), size)
    t.setCharSpace(tracking)
    t.textOut(text)
    c.drawText(t)
    c.restoreState()


def _icon(fact: str) -> str:
    """Which icon a fact gets, by what it is about."""
    words = fact.casefold()
    for key, kind in (("player", "people"), ("minute", "clock"), ("age", "age")):
        if key in words:
            return kind
    return ""


def _draw_icon(c: Canvas, kind: str, cx: float, cy: float, s: float, colour: str) -> None:
    """People (two figures), a clock, or an age mark (a ring with a plus)."""
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineWidth(max(0.6, s * 0.16))
    c.setLineCap(1)
    if kind == "people":
        for dx, k in ((-0.45, 0.85), (0.45, 1.0)):
            x = cx + dx * s
            c.circle(x, cy + s * 0.35 * k, s * 0.3 * k, stroke=0, fill=1)
            p = c.beginPath()
            p.moveTo(x - s * 0.55 * k, cy - s * 0.9)
            p.curveTo(
                x - s * 0.55 * k,
                cy - s * 0.05,
                x + s * 0.55 * k,
                cy - s * 0.05,
                x + s * 0.55 * k,
                cy - s * 0.9,
            )
            p.close()
            c.drawPath(p, stroke=0, fill=1)
    elif kind == "clock":
        c.circle(cx, cy, s * 0.9, stroke=1, fill=0)
        c.line(cx, cy, cx, cy + s * 0.6)
        c.line(cx, cy, cx + s * 0.45, cy - s * 0.1)
    else:
        c.circle(cx, cy, s * 0.9, stroke=1, fill=0)
        c.line(cx - s * 0.45, cy, cx + s * 0.45, cy)
        c.line(cx, cy - s * 0.45, cx, cy + s * 0.45)
    c.restoreState()
