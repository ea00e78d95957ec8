"""Credits: who made each picture a game prints, under which licence, and where from.

A game keeps them in `kind: credits` documents (by convention `art/credits.yaml`), one entry per
file. The credits check holds every picture the content uses to an entry (E735) and every
entry to a licence it knows (W734); the rulebook's credits page and the kit's manifest.json
list them.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from pnp.content.loader import Document, Path_
from pnp.content.model import Places, Src, place, places


@dataclass(frozen=True, slots=True)
class Credit:
    """One picture's credit line: its file (relative to the game folder, as the content
    names it), its title, author, licence and source, and what was changed from it."""

    file: str
    title: str
    author: str
    licence: str
    source: str
    src: Src = field(compare=False, repr=False)
    changes: str = ""
    where: Places = field(default=(), compare=False, repr=False)

    @property
    def key(self) -> str:
        """The file as art references are compared: `art/./x.svg` is `art/x.svg`."""
        return art_key(self.file)

    def at(self, name: str) -> Src:
        """Where one field of the entry is written (`licence`), else the entry."""
        return place(self.where, name, self.src)


def art_key(path: str) -> str:
    """A picture's path as credits and content are matched: POSIX, normalised."""
    return posixpath.normpath(path.replace("\\", "/"))


def build_credits(doc: Document) -> tuple[Credit, ...]:
    """The credits of one schema-valid credits document, in their written order."""
    out = []
    for i, a in enumerate(doc.data["assets"]):
        p: Path_ = ("assets", i)
        out.append(
            Credit(
                a["file"],
                a["title"],
                a["author"],
                a["licence"],
                a["source"],
                Src.at(doc, p),
                a.get("changes", ""),
                places(doc, p),
            )
        )
    return tuple(out)
