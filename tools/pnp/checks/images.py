"""E730-E732, W733: every image the content uses (a card's or Goal's art, a deck's back, a
picture in the rulebook) stays in the content, exists, and is an image of a size that can be
printed: PNG or JPEG that Pillow reads, or SVG that draws only shapes of its own (see
`content.assets`). A path is the game folder's: an address (`https:`, `file:`, `data:`) or
an absolute path is refused (E732) without being looked at, so nothing is ever fetched."""

from __future__ import annotations

import io
import re
import warnings

from pnp.checks.common import at
from pnp.content.assets import art, is_svg, refusal, uses
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.content.snapshot import File, Refused
from pnp.diagnostics import Diagnostic, Severity


def check(game: Game) -> list[Diagnostic]:
    """Each picture the content uses: inside the content folder, present, and readable."""
    out: list[Diagnostic] = []
    seen: set[tuple[str, Src]] = set()
    for use in uses(game):
        if (use.rel, use.src) in seen:
            continue
        seen.add((use.rel, use.src))
        what = f"{use.what} ('{_shown(use.rel)}')"
        away = foreign(use.rel)
        if away is not None:
            out.append(
                at(
                    use.src,
                    "E732",
                    f"{what} is {away}, outside the content folder",
                    "name a file of the game's folder by its path in it, e.g. "
                    "art/name.png; pnp fetches nothing",
                )
            )
            continue
        found = art(game, use.rel)
        if isinstance(found, Refused):
            out.append(_refused(found, what, use.src))
            continue
        out.extend(problems(found, what, use.src))
    return out


_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def foreign(rel: str) -> str | None:
    """Why a picture's path cannot name a file of the game folder, whatever the folder
    holds: 'an address (https:)' or 'an absolute path'; None for a relative path."""
    if rel.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:[\\/]", rel):
        return "an absolute path"
    scheme = _SCHEME.match(rel)
    if scheme is not None:
        return f"an address ({scheme.group(1).lower()}:)"
    return None


def _shown(rel: str) -> str:
    """A path as a message quotes it: a long one (a `data:` address) cut short."""
    return rel if len(rel) <= 80 else rel[:79] + "…"


def usable(game: Game, rel: str) -> bool:
    """Whether a picture can be printed: a path in the game folder, read, and with no error
    of its own (a warning, W733, still prints)."""
    if foreign(rel) is not None:
        return False
    found = art(game, rel)
    return isinstance(found, File) and not any(
        d.severity is Severity.ERROR for d in problems(found, "", Src("", 1, 1))
    )


def _refused(found: Refused, what: str, src: Src) -> Diagnostic:
    if found.kind == "outside":
        return at(
            src,
            "E732",
            f"{what} is outside the content folder",
            "keep images inside the game's folder, e.g. art/name.png",
        )
    if found.kind == "missing":
        return at(src, "E730", f"{what} does not exist", "paths are relative to the game's folder")
    return at(src, "E731", f"{what} {found.reason}", found.hint)


def problems(found: File, what: str, src: Src) -> list[Diagnostic]:
    """Problems of one image's bytes: an SVG that is refused, or not an image (E731), a
    decompression bomb (E731, more than twice Pillow's pixel limit), or large enough to
    slow every build (W733)."""
    if is_svg(found.rel):
        refused = refusal(found.data, found.sha256)
        if refused is not None:
            return [at(src, "E731", f"{what} {refused.reason}", refused.hint)]
        return []
    return _image(found.data, what, src)


def _image(data: bytes, what: str, src: Src) -> list[Diagnostic]:
    from PIL import Image, UnidentifiedImageError  # only a game with PNG or JPEG art needs it

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as image:
                size = image.size
                image.verify()
        except Image.DecompressionBombError:
            return [
                at(
                    src,
                    "E731",
                    f"{what} is too large to open safely (a decompression bomb)",
                    f"images may have at most {2 * _limit():,} pixels; scale it down",
                )
            ]
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
            return [
                at(
                    src,
                    "E731",
                    f"{what} cannot be read as an image: {type(exc).__name__}",
                    "save it as PNG, JPEG or SVG",
                )
            ]
    if any(issubclass(w.category, Image.DecompressionBombWarning) for w in caught):
        return [
            at(
                src,
                "W733",
                f"{what} is {size[0]} x {size[1]} pixels, more than {_limit():,}",
                "a card needs about 750 x 1050 pixels at 300 dpi; scale it down",
            )
        ]
    return []


def _limit() -> int:
    from PIL import Image

    return int(Image.MAX_IMAGE_PIXELS or 0)
