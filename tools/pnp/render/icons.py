"""Icons drawn as vector shapes: one per crime type and card kind, badges and seals.

No image files: every icon is a few paths, so PDFs stay small and print sharp. Inside
`render.text.placing()` each icon, emblem, seal and badge notes the box it is drawn in
(for the safe-zone check, `checks/safe_zone.py`); outside it nothing is noted.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.content.cards import Card, CardKind
from pnp.render import text as rtext
from pnp.render.palette import GOLD, GOLD_DEEP, INK, WHITE

HEAT = "#d84315"
# The badges' inks: the flame on the Heat disc and the number on it, the coin's rim and its
# value. Each number is at least 4.5:1 on what it sits on (tests/test_ink_saver_contrast.py).
FLAME = "#ffcc80"
FLAME_INK_SAVER = "#d9d9d9"  # light: the number is on it, black (never on a black flame)
HEAT_NUMBER = "#5d1a00"
COIN_RIM = GOLD_DEEP
COIN_VALUE = "#3e2f00"

TYPE_ICONS = {"smuggling": "crate", "fraud": "ledger", "espionage": "eye", "vice": "dice"}
KIND_ICONS = {
    CardKind.COVER: "shield",
    CardKind.DIRTY_TRICK: "mask",
    CardKind.LAW: "gavel",
    CardKind.MANEUVER: "pawn",
    CardKind.DEPARTURE_CARD: "plane",
    CardKind.HEADLINE: "paper",
    CardKind.REFERENCE: "star",
    CardKind.BLANK: "star",
}


def icon_for(card: Card) -> str:
    """The icon of a card: its crime type's for crimes, its kind's otherwise."""
    if card.crime:
        return TYPE_ICONS.get(card.crime.type.id, "crate")
    return KIND_ICONS.get(card.kind, "star")


def emblem(
    canvas: Canvas, name: str, cx: float, cy: float, r: float, colour: str, ink_saver: bool
) -> None:
    """A round medallion with an icon."""
    with rtext.placed(canvas, "icon", f"the '{name}' emblem", name, _disc(cx, cy, r * 0.92, 1.2)):
        canvas.saveState()
        canvas.setLineWidth(1.2)
        canvas.setStrokeColor(colour)
        canvas.setFillColor(WHITE if ink_saver else colour)
        canvas.circle(cx, cy, r * 0.92, stroke=1, fill=1)
        canvas.setStrokeColor(INK if ink_saver else WHITE)
        canvas.setLineWidth(0.6)
        canvas.circle(cx, cy, r * 0.8, stroke=1, fill=0)
        draw(canvas, name, cx, cy, r * 0.5, INK if ink_saver else WHITE)
        canvas.restoreState()


def _disc(cx: float, cy: float, r: float, line: float = 0.0) -> rtext.Rect:
    """The box a disc (or an icon about 2r across) of radius r takes, with its outline of
    width `line` (half of it outside the path)."""
    reach = r + line / 2
    return (cx - reach, cy - reach, cx + reach, cy + reach)


def draw(canvas: Canvas, name: str, cx: float, cy: float, s: float, colour: str) -> None:
    """Draw icon `name` centred at (cx, cy), about 2s across."""
    if not rtext.marks(canvas):
        return  # the fit check's scratch page: an icon sets no text
    icon = ICONS.get(name, ICONS["star"])
    line = max(icon.line, s * 0.12)
    with rtext.placed(canvas, "icon", f"the '{name}' icon", name, _disc(cx, cy, s, line)):
        canvas.saveState()
        canvas.setFillColor(colour)
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(line)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
        icon.shape(canvas, cx, cy, s)
        canvas.restoreState()


def _crate(c: Canvas, x: float, y: float, s: float) -> None:
    c.rect(x - s, y - s * 0.8, 2 * s, 1.6 * s, stroke=1, fill=0)
    c.line(x - s, y - s * 0.8, x + s, y + s * 0.8)
    c.line(x - s, y + s * 0.8, x + s, y - s * 0.8)
    c.line(x - s, y, x + s, y)


def _ledger(c: Canvas, x: float, y: float, s: float) -> None:
    c.roundRect(x - s * 0.8, y - s, 1.6 * s, 2 * s, s * 0.15, stroke=1, fill=0)
    for i in range(4):
        yy = y + s * 0.55 - i * s * 0.42
        c.line(x - s * 0.45, yy, x + s * 0.55, yy)
    c.line(x - s * 0.62, y - s, x - s * 0.62, y + s)


def _eye(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x - s, y)
    p.curveTo(x - s * 0.5, y + s * 0.75, x + s * 0.5, y + s * 0.75, x + s, y)
    p.curveTo(x + s * 0.5, y - s * 0.75, x - s * 0.5, y - s * 0.75, x - s, y)
    p.close()
    c.drawPath(p, stroke=1, fill=0)
    c.circle(x, y, s * 0.32, stroke=0, fill=1)


def _dice(c: Canvas, x: float, y: float, s: float) -> None:
    c.roundRect(x - s * 0.9, y - s * 0.9, 1.8 * s, 1.8 * s, s * 0.3, stroke=1, fill=0)
    for dx, dy in ((-0.45, 0.45), (0.45, -0.45), (0, 0), (0.45, 0.45), (-0.45, -0.45)):
        c.circle(x + dx * s, y + dy * s, s * 0.14, stroke=0, fill=1)


def _shield(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y + s)
    p.lineTo(x + s * 0.85, y + s * 0.6)
    p.curveTo(x + s * 0.85, y - s * 0.2, x + s * 0.4, y - s * 0.75, x, y - s)
    p.curveTo(x - s * 0.4, y - s * 0.75, x - s * 0.85, y - s * 0.2, x - s * 0.85, y + s * 0.6)
    p.close()
    c.drawPath(p, stroke=1, fill=0)
    c.line(x, y + s * 0.75, x, y - s * 0.7)


def _mask(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x - s, y + s * 0.35)
    p.curveTo(x - s * 0.4, y + s * 0.55, x + s * 0.4, y + s * 0.55, x + s, y + s * 0.35)
    p.curveTo(x + s * 1.0, y - s * 0.35, x + s * 0.35, y - s * 0.55, x, y - s * 0.1)
    p.curveTo(x - s * 0.35, y - s * 0.55, x - s * 1.0, y - s * 0.35, x - s, y + s * 0.35)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.saveState()
    c.setFillColor("#000000")
    c.setFillAlpha(0.55)
    c.ellipse(x - s * 0.7, y - s * 0.05, x - s * 0.2, y + s * 0.3, stroke=0, fill=1)
    c.ellipse(x + s * 0.2, y - s * 0.05, x + s * 0.7, y + s * 0.3, stroke=0, fill=1)
    c.restoreState()


def _gavel(c: Canvas, x: float, y: float, s: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(35)
    c.roundRect(-s * 0.7, s * 0.05, s * 1.4, s * 0.55, s * 0.1, stroke=0, fill=1)
    c.rect(-s * 0.09, -s * 1.0, s * 0.18, s * 1.05, stroke=0, fill=1)
    c.restoreState()
    c.rect(x - s * 0.9, y - s * 0.95, s * 1.0, s * 0.22, stroke=0, fill=1)


def _pawn(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y + s * 0.55, s * 0.3, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(x - s * 0.2, y + s * 0.3)
    p.lineTo(x + s * 0.2, y + s * 0.3)
    p.lineTo(x + s * 0.45, y - s * 0.7)
    p.lineTo(x - s * 0.45, y - s * 0.7)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.roundRect(x - s * 0.7, y - s * 1.0, s * 1.4, s * 0.32, s * 0.1, stroke=0, fill=1)


def _plane(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x + s, y + s * 0.05)
    p.lineTo(x - s * 0.8, y + s * 0.12)
    p.lineTo(x - s, y + s * 0.45)
    p.lineTo(x - s * 1.0, y - s * 0.05)
    p.lineTo(x - s * 0.8, y - s * 0.12)
    p.lineTo(x + s, y - s * 0.05)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    wing = c.beginPath()
    wing.moveTo(x + s * 0.25, y)
    wing.lineTo(x - s * 0.25, y + s * 0.85)
    wing.lineTo(x - s * 0.45, y + s * 0.85)
    wing.lineTo(x - s * 0.15, y)
    wing.lineTo(x - s * 0.45, y - s * 0.85)
    wing.lineTo(x - s * 0.25, y - s * 0.85)
    wing.close()
    c.drawPath(wing, stroke=0, fill=1)


def _paper(c: Canvas, x: float, y: float, s: float) -> None:
    c.rect(x - s * 0.9, y - s * 0.75, s * 1.8, s * 1.5, stroke=1, fill=0)
    c.rect(x - s * 0.7, y + s * 0.2, s * 1.4, s * 0.35, stroke=0, fill=1)
    for i in range(3):
        yy = y - s * 0.05 - i * s * 0.25
        c.line(x - s * 0.7, yy, x + s * 0.7, yy)


def _star(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    for i in range(10):
        r = s if i % 2 == 0 else s * 0.42
        a = math.pi / 2 + i * math.pi / 5
        px, py = x + r * math.cos(a), y + r * math.sin(a)
        if i == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def flame(c: Canvas, x: float, y: float, s: float) -> None:
    """A flame centred at (x, y), about 2s tall."""
    p = c.beginPath()
    p.moveTo(x, y - s)
    p.curveTo(x + s * 0.75, y - s, x + s * 0.8, y - s * 0.1, x + s * 0.35, y + s * 0.35)
    p.curveTo(x + s * 0.35, y + s * 0.7, x + s * 0.1, y + s * 0.85, x, y + s)
    p.curveTo(x - s * 0.1, y + s * 0.55, x - s * 0.45, y + s * 0.45, x - s * 0.55, y + s * 0.1)
    p.curveTo(x - s * 0.8, y - s * 0.35, x - s * 0.6, y - s, x, y - s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


Shape = Callable[[Canvas, float, float, float], None]  # (canvas, cx, cy, s), about 2s across


@dataclass(frozen=True, slots=True)
class Icon:
    """A drawn icon: its shape, in the colour and line `draw` sets, and the thinnest line
    it is drawn with (pt)."""

    shape: Shape
    line: float = 0.6


# Every drawn icon, by name: the one registry that cards, chips, boards and the Diamond
# Heist cards draw from (`register` adds a ruleset's own).
ICONS: dict[str, Icon] = {
    name: Icon(shape)
    for name, shape in (
        ("crate", _crate),
        ("ledger", _ledger),
        ("eye", _eye),
        ("dice", _dice),
        ("shield", _shield),
        ("mask", _mask),
        ("gavel", _gavel),
        ("pawn", _pawn),
        ("plane", _plane),
        ("paper", _paper),
        ("star", _star),
        ("flame", flame),
    )
}


def register(name: str, shape: Shape, line: float = 0.6) -> None:
    """Add a drawn icon under a name no other icon has."""
    if name in ICONS and ICONS[name].shape is not shape:
        raise ValueError(f"an icon named {name!r} is already registered")
    ICONS[name] = Icon(shape, line)


def heat_badge(
    c: Canvas, cx: float, cy: float, r: float, heat: rtext.Fitted, ink_saver: bool
) -> None:
    """A crime's Heat: a disc of radius r with a flame, the number on the flame (fitted to
    the disc by the caller, and drawn as fitted) and the word HEAT under the disc.

    Full colour, the number is deep brown on the pale flame, on the orange disc. With
    `ink_saver` nothing is filled dark: the disc is white with a black ring, the flame light
    grey and the number black on it (a black number on a black flame cannot be read)."""
    rtext.place(c, "icon", "the Heat badge", "Heat", _disc(cx, cy, r, 0.8))
    c.saveState()
    c.setFillColor(WHITE if ink_saver else HEAT)
    c.setStrokeColor(INK if ink_saver else HEAT)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(FLAME_INK_SAVER if ink_saver else FLAME)
    flame(c, cx, cy + r * 0.05, r * 0.7)
    c.setFillColor(INK if ink_saver else HEAT_NUMBER)
    # a smaller number rises a little, so that it stays centred on the flame
    rtext.draw_lines(c, heat, cx, cy - r * 0.42 + (r * 0.95 - heat.size) * 0.35)
    _caption(c, "HEAT", cx, cy - r * 1.35, r)
    c.restoreState()


def coin_badge(
    c: Canvas, cx: float, cy: float, r: float, money: rtext.Fitted, ink_saver: bool
) -> None:
    """A crime's payout: a coin of radius r with its value inside the inner ring (fitted to
    the ring by the caller, and drawn as fitted) and the word PAYOUT under it."""
    rtext.place(c, "icon", "the payout coin", "payout", _disc(cx, cy, r, 0.8))
    c.saveState()
    c.setFillColor(WHITE if ink_saver else GOLD)
    c.setStrokeColor(INK if ink_saver else COIN_RIM)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.circle(cx, cy, r * 0.82, stroke=1, fill=0)
    c.setFillColor(INK if ink_saver else COIN_VALUE)
    rtext.draw_lines(c, money, cx, cy - money.size * 0.35)
    _caption(c, "PAYOUT", cx, cy - r * 1.35, r)
    c.restoreState()


CAPTION = "sans-bold"  # the word under a badge: 0.3 of its radius, never below the floor


def _caption(c: Canvas, word: str, cx: float, baseline: float, r: float) -> None:
    """`word` centred under a badge of radius r, in ink (measured as a label)."""
    size = max(r * 0.3, rtext.floors().label)
    style = rtext.Style(face=CAPTION, size=size, min_size=size, align="center")
    fitted = rtext.fit_line(
        word, style, 3 * r, what=f"the word {word} under a crime's badge", box="badge caption"
    )
    c.setFillColor(INK)
    rtext.draw_lines(c, fitted, cx, baseline)


def seal(c: Canvas, cx: float, cy: float, r: float, colour: str, ink_saver: bool) -> None:
    """The game's seal for card backs: a ringed star."""
    with rtext.placed(c, "icon", "the seal", "seal", _disc(cx, cy, r, 1.2)):
        c.saveState()
        c.setStrokeColor(colour)
        c.setLineWidth(1.2)
        c.circle(cx, cy, r, stroke=1, fill=0)
        c.setLineWidth(0.5)
        c.circle(cx, cy, r * 0.86, stroke=1, fill=0)
        c.setFillColor(colour)
        _star(c, cx, cy, r * 0.6)
        c.restoreState()
