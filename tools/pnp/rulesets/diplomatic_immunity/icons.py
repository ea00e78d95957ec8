"""Diplomatic Immunity's own drawn icons, added to the one registry (`pnp.render.icons`) when
its boards or chips are drawn."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.render import icons

EVEN_ODD = 0  # reportlab's FILL_EVEN_ODD: a shape drawn inside another cuts a hole in it


def nib(c: Canvas, x: float, y: float, s: float) -> None:
    """A fountain-pen nib, point down, about 2s tall: the Signature. Its breather hole and
    slit are cut out of it, so they show whatever it is drawn on."""
    p = c.beginPath()
    p.moveTo(x, y - s)
    p.curveTo(x + s * 0.25, y - s * 0.5, x + s * 0.62, y - s * 0.05, x + s * 0.5, y + s * 0.45)
    p.lineTo(x + s * 0.32, y + s * 1.0)
    p.lineTo(x - s * 0.32, y + s * 1.0)
    p.lineTo(x - s * 0.5, y + s * 0.45)
    p.curveTo(x - s * 0.62, y - s * 0.05, x - s * 0.25, y - s * 0.5, x, y - s)
    p.close()
    p.circle(x, y + s * 0.25, s * 0.13)
    half = max(0.2, s * 0.035)  # the slit, from the hole towards the point
    p.rect(x - half, y - s * 0.85, 2 * half, s * 0.97)
    c.drawPath(p, stroke=0, fill=1, fillMode=EVEN_ODD)


icons.register("nib", nib)
