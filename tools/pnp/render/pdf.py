"""PDF output that is deterministic and written atomically.

reportlab's invariant mode fixes the creation date and document id, so the same content
gives byte-identical files. Every file is written to a temporary name in its folder and
renamed into place, so a failed build leaves the previous file untouched.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts


@cache
def _colour(value: str) -> Color:
    return toColor(value)


class _Canvas(Canvas):
    """A canvas that parses each colour string once (reportlab parses it on every call)."""

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        """Set the fill colour, from a cached parse of a colour string."""
        super().setFillColor(_colour(aColor) if isinstance(aColor, str) else aColor, alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        """Set the stroke colour, from a cached parse of a colour string."""
        super().setStrokeColor(_colour(aColor) if isinstance(aColor, str) else aColor, alpha)


class Scratch(_Canvas):
    """A canvas that draws nothing: for running the renderers only to measure what they set
    (the fit check). State changes (fonts, transforms) still happen; marks are dropped."""

    def _nothing(self, *args: Any, **kwargs: Any) -> None:
        return None

    drawString = drawCentredString = drawRightString = drawText = _nothing
    drawPath = ellipse = circle = rect = roundRect = line = lines = wedge = _nothing
    drawImage = drawInlineImage = setFillColor = setStrokeColor = setDash = _nothing  # type: ignore[assignment]
    setLineWidth = setLineJoin = setLineCap = setFillAlpha = setStrokeAlpha = _nothing
    clipPath = _nothing


def scratch_canvas(width: float, height: float) -> Canvas:
    """A canvas whose drawing is dropped (see `Scratch`)."""
    fonts.register()
    return Scratch(io.BytesIO(), pagesize=(width, height), invariant=True,
                   initialFontName=fonts.font("sans"),  # type: ignore[arg-type]
                   initialFontSize=9)


def new_canvas(buffer: io.BytesIO, width: float, height: float, title: str,
               subject: str = "") -> Canvas:
    """A canvas that produces the same bytes for the same drawing."""
    fonts.register()
    # The initial font is one of ours, so no unembedded standard font enters the PDF.
    canvas = _Canvas(buffer, pagesize=(width, height), invariant=True, pageCompression=1,
                    initialFontName=fonts.font("sans"),  # type: ignore[arg-type]  # stub is wrong
                    initialFontSize=9)
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setSubject(subject)
    canvas.setCreator("pnp")
    return canvas


def render(width: float, height: float, title: str, draw: Callable[[Canvas], int],
           subject: str = "") -> tuple[bytes, int]:
    """(PDF bytes, page count) of one document drawn by `draw`, which returns its pages."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width, height, title, subject)
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
