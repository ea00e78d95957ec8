"""`pnp export --target tgc|mpc`: one PNG per face for The Game Crafter and MakePlayingCards.

Each deck is made as the vendor's product nearest its card size (`vendors.nearest`): every
distinct front, and each back its cards carry, at the product's pixel size with its bleed,
RGB at 300 dpi, in a folder of its own and named `<deck>-<nn>-<card>.png` and
`<deck>-back.png`, so a bulk upload keeps decks apart and in order. Boards and punch-out
pieces are made as the vendor's nearest product where one exists (The Game Crafter's chits),
else listed as not available. `quantities.csv` gives the copies of every face, which the
vendors' uploaders ask for, and `README.txt` says what each file is and what could not be
made.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterator
from functools import cache, partial
from typing import Any

from PIL import Image

from pnp.export import kept, vendors
from pnp.export.faces import Deck, Faces, Parts, png_bytes
from pnp.render.build import Output
from pnp.render.geometry import Size
from pnp.render.pieces import Tile, Token
from pnp.render.sheets import DrawFace
from pnp.render.units import to_mm


def _size(size: Size) -> str:
    return f"{to_mm(size.width):.1f} x {to_mm(size.height):.1f} mm"


class Files:
    """The files of one vendor's export, with the rows of its quantities and notes."""

    def __init__(self, target: str, faces: Faces) -> None:
        self.target = target
        self.faces = faces
        self.out: list[Output] = []
        self.jobs: list[kept.Job] = []  # how to make each file of `out`, in order
        self.rows: list[tuple[str, str, str, str, int]] = []  # folder, product, file, back, n
        self.missing: list[str] = []

    def face(
        self,
        folder: str,
        name: str,
        draw: DrawFace,
        size: Size,
        product: vendors.Product,
        contents: dict[str, Any],
    ) -> str:
        """One face as a PNG at the product's size, with its bleed; its file name."""
        bleed = product.bleed
        image = self.faces.image(draw, size, product.pixels, bleed)
        w, h = product.pixels
        how = f"png {vendors.DPI}"
        encoder = _png
        if size.bleed < bleed:  # the face paints less bleed than the vendor cuts into
            painted = (size.width + 2 * size.bleed) / (size.width + 2 * bleed) * w
            how = f"png {vendors.DPI}, extended from {painted:.3f} px, {product.shape}"
            encoder = partial(_extended_png, painted=painted, shape=product.shape)
        self.out.append(
            Output(
                f"export/{self.target}/{folder}/{name}",
                b"",  # encoded with the others at the end, on every core (`encode`)
                contents={"product": product.name, "width": w, "height": h, "dpi": vendors.DPI}
                | contents,
            )
        )
        self.jobs.append((image, how, encoder))
        return name

    def encode(self) -> None:
        """Every image's PNG bytes into its file: kept ones from an earlier export, the
        others on every core (`kept.encode_all`)."""
        for output, png in zip(self.out, kept.encode_all(self.jobs), strict=True):
            output.data = png


def _png(image: Image.Image) -> bytes:
    return png_bytes(image, vendors.DPI)


def _extended_png(image: Image.Image, painted: float, shape: str) -> bytes:
    return png_bytes(extend(image, painted, shape), vendors.DPI)


def extend(image: Image.Image, painted: float, shape: str) -> Image.Image:
    """The image with its painted middle (`painted` pixels across, centred: a round or
    square piece and the little bleed its face paints) carried out to the edges: each pixel
    beyond takes the colour at the painted edge in its direction, so a die-cut that drifts
    into the vendor's wider bleed finds the piece's own edge colour, not white paper."""
    w, h = image.size
    pixels = list(image.getdata())
    for dst, src in _outside(w, h, round(painted, 2), shape):
        pixels[dst] = pixels[src]
    out = Image.new(image.mode, image.size)
    out.putdata(pixels)
    return out


@cache
def _outside(w: int, h: int, painted: float, shape: str) -> tuple[tuple[int, int], ...]:
    """(pixel, the pixel whose colour it takes) for every pixel beyond the painted middle,
    as indices into the image's row-major pixels: the same for every piece of a size."""
    cx, cy = (w - 1) / 2, (h - 1) / 2
    r = painted / 2 - 1.5  # just inside the painted edge, clear of its anti-aliasing
    out = []
    for y in range(h):
        dy = y - cy
        for x in range(w):
            dx = x - cx
            if shape == "round":
                d = math.hypot(dx, dy)
                if d <= r:
                    continue
                sx, sy = cx + dx * r / d, cy + dy * r / d
            else:
                if abs(dx) <= r and abs(dy) <= r:
                    continue
                sx, sy = cx + max(-r, min(r, dx)), cy + max(-r, min(r, dy))
            out.append((y * w + x, round(sy) * w + round(sx)))
    return tuple(out)


def _products(
    target: str, parts: Parts
) -> Iterator[tuple[Deck | Tile | Token, Size, vendors.Product | None]]:
    """Each deck, board and punch-out piece of a game with the vendor's product nearest it
    (None when the vendor has none)."""
    for deck in parts.decks:
        w, h = deck.size.width, deck.size.height
        yield deck, deck.size, vendors.nearest(target, "card", w, h)
    for tile in parts.tiles:
        yield tile, tile.size, vendors.nearest(target, "board", tile.size.width, tile.size.height)
    for token in parts.tokens:
        w, h = token.size.width, token.size.height
        yield token, token.size, vendors.nearest(target, "chit", w, h, token.shape)


def wants(target: str, parts: Parts) -> Iterator[tuple[Size, tuple[int, int], float]]:
    """The (size, pixels, bleed) a vendor's export asks the faces of each size for."""
    for _, size, product in _products(target, parts):
        if product is not None:
            yield size, product.pixels, product.bleed


def outputs(target: str, parts: Parts, faces: Faces) -> list[Output]:
    """Every file of a PNG vendor's export of one game."""
    files = Files(target, faces)
    for part, _, product in _products(target, parts):
        if product is None:
            files.missing.append(_no_product(target, part))
        elif isinstance(part, Deck):
            _deck(files, part, product)
        elif isinstance(part, Tile):
            _tile(files, part, product)
        else:
            _token(files, part, product)
    files.encode()
    files.out.append(Output(f"export/{target}/quantities.csv", _csv(files.rows)))
    files.out.append(Output(f"export/{target}/README.txt", _readme(target, parts, files)))
    return files.out


def _no_product(target: str, part: Deck | Tile | Token) -> str:
    """The note for a deck, board or piece the vendor makes nothing like."""
    vendor = vendors.GUIDES[target].vendor
    if isinstance(part, Deck):
        return f"{part.name}: no {vendor} card near {_size(part.size)}"
    if isinstance(part, Tile):
        return (
            f"{part.group}: {part.item.name or part.item.id} ({_size(part.size)}, two-sided): "
            f"no {vendor} product of that size"
        )
    return (
        f"{part.name} ({part.count}, {part.shape}, {to_mm(part.size.width):.1f} mm): "
        f"no {vendor} piece within {vendors.TOLERANCE:.0%} of its size"
    )


def _deck(files: Files, deck: Deck, product: vendors.Product) -> None:
    """A deck's fronts and backs, at the product's size."""
    backs: dict[int, str] = {}
    for n, card in enumerate(deck.cards, start=1):
        front = files.face(
            deck.id,
            f"{deck.id}-{n:02d}-{card.id}.png",
            card.front,
            deck.size,
            product,
            {"deck": deck.name, "card": card.name, "side": "front", "copies": card.count},
        )
        if id(card.back) not in backs:
            suffix = "" if card.back_id == "back" else f"-{card.back_id}"
            backs[id(card.back)] = files.face(
                deck.id,
                f"{deck.id}-back{suffix}.png",
                card.back,
                deck.size,
                product,
                {"deck": deck.name, "side": "back"},
            )
        files.rows.append((deck.id, product.name, front, backs[id(card.back)], card.count))


def _tile(files: Files, tile: Tile, product: vendors.Product) -> None:
    """A board's two sides, at the product's size."""
    size = tile.size
    folder = "boards"
    front = files.face(folder, f"{tile.item.id}-front.png", tile.item.front, size, product, {})
    back = files.face(folder, f"{tile.item.id}-back.png", tile.item.back, size, product, {})
    files.rows.append((folder, product.name, front, back, 1))


def _token(files: Files, token: Token, product: vendors.Product) -> None:
    """A punch-out piece's faces, at the product's size."""
    size = token.size
    folder = "chits"
    front = files.face(folder, f"{token.id}.png", token.front, size, product, {})
    back = front
    if token.back is not token.front:
        back = files.face(folder, f"{token.id}-back.png", token.back, size, product, {})
    files.rows.append((folder, product.name, front, back, token.count))


def _csv(rows: list[tuple[str, str, str, str, int]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("folder", "product", "front", "back", "copies"))
    writer.writerows(rows)
    return out.getvalue().encode()


def _lines(target: str, parts: Parts, files: Files) -> Iterator[str]:
    guide = vendors.GUIDES[target]
    yield f"{parts.title}: files for {guide.vendor}"
    yield ""
    yield f"Made to: {guide.title}"
    yield f"Published at: {guide.where}"
    yield ""
    yield "Every image is RGB at 300 dpi with the vendor's bleed on every side; keep text"
    yield "inside the safe zone (`pnp check --target " + target + "` checks it)."
    yield ""
    folders: dict[str, list[tuple[str, str, str, str, int]]] = {}
    for row in files.rows:
        folders.setdefault(row[0], []).append(row)
    for folder, rows in folders.items():
        copies = sum(r[4] for r in rows)
        yield f"{folder}/: {rows[0][1]}, {len(rows)} faces, {copies} pieces in all"
        shared = {r[3] for r in rows}
        if len(shared) == 1 and folder != "chits":
            yield f"  one back for all: {next(iter(shared))}"
    yield ""
    yield "quantities.csv gives each front, its back and how many copies to order."
    if files.missing:
        yield ""
        yield "Not available from this vendor (print them from the kit's PDFs):"
        yield from (f"  - {m}" for m in files.missing)


def _readme(target: str, parts: Parts, files: Files) -> bytes:
    return ("\n".join(_lines(target, parts, files)) + "\n").encode()
