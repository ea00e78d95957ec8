"""`pnp export --target dtc`: one print-ready PDF per deck for DriveThruCards.

Each page is one card face at its trim plus 1/8 in of bleed, at 300 dpi, in the order the
card guide asks for: every card's front followed by its back, once per copy, so the printed
deck holds the right number of each. The faces are drawn as in the kit, rasterised, and
converted from sRGB to CMYK through an ICC transform (littleCMS, through Pillow) into the
profile shipped with pnp (generic CMYK, at most 240% total ink), then written as
PDF/X-1a:2003 with that profile as its output intent (`pdfx`). Boards and punch-out pieces
are not DriveThruCards products; `README.txt` lists them.
"""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from pnp.export import cmyk, kept, pdfx, vendors
from pnp.export.faces import Faces, Parts
from pnp.render.build import Output
from pnp.render.geometry import Size
from pnp.render.units import to_mm

TARGET = "dtc"


def _separate(image: Image.Image) -> bytes:
    """An RGB face separated into CMYK, as its PDF image object."""
    return pdfx.xobject(cmyk.to_cmyk(image)).data


def _product(size: Size) -> vendors.Product | None:
    """DriveThruCards' card nearest a deck's size, if any."""
    return vendors.nearest(TARGET, "card", size.width, size.height)


def wants(parts: Parts) -> Iterator[tuple[Size, tuple[int, int], float]]:
    """The (size, pixels, bleed) DriveThruCards' export asks each deck's faces for."""
    for deck in parts.decks:
        product = _product(deck.size)
        if product is not None:
            yield deck.size, product.pixels, product.bleed


def outputs(parts: Parts, faces: Faces) -> list[Output]:
    """`export/dtc/<deck>.pdf` for each deck DriveThruCards makes, and `README.txt`."""
    out: list[Output] = []
    missing: list[str] = []
    converted: dict[int, pdfx.Separated] = {}
    for deck in parts.decks:
        size = deck.size
        product = _product(size)
        if product is None:
            missing.append(
                f"{deck.name}: no DriveThruCards card near "
                f"{to_mm(size.width):.1f} x {to_mm(size.height):.1f} mm"
            )
            continue
        bleed = product.bleed
        pages: list[pdfx.Page] = []
        todo = {
            id(draw): draw
            for card in deck.cards
            for draw in (card.front, card.back)
            if id(draw) not in converted
        }
        jobs: list[kept.Job] = [
            (faces.image(draw, size, product.pixels, bleed), "pdf/x-1a cmyk", _separate)
            for draw in todo.values()
        ]
        separated = kept.encode_all(jobs)
        converted.update(
            (key, pdfx.Separated(job[0].size, data))
            for key, job, data in zip(todo, jobs, separated, strict=True)
        )
        for card in deck.cards:
            front, back = converted[id(card.front)], converted[id(card.back)]
            for _ in range(card.count):
                pages.append(pdfx.Page(front, size.width, size.height, bleed))
                pages.append(pdfx.Page(back, size.width, size.height, bleed))
        data = pdfx.pdfx(pages, f"{parts.title}: {deck.name}")
        out.append(
            Output(
                f"export/{TARGET}/{deck.id}.pdf",
                data,
                len(pages),
                "",
                {
                    "deck": deck.name,
                    "cards": deck.total,
                    "order": "front, back of each card",
                    "product": product.name,
                },
            )
        )
    for tile in parts.tiles:
        missing.append(f"{tile.group}: {tile.item.name or tile.item.id} (boards are not made)")
    for token in parts.tokens:
        missing.append(f"{token.name} ({token.count}): punch-out pieces are not made")
    guide = vendors.GUIDES[TARGET]
    lines = [
        f"{parts.title}: files for {guide.vendor}",
        "",
        f"Made to: {guide.title}",
        f"Published at: {guide.where}",
        "",
        "One PDF/X-1a:2003 file per deck: each card's front, then its back, once per copy;",
        "300 dpi, 1/8 in bleed, CMYK (pnp's generic profile, total ink at most 240%).",
        "",
        *(
            f"{o.path.rsplit('/', 1)[-1]}: {o.contents['deck']}, {o.contents['cards']} cards"
            for o in out
        ),
    ]
    if missing:
        lines += ["", "Not made by DriveThruCards (print them from the kit's PDFs):"]
        lines += [f"  - {m}" for m in missing]
    out.append(Output(f"export/{TARGET}/README.txt", ("\n".join(lines) + "\n").encode()))
    return out
