"""Faster stand-ins for the reportlab helpers a rulebook calls most, in force while a book is
laid out and drawn, and while a kit's files are drawn (`fast`, which `pnp.products` also
uses).

Laying out a book breaks thousands of paragraphs into lines and draws every line, and a
good part of that time went to a few small helpers called for every word, every run of text
and every value written:

- `sameFrag` (whether two runs of a line can be joined): reportlab's C version looks up the
  attributes a run rarely has (`cbDefn`, `lineBreak`, `backColor`, `nobr`) by raising and
  clearing an error for each; this one asks without raising.
- `stringWidth` and `getAscentDescent` as the line breaker calls them: the width of each
  word (in a font, at a size) and a font's ascent and descent at a size, kept once worked
  out; a book sets the same words in the same few styles again and again.
- `TTFont.splitString` (a run of text as the bytes of the font's subsets): once every
  character of a run has its code in the document's subset, the bytes are one encoding
  with a table of those codes, not a loop over the characters.
- `Canvas.push_state_stack` (what `saveState` keeps, for every flowable and run of text
  drawn): the state's attributes taken in one step, not one by one.
- `setFillColor` and `setStrokeColor` of canvases and text objects, for an RGB colour: the
  operator from the colour's numbers kept, not formatted again for every run and cell, and
  its opacity set only when that changes something (reportlab sets it every time, and
  finds there is nothing to write).
- `pdfdoc.format` and `pdfdoc.PDFName` as the finished file is written: the bytes of each
  number and name (the widths of every font's characters, the keys of every dictionary, the
  corners of every link), kept once worked out.

Each gives what reportlab's own gives for the same arguments, so the PDF is the same byte
for byte; they replace reportlab's only while a book is made (`fast`), and the measures
kept are dropped when a font of the same name is registered again. While a book is made,
the objects that were there before are also left out of the garbage collector's searches
(see `fast`).
"""

from __future__ import annotations

import codecs
import gc
import operator
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import _PDFColorSetter
from reportlab.platypus import paragraph
from reportlab.platypus.paraparser import ParaFrag

_ABSENT = object()
# the attributes that must be equal for two runs to be joined, as reportlab's C sameFrag
_SAME = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")


def same_frag(f: Any, g: Any) -> bool:
    """Whether two runs of a line can be one (reportlab's `sameFrag`): neither is a drawing
    or a line break, and every attribute of `_SAME` is on both and equal, or on neither.
    A run of the parser's own class keeps its attributes in its `__dict__` alone, where
    they are looked up directly."""
    if type(f) is ParaFrag and type(g) is ParaFrag:
        fd, gd = f.__dict__, g.__dict__
        if "cbDefn" in fd or "cbDefn" in gd or "lineBreak" in fd or "lineBreak" in gd:
            return False
        for name in _SAME:
            a = fd.get(name, _ABSENT)
            b = gd.get(name, _ABSENT)
            if a is not b and (a is _ABSENT or b is _ABSENT or a != b):
                return False
        return True
    if (
        hasattr(f, "cbDefn")
        or hasattr(g, "cbDefn")
        or hasattr(f, "lineBreak")
        or hasattr(g, "lineBreak")
    ):
        return False
    for name in _SAME:
        a = getattr(f, name, _ABSENT)
        b = getattr(g, name, _ABSENT)
        if a is not b and (a is _ABSENT or b is _ABSENT or a != b):
            return False
    return True


_WIDTHS: dict[tuple[str, str, float, str], float] = {}
_HEIGHTS: dict[tuple[str, float | None], tuple[float, float]] = {}
_FONTS: dict[str, Any] = {}  # the font each name stood for when its measures were kept
_KEPT_MAX = 100_000  # measures or bytes kept, at most, of each kind

_string_width: Callable[..., float] = pdfmetrics.stringWidth
_ascent_descent: Callable[..., tuple[float, float]] = pdfmetrics.getAscentDescent


def string_width(text: Any, fontName: str, fontSize: float, encoding: str = "utf8") -> float:
    """The width of `text` in a font at a size (`pdfmetrics.stringWidth`), kept."""
    if type(text) is not str:  # bytes, or a shaped string: as reportlab measures it
        return _string_width(text, fontName, fontSize, encoding)
    key = (text, fontName, fontSize, encoding)
    width = _WIDTHS.get(key)
    if width is None:
        width = _string_width(text, fontName, fontSize, encoding)
        if fontName not in _FONTS:
            _FONTS[fontName] = pdfmetrics.getFont(fontName)
        if len(_WIDTHS) >= _KEPT_MAX:
            _WIDTHS.clear()
        _WIDTHS[key] = width
    return width


def ascent_descent(fontName: str, fontSize: float | None = None) -> tuple[float, float]:
    """A font's ascent and descent at a size (`pdfmetrics.getAscentDescent`), kept."""
    key = (fontName, fontSize)
    found = _HEIGHTS.get(key)
    if found is None:
        found = _ascent_descent(fontName, fontSize)
        if fontName not in _FONTS:
            _FONTS[fontName] = pdfmetrics.getFont(fontName)
        _HEIGHTS[key] = found
    return found


def _forget_refonted() -> None:
    """Drop every kept measure when a font name kept stands for another font now."""
    registered: dict[str, Any] = pdfmetrics._fonts  # type: ignore[attr-defined]
    if any(registered.get(name) is not font for name, font in _FONTS.items()):
        _WIDTHS.clear()
        _HEIGHTS.clear()
        _FONTS.clear()


_split_string: Callable[..., list[tuple[int, bytes]]] = ttfonts.TTFont.splitString


def split_string(
    self: Any, text: Any, doc: Any, encoding: str = "utf-8"
) -> list[tuple[int, bytes]]:
    """A run of text as (subset, bytes) chunks (`TTFont.splitString`). When every character
    already has its code in the document's first subset, that is one chunk, encoded with a
    table of the codes given so far; otherwise (a character new to the document, or in
    another subset) reportlab's own loop gives the codes."""
    state = self.state.get(doc) if type(text) is str and text else None
    if state is not None:
        table = _table(state)
        if table is not None:
            try:
                chunk = codecs.charmap_encode(text.replace("\xa0", " "), "strict", table)[0]
            except UnicodeEncodeError:
                pass
            else:
                return [(0, chunk)]
    return _split_string(self, text, doc, encoding)


def _table(state: Any) -> Any:
    """The encoding table of a font's codes in a document's first subset (character ->
    code), made again when characters have been given codes since; None while the first
    subset does not hold the space (a no-break space is set as a space)."""
    assignments: dict[int, int] = state.assignments
    kept = state.__dict__.get("_pnp_table")
    if kept is not None and kept[0] == len(assignments):
        return kept[1]
    table: Any = None
    if assignments.get(32, 256) < 256:
        slots = ["\ufffe"] * 256  # reportlab's mark for a byte no character encodes to
        for code, n in assignments.items():
            if n < 256 and code != 0xFFFE:
                slots[n] = chr(code)
        table = codecs.charmap_build("".join(slots))
    state._pnp_table = (len(assignments), table)
    return table


_STATE = tuple(Canvas.STATE_ATTRIBUTES)
_state_of = operator.itemgetter(*_STATE)
_push_state: Callable[[Any], None] = Canvas.push_state_stack


def push_state(self: Any) -> None:
    """Keep the canvas's graphics state on its stack (`Canvas.push_state_stack`, which
    `saveState` calls for every flowable and every run of text drawn)."""
    if type(self).STATE_ATTRIBUTES is not Canvas.STATE_ATTRIBUTES:
        _push_state(self)
        return
    self.state_stack.append(dict(zip(_STATE, _state_of(self.__dict__), strict=True)))
    self._extgstate = self._extgstate.pushCopy()


_fill_colour: Callable[..., None] = _PDFColorSetter.setFillColor
_stroke_colour: Callable[..., None] = _PDFColorSetter.setStrokeColor
_RGB: dict[tuple[float, float, float], str] = {}


def _rgb(colour: Color) -> str:
    """An RGB colour's three numbers as the PDF writes them, kept once worked out."""
    key = (colour.red, colour.green, colour.blue)
    found = _RGB.get(key)
    if found is None:
        if len(_RGB) >= _KEPT_MAX:
            _RGB.clear()
        found = _RGB[key] = fp_str(key)
    return found


def set_fill_colour(self: Any, aColor: Any, alpha: float | None = None) -> None:
    """Set the fill colour of a canvas or a text object (`setFillColor`); an RGB colour's
    operator from its numbers kept (every run of text and every cell sets one)."""
    if type(aColor) is not Color or self._enforceColorSpace:
        _fill_colour(self, aColor, alpha)
        return
    self._fillColorObj = aColor
    self._code.append(f"{_rgb(aColor)} rg")
    if alpha is None:
        alpha = getattr(aColor, "alpha", None)
    if alpha is not None and not _alpha_kept(self, "ca", alpha):
        self.setFillAlpha(alpha)


def set_stroke_colour(self: Any, aColor: Any, alpha: float | None = None) -> None:
    """Set the stroke colour of a canvas or a text object (`setStrokeColor`), as
    `set_fill_colour` sets the fill."""
    if type(aColor) is not Color or self._enforceColorSpace:
        _stroke_colour(self, aColor, alpha)
        return
    self._strokeColorObj = aColor
    self._code.append(f"{_rgb(aColor)} RG")
    if alpha is None:
        alpha = getattr(aColor, "alpha", None)
    if alpha is not None and not _alpha_kept(self, "CA", alpha):
        self.setStrokeAlpha(alpha)


_TRANSPARENCY = pdfdoc.PDF_SUPPORT_VERSION["transparency"]


def _alpha_kept(self: Any, key: str, alpha: Any) -> bool:
    """Whether setting `alpha` (`ca` fill, `CA` stroke) would change nothing: the document
    already allows transparency and the graphics state already has it (reportlab's
    `setFillAlpha` then writes nothing, after asking both again; nearly every colour set
    is opaque over opaque)."""
    if type(alpha) is not int and type(alpha) is not float:
        return False
    canvas: Any = self if isinstance(self, Canvas) else getattr(self, "_canvas", None)
    if canvas is None or canvas._doc._pdfVersion < _TRANSPARENCY:
        return False
    state = canvas._extgstate
    return bool(alpha == state._d.get(key, state.defaults[key]))


_pdf_format: Callable[..., bytes] = pdfdoc.format
_FORMATTED: dict[tuple[type, Any], bytes] = {}


def pdf_format(element: Any, document: Any, toplevel: int = 0) -> bytes:
    """A value as it is written in the PDF file (`pdfdoc.format`); the bytes of a number or
    a short string (which depend on nothing but it), kept once worked out."""
    kind = type(element)
    if kind is not int and kind is not float and (kind is not str or len(element) > 64):
        return _pdf_format(element, document, toplevel)
    key = (kind, element)
    found = _FORMATTED.get(key)
    if found is None:
        found = _pdf_format(element, document, toplevel)
        if len(_FORMATTED) >= _KEPT_MAX:
            _FORMATTED.clear()
        _FORMATTED[key] = found
    return found


_pdf_name: Callable[..., str] = pdfdoc.PDFName
_NAMES: dict[str, str] = {}


def pdf_name(data: Any, lo: str = chr(0x21), hi: str = chr(0x7E)) -> str:
    """A PDF name (`pdfdoc.PDFName`: `/Type`, with `#xx` for a character a name cannot
    hold), kept once worked out."""
    if type(data) is not str or lo != "\x21" or hi != "\x7e":
        return _pdf_name(data, lo, hi)
    found = _NAMES.get(data)
    if found is None:
        found = _pdf_name(data)
        if len(_NAMES) >= _KEPT_MAX:
            _NAMES.clear()
        _NAMES[data] = found
    return found


_PATCHES: tuple[tuple[Any, str, Any], ...] = (
    (paragraph, "sameFrag", same_frag),
    (paragraph, "stringWidth", string_width),
    (paragraph, "getAscentDescent", ascent_descent),
    (ttfonts.TTFont, "splitString", split_string),
    (Canvas, "push_state_stack", push_state),
    (_PDFColorSetter, "setFillColor", set_fill_colour),
    (_PDFColorSetter, "setStrokeColor", set_stroke_colour),
    (pdfdoc, "format", pdf_format),
    (pdfdoc, "PDFName", pdf_name),
)
_ORIGINAL = tuple((owner, name, owner.__dict__[name]) for owner, name, _ in _PATCHES)
_LOCK = threading.Lock()
_DEPTH = 0
_FROZE = False
_THRESHOLDS: tuple[int, int, int] | None = None  # the collector's, while a block runs
# Allocations (less deallocations) between two searches of the youngest objects while a
# block runs: Python's 700 set off a search every few paragraphs, each going through the
# page's flowables, lines and words still in use.
YOUNG = 10_000


@contextmanager
def fast() -> Iterator[None]:
    """reportlab with the stand-ins above, for the time of the block (blocks may nest, and
    run in several threads: reportlab's own come back when the last one ends).

    The objects that exist when the block starts (the game, its fonts and pictures, the
    card sheets drawn before) are also set aside from the garbage collector's searches for
    cycles until it ends (`gc.freeze`): a book makes hundreds of thousands of short-lived
    objects, and each full collection they set off searched all of those again. Nothing is
    set aside when something else already froze objects. For the same reason the youngest
    objects are searched after `YOUNG` allocations rather than 700 (the others' thresholds
    are kept): cycles are still found and freed, about fourteen times less often."""
    global _DEPTH, _FROZE, _THRESHOLDS
    with _LOCK:
        if _DEPTH == 0:
            _forget_refonted()
            for owner, name, value in _PATCHES:
                setattr(owner, name, value)
            _FROZE = gc.get_freeze_count() == 0
            if _FROZE:
                gc.freeze()
            _THRESHOLDS = gc.get_threshold()
            young, older, oldest = _THRESHOLDS
            gc.set_threshold(max(young, YOUNG), older, oldest)
        _DEPTH += 1
    try:
        yield
    finally:
        with _LOCK:
            _DEPTH -= 1
            if _DEPTH == 0:
                for owner, name, value in _ORIGINAL:
                    setattr(owner, name, value)
                if _FROZE:
                    gc.unfreeze()
                    _FROZE = False
                if _THRESHOLDS is not None:
                    gc.set_threshold(*_THRESHOLDS)
                    _THRESHOLDS = None
