"""Text layout and fitting: wrap rich text into a box, shrinking it down to a floor size.

Text is plain with two marks: `**bold**`, and a line that opens with capitals and a colon
("MORNING:") has that heading set bold. Playing-card suits (♠♥♦♣), which the text fonts
lack, are drawn as shapes. `fit()` measures real glyph widths with the embedded fonts, so
what it says fits is what prints; what does not fit at the floor is reported, never cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, glyphs

SUITS = "♠♥♦♣"
_HEADING = re.compile(r"^([A-Z][A-Z0-9 ()'’/-]*:)")


@dataclass(frozen=True, slots=True)
class Style:
    """How a block of text is set."""

    face: str = "sans"
    size: float = 9.0
    min_size: float = 8.0
    leading: float = 1.18  # line height as a multiple of the size
    align: str = "left"  # left or center
    colour: str = "#1d1d1b"
    paragraph_gap: float = 0.35  # extra space between paragraphs, in lines


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

    @property
    def overflow(self) -> float:
        """How far the text runs past the bottom of the box at the size used (0 if it fits)."""
        return max(0.0, self.height - self.box_height)

    @property
    def fits(self) -> bool:
        return self.overflow <= 0.01


def _words(paragraph: str, face: str) -> list[tuple[str, str]]:
    """(text, face) tokens: words and the spaces after them, with bold runs and headings."""
    tokens: list[tuple[str, str]] = []
    head = _HEADING.match(paragraph)
    body = paragraph
    if head:
        bold = fonts.styled(face, True, False)
        tokens += [(w, bold) for w in re.findall(r"\S+\s*", head.group(1) + " ")]
        body = paragraph[head.end():].lstrip()
    for i, part in enumerate(re.split(r"\*\*", body)):
        run_face = fonts.styled(face, i % 2 == 1, False)
        tokens += [(w, run_face) for w in re.findall(r"\S+\s*|\s+", part)]
    return tokens


def _measure(text: str, face: str, size: float) -> float:
    total = 0.0
    plain = ""
    for ch in text:
        if ch in SUITS:
            total += fonts.width(plain, face, size) + glyphs.suit_width(size)
            plain = ""
        else:
            plain += ch
    return total + fonts.width(plain, face, size)


def layout(text: str, style: Style, size: float, width: float) -> tuple[Line, ...]:
    """Wrap `text` at `width` points in `style` at `size`."""
    lines: list[Line] = []
    leading_gap = style.paragraph_gap * size * style.leading
    for p_index, paragraph in enumerate(text.split("\n")):
        gap = leading_gap if p_index and lines else 0.0
        runs: list[Run] = []
        x = 0.0
        for word, face in _words(paragraph, style.face):
            stripped = word.rstrip()
            w_full = _measure(word, face, size)
            w_word = _measure(stripped, face, size)
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
                word = stripped + word[len(word.rstrip()):]
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
    width = merged[-1].x + _measure(merged[-1].text.rstrip(), merged[-1].face, size) \
        if merged else 0.0
    return Line(tuple(merged), width, gap)


def fit(text: str, style: Style, width: float, height: float, step: float = 0.25) -> Fitted:
    """Set `text` in a `width` x `height` box at the largest size from `style.size` down to
    `style.min_size` that fits; at the floor, the result says how far it overflows."""
    size = style.size
    while True:
        lines = layout(text, style, size, width)
        used = _height(lines, style, size)
        if used <= height + 0.01 or size - step < style.min_size - 1e-9:
            return Fitted(replace(style, size=size), size, lines, used, height)
        size -= step


def _height(lines: Sequence[Line], style: Style, size: float) -> float:
    if not lines:
        return 0.0
    return len(lines) * size * style.leading + sum(line.gap_before for line in lines)


def draw(canvas: Canvas, fitted: Fitted, x: float, top: float, width: float,
         colour: str | None = None, valign: str = "top") -> None:
    """Draw fitted text with its first line's top at `top` (y grows upwards in PDF)."""
    size = fitted.size
    line_h = size * fitted.style.leading
    y = top
    if valign == "middle":
        y = top - max(0.0, (fitted.box_height - fitted.height) / 2)
    canvas.setFillColor(colour or fitted.style.colour)
    for line in fitted.lines:
        y -= line.gap_before + line_h
        baseline = y + (line_h - size) / 2 + size * 0.22
        dx = (width - line.width) / 2 if fitted.style.align == "center" else 0.0
        for run in line.runs:
            _draw_run(canvas, run, x + dx + run.x, baseline, size)


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
