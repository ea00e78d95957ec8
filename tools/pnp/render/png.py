"""`pnp build --png`: every card face as a 300 dpi PNG with its bleed, for print services.

Every distinct face the card sheets print, fronts and backs, is drawn exactly as on the
sheets into a one-page PDF the size of its trim plus the bleed on every side, then
rasterised with pdfium and saved with Pillow: a poker card (2.5 x 3.5 in, 1/8 in bleed)
comes out at 825 x 1125 px. A card's front (copies share one) goes to
`png/<deck>/<card>.png`, the back most of a deck's cards share to `png/<deck>/back.png`,
and any other back to its own name (`departures-board.png`) or `<card>-back.png`. The same
content gives the same bytes: the PDF is invariant and the PNG carries no time, only its
resolution.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp import rulesets
from pnp.render import build, pdf
from pnp.render.cards import Theme
from pnp.render.geometry import Size
from pnp.render.sheets import DrawFace, Group

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.render.build import Options, Output
    from pnp.render.geometry import Geometry

DPI = 300


def slug(name: str) -> str:
    """A folder name from a deck name: 'Street deck' -> 'street-deck'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "cards"


def pixels(size: Size, dpi: int = DPI) -> tuple[int, int]:
    """The exact pixel size of a face with its bleed on every side."""
    return (
        round((size.width + 2 * size.bleed) * dpi / 72),
        round((size.height + 2 * size.bleed) * dpi / 72),
    )


def face_pdf(
    draw: DrawFace, size: Size, title: str = "card face", bleed: float | None = None
) -> bytes:
    """One face on a page of its trim plus `bleed` on every side (the face's own bleed when
    None), the trim's bottom-left at (bleed, bleed); TrimBox and BleedBox say so."""
    room = size.bleed if bleed is None else bleed

    def page(canvas: Canvas) -> int:
        canvas.translate(room, room)
        draw(canvas, size)
        canvas.showPage()
        return 1

    data, _ = pdf.render(
        size.width + 2 * room,
        size.height + 2 * room,
        title,
        page,
        "one card face with bleed",
        trim=room,
    )
    return data


def rgb(bitmap: pdfium.PdfBitmap) -> Image.Image:
    """A bitmap pdfium rendered as an RGB image: asked for in RGB order (`rev_byteorder`),
    it is one already, and is not copied again."""
    image: Image.Image = bitmap.to_pil()
    return image if image.mode == "RGB" else image.convert("RGB")


def face_png(draw: DrawFace, size: Size, dpi: int = DPI, title: str = "card face") -> bytes:
    """One face as PNG bytes at `dpi`, exactly `pixels(size, dpi)` large."""
    target = pixels(size, dpi)
    doc = pdfium.PdfDocument(face_pdf(draw, size, title))
    try:
        page = doc[0]
        # pdfium rounds the bitmap up: shave a hair off the scale so that 825.0000001
        # pixels come out as 825, not 826.
        scale = dpi / 72 * (1 - 1e-9)
        image = rgb(page.render(scale=scale, may_draw_forms=False, rev_byteorder=True))
        page.close()
    finally:
        doc.close()
    if image.size != target:  # a rounding pixel at most: scale to the exact size
        image = image.resize(target, Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, dpi=(dpi, dpi))
    return out.getvalue()


def distinct(group: Group) -> list[tuple[str, DrawFace]]:
    """(name, front) for each distinct card of a group: copies share their front, and the
    copies' ids ('bribe-1', 'bribe-2') lose their number."""
    shared: dict[int, list[str]] = {}
    fronts: dict[int, DrawFace] = {}
    for item in group.items:
        shared.setdefault(id(item.front), []).append(item.id)
        fronts.setdefault(id(item.front), item.front)
    out = []
    for key, ids in shared.items():
        name = ids[0]
        if len(ids) > 1:
            name = re.sub(r"-\d+$", "", name)
        out.append((name, fronts[key]))
    return out


def backs(group: Group) -> list[tuple[str, DrawFace]]:
    """(name, back) for each distinct back of a group: the one most of its cards share is
    'back'; another is named by the face (its `pnp_name`) or after the first card carrying
    it ('<card>-back')."""
    carriers: dict[int, list[str]] = {}
    drawn: dict[int, DrawFace] = {}
    for item in group.items:
        carriers.setdefault(id(item.back), []).append(item.id)
        drawn.setdefault(id(item.back), item.back)
    common = max(carriers, key=lambda k: len(carriers[k]), default=None)  # first of equals
    out = []
    for key, ids in carriers.items():
        name = getattr(drawn[key], "pnp_name", None)
        if not name:
            name = "back" if key == common else re.sub(r"-\d+$", "", ids[0]) + "-back"
        out.append((str(name), drawn[key]))
    return out


def faces(group: Group) -> list[tuple[str, DrawFace]]:
    """(name, face) for every distinct face a group prints: its fronts, then its backs."""
    return distinct(group) + backs(group)


def groups(game: Game, geo: Geometry, theme: Theme) -> list[Group]:
    """Every card group of a game: its decks, then the cards only its ruleset has."""
    ruleset = rulesets.of(game)
    own = ruleset.card_groups(game, geo, theme) if ruleset is not None else []
    return build.card_groups(game, geo, theme) + own


def outputs(
    game: Game, geo: Geometry, opts: Options, only: Sequence[str] | None = None
) -> list[Output]:
    """png/<deck>/<name>.png for every distinct card face of the game, fronts and backs;
    `only` limits it to some names (for tests)."""
    if "cards" not in geo.impositions:
        return []
    size = geo.impositions["cards"].size
    theme = Theme(opts.ink_saver)
    title = game.info.label if game.info else game.id
    out: list[Output] = []
    seen: set[str] = set()
    for group in groups(game, geo, theme):
        folder = slug(group.name)
        for name, face in faces(group):
            if only is not None and name not in only:
                continue
            path = f"png/{folder}/{name}.png"
            if path in seen:
                raise ValueError(f"two card faces would both be written to {path}")
            seen.add(path)
            w, h = pixels(size)
            data = face_png(face, size, DPI, f"{title}: {group.name}: {name}")
            out.append(build.Output(path, data, contents={"width": w, "height": h, "dpi": DPI}))
    return out
