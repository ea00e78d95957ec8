"""Pictures the content names, drawn into a box: SVG as vectors (recoloured to a face's
colours when it is drawn in one colour, as game-icons.net's are), PNG or JPEG as an image.

`draw_art` is the one door every renderer uses (cards, Goals, backs, Diamond Heist's
cards, the rulebook's pictures): it reads the picture from the game's snapshot
(`content.assets`), never from disk, and draws nothing for a picture the check refused.
"""

from __future__ import annotations

import copy
import io
import warnings
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image
from reportlab.lib import colors
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.content.assets import Unusable, art_bytes, art_digest, drawable, is_svg, svg
from pnp.content.project import Game
from pnp.render import pdf

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing, Group, Shape

# reportlab's graphics (and, through them, platypus) load when a picture is first drawn: the
# fit check only asks whether one would be (`drawable`).


def image(data: bytes) -> ImageReader:
    """An image from the snapshot's bytes; its size was checked (W733 warns of a huge one),
    so Pillow's own warning is not printed again."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        return ImageReader(io.BytesIO(data))


Rect = tuple[float, float, float, float]  # x, y of the bottom-left corner, width, height (pt)


def draw_art(
    canvas: Canvas,
    game: Game,
    rel: str,
    rect: Rect,
    colour: str | None = None,
    *,
    alpha: float = 1.0,
    outline: bool = False,
) -> bool:
    """Draw the picture `rel` (as the content names it) centred in `rect`, as large as it
    fits and keeping its proportions: an SVG as vectors, fitted by what it draws (not its
    margins) and recoloured to `colour` when it is drawn in one colour; a PNG or JPEG as an
    image. `alpha` makes it faint; `outline` draws a one-colour SVG's outlines only, in
    `colour` (the ink-saver print). Returns False, drawing nothing, when the picture cannot
    be drawn (the check has said why)."""
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        return False
    if isinstance(canvas, pdf.Scratch):  # a face measured, not printed (the fit check)
        return drawable(game, rel)  # whether it would be drawn, found without drawing it
    if is_svg(rel):
        found = svg(game, rel)
        if found is None or isinstance(found, Unusable):
            return False
        look = _tinted(art_digest(game, rel), found, colour, alpha, outline)
        x0, y0, x1, y1 = look.bounds
        scale = min(w / (x1 - x0), h / (y1 - y0))
        canvas.saveState()
        canvas.translate(x + (w - scale * (x1 - x0)) / 2, y + (h - scale * (y1 - y0)) / 2)
        canvas.scale(scale, scale)
        canvas.translate(-x0, -y0)
        look.draw(canvas)
        canvas.restoreState()
        return True
    data = art_bytes(game, rel)
    if data is None:
        return False
    picture = image(data)
    pw, ph = picture.getSize()
    if pw <= 0 or ph <= 0:
        return False
    scale = min(w / pw, h / ph)  # as large as it fits, keeping its proportions
    dw, dh = pw * scale, ph * scale
    drawn = _printed(art_digest(game, rel), data, picture, dw * _ctm_scale(canvas))
    canvas.saveState()
    canvas.setFillAlpha(alpha)
    canvas.drawImage(drawn, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, mask="auto")
    canvas.restoreState()
    return True


# A raster picture is printed at most this fine: a picture of more pixels per inch, at the
# size it is drawn, is resampled to it. Print wants 300; twice that leaves room for a face
# drawn larger than its own size (a card shown in the rulebook) and for any reader's zoom.
MAX_PPI = 600
_PRINTED: dict[tuple[str, int, int], ImageReader] = {}


def _ctm_scale(canvas: Canvas) -> float:
    """How much larger than its own units the canvas draws now (its transformation's larger
    axis scale): a picture drawn 30 pt wide under a scale of 2 prints 60 pt wide."""
    a, b, c, d, _, _ = getattr(canvas, "_currentMatrix", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return float(max((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5, 1e-9))


def _printed(digest: str, data: bytes, picture: ImageReader, width_pt: float) -> ImageReader:
    """The picture as it is embedded: itself, or, when it has more than `MAX_PPI` pixels per
    inch at the width it prints (`width_pt`), resampled to that many (Lanczos; made once
    per picture and size). A 12000-pixel photo in a card's art panel would otherwise go into
    every PDF whole, hundreds of megabytes of pixels no printer can place."""
    pw, ph = picture.getSize()
    want = max(1, round(width_pt / 72 * MAX_PPI))
    if pw <= want:
        return picture
    size = (want, max(1, round(ph * want / pw)))
    key = (digest, *size)
    if key not in _PRINTED:
        if len(_PRINTED) >= 256:
            _PRINTED.clear()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as source:
                source.load()
                mode = (
                    "RGBA"
                    if source.mode in ("P", "PA", "LA", "RGBA") or ("transparency" in source.info)
                    else ("L" if source.mode in ("1", "L", "I", "I;16", "F") else "RGB")
                )
                small = source.convert(mode).resize(
                    size, Image.Resampling.LANCZOS, reducing_gap=3.0
                )
        _PRINTED[key] = ImageReader(small)
    return _PRINTED[key]


def art_size(game: Game, rel: str) -> tuple[float, float] | None:
    """The width and height of what `draw_art` draws of a picture, which give its
    proportions: an SVG's drawn bounds (not its margins), a PNG's or JPEG's pixels; None when
    it cannot be drawn (the check has said why)."""
    if is_svg(rel):
        found = svg(game, rel)
        if found is None or isinstance(found, Unusable):
            return None
        x0, y0, x1, y1 = found.getBounds()
        return x1 - x0, y1 - y0
    data = art_bytes(game, rel)
    if data is None:
        return None
    try:
        width, height = image(data).getSize()
    except Exception:  # not an image after all: the check says so (E731)
        return None
    return (float(width), float(height)) if width > 0 and height > 0 else None


Bounds = tuple[float, float, float, float]
OUTLINE = 0.011  # an outline's width, as a share of the picture's larger side


class _Look:
    """A picture as it is drawn in one colour and alpha: its drawing, the bounds of what it
    draws, and the canvas calls reportlab's renderer makes to draw it.

    The same picture is drawn on many pages (every copy of a card, the card sheets of each
    paper, the rulebooks), and walking its shapes (working out each one's colours and line
    from its groups', turning its outline into PDF operators) costs far more than the calls
    that come of it. So the first drawing records those calls (`_Recorder`), and every
    drawing plays them on its canvas: the same calls, with the same values, in the same
    order, so the page is the one reportlab's renderer would have drawn."""

    def __init__(self, drawing: Drawing, bounds: Bounds) -> None:
        self.drawing = drawing
        self.bounds = bounds
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] | None = None

    def draw(self, canvas: Canvas) -> None:
        if self.calls is None:
            from reportlab.graphics import renderPDF

            recorder = _Recorder()
            try:
                renderPDF.draw(self.drawing, recorder, 0, 0)  # type: ignore[arg-type]
            except AttributeError:  # it needs more of a canvas than a recorder has
                renderPDF.draw(self.drawing, canvas, 0, 0)
                return
            self.calls = recorder.calls
        for name, args, kwargs in self.calls:
            if name == "_fillMode":
                canvas._fillMode = args[0]  # type: ignore[attr-defined]
            else:
                getattr(canvas, name)(*args, **kwargs)


class _Recorder:
    """A stand-in for a canvas that notes each call reportlab's renderer makes on it
    (`renderPDF`, the methods of `_CALLS`), to be played on real canvases (`_Look`). Its
    paths are real path objects, filled in as the renderer draws them; the font it notes is
    the one the renderer last set, as a canvas's would be."""

    _fontname = "Helvetica"
    _fontsize = 12.0

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def beginPath(self) -> PDFPathObject:
        return PDFPathObject()

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:
        self._fontname, self._fontsize = name, size
        self.calls.append(("setFont", (name, size, leading), {}))

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_fillMode":  # the renderer sets it as an attribute, not by a method
            self.calls.append(("_fillMode", (value,), {}))
        object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        if name not in _CALLS:
            raise AttributeError(name)

        def note(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args, kwargs))

        return note


# The canvas methods reportlab's renderer draws with (besides `beginPath` and `setFont`).
_CALLS = frozenset(
    {
        "saveState",
        "restoreState",
        "transform",
        "setStrokeColor",
        "setFillColor",
        "setLineWidth",
        "setLineCap",
        "setLineJoin",
        "setDash",
        "setFillAlpha",
        "setStrokeAlpha",
        "setFillOverprint",
        "setStrokeOverprint",
        "setOverprintMask",
        "drawPath",
        "clipPath",
        "drawString",
        "drawInlineImage",
        "circle",
        "ellipse",
        "line",
        "rect",
        "roundRect",
    }
)


_TINTED: dict[tuple[str, str | None, float, bool], _Look] = {}
_LOOKS: dict[str, tuple[Bounds, int]] = {}  # a picture's bounds and how many paints it has


def _tinted(
    digest: str, drawing: Drawing, colour: str | None, alpha: float, outline: bool = False
) -> _Look:
    """The drawing in `colour` (when it is drawn in one colour: a picture of several
    colours keeps them), at `alpha`, and as outlines if asked, with the bounds of what it
    draws; made once per picture and look."""
    key = (digest, colour, alpha, outline)
    if key not in _TINTED:
        if len(_TINTED) >= 4096:
            _TINTED.clear()
        if digest not in _LOOKS:
            if len(_LOOKS) >= 4096:
                _LOOKS.clear()
            paints = {
                str(p)
                for s in _shapes(drawing)
                for p in (getattr(s, "fillColor", None), getattr(s, "strokeColor", None))
                if p is not None
            }
            _LOOKS[digest] = (drawing.getBounds(), len(paints))
        (x0, y0, x1, y1), count = _LOOKS[digest]
        one = colour is not None and count <= 1
        out = drawing
        if one or alpha < 1:
            out = _repaintable(drawing)
            paint = colors.HexColor(colour) if one and colour is not None else None
            for shape in _shapes(out):
                if paint is not None and outline:
                    shape.fillColor = None
                    shape.strokeColor = paint
                    shape.strokeWidth = OUTLINE * max(x1 - x0, y1 - y0)
                    shape.strokeLineJoin = 1
                for attr in ("fillColor", "strokeColor"):
                    if paint is not None and getattr(shape, attr, None) is not None:
                        setattr(shape, attr, paint)
                if alpha < 1:
                    shape.fillOpacity = alpha
                    shape.strokeOpacity = alpha
        _TINTED[key] = _Look(out, (x0, y0, x1, y1))
    return _TINTED[key]


def _repaintable(node: Any) -> Any:
    """A copy of a drawing whose shapes can be painted anew: every group and shape is
    copied, but what they outline (a path's points and operators, which painting never
    changes) is shared with the original."""
    from reportlab.graphics.shapes import Group

    out = copy.copy(node)
    if isinstance(node, Group):
        out.contents = [_repaintable(child) for child in node.contents]
    return out


def _shapes(node: Group | Shape) -> list[Any]:
    """Every drawn shape inside a drawing or group (paths, circles: each has its own paint
    attributes, which reportlab's types do not declare)."""
    from reportlab.graphics.shapes import Group

    if isinstance(node, Group):
        return [s for child in node.contents for s in _shapes(child)]
    return [node]


@lru_cache(maxsize=8192)
def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b` (hex colours), worked out once for each.
    Apart from `palette.mix` on purpose: it goes through reportlab's colours, in fractions,
    and the cards' tints are printed as it rounds them (`palette.mix` rounds four of
    Diplomatic Immunity's one level otherwise)."""
    ca, cb = colors.HexColor(a), colors.HexColor(b)
    parts = (
        ca.red + (cb.red - ca.red) * t,
        ca.green + (cb.green - ca.green) * t,
        ca.blue + (cb.blue - ca.blue) * t,
    )
    return "#" + "".join(f"{round(v * 255):02x}" for v in parts)
