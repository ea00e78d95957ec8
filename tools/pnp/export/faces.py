"""Every face an export needs, as images: drawn by the kit's own renderers into a one-page
PDF the size of the face (with as much of its bleed as the target wants), rasterised with
pdfium at exactly the pixel size the target asks for.

`Faces` remembers each image it made for one export run, so a face that two targets want
at the same size (The Game Crafter and DriveThruCards) is drawn once; and a face that two
targets want at the same resolution but cut differently (MakePlayingCards cuts 1.5 px less
bleed than The Game Crafter) is rasterised once and cut for each, when the targets say
beforehand what they will ask for (`expect`).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.content.project import Game
from pnp.render import pdf, png
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry, Size
from pnp.render.pieces import Pieces, Tile, Token
from pnp.render.sheets import DrawFace, Group, Item


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card of a deck: its faces, its name and words, and its copies."""

    id: str
    name: str
    text: str
    front: DrawFace
    back: DrawFace
    back_id: str  # the back's file name: "back", or its own ("departures-board")
    count: int


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck (a card group of the kit) as distinct cards in print order."""

    id: str
    name: str
    size: Size
    cards: tuple[Card, ...]

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)


@dataclass(frozen=True, slots=True)
class Parts:
    """Everything a game's release holds, as faces to draw."""

    title: str
    decks: tuple[Deck, ...]
    tiles: tuple[Tile, ...]
    tokens: tuple[Token, ...]

    def faces(self) -> Iterator[tuple[DrawFace, Size]]:
        """Every face with its size, fronts before backs, in print order."""
        for deck in self.decks:
            for card in deck.cards:
                yield card.front, deck.size
                yield card.back, deck.size
        for tile in self.tiles:
            yield tile.item.front, tile.size
            yield tile.item.back, tile.size
        for token in self.tokens:
            yield token.front, token.size
            yield token.back, token.size


def _deck(group: Group, size: Size) -> Deck:
    """A card group as distinct cards: copies share their front (`png.distinct`)."""
    back_names = {id(face): name for name, face in png.backs(group)}
    cards: dict[int, list[str]] = {}
    first: dict[int, Item] = {}
    for item in group.items:
        cards.setdefault(id(item.front), []).append(item.id)
        first.setdefault(id(item.front), item)
    out = []
    for (name, _), key in zip(png.distinct(group), cards, strict=True):
        item = first[key]
        label = item.name or name.replace("-", " ").title()
        out.append(
            Card(
                name,
                label,
                item.text,
                item.front,
                item.back,
                back_names[id(item.back)],
                len(cards[key]),
            )
        )
    return Deck(png.slug(group.name), group.name, size, tuple(out))


def parts(game: Game, geo: Geometry, theme: Theme) -> Parts:
    """The decks (every card group the kit prints, the ruleset's own included), tiles and
    tokens of a game."""
    from pnp import rulesets

    title = game.info.label if game.info else game.id
    decks: tuple[Deck, ...] = ()
    if "cards" in geo.impositions:
        size = geo.impositions["cards"].size
        found = [_deck(g, size) for g in png.groups(game, geo, theme) if g.items]
        seen: dict[str, int] = {}
        for i, deck in enumerate(found):  # two decks whose names slug alike get apart
            seen[deck.id] = seen.get(deck.id, 0) + 1
            if seen[deck.id] > 1:
                found[i] = Deck(f"{deck.id}-{seen[deck.id]}", deck.name, deck.size, deck.cards)
        decks = tuple(found)
    ruleset = rulesets.of(game)
    pieces = ruleset.pieces(game, geo, theme) if ruleset and ruleset.pieces else Pieces()
    return Parts(title, decks, pieces.tiles, pieces.tokens)


# The widest bleed any target cuts into (1/8 in): every face is drawn once with this much
# room around its trim, and each target's image is cut from it.
ROOM = 9.0


class Faces:
    """Rasterised faces, each drawn once (all a game's faces on the pages of one PDF, so
    fonts are embedded once) and cut at each (pixel size, bleed) a target asks for."""

    def __init__(self) -> None:
        self._docs: list[pdfium.PdfDocument] = []
        self._where: dict[int, tuple[int, int, float]] = {}  # id(face) -> doc, page, room
        self._made: dict[tuple[int, int, int, float], Image.Image] = {}
        self._keep: list[DrawFace] = []  # the faces keyed by id() stay alive
        # the (pixels, bleed) faces of each size will be asked for: key -> the bleed itself
        self._expected: dict[Size, dict[tuple[int, int, float], float]] = {}

    def expect(self, size: Size, pixels: Sequence[int], bleed: float) -> None:
        """Say that faces of `size` will be asked for at `pixels` with `bleed` (see `image`)."""
        key = (int(pixels[0]), int(pixels[1]), round(bleed, 4))
        self._expected.setdefault(size, {}).setdefault(key, bleed)

    def prepare(self, faces: Iterable[tuple[DrawFace, Size]]) -> None:
        """Draw every face not drawn yet, each on a page of its own, in one document."""
        todo: dict[int, tuple[DrawFace, Size]] = {}
        for draw, size in faces:
            if id(draw) not in self._where:
                todo.setdefault(id(draw), (draw, size))
        if not todo:
            return
        rooms = [max(ROOM, size.bleed) for _, size in todo.values()]

        def pages(canvas: Canvas) -> int:
            for (draw, size), room in zip(todo.values(), rooms, strict=True):
                canvas.setPageSize((size.width + 2 * room, size.height + 2 * room))
                canvas.pnp_trim = room  # type: ignore[attr-defined]
                canvas.translate(room, room)
                draw(canvas, size)
                canvas.showPage()
            return len(todo)

        first = next(iter(todo.values()))[1]
        data, _ = pdf.render(first.width, first.height, "faces", pages, "faces for export")
        self._docs.append(pdfium.PdfDocument(data))
        doc = len(self._docs) - 1
        for page, ((key, (draw, _)), room) in enumerate(zip(todo.items(), rooms, strict=True)):
            self._where[key] = (doc, page, room)
            self._keep.append(draw)

    def image(self, draw: DrawFace, size: Size, pixels: Sequence[int], bleed: float) -> Image.Image:
        """The face as an RGB image of exactly `pixels` (width, height), showing the trim and
        `bleed` points beyond it on every side (white beyond what the face paints)."""
        w, h = int(pixels[0]), int(pixels[1])
        key = (id(draw), w, h, round(bleed, 4))
        found = self._made.get(key)
        if found is not None:
            return found
        if bleed > max(ROOM, size.bleed):
            found = rasterise(png.face_pdf(draw, size, bleed=bleed), w, h)
            self._made[key] = found
            return found
        self.prepare([(draw, size)])
        doc, index, room = self._where[id(draw)]
        page = self._docs[doc][index]
        scale = _scale(page, w, h, _all(room - bleed))
        # every cut expected of this face at the same resolution, from one rasterisation
        cuts = {key: bleed}
        for (ew, eh, rounded), eb in self._expected.get(size, {}).items():
            other = (id(draw), ew, eh, rounded)
            if (
                other not in cuts
                and other not in self._made
                and eb <= room
                and _scale(page, ew, eh, _all(room - eb)) == scale
            ):
                cuts[other] = eb
        whole = _rasterised(page, scale)
        for cut_key, cb in cuts.items():  # each kept under the key it was asked by
            self._made[cut_key] = _cut(whole, scale, cut_key[1], cut_key[2], _all(room - cb))
        return self._made[key]

    def close(self) -> None:
        for doc in self._docs:
            doc.close()
        self._docs.clear()
        self._where.clear()


def rasterise(data: bytes, width: int, height: int) -> Image.Image:
    """The first page of a PDF as an RGB image of exactly `width` x `height` pixels."""
    doc = pdfium.PdfDocument(data)
    try:
        return _render(doc[0], width, height, (0.0, 0.0, 0.0, 0.0))
    finally:
        doc.close()


def _render(page: pdfium.PdfPage, width: int, height: int, crop: Crop) -> Image.Image:
    """A page, less `crop` points on each side (left, bottom, right, top), as an RGB image
    of exactly `width` x `height` pixels.

    The whole page is rendered at the scale that makes the cropped part `width` across,
    and the part cut out to the pixel (pdfium crops in whole pixels too, rounded up): a
    crop that falls between pixels is off by half a pixel at most, 0.04 mm at 300 dpi."""
    scale = _scale(page, width, height, crop)
    return _cut(_rasterised(page, scale), scale, width, height, crop)


Crop = tuple[float, float, float, float]  # points cut off the left, bottom, right and top


def _all(cut: float) -> Crop:
    return (cut, cut, cut, cut)


def _scale(page: pdfium.PdfPage, width: int, height: int, crop: Crop) -> float:
    """The scale that makes the page, less `crop`, `width` x `height` pixels."""
    pw, ph = page.get_size()
    return float(min(width / (pw - crop[0] - crop[2]), height / (ph - crop[1] - crop[3])))


def _rasterised(page: pdfium.PdfPage, scale: float) -> Image.Image:
    """The whole page at `scale`, in RGB."""
    return png.rgb(page.render(scale=scale, may_draw_forms=False, rev_byteorder=True))


def _cut(image: Image.Image, scale: float, width: int, height: int, crop: Crop) -> Image.Image:
    """The part of a page rasterised at `scale` that is left when `crop` is cut off, as an
    image of exactly `width` x `height` pixels."""
    left, top = int(crop[0] * scale + 1e-6), int(crop[3] * scale + 1e-6)
    if left + width <= image.width and top + height <= image.height:
        return image.crop((left, top, left + width, top + height))
    return image.resize((width, height), Image.Resampling.LANCZOS, (left, top, *image.size))


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    """PNG bytes with no time in them (the same image gives the same bytes)."""
    out = io.BytesIO()
    # zlib level 3: a tenth larger than the default 6, and a third faster to write
    if dpi:
        image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=3)
    else:
        image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def jpeg_bytes(image: Image.Image, quality: int = 90) -> bytes:
    """Baseline JPEG bytes, full chroma resolution so small type stays sharp."""
    out = io.BytesIO()
    image.convert("RGB").save(out, format="JPEG", quality=quality, subsampling=0)
    return out.getvalue()
