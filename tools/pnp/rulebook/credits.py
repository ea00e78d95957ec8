"""The rulebook's last chapter, Credits: the fonts and every art asset, grouped by licence.

Nothing here is typed by hand. The fonts are the families `pnp.render.fonts` registers: their
names come from the font files, their copyright holder and licence from the licence file
their package ships, and their source from the package's metadata. Art comes from the game's
`credits` (file, title, author, licence, source), each named with the cards that print it.
Every entry says title, author, source and licence, as a CC BY licence requires of an
attribution, whatever its licence.
"""

from __future__ import annotations

import importlib.metadata
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pnp.content.assets import uses
from pnp.content.project import Game
from pnp.english import cap
from pnp.render import fonts
from pnp.rulebook.document import Heading, Inline, Node, Para, Table, Where, escape

TITLE = "Credits"
ANCHOR = "credits"
_WHERE = Where("", 0)  # generated: no Markdown line


@dataclass(frozen=True, slots=True)
class Entry:
    """One credited work: what it is, who made it, where it comes from, its licence and
    where the kit uses it."""

    title: str
    author: str
    licence: str
    source: str
    used: str


@cache
def _font_entries() -> tuple[Entry, ...]:
    """One entry per font family the renderers use, read from the installed packages."""
    from reportlab.pdfbase import pdfmetrics

    folders: dict[str, list[str]] = {}
    first: dict[str, str] = {}  # a face of each folder
    for face, (folder, stem) in fonts.FACES.items():
        folders.setdefault(folder, []).append(stem)
        first.setdefault(folder, face)
    out = []
    for folder, stems in folders.items():
        # the family's name, from the font file as reportlab read it
        ttf: Any = pdfmetrics.getFont(fonts.font(first[folder]))
        family = ttf.face.familyName.decode()
        licence_file = Path(folder) / "LICENSE.txt"
        text = licence_file.read_text(encoding="utf-8") if licence_file.is_file() else ""
        holder = re.search(r"Copyright [\d, ]+ (.+?)(?: \(|,|\.)", text)
        licence = re.search(r"licensed under the (.+?), Version (\d+(?:\.\d+)*)", text)
        dist = _package(Path(folder))
        try:
            meta = importlib.metadata.metadata(dist)
            home = (meta.get_all("Home-page") or [""])[0]
            meta_licence = (meta.get_all("License") or [""])[0]
        except importlib.metadata.PackageNotFoundError:
            home, meta_licence = "", ""
        out.append(
            Entry(
                family,
                holder.group(1) if holder else "",
                f"{licence.group(1)} {licence.group(2)}" if licence else meta_licence,
                f"the Python package {dist}" + (f", {home}" if home else ""),
                f"Every page and component ({_join([_style_name(s) for s in stems])})",
            )
        )
    return tuple(sorted(out, key=lambda e: e.title))


def _package(folder: Path) -> str:
    """The installed package that holds a folder: the one that provides the nearest folder
    above it as a module. That is looked for first as the package of the same name (as a
    font package is: finding it costs a lookup, where listing what every installed package
    provides costs a scan of them all)."""
    module = folder.parent.name
    try:
        same = importlib.metadata.distribution(module)
    except importlib.metadata.PackageNotFoundError:
        pass
    else:
        if any(f.parts[:1] == (module,) for f in same.files or ()):
            return str(same.metadata["Name"])
    distributions = importlib.metadata.packages_distributions()
    module = next((p.name for p in folder.parents if p.name in distributions), folder.name)
    return (distributions.get(module) or [module.replace("_", "-")])[0]


def _style_name(stem: str) -> str:
    """'SourceSansPro-BoldIt' -> 'Bold Italic'."""
    style = stem.rpartition("-")[2]
    style = re.sub(r"It$", "Italic", style)
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", style)


def art_entries(game: Game) -> tuple[Entry, ...]:
    """The game's art credits, each with what prints it (a card's or Goal's art, a deck's
    back), or its file when nothing the content names uses it."""
    used = _uses(game)
    out = []
    for credit in game.credits or ():
        what = used.get(_key(credit.file), [])
        out.append(
            Entry(
                credit.title or credit.file,
                credit.author,
                credit.licence,
                credit.source,
                (cap(_join(what)) if what else credit.file)
                + (f" (changed: {credit.changes})" if credit.changes else ""),
            )
        )
    return tuple(out)


def _key(path: str) -> str:
    return posixpath.normpath(path.replace("\\", "/"))


def _uses(game: Game) -> dict[str, list[str]]:
    """What prints each picture, by its normalised path: 'the art of 'Cigar Run''."""
    out: dict[str, list[str]] = {}
    for use in uses(game):
        out.setdefault(_key(use.rel), []).append(use.what)
    return out


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def groups(game: Game) -> dict[str, list[Entry]]:
    """Every credited work by licence: the fonts' first, then the art's in the order the
    game lists them."""
    out: dict[str, list[Entry]] = {}
    for entry in (*_font_entries(), *art_entries(game)):
        out.setdefault(entry.licence or "Licence not stated", []).append(entry)
    return out


def _link(source: str) -> Inline:
    """A source, its web addresses made links (shown without `https://`)."""
    parts = re.split(r"(https?://\S+)", source)
    shown = [re.sub(r"^https?://", "", p) if i % 2 else p for i, p in enumerate(parts)]
    markup = "".join(
        f'<a href="{escape(p)}">{escape(s)}</a>' if i % 2 else escape(p)
        for i, (p, s) in enumerate(zip(parts, shown, strict=True))
    )
    return Inline(markup, "".join(shown))


INTRO = (
    "The fonts and pictures this rulebook and its kit print, by licence: each with its "
    "author, where it comes from and what it is used for."
)
HEADER = ("Work", "By", "Source", "Used for")


def nodes(game: Game, taken: Iterable[str] = ()) -> list[Node]:
    """The Credits chapter: a heading, then each licence and a table of the works under it.
    `taken` are the anchors the book already uses."""
    anchor, n = ANCHOR, 2
    used = set(taken)
    while anchor in used:
        anchor, n = f"{ANCHOR}-{n}", n + 1
    out: list[Node] = [
        Heading(1, Inline.plain(TITLE), anchor, _WHERE, generated=True),
        Para(Inline.plain(INTRO), _WHERE, generated=True),
    ]
    for licence, entries in groups(game).items():
        out.append(Para(Inline.plain(licence), _WHERE, "h3", generated=True))
        rows = tuple(
            (
                Inline(f"<b>{escape(e.title)}</b>", e.title),
                Inline.plain(e.author),
                _link(e.source),
                Inline.plain(e.used),
            )
            for e in entries
        )
        out.append(
            Table(tuple(Inline.plain(h) for h in HEADER), rows, (1.2, 1.1, 3.0, 2.0), _WHERE)
        )
    return out
