"""The changelog in pictures: one landscape page per printed face that changed.

Each page shows the old face beside the new one, drawn by the same renderers as `pnp build`
and scaled to fit, each labelled with its version. Under each face are the lines of its
printed words that changed, the changed words highlighted: struck through in red under the
old face, in green under the new. A face only one version has is shown beside an empty
outline. The header names the component and lists the changelog entries it shows.
A review with no changed face gives one page that says so. The PDF is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pnp.diff import words
from pnp.diff.changes import Change
from pnp.diff.faces import Face, FaceChange
from pnp.diff.output import show
from pnp.diff.review import GameDiff, Review
from pnp.render import fonts, glyphs, pdf
from pnp.render.geometry import Size
from pnp.render.palette import INK, MUTED
from pnp.render.text import SUITS
from pnp.render.units import mm

WIDTH, HEIGHT = mm(297), mm(210)  # A4, landscape
MARGIN = mm(12)
GAP = mm(10)
RULE = "#c9c0b0"
SIDES = {  # (label, frame, highlight fill, highlight ink)
    "-": ("BEFORE", "#b3261e", "#f6c9c4", "#8a1c12"),
    "+": ("AFTER", "#2e7d32", "#cdebc5", "#1f5f16"),
}
STATUS_COLOURS = {"changed": "#8a6d1d", "added": "#2e7d32", "removed": "#b3261e"}
WORD_SIZE = 8.5
MAX_SCALE = 1.6


def _string(
    c: Canvas, text: str, face: str, size: float, x: float, y: float, colour: str = INK
) -> float:
    """Draw text at (x, baseline y), suits as shapes; returns its width."""
    c.setFillColor(colour)
    start = x
    chunk = ""
    for ch in text + "\0":
        if ch in SUITS or ch == "\0":
            if chunk:
                c.setFont(fonts.font(face), size)
                c.drawString(x, y, chunk)
                x += fonts.width(chunk, face, size)
                chunk = ""
            if ch in SUITS:
                glyphs.suit(c, ch, x, y, size)
                x += glyphs.suit_width(size)
        else:
            chunk += ch
    return x - start


def _width(text: str, face: str, size: float) -> float:
    plain = "".join(ch for ch in text if ch not in SUITS)
    return fonts.width(plain, face, size) + glyphs.suit_width(size) * (len(text) - len(plain))


def _fit_line(text: str, face: str, size: float, width: float) -> str:
    """The text, cut with an ellipsis to fit a width."""
    if _width(text, face, size) <= width:
        return text
    while text and _width(text + "…", face, size) > width:
        text = text[:-1]
    return text + "…"


def _entry(c: Change, diff: GameDiff) -> str:
    """One changelog entry as a short line: what, and which fields."""
    parts = []
    for f in c.fields:
        if c.status != "changed":
            break
        if f.style == "text":
            parts.append(f"{f.name} changed")
        else:
            parts.append(
                f"{f.name} {show(f.old, f.style, diff.money)} → {show(f.new, f.style, diff.money)}"
            )
    name = c.id if c.kind == "rule" else c.name
    head = f"{c.status} {c.kind} {name}"
    return f"{head}: {'; '.join(parts)}" if parts else head


def _related(change: FaceChange, diff: GameDiff) -> list[str]:
    """The changelog entries the face shows."""
    sources = {s for f in (change.old, change.new) if f is not None for s in f.sources}
    sections = {s for s, ident in sources if ident == "*"}
    return [
        _entry(c, diff)
        for c in diff.changes
        if (c.section, c.id) in sources or c.section in sections
    ]


Run = tuple[str, int]  # (text, state): 0 kept, 1 changed on this side, 2 a place where the
# other side has words this one lacks (drawn as a caret)


def _side_lines(face: Face | None, other: Face | None, op: str) -> list[list[Run]]:
    """The printed lines to show under one face: for a changed face, each line where either
    side changed, as runs; for a face only one version has, every line."""
    if face is None:
        return []
    if other is None:
        return [[(line, 0)] for line in face.text.split("\n") if line]
    old, new = (other, face) if op == "+" else (face, other)
    lines: list[list[Run]] = [[]]
    touched = {0: False}
    pieces = words.diff(old.text, new.text)
    for n, (piece_op, text) in enumerate(pieces):
        if piece_op != "=" and piece_op != op:
            # a caret where the other side has words this side lacks (not beside a
            # replacement, whose own words already show the place)
            beside = {pieces[i][0] for i in (n - 1, n + 1) if 0 <= i < len(pieces)}
            if text.strip() and op not in beside:
                lines[-1].append(("", 2))
                touched[len(lines) - 1] = True
            continue
        for i, part in enumerate(text.split("\n")):
            if i:
                lines.append([])
                touched[len(lines) - 1] = False
            if part:
                changed = piece_op == op
                lines[-1].append((part, int(changed)))
                if changed and part.strip():
                    touched[len(lines) - 1] = True
    return [line for n, line in enumerate(lines) if touched[n] and line]


def _words(
    c: Canvas,
    lines: Sequence[Sequence[Run]],
    op: str,
    x: float,
    top: float,
    width: float,
    bottom: float,
) -> None:
    """Printed lines, wrapped, with the changed words highlighted."""
    _label, _frame, fill, ink = SIDES[op]
    size, lead = WORD_SIZE, WORD_SIZE * 1.45
    y = top - size
    for line in lines:
        cx = x
        for text, state in line:
            if state == 2:  # the other side has words here
                c.setFillColor(SIDES["+" if op == "-" else "-"][1])
                c.rect(cx + 0.9, y - size * 0.3, 1.2, size * 1.25, stroke=0, fill=1)
                cx += 3.0
                continue
            for token in words.tokens(text):
                face = "sans-bold" if state else "sans"
                w = _width(token, face, size)
                if token.isspace():
                    cx += w
                    continue
                if cx + w > x + width and cx > x:
                    cx, y = x + size, y - lead
                if y < bottom:
                    _string(c, "…", "sans", size, x, y + lead, MUTED)
                    return
                if state:
                    c.setFillColor(fill)
                    c.rect(cx - 0.8, y - size * 0.28, w + 1.6, size * 1.22, stroke=0, fill=1)
                _string(c, token, face, size, cx, y, ink if state else INK)
                if state and op == "-":
                    c.setStrokeColor(ink)
                    c.setLineWidth(0.6)
                    c.line(cx, y + size * 0.3, cx + w, y + size * 0.3)
                cx += w
        y -= lead + 2
        if y < bottom:
            return


def _face(
    c: Canvas,
    face: Face | None,
    other: Face | None,
    x: float,
    top: float,
    width: float,
    height: float,
    frame: str,
    missing: str,
) -> float:
    """A face scaled into its box (top-centred), framed; an empty outline when the version
    has none. Returns the bottom of what was drawn."""
    shape = face or other
    assert shape is not None
    size: Size = shape.size
    s = min(width / size.width, height / size.height, MAX_SCALE)
    w, h = size.width * s, size.height * s
    left, low = x + (width - w) / 2, top - h
    if face is None:
        c.saveState()
        c.setStrokeColor(RULE)
        c.setDash(3, 3)
        c.rect(left, low, w, h, stroke=1, fill=0)
        c.restoreState()
        c.setFont(fonts.font("sans-italic"), 9)
        c.setFillColor(MUTED)
        c.drawCentredString(left + w / 2, low + h / 2, missing)
        return low
    c.saveState()
    c.translate(left, low)
    c.scale(s, s)
    clip = c.beginPath()
    clip.roundRect(0, 0, size.width, size.height, size.radius)
    c.clipPath(clip, stroke=0, fill=0)
    face.draw(c, size)
    c.restoreState()
    c.setStrokeColor(frame)
    c.setLineWidth(1.2)
    c.roundRect(left - 2, low - 2, w + 4, h + 4, size.radius * s + 2, stroke=1, fill=0)
    return low


def _page(
    c: Canvas, review: Review, diff: GameDiff, change: FaceChange, n: int, total: int
) -> None:
    x0, right = MARGIN, WIDTH - MARGIN
    y = HEIGHT - MARGIN - 14
    status = change.status.upper()
    pill = _width(status, "sans-bold", 8) + 10
    c.setFillColor(STATUS_COLOURS[change.status])
    c.roundRect(x0, y - 3, pill, 14, 3, stroke=0, fill=1)
    _string(c, status, "sans-bold", 8, x0 + 5, y + 1, "#ffffff")
    title = f"{diff.title}: {change.kind} {change.name}"
    _string(
        c,
        _fit_line(title, "serif-bold", 14, right - x0 - pill - 8),
        "serif-bold",
        14,
        x0 + pill + 8,
        y,
    )
    y -= 15
    _string(
        c,
        f"{review.old.describe()} → {review.new.describe()}  ·  component {change.key}",
        "sans",
        8.5,
        x0,
        y,
        MUTED,
    )
    y -= 4
    related = _related(change, diff) or [
        "its printed words follow from the rules numbers or names it quotes"
    ]
    for line in related[:4]:
        y -= 11
        _string(c, _fit_line("• " + line, "sans", 8.5, right - x0), "sans", 8.5, x0, y)
    if len(related) > 4:
        y -= 11
        _string(
            c,
            f"… and {len(related) - 4} more (see the text changelog)",
            "sans-italic",
            8.5,
            x0,
            y,
            MUTED,
        )
    y -= 10
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(x0, y, right, y)
    panel = (right - x0 - GAP) / 2
    bottom = MARGIN + 16
    versions = {"-": (review.old, diff.old_version), "+": (review.new, diff.new_version)}
    for i, (op, face, other) in enumerate(
        (("-", change.old, change.new), ("+", change.new, change.old))
    ):
        label, frame, _fill, _ink = SIDES[op]
        px = x0 + i * (panel + GAP)
        version, number = versions[op]
        top = y - 16
        head = f"{label} · {version.describe()}" + (f" · v{number}" if number else "")
        _string(c, _fit_line(head, "sans-bold", 9, panel), "sans-bold", 9, px, top, frame)
        room = top - 10 - bottom
        face_bottom = _face(
            c, face, other, px, top - 10, panel, room * 0.66, frame, f"not in {version.describe()}"
        )
        lines = _side_lines(face, other, op)
        words_top = face_bottom - 12
        if face is not None and other is not None:
            heading = "CHANGED LINES" if lines else "NO PRINTED WORD CHANGED: THE DRAWING DID"
            _string(c, heading, "sans-bold", 7, px, words_top, MUTED)
        elif face is not None:
            _string(c, "PRINTED WORDS", "sans-bold", 7, px, words_top, MUTED)
        _words(c, lines, op, px, words_top - 5, panel, bottom)
    c.setStrokeColor(RULE)
    c.line(x0 + panel + GAP / 2, y - 8, x0 + panel + GAP / 2, bottom)
    _string(c, f"pnp diff · {diff.title}", "sans", 7.5, x0, MARGIN, MUTED)
    label = f"page {n} of {total}"
    _string(c, label, "sans", 7.5, right - _width(label, "sans", 7.5), MARGIN, MUTED)


def _empty(c: Canvas, review: Review) -> None:
    y = HEIGHT - MARGIN - 14
    _string(c, "No printed component changed", "serif-bold", 14, MARGIN, y)
    _string(
        c, f"{review.old.describe()} → {review.new.describe()}", "sans", 8.5, MARGIN, y - 15, MUTED
    )
    games = ", ".join(d.title for d in review.games) or "no game"
    _string(c, f"Compared: {games}.", "sans", 9, MARGIN, y - 40)


def render(review: Review) -> tuple[bytes, int]:
    """(PDF bytes, pages): one page per changed face, or one page saying there is none."""
    pages = [(d, f) for d in review.games for f in d.printed]

    def draw(c: Canvas) -> int:
        """Every page; returns how many."""
        if not pages:
            _empty(c, review)
            c.showPage()
            return 1
        for n, (diff, change) in enumerate(pages, start=1):
            _page(c, review, diff, change, n, len(pages))
            c.showPage()
        return len(pages)

    title = f"pnp diff: {review.old.describe()} → {review.new.describe()}"
    return pdf.render(WIDTH, HEIGHT, title, draw, "changed printed components, old beside new")
