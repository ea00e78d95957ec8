"""Punch-out pieces for Diplomatic Immunity: coins, Favor chips and the seat-coloured chips and
markers, laid out on print-and-play sheets with a cut line round every piece.

Every count comes from the components list: coins from `money.denominations`, one Favor chip
per diplomat, `per_seat` pieces in each seat colour, and so on. A sheet is a page of fronts
followed by a page of backs, each back placed with `sheets.back_rect` so that after a duplex
flip it lands behind its front. Faces print past the cut line by a small bleed, so neither a
ragged cut nor a slightly misregistered back shows white.

Sizes (cut line):
  coins, Favor, Immunity and Signature chips: 24.26 mm rounds, the size of a US quarter;
  Departing markers: 22 mm rounds, still easy to see across the table, but smaller than a
    coin so they are never counted as money;
  Scandal tokens: 3/4 in (19.05 mm) squares, a pile in front of a player, square so they
    never mix with coins;
  Law markers: 5/8 in (15.875 mm) squares, sitting on a Law card in effect without hiding
    its text;
  Heat markers: 1/2 in (12.7 mm) rounds, small enough to sit inside one box of the
    character board's Heat track, the smallest piece a pair of scissors still cuts well.

The layout is pure (`plan`) so tests can prove it: pieces in rows, each kind starting a new
row, a seat's set never split across rows, nothing nearer the page edge than the margins
allow. A face used by several pieces (a coin, the Favor back) is drawn once per file as a
PDF form and placed by reference.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from pnp.content.cards import Diplomat
from pnp.content.components import Item, Seat
from pnp.content.model import Src
from pnp.render import fonts, icons, pdf, sheets
from pnp.render import text as rtext
from pnp.render.art import draw_art
from pnp.render.geometry import Marks, Paper
from pnp.render.palette import INK, MUTED, PAPER, WHITE
from pnp.render.sheets import Rect
from pnp.render.units import PT_PER_IN, mm
from pnp.rulesets.diplomatic_immunity import icons as _own_icons  # noqa: F401  (registers the nib)

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.render.build import Options, Output
    from pnp.render.geometry import Geometry

FAVOR = "#8a6d1d"  # the Bribes and Favors deck colour
SCANDAL = "#b71c1c"
CUT = INK

QUARTER = mm(24.26)
ROUND, SQUARE = "round", "square"

# (shape, size) of each chip item, by the components list's id.
SHAPES: dict[str, tuple[str, float]] = {
    "favor-chips": (ROUND, QUARTER),
    "immunity-chips": (ROUND, QUARTER),
    "signature-chips": (ROUND, QUARTER),
    "departing-markers": (ROUND, mm(22)),
    "scandal-tokens": (SQUARE, 0.75 * PT_PER_IN),
    "law-markers": (SQUARE, 0.625 * PT_PER_IN),
    "heat-markers": (ROUND, 0.5 * PT_PER_IN),
}

# The word and icon printed on each seat-coloured piece.
SEAT_ICONS: dict[str, tuple[str, str]] = {
    "immunity-chips": ("IMMUNITY", "shield"),
    "signature-chips": ("SIGNATURE", "nib"),
    "departing-markers": ("DEPARTING", "plane"),
    "law-markers": ("LAW", "gavel"),
    "heat-markers": ("HEAT", "flame"),
}

# Coin metals from the smallest denomination up: (fill, ink).
METALS = (("#c98b5b", "#4a2208"), ("#c3c9cf", "#2f3942"), ("#d8b443", "#4d3a00"))

GAP = mm(3)  # between the cut lines of neighbours

# Text on a piece shrinks to fit its place, down to a floor: the value inside a coin's ring
# (its letters' corners RING_MARGIN clear of it), words round a rim (stopping an angle short
# of the horizontal: the coin's stars sit there), names on the smallest pieces. No floor is
# below the layouts' floor for labels (6 pt, `render.text.floors`), which `render.text`
# holds every text to: a word that would need to be smaller does not fit (E720).
COIN_FLOOR = 8.0
ARC_FLOOR = 6.0
SMALL_FLOOR = 6.0
RING_MARGIN = mm(0.4)
COIN_STAR_GAP = 0.25  # radians
SEAT_GAP = 0.2
FAVOR_GAP = 0.12
NAME_ONE = 0.37  # a Favor chip's name on one line: its baseline below the middle, in radii
NAME_TWO = (0.33, 0.52)  # and on two
BLEED = mm(1.0)  # each face prints this far past its cut line
MARGIN_X = mm(11)  # left and right, room for the ruler and the page label
MARGIN_Y = mm(10)  # top and bottom

# draw(canvas, cx, cy, half): one face centred at (cx, cy), `half` the radius or half the
# side of its cut line; it paints up to BLEED beyond the cut line, never further.
DrawPiece = Callable[[Canvas, float, float, float], None]


@dataclass(frozen=True, slots=True)
class Piece:
    """One physical piece: its kind (a label key), shape, size, seat and two faces."""

    kind: str  # "$1M coins", "Favor chips", ...
    key: str  # the manifest's key: the denomination or the components item id
    shape: str
    size: float  # the cut line's diameter or side, points
    unit: int  # pieces that belong together on a row (a seat's set)
    seat: str | None
    front: DrawPiece
    back: DrawPiece
    coin: bool = False


@dataclass(frozen=True, slots=True)
class Slot:
    """Where piece `index` is cut from a page of fronts."""

    index: int
    rect: Rect  # the cut line's bounding box


# --------------------------------------------------------------------------- layout


def columns(size: float, paper: Paper, unit: int = 1) -> int:
    """How many pieces of one size fit across the paper between the side margins, rounded
    down to whole sets of `unit` (a seat's pieces stay on one row) where a set fits."""
    n = max(1, int((paper.width - 2 * MARGIN_X + GAP) // (size + GAP)))
    return n - n % unit if n >= unit else n


def plan(pieces: Sequence[tuple[str, float, int]], paper: Paper) -> list[list[Slot]]:
    """Pages of slots for pieces given as (kind, size, unit) in order: rows of one kind,
    each kind starting a new row, whole sets of `unit` to a row, rows flowing down the
    page and onto the next; each row's grid and each page's block of rows is centred."""
    rows: list[tuple[float, int, list[int]]] = []
    last = None
    for i, (kind, size, unit) in enumerate(pieces):
        n = columns(size, paper, unit)
        if last != kind or len(rows[-1][2]) >= n:
            rows.append((size, n, []))
        rows[-1][2].append(i)
        last = kind
    room = paper.height - 2 * MARGIN_Y
    page_rows: list[list[tuple[float, int, list[int]]]] = []
    used = 0.0
    for row in rows:
        need = row[0] + (GAP if page_rows and page_rows[-1] else 0.0)
        if not page_rows or used + need > room + 1e-6:
            page_rows.append([])
            need, used = row[0], 0.0
        page_rows[-1].append(row)
        used += need
    pages: list[list[Slot]] = []
    for chunk in page_rows:
        block = sum(size for size, _, _ in chunk) + GAP * (len(chunk) - 1)
        top = (paper.height + block) / 2
        slots: list[Slot] = []
        for size, n, members in chunk:
            left = (paper.width - (n * size + (n - 1) * GAP)) / 2
            y = top - size
            slots += [
                Slot(index, Rect(left + c * (size + GAP), y, size, size))
                for c, index in enumerate(members)
            ]
            top = y - GAP
        pages.append(slots)
    return pages


def layout_of(items: Sequence[Piece]) -> list[tuple[str, float, int]]:
    """What `plan` needs to know of each piece."""
    return [(p.kind, p.size, p.unit) for p in items]


def printed(rect: Rect) -> Rect:
    """The area a face paints: its cut box and the bleed round it."""
    return Rect(rect.x - BLEED, rect.y - BLEED, rect.w + 2 * BLEED, rect.h + 2 * BLEED)


# --------------------------------------------------------------------------- pieces


def chip_items(game: Game) -> list[Item]:
    """The components list's items drawn here, in its order."""
    if game.components is None:
        return []
    return [i for i in game.components.items if i.id in SHAPES and i.count > 0]


def pieces(game: Game, ink_saver: bool = False) -> list[Piece]:
    """Every piece, in print order: coins by denomination, then the chip items in the order
    of the components list."""
    comp = game.components
    if comp is None:
        return []
    money = comp.money
    fmt = game.info.currency.format if game.info else str
    out: list[Piece] = []
    title = game.info.title if game.info else game.id
    version = f"v{game.info.version}" if game.info else ""
    title_src = game.info.src if game.info else None
    if money:
        values = sorted({d.value for d in money.denominations})
        for d in money.denominations:
            metal = METALS[min(values.index(d.value), len(METALS) - 1)]
            face = _coin(fmt(d.value), metal, ink_saver, title, d.src, title_src)
            label = fmt(d.value)
            out += [
                Piece(f"{label} coins", label, ROUND, QUARTER, 1, None, face, face, coin=True)
                for _ in range(d.count)
            ]
    for item in chip_items(game):
        shape, size = SHAPES[item.id]
        if item.id == "favor-chips":  # the version on every Favor chip's back
            out += _favors(game, item, size, f"{title} · {version}", ink_saver, title_src)
        elif item.id == "scandal-tokens":
            face = _scandal(ink_saver, game, item)
            out += [
                Piece(item.name, item.id, shape, size, 1, None, face, face)
                for _ in range(item.count)
            ]
        else:
            out += _seat_pieces(game, item, comp.seats, shape, size, ink_saver)
    return out


def _favors(
    game: Game, item: Item, size: float, title: str, ink_saver: bool, title_src: Src | None
) -> list[Piece]:
    diplomats = game.diplomats
    if not diplomats:
        return []
    archetypes = {a.id: a for a in game.archetypes or ()}
    back = _favor_back(title, ink_saver, title_src)
    out = []
    for n in range(item.count):
        d = diplomats[n % len(diplomats)]
        arch = archetypes.get(d.archetype)
        front = _favor_front(
            game, d, arch.name if arch else d.archetype, arch.src if arch else d.src, n, ink_saver
        )
        out.append(Piece(item.name, item.id, ROUND, size, 1, None, front, back))
    return out


def _seat_pieces(
    game: Game, item: Item, seats: Sequence[Seat], shape: str, size: float, ink_saver: bool
) -> list[Piece]:
    """`count` pieces, `per_seat` of each seat colour in turn."""
    word, icon = SEAT_ICONS.get(item.id, (item.name.upper(), "star"))
    per = item.per_seat or 1
    out = []
    faces: dict[str | None, DrawPiece] = {}
    for n in range(item.count):
        seat = seats[(n // per) % len(seats)] if seats else None
        key = seat.id if seat else None
        if key not in faces:  # one face per colour, so the sheet can reuse it
            faces[key] = _seat_face(game, word, icon, seat, shape, ink_saver, item)
        face = faces[key]
        out.append(
            Piece(item.name, item.id, shape, size, per, seat.id if seat else None, face, face)
        )
    return out


def contents(items: Sequence[Piece]) -> dict[str, Any]:
    """What the manifest says was drawn: coins by value, pieces by item, and by seat."""
    coins: dict[str, int] = {}
    chips: dict[str, int] = {}
    seats: dict[str, dict[str, int]] = {}
    for p in items:
        if p.coin:
            coins[p.key] = coins.get(p.key, 0) + 1
            continue
        chips[p.key] = chips.get(p.key, 0) + 1
        if p.seat:
            per = seats.setdefault(p.seat, {})
            per[p.key] = per.get(p.key, 0) + 1
    out: dict[str, Any] = {}
    if coins:
        out["coins"] = coins
    if chips:
        out["chips"] = chips
    if seats:
        out["seats"] = seats
    return out


# --------------------------------------------------------------------------- faces


def _text_on(colour: str) -> str:
    """Ink or white, whichever reads better on `colour`."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 else WHITE


def _disc(c: Canvas, cx: float, cy: float, half: float, shape: str, fill: str) -> None:
    """The piece's ground, out into the bleed."""
    c.setFillColor(fill)
    if shape == ROUND:
        c.circle(cx, cy, half + BLEED, stroke=0, fill=1)
    else:
        c.rect(
            cx - half - BLEED,
            cy - half - BLEED,
            2 * (half + BLEED),
            2 * (half + BLEED),
            stroke=0,
            fill=1,
        )


def arc_text(
    c: Canvas,
    text: str,
    cx: float,
    cy: float,
    radius: float,
    face: str,
    size: float,
    colour: str,
    top: bool,
    tracking: float = 0.0,
) -> None:
    """Text centred on the top (reading clockwise) or bottom (anticlockwise) of a circle,
    letters upright; `radius` is the middle of the capitals."""
    font = fonts.font(face)
    widths = [fonts.width(ch, face, size) + tracking for ch in text]
    if not rtext.marks(c):
        return  # a canvas that keeps no marks (its font is found, as for drawing)
    total = sum(widths) - tracking
    cap = size * 0.66
    base = radius - cap / 2 if top else radius + cap / 2
    c.saveState()
    c.setFillColor(colour)
    c.setFont(font, size)
    along = -total / 2
    for ch, w in zip(text, widths, strict=True):
        mid = along + (w - tracking) / 2
        theta = math.pi / 2 - mid / radius if top else -math.pi / 2 + mid / radius
        c.saveState()
        c.translate(cx + base * math.cos(theta), cy + base * math.sin(theta))
        c.rotate(math.degrees(theta) + (-90 if top else 90))
        c.drawCentredString(0, 0, ch)
        c.restoreState()
        along += w
    c.restoreState()


def legible(size: float) -> float:
    """A size drawn in proportion to a piece, but never below the layouts' label floor."""
    return max(size, rtext.floors().label)


def _line(
    text: str,
    face: str,
    size: float,
    width: float,
    floor: float,
    what: str,
    box: str,
    src: Src | None,
) -> rtext.Fitted:
    """`text` on one line no wider than `width`, at most `size` and at least `floor`."""
    style = rtext.Style(face=face, size=size, min_size=min(floor, size), align="center")
    return rtext.fit_line(text, style, width, what=what, box=box, src=src)


def _arc(
    c: Canvas,
    text: str,
    cx: float,
    cy: float,
    radius: float,
    face: str,
    size: float,
    colour: str,
    top: bool,
    tracking: float,
    gap: float,
    what: str,
    box: str,
    src: Src | None,
    floor: float = ARC_FLOOR,
) -> None:
    """`text` round the top or bottom half of a circle, shrinking (down to `floor`) to stay
    within that half, `gap` (an angle) short of its horizontal diameter at each end."""
    room = radius * (math.pi - 2 * gap) - tracking * max(0, len(text) - 1)
    fitted = _line(text, face, legible(size), room, floor, what, box, src)
    arc_text(c, text, cx, cy, radius, face, fitted.size, colour, top, tracking)


def _coin(
    value: str, metal: tuple[str, str], ink_saver: bool, title: str, src: Src, title_src: Src | None
) -> DrawPiece:
    fill, ink = (WHITE, INK) if ink_saver else metal
    words = title.upper().split()  # the game's name round the rim, split over and under
    top, under = " ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2 :])
    what = f"the value on the {value} coins"

    def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
        c.saveState()
        _disc(c, cx, cy, r, ROUND, fill)
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        # a milled edge, then the rim and the field
        c.setLineWidth(0.35)
        for k in range(0 if ink_saver else 72):
            a = 2 * math.pi * k / 72
            c.line(
                cx + r * 0.9 * math.cos(a),
                cy + r * 0.9 * math.sin(a),
                cx + r * 0.97 * math.cos(a),
                cy + r * 0.97 * math.sin(a),
            )
        c.setLineWidth(0.6)
        c.circle(cx, cy, r * 0.88, stroke=1, fill=0)
        c.setLineWidth(0.4)
        c.circle(cx, cy, r * 0.66, stroke=1, fill=0)
        # the rim's words stop short of the stars at its sides
        for words_, top_ in ((top, True), (under, False)):
            if words_:
                _arc(
                    c,
                    words_,
                    cx,
                    cy,
                    r * 0.77,
                    "sans-bold",
                    r * 0.2,
                    ink,
                    top_,
                    0.4,
                    COIN_STAR_GAP,
                    f"the game's name on the rim of the {value} coins",
                    "coin rim",
                    title_src,
                )
        for side in (-1, 1):
            icons.draw(c, "star", cx + side * r * 0.77, cy, r * 0.07, ink)
        # the value inside the field's ring, its letters' corners included
        number = _line(
            value,
            "sans-black",
            r * 0.62,
            rtext.ring_room(r * 0.66, r * 0.62, RING_MARGIN),
            COIN_FLOOR,
            what,
            "coin",
            src,
        )
        rtext.draw_lines(c, number, cx, cy - number.size * 0.34)
        c.restoreState()

    return draw


def _seat_face(
    game: Game, word: str, icon: str, seat: Seat | None, shape: str, ink_saver: bool, item: Item
) -> DrawPiece:
    colour = seat.colour if seat else "#6b6b6b"
    name = seat.name.upper() if seat else ""
    fill, ink = (WHITE, INK) if ink_saver else (colour, _text_on(colour))
    what = f"the seat's name on the {name.title()} {item.name.lower()}"
    src = seat.src if seat else item.src

    def draw(c: Canvas, cx: float, cy: float, half: float) -> None:
        c.saveState()
        _disc(c, cx, cy, half, shape, fill)
        if ink_saver:  # the seat colour as a band inside the cut line
            c.setStrokeColor(colour)
            c.setLineWidth(half * 0.14)
            _outline(c, cx, cy, half * 0.93, shape)
        c.setStrokeColor(ink)
        c.setLineWidth(0.5)
        big = half > mm(10)
        _outline(c, cx, cy, half * (0.82 if big else 0.86), shape)
        if big and shape == ROUND:
            _arc(
                c,
                word,
                cx,
                cy,
                half * 0.66,
                "sans-bold",
                half * 0.2,
                ink,
                True,
                0.5,
                SEAT_GAP,
                f"the word on the {item.name.lower()}",
                "chip rim",
                item.src,
            )
            _arc(
                c,
                name,
                cx,
                cy,
                half * 0.66,
                "sans-bold",
                half * 0.18,
                ink,
                False,
                0.5,
                SEAT_GAP,
                what,
                "chip rim",
                src,
            )
            _picture(c, game, item, icon, cx, cy, half * 0.3, ink, ink_saver)
        else:
            # the icon above the middle, the name below it on the widest line the outline
            # leaves at the name's baseline (its capitals stand above it)
            _picture(c, game, item, icon, cx, cy + half * 0.31, half * 0.3, ink, ink_saver)
            drop = half * 0.34
            inside = half * (0.82 if big else 0.86) - 0.5
            room = (
                2 * inside if shape == SQUARE else 2 * math.sqrt(max(inside**2 - drop**2, 0.0))
            ) - 2 * RING_MARGIN
            fitted = _line(
                name, "sans-bold", legible(half * 0.24), room, SMALL_FLOOR, what, "chip", src
            )
            c.setFillColor(ink)
            rtext.draw_lines(c, fitted, cx, cy - drop)
        c.restoreState()

    return draw


def _outline(c: Canvas, cx: float, cy: float, half: float, shape: str) -> None:
    if shape == ROUND:
        c.circle(cx, cy, half, stroke=1, fill=0)
    else:
        c.roundRect(cx - half, cy - half, 2 * half, 2 * half, half * 0.15, stroke=1, fill=0)


def _picture(
    c: Canvas,
    game: Game,
    item: Item,
    icon: str,
    cx: float,
    cy: float,
    s: float,
    colour: str,
    outline: bool,
) -> None:
    """The row's own picture (`art:`, about 2s across, in `colour` when it is drawn in one
    colour), else the piece's icon."""
    if item.art is not None and draw_art(
        c,
        game,
        item.art.id,
        (cx - s * 1.1, cy - s * 1.1, s * 2.2, s * 2.2),
        colour,
        outline=outline,
    ):
        return
    _icon(c, icon, cx, cy, s, colour)


def _icon(c: Canvas, name: str, cx: float, cy: float, s: float, colour: str) -> None:
    icons.draw(c, name, cx, cy, s, colour)


def _scandal(ink_saver: bool, game: Game, item: Item) -> DrawPiece:
    fill = WHITE if ink_saver else PAPER
    red = INK if ink_saver else SCANDAL

    def draw(c: Canvas, cx: float, cy: float, half: float) -> None:
        c.saveState()
        _disc(c, cx, cy, half, SQUARE, fill)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        _outline(c, cx, cy, half * 0.84, SQUARE)
        _picture(
            c,
            game,
            item,
            "paper",
            cx,
            cy + half * 0.05,
            half * 0.55,
            MUTED if not ink_saver else INK,
            ink_saver,
        )
        # a rubber stamp across the news
        c.translate(cx, cy)
        c.rotate(18)
        size = _line(
            "SCANDAL",
            "sans-black",
            half * 0.42,
            half * 1.3,
            SMALL_FLOOR,
            "the word on the Scandal tokens",
            "chip",
            None,
        ).size
        w = fonts.width("SCANDAL", "sans-black", size) + half * 0.16
        c.setFillColor(fill)
        c.setStrokeColor(red)
        c.setLineWidth(0.8)
        c.roundRect(-w / 2, -size * 0.55, w, size * 1.1, size * 0.15, stroke=1, fill=1)
        c.setFillColor(red)
        c.setFont(fonts.font("sans-black"), size)
        c.drawCentredString(0, -size * 0.34, "SCANDAL")
        c.restoreState()

    return draw


# --------------------------------------------------------------------------- Favor chips


TITLES = frozenset(
    {
        "Dame",
        "Sir",
        "Lady",
        "Lord",
        "Count",
        "Countess",
        "Mother",
        "Father",
        "Colonel",
        "Major",
        "Captain",
        "General",
        "Baron",
        "Baroness",
        "Dr",
    }
)


def initials(name: str) -> str:
    """'Count Tobias von Hallern' -> 'TH': the capitalised words after any title."""
    words = name.split()
    if len(words) > 1 and words[0] in TITLES:
        words = words[1:]
    return "".join(w[0] for w in words if w[0].isupper())


def name_lines(
    name: str, face: str, size: float, width: float, widths: tuple[float, float] | None = None
) -> list[str]:
    """The name on one line if it fits `width` at `size`, else on two, split where the
    lines fill their room least: the room of each line (`widths`, `width` for both unless
    given) is shared out so that a longer first line goes where the room is wider."""
    if fonts.width(name, face, size) <= width:
        return [name]
    first, second = widths or (width, width)
    words = name.split()
    best: list[str] = [name]
    best_w = math.inf
    for k in range(1, len(words)):
        lines = [" ".join(words[:k]), " ".join(words[k:])]
        w = max(
            fonts.width(lines[0], face, size) / first, fonts.width(lines[1], face, size) / second
        )
        if w < best_w:
            best, best_w = lines, w
    return best


def _favor_ring(
    c: Canvas,
    cx: float,
    cy: float,
    r: float,
    ink_saver: bool,
    below: str,
    size: float,
    spread: float,
    what: str,
    src: Src | None,
) -> float:
    """Both faces of a Favor chip: the ring with FAVOR above and `below` under it, and the
    inner field; saves the canvas state (the caller restores it); returns the field's
    radius."""
    c.saveState()
    _disc(c, cx, cy, r, ROUND, WHITE if ink_saver else FAVOR)
    inner = r * 0.78
    c.setFillColor(WHITE if ink_saver else PAPER)
    c.setStrokeColor(INK if ink_saver else "#5e4a12")
    c.setLineWidth(0.5)
    c.circle(cx, cy, inner, stroke=1, fill=1)
    on_ring = INK if ink_saver else WHITE
    _arc(
        c,
        "FAVOR",
        cx,
        cy,
        r * 0.89,
        "sans-black",
        r * 0.19,
        on_ring,
        True,
        0.9,
        FAVOR_GAP,
        "the word FAVOR on the Favor chips",
        "chip rim",
        None,
    )
    _arc(
        c,
        below,
        cx,
        cy,
        r * 0.89,
        "sans-bold",
        r * size,
        on_ring,
        False,
        spread,
        FAVOR_GAP,
        what,
        "chip rim",
        src,
    )
    return inner


def _favor_front(
    game: Game, d: Diplomat, archetype: str, archetype_src: Src, n: int, ink_saver: bool
) -> DrawPiece:
    field = WHITE if ink_saver else PAPER
    figure = "#d0d0d0" if ink_saver else INK
    mono = initials(d.name)
    chip = f"{d.name}'s Favor chip"

    def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
        inner = _favor_ring(
            c,
            cx,
            cy,
            r,
            ink_saver,
            archetype.upper(),
            0.18,
            0.3,
            f"the archetype on {chip}",
            archetype_src,
        )
        # the bust, cut off flat above the name
        c.saveState()
        clip = c.beginPath()
        clip.rect(cx - inner, cy - r * 0.13, 2 * inner, inner + r * 0.13)
        c.clipPath(clip, stroke=0, fill=0)
        c.saveState()
        clip = c.beginPath()
        clip.circle(cx, cy, inner)
        c.clipPath(clip, stroke=0, fill=0)
        # the diplomat's own portrait (as on their board) when the content gives one
        if d.art is None or not draw_art(
            c,
            game,
            d.art.id,
            (cx - inner * 0.75, cy - r * 0.13, inner * 1.5, inner + r * 0.13),
            figure,
            outline=ink_saver,
        ):
            portrait(c, cx, cy, r, d, n, figure, field)
        c.restoreState()
        c.restoreState()
        c.setFillColor(INK if ink_saver else field)
        monogram = _line(
            mono,
            "serif-bold",
            r * 0.2,
            inner,
            SMALL_FLOOR,
            f"the monogram on {chip}",
            "chip",
            d.src,
        )
        rtext.draw_lines(c, monogram, cx, cy - r * 0.09)
        c.setFillColor(INK)
        size = legible(r * 0.18)

        def room(base: float) -> float:
            """The widest a line may be inside the field, at the foot of its letters."""
            half_w = math.sqrt(max(inner**2 - (base - cy - size * 0.25) ** 2, 0.0))
            return 2 * half_w - mm(1.5)

        # on one line if it fits there, else on two, lower down where the field narrows
        lines = name_lines(
            d.name,
            "sans-semibold",
            size,
            room(cy - r * NAME_ONE),
            (room(cy - r * NAME_TWO[0]), room(cy - r * NAME_TWO[1])),
        )
        bases = [cy - r * NAME_ONE] if len(lines) == 1 else [cy - r * b for b in NAME_TWO]
        for line, base in zip(lines, bases, strict=False):
            fitted = _line(
                line,
                "sans-semibold",
                size,
                room(base),
                SMALL_FLOOR,
                f"the name on {chip}",
                "chip",
                d.src,
            )
            rtext.draw_lines(c, fitted, cx, base)
        c.restoreState()

    return draw


def portrait(
    c: Canvas, cx: float, cy: float, r: float, d: Diplomat, n: int, colour: str, cut: str
) -> None:
    """A head-and-shoulders silhouette on a chip of radius `r` centred at (cx, cy), in the
    chip's upper half: the figure and hair by face ('woman' or 'man', in one of three
    styles by `n`), and a touch of the archetype (a chaplain's collar, an attaché's cap, a
    spy's hat). Drawn in units of r."""
    woman = d.face == "woman"
    style = n // 2 % 3
    c.saveState()
    c.translate(cx, cy)
    c.scale(r, r)
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    # shoulders, narrower and more sloping for a woman
    w, top = (0.47, 0.12) if woman else (0.56, 0.14)
    p = c.beginPath()
    p.moveTo(-w - 0.04, -0.2)
    p.curveTo(-w, 0.02, -w + 0.06, top, -0.11, top + 0.05)
    p.lineTo(0.11, top + 0.05)
    p.curveTo(w - 0.06, top, w, 0.02, w + 0.04, -0.2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.rect(-0.075, top, 0.15, 0.16, stroke=0, fill=1)  # neck
    hy, hw, hh = 0.43, 0.135 if woman else 0.145, 0.175  # the head
    if woman and style == 0:  # long hair, down to the shoulders
        hair = c.beginPath()
        hair.moveTo(-0.2, 0.45)
        hair.curveTo(-0.22, 0.3, -0.26, 0.2, -0.24, 0.12)
        hair.lineTo(0.24, 0.12)
        hair.curveTo(0.26, 0.2, 0.22, 0.3, 0.2, 0.45)
        hair.close()
        c.drawPath(hair, stroke=0, fill=1)
        c.ellipse(-0.2, 0.3, 0.2, 0.64, stroke=0, fill=1)
    elif woman and style == 1:  # hair up in a bun
        c.circle(0.0, 0.64, 0.075, stroke=0, fill=1)
        c.ellipse(-0.155, 0.4, 0.155, 0.625, stroke=0, fill=1)
    elif woman:  # a bob, cut straight at the chin
        c.ellipse(-0.195, 0.36, 0.195, 0.64, stroke=0, fill=1)
        c.rect(-0.195, 0.27, 0.39, 0.23, stroke=0, fill=1)
    elif style == 2:  # a swept quiff
        c.ellipse(-0.17, 0.45, 0.13, 0.64, stroke=0, fill=1)
    c.ellipse(-hw, hy - hh, hw, hy + hh, stroke=0, fill=1)
    if not woman:  # ears
        for side in (-1, 1):
            c.ellipse(side * hw - 0.03, 0.38, side * hw + 0.03, 0.46, stroke=0, fill=1)
    arch = d.archetype
    if arch == "military-attache":  # a peaked cap
        c.roundRect(-0.17, 0.54, 0.34, 0.12, 0.04, stroke=0, fill=1)
        c.ellipse(-0.2, 0.52, 0.08, 0.57, stroke=0, fill=1)
    elif arch == "spook":  # a fedora
        c.ellipse(-0.28, 0.53, 0.28, 0.6, stroke=0, fill=1)
        c.roundRect(-0.15, 0.55, 0.3, 0.16, 0.05, stroke=0, fill=1)
    # cut-outs: collar, or a chaplain's white band
    c.setFillColor(cut)
    c.setStrokeColor(cut)
    c.setLineWidth(0.025)
    c.setLineCap(1)
    if arch == "chaplain":
        c.rect(-0.075, top + 0.02, 0.15, 0.05, stroke=0, fill=1)
    elif woman:
        c.line(-0.075, top + 0.03, 0.0, top - 0.04)
        c.line(0.075, top + 0.03, 0.0, top - 0.04)
    else:
        c.line(-0.09, top + 0.05, 0.0, top - 0.04)
        c.line(0.09, top + 0.05, 0.0, top - 0.04)
    c.restoreState()


def _favor_back(title: str, ink_saver: bool, src: Src | None) -> DrawPiece:
    seal = INK if ink_saver else FAVOR

    def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
        _favor_ring(
            c,
            cx,
            cy,
            r,
            ink_saver,
            title.upper().replace(" · V", " · v"),
            0.18,
            0.2,
            "the game's name on the back of the Favor chips",
            src,
        )
        # a wax seal: a scalloped disc with a ringed star
        p = c.beginPath()
        bumps = 18
        for k in range(bumps * 2 + 1):
            a = 2 * math.pi * k / (bumps * 2)
            rr = r * (0.6 if k % 2 == 0 else 0.54)
            x, y = cx + rr * math.cos(a), cy + rr * math.sin(a)
            if k == 0:
                p.moveTo(x, y)
            else:
                p.lineTo(x, y)
        p.close()
        c.setFillColor(WHITE if ink_saver else seal)
        c.setStrokeColor(seal)
        c.setLineWidth(0.6)
        c.drawPath(p, stroke=1, fill=1)
        icons.seal(c, cx, cy, r * 0.44, INK if ink_saver else PAPER, ink_saver)
        c.restoreState()

    return draw


# --------------------------------------------------------------------------- sheets


def cut_line(c: Canvas, piece: Piece, rect: Rect) -> None:
    """The thin outline to cut along."""
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(0.35)
    _outline_exact(c, rect, piece.shape)
    c.restoreState()


def _outline_exact(c: Canvas, rect: Rect, shape: str) -> None:
    if shape == ROUND:
        c.circle(rect.x + rect.w / 2, rect.y + rect.h / 2, rect.w / 2, stroke=1, fill=0)
    else:
        c.rect(rect.x, rect.y, rect.w, rect.h, stroke=1, fill=0)


def _centre(rect: Rect) -> tuple[float, float, float]:
    return rect.x + rect.w / 2, rect.y + rect.h / 2, rect.w / 2


def _kinds(items: Sequence[Piece], page: Sequence[Slot]) -> str:
    names: list[str] = []
    for slot in page:
        kind = items[slot.index].kind
        if kind not in names:
            names.append(kind)
    return ", ".join(names)


def chip_form(c: Canvas, face: DrawPiece, half: float) -> str:
    """The form of a chip's face, `half` its radius or half its side, centred at (0, 0) and
    reaching past its bleed: drawn the first time on this canvas, then placed by reference
    (`pdf.keyed_form`, which names forms in order of first use)."""
    reach = math.ceil(half + BLEED) + 1
    return pdf.keyed_form(
        c, (face, round(half, 4)), (-reach, -reach, reach, reach), lambda: face(c, 0.0, 0.0, half)
    )


class Faces:
    """Draws faces; a face used more than once becomes a PDF form (`chip_form`), drawn once
    per document and placed by reference, which keeps the file small."""

    def __init__(self, c: Canvas, items: Sequence[Piece]) -> None:
        self.c = c
        uses: dict[int, int] = {}
        for p in items:
            for face in (p.front, p.back):
                uses[id(face)] = uses.get(id(face), 0) + 1
        self.shared = {k for k, n in uses.items() if n > 1}

    def draw(self, face: DrawPiece, rect: Rect) -> None:
        cx, cy, half = _centre(rect)
        if id(face) not in self.shared:
            face(self.c, cx, cy, half)
            return
        name = chip_form(self.c, face, half)
        self.c.saveState()
        self.c.translate(cx, cy)
        self.c.doForm(name)
        self.c.restoreState()


def sheet_pages(
    c: Canvas,
    items: Sequence[Piece],
    paper: Paper,
    marks: Marks,
    title: str,
    flip: str = "long",
    offset: tuple[float, float] = (0.0, 0.0),
) -> int:
    """A page of fronts with cut lines, then its backs for a duplex flip; returns pages."""
    pages = plan(layout_of(items), paper)
    faces = Faces(c, items)
    for n, page in enumerate(pages, start=1):
        what = _kinds(items, page)
        fronts = [s.rect for s in page]
        for slot in page:
            faces.draw(items[slot.index].front, slot.rect)
        for slot in page:
            cut_line(c, items[slot.index], slot.rect)
        sheets.ruler(c, fronts, marks)
        sheets.label(
            c,
            fronts,
            paper,
            marks,
            f"{title} · {what} · fronts · sheet {n} of {len(pages)} · cut on the thin outlines",
        )
        c.showPage()
        backs = [sheets.back_rect(s.rect, paper, flip, offset) for s in page]
        for slot, rect in zip(page, backs, strict=True):
            faces.draw(items[slot.index].back, rect)
        sheets.ruler(c, backs, marks)
        sheets.label(
            c,
            backs,
            paper,
            marks,
            f"{title} · {what} · backs · sheet {n} of {len(pages)} · print "
            f"double-sided, flip on the {'long' if flip == 'long' else 'short'} edge",
        )
        c.showPage()
    return 2 * len(pages)


def outputs(game: Game, geo: Geometry, opts: Options) -> list[Output]:
    """chips-<paper>.pdf for each paper: every punch-out piece, fronts and backs."""
    from pnp.render.build import Output

    comp = game.components
    if comp is None or geo.marks is None or not (comp.money or chip_items(game)):
        return []
    items = pieces(game, opts.ink_saver)
    if not items:
        return []
    marks = geo.marks
    title = game.info.label if game.info else game.id
    offset = (mm(opts.back_offset_mm[0]), mm(opts.back_offset_mm[1]))
    out: list[Output] = []
    for paper_id in opts.papers:
        paper = geo.papers[paper_id]
        placed = plan(layout_of(items), paper)
        drawn = contents([items[s.index] for page in placed for s in page])

        def draw(c: Canvas, paper: Paper = paper) -> int:
            return sheet_pages(c, items, paper, marks, title, opts.flip, offset)

        data, pages = pdf.render(
            paper.width,
            paper.height,
            f"{title}: punch-out pieces ({paper.name})",
            draw,
            "coins, chips and markers, fronts and backs for duplex printing",
        )
        out.append(Output(f"chips-{paper_id}.pdf", data, pages, paper_id, drawn))
    return out
