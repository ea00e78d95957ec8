"""Diplomatic Immunity's set-up diagram, drawn from its plan (`rulebook_setup.py`) with the
kit's own renderers: the character boards, chips and coins of `boards.py` and `chips.py` and
the card backs of `pnp.render.cards`, each drawn at its real size and scaled down.

The table is drawn from above, every player's place upright: half the players along the top
edge and half along the bottom, numbered clockwise, each with their board (chips in its
slots, the Heat marker on the track), seat set, Goal, hand and money; the decks, the clock
and the bank in the middle; what goes back in the box under the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.content.project import Game
from pnp.render import fonts
from pnp.render.geometry import Layout
from pnp.render.palette import MUTED, WHITE, mix
from pnp.render.units import mm
from pnp.rulebook.hooks import Money
from pnp.rulebook.setup_figure import SetupDiagram, scaled
from pnp.rulebook.setup_plan import one
from pnp.rulesets.diplomatic_immunity import boards, chips
from pnp.rulesets.diplomatic_immunity.rulebook_setup import SLOTS, TRACK, Seat, TablePlan

# Sizes of the table diagram.
PAD = mm(3)
GAP = mm(3)
TAB = mm(4.8)  # a seat's tab
LABEL = mm(3.2)  # a label under a row of cards
MIDDLE = mm(31)  # the middle of the table
BOX = mm(8)  # the strip of what goes back in the box


def height(d: SetupDiagram, width: float) -> float:
    """How tall the table is at a width: two rows of places, the middle and the box."""
    _aw, _bw, _cw, ah = _area(d, width)
    _top, bottom = _rows(d)
    return PAD + ah + GAP + MIDDLE + (GAP + ah if bottom else 0) + PAD + mm(3) + BOX


def draw(d: SetupDiagram) -> None:
    """The table after set-up."""
    _table(d, d.plan)


def _rows(d: SetupDiagram) -> tuple[int, int]:
    """Players along the top edge and along the bottom edge."""
    n = d.plan.players
    return (n + 1) // 2, n // 2


def _area(d: SetupDiagram, width: float) -> tuple[float, float, float, float]:
    """(area width, board width, card width, area height) of a player's place."""
    top, _bottom = _rows(d)
    aw = (width - 2 * PAD - (top - 1) * GAP) / max(1, top)
    board = d.geo.layouts["board"].size
    bw = aw - mm(20)
    cw = min(mm(11.5), aw / 7.2)
    card = d.geo.layouts["card"].size
    ah = (
        TAB
        + mm(1)
        + bw * board.height / board.width
        + mm(2.5)
        + cw * (card.height / card.width)
        + LABEL
        + mm(1.5)
    )
    return aw, bw, cw, ah


def _table(d: SetupDiagram, plan: TablePlan) -> None:
    c: Canvas = d.canv
    w, h = d.width, d.height
    aw, bw, cw, ah = _area(d, w)
    table_h = h - BOX - mm(3)
    # the table top
    c.saveState()
    c.setFillColor(WHITE if d.theme.ink_saver else d.tint)
    c.setStrokeColor(mix(d.accent, WHITE, 0.35) if not d.theme.ink_saver else d.ink)
    c.setLineWidth(1)
    c.roundRect(0, h - table_h, w, table_h, mm(5), stroke=1, fill=1)
    c.restoreState()
    top_n, bottom_n = _rows(d)
    pieces = _Pieces(d.game, d.theme.ink_saver)
    for i, seat in enumerate(plan.seats):
        if i < top_n:  # along the top edge, left to right
            x, y_top, flip = PAD + i * (aw + GAP), h - PAD, False
        else:  # along the bottom edge, right to left: clockwise
            j = len(plan.seats) - 1 - i
            x = PAD + j * (aw + GAP) + (top_n - bottom_n) * (aw + GAP) / 2
            y_top, flip = h - table_h + PAD + ah, True
        _place(d, c, plan, seat, pieces, x, y_top, aw, bw, cw, ah, flip)
    mid_top = h - PAD - ah - GAP
    _middle(d, c, plan, pieces, PAD, mid_top, w - 2 * PAD)
    _box(d, c, plan, 0, BOX, w)


def _place(
    d: SetupDiagram,
    c: Canvas,
    plan: TablePlan,
    seat: Seat,
    pieces: _Pieces,
    x: float,
    top: float,
    aw: float,
    bw: float,
    cw: float,
    ah: float,
    flip: bool,
) -> None:
    """One player's place: the tab with their seat, the board with its chips, the seat
    set beside it and the Goal, hand and money in a row (towards the middle)."""
    layout = d.geo.layouts["board"]
    size = layout.size
    s = bw / size.width
    bh = size.height * s
    card = d.geo.layouts["card"].size
    ch = cw * card.height / card.width
    ink = d.theme.ink_saver
    # the place, tinted in the seat's colour
    c.saveState()
    c.setFillColor(WHITE if ink else mix(seat.colour, WHITE, 0.9))
    c.setStrokeColor(seat.colour)
    c.setLineWidth(0.8)
    c.roundRect(x, top - ah, aw, ah, mm(2.5), stroke=1, fill=1)
    c.restoreState()
    # top to bottom along the top edge; the bottom edge's places are mirrored, so the
    # row of cards is always towards the middle of the table
    if not flip:
        tab_y, board_y = top - TAB, top - TAB - mm(1) - bh
        row_y = board_y - mm(2.5) - ch
    else:
        tab_y, row_y = top - ah, top - mm(1.5) - ch
        board_y = row_y - LABEL - mm(1) - bh
    _tab(d, c, f"{seat.number} · {seat.name}", seat.colour, x + mm(2), tab_y)
    bx = x + mm(1.5)
    with scaled(c, bx, board_y, s, size):
        boards.draw_face(c, size, d.game, pieces.board(seat.board), layout, d.theme)
    with scaled(c, bx, board_y, s, None):
        spots = board_spots(layout, plan.heat_boxes)
        for item, (cx, cy) in spots.items():
            piece = pieces.get(item, seat)
            if piece is not None:
                _chip(c, piece, cx, cy, piece.size / 2)
    # the rest of the seat set beside the board, a row of each with its name under it
    cx = bx + bw + mm(2.5)
    room = x + aw - mm(1) - cx
    y = board_y + bh
    for p in plan.pieces:
        if p.item in SLOTS or p.item == TRACK:
            continue
        piece = pieces.get(p.item, seat)
        if piece is None:
            continue
        half = min(piece.size / 2 * s * 1.1, room / (2 + 2.15 * (p.count - 1)))
        y -= mm(0.5) + 2 * half
        for k in range(p.count):  # side by side, as they lie on the table
            _chip(c, piece, cx + half + k * half * 2.15, y + half, half)
        d.label(
            c,
            f"{p.label} ×{p.count}" if p.count > 1 else one(p.label),
            cx,
            y - 5.5,
            5.5,
            "left",
            room,
        )
        y -= 5.5 + mm(1.2)
    # the Goal, the hand and the money
    rx = bx
    d.card_back(c, plan.goal.deck, rx, row_y, cw)
    d.label(c, "Goal", rx + cw / 2, row_y - LABEL + 1, 6, "centre", cw + mm(4))
    rx += cw + mm(3.5)
    hand = [h for h in plan.hand for _ in range(h.count)]
    step = cw * 0.42
    for k, h in enumerate(hand):
        d.card_back(c, h.deck, rx + k * step, row_y - abs(k - (len(hand) - 1) / 2) * mm(0.25), cw)
    span = cw + step * max(0, len(hand) - 1)
    words = " + ".join(f"{h.count} {h.label.replace(' deck', '')}" for h in plan.hand)
    d.label(c, words, rx + span / 2, row_y - LABEL + 1, 6, "centre", span + mm(6))
    rx += span + mm(3.5)
    coin_r = cw * 0.36
    for k, value in enumerate(plan.coins):
        piece = pieces.coin(value, d.money)
        if piece is not None:
            _chip(c, piece, rx + coin_r + k * coin_r * 2.2, row_y + ch / 2, coin_r)
    d.label(c, d.money(plan.money), rx + coin_r, row_y - LABEL + 1, 6, "centre", mm(12))


def _middle(
    d: SetupDiagram, c: Canvas, plan: TablePlan, pieces: _Pieces, x: float, top: float, width: float
) -> None:
    """The decks, the clock, the bank and the supplies, spread across the middle."""
    things: list[tuple[str, str, Callable[[float, float], None]]] = []
    cw = mm(12)
    card = d.geo.layouts["card"].size
    ch = cw * card.height / card.width
    for pile in plan.middle:
        if pile.deck:
            things.append((pile.label, f"{pile.count} cards", _stack(d, pile.deck, cw, 4)))
    things.append(
        (
            f"Clock: {plan.clock.label.replace(' deck', '')}s",
            f"{plan.clock.count} cards",
            _stack(d, plan.clock.deck, cw, 5),
        )
    )
    things.append(("Bank", d.money(plan.bank), _bank(d, pieces)))
    for pile in plan.middle:
        if not pile.deck:
            things.append(
                (
                    pile.label[:1].upper() + pile.label[1:],
                    str(pile.count) if pile.count > 1 else "",
                    _supply(d, pile.item, pieces),
                )
            )
    slot = width / len(things)
    y = top - mm(2) - ch
    for k, (name, count, draw) in enumerate(things):
        cx = x + slot * (k + 0.5)
        draw(cx, y)
        d.label(c, name, cx, y - mm(3.6), 6.5, "centre", slot - mm(1), bold=True)
        if count:
            d.label(c, count, cx, y - mm(6.4), 6.5, "centre", slot - mm(1))


def _stack(d: SetupDiagram, deck: str, cw: float, layers: int) -> Callable[[float, float], None]:
    def draw(cx: float, y: float) -> None:
        for k in range(layers):
            d.card_back(d.canv, deck, cx - cw / 2 + k * mm(0.45), y + k * mm(0.45), cw)

    return draw


def _bank(d: SetupDiagram, pieces: _Pieces) -> Callable[[float, float], None]:
    values = sorted(
        {
            d.value
            for d in (
                d.game.components.money.denominations
                if d.game.components and d.game.components.money
                else ()
            )
        }
    )

    def draw(cx: float, y: float) -> None:
        r = mm(3.4)
        n = len(values)
        for k, value in enumerate(values):
            piece = pieces.coin(value, d.money)
            if piece is None:
                continue
            px = cx + (k - (n - 1) / 2) * r * 2.1
            for layer in range(3):  # a little pile of each coin
                _chip(d.canv, piece, px, y + r + layer * mm(1.1), r)

    return draw


def _supply(d: SetupDiagram, item: str, pieces: _Pieces) -> Callable[[float, float], None]:
    def draw(cx: float, y: float) -> None:
        piece = pieces.any(item)
        if piece is not None:
            half = mm(3.8)
            for k in range(3):
                _chip(d.canv, piece, cx - mm(2) + k * mm(2), y + half + k * mm(1.2), half)
        else:  # a die: a rounded square with five pips
            c = d.canv
            s = mm(7)
            c.saveState()
            c.setFillColor(WHITE)
            c.setStrokeColor(d.ink)
            c.setLineWidth(0.8)
            c.roundRect(cx - s / 2, y + mm(1), s, s, mm(1.3), stroke=1, fill=1)
            c.setFillColor(d.ink)
            for dx, dy in ((0, 0), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                c.circle(
                    cx + dx * s * 0.27,
                    y + mm(1) + s / 2 + dy * s * 0.27,
                    s * 0.08,
                    stroke=0,
                    fill=1,
                )
            c.restoreState()

    return draw


def _box(d: SetupDiagram, c: Canvas, plan: TablePlan, x: float, top: float, width: float) -> None:
    """What goes back in the box, under the table."""
    words = " · ".join(
        f"{b.count} {b.label.replace(' deck', '')}"
        + (" cards" if b.label.endswith(" deck") else "")
        for b in plan.box
    )
    c.saveState()
    c.setStrokeColor(d.muted)
    c.setDash(2, 2)
    c.setLineWidth(0.6)
    c.roundRect(x, 0, width, top, mm(2), stroke=1, fill=0)
    c.restoreState()
    d.label(c, "Back in the box:", x + mm(3), top / 2 - 2.4, 7, "left", mm(40), bold=True)
    head = fonts.width("Back in the box:", "sans-bold", 7) + mm(2)
    d.label(c, words, x + mm(3) + head, top / 2 - 2.4, 7, "left", width - head - mm(6))


def _tab(d: SetupDiagram, c: Canvas, text: str, colour: str, x: float, y: float) -> None:
    """A seat's name on a tab of its colour."""
    size = 7.0
    w = fonts.width(text, "sans-bold", size) + mm(3)
    c.saveState()
    ink = d.theme.ink_saver
    c.setFillColor(WHITE if ink else colour)
    c.setStrokeColor(colour)
    c.setLineWidth(0.8)
    c.roundRect(x, y + mm(0.6), w, TAB - mm(1.2), (TAB - mm(1.2)) / 2, stroke=1, fill=1)
    c.setFillColor(d.ink if ink else WHITE)
    c.setFont(fonts.font("sans-bold"), size)
    c.drawString(x + mm(1.5), y + TAB / 2 - size * 0.34, text)
    c.restoreState()


def board_spots(layout: Layout, heat_boxes: int) -> dict[str, tuple[float, float]]:
    """Where the board's chips sit, in its own points (y up): the centres of the Immunity,
    Signature and Favor slots and of the first of the Heat track's `heat_boxes` boxes. The
    same arithmetic as `boards._slots` and `boards._heat`, from the same layout boxes."""
    size = layout.size
    out: dict[str, tuple[float, float]] = {}
    box = layout.box("slots")
    r = mm(24.26) / 2  # a quarter-size chip
    dx = min(box.w - 2 * r, (box.h - 2 * r) * 2 / math.sqrt(3))
    dy = dx * math.sqrt(3) / 2
    left = box.x + (box.w - 2 * r - dx) / 2 + r
    top = size.height - (box.y + (box.h - 2 * r - dy) / 2) - r
    out.update(zip(SLOTS, ((left, top), (left + dx, top), (left + dx / 2, top - dy)), strict=True))
    heat = layout.box("heat")
    label_w, tab_h, gap = mm(17), mm(4.2), mm(1.6)  # the track's label, Limit tabs, gaps
    n = max(1, heat_boxes)
    bw = (heat.w - label_w - gap * (n - 1)) / n
    out[TRACK] = (heat.x + label_w + bw / 2, size.height - (heat.y + tab_h + (heat.h - tab_h) / 2))
    return out


class _Pieces:
    """The kit's chip and coin faces, found by item and seat."""

    def __init__(self, game: Game, ink_saver: bool) -> None:
        self.all = chips.pieces(game, ink_saver)
        self.game = game
        self.boards = boards.faces(game) if game.archetypes else []

    def board(self, index: int) -> Any:
        """The face of a board a player plays (the first face: its woman diplomat's)."""
        return self.boards[index % len(self.boards)][0]

    def get(self, item: str, seat: Seat) -> Any:
        """The piece of an item in a seat's colour; the Favor chip of its board's diplomat."""
        if item == "favor-chips":
            favors = [p for p in self.all if p.key == item]
            if not favors or not self.boards:
                return None
            front = self.board(seat.board).diplomat
            index = next((i for i, d in enumerate(self.game.diplomats) if d.id == front.id), 0)
            return favors[index % len(favors)]
        return next((p for p in self.all if p.key == item and p.seat == seat.id), self.any(item))

    def any(self, item: str) -> Any:
        """Any piece of an item (a supply's)."""
        return next((p for p in self.all if p.key == item), None)

    def coin(self, value: int, money: Money) -> Any:
        """The coin of a value."""
        label = money(value)
        return next((p for p in self.all if p.coin and p.key == label), None)


def _chip(c: Canvas, piece: Any, cx: float, cy: float, half: float) -> None:
    """A chip or coin of the kit centred at (cx, cy), `half` its radius or half its side:
    drawn at its real size, scaled, and cut at its cut line (its bleed is not shown), with
    a thin edge."""
    real = piece.size / 2
    k = half / real
    c.saveState()
    c.translate(cx, cy)
    c.scale(k, k)
    path = c.beginPath()
    if piece.shape == chips.ROUND:
        path.circle(0, 0, real)
    else:
        path.roundRect(-real, -real, 2 * real, 2 * real, real * 0.15)
    form = chips.chip_form(c, piece.front, real)  # the same chip lies on many places
    c.saveState()
    c.clipPath(path, stroke=0, fill=0)
    c.doForm(form)
    c.restoreState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.4 / k)  # 0.4 pt as printed
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()
