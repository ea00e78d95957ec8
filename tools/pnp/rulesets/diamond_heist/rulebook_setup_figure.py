"""Diamond Heist's set-up diagram, drawn from its plan (`rulebook_setup.py`) with the kit's
own renderers: the standard-deck cards and card backs of `render.py`, each drawn at its real
size and scaled down.

An oval table with the Boss at the foot, the other players numbered clockwise from the
Boss's left, the treasure and the apologies before the Boss and the treasure's way round
the table; beside it, the treasure's cards with their counts.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.english import cap
from pnp.render.palette import FELT, GOLD_LIGHT, WHITE, mix
from pnp.render.units import mm
from pnp.rulebook.setup_figure import SetupDiagram, scaled
from pnp.rulesets.diamond_heist import render as heist
from pnp.rulesets.diamond_heist.rulebook_setup import TreasurePlan


def height(d: SetupDiagram, width: float) -> float:
    """How tall the table and the treasure beside it are."""
    return mm(92)


def draw(d: SetupDiagram) -> None:
    """The table after set-up."""
    _treasure(d, d.plan)


def _treasure(d: SetupDiagram, plan: TreasurePlan) -> None:
    c: Canvas = d.canv
    w, h = d.width, d.height
    ink = d.theme.ink_saver
    left = w * 0.58
    cx, cy = left / 2, h / 2 + mm(4)
    rx = left / 2 - mm(12)
    ry = min(rx * 0.7, h / 2 - mm(16))
    c.saveState()
    c.setFillColor(WHITE if ink else mix(FELT, WHITE, 0.82))
    c.setStrokeColor(d.ink if ink else FELT)
    c.setLineWidth(1.4)
    c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=1, fill=1)
    c.restoreState()
    n = plan.players
    # the treasure's way round: clockwise, from the Boss's left
    _arc(d, c, cx, cy, rx * 0.72, ry * 0.6, -118, -418, d.ink if ink else FELT)
    d.label(c, "clockwise", cx, cy + ry * 0.6 + mm(1.6), 6.5, "centre", mm(30))
    for k in range(n):
        a = math.radians(-90 - k * 360 / n)
        sx, sy = cx + (rx + mm(7)) * math.cos(a), cy + (ry + mm(7)) * math.sin(a)
        boss = k == 0
        r = mm(5.2) if boss else mm(4)
        c.saveState()
        c.setFillColor(WHITE if ink else (FELT if boss else WHITE))
        c.setStrokeColor(d.ink if ink else FELT)
        c.setLineWidth(1)
        c.circle(sx, sy, r, stroke=1, fill=1)
        c.restoreState()
        if boss:
            heist.icon(c, "crown", sx, sy + mm(0.3), r * 0.55, d.ink if ink else GOLD_LIGHT)
            d.label(c, "Boss", sx, sy - r - mm(3.2), 7, "centre", mm(20), bold=True)
        else:
            d.label(c, str(k), sx, sy - 2.6, 8, "centre", r * 2, bold=True)
            if k == 1:  # on the Boss's left: the first to take
                d.label(c, "first player", sx, sy - r - mm(3), 6, "centre", mm(20))
    # before the Boss: the treasure, face down, and the apologies, face up
    layout = d.geo.layouts["heist-card"]
    size = layout.size
    cw = mm(10.5)
    ch = cw * size.height / size.width
    ty = cy - ry + mm(5)
    tx = cx - cw - mm(3)
    back = d.geo.layouts["heist-back"]  # the printable deck's back, as the kit has it
    for k in range(5):
        with scaled(c, tx + k * mm(0.4), ty + k * mm(0.4), cw / back.size.width, back.size):
            heist.draw_back(c, back.size, d.game, back, d.theme, "")
    treasure_cards = sum(t.count for t in plan.treasure)
    d.label(
        c,
        f"Treasure ({treasure_cards})",
        tx + cw / 2,
        ty + ch + mm(3),
        6.5,
        "centre",
        mm(24),
        bold=True,
    )
    pieces = {p.id: p for p in d.game.pieces or ()}
    apology = pieces.get(plan.apologies.item)
    ax = cx + mm(3)
    for k in range(plan.apologies.count):
        if apology is not None and apology.cards:
            _piece(d, c, apology, ax + k * mm(3), ty, cw)
    if plan.apologies.count:
        d.label(
            c,
            f"{cap(plan.apologies.label)} ×{plan.apologies.count}",
            ax + cw / 2 + (plan.apologies.count - 1) * mm(1.5),
            ty + ch + mm(3),
            6.5,
            "centre",
            mm(24),
            bold=True,
        )
    # beside the table: the treasure's cards
    x0 = left + mm(4)
    room = w - x0
    d.label(c, f"The treasure for {n} players", x0, h - mm(8), 8, "left", room, bold=True)
    shown = [t for t in plan.treasure if t.item in pieces and pieces[t.item].cards]
    per = min(mm(15), (room - mm(3) * (len(shown) - 1)) / max(1, len(shown)))
    ph = per * size.height / size.width
    y = h - mm(14) - ph
    for k, t in enumerate(shown):
        px = x0 + k * (per + mm(3))
        _piece(d, c, pieces[t.item], px, y, per)
        d.label(c, f"×{t.count}", px + per / 2, y - mm(4.2), 9, "centre", per, bold=True)
        d.label(c, t.label, px + per / 2, y - mm(7.4), 6.5, "centre", per + mm(3))
    d.label(
        c,
        f"{treasure_cards} cards, shuffled, face down before the Boss.",
        x0,
        y - mm(14),
        7,
        "left",
        room,
    )
    d.label(
        c,
        f"Then the Boss keeps {plan.hides[0]} to {plan.hides[1]} "
        f"{plan.treasure[0].label}s back, in secret.",
        x0,
        y - mm(18.5),
        7,
        "left",
        room,
    )
    if plan.apologies.count:
        from pnp.english import plural

        d.label(
            c,
            f"Face up before the Boss: {plan.apologies.count} "
            f"{plural(plan.apologies.label, plan.apologies.count)}.",
            x0,
            y - mm(23),
            7,
            "left",
            room,
        )


def _piece(d: SetupDiagram, c: Canvas, piece: Any, x: float, y: float, width: float) -> None:
    layout = d.geo.layouts["heist-card"]
    size = layout.size
    with scaled(c, x, y, width / size.width, size):
        heist.draw_piece(c, size, d.game, piece, piece.cards[-1], layout, d.theme)
    c.saveState()
    c.setStrokeColor("#8f8270")
    c.setLineWidth(0.4)
    c.roundRect(
        x,
        y,
        width,
        size.height * width / size.width,
        size.radius * width / size.width,
        stroke=1,
        fill=0,
    )
    c.restoreState()


def _arc(
    d: SetupDiagram,
    c: Canvas,
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    start: float,
    end: float,
    colour: str,
) -> None:
    """An elliptical arc from `start` to `end` degrees (clockwise when end < start),
    with an arrowhead at its end."""
    steps = 90
    pts = [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    ]
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(1.2)
    c.setDash(3, 2)
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    c.drawPath(p, stroke=1, fill=0)
    c.setDash()
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    head = mm(2.4)
    tip = c.beginPath()
    tip.moveTo(x1 + math.cos(a) * head * 0.6, y1 + math.sin(a) * head * 0.6)
    tip.lineTo(x1 + math.cos(a + 2.5) * head, y1 + math.sin(a + 2.5) * head)
    tip.lineTo(x1 + math.cos(a - 2.5) * head, y1 + math.sin(a - 2.5) * head)
    tip.close()
    c.drawPath(tip, stroke=0, fill=1)
    c.restoreState()
