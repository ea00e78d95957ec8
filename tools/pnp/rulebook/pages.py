"""How the rulebook's story is laid on its pages, as reportlab flowables and a canvas.

- `Wide`: a table or drawing set across the whole width between the margins, wider than the
  text's column (the column keeps a measure of about seventy characters).
- `ChapterBreak`: the only place the book starts a new page by itself, where a chapter opens
  and what is left of the page cannot hold its opening, or the whole of a short chapter.
- `KeepWithNext`: a heading kept with the start of what follows it, not with all of it.
- `BookCanvas` and `table_font`: no font enters the book without being embedded.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import CondPageBreak, Flowable, ListFlowable, PageBreak, Paragraph, Spacer
from reportlab.platypus import Table as RLTable
from reportlab.platypus.doctemplate import FrameBreak
from reportlab.platypus.flowables import KeepTogether

from pnp.render import fonts, pdf
from pnp.render.units import mm


def table_font() -> tuple[Any, ...]:
    """A table command that sets every cell's font to one of ours: reportlab's default cell
    font is the standard Helvetica, which would enter the PDF without being embedded (even
    for a table whose cells are all paragraphs or empty)."""
    return ("FONT", (0, 0), (-1, -1), fonts.font("sans"), 9)


class BookCanvas(pdf.EmbeddingCanvas):
    """The rulebook's canvas: the kit's own canvas, so that no font enters the book without
    being embedded (see `pdf.EmbeddingCanvas.setFont`), whoever draws on it."""


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
        total: float = self._H  # type: ignore[attr-defined]  # KeepTogether.wrap sets it
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
