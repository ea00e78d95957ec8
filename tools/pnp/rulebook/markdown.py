"""Markdown to rulebook nodes, with markdown-it-py (CommonMark, plus tables).

Two additions to CommonMark:

- `[[Name]]` or `[[Name|shown text]]` refers to a section (by heading or id), or to a thing
  the game defines: a door, Goal, card, archetype, diplomat, role, piece, crime type or
  glossary term. It becomes an internal link when the book shows that thing; an unknown
  name is an error (E752). `[text](#section-id)` links to a section the same way.
- A fenced block whose info string is `pnp-turn` is the turn diagram: one line per step,
  `Name | what it is | what you do`, then an optional closing line.
- A thematic break (`---`) starts a new page of the illustrated book.
- A paragraph that is one image alone (`![what it shows](art/x.svg "caption")`) is a picture
  figure (`pictures.py`); an image inside running text prints its alt text.

A heading may end with `{#id}` to fix its anchor; otherwise the anchor is made from its text.
Generated blocks arrive as HTML comments (`<!--pnp-block:N-->`) alone on their line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from markdown_it.token import Token

from pnp.content import rulebook_pictures as pictures
from pnp.content.rulebook_markdown import parser
from pnp.diagnostics import Diagnostic
from pnp.rulebook.context import PLACEHOLDER
from pnp.rulebook.document import (
    Art,
    Aside,
    Figure,
    Heading,
    Inline,
    Items,
    Node,
    Para,
    Table,
    Where,
    escape,
    slug,
)

_EXPLICIT_ID = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
FIGURES = ("pnp-turn",)


@dataclass(frozen=True, slots=True)
class HeadingInfo:
    """A heading found before the full conversion, so that links can point at it."""

    level: int
    text: str
    id: str
    line: int


def heading_text(inline: Token) -> tuple[str, str | None]:
    """(text, explicit id) of a heading's inline token."""
    text = "".join(
        c.content if c.type != "wikilink" else c.meta["label"]
        for c in inline.children or ()
        if c.type in ("text", "code_inline", "wikilink")
    )
    m = _EXPLICIT_ID.search(text)
    return (text[: m.start()], m.group(1)) if m else (text, None)


def scan_headings(tokens: Sequence[Token]) -> list[HeadingInfo]:
    """Every heading of a token stream, with its anchor id."""
    found = []
    for i, t in enumerate(tokens):
        if t.type == "heading_open":
            text, explicit = heading_text(tokens[i + 1])
            found.append(
                HeadingInfo(int(t.tag[1:]), text, explicit or slug(text), (t.map or [0])[0] + 1)
            )
    return found


# resolve(target, where) -> the anchor to link to, or None (known but not shown, or unknown:
# the resolver records what it needs for the checks)
Resolve = Callable[[str, Where], str | None]


class Converter:
    """Turns one source's tokens into nodes; generated blocks are spliced in by number."""

    def __init__(
        self,
        file: str,
        resolve: Resolve,
        blocks: Sequence[list[Node] | None],
        problems: list[Diagnostic],
        ids: dict[int, str],
    ) -> None:
        self.file = file
        self.resolve = resolve
        self.blocks = blocks
        self.problems = problems
        self.ids = ids  # heading line -> the anchor the book gave it
        self.prose: list[str] = []  # words typed in this source (not generated)

    def where(self, token: Token) -> Where:
        return Where(self.file, (token.map or [0])[0] + 1)

    def convert(self, tokens: Sequence[Token]) -> list[Node]:
        nodes, _ = self._blocks(list(tokens), 0, None)
        return nodes

    def _blocks(self, tokens: list[Token], i: int, close: str | None) -> tuple[list[Node], int]:
        out: list[Node] = []
        while i < len(tokens):
            t = tokens[i]
            if close is not None and t.type == close:
                return out, i + 1
            if t.type == "heading_open":
                inline = tokens[i + 1]
                text, _ = heading_text(inline)
                line = (t.map or [0])[0] + 1
                content = self.inline(inline, strip_id=True)
                self.prose.append(content.text)
                out.append(
                    Heading(int(t.tag[1:]), content, self.ids.get(line, slug(text)), self.where(t))
                )
                i += 3
            elif t.type == "paragraph_open":
                image = pictures.alone(tokens[i + 1])
                if image is not None:
                    out.append(self._picture(image, self.where(t)))
                else:
                    content = self.inline(tokens[i + 1])
                    self.prose.append(content.text)
                    out.append(Para(content, self.where(t)))
                i += 3
            elif t.type in ("bullet_list_open", "ordered_list_open"):
                items, i = self._list(tokens, i)
                out.append(items)
            elif t.type == "blockquote_open":
                body, i = self._blocks(tokens, i + 1, "blockquote_close")
                out.append(Aside(tuple(body), self.where(t)))
            elif t.type == "table_open":
                table, i = self._table(tokens, i)
                out.append(table)
            elif t.type == "html_block":
                out += self._html(t)
                i += 1
            elif t.type in ("fence", "code_block"):
                out.append(self._fence(t))
                i += 1
            elif t.type == "hr":  # a new page in the illustrated book; nothing in the text one
                out.append(Figure("page-break", None, (), self.where(t)))
                i += 1
            else:  # anything else carries no words
                i += 1
        return out, i

    def _list(self, tokens: list[Token], i: int) -> tuple[Items, int]:
        t = tokens[i]
        ordered = t.type == "ordered_list_open"
        close = "ordered_list_close" if ordered else "bullet_list_close"
        start = int(t.attrs.get("start", 1)) if ordered else 1
        items: list[tuple[Node, ...]] = []
        i += 1
        while tokens[i].type != close:
            body, i = self._blocks(tokens, i + 1, "list_item_close")
            items.append(tuple(body))
        return Items(ordered, start, tuple(items), self.where(t)), i + 1

    def _table(self, tokens: list[Token], i: int) -> tuple[Table, int]:
        where = self.where(tokens[i])
        header: list[Inline] = []
        rows: list[list[Inline]] = []
        in_head = False
        while tokens[i].type != "table_close":
            t = tokens[i]
            if t.type == "thead_open":
                in_head = True
            elif t.type == "thead_close":
                in_head = False
            elif t.type == "tr_open" and not in_head:
                rows.append([])
            elif t.type == "inline":
                cell = self.inline(t)
                self.prose.append(cell.text)
                (header if in_head else rows[-1]).append(cell)
            i += 1
        columns = max([len(header), *(len(r) for r in rows)])
        widths = tuple(
            min(40, max(4, max((len(r[c].text) for r in [header, *rows] if c < len(r)), default=4)))
            for c in range(columns)
        )
        return Table(
            tuple(header), tuple(tuple(r) for r in rows), tuple(map(float, widths)), where
        ), i + 1

    def _html(self, t: Token) -> list[Node]:
        content = t.content.strip()
        numbers = PLACEHOLDER.findall(content)
        if not numbers:
            return []  # a comment or raw HTML: nothing to print
        out: list[Node] = []
        for n in numbers:
            built = self.blocks[int(n)]
            out += built or []
        return out

    def _picture(self, image: Token, where: Where) -> Figure:
        """A paragraph that is one image alone: a picture figure, whose words (for the
        text-only book) are 'Picture: what it shows (caption)'."""
        art = Art(
            pictures.path(str(image.attrs.get("src", ""))),
            pictures.alt_text(image),
            " ".join(str(image.attrs.get("title", "") or "").split()),
        )
        shown = pictures.words(art.alt, art.title, art.rel)
        self.prose.extend(w for w in (art.alt, art.title) if w)
        line = f"Picture: {shown}" + (f" ({art.title})" if art.title and art.alt else "")
        alt = Para(Inline(f"<i>{escape(line)}</i>", line), where)
        return Figure("picture", art, (alt,), where)

    def _fence(self, t: Token) -> Node:
        where = self.where(t)
        lines = [line.strip() for line in t.content.splitlines() if line.strip()]
        if t.info.strip() == "pnp-turn":
            steps = [
                tuple(part.strip() for part in line.split("|")) for line in lines if "|" in line
            ]
            footer = " ".join(line for line in lines if "|" not in line)
            self.prose.extend(lines)
            items = tuple(
                (
                    Para(
                        inline_markdown(
                            f"**{s[0]}** ({s[1]}): {s[2] if len(s) > 2 else ''}".rstrip(": ") + "."
                        ),
                        where,
                    ),
                )
                for s in steps
            )
            alt: tuple[Node, ...] = (Items(False, 1, items, where),)
            if footer:
                alt += (Para(inline_markdown(footer), where),)
            return Figure("turn", (tuple(steps), footer), alt, where, height=0.0)
        text = "\n".join(t.content.splitlines())
        return Para(Inline(escape(text).replace("\n", "<br/>"), text), where)

    # -- inline --

    def inline(self, token: Token, strip_id: bool = False) -> Inline:
        """The markup and plain text of an inline token's children."""
        children = list(token.children or ())
        if strip_id and children and children[-1].type == "text":
            last = children[-1]
            m = _EXPLICIT_ID.search(last.content)
            if m:
                trimmed = Token("text", "", 0)
                trimmed.content = last.content[: m.start()]
                children[-1] = trimmed
        first = (token.map or [0])[0] + 1
        markup: list[str] = []
        text: list[str] = []
        for c in children:
            if c.type == "text":
                markup.append(escape(c.content))
                text.append(c.content)
            elif c.type == "softbreak":
                markup.append(" ")
                text.append(" ")
            elif c.type == "hardbreak":
                markup.append("<br/>")
                text.append("\n")
            elif c.type in ("strong_open", "strong_close"):
                markup.append("<b>" if c.type.endswith("open") else "</b>")
            elif c.type in ("em_open", "em_close"):
                markup.append("<i>" if c.type.endswith("open") else "</i>")
            elif c.type == "code_inline":
                markup.append(escape(c.content))
                text.append(c.content)
            elif c.type == "link_open":
                href = str(c.attrs.get("href", ""))
                if href.startswith("#"):
                    found = self.resolve(href, Where(self.file, first))
                    markup.append(f'<a href="#{found}">' if found else "<a>")
                else:
                    markup.append(f'<a href="{escape(href)}">')
            elif c.type == "link_close":
                markup.append("</a>")
            elif c.type == "wikilink":
                line = first + token.content[: c.meta["offset"]].count("\n")
                found = self.resolve(c.meta["target"], Where(self.file, line))
                label = escape(c.meta["label"])
                markup.append(f'<a href="#{found}">{label}</a>' if found else label)
                text.append(c.meta["label"])
            elif c.type == "image":
                markup.append(escape(c.content))
                text.append(c.content)
            elif c.type == "html_inline":
                if re.fullmatch(r"<br\s*/?>", c.content.strip()):
                    markup.append("<br/>")
                    text.append("\n")
                elif PLACEHOLDER.search(c.content):
                    self.problems.append(
                        Diagnostic(
                            self.file,
                            first,
                            1,
                            "E754",
                            "a generated block must stand alone on its line",
                            "put the {{ ... }} call on a line of its own, with blank lines "
                            "around it",
                        )
                    )
        return Inline("".join(markup).replace("<a></a>", ""), "".join(text))


@lru_cache(maxsize=16384)
def inline_markdown(text: str) -> Inline:
    """Inline Markdown from the data (card texts, rulings) as an Inline; `[[links]]` in it
    show their text. Line breaks are kept. A pure function of the text, whose result
    cannot change, so each text is parsed once a process: a check made again (`pnp
    serve`, an editor's check on save) sets the same card texts and rulings."""
    converter = Converter("", lambda target, where: None, [], [], {})
    parts = [converter.inline(parser().parseInline(line)[0]) for line in text.split("\n")]
    out = parts[0]
    for part in parts[1:]:
        out = out + Inline("<br/>", "\n") + part
    return out
