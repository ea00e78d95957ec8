"""E730-E732, W733: every image the content names stays in the content, exists, and is an
image of a size that can be printed."""

from __future__ import annotations

import io
import warnings

from PIL import Image, UnidentifiedImageError

from pnp.checks.common import at
from pnp.content.assets import art
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.content.snapshot import Refused
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Each card's art: inside the content folder, present, and readable by Pillow."""
    out: list[Diagnostic] = []
    for card in game.cards or ():
        if card.art is None:
            continue
        what = f"the art of '{card.name}' ('{card.art.id}')"
        found = art(game, card.art.id)
        if isinstance(found, Refused):
            if found.kind == "outside":
                out.append(at(card.art.src, "E732", f"{what} is outside the content folder",
                              "keep images inside the game's folder, e.g. art/name.png"))
            elif found.kind == "missing":
                out.append(at(card.art.src, "E730", f"{what} does not exist",
                              "paths are relative to the game's folder"))
            else:
                out.append(at(card.art.src, "E731", f"{what} {found.reason}", found.hint))
            continue
        out.extend(_image(found.data, what, card.art.src))
    return out


def _image(data: bytes, what: str, src: Src) -> list[Diagnostic]:
    """Problems of one image's bytes: not an image (E731), a decompression bomb (E731, more
    than twice Pillow's pixel limit), or large enough to slow every build (W733)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as image:
                size = image.size
                image.verify()
        except Image.DecompressionBombError:
            return [at(src, "E731", f"{what} is too large to open safely (a decompression "
                    "bomb)", f"images may have at most {2 * _limit():,} pixels; "
                    "scale it down")]
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
            return [at(src, "E731", f"{what} cannot be read as an image: "
                       f"{type(exc).__name__}", "save it as PNG or JPEG")]
    if any(issubclass(w.category, Image.DecompressionBombWarning) for w in caught):
        return [at(src, "W733", f"{what} is {size[0]} x {size[1]} pixels, more than "
                f"{_limit():,}", "a card needs about 750 x 1050 pixels at 300 dpi; "
                "scale it down")]
    return []


def _limit() -> int:
    return int(Image.MAX_IMAGE_PIXELS or 0)
