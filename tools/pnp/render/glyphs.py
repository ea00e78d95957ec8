"""Small vector glyphs the text fonts lack, and icons drawn as shapes (no image files)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.render.palette import INK, RED


def suit_width(size: float) -> float:
    """Advance width of a suit glyph at a type size."""
    return size * 0.78


def suit(
    canvas: Canvas, which: str, x: float, baseline: float, size: float, colour: str | None = None
) -> None:
    """Draw ♠ ♥ ♦ or ♣ with its left edge at x, sitting on the baseline (recorded as an
    icon where it lands, for the safe-zone check: see `text.placing`)."""
    from pnp.render import text as rtext  # text sets suits in its lines: imported late

    s = size * 0.68
    cx, cy = x + suit_width(size) / 2, baseline + s * 0.5
    rect = (cx - s * 0.55, cy - s * 0.55, cx + s * 0.55, cy + s * 0.55)
    with rtext.placed(canvas, "icon", f"the {which} suit", which, rect):
        _suit(canvas, which, cx, cy, s, colour)


def _suit(canvas: Canvas, which: str, cx: float, cy: float, s: float, colour: str | None) -> None:
    fill = colour or (RED if which in "♥♦" else INK)
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setStrokeColor(fill)
    p = canvas.beginPath()
    if which == "♦":
        p.moveTo(cx, cy + s * 0.55)
        p.lineTo(cx + s * 0.4, cy)
        p.lineTo(cx, cy - s * 0.55)
        p.lineTo(cx - s * 0.4, cy)
        p.close()
        canvas.drawPath(p, fill=1, stroke=0)
    elif which == "♥":
        p.moveTo(cx, cy - s * 0.5)
        p.curveTo(cx - s * 0.55, cy, cx - s * 0.55, cy + s * 0.5, cx - s * 0.25, cy + s * 0.5)
        p.curveTo(cx - s * 0.1, cy + s * 0.5, cx, cy + s * 0.35, cx, cy + s * 0.25)
        p.curveTo(cx, cy + s * 0.35, cx + s * 0.1, cy + s * 0.5, cx + s * 0.25, cy + s * 0.5)
        p.curveTo(cx + s * 0.55, cy + s * 0.5, cx + s * 0.55, cy, cx, cy - s * 0.5)
        p.close()
        canvas.drawPath(p, fill=1, stroke=0)
    elif which == "♠":
        p.moveTo(cx, cy + s * 0.55)
        p.curveTo(
            cx + s * 0.15, cy + s * 0.3, cx + s * 0.55, cy + s * 0.1, cx + s * 0.5, cy - s * 0.15
        )
        p.curveTo(cx + s * 0.45, cy - s * 0.4, cx + s * 0.15, cy - s * 0.4, cx, cy - s * 0.2)
        p.curveTo(
            cx - s * 0.15, cy - s * 0.4, cx - s * 0.45, cy - s * 0.4, cx - s * 0.5, cy - s * 0.15
        )
        p.curveTo(cx - s * 0.55, cy + s * 0.1, cx - s * 0.15, cy + s * 0.3, cx, cy + s * 0.55)
        p.close()
        canvas.drawPath(p, fill=1, stroke=0)
        _stem(canvas, cx, cy, s)
    else:  # ♣
        r = s * 0.2
        for dx, dy in ((0, 0.22), (-0.24, -0.12), (0.24, -0.12)):
            canvas.circle(cx + dx * s, cy + dy * s, r, fill=1, stroke=0)
        _stem(canvas, cx, cy, s)
    canvas.restoreState()


def _stem(canvas: Canvas, cx: float, cy: float, s: float) -> None:
    p = canvas.beginPath()
    p.moveTo(cx, cy - s * 0.15)
    p.lineTo(cx + s * 0.16, cy - s * 0.55)
    p.lineTo(cx - s * 0.16, cy - s * 0.55)
    p.close()
    canvas.drawPath(p, fill=1, stroke=0)
