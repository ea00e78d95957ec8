"""What a face really draws: every string and suit symbol, its type size and its colour, and
the colours under its letters. Shared by the readable-type and contrast tests.

`record` draws every face of a game (`checks.fit.faces`, the faces the fit check measures and
the build prints) on a canvas that notes each string drawn (`drawString` and its kin, which
is how `render.text` and every renderer set type) and each suit symbol (`glyphs.suit`, drawn
as a shape): its text, font, size, fill colour and the box its letters take on the page.

`contrast` measures, for each of those texts, what a reader sees. Each face is drawn twice
more and rasterised: once with every text left out (the ground: backgrounds, badges, coins,
flames, hatching) and once with only the texts, in black (the ink). The ink's dark pixels
inside a text's box are its letters; the ground's pixels under them are what it is printed
on. The text's contrast is the WCAG ratio of its fill colour to those ground colours, taken
at the 20th percentile by area (so a fifth of its letters may stand on something worse, a
hatching line or the edge of a ring, but no more).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

import pypdfium2 as pdfium
from PIL import Image
from reportlab.lib.colors import black, toColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.checks import fit
from pnp.content.project import Game
from pnp.render import fonts, glyphs, palette
from pnp.render.cards import Theme

Box = tuple[float, float, float, float]  # left, bottom, right, top in page points
RGB = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Text:
    """One string or suit symbol a face drew."""

    face: str  # which face (`fit.Sketch.what`)
    page: int  # its page in the recording
    text: str
    font: str  # reportlab's font name; "suit" for a suit symbol
    size: float
    colour: RGB
    alpha: float
    box: Box

    @property
    def bold(self) -> bool:
        return any(w in self.font.lower() for w in ("bold", "black")) or self.font == "suit"

    @property
    def large(self) -> bool:
        """WCAG's large text: 18 pt, or 14 pt bold (suit symbols are solid shapes)."""
        return self.size >= 18 or (self.size >= 14 and self.bold)


@cache
def _parsed(colour: str) -> Any:
    return toColor(colour)  # reportlab parses a colour string anew on every call


def _rgb(colour: Any) -> RGB:
    c = _parsed(colour) if isinstance(colour, str) else colour
    return (float(c.red), float(c.green), float(c.blue))


def rgb(colour: str) -> RGB:
    """A colour such as '#d84315' as (red, green, blue), each 0 to 1."""
    return _rgb(colour)


class Recorder(Canvas):
    """A canvas that notes every text drawn. `mode` says what it draws: "all", "ground"
    (everything but text) or "ink" (only text, all in black)."""

    TEXT_OPS = ("drawString", "drawCentredString", "drawRightString")
    SHAPE_OPS = (
        "drawPath",
        "rect",
        "roundRect",
        "circle",
        "ellipse",
        "line",
        "lines",
        "wedge",
        "arc",
        "bezier",
        "grid",
        "drawImage",
        "drawInlineImage",
        "doForm",
    )

    def __init__(self, mode: str) -> None:
        fonts.register()
        self.buffer = io.BytesIO()
        super().__init__(self.buffer, invariant=True)
        self.mode = mode
        self.texts: list[Text] = []
        self.what = ""
        self.page = 0
        self.in_text = 0  # inside a suit symbol
        self._fill: RGB = (0.0, 0.0, 0.0)
        self._alpha = 1.0
        self._stack: list[tuple[RGB, float]] = []

    @property
    def state(self) -> Any:
        """reportlab's own state (font, transform), which it keeps in private attributes."""
        return self

    # -- state the renderers set
    def saveState(self) -> None:
        self._stack.append((self._fill, self._alpha))
        super().saveState()

    def restoreState(self) -> None:
        self._fill, self._alpha = self._stack.pop()
        super().restoreState()

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        colour = _parsed(aColor) if isinstance(aColor, str) else aColor
        self._fill = _rgb(colour)
        super().setFillColor(black if self.mode == "ink" else colour, alpha)

    def setFillAlpha(self, a: float) -> None:
        self._alpha = a
        if self.mode != "ink":
            super().setFillAlpha(a)

    # -- where a text lands
    def _page_box(self, left: float, baseline: float, width: float, size: float) -> Box:
        a, b, c, d, e, f = self.state._currentMatrix
        corners = [
            (left, baseline - 0.25 * size),
            (left + width, baseline - 0.25 * size),
            (left, baseline + 0.8 * size),
            (left + width, baseline + 0.8 * size),
        ]
        xs = [a * x + c * y + e for x, y in corners]
        ys = [b * x + d * y + f for x, y in corners]
        return (min(xs), min(ys), max(xs), max(ys))

    def note(
        self,
        text: str,
        font: str,
        size: float,
        left: float,
        baseline: float,
        width: float,
        colour: RGB,
    ) -> None:
        if text.strip():
            self.texts.append(
                Text(
                    self.what,
                    self.page,
                    text,
                    font,
                    size,
                    colour,
                    self._alpha,
                    self._page_box(left, baseline, width, size),
                )
            )

    def _string(self, op: str, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
        font, size = self.state._fontname, self.state._fontsize
        width = stringWidth(text, font, size)
        left = {"drawString": x, "drawCentredString": x - width / 2, "drawRightString": x - width}[
            op
        ]
        self.note(text, font, size, left, y, width, self._fill)
        if self.mode != "ground":
            getattr(super(), op)(x, y, text, *args, **kw)

    def drawString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
        self._string("drawString", x, y, text, *args, **kw)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
        self._string("drawCentredString", x, y, text, *args, **kw)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
        self._string("drawRightString", x, y, text, *args, **kw)


def _shape(op: str) -> Callable[..., Any]:
    def draw(self: Recorder, *args: Any, **kw: Any) -> Any:
        if self.mode == "ink" and not self.in_text:
            return None
        return getattr(Canvas, op)(self, *args, **kw)

    draw.__name__ = op
    return draw


for _op in Recorder.SHAPE_OPS:
    setattr(Recorder, _op, _shape(_op))


@contextmanager
def _suits_noted() -> Iterator[None]:
    """`glyphs.suit` noting each symbol on a Recorder, and drawn only where text is."""
    original = glyphs.suit

    def suit(
        canvas: Canvas,
        which: str,
        x: float,
        baseline: float,
        size: float,
        colour: str | None = None,
    ) -> None:
        if not isinstance(canvas, Recorder):
            original(canvas, which, x, baseline, size, colour)
            return
        fill = colour or (palette.RED if which in "♥♦" else palette.INK)
        canvas.note(which, "suit", size, x, baseline, glyphs.suit_width(size), _rgb(fill))
        if canvas.mode == "ground":
            return
        canvas.in_text += 1
        try:
            original(canvas, which, x, baseline, size, colour)
        finally:
            canvas.in_text -= 1

    glyphs.suit = suit
    try:
        yield
    finally:
        glyphs.suit = original


@dataclass(frozen=True, slots=True)
class Recording:
    texts: list[Text]
    pages: list[tuple[str, float, float]]  # (face, width, height) of each page, in points
    pdf: bytes


def record(game: Game, theme: Theme, mode: str = "all") -> Recording:
    """Every face of `game` in `theme`, one a page (with its bleed round it), and every text
    it drew."""
    return record_sketches(fit.faces(game, theme), mode)


def record_sketches(sketches: Sequence[fit.Sketch], mode: str = "all") -> Recording:
    """These faces, one a page (with its bleed round it), and every text they drew."""
    canvas = Recorder(mode)
    pages: list[tuple[str, float, float]] = []
    with _suits_noted():
        for n, sketch in enumerate(sketches):
            w, h = sketch.width + 2 * sketch.bleed, sketch.height + 2 * sketch.bleed
            canvas.setPageSize((w, h))
            canvas.what, canvas.page = sketch.what, n
            canvas.saveState()
            canvas.translate(sketch.bleed, sketch.bleed)
            sketch.draw(canvas)
            canvas.restoreState()
            canvas.showPage()
            pages.append((sketch.what, w, h))
    canvas.save()
    return Recording(canvas.texts, pages, canvas.buffer.getvalue())


# -- contrast -------------------------------------------------------------------------------

SCALE = 4.0  # pixels a point: 288 dpi, a 6 pt letter some 17 pixels tall
SHARE = 0.2  # the share of a text's letters that may stand on a worse ground


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour (0..1 channels)."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


@dataclass(frozen=True, slots=True)
class Measured:
    text: Text
    contrast: float  # at SHARE of its letters' area; 0 if no letter showed
    ground: RGB  # the commonest colour under its letters
    pixels: int  # how many of its letters' pixels were measured

    @property
    def needed(self) -> float:
        return 3.0 if self.text.large else 4.5


def edge_strips(page: pdfium.PdfPage, dpi: float, band: int) -> dict[str, Image.Image]:
    """The strips `band` pixels deep along each side of a page, rendered at `dpi` in RGB,
    by side: only they are rendered (pdfium crops the page to each strip), for a test that
    looks at the page's edge alone."""
    deep = band * 72 / dpi  # in points
    w, h = page.get_size()
    crops = {  # the points cut off the (left, bottom, right, top) of the page
        "left": (0, 0, w - deep, 0),
        "right": (w - deep, 0, 0, 0),
        "top": (0, h - deep, 0, 0),
        "bottom": (0, 0, 0, h - deep),
    }
    return {
        side: page.render(scale=dpi / 72, crop=crop, rev_byteorder=True).to_pil()
        for side, crop in crops.items()
    }


def _pages(data: bytes, grey: bool = False) -> list[Image.Image]:
    """Every page at `SCALE`: in RGB, or rendered in grey (the ink, black on white)."""
    doc, mode = pdfium.PdfDocument(data), "L" if grey else "RGB"
    pages = [doc[i].render(scale=SCALE, grayscale=grey).to_pil() for i in range(len(doc))]
    return [p if p.mode == mode else p.convert(mode) for p in pages]


MISSING = (255, 0, 254)  # a colour no face uses: pixels outside a text's letters
# The ink's dark pixels are its letters; the others are outside them. A lookup table (PIL
# would call a function for each of the 256 levels of every crop to make one).
_OUTSIDE = [0 if v < 128 else 255 for v in range(256)]


def contrast(game: Game, theme: Theme) -> list[Measured]:
    """Every text of every face of `game` in `theme`, art and all, with its contrast against
    the ground under its letters."""
    return contrast_of(fit.faces(game, theme, art=True))


def contrast_of(sketches: Sequence[fit.Sketch]) -> list[Measured]:
    """Every text these faces draw, with its contrast against the ground under its
    letters."""
    ground = record_sketches(sketches, "ground")
    ink = record_sketches(sketches, "ink")
    assert [(t.face, t.text, t.box) for t in ground.texts] == [
        (t.face, t.text, t.box) for t in ink.texts
    ], "the two drawings differ"
    grounds = _pages(ground.pdf)
    inks = _pages(ink.pdf, grey=True)
    out = []
    for text in ground.texts:
        _, _, height = ground.pages[text.page]
        left, bottom, right, top = text.box
        crop = (
            max(0, int(left * SCALE)),
            max(0, int((height - top) * SCALE)),
            int(right * SCALE) + 1,
            int((height - bottom) * SCALE) + 1,
        )
        outside = inks[text.page].crop(crop).point(_OUTSIDE)
        under = grounds[text.page].crop(crop)  # a copy: the page's ground under the box
        under.paste(MISSING, None, outside)
        colours: list[tuple[int, tuple[int, ...]]] = [
            (n, c)
            for n, c in under.getcolors(under.width * under.height) or ()
            if isinstance(c, tuple) and c != MISSING
        ]
        measured = []
        for n, c in colours:
            bg = (c[0] / 255, c[1] / 255, c[2] / 255)
            fg = tuple(
                text.alpha * f + (1 - text.alpha) * g for f, g in zip(text.colour, bg, strict=True)
            )
            measured.append((ratio(fg, bg), n))  # type: ignore[arg-type]
        total = sum(n for _, n in measured)
        worst, seen = 0.0, 0
        for value, n in sorted(measured):
            seen += n
            worst = value
            if seen >= SHARE * total:
                break
        common = max(colours, default=(0, (255, 255, 255)))[1]
        out.append(
            Measured(text, worst, (common[0] / 255, common[1] / 255, common[2] / 255), total)
        )
    return out
