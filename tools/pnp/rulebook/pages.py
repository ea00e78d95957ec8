"""How the rulebook's story is laid on its pages, as reportlab flowables and a canvas.

- `Wide`: a table or drawing set across the whole width between the margins, wider than the
  text's column (the column keeps a measure of about seventy characters).
- `ChapterBreak`: the only place the book starts a new page by itself, where a chapter opens
  and what is left of the page cannot hold its opening, or the whole of a short chapter.
- `KeepWithNext`: a heading kept with the start of what follows it, not with all of it.
- `Para`, `Grid` and `Contents`: a paragraph that breaks its lines once for each width, a
  table that sizes its rows once for each room it is given, and a table of contents made
  again only when its entries change; platypus measures each many times.
- `BookFrame`: a frame that, on a pass only counting pages, places flowables without drawing.
- `BookCanvas` and `table_font`: no font enters the book without being embedded.
"""

from __future__ import annotations

import ast
import weakref
from typing import Any

from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Frame,
    ListFlowable,
    PageBreak,
    Paragraph,
    Spacer,
)
from reportlab.platypus import Table as RLTable
from reportlab.platypus.doctemplate import FrameBreak, Indenter
from reportlab.platypus.flowables import KeepTogether
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers
from reportlab.rl_config import _FUZZ

from pnp.render import fonts, pdf
from pnp.render.units import mm
from pnp.rulebook import paraparse


def table_font() -> tuple[Any, ...]:
    """A table command that sets every cell's font to one of ours: reportlab's default cell
    font is the standard Helvetica, which would enter the PDF without being embedded (even
    for a table whose cells are all paragraphs or empty)."""
    return ("FONT", (0, 0), (-1, -1), fonts.font("sans"), 9)


class BookCanvas(pdf.EmbeddingCanvas):
    """The rulebook's canvas: the kit's own canvas, so that no font enters the book without
    being embedded (see `pdf.EmbeddingCanvas.setFont`), whoever draws on it."""


class Para(Paragraph):
    """A paragraph that breaks its lines once for each width it is set at, and shares its
    parse and its lines with every paragraph of the same words in the same style.

    Platypus wraps a paragraph again whenever anything measures it (a chapter's opening, a
    heading kept with what follows, each cell of a table as the table is measured and as it
    is drawn, each pass of the build), and parsing the markup and breaking lines are most of
    the time a book takes to lay out. The lines depend on the words, the style and the width
    alone (the height only decides where a split falls, which `split` works out from the
    lines), so each width's lines are kept and set again; the same book on another paper
    sets its text column at the same width, so its paragraphs find their lines made."""

    def __init__(
        self, text: Any, style: Any = None, bulletText: Any = None, frags: Any = None, **kw: Any
    ) -> None:
        if frags is not None or bulletText is not None or kw or not isinstance(text, str):
            # a part of a split paragraph (its words are given), or a paragraph with extras
            super().__init__(text, style, bulletText, frags, **kw)
            self._broken: dict[float, tuple[Any, ...]] = {}
            return
        key = (text, _style_key(style))
        shared = _TYPESET.get(key)
        if shared is None:
            parsed = paraparse.parse(text, style)
            if parsed is None:
                super().__init__(text, style)
            else:
                super().__init__(parsed[0], parsed[1], frags=parsed[2])
            shared = (self.style, self.frags, self.text, {})
            if self.bulletText is None:  # (a <bullet> in the markup: not shared)
                if len(_TYPESET) >= _TYPESET_MAX:
                    _TYPESET.clear()
                _TYPESET[key] = shared
        else:
            super().__init__(shared[2], shared[0], frags=shared[1])
        self._broken = shared[3]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availWidth < _FUZZ:  # too narrow to hold anything: nothing is broken
            return super().wrap(availWidth, availHeight)
        para: Any = self  # the lines are reportlab's private attributes
        kept = self._broken.get(availWidth)
        if kept is None:
            super().wrap(availWidth, availHeight)
            # breaking the lines turns the paragraph's fragments into words, which the
            # lines point into: they are kept together
            kept = (para.width, para.height, para._wrapWidths, para.blPara, para._width_max)
            self._broken[availWidth] = (*kept, para.frags)
        else:
            (
                para.width,
                para.height,
                para._wrapWidths,
                para.blPara,
                para._width_max,
                para.frags,
            ) = kept
        return para.width, para.height


# Paragraphs made from the same markup in the same style: (text, style's key) -> (style,
# parsed fragments, text, lines by width). Cleared when full.
_TYPESET: dict[tuple[str, tuple[Any, ...]], tuple[Any, Any, str, dict[float, tuple[Any, ...]]]]
_TYPESET = {}
_TYPESET_MAX = 8192


def _style_key(style: Any) -> tuple[Any, ...]:
    """Everything a paragraph style sets, as a key: its class and each attribute's value;
    worked out once per style (a style is not changed once paragraphs use it)."""
    key = _STYLE_KEYS.get(style)
    if key is None:
        values = sorted((k, _frozen(v)) for k, v in vars(style).items() if k != "parent")
        key = (type(style), *values)
        _STYLE_KEYS[style] = key
    return key


_STYLE_KEYS: weakref.WeakKeyDictionary[Any, tuple[Any, ...]] = weakref.WeakKeyDictionary()


def _frozen(value: Any) -> Any:
    """A style's value as a key: a plain value itself; a colour, or anything else that can
    be a key, with its class (colours are equal when their components are); else its
    repr."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, tuple | list):
        return tuple(_frozen(v) for v in value)
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return (type(value), value)


class Grid(RLTable):
    """A table that works out its rows' heights once for each room it is given.

    Platypus sizes a table again whenever anything measures it (a chapter's opening, a
    heading kept with what follows, the frame that places it, its split), and the second
    pass of the build measures it exactly as the first did. The heights depend on the width
    and the cells alone (the columns' widths are worked out once, by reportlab itself), and
    on the height only where cells span rows (reportlab then stops measuring rows once the
    room is full), so they are kept by width, or by width and height. The rectangles of
    spanned cells are worked out as reportlab does, since which ones it keeps depends on
    what was measured before."""

    def _calc(self, availWidth: float, availHeight: float) -> None:
        table: Any = self  # the sizes are reportlab's private attributes
        sized: dict[tuple[float, float | None], tuple[Any, ...]]
        sized = self.__dict__.setdefault("_sized", {})
        room = (availWidth, availHeight if table._spanCmds else None)
        kept = sized.get(room)
        if kept is None:
            super()._calc(availWidth, availHeight)  # type: ignore[misc]
            sized[room] = (table._rowHeights, table._rowpositions, table._height, table._hmax)
            return
        table._rowHeights, table._rowpositions, table._height, table._hmax = kept
        if table._spanCmds:
            table._calcSpanRects()


class Contents(TableOfContents):
    """The table of contents, as reportlab draws it, but its table of entries is made again
    only when the entries' words or the width change, not each time platypus measures it
    (the pass that finds the pages makes it with every page 0, the last fills them in), and
    its entries are `Para`s."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._made: tuple[Any, ...] | None = None
        self._draw_end: Any = None
        self._pages: dict[int, int] = {}  # each entry's page, by its place in the contents

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        last: list[tuple[Any, ...]] = self._lastEntries  # type: ignore[attr-defined]
        entries = last or [(0, "Placeholder for table of contents", 0, None)]
        self._pages = {i: page for i, (_level, _text, page, _key) in enumerate(entries)}
        made = (tuple((level, text, key) for level, text, _page, key in entries), availWidth)
        if made != self._made:
            self._made = made
            self._table = self._make(entries, availWidth, availHeight)
        self.canv.setNamedCB("drawTOCEntryEnd", self._draw_end)
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def _make(
        self, entries: list[tuple[Any, ...]], availWidth: float, availHeight: float
    ) -> RLTable:
        def draw_end(canvas: Any, kind: str, label: str) -> None:
            """The dots and the page number after an entry."""
            place, level, key = label.split(",")
            style = self.getLevelStyle(int(level))
            dot = " . " if 0 <= self.dotsMinLevel <= int(level) else ""
            page = self._pages[int(place)]
            key = ast.literal_eval(key)
            drawPageNumbers(canvas, style, [(page, key)], availWidth, availHeight, dot)

        self._draw_end = draw_end
        rows: list[list[Flowable]] = []
        for place, (level, text, _page, key) in enumerate(entries):
            style = self.getLevelStyle(level)
            if key:
                text = f'<a href="#{key}">{text}</a>'
                value = repr(key).replace(",", "\\x2c").replace('"', "\\x2c")
            else:
                value = None
            end = f'<onDraw name="drawTOCEntryEnd" label="{place:d},{level:d},{value}"/>'
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            rows.append([Para(text + end, style)])
        return Grid(rows, colWidths=(availWidth,), style=self.tableStyle)


class BookFrame(Frame):
    """A frame of the book's pages. On a pass that only counts pages (the document's
    `sketch`), it places each flowable as usual but does not draw it: that pass's pages are
    thrown away."""

    def add(self, flowable: Flowable, canv: Any, trySplit: int = 0) -> Any:
        if not getattr(getattr(canv, "_doctemplate", None), "sketch", False):
            return super().add(flowable, canv, trySplit)
        flowable.drawOn = _unseen  # type: ignore[method-assign]
        try:
            return super().add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn


def _unseen(canvas: Any, x: float, y: float, _sW: float = 0) -> None:
    """What a flowable draws on a pass that only counts pages: nothing."""


class Wide(Flowable):
    """A table or drawing set wider than the text column, out to the page's margins: it
    tells the frame it is as wide as the column and draws `left` points further left."""

    def __init__(self, inner: Flowable, left: float, right: float) -> None:
        super().__init__()
        self.inner = inner
        self.left = left
        self.right = right

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        _w, h = self.inner.wrap(availWidth + self.left + self.right, availHeight)
        self.width, self.height = availWidth, h
        return availWidth, h

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        parts = self.inner.split(availWidth + self.left + self.right, availHeight)
        return [Wide(p, self.left, self.right) for p in parts]

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        self.inner.drawOn(canvas, x - self.left, y)

    def getSpaceBefore(self) -> float:
        return float(self.inner.getSpaceBefore())

    def getSpaceAfter(self) -> float:
        return float(self.inner.getSpaceAfter())

    def getKeepWithNext(self) -> bool:
        return bool(self.inner.getKeepWithNext())  # type: ignore[no-untyped-call]


class ChapterBreak(CondPageBreak):
    """Where a chapter opens: on a new page when what is left of this one cannot hold the
    chapter's opening (its first `room` of text, and whole any drawing that reaches into
    it), or when the whole chapter is no longer than `keep` but longer than what is left (so
    a short chapter is never split over two pages). Its flowables are set after the story is
    made (`chapters`)."""

    def __init__(self, room: float, keep: float) -> None:
        super().__init__(room)
        self.room = room
        self.keep = keep
        self.chapter: list[Flowable] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        frame = getattr(getattr(self.canv, "_doctemplate", None), "frame", None)
        page = frame._aH if frame is not None else availHeight  # a whole frame's height
        opening = total = 0.0
        whole = True  # the chapter can be kept on one page
        for f in self.chapter:
            if isinstance(f, PageBreak):  # a page break of its own: never kept whole
                whole = False
                break
            _w, h = f.wrapOn(self.canv, availWidth, page)
            h += f.getSpaceBefore() + f.getSpaceAfter()
            if opening < self.room:  # text and tables split at the mark; drawings do not
                opening += h if splits(f) is False else min(h, self.room - opening)
            total += h
            if total > self.keep and opening >= self.room:
                whole = False
                break
        self.height = max(opening, total if whole and total <= self.keep else 0.0)
        return super().wrap(availWidth, availHeight)


class KeepWithNext(KeepTogether):
    """A heading (or a ruling) kept with what follows it. It moves to the next page only
    when what is left cannot hold it with the start of what follows (all of what follows,
    when that cannot be split): reportlab's own moves it whenever what follows does not fit
    whole, which left a third of a page empty before a long paragraph."""

    START = mm(22)  # the start of a paragraph or table: a few lines, or a row or two

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        """As reportlab's: the height of the content with the space between its parts, kept
        for `split`, and never a fit, so that the frame asks `split` where to break. The
        content is measured at an unbounded height, as reportlab measures it, but with the
        frame itself: reportlab measures it with a copy of the frame (for content that adds
        to the frame when short of room, as nothing is at that height), and copying the
        frame cost more than the measuring."""
        content: list[Flowable] = self._content  # type: ignore[attr-defined]
        room, width, height, after = aW, 0.0, 0.0, 0.0
        first: float | None = None
        for f in content:
            if hasattr(f, "frameAction"):
                if isinstance(f, Indenter):
                    room -= f.left + f.right
                continue
            w, h = f.wrapOn(self.canv, room, 0xFFFFFFF)
            first = h if first is None else first
            if h <= _FUZZ:
                continue
            width = max(width, min(w, room))
            transfer = getattr(f, "_SPACETRANSFER", False)
            if height:
                height += max((after if transfer else f.getSpaceBefore()) - after, 0)
            height += h
            after = after if transfer else f.getSpaceAfter()
            height += after
        self._H, self._H0, self._wrapInfo = height - after, first or 0, (aW, aH)
        return width, 0xFFFFFF

    def split(self, aW: float, aH: float) -> list[Flowable]:
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        content: list[Flowable] = list(self._content)  # type: ignore[attr-defined]
        need = 0.0
        for i, f in enumerate(content):
            _w, h = f.wrapOn(self.canv, aW, 0xFFFFFF)
            h += f.getSpaceBefore() + f.getSpaceAfter()
            last = i == len(content) - 1
            need += min(h, self.START) if last and splits(f) else h
        frame = getattr(self, "_frame", None)
        at_top = bool(frame is not None and getattr(frame, "_atTop", False))
        total: float = self._H  # set by `wrap`
        if total > aH and need > aH and not at_top:
            content.insert(0, FrameBreak())
        return content


def splits(flowable: Flowable) -> bool:
    """Whether a flowable may be split over two pages (text, lists and tables may)."""
    inner = flowable.inner if isinstance(flowable, Wide) else flowable
    return isinstance(inner, Paragraph | RLTable | ListFlowable | Spacer)


def chapters(story: list[Flowable]) -> None:
    """Give each chapter break the flowables of its chapter (up to the next break)."""
    current: ChapterBreak | None = None
    for f in story:
        if isinstance(f, ChapterBreak):
            current = f
        elif current is not None:
            current.chapter.append(f)
