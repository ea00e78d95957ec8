"""Diamond Heist's print-and-play cards: reference cards and a printable deck.

The game is played with a standard 52-card deck, so what it prints is help at the table:
a setup card (the treasure for every player count, what the Boss hides, the variants), role
cards (how each role wins and which standard cards play it) and, for tables without a
standard deck, a printable deck with as many cards of each piece as the largest setup needs,
each naming the standard card it stands for, all with one back.

Every number comes from the rules model; every text is fitted to a `heist-*` layout box and
shrinks to the box's floor, never past it: role cards spread over as many cards as they need,
and a text that still does not fit stops the build rather than print cut off. The palette is
card-table felt and gold; with `ink_saver`, faces are white with outlines and black text.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from pnp.content.assets import back_art, named_art
from pnp.content.model import Src
from pnp.content.pieces import RANKS, Piece, PlayingCard, Role, Suit
from pnp.english import cap, plural
from pnp.render import glyphs, icons, sheets
from pnp.render import text as rtext
from pnp.render.art import draw_art
from pnp.render.cards import FOOTER_GAP, Theme
from pnp.render.geometry import Box, Layout, Size
from pnp.render.palette import (
    FELT,
    FELT_DARK,
    GOLD,
    GOLD_LIGHT,
    GOLD_ON_CREAM,
    INK,
    MUTED,
    PAPER,
    RED,
    WHITE,
)
from pnp.render.sheets import Group, Item
from pnp.render.units import mm
from pnp.rulesets.diamond_heist.model import HeistRules, Variant

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.render.build import Options, Output
    from pnp.render.geometry import Geometry

TINT = "#e4ebdf"  # alternate table rows

REFERENCE = "Reference cards"
DECK = "Printable deck"

# Drawn icons, for a piece or role whose content names no picture (or one the check
# refused): by piece id, then by role id for roles without a piece; anything else: a star.
PIECE_ICONS = {
    "diamond": "gem",
    "loyalist": "shield",
    "agent": "mask",
    "driver": "wheel",
    "apology": "bubble",
    "gunman": "crosshair",
}
ROLE_ICONS = {"boss": "crown", "street-kid": "pawn"}


# ---- what the rules ask for -----------------------------------------------------------------


def _combos(rules: HeistRules, players: int) -> Iterator[tuple[Variant, ...]]:
    """The base game and every allowed combination of the variants open at this count."""
    open_ = [v for v in rules.variants if players in v.players]
    for n in range(len(open_) + 1):
        for combo in itertools.combinations(open_, n):
            ids = {v.id for v in combo}
            if not any(x.id in ids for v in combo for x in v.excludes):
                yield combo


def deck_counts(game: Game) -> dict[str, int]:
    """{piece id: copies} for the printable deck, in the order of the pieces: the most any
    setup needs (every player count, every allowed combination of variants, apologies
    included), never more than the standard cards the piece has."""
    rules = game.rules
    if not isinstance(rules, HeistRules) or not game.pieces:
        return {}
    need: dict[str, int] = {}
    for row in rules.treasure:
        for combo in _combos(rules, row.players):
            pieces, apologies = rules.setup(row.players, [v.id for v in combo])
            pieces[rules.apology_piece.id] = pieces.get(rules.apology_piece.id, 0) + apologies
            for piece_id, n in pieces.items():
                need[piece_id] = max(need.get(piece_id, 0), n)
    counts = {p.id: min(need.get(p.id, 0), len(p.cards)) for p in game.pieces}
    return {k: n for k, n in counts.items() if n > 0}


def _runs(ranks: Sequence[str]) -> list[str]:
    """Ranks in deck order as runs: ['2', '3', '4', 'K'] -> ['2–4', 'K']."""
    order = sorted(RANKS.index(r) for r in ranks)
    runs: list[list[int]] = []
    for i in order:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return [RANKS[r[0]] if len(r) == 1 else f"{RANKS[r[0]]}–{RANKS[r[-1]]}" for r in runs]


def _by_suit(cards: Sequence[PlayingCard]) -> dict[Suit, list[str]]:
    out: dict[Suit, list[str]] = {}
    for suit in Suit:
        ranks = [c.rank for c in cards if c.suit == suit]
        if ranks:
            out[suit] = ranks
    return out


def cards_text(cards: Sequence[PlayingCard]) -> str:
    """The standard cards of a piece, suit by suit: 'A♠ A♣', '2–10♥ 2–10♦'."""
    return " ".join(
        f"{run}{suit.symbol}" for suit, ranks in _by_suit(cards).items() for run in _runs(ranks)
    )


def compact_cards(cards: Sequence[PlayingCard]) -> str:
    """The same, shorter, for table headings: '2–10 ♥♦', 'A ♠♣', 'Q ♠'."""
    groups: dict[tuple[str, ...], str] = {}
    for suit, ranks in _by_suit(cards).items():
        key = tuple(_runs(ranks))
        groups[key] = groups.get(key, "") + suit.symbol
    return " · ".join(f"{', '.join(runs)} {suits}" for runs, suits in groups.items())


def _heading(name: str) -> str:
    """A table heading from a piece name: 'undercover agent' -> 'Agents'."""
    word = name.split()[-1] if name.split() else name
    return plural(cap(word))


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


# ---- drawing helpers --------------------------------------------------------------------------


class Overflow(ValueError):
    """A text that does not fit its box even at the box's floor size; `src` is where the
    content writes it, when one place does."""

    def __init__(self, message: str, src: Src | None = None) -> None:
        super().__init__(message)
        self.src = src


def _style(box: Box) -> rtext.Style:
    assert box.style is not None, f"box {box.name} has no type"
    return box.style


def _width(text: str, face: str, size: float) -> float:
    """The width of one line of rich text (suits drawn as shapes)."""
    lines = rtext.layout(text, rtext.Style(face=face, size=size), size, 1e6)
    return max((line.width for line in lines), default=0.0)


def _say(
    canvas: Canvas,
    text: str,
    face: str,
    size: float,
    x: float,
    top: float,
    width: float,
    colour: str,
    align: str = "left",
    *,
    what: str,
    box: Box,
    src: Src | None = None,
) -> None:
    """One line of text, its top at `top`; the caller has measured that it fits its width.
    It is fitted all the same, so that the fit check holds its size to the layouts' floor
    (`what`, the box it belongs to and `src` name it there)."""
    style = rtext.Style(face=face, size=size, min_size=size, align=align)
    fitted = rtext.fit(text, style, width + 0.02, 1e6, what=what, box=box.name, src=src or box.src)
    rtext.draw(canvas, fitted, x, top, width, colour)


def _small(size: float, share: float) -> float:
    """A share of a type size for a text set smaller beside it (the standard cards beside a
    piece, 'adv.' under a player count), but never below the layouts' label floor."""
    return max(size * share, rtext.floors().label)


def _top_for(top: float, size: float, other: float) -> float:
    """The top at which text of size `other` shares its baseline with text of `size` whose
    top is at `top` (see `rtext.draw`: a line's baseline is 0.87 of its size below it)."""
    return top - BASELINE * (size - other)


BASELINE = 1.18 - (1.18 - 1) / 2 - 0.22  # a line's baseline below its top, in sizes
CARDS = 0.72  # the standard cards beside a piece's name in the table, in its size
ADV = 0.8  # 'adv.' under a player count
NUMBER = 1.05  # the counts in the table


def _fit(what: str, box: Box, content: str, src: Src | None = None) -> rtext.Fitted:
    fitted = rtext.fit(
        content, _style(box), box.w, box.h, what=what, box=box.name, src=src or box.src
    )
    if not fitted.fits:
        raise Overflow(
            f"{what} runs {fitted.overflow / mm(1):.1f} mm past its box "
            f"'{box.name}' at {fitted.size:g} pt",
            src,
        )
    return fitted


def _line(what: str, box: Box, content: str, width: float, src: Src | None) -> rtext.Fitted:
    """One line of `box`'s type no wider than `width`, shrinking to the box's floor."""
    fitted = rtext.fit_line(
        content, _style(box), width, what=what, box=box.name, src=src or box.src
    )
    if not fitted.fits:
        raise Overflow(
            f"{what} runs {fitted.overflow / mm(1):.1f} mm past its room in the "
            f"box '{box.name}' at {fitted.size:g} pt",
            src,
        )
    return fitted


def _text(
    canvas: Canvas,
    size: Size,
    box: Box,
    what: str,
    content: str,
    colour: str,
    valign: str = "top",
    src: Src | None = None,
) -> None:
    """Fit `content` to a layout box (from the trim's top-left) and draw it."""
    fitted = _fit(what, box, content, src)
    rtext.draw(canvas, fitted, box.x, size.height - box.y, box.w, colour, valign)


def _ground(canvas: Canvas, size: Size, colour: str) -> None:
    b = size.bleed
    canvas.setFillColor(colour)
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)


def _frame(canvas: Canvas, size: Size, theme: Theme, top: float) -> None:
    """The inner frame in the safe zone, from the bottom up to `top` (PDF y)."""
    s = size.safe - mm(0.8)
    canvas.saveState()
    canvas.setStrokeColor(INK if theme.ink_saver else FELT)
    canvas.setLineWidth(0.8)
    canvas.roundRect(s, s, size.width - 2 * s, top - s, mm(2), stroke=1, fill=0)
    if not theme.ink_saver:
        canvas.setStrokeColor(GOLD)
        canvas.setLineWidth(0.35)
        d = mm(0.9)
        canvas.roundRect(
            s + d, s + d, size.width - 2 * (s + d), top - s - 2 * d, mm(1.4), stroke=1, fill=0
        )
    canvas.restoreState()


def _band(
    canvas: Canvas, size: Size, layout: Layout, theme: Theme, kicker: str, title: str
) -> float:
    """The felt band with a gold kicker and the title; returns the band's bottom (PDF y)."""
    band = layout.box("band")
    bottom = size.height - band.y - band.h
    b = size.bleed
    canvas.saveState()
    if theme.ink_saver:
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.line(size.safe, bottom, size.width - size.safe, bottom)
    else:
        canvas.setFillColor(FELT)
        canvas.rect(-b, bottom, size.width + 2 * b, band.h + b, stroke=0, fill=1)
        canvas.setStrokeColor(GOLD)
        canvas.setLineWidth(0.9)
        canvas.line(-b, bottom + 0.45, size.width + b, bottom + 0.45)
    canvas.restoreState()
    _text(
        canvas,
        size,
        layout.box("kicker"),
        f"the kind line of '{title}'",
        kicker,
        INK if theme.ink_saver else GOLD_LIGHT,
    )
    _text(
        canvas,
        size,
        layout.box("title"),
        f"the title of '{title}'",
        title,
        theme.on_band(),
        "middle",
    )
    return bottom


def _footer(canvas: Canvas, size: Size, layout: Layout, game: Game, right: str = "") -> None:
    """The game and its version on the left (in at most half the box), a note on the right
    in the room that leaves."""
    box = layout.box("footer")
    y = size.height - box.y - box.h + mm(0.6)
    canvas.setFillColor(MUTED)
    left = _line(
        "the game's name and version in a footer",
        box,
        game.info.label if game.info else game.id,
        box.w / 2,
        game.info.src if game.info else None,
    )
    rtext.draw_lines(canvas, left, box.x, y, "left")
    if right:
        note = _line("a footer", box, right, box.w - left.width - FOOTER_GAP, None)
        rtext.draw_lines(canvas, note, box.x + box.w, y, "right")


def _medallion(
    canvas: Canvas,
    game: Game,
    picture: str | None,
    name: str,
    cx: float,
    cy: float,
    r: float,
    theme: Theme,
) -> None:
    """A felt disc with a gold ring and, inside the ring, the picture the content names
    in gold (outlines only with ink saver), else the drawn icon `name`."""
    canvas.saveState()
    canvas.setFillColor(WHITE if theme.ink_saver else FELT)
    canvas.setStrokeColor(INK if theme.ink_saver else GOLD)
    canvas.setLineWidth(max(0.5, r * 0.06))
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    if r > mm(4):
        canvas.setLineWidth(max(0.3, r * 0.02))
        canvas.circle(cx, cy, r * 0.84, stroke=1, fill=0)
    canvas.restoreState()
    colour = INK if theme.ink_saver else GOLD_LIGHT
    side = r * (1.12 if r > mm(4) else 1.3)  # inside the inner ring, with air around it
    if picture is not None and draw_art(
        canvas,
        game,
        picture,
        (cx - side / 2, cy - side / 2, side, side),
        colour,
        outline=theme.ink_saver,
    ):
        return
    icon(canvas, name, cx, cy, r * 0.5, colour)


# ---- icons: a few paths each ------------------------------------------------------------------


def _gem(c: Canvas, x: float, y: float, s: float) -> None:
    top, girdle, tip = y + s * 0.7, y + s * 0.25, y - s * 0.95
    outline = c.beginPath()
    outline.moveTo(x - s * 0.55, top)
    outline.lineTo(x + s * 0.55, top)
    outline.lineTo(x + s, girdle)
    outline.lineTo(x, tip)
    outline.lineTo(x - s, girdle)
    outline.close()
    c.drawPath(outline, stroke=1, fill=0)
    c.line(x - s, girdle, x + s, girdle)
    for a, b in ((-0.55, -0.3), (0.0, -0.3), (0.0, 0.3), (0.55, 0.3)):
        c.line(x + a * s, top, x + b * s, girdle)
    c.line(x - s * 0.3, girdle, x, tip)
    c.line(x + s * 0.3, girdle, x, tip)


def _wheel(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y, s * 0.92, stroke=1, fill=0)
    c.circle(x, y, s * 0.22, stroke=0, fill=1)
    for angle in (180, 0, 270):
        a = math.radians(angle)
        c.line(
            x + math.cos(a) * s * 0.2,
            y + math.sin(a) * s * 0.2,
            x + math.cos(a) * s * 0.9,
            y + math.sin(a) * s * 0.9,
        )


def _crosshair(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y, s * 0.7, stroke=1, fill=0)
    c.circle(x, y, s * 0.12, stroke=0, fill=1)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c.line(x + dx * s * 0.35, y + dy * s * 0.35, x + dx * s, y + dy * s)


def _bubble(c: Canvas, x: float, y: float, s: float) -> None:
    c.roundRect(x - s, y - s * 0.45, 2 * s, s * 1.3, s * 0.35, stroke=1, fill=0)
    tail = c.beginPath()
    tail.moveTo(x - s * 0.45, y - s * 0.45)
    tail.lineTo(x - s * 0.7, y - s * 0.95)
    tail.lineTo(x - s * 0.05, y - s * 0.45)
    c.drawPath(tail, stroke=1, fill=0)
    for dx in (-0.45, 0.0, 0.45):
        c.circle(x + dx * s, y + s * 0.2, s * 0.11, stroke=0, fill=1)


def _crown(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x - s * 0.9, y - s * 0.55)
    p.lineTo(x - s * 0.95, y + s * 0.45)
    p.lineTo(x - s * 0.45, y)
    p.lineTo(x, y + s * 0.65)
    p.lineTo(x + s * 0.45, y)
    p.lineTo(x + s * 0.95, y + s * 0.45)
    p.lineTo(x + s * 0.9, y - s * 0.55)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    for dx, dy in ((-0.95, 0.55), (0.0, 0.78), (0.95, 0.55)):
        c.circle(x + dx * s, y + dy * s, s * 0.12, stroke=0, fill=1)
    c.rect(x - s * 0.9, y - s * 0.85, s * 1.8, s * 0.18, stroke=0, fill=1)


for _name, _shape in (
    ("gem", _gem),
    ("wheel", _wheel),
    ("crosshair", _crosshair),
    ("bubble", _bubble),
    ("crown", _crown),
):
    icons.register(_name, _shape, line=0.5)


def icon(canvas: Canvas, name: str, cx: float, cy: float, s: float, colour: str) -> None:
    """An icon of the registry (`icons.ICONS`, these included) centred at (cx, cy), about
    2s across."""
    icons.draw(canvas, name, cx, cy, s, colour)


def _piece_icon(piece_id: str) -> str:
    return PIECE_ICONS.get(piece_id, "star")


def _role_icon(role: Role) -> str:
    if role.piece:
        return _piece_icon(role.piece.id)
    return ROLE_ICONS.get(role.id, "star")


def _role_art(game: Game, role: Role) -> str | None:
    """A role's picture: its own, else its piece's."""
    if role.art is not None:
        return role.art.id
    piece = next((p for p in game.pieces or () if role.piece and p.id == role.piece.id), None)
    return piece.art.id if piece is not None and piece.art is not None else None


def _watermark(canvas: Canvas, size: Size, game: Game, name: str, top: float, theme: Theme) -> None:
    """A reference card's picture (`art/<name>.svg`, found by name), large and faint
    under its text, inside the frame below the band."""
    rel = named_art(game, name)
    if rel is None:
        return
    inset = size.safe + mm(2)
    side = min(size.width - 2 * inset, top - inset - mm(6))
    canvas.saveState()
    frame = canvas.beginPath()
    frame.rect(inset, inset, size.width - 2 * inset, top - inset)
    canvas.clipPath(frame, stroke=0, fill=0)
    draw_art(
        canvas,
        game,
        rel,
        ((size.width - side) / 2, inset + mm(6), side, side),
        INK if theme.ink_saver else FELT,
        alpha=0.04 if theme.ink_saver else 0.045,
    )
    canvas.restoreState()


# ---- the setup card ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Table:
    """The treasure table: player counts across, pieces down."""

    players: tuple[int, ...]
    advanced: tuple[bool, ...]
    rows: tuple[tuple[str, str, tuple[int, ...]], ...]  # (heading, cards, count per column)


def treasure_table(game: Game) -> _Table:
    """Every player count with its diamonds, role cards of the treasure and apologies."""
    rules = game.rules
    assert isinstance(rules, HeistRules)
    pieces = {p.id: p for p in game.pieces or ()}
    treasure = sorted(rules.treasure, key=lambda r: r.players)
    columns = [rules.diamond_piece.id]
    columns += [
        c.piece.id
        for r in treasure
        for c in r.roles
        if c.piece.id not in (*columns, rules.apology_piece.id)
    ]
    setups = [rules.setup(r.players) for r in treasure]
    rows: list[tuple[str, str, tuple[int, ...]]] = []
    for piece_id in [*dict.fromkeys(columns), rules.apology_piece.id]:
        piece = pieces.get(piece_id)
        heading = _heading(piece.name if piece else piece_id)
        cards = compact_cards(piece.cards) if piece else ""
        if piece_id == rules.apology_piece.id:
            counts = tuple(a for _, a in setups)
        else:
            counts = tuple(s.get(piece_id, 0) for s, _ in setups)
        rows.append((heading, cards, counts))
    return _Table(
        tuple(r.players for r in treasure), tuple(r.advanced for r in treasure), tuple(rows)
    )


def _table_metrics(table: _Table, box: Box, size: float) -> tuple[float, float, float, float]:
    """(label column width, column width, header height, row height) at a type size."""
    style = _style(box)
    pad = size * 0.35
    label_w = max(
        [_width("Players", "sans-bold", size)]
        + [
            _width(h, "sans-bold", size) + size * 0.45 + _width(c, style.face, _small(size, CARDS))
            for h, c, _ in table.rows
        ]
    )
    label_w += 3 * pad
    col_w = (box.w - label_w) / max(1, len(table.players))
    header_h = size * 1.4 + (_small(size, ADV) * 1.1 if any(table.advanced) else 0.0)
    return label_w, col_w, header_h, size * 1.55


def _table_size(table: _Table, box: Box) -> float:
    style = _style(box)
    size = style.size
    while True:
        _, col_w, header_h, row_h = _table_metrics(table, box, size)
        numbers = [str(n) for _, _, ns in table.rows for n in ns] + [str(p) for p in table.players]
        widest = max(_width(n, "sans-bold", size * NUMBER) for n in numbers)
        fits = (
            header_h + len(table.rows) * row_h <= box.h + 0.01
            and col_w >= widest + size * 0.3
            and col_w >= _width("adv.", "sans-bold", _small(size, ADV)) + size * 0.05
        )
        if fits:
            return size
        if size - 0.25 < style.min_size - 1e-9:
            raise Overflow(f"the treasure table does not fit its box '{box.name}'")
        size -= 0.25


def _draw_table(canvas: Canvas, size: Size, box: Box, table: _Table, theme: Theme) -> None:
    s = _table_size(table, box)
    adv = _small(s, ADV)
    face = _style(box).face
    label_w, col_w, header_h, row_h = _table_metrics(table, box, s)
    x0, top = box.x, size.height - box.y
    pad = s * 0.35
    # header: the player counts on felt
    canvas.saveState()
    canvas.setFillColor(WHITE if theme.ink_saver else FELT)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    canvas.roundRect(
        x0, top - header_h, box.w, header_h, mm(0.8), stroke=int(theme.ink_saver), fill=1
    )
    canvas.restoreState()
    head_ink = INK if theme.ink_saver else WHITE
    _say(
        canvas,
        "Players",
        "sans-bold",
        s,
        x0 + pad,
        top - (header_h - s * 1.18) / 2,
        label_w,
        head_ink,
        what="the treasure table's heading",
        box=box,
    )
    for i, (players, advanced) in enumerate(zip(table.players, table.advanced, strict=True)):
        cx = x0 + label_w + i * col_w
        _say(
            canvas,
            str(players),
            "sans-bold",
            s * NUMBER,
            cx,
            top - s * 0.15,
            col_w,
            head_ink,
            "center",
            what="a player count in the treasure table",
            box=box,
        )
        if advanced:
            _say(
                canvas,
                "adv.",
                "sans-bold",
                adv,
                cx,
                top - s * 1.3,
                col_w,
                INK if theme.ink_saver else GOLD_LIGHT,
                "center",
                what="'adv.' in the treasure table",
                box=box,
            )
    # one row per piece, alternately tinted: the piece, its standard cards, the counts
    y = top - header_h
    for n, (heading, cards, counts) in enumerate(table.rows):
        if n % 2 == 1 and not theme.ink_saver:
            canvas.setFillColor(TINT)
            canvas.rect(x0, y - row_h, box.w, row_h, stroke=0, fill=1)
        text_top = y - (row_h - s * 1.18) / 2
        _say(
            canvas,
            heading,
            "sans-bold",
            s,
            x0 + pad,
            text_top,
            label_w,
            INK,
            what=f"the row '{heading}' of the treasure table",
            box=box,
        )
        small = _small(s, CARDS)
        w = _width(cards, face, small)
        _say(
            canvas,
            cards,
            face,
            small,
            x0 + label_w - 2 * pad - w,
            _top_for(text_top, s, small),
            w,
            MUTED,
            what=f"the standard cards of the {heading} in the treasure table",
            box=box,
        )
        for i, count in enumerate(counts):
            cx = x0 + label_w + i * col_w
            _say(
                canvas,
                str(count),
                "sans-bold" if count else face,
                s * NUMBER,
                cx,
                y - (row_h - s * NUMBER * 1.18) / 2,
                col_w,
                INK if count else MUTED,
                "center",
                what="a count in the treasure table",
                box=box,
            )
        y -= row_h
    # a rule after the labels and a closing line
    canvas.saveState()
    canvas.setStrokeColor(INK if theme.ink_saver else GOLD)
    canvas.setLineWidth(0.6)
    canvas.line(x0, y, x0 + box.w, y)
    canvas.setLineWidth(0.25)
    canvas.setStrokeColor(INK if theme.ink_saver else "#b9c7b4")
    canvas.line(x0 + label_w, top - header_h, x0 + label_w, y)
    canvas.restoreState()


def _notes(game: Game, table: _Table) -> str:
    rules = game.rules
    assert isinstance(rules, HeistRules)
    hides, d = rules.boss_hides, rules.diamonds
    lines = [
        f"**The Boss hides {_span(hides.min, hides.max)} diamonds**: "
        f"{_span(d - hides.max, d - hides.min)} go round."
    ]
    if rules.first_player_may_hide:
        n = rules.first_player_may_hide
        lines.append(f"**The first player may hide {n} role card{'s' if n > 1 else ''}** all game.")
    advanced = [p for p, a in zip(table.players, table.advanced, strict=True) if a]
    if advanced:
        lines.append(f"**adv.:** {', '.join(map(str, advanced))} players is the advanced game.")
    return "\n".join(lines)


def _variants(game: Game) -> str:
    rules = game.rules
    assert isinstance(rules, HeistRules)
    lines = []
    for v in rules.variants:
        lines.append(
            f"**{v.name}** ({_span(v.players.min, v.players.max)} players). {v.note}".strip()
        )
    return "\n".join(lines)


def draw_setup(canvas: Canvas, size: Size, game: Game, layout: Layout, theme: Theme) -> None:
    """The setup card: the treasure table, what the Boss hides, the variants."""
    _ground(canvas, size, theme.fill(PAPER))
    bottom = _band(canvas, size, layout, theme, "SETUP · PLAYERS INCLUDE THE BOSS", "The Treasure")
    _frame(canvas, size, theme, bottom - mm(1.2))
    _watermark(canvas, size, game, "reference-setup", bottom - mm(1.2), theme)
    table = treasure_table(game)
    _draw_table(canvas, size, layout.box("table"), table, theme)
    rules = game.rules
    assert isinstance(rules, HeistRules)
    _text(
        canvas,
        size,
        layout.box("notes"),
        "the setup notes",
        _notes(game, table),
        INK,
        src=rules.src,
    )
    if rules.variants:
        box = layout.box("variants")
        style = _style(box)
        head = style.size * 0.85
        top = size.height - box.y
        canvas.saveState()
        canvas.setStrokeColor(INK if theme.ink_saver else GOLD)
        canvas.setLineWidth(0.5)
        canvas.line(box.x, top, box.x + box.w, top)
        canvas.restoreState()
        _say(
            canvas,
            "VARIANTS",
            "sans-bold",
            head,
            box.x,
            top - mm(0.6),
            box.w,
            INK if theme.ink_saver else GOLD_ON_CREAM,
            what="the variants' heading",
            box=replace(box, name="variants heading"),
        )
        used = head * 1.18 + mm(1.0)
        body = replace(box, y=box.y + used, h=box.h - used)
        _text(canvas, size, body, "the variants", _variants(game), INK, src=rules.variants[0].src)
    _footer(canvas, size, layout, game, "Reference · setup")


# ---- the role cards ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _RoleBlock:
    role: Role
    cards: str  # the standard cards that play it, or "" for none


def _blocks(game: Game) -> list[_RoleBlock]:
    pieces = {p.id: p for p in game.pieces or ()}
    out = []
    for role in game.roles or ():
        piece = pieces.get(role.piece.id) if role.piece else None
        out.append(_RoleBlock(role, cards_text(piece.cards) if piece else ""))
    return out


def _tag(block: _RoleBlock) -> str:
    return "variant" if block.role.variant else ""


def _header_parts(block: _RoleBlock, s: float, width: float) -> tuple[bool, float, float]:
    """(the cards fit on the name line, icon radius, name size) at type size s; a long name
    shrinks to the line, down to the text's size."""
    r = s * 0.72
    tag_w = _width(_tag(block), "sans-italic", s * 0.85) + s * 0.4 if _tag(block) else 0.0
    room = width - 2 * r - s * 0.5 - tag_w
    name_size = min(s * 1.25, room / max(_width(block.role.name, "serif-bold", 1.0), 1e-6))
    if name_size < s:
        raise Overflow(f"the role name '{block.role.name}' does not fit its line", block.role.src)
    name_w = _width(block.role.name, "serif-bold", name_size)
    cards_w = _width(block.cards or "no card", "sans-bold", s)
    return room - name_w - s >= cards_w, r, name_size


def _wins(block: _RoleBlock, s: float, width: float) -> str:
    inline, _, _ = _header_parts(block, s, width)
    if inline or not block.cards:
        return block.role.wins
    return f"**{block.cards}**: {block.role.wins}"


def _block_height(block: _RoleBlock, style: rtext.Style, s: float, width: float) -> float:
    """A role's height at type size s (infinite if its name does not fit the line)."""
    fixed = replace(style, size=s, min_size=s)
    try:
        wins = _wins(block, s, width)
    except Overflow:
        return math.inf
    return (
        s * 1.6
        + rtext.fit(
            wins, fixed, width, 1e6, what=_wins_what(block), box="roles", src=block.role.src
        ).height
    )


def _wins_what(block: _RoleBlock) -> str:
    return f"how the role '{block.role.name}' wins"


def _blocks_height(
    blocks: Sequence[_RoleBlock], style: rtext.Style, s: float, width: float
) -> float:
    gap = s * 1.0
    return sum(_block_height(b, style, s, width) for b in blocks) + gap * max(0, len(blocks) - 1)


def role_pages(game: Game, layout: Layout) -> list[tuple[Role, ...]]:
    """The roles spread over as few cards as hold them at the box's own size, as evenly as
    they can be; a role too long for a card of its own stops the build."""
    box = layout.box("roles")
    style = _style(box)
    blocks = _blocks(game)
    if not blocks:
        return []
    for b in blocks:
        if _blocks_height([b], style, style.min_size, box.w) > box.h + 0.01:
            raise Overflow(f"the role '{b.role.name}' does not fit a card of its own", b.role.src)
    heights = [_block_height(b, style, style.size, box.w) for b in blocks]
    gap = style.size

    def height(chunk: Sequence[float]) -> float:
        return sum(chunk) + gap * max(0, len(chunk) - 1)

    for cards in range(1, len(blocks) + 1):
        best: tuple[float, list[tuple[float, ...]]] | None = None
        for cuts in itertools.combinations(range(1, len(blocks)), cards - 1):
            edges = (0, *cuts, len(blocks))
            chunks = [tuple(heights[a:b]) for a, b in itertools.pairwise(edges)]
            worst = max(height(c) for c in chunks)
            if worst <= box.h + 0.01 and (best is None or worst < best[0] - 0.01):
                best = (worst, chunks)
        if best is not None:
            out, i = [], 0
            for chunk in best[1]:
                out.append(tuple(b.role for b in blocks[i : i + len(chunk)]))
                i += len(chunk)
            return out
    # Nothing fits at the full size: one role a card, each shrinking as it needs.
    return [(b.role,) for b in blocks]


def _roles_size(blocks: Sequence[_RoleBlock], box: Box) -> float:
    style = _style(box)
    s = style.size
    while _blocks_height(blocks, style, s, box.w) > box.h + 0.01:
        if s - 0.25 < style.min_size - 1e-9:
            names = ", ".join(b.role.name for b in blocks)
            raise Overflow(f"the roles {names} do not fit their card")
        s -= 0.25
    return s


def draw_roles(
    canvas: Canvas,
    size: Size,
    game: Game,
    roles: Sequence[Role],
    layout: Layout,
    theme: Theme,
    page: int,
    pages: int,
) -> None:
    """A role card: each role, the standard cards that play it, and how it wins."""
    _ground(canvas, size, theme.fill(PAPER))
    numbered = f" {page} of {pages}" if pages > 1 else ""
    bottom = _band(canvas, size, layout, theme, "WHO WINS, AND WITH WHICH CARDS", "Roles")
    _frame(canvas, size, theme, bottom - mm(1.2))
    _watermark(canvas, size, game, "reference-roles", bottom - mm(1.2), theme)
    box = layout.box("roles")
    style = _style(box)
    wanted = {r.id for r in roles}
    blocks = [b for b in _blocks(game) if b.role.id in wanted]
    s = _roles_size(blocks, box)
    spare = box.h - _blocks_height(blocks, style, s, box.w)
    extra = min(s * 1.2, spare / (len(blocks) - 1)) / 2 if len(blocks) > 1 else 0.0
    top = size.height - box.y
    for n, block in enumerate(blocks):
        if n:
            top -= s * 0.5 + extra
            canvas.saveState()
            canvas.setStrokeColor(INK if theme.ink_saver else GOLD)
            canvas.setLineWidth(0.35)
            canvas.setDash(1, 1.5)
            canvas.line(box.x + mm(6), top, box.x + box.w - mm(6), top)
            canvas.restoreState()
            top -= s * 0.5 + extra
        inline, r, name_size = _header_parts(block, s, box.w)
        heading = replace(box, name="role heading")  # labels, held to the label floor
        line_h = s * 1.6
        cy = top - line_h / 2
        _medallion(
            canvas,
            game,
            _role_art(game, block.role),
            _role_icon(block.role),
            box.x + r,
            cy,
            r,
            theme,
        )
        name_x = box.x + 2 * r + s * 0.5
        _say(
            canvas,
            block.role.name,
            "serif-bold",
            name_size,
            name_x,
            cy + name_size * 1.18 / 2,
            box.w,
            INK if theme.ink_saver else FELT_DARK,
            what=f"the name of the role '{block.role.name}'",
            box=heading,
            src=block.role.src,
        )
        if _tag(block):
            tag_x = name_x + _width(block.role.name, "serif-bold", name_size) + s * 0.4
            _say(
                canvas,
                _tag(block),
                "sans-italic",
                s * 0.85,
                tag_x,
                cy + s * 0.85 * 1.18 / 2 - s * 0.05,
                box.w,
                INK if theme.ink_saver else GOLD_ON_CREAM,
                what=f"the tag of the role '{block.role.name}'",
                box=heading,
                src=block.role.src,
            )
        if inline:
            label = block.cards or "no card"
            w = _width(label, "sans-bold", s)
            _say(
                canvas,
                label,
                "sans-bold" if block.cards else "sans-italic",
                s,
                box.x + box.w - w,
                cy + s * 1.18 / 2,
                w,
                INK if block.cards else MUTED,
                what=f"the cards of the role '{block.role.name}'",
                box=heading,
                src=block.role.src,
            )
        top -= line_h
        wins = replace(style, size=s, min_size=s)
        fitted = rtext.fit(
            _wins(block, s, box.w),
            wins,
            box.w,
            1e6,
            what=_wins_what(block),
            box=box.name,
            src=block.role.src,
        )
        rtext.draw(canvas, fitted, box.x, top, box.w, INK)
        top -= fitted.height
    _footer(canvas, size, layout, game, f"Reference · roles{numbered}")


# ---- the printable deck -----------------------------------------------------------------------


def _piece_role(game: Game, piece: Piece) -> Role | None:
    return next((r for r in game.roles or () if r.piece and r.piece.id == piece.id), None)


def piece_texts(game: Game, piece: Piece) -> tuple[str, str, str]:
    """(kind line, title, text) of a printable card of a piece."""
    rules = game.rules
    assert isinstance(rules, HeistRules)
    role = _piece_role(game, piece)
    if piece.id == rules.apology_piece.id:
        return (
            "THE BOSS'S",
            cap(piece.name),
            "Lies face up before the Boss, never in the treasure.",
        )
    kind = "TREASURE" if piece.id == rules.diamond_piece.id else "ROLE CARD"
    if role is None:
        return kind, cap(piece.name), ""
    if role.variant:
        names = {v.id: v.name for v in rules.variants}
        kind += f" · {names.get(role.variant.id, role.variant.id).upper()} VARIANT"
    text = role.wins
    if role.name.lower() != piece.name.lower():
        text = f"Makes you a **{role.name}**. {role.wins}"
    return kind, cap(piece.name), text


def _index(canvas: Canvas, box: Box, card: PlayingCard, colour: str, src: Src) -> None:
    """Rank over suit, in the top-left corner box (the caller turns it for the other)."""
    style = _style(box)
    top = box.y
    rank_size = style.size if len(card.rank) == 1 else style.size * 0.85
    canvas.setFillColor(colour)
    ranked = replace(style, size=rank_size, min_size=min(style.min_size, rank_size))
    rank = rtext.fit_line(
        card.rank, ranked, box.w, what=f"the rank of the {card}", box=box.name, src=src
    )
    rtext.draw_lines(canvas, rank, box.x + box.w / 2, -top - rank_size * 0.8)
    suit_size = style.size * 1.05
    glyphs.suit(
        canvas,
        card.suit.symbol,
        box.x + box.w / 2 - glyphs.suit_width(suit_size) / 2,
        -top - rank_size * 0.95 - suit_size * 0.75,
        suit_size,
        colour,
    )


def draw_piece(
    canvas: Canvas,
    size: Size,
    game: Game,
    piece: Piece,
    card: PlayingCard,
    layout: Layout,
    theme: Theme,
) -> None:
    """A card of the printable deck: the piece, its standard card in the corners, its
    role and how it wins."""
    _ground(canvas, size, theme.fill(PAPER))
    _frame(canvas, size, theme, size.height - size.safe + mm(0.8))
    colour = RED if card.suit.red else INK
    index = layout.box("index")
    for turn in (0, 180):
        canvas.saveState()
        canvas.translate(size.width / 2, size.height / 2)
        canvas.rotate(turn)
        canvas.translate(-size.width / 2, size.height / 2)  # y down from the top edge
        _index(canvas, index, card, colour, piece.src)
        canvas.restoreState()
    emblem = layout.box("emblem")
    _medallion(
        canvas,
        game,
        piece.art.id if piece.art else None,
        _piece_icon(piece.id),
        emblem.x + emblem.w / 2,
        size.height - emblem.y - emblem.h / 2,
        emblem.w / 2,
        theme,
    )
    kind, title, text = piece_texts(game, piece)
    role = _piece_role(game, piece)
    _text(
        canvas,
        size,
        layout.box("kicker"),
        f"the kind line of '{title}'",
        kind,
        INK if theme.ink_saver else GOLD_ON_CREAM,
        src=role.src if role else piece.src,
    )
    _text(
        canvas,
        size,
        layout.box("title"),
        f"the title of '{title}'",
        title,
        INK if theme.ink_saver else FELT_DARK,
        "middle",
        src=piece.src,
    )
    _text(
        canvas,
        size,
        layout.box("equivalent"),
        f"the card of '{title}'",
        f"Standard card: **{card}**",
        MUTED,
        "middle",
        src=piece.src,
    )
    rules = layout.box("rules")
    canvas.saveState()
    canvas.setStrokeColor(INK if theme.ink_saver else GOLD)
    canvas.setLineWidth(0.5)
    y = size.height - rules.y + mm(1.8)
    canvas.line(size.width / 2 - mm(8), y, size.width / 2 + mm(8), y)
    canvas.restoreState()
    if text:
        _text(
            canvas,
            size,
            rules,
            f"the text of '{title}'",
            text,
            INK,
            src=role.src if role else piece.src,
        )
    _footer(canvas, size, layout, game)


@dataclass(frozen=True, slots=True)
class BackLook:
    """How one of Diamond Heist's backs looks: the printable deck's and the reference
    cards' differ in ground (dark felt, light gold: apart in greyscale too), pattern and
    picture, so a reference card shuffled into the deck shows at once."""

    ground: str
    edge: str  # the emblem's halo and the frame
    line: str  # the pattern and the frame's rule
    text: str
    pattern: str  # "lattice" (diamonds) or "stripes" (pinstripes)
    icon: str  # the drawn icon when the content has no picture for this back


BACKS = {
    "deck": BackLook(FELT, FELT_DARK, GOLD, GOLD_LIGHT, "lattice", "gem"),
    "reference": BackLook(GOLD, GOLD_ON_CREAM, FELT, FELT_DARK, "stripes", "crown"),
}


def _pattern(canvas: Canvas, size: Size, kind: str) -> None:
    """The back's pattern over the whole face (the caller clips and colours it)."""
    step = mm(5) if kind == "lattice" else mm(2.2)
    n = int((size.width + size.height) / step) + 2
    for i in range(-n, n + 1):
        if kind == "lattice":
            x = size.width / 2 + i * step
            canvas.line(x - size.height, 0, x + size.height, 2 * size.height)
            canvas.line(x + size.height, 0, x - size.height, 2 * size.height)
        else:
            y = size.height / 2 + i * step
            if 0 <= y <= size.height:
                canvas.line(0, y, size.width, y)


def draw_back(
    canvas: Canvas,
    size: Size,
    game: Game,
    layout: Layout,
    theme: Theme,
    label: str,
    deck: str = "deck",
) -> None:
    """A back (`deck` is "deck" or "reference"): its ground and pattern, the picture
    `art/back-<deck>.svg` in a medallion, the game's title and the suits."""
    look = BACKS[deck]
    _ground(canvas, size, theme.fill(look.ground))
    line = INK if theme.ink_saver else look.line
    inset = size.safe
    canvas.saveState()
    clip = canvas.beginPath()
    clip.roundRect(inset, inset, size.width - 2 * inset, size.height - 2 * inset, mm(3))
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setStrokeColor(line)
    canvas.setStrokeAlpha(0.22 if not theme.ink_saver else 0.35)
    canvas.setLineWidth(0.45)
    _pattern(canvas, size, look.pattern)
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(INK if theme.ink_saver else look.edge)
    canvas.setLineWidth(1.2)
    canvas.roundRect(
        inset, inset, size.width - 2 * inset, size.height - 2 * inset, mm(3), stroke=1, fill=0
    )
    canvas.setStrokeColor(line)
    canvas.setLineWidth(0.4)
    d = mm(1.2)
    canvas.roundRect(
        inset + d,
        inset + d,
        size.width - 2 * (inset + d),
        size.height - 2 * (inset + d),
        mm(2),
        stroke=1,
        fill=0,
    )
    canvas.restoreState()
    emblem = layout.box("emblem")
    cx, cy = emblem.x + emblem.w / 2, size.height - emblem.y - emblem.h / 2
    canvas.saveState()
    canvas.setFillColor(WHITE if theme.ink_saver else look.edge)
    canvas.circle(cx, cy, emblem.w / 2 + mm(1.5), stroke=0, fill=1)
    canvas.restoreState()
    _medallion(canvas, game, back_art(game, deck), look.icon, cx, cy, emblem.w / 2, theme)
    title = game.info.title if game.info else game.id
    text = INK if theme.ink_saver else look.text
    _text(
        canvas,
        size,
        layout.box("title"),
        "the title on the back",
        title.upper(),
        text,
        "middle",
        src=game.info.src if game.info else None,
    )
    version = f"v{game.info.version}" if game.info else ""
    kicker = "  ·  ".join(p for p in (label.upper(), version) if p)
    _text(
        canvas,
        size,
        layout.box("kicker"),
        "the kind line on the back",
        kicker,
        text,
        src=game.info.src if game.info else None,
    )
    for i, suit in enumerate("♠♥♦♣"):
        s = 8.0
        x = size.width / 2 + (i - 1.5) * mm(5.5) - glyphs.suit_width(s) / 2
        glyphs.suit(canvas, suit, x, size.height - layout.box("kicker").y - mm(8), s, text)


# ---- groups and outputs -----------------------------------------------------------------------


def _face(fn: Callable[..., None], *args: Any) -> sheets.DrawFace:
    def draw(canvas: Canvas, size: Size) -> None:
        fn(canvas, size, *args)

    return draw


def _card_id(card: PlayingCard) -> str:
    return f"{card.rank.lower()}{card.suit.value[0]}"


def card_groups(game: Game, geo: Geometry, theme: Theme) -> list[Group]:
    """Diamond Heist's cards as printable items: the reference cards, then the printable
    deck (each copy once, each naming its own standard card). Empty for other games."""
    if not game.pieces or not isinstance(game.rules, HeistRules):
        return []
    layouts = geo.layouts
    ref_back = _face(draw_back, game, layouts["heist-back"], theme, "Reference", "reference")
    refs = [
        Item(
            "setup",
            _face(draw_setup, game, layouts["heist-setup"], theme),
            ref_back,
            "Setup reference",
        )
    ]
    roles_layout = layouts["heist-roles"]
    pages = role_pages(game, roles_layout)
    for n, roles in enumerate(pages, start=1):
        refs.append(
            Item(
                f"roles-{n}" if len(pages) > 1 else "roles",
                _face(draw_roles, game, roles, roles_layout, theme, n, len(pages)),
                ref_back,
                f"Roles reference {n}" if len(pages) > 1 else "Roles reference",
            )
        )
    groups = [Group(REFERENCE, tuple(refs))]
    counts = deck_counts(game)
    deck_back = _face(draw_back, game, layouts["heist-back"], theme, "", "deck")
    items = []
    for piece in game.pieces:
        for card in piece.cards[: counts.get(piece.id, 0)]:
            items.append(
                Item(
                    f"{piece.id}-{_card_id(card)}",
                    _face(draw_piece, game, piece, card, layouts["heist-card"], theme),
                    deck_back,
                    f"{piece.name[:1].upper()}{piece.name[1:]} ({card})",
                    f"{card.rank} of {card.suit.value}: the {piece.name}",
                )
            )
    if items:
        groups.append(Group(DECK, tuple(items)))
    return groups


def outputs(game: Game, geo: Geometry, opts: Options) -> list[Output]:
    """cards-<paper>.pdf (duplex, after a registration test) and cards-gutterfold-<paper>.pdf
    for each paper; nothing for a game without pieces and heist rules."""
    from pnp.render.build import card_files

    return card_files(game, geo, opts, card_groups(game, geo, Theme(opts.ink_saver)))
