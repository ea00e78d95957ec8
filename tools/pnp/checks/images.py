"""E730-E732: every image the content names exists, is an image, and stays in the content."""

from __future__ import annotations

from PIL import Image, UnidentifiedImageError

from pnp.checks.common import at
from pnp.content.assets import resolve
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Each card's art: inside the content folder, present, and readable by Pillow."""
    out: list[Diagnostic] = []
    for card in game.cards or ():
        if card.art is None or game.folder is None:
            continue
        path = resolve(game, card.art.id)
        if path is None:
            out.append(at(card.art.src, "E732",
                          f"the art of '{card.name}' ('{card.art.id}') is outside the content "
                          "folder", "keep images inside the game's folder, e.g. art/name.png"))
            continue
        if not path.is_file():
            out.append(at(card.art.src, "E730",
                          f"the art of '{card.name}' ('{card.art.id}') does not exist",
                          "paths are relative to the game's folder"))
            continue
        try:
            with Image.open(path) as image:
                image.verify()
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
            out.append(at(card.art.src, "E731",
                          f"the art of '{card.name}' ('{card.art.id}') cannot be read as an "
                          f"image: {type(exc).__name__}", "save it as PNG or JPEG"))
    return out
