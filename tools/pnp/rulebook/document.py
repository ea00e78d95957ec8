"""The rulebook as a document: a flat list of blocks that both PDFs are rendered from.

Markdown sources and generated blocks both become these nodes, so the illustrated and the
text-only book say the same words. Inline text is kept twice: as reportlab paragraph markup
(bold, italics, internal links) and as plain text, for the checks and for text that has no
markup. Every node remembers the Markdown line it came from, for diagnostics.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any


def escape(text: str) -> str:
    """`text` safe in reportlab's paragraph markup: &, < and > as entities (quotes are left
    alone, as markup attributes here are written in double quotes around escaped text
    that holds none)."""
    return html.escape(text, quote=False)


@dataclass(frozen=True, slots=True)
class Where:
    """A line of a rulebook source, 1-based."""

    file: str
    line: int


@dataclass(frozen=True, slots=True)
class Inline:
    """A run of inline text: paragraph markup and the same words as plain text."""

    markup: str
    text: str

    @staticmethod
    def plain(text: str) -> Inline:
        """Text with no markup (escaped for reportlab)."""
        return Inline(escape(text), text)

    def __add__(self, other: Inline) -> Inline:
        return Inline(self.markup + other.markup, self.text + other.text)


def bold(text: str) -> Inline:
    """Plain text set bold."""
    return Inline(f"<b>{escape(text)}</b>", text)


def anchor(name: str) -> Inline:
    """An invisible link target (for headings, cards, terms)."""
    return Inline(f'<a name="{name}"/>', "")


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading; level 1 opens a chapter. `id` is its anchor, unique in the book."""

    level: int
    inline: Inline
    id: str
    where: Where
    generated: bool = False  # made by a generated block, not typed in a source


@dataclass(frozen=True, slots=True)
class Para:
    """A paragraph. Styles: body, lead (the opening of a chapter), note (smaller, grey),
    quote (a spoken example)."""

    inline: Inline
    where: Where
    style: str = "body"
    generated: bool = False


@dataclass(frozen=True, slots=True)
class Items:
    """A bulleted or numbered list; each item is a sequence of nodes."""

    ordered: bool
    start: int
    items: tuple[tuple[Node, ...], ...]
    where: Where


@dataclass(frozen=True, slots=True)
class Table:
    """A table of inline cells. `widths` are relative column widths; `groups` are the rows
    that head a group and span every column; `spans` are (column, first row, last row) cells
    that run down several rows."""

    header: tuple[Inline, ...]
    rows: tuple[tuple[Inline, ...], ...]
    widths: tuple[float, ...]
    where: Where
    groups: tuple[int, ...] = ()
    spans: tuple[tuple[int, int, int], ...] = ()
    caption: Inline | None = None


@dataclass(frozen=True, slots=True)
class Aside:
    """A boxed aside (Markdown's block quote): reasons, tips, examples."""

    body: tuple[Node, ...]
    where: Where


@dataclass(frozen=True, slots=True)
class Figure:
    """A drawing for the illustrated book (`kind` names it, `data` feeds it). The text-only
    book prints `alt` instead, which says the same in words."""

    kind: str
    data: Any = field(compare=False)
    alt: tuple[Node, ...]
    where: Where
    height: float = 0.0  # points, when the drawing has a fixed height


@dataclass(frozen=True, slots=True)
class Art:
    """What a `picture` figure shows: a picture of the game folder (its path as the source
    wrote it), what it shows in words (its alt text) and its caption (its title, or '')."""

    rel: str
    alt: str
    title: str


Node = Heading | Para | Items | Table | Aside | Figure

_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """An anchor id from a heading or a name: 'Leaving the Country' -> 'leaving-the-country'."""
    return _SLUG.sub("-", text.casefold().replace("’", "").replace("'", "")).strip("-") or "x"


def walk(nodes: tuple[Node, ...] | list[Node]) -> list[Node]:
    """Every node, depth first, list items and asides included."""
    out: list[Node] = []
    for node in nodes:
        out.append(node)
        if isinstance(node, Items):
            for item in node.items:
                out += walk(item)
        elif isinstance(node, Aside):
            out += walk(node.body)
    return out


def plain_text(node: Node) -> str:
    """The words of one node (without those of nodes inside it)."""
    if isinstance(node, Heading | Para):
        return node.inline.text
    if isinstance(node, Table):
        cells = [*node.header, *(c for row in node.rows for c in row)]
        if node.caption:
            cells.append(node.caption)
        return "\n".join(c.text for c in cells)
    return ""
