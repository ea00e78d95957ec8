"""Text layout and fitting: wrap rich text into a box, shrinking it down to a floor size.

Text is plain with two marks: `**bold**`, and a line that opens with capitals and a colon
("MORNING:") has that heading set bold. Playing-card suits (♠♥♦♣), which the text fonts
lack, are drawn as shapes. `fit()` (a block that wraps) and `fit_line()` (one line: a name
on a coin, a number in a badge) measure real glyph widths with the embedded fonts, so what
they say fits is what prints; what does not fit at the floor is reported, never cut.

Every renderer sets the texts it draws from the content through these two functions, and
says what each text is and where the content writes it. Inside `measuring()` every call is
recorded: the fit check draws every face on a scratch page and reports what did not fit, so
whatever a renderer draws has been measured by the check, with the same call on the same box.

No text shrinks below its floor, whatever floor its renderer asks for: the layouts'
`floors` (`templates/layouts/components.yaml`) give one for rules text (the boxes they name)
and one for everything else. A text that would need to go smaller, or that a renderer asks
for smaller, does not fit (E720).

Where a text lands is recorded too: inside `placing()`, `draw` and `draw_lines` note the
rectangle each text they set covers on the page (its lines as set, after alignment, from
their fonts' ascent to their descent), through the canvas's current transformation, with
what the renderer said it is; `render.icons` notes each icon's drawn box the same way
(`place`, `placed`). The safe-zone check (`checks/safe_zone.py`) holds them to a print
vendor's safe zone. Outside `placing()` nothing is noted and nothing drawn changes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import NamedTuple

import yaml
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp import resources
from pnp.content.loader import SAFE_LOADER
from pnp.content.model import Src
from pnp.render import fonts, glyphs
from pnp.render.palette import INK
from pnp.render.units import UnitError, parse

SUITS = "♠♥♦♣"
_HAS_SUIT = re.compile(f"[{SUITS}]").search
_HEADING = re.compile(r"^([A-Z][A-Z0-9 ()'’/-]*:)")


@dataclass(frozen=True, slots=True)
class Style:
    """How a block of text is set."""

    face: str = "sans"
    size: float = 9.0
    min_size: float = 8.0
    leading: float = 1.18  # line height as a multiple of the size
    align: str = "left"  # left or center
    colour: str = INK
    paragraph_gap: float = 0.35  # extra space between paragraphs, in lines


@dataclass(frozen=True, slots=True)
class Floors:
    """The smallest type a text may be set at: rules text (in the boxes named) and
    everything else (names, labels, footers, numbers, suit symbols, words on chips); and
    the exceptions still pending, each a (box, start of its text, floor) until its renderer
    changes."""

    rules: float = 7.5
    label: float = 6.0
    rules_boxes: frozenset[str] = frozenset(
        {"rules", "bend", "cost", "signature", "roles", "notes", "variants"}
    )
    pending: tuple[tuple[str, str, float], ...] = ()

    def of(self, box: str, text: str = "") -> float:
        """The floor of `text` set in the box named `box`."""
        for where, start, least in self.pending:
            if where == box and text.startswith(start):
                return least
        return self.rules if box in self.rules_boxes else self.label


LAYOUTS = resources.TEMPLATES / "layouts" / "components.yaml"


@cache
def floors() -> Floors:
    """The floors the layouts give (their `floors`; the defaults above where they say
    nothing, or cannot be read: the layouts' own check reports why)."""
    try:
        data = yaml.load(LAYOUTS.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        given = data.get("floors") or {}
        default = Floors()
        boxes = given.get("rules_boxes")
        pending = tuple(
            (str(p["box"]), str(p["text"]), parse(p["min"])) for p in given.get("pending") or ()
        )
        return Floors(
            parse(given.get("rules", default.rules)),
            parse(given.get("label", default.label)),
            frozenset(map(str, boxes)) if boxes else default.rules_boxes,
            pending,
        )
    except (OSError, yaml.YAMLError, UnitError, AttributeError, TypeError, KeyError):
        return Floors()


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of one line set in one face: text, or a suit drawn as a shape."""

    text: str
    face: str
    x: float
    width: float


@dataclass(frozen=True, slots=True)
class Line:
    runs: tuple[Run, ...]
    width: float
    gap_before: float  # extra space above, at paragraph starts


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text set in a box: the size used, the lines, and any overflow (in points)."""

    style: Style
    size: float
    lines: tuple[Line, ...]
    height: float
    box_height: float
    width: float = 0.0  # the widest line
    box_width: float = math.inf
    floor: float = 0.0  # the smallest it may be set at

    @property
    def below_floor(self) -> bool:
        """Whether it is set smaller than its floor (its renderer asked for a size below it)."""
        return self.size < self.floor - 1e-6

    @property
    def overflow(self) -> float:
        """How far the text runs past the bottom, or for one line past the side, of the box
        at the size used (0 if it fits)."""
        return max(0.0, self.height - self.box_height, self.width - self.box_width)

    @property
    def too_wide(self) -> bool:
        """Whether the text runs past the side of its box rather than its bottom."""
        return self.width - self.box_width > self.height - self.box_height

    @property
    def fits(self) -> bool:
        """Whether the text stays inside its box, at its floor or larger."""
        return self.overflow <= 0.01 and not self.below_floor


class Measured(NamedTuple):
    """One text a renderer fitted: what it is, the box, the room it had (width and height;
    0 height for one line), the result, and where it is written: the content's line, or for
    the renderer's own wording the layout's box (None when neither is known). A tuple: the
    fit check records one for every text of every face, and a tuple is made in a fraction
    of the time a frozen dataclass is."""

    what: str
    box: str
    text: str
    width: float
    height: float
    fitted: Fitted
    src: Src | None


# The open `measuring()` blocks, innermost last: a face that checks its own texts while the
# fit check measures every face.
_MEASURED: ContextVar[tuple[list[Measured], ...]] = ContextVar("pnp_measured", default=())


@contextmanager
def measuring() -> Iterator[list[Measured]]:
    """Record every text fitted inside the block, in order, fitting or not."""
    seen: list[Measured] = []
    token = _MEASURED.set((*_MEASURED.get(), seen))
    try:
        yield seen
    finally:
        _MEASURED.reset(token)


def _record(
    fitted: Fitted, text: str, width: float, height: float, what: str, box: str, src: Src | None
) -> Fitted:
    sinks = _MEASURED.get()
    places = _PLACING.get()
    if sinks or places:
        measured = Measured(what or "a text", box, text, width, height, fitted, src)
        for seen in sinks:
            seen.append(measured)
        for open_ in places:
            open_.named[id(fitted)] = measured
    return fitted


# ---- where texts and icons land -------------------------------------------------------------

Rect = tuple[float, float, float, float]  # left, bottom, right, top


@dataclass(frozen=True, slots=True)
class Placed:
    """One text or icon drawn inside `placing()`: `kind` ("text" or "icon"), what it is and
    its words (or the icon's name), the box and the line that write it (as for `Measured`;
    empty and None where the renderer did not say), and the rectangle it covers in the
    page's own coordinates (left, bottom, right, top), whatever transformation the canvas
    had when it was drawn."""

    kind: str
    what: str
    text: str
    box: str
    src: Src | None
    rect: Rect


@dataclass(slots=True)
class _Placing:
    """An open `placing()` block: what it has recorded, and the texts fitted inside it, by
    the id of their `Fitted` (each kept alive here, so no id is reused while it is open)."""

    seen: list[Placed]
    named: dict[int, Measured]


_PLACING: ContextVar[tuple[_Placing, ...]] = ContextVar("pnp_placing", default=())
# Inside something recorded whole (a text, an icon): what it draws is a part of it.
_INSIDE: ContextVar[bool] = ContextVar("pnp_placing_inside", default=False)
_NOTHING: AbstractContextManager[None] = nullcontext()
_ANCHORS = {"left": 0.0, "center": 0.5, "right": 1.0}  # the share of a line left of its x


@contextmanager
def placing() -> Iterator[list[Placed]]:
    """Record every text and icon drawn inside the block, in order, where it lands."""
    open_ = _Placing([], {})
    token = _PLACING.set((*_PLACING.get(), open_))
    try:
        yield open_.seen
    finally:
        _PLACING.reset(token)


def is_placing() -> bool:
    """Whether a text or icon drawn now is recorded: a `placing()` block is open, and it is
    not a part of something recorded whole."""
    return bool(_PLACING.get()) and not _INSIDE.get()


def _on_page(canvas: Canvas, rect: Rect) -> Rect:
    """A rectangle of the canvas's current coordinates as the rectangle it covers on the
    page (all four corners through the current transformation)."""
    a, b, c, d, e, f = canvas._currentMatrix  # type: ignore[attr-defined]
    left, bottom, right, top = rect
    corners = ((left, bottom), (right, bottom), (left, top), (right, top))
    xs = [a * x + c * y + e for x, y in corners]
    ys = [b * x + d * y + f for x, y in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def place(
    canvas: Canvas,
    kind: str,
    what: str,
    text: str,
    rect: Rect,
    box: str = "",
    src: Src | None = None,
) -> None:
    """Record a text or icon covering `rect` (in the canvas's current coordinates), when
    `is_placing()`."""
    if is_placing():
        placed_ = Placed(kind, what, text, box, src, _on_page(canvas, rect))
        for open_ in _PLACING.get():
            open_.seen.append(placed_)


def placed(
    canvas: Canvas,
    kind: str,
    what: str,
    text: str,
    rect: Rect,
    box: str = "",
    src: Src | None = None,
) -> AbstractContextManager[None]:
    """`place` the text or icon, and count everything drawn inside the block as a part of
    it (an icon's shapes, a text's strings): `with placed(...): draw it`."""
    if not is_placing():
        return _NOTHING
    place(canvas, kind, what, text, rect, box, src)
    return _part_of_it()


@contextmanager
def _part_of_it() -> Iterator[None]:
    token = _INSIDE.set(True)
    try:
        yield
    finally:
        _INSIDE.reset(token)


@cache
def _body(font: str) -> tuple[float, float]:
    """How far a font's letters reach above and below the baseline, as shares of its size
    (its ascent, and its descent as a positive depth)."""
    ascent, descent = pdfmetrics.getAscentDescent(font)
    return ascent / 1000, -descent / 1000


def place_string(canvas: Canvas, text: str, x: float, baseline: float, anchor: str) -> None:
    """Record a string a renderer draws straight on the canvas (`drawString` and its kin,
    `anchor` "left", "center" or "right" of x), in the canvas's current font, when
    `is_placing()`."""
    if not text.strip() or not is_placing():
        return
    font: str = canvas._fontname  # type: ignore[attr-defined]
    size: float = canvas._fontsize  # type: ignore[attr-defined]
    width = pdfmetrics.stringWidth(text, font, size)
    left = x - width * _ANCHORS[anchor]
    up, down = _body(font)
    rect = (left, baseline - down * size, left + width, baseline + up * size)
    place(canvas, "text", "the text", text, rect)


def _placed_text(
    canvas: Canvas, fitted: Fitted, lines: Sequence[tuple[Line, float, float]]
) -> AbstractContextManager[None]:
    """`placed` for a fitted text drawn as `lines` (each line, its left end and its
    baseline): the rectangle its lines cover, named as the renderer named it when it
    fitted it."""
    if not is_placing():
        return _NOTHING
    size = fitted.size
    rects = []
    for line, left, baseline in lines:
        if line.width <= 0 or not line.runs:
            continue
        up = max(_body(fonts.font(run.face))[0] for run in line.runs) * size
        down = max(_body(fonts.font(run.face))[1] for run in line.runs) * size
        rects.append((left, baseline - down, left + line.width, baseline + up))
    if not rects:
        return _NOTHING
    rect = (
        min(r[0] for r in rects),
        min(r[1] for r in rects),
        max(r[2] for r in rects),
        max(r[3] for r in rects),
    )
    named = next(
        (o.named[id(fitted)] for o in reversed(_PLACING.get()) if id(fitted) in o.named), None
    )
    if named is None:
        words = "\n".join("".join(run.text for run in line.runs).rstrip() for line in fitted.lines)
        return placed(canvas, "text", "the text", words, rect)
    return placed(canvas, "text", named.what, named.text, rect, named.box, named.src)


def _words(paragraph: str, face: str) -> list[tuple[str, str]]:
    """(text, face) tokens: words and the spaces after them, with bold runs and headings."""
    tokens: list[tuple[str, str]] = []
    head = _HEADING.match(paragraph)
    body = paragraph
    if head:
        bold = fonts.styled(face, True, False)
        tokens += [(w, bold) for w in re.findall(r"\S+\s*", head.group(1) + " ")]
        body = paragraph[head.end() :].lstrip()
    for i, part in enumerate(re.split(r"\*\*", body)):
        run_face = fonts.styled(face, i % 2 == 1, False)
        tokens += [(w, run_face) for w in re.findall(r"\S+\s*|\s+", part)]
    return tokens


@lru_cache(maxsize=65536)
def _measure(text: str, face: str, size: float) -> float:
    """The width of a piece of a line, suits included (kept: the same words come back in
    text after text at the same size)."""
    if not _HAS_SUIT(text):
        return fonts.width(text, face, size)
    total = 0.0
    plain = ""
    for ch in text:
        if ch in SUITS:
            total += fonts.width(plain, face, size) + glyphs.suit_width(size)
            plain = ""
        else:
            plain += ch
    return total + fonts.width(plain, face, size)


@lru_cache(maxsize=65536)
def layout(text: str, style: Style, size: float, width: float) -> tuple[Line, ...]:
    """Wrap `text` at `width` points in `style` at `size` (a pure function, kept: the fit
    check and the build set the same texts in the same boxes)."""
    lines: list[Line] = []
    leading_gap = style.paragraph_gap * size * style.leading
    for p_index, paragraph in enumerate(text.split("\n")):
        gap = leading_gap if p_index and lines else 0.0
        runs: list[Run] = []
        x = 0.0
        for word, face in _words(paragraph, style.face):
            stripped = word.rstrip()
            w_full = _measure(word, face, size)
            w_word = w_full if stripped == word else _measure(stripped, face, size)
            if runs and x + w_word > width + 0.01 and stripped:
                lines.append(_line(runs, gap, size))
                gap, runs, x = 0.0, [], 0.0
            if not runs and not stripped:
                continue  # no spaces at the start of a line
            while w_word > width and stripped:  # a word longer than the line: break it
                cut = _longest_prefix(stripped, face, size, width - x) or 1
                runs.append(Run(stripped[:cut], face, x, _measure(stripped[:cut], face, size)))
                lines.append(_line(runs, gap, size))
                gap, runs, x = 0.0, [], 0.0
                stripped = stripped[cut:]
                word = stripped + word[len(word.rstrip()) :]
                w_full, w_word = _measure(word, face, size), _measure(stripped, face, size)
            runs.append(Run(word, face, x, w_full))
            x += w_full
        lines.append(_line(runs, gap, size))
    return tuple(lines)


def _longest_prefix(word: str, face: str, size: float, room: float) -> int:
    n = len(word)
    while n > 1 and _measure(word[:n], face, size) > room:
        n -= 1
    return n


def _line(runs: Sequence[Run], gap: float, size: float) -> Line:
    """A finished line, its words merged into one run per face; its width leaves out the
    trailing space (for centring)."""
    merged: list[Run] = []
    for run in runs:
        if merged and merged[-1].face == run.face:
            last = merged[-1]
            merged[-1] = Run(last.text + run.text, last.face, last.x, last.width + run.width)
        else:
            merged.append(run)
    width = (
        merged[-1].x + _measure(merged[-1].text.rstrip(), merged[-1].face, size) if merged else 0.0
    )
    return Line(tuple(merged), width, gap)


def fit(
    text: str,
    style: Style,
    width: float,
    height: float,
    step: float = 0.25,
    *,
    what: str = "",
    box: str = "",
    src: Src | None = None,
) -> Fitted:
    """Set `text` in a `width` x `height` box at the largest size from `style.size` down to
    its floor that fits: `style.min_size`, or the layouts' floor for the box if that is
    larger. At the floor, the result says how far it overflows. `what`, `box` and `src` name
    the text for the fit check."""
    fitted = _own(_fit(text, style, width, height, step, box))
    return _record(fitted, text, width, height, what, box, src)


# The same text set in the same box the same way is set once per process (a face drawn by
# the check and then by the build, a label on every board, a game checked again): what a
# setting is depends on these arguments alone (and on the layouts' floors, read once).
@lru_cache(maxsize=16_384)
def _fit(text: str, style: Style, width: float, height: float, step: float, box: str) -> Fitted:
    floor = max(style.min_size, floors().of(box, text))
    size = style.size
    while True:
        lines = layout(text, style, size, width)
        used = _height(lines, style, size)
        if used <= height + 0.01 or size - step < floor - 1e-9:
            widest = max((line.width for line in lines), default=0.0)
            return Fitted(_at_size(style, size), size, lines, used, height, widest, width, floor)
        size -= step


def _own(fitted: Fitted) -> Fitted:
    """A setting kept for reuse, as an object of its own where `placing()` is recording
    (it tells texts apart by their object)."""
    return replace(fitted) if _PLACING.get() else fitted


def fit_line(
    text: str, style: Style, width: float, *, what: str = "", box: str = "", src: Src | None = None
) -> Fitted:
    """Set `text` on one line no wider than `width`, never wrapped: at `style.size` if it
    fits, else at the size that makes it exactly as wide as `width` (a line's width grows
    with its size), but never below its floor (`style.min_size`, or the layouts' floor for
    the box if larger), where the result says how far it runs past the side."""
    fitted = _own(_fit_line(text, style, width, box))
    return _record(fitted, text, width, 0.0, what, box, src)


@lru_cache(maxsize=16_384)
def _fit_line(text: str, style: Style, width: float, box: str) -> Fitted:
    floor = max(style.min_size, floors().of(box, text))
    one = " ".join(text.split("\n"))
    size = style.size
    lines = layout(one, style, size, math.inf)
    wide = max((line.width for line in lines), default=0.0)
    if wide > width + 0.01 and wide > 0:
        size = max(min(floor, size), size * max(width, 0.0) / wide)
        lines = layout(one, style, size, math.inf)
        wide = max((line.width for line in lines), default=0.0)
    used = _height(lines, style, size)
    return Fitted(_at_size(style, size), size, lines, used, used, wide, width, floor)


@lru_cache(maxsize=4096)
def _at_size(style: Style, size: float) -> Style:
    """`style` set at `size` (kept: every text of a box shrinks through the same sizes)."""
    return replace(style, size=size)


def _height(lines: Sequence[Line], style: Style, size: float) -> float:
    if not lines:
        return 0.0
    return len(lines) * size * style.leading + sum(line.gap_before for line in lines)


def marks(canvas: Canvas) -> bool:
    """Whether drawing on `canvas` does anything: not on a canvas that keeps no marks
    (`pnp_marks` false: the fit check's scratch page, where every text was measured when
    it was fitted), unless where things land is being recorded (`placing`). A renderer
    may stop early on such a canvas, but only where what it skips fits no text."""
    return getattr(canvas, "pnp_marks", True) or is_placing()


def draw(
    canvas: Canvas,
    fitted: Fitted,
    x: float,
    top: float,
    width: float,
    colour: str | None = None,
    valign: str = "top",
) -> None:
    """Draw fitted text with its first line's top at `top` (y grows upwards in PDF)."""
    if not marks(canvas):
        return
    size = fitted.size
    line_h = size * fitted.style.leading
    y = top
    if valign == "middle":
        y = top - max(0.0, (fitted.box_height - fitted.height) / 2)
    canvas.setFillColor(colour or fitted.style.colour)
    lines = []  # each line, its left end and its baseline
    for line in fitted.lines:
        y -= line.gap_before + line_h
        baseline = y + (line_h - size) / 2 + size * 0.22
        dx = (width - line.width) / 2 if fitted.style.align == "center" else 0.0
        lines.append((line, x + dx, baseline))
    with _placed_text(canvas, fitted, lines):
        for line, left, baseline in lines:
            for run in line.runs:
                _draw_run(canvas, run, left + run.x, baseline, size)


def draw_lines(
    canvas: Canvas, fitted: Fitted, x: float, baseline: float, anchor: str = "center"
) -> None:
    """Draw fitted text line by line, the first on `baseline` and each next one a line
    lower, each with its left end, centre or right end at x (in the colour already set)."""
    if not marks(canvas):
        return
    lines = []  # each line, its left end and its baseline
    for line in fitted.lines:
        lines.append((line, x - line.width * _ANCHORS[anchor], baseline))
        baseline -= fitted.size * fitted.style.leading
    with _placed_text(canvas, fitted, lines):
        for line, _, on in lines:
            _draw_line(canvas, line, fitted.size, x, on, anchor)


def _draw_line(
    canvas: Canvas, line: Line, size: float, x: float, baseline: float, anchor: str
) -> None:
    start = {"left": x, "center": x - line.width / 2, "right": x - line.width}[anchor]
    if len(line.runs) == 1 and not any(ch in SUITS for ch in line.runs[0].text):
        run = line.runs[0]  # one plain run: one string, placed as reportlab places it
        canvas.setFont(fonts.font(run.face), size)
        text = run.text.rstrip()
        if anchor == "center":
            canvas.drawCentredString(x, baseline, text)
        elif anchor == "right":
            canvas.drawRightString(x, baseline, text)
        else:
            canvas.drawString(x, baseline, text)
        return
    for run in line.runs:
        _draw_run(canvas, run, start + run.x, baseline, size)


def ring_room(radius: float, size: float, margin: float) -> float:
    """How wide a line of type `size` may be, centred in a ring of `radius`: the chord half
    a size above and below the middle (where the corners of its letters reach), less
    `margin` at each end."""
    half = size / 2
    return max(0.0, 2 * math.sqrt(max(radius * radius - half * half, 0.0)) - 2 * margin)


def _draw_run(canvas: Canvas, run: Run, x: float, baseline: float, size: float) -> None:
    plain = ""
    cursor = x
    for ch in run.text:
        if ch in SUITS:
            if plain:
                canvas.setFont(fonts.font(run.face), size)
                canvas.drawString(cursor, baseline, plain)
                cursor += fonts.width(plain, run.face, size)
                plain = ""
            glyphs.suit(canvas, ch, cursor, baseline, size)
            cursor += glyphs.suit_width(size)
        else:
            plain += ch
    if plain:
        canvas.setFont(fonts.font(run.face), size)
        canvas.drawString(cursor, baseline, plain)
