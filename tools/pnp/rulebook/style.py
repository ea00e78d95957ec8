"""The rulebooks' page layout, read from `templates/rulebook/style.yaml`.

Sizes are parsed once with `units.parse`; past here everything is points. The file belongs
to the tool, not to a game, so a mistake in it is a bug that stops the build with a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from pnp import resources
from pnp.content.loader import SAFE_LOADER
from pnp.render import fonts
from pnp.render.units import parse

STYLE_FILE = resources.TEMPLATES / "rulebook" / "style.yaml"


class StyleError(ValueError):
    """The style file is not what the renderer needs."""


@dataclass(frozen=True, slots=True)
class Type:
    """How one kind of text is set: face, size, line height and the space around it."""

    face: str
    size: float
    leading: float
    before: float = 0.0
    after: float = 0.0


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition's colours, type and card pictures per row (0: no pictures); the width of
    its text column (`measure`, points); where its chapters open: on a new page when less
    than `chapter_room` is left, or when a chapter no longer than `keep_chapters` (0: none)
    would not fit in what is left, so that a short chapter is never split; and the tallest
    a picture of the game's (`![...](art/x.svg)` alone in a paragraph) is drawn."""

    colours: dict[str, str]
    types: dict[str, Type]
    card_columns: int
    measure: float
    chapter_room: float
    keep_chapters: float
    picture_height: float

    def type(self, name: str) -> Type:
        """A type by name (a missing one is a bug in the style file)."""
        try:
            return self.types[name]
        except KeyError:
            raise StyleError(f"{STYLE_FILE.name}: no type '{name}'") from None


@dataclass(frozen=True, slots=True)
class BookStyle:
    """The whole style file."""

    lang: str
    margins: tuple[float, float, float, float]  # top, bottom, left, right
    title_page: dict[str, str]
    header: str
    footer: str
    contents: str
    accents: dict[str, str]
    illustrated: Edition
    text: Edition

    def accent(self, game_id: str) -> str:
        """The accent colour of a game's illustrated book."""
        return self.accents.get(game_id, self.accents.get("default", "#23395b"))


_TYPES = (
    "title",
    "kicker",
    "tagline",
    "facts",
    "h1",
    "h2",
    "h3",
    "body",
    "lead",
    "quote",
    "note",
    "ruling",
    "why",
    "cell",
    "head",
    "caption",
    "header",
    "toc1",
    "toc2",
)


def _edition(data: dict[str, Any], where: str) -> Edition:
    types: dict[str, Type] = {}
    for name in _TYPES:
        spec = data.get("types", {}).get(name)
        if not isinstance(spec, dict):
            raise StyleError(f"{STYLE_FILE.name}: {where} has no type '{name}'")
        fonts.font(str(spec["face"]))  # an unknown face stops here, with the faces known
        types[name] = Type(
            str(spec["face"]),
            parse(spec["size"]),
            parse(spec["leading"]),
            parse(spec.get("before", 0)),
            parse(spec.get("after", 0)),
        )
    return Edition(
        dict(data.get("colours", {})),
        types,
        int(data.get("card_columns", 0)),
        parse(data["measure"]),
        parse(data.get("chapter_room", "60mm")),
        parse(data.get("keep_chapters", 0)),
        parse(data.get("picture_height", "60mm")),
    )


@cache
def load(path: Path = STYLE_FILE) -> BookStyle:
    """The rulebook style, read once per process."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        m = data["margins"]
        return BookStyle(
            lang=str(data.get("lang", "en")),
            margins=(parse(m["top"]), parse(m["bottom"]), parse(m["left"]), parse(m["right"])),
            title_page={k: str(v) for k, v in data.get("title_page", {}).items()},
            header=str(data.get("header", "")),
            footer=str(data.get("footer", "{{ page }}")),
            contents=str(data.get("contents", "Contents")),
            accents={k: str(v) for k, v in data.get("accents", {}).items()},
            illustrated=_edition(data["illustrated"], "illustrated"),
            text=_edition(data["text"], "text"),
        )
    except (OSError, yaml.YAMLError, KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, StyleError):
            raise
        raise StyleError(f"{path}: {exc}") from exc
