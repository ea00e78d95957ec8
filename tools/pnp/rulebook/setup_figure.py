"""The set-up diagram, drawn from a plan (`setup_plan.py`) with the kit's own renderers: the
character boards, chips and coins of `boards.py` and `chips.py`, the card backs of `cards.py`
and the standard-deck cards of `heist.py`, each drawn at its real size and scaled down, so
the picture is the table the kit makes.

A table game (Diplomatic Immunity) is drawn from above, every player's place upright: half
the players along the top edge and half along the bottom, numbered clockwise, each with
their board (chips in its slots, the Heat marker on the track), seat set, Goal, hand and
money; the decks, the clock and the bank in the middle; what goes back in the box under the
table. A treasure game (Diamond Heist) is an oval table with the Boss at the foot, the other
players numbered clockwise from the Boss's left, the treasure and the apologies before the
Boss and the treasure's way round the table; beside it, the treasure's cards with their
counts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pnp.content.project import Game
from pnp.english import cap
from pnp.render import cards as card_faces
from pnp.render import fonts
from pnp.render.geometry import Geometry, Layout, Size
from pnp.render.palette import FELT, GOLD_LIGHT, MUTED, WHITE
from pnp.render.units import mm
from pnp.rulebook.cover import mix
from pnp.rulebook.figures import sketching
from pnp.rulebook.setup_plan import SLOTS, TRACK, Seat, TablePlan, TreasurePlan, one

Money = Callable[[int], str]


class SetupDiagram(Flowable):
    """The table after set-up, as wide as it is given."""

    def __init__(
        self,
        game: Game,
        geo: Geometry,
        plan: TablePlan | TreasurePlan,
        theme: card_faces.Theme,
        money: Money,
        accent: str,
        ink: str,
        muted: str,
        tint: str,
    ) -> None:
        super().__init__()
        self.game = game
        self.geo = geo
        self.plan = plan
        self.theme = theme
        self.money = money
        self.accent = accent
        self.ink = ink
        self.muted = muted
        self.tint = tint

    # -- size --

    def _rows(self) -> tuple[int, int]:
        """Players along the top edge and along the bottom edge."""
        n = self.plan.players
        return (n + 1) // 2, n // 2

    def _area(self, width: float) -> tuple[float, float, float, float]:
        """(area width, board width, card width, area height) of a player's place."""
        top, _bottom = self._rows()
        aw = (width - 2 * PAD - (top - 1) * GAP) / max(1, top)
        board = self.geo.layouts["board"].size
        bw = aw - mm(20)
        cw = min(mm(11.5), aw / 7.2)
        card = self.geo.layouts["card"].size
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

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        if isinstance(self.plan, TablePlan):
            _aw, _bw, _cw, ah = self._area(availWidth)
            _top, bottom = self._rows()
            self.height = PAD + ah + GAP + MIDDLE + (GAP + ah if bottom else 0) + PAD + mm(3) + BOX
        else:
            self.height = mm(92)
        return self.width, self.height

    def draw(self) -> None:
        if sketching(self.canv):
            return
        if isinstance(self.plan, TablePlan):
            self._table(self.plan)
        else:
            self._treasure(self.plan)

    # -- a table game ---------------------------------------------------------------------

    def _table(self, plan: TablePlan) -> None:
        c: Canvas = self.canv
        w, h = self.width, self.height
        aw, bw, cw, ah = self._area(w)
        table_h = h - BOX - mm(3)
        # the table top
        c.saveState()
        c.setFillColor(WHITE if self.theme.ink_saver else self.tint)
        c.setStrokeColor(mix(self.accent, WHITE, 0.35) if not self.theme.ink_saver else self.ink)
        c.setLineWidth(1)
        c.roundRect(0, h - table_h, w, table_h, mm(5), stroke=1, fill=1)
        c.restoreState()
        top_n, bottom_n = self._rows()
        pieces = _Pieces(self.game, self.theme.ink_saver)
        for i, seat in enumerate(plan.seats):
            if i < top_n:  # along the top edge, left to right
                x, y_top, flip = PAD + i * (aw + GAP), h - PAD, False
            else:  # along the bottom edge, right to left: clockwise
                j = len(plan.seats) - 1 - i
                x = PAD + j * (aw + GAP) + (top_n - bottom_n) * (aw + GAP) / 2
                y_top, flip = h - table_h + PAD + ah, True
            self._place(c, plan, seat, pieces, x, y_top, aw, bw, cw, ah, flip)
        mid_top = h - PAD - ah - GAP
        self._middle(c, plan, pieces, PAD, mid_top, w - 2 * PAD)
        self._box(c, plan, 0, BOX, w)

    def _place(
        self,
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
        from pnp.rulesets.diplomatic_immunity import boards

        layout = self.geo.layouts["board"]
        size = layout.size
        s = bw / size.width
        bh = size.height * s
        card = self.geo.layouts["card"].size
        ch = cw * card.height / card.width
        ink = self.theme.ink_saver
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
        self._tab(c, f"{seat.number} · {seat.name}", seat.colour, x + mm(2), tab_y)
        bx = x + mm(1.5)
        with _scaled(c, bx, board_y, s, size):
            boards.draw_face(c, size, self.game, pieces.board(seat.board), layout, self.theme)
        with _scaled(c, bx, board_y, s, None):
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
            self._label(
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
        self._card_back(c, plan.goal.deck, rx, row_y, cw)
        self._label(c, "Goal", rx + cw / 2, row_y - LABEL + 1, 6, "centre", cw + mm(4))
        rx += cw + mm(3.5)
        hand = [h for h in plan.hand for _ in range(h.count)]
        step = cw * 0.42
        for k, h in enumerate(hand):
            self._card_back(
                c, h.deck, rx + k * step, row_y - abs(k - (len(hand) - 1) / 2) * mm(0.25), cw
            )
        span = cw + step * max(0, len(hand) - 1)
        words = " + ".join(f"{h.count} {h.label.replace(' deck', '')}" for h in plan.hand)
        self._label(c, words, rx + span / 2, row_y - LABEL + 1, 6, "centre", span + mm(6))
        rx += span + mm(3.5)
        coin_r = cw * 0.36
        for k, value in enumerate(plan.coins):
            piece = pieces.coin(value, self.money)
            if piece is not None:
                _chip(c, piece, rx + coin_r + k * coin_r * 2.2, row_y + ch / 2, coin_r)
        self._label(c, self.money(plan.money), rx + coin_r, row_y - LABEL + 1, 6, "centre", mm(12))

    def _middle(
        self, c: Canvas, plan: TablePlan, pieces: _Pieces, x: float, top: float, width: float
    ) -> None:
        """The decks, the clock, the bank and the supplies, spread across the middle."""
        things: list[tuple[str, str, Callable[[float, float], None]]] = []
        cw = mm(12)
        card = self.geo.layouts["card"].size
        ch = cw * card.height / card.width
        for pile in plan.middle:
            if pile.deck:
                things.append((pile.label, f"{pile.count} cards", self._stack(pile.deck, cw, 4)))
        things.append(
            (
                f"Clock: {plan.clock.label.replace(' deck', '')}s",
                f"{plan.clock.count} cards",
                self._stack(plan.clock.deck, cw, 5),
            )
        )
        things.append(("Bank", self.money(plan.bank), self._bank(pieces)))
        for pile in plan.middle:
            if not pile.deck:
                things.append(
                    (
                        pile.label[:1].upper() + pile.label[1:],
                        str(pile.count) if pile.count > 1 else "",
                        self._supply(pile.item, pieces),
                    )
                )
        slot = width / len(things)
        y = top - mm(2) - ch
        for k, (name, count, draw) in enumerate(things):
            cx = x + slot * (k + 0.5)
            draw(cx, y)
            self._label(c, name, cx, y - mm(3.6), 6.5, "centre", slot - mm(1), bold=True)
            if count:
                self._label(c, count, cx, y - mm(6.4), 6.5, "centre", slot - mm(1))

    def _stack(self, deck: str, cw: float, layers: int) -> Callable[[float, float], None]:
        def draw(cx: float, y: float) -> None:
            for k in range(layers):
                self._card_back(self.canv, deck, cx - cw / 2 + k * mm(0.45), y + k * mm(0.45), cw)

        return draw

    def _bank(self, pieces: _Pieces) -> Callable[[float, float], None]:
        values = sorted(
            {
                d.value
                for d in (
                    self.game.components.money.denominations
                    if self.game.components and self.game.components.money
                    else ()
                )
            }
        )

        def draw(cx: float, y: float) -> None:
            r = mm(3.4)
            n = len(values)
            for k, value in enumerate(values):
                piece = pieces.coin(value, self.money)
                if piece is None:
                    continue
                px = cx + (k - (n - 1) / 2) * r * 2.1
                for layer in range(3):  # a little pile of each coin
                    _chip(self.canv, piece, px, y + r + layer * mm(1.1), r)

        return draw

    def _supply(self, item: str, pieces: _Pieces) -> Callable[[float, float], None]:
        def draw(cx: float, y: float) -> None:
            piece = pieces.any(item)
            if piece is not None:
                half = mm(3.8)
                for k in range(3):
                    _chip(self.canv, piece, cx - mm(2) + k * mm(2), y + half + k * mm(1.2), half)
            else:  # a die: a rounded square with five pips
                c = self.canv
                s = mm(7)
                c.saveState()
                c.setFillColor(WHITE)
                c.setStrokeColor(self.ink)
                c.setLineWidth(0.8)
                c.roundRect(cx - s / 2, y + mm(1), s, s, mm(1.3), stroke=1, fill=1)
                c.setFillColor(self.ink)
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

    def _box(self, c: Canvas, plan: TablePlan, x: float, top: float, width: float) -> None:
        """What goes back in the box, under the table."""
        words = " · ".join(
            f"{b.count} {b.label.replace(' deck', '')}"
            + (" cards" if b.label.endswith(" deck") else "")
            for b in plan.box
        )
        c.saveState()
        c.setStrokeColor(self.muted)
        c.setDash(2, 2)
        c.setLineWidth(0.6)
        c.roundRect(x, 0, width, top, mm(2), stroke=1, fill=0)
        c.restoreState()
        self._label(c, "Back in the box:", x + mm(3), top / 2 - 2.4, 7, "left", mm(40), bold=True)
        head = fonts.width("Back in the box:", "sans-bold", 7) + mm(2)
        self._label(c, words, x + mm(3) + head, top / 2 - 2.4, 7, "left", width - head - mm(6))

    # -- a treasure game --------------------------------------------------------------------

    def _treasure(self, plan: TreasurePlan) -> None:
        from pnp.rulesets.diamond_heist import render as heist

        c: Canvas = self.canv
        w, h = self.width, self.height
        ink = self.theme.ink_saver
        left = w * 0.58
        cx, cy = left / 2, h / 2 + mm(4)
        rx = left / 2 - mm(12)
        ry = min(rx * 0.7, h / 2 - mm(16))
        c.saveState()
        c.setFillColor(WHITE if ink else mix(FELT, WHITE, 0.82))
        c.setStrokeColor(self.ink if ink else FELT)
        c.setLineWidth(1.4)
        c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=1, fill=1)
        c.restoreState()
        n = plan.players
        # the treasure's way round: clockwise, from the Boss's left
        self._arc(c, cx, cy, rx * 0.72, ry * 0.6, -118, -418, self.ink if ink else FELT)
        self._label(c, "clockwise", cx, cy + ry * 0.6 + mm(1.6), 6.5, "centre", mm(30))
        for k in range(n):
            a = math.radians(-90 - k * 360 / n)
            sx, sy = cx + (rx + mm(7)) * math.cos(a), cy + (ry + mm(7)) * math.sin(a)
            boss = k == 0
            r = mm(5.2) if boss else mm(4)
            c.saveState()
            c.setFillColor(WHITE if ink else (FELT if boss else WHITE))
            c.setStrokeColor(self.ink if ink else FELT)
            c.setLineWidth(1)
            c.circle(sx, sy, r, stroke=1, fill=1)
            c.restoreState()
            if boss:
                heist.icon(c, "crown", sx, sy + mm(0.3), r * 0.55, self.ink if ink else GOLD_LIGHT)
                self._label(c, "Boss", sx, sy - r - mm(3.2), 7, "centre", mm(20), bold=True)
            else:
                self._label(c, str(k), sx, sy - 2.6, 8, "centre", r * 2, bold=True)
                if k == 1:  # on the Boss's left: the first to take
                    self._label(c, "first player", sx, sy - r - mm(3), 6, "centre", mm(20))
        # before the Boss: the treasure, face down, and the apologies, face up
        layout = self.geo.layouts["heist-card"]
        size = layout.size
        cw = mm(10.5)
        ch = cw * size.height / size.width
        ty = cy - ry + mm(5)
        tx = cx - cw - mm(3)
        back = self.geo.layouts["heist-back"]  # the printable deck's back, as the kit has it
        for k in range(5):
            with _scaled(c, tx + k * mm(0.4), ty + k * mm(0.4), cw / back.size.width, back.size):
                heist.draw_back(c, back.size, self.game, back, self.theme, "")
        treasure_cards = sum(t.count for t in plan.treasure)
        self._label(
            c,
            f"Treasure ({treasure_cards})",
            tx + cw / 2,
            ty + ch + mm(3),
            6.5,
            "centre",
            mm(24),
            bold=True,
        )
        pieces = {p.id: p for p in self.game.pieces or ()}
        apology = pieces.get(plan.apologies.item)
        ax = cx + mm(3)
        for k in range(plan.apologies.count):
            if apology is not None and apology.cards:
                self._piece(c, apology, ax + k * mm(3), ty, cw)
        if plan.apologies.count:
            self._label(
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
        self._label(c, f"The treasure for {n} players", x0, h - mm(8), 8, "left", room, bold=True)
        shown = [t for t in plan.treasure if t.item in pieces and pieces[t.item].cards]
        per = min(mm(15), (room - mm(3) * (len(shown) - 1)) / max(1, len(shown)))
        ph = per * size.height / size.width
        y = h - mm(14) - ph
        for k, t in enumerate(shown):
            px = x0 + k * (per + mm(3))
            self._piece(c, pieces[t.item], px, y, per)
            self._label(c, f"×{t.count}", px + per / 2, y - mm(4.2), 9, "centre", per, bold=True)
            self._label(c, t.label, px + per / 2, y - mm(7.4), 6.5, "centre", per + mm(3))
        self._label(
            c,
            f"{treasure_cards} cards, shuffled, face down before the Boss.",
            x0,
            y - mm(14),
            7,
            "left",
            room,
        )
        self._label(
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

            self._label(
                c,
                f"Face up before the Boss: {plan.apologies.count} "
                f"{plural(plan.apologies.label, plan.apologies.count)}.",
                x0,
                y - mm(23),
                7,
                "left",
                room,
            )

    def _piece(self, c: Canvas, piece: Any, x: float, y: float, width: float) -> None:
        from pnp.rulesets.diamond_heist import render as heist

        layout = self.geo.layouts["heist-card"]
        size = layout.size
        with _scaled(c, x, y, width / size.width, size):
            heist.draw_piece(c, size, self.game, piece, piece.cards[-1], layout, self.theme)
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
        self,
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

    # -- small parts ----------------------------------------------------------------------

    def _card_back(self, c: Canvas, deck: str, x: float, y: float, width: float) -> None:
        """A face-down card of a deck, `width` wide, its bottom-left at (x, y)."""
        size = self.geo.layouts["card"].size
        decks = self.game.components.decks() if self.game.components else {}
        name = decks[deck].name if deck in decks else deck
        with _scaled(c, x, y, width / size.width, size):
            card_faces.draw_back(
                c, size, self.game, deck, name, self.theme, self.geo.layouts.get("back")
            )
        c.saveState()
        c.setStrokeColor("#8f8270")
        c.setLineWidth(0.3)
        s = width / size.width
        c.roundRect(x, y, width, size.height * s, size.radius * s, stroke=1, fill=0)
        c.restoreState()

    def _tab(self, c: Canvas, text: str, colour: str, x: float, y: float) -> None:
        """A seat's name on a tab of its colour."""
        size = 7.0
        w = fonts.width(text, "sans-bold", size) + mm(3)
        c.saveState()
        ink = self.theme.ink_saver
        c.setFillColor(WHITE if ink else colour)
        c.setStrokeColor(colour)
        c.setLineWidth(0.8)
        c.roundRect(x, y + mm(0.6), w, TAB - mm(1.2), (TAB - mm(1.2)) / 2, stroke=1, fill=1)
        c.setFillColor(self.ink if ink else WHITE)
        c.setFont(fonts.font("sans-bold"), size)
        c.drawString(x + mm(1.5), y + TAB / 2 - size * 0.34, text)
        c.restoreState()

    def _label(
        self,
        c: Canvas,
        text: str,
        x: float,
        y: float,
        size: float,
        align: str,
        room: float,
        bold: bool = False,
    ) -> None:
        """A line of text at baseline y, shrinking (to 5 pt) to fit `room`."""
        face = "sans-bold" if bold else "sans"
        while size > 5 and fonts.width(text, face, size) > room:
            size -= 0.25
        c.saveState()
        c.setFillColor(self.ink if bold else self.muted)
        c.setFont(fonts.font(face), size)
        if align == "centre":
            c.drawCentredString(x, y, text)
        else:
            c.drawString(x, y, text)
        c.restoreState()


# Sizes of the table diagram.
PAD = mm(3)
GAP = mm(3)
TAB = mm(4.8)  # a seat's tab
LABEL = mm(3.2)  # a label under a row of cards
MIDDLE = mm(31)  # the middle of the table
BOX = mm(8)  # the strip of what goes back in the box


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
        from pnp.rulesets.diplomatic_immunity import boards, chips

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
    from pnp.rulesets.diplomatic_immunity import chips

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
    c.saveState()
    c.clipPath(path, stroke=0, fill=0)
    piece.front(c, 0, 0, real)
    c.restoreState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.4 / k)  # 0.4 pt as printed
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


@contextmanager
def _scaled(c: Canvas, x: float, y: float, scale: float, clip: Size | None) -> Iterator[None]:
    """Draw in a frame at (x, y) scaled by `scale`, clipped to a card's or board's trim."""
    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    if clip is not None:
        path = c.beginPath()
        path.roundRect(0, 0, clip.width, clip.height, clip.radius)
        c.clipPath(path, stroke=0, fill=0)
    try:
        yield
    finally:
        c.restoreState()
