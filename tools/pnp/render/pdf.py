"""PDF output that is deterministic and written atomically.

reportlab's invariant mode fixes the creation date and document id, so the same content
gives byte-identical files. Every file is written to a temporary name in its folder and
renamed into place, so a failed build leaves the previous file untouched.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import tempfile
from collections.abc import Callable, Hashable
from functools import cache
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import Color, toColor
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfmetrics import standardFonts
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.render import fonts

# Streams are written as compressed binary, not wrapped again in ASCII85 text as reportlab
# does by default: PDFs a seventh smaller, nothing for a reader to decode twice. (Every PDF
# pnp writes is made after this module is imported: the rulebook's pages draw through it.)
rl_config.useA85 = 0


@cache
def _colour(value: str) -> Color:
    return toColor(value)


@cache
def _embedded(name: str) -> str:
    """The font to set for `name`: itself, or for one of PDF's standard fonts, which
    reportlab never embeds, our face of the same family and style (Times is serif,
    everything else sans)."""
    if name not in standardFonts:
        return name
    family = "serif" if name.startswith("Times") else "sans"
    bold = "Bold" in name
    italic = "Italic" in name or "Oblique" in name
    style = "bold-italic" if bold and italic else "bold" if bold else "italic" if italic else ""
    return fonts.font(fonts.STYLES[family][style] if style else family)


# A font set in a content stream, by its name in the file's font dictionary: `/F1+0 9 Tf`;
# and a string of text in one (reportlab escapes every parenthesis and backslash in it),
# whose words are the content's own and may read like an operator: `(/F7 3 Tf) Tj`.
_SETS_FONT = re.compile(r"/(F\d+(?:\+\d+)?) [\d.]+ Tf\b")  # reportlab's names: F1, F1+0
_STRING = re.compile(r"\((?:[^\\()]|\\.)*\)", re.DOTALL)


def _fonts_set(stream: list[str]) -> list[str]:
    """The names of the fonts a content stream sets, in the order it first sets them; the
    words of its strings are not looked at."""
    found = (
        m[1]
        for line in stream
        for m in _SETS_FONT.finditer(_STRING.sub("()", line) if "(" in line else line)
    )
    return list(dict.fromkeys(found))


class _Canvas(Canvas):
    """A canvas that parses each colour string once (reportlab parses it on every call),
    embeds every font it sets (see `setFont`), whose forms carry every resource they use
    (see `endForm`), and whose every page says where it is trimmed (see `showPage`)."""

    # How far inside the page's edge it is trimmed: 0 for a sheet printed on its paper,
    # the bleed for a single face printed with its bleed.
    pnp_trim = 0.0

    def showPage(self) -> None:
        """End the page with its BleedBox (the whole page) and its TrimBox (`pnp_trim`
        inside it), which print shops' preflights look for on every page."""
        w, h = self._pagesize  # type: ignore[attr-defined]  # reportlab's own, unstubbed
        t = self.pnp_trim
        self._bleedBox = (0, 0, w, h)
        self._trimBox = (t, t, w - t, h - t)
        super().showPage()

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        """Set the font; one of PDF's standard fonts is set as our face of its family and
        style instead, so that no font enters the file without being embedded. reportlab's
        `renderPDF` sets Helvetica as its state before it draws any drawing (an SVG
        picture, text or not), and svglib names standard fonts for the text it draws."""
        super().setFont(_embedded(psfontname), size, leading)

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        """Set the fill colour, from a cached parse of a colour string."""
        super().setFillColor(_colour(aColor) if isinstance(aColor, str) else aColor, alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        """Set the stroke colour, from a cached parse of a colour string."""
        super().setStrokeColor(_colour(aColor) if isinstance(aColor, str) else aColor, alpha)

    def endForm(self, **extra_attributes: Any) -> None:
        """End a form (`beginForm`) whose /Resources name everything its stream uses.

        reportlab gives a form its own graphics states (the `/gRLsN gs` of `setFillAlpha`,
        `setStrokeAlpha`, overprint and blend modes), shadings and colour spaces, and notes
        them on the form object, but `PDFFormXObject.format` writes only the fonts, the
        procedure sets and the nested forms into the form's /Resources. A form's stream
        looks its names up in its own /Resources, so viewers dropped those states (poppler:
        "ExtGState 'gRLs0' is unknown") and drew a 16% hatching at full strength. Here the
        form's resource dictionary is built whole, as reportlab builds a page's, from the
        form's own accumulators (read before `endForm` restores the page's), and handed to
        `endForm`, which sets it on the form so `format` keeps it as it is. The names and the
        order of every entry come from the drawing alone, so the bytes stay deterministic.

        Its fonts are the ones its stream sets (`Tf`), not the document's whole dictionary:
        a reader makes every font of a form's dictionary ready each time the form is drawn,
        so a sheet of 66 coins listing every font of the file took poppler a third longer.
        """
        if "Resources" not in extra_attributes:
            form: Any = self  # the form's accumulators are reportlab's private attributes
            resources: Any = pdfdoc.PDFResourceDictionary()
            used = _fonts_set([form._preamble, *form._code])  # the stream `endForm` writes
            if used:  # each by the name the document gives the font's object (`F1+0`)
                resources.Font = {name: pdfdoc.PDFObjectReference(name) for name in used}
            resources.allProcs()  # the procedure sets reportlab gives every form
            if form._formsinuse:
                resources.XObject = form._doc.xobjDict(form._formsinuse)
            states = form._extgstate.getState()
            if states:
                resources.ExtGState = states
            resources.setShading(form._shadingUsed)
            resources.setColorSpace(form._colorsUsed)
            extra_attributes["Resources"] = resources
        super().endForm(**extra_attributes)


class Scratch(_Canvas):
    """A canvas that draws nothing: for running the renderers only to measure what they set
    (the fit check). State changes (fonts, transforms) still happen; marks are dropped, and
    a fitted text is not set at all (`pnp_marks`: see `render.text.draw`)."""

    pnp_marks = False

    def _nothing(self, *args: Any, **kwargs: Any) -> None:
        return None

    drawString = drawCentredString = drawRightString = drawText = _nothing
    drawPath = ellipse = circle = rect = roundRect = line = lines = wedge = _nothing
    drawImage = drawInlineImage = setFillColor = setStrokeColor = setDash = _nothing  # type: ignore[assignment]
    setLineWidth = setLineJoin = setLineCap = setFillAlpha = setStrokeAlpha = _nothing
    clipPath = _nothing

    # The state a renderer may read back (the transformation, the font) is kept, but no
    # PDF operator is written for it: the page is never made.

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        a0, b0, c0, d0, e0, f0 = self._currentMatrix  # type: ignore[has-type]
        self._currentMatrix = (
            a0 * a + c0 * b,
            b0 * a + d0 * b,
            a0 * c + c0 * d,
            b0 * c + d0 * d,
            a0 * e + c0 * f + e0,
            b0 * e + d0 * f + f0,
        )

    def saveState(self) -> None:
        """Keep the state it tracks (the transformation and the font): the rest of
        reportlab's state never changes on it."""
        state = (self._currentMatrix, self._fontname, self._fontsize, self._leading)
        self.__dict__.setdefault("_pnp_states", []).append(state)

    def restoreState(self) -> None:
        state = self.__dict__["_pnp_states"].pop()
        self._currentMatrix, self._fontname, self._fontsize, self._leading = state

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        name = _embedded(psfontname)
        pdfmetrics.getFont(name)  # an unknown font fails here, as on a real canvas
        self._fontname, self._fontsize = name, size
        self._leading = size * 1.2 if leading is None else leading

    def beginPath(self) -> PDFPathObject:
        return _NO_PATH  # type: ignore[return-value]


class _NoPath:
    """A path that keeps nothing: what `Scratch` hands a renderer to outline on it (every
    method of a path, `moveTo`, `curveTo`, `close` and the rest, does nothing)."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return _nothing


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


_NO_PATH = _NoPath()


EmbeddingCanvas = _Canvas  # for documents other modules build (the rulebook's platypus pages)


def keyed_form(
    canvas: Canvas,
    key: Hashable,
    box: tuple[int, int, int, int],
    draw: Callable[[], object],
) -> str:
    """The name of the PDF form holding what `draw` paints on `canvas` within `box` (left,
    bottom, right, top, in the form's own space), painted the first time `key` is asked for
    on this canvas and placed by reference (`doForm`) every time: a picture a page shows
    many times is drawn once per document. The key holds everything the drawing depends on
    (it is kept, so an object in it is never mistaken for a later one at the same address);
    forms are named in order of first use, so the same drawing gives the same bytes."""
    forms: dict[Hashable, str] = canvas.__dict__.setdefault("_pnp_keyed_forms", {})
    name = forms.get(key)
    if name is None:
        name = f"pnpform{len(forms) + 1}"
        canvas.beginForm(name, *box)
        draw()
        canvas.endForm()
        forms[key] = name
    return name


def scratch_canvas(width: float, height: float) -> Canvas:
    """A canvas whose drawing is dropped (see `Scratch`); a face it is handed registers the
    fonts it names (`fonts.font`)."""
    return Scratch(
        io.BytesIO(),
        pagesize=(width, height),
        invariant=True,
        initialFontName=fonts.font("sans"),  # type: ignore[arg-type]
        initialFontSize=9,
    )


def new_canvas(
    buffer: io.BytesIO, width: float, height: float, title: str, subject: str = ""
) -> Canvas:
    """A canvas that produces the same bytes for the same drawing."""
    fonts.register()
    # The initial font is one of ours, so no unembedded standard font enters the PDF.
    canvas = _Canvas(
        buffer,
        pagesize=(width, height),
        invariant=True,
        pageCompression=1,
        initialFontName=fonts.font("sans"),  # type: ignore[arg-type]  # stub is wrong
        initialFontSize=9,
    )
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setSubject(subject)
    canvas.setCreator("pnp")
    return canvas


def render(
    width: float,
    height: float,
    title: str,
    draw: Callable[[Canvas], int],
    subject: str = "",
    trim: float = 0.0,
) -> tuple[bytes, int]:
    """(PDF bytes, page count) of one document drawn by `draw`, which returns its pages;
    `trim` is how far inside the page's edge each page is trimmed (its bleed)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width, height, title, subject)
    canvas.pnp_trim = trim  # type: ignore[attr-defined]
    pages = draw(canvas)
    canvas.save()
    return buffer.getvalue(), pages


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes) -> str:
    """Write `data` to `path` via a temporary file and a rename; returns its sha256."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # as an ordinary new file would be (mkstemp: 0600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return hashlib.sha256(data).hexdigest()
