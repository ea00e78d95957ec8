"""Pictures in the rulebook: `![what it shows](art/table.svg "Setting up")`.

A paragraph that is one image alone is a figure: in the illustrated book the picture,
centred, as wide as the text column and at most the style's `picture_height` tall, over its
caption (the title, when the image has one; the alt text is for those who cannot see it); in
the text-only book the line "Picture: what it shows (Setting up)". An image inside running
text prints its alt text, as it always did.

Every image written in a source is a picture the content uses (`content.assets.uses`), so it
is checked like a card's art (E730-E732: it exists in the game folder and is an image) and
needs a credit (E735). They are found here in the sources as written, before jinja2 fills
them, each at its own line and column; a path is the game folder's, never an address.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from posixpath import basename, splitext
from urllib.parse import unquote

from markdown_it.token import Token

from pnp.content import cache_folder
from pnp.content.rulebook_markdown import parse, parser

# A jinja2 comment (`{## ... ##}`): nothing in it is printed.
_COMMENT = re.compile(r"\{##.*?##\}", re.DOTALL)
# An inline image as written, for those markdown-it will not make images of (an address it
# refuses, such as `file:` or `data:`): `![alt](destination "title")`.
_WRITTEN = re.compile(
    r"(?<!\\)!\[([^\]\n]*)\]\(\s*(<[^>\n]*>|[^\s)]+)"
    r"(?:\s+(?:\"([^\"\n]*)\"|'([^'\n]*)'))?\s*\)"
)
_CODE_SPAN = re.compile(r"`[^`\n]*`")


@dataclass(frozen=True, slots=True)
class Found:
    """One image of a source: its path as written (relative to the game folder), what it
    shows (its alt text), its title, and where it is (1-based line and column)."""

    rel: str
    alt: str
    title: str
    line: int
    col: int

    @property
    def words(self) -> str:
        """What the picture shows in words (see `words`)."""
        return words(self.alt, self.title, self.rel)


def words(alt: str, title: str, rel: str) -> str:
    """What a picture shows, in words: its alt text, else its title, else its file's name
    ('art/wooden-crate.svg' -> 'wooden crate')."""
    named = splitext(basename(rel.rstrip("/")))[0].replace("-", " ").replace("_", " ")
    return " ".join((alt or title or named).split())


def path(src: str) -> str:
    """An image's path as the source wrote it, from the address markdown-it made of it
    (`art/my%20table.svg` -> `art/my table.svg`)."""
    return unquote(src)


def alt_text(image: Token) -> str:
    """An image token's alt text as plain words (emphasis and code marks dropped)."""
    parts: list[str] = []
    for c in image.children or ():
        if c.type in ("text", "code_inline"):
            parts.append(c.content)
        elif c.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif c.type == "image":
            parts.append(alt_text(c))
    return " ".join("".join(parts).split())


def alone(inline: Token) -> Token | None:
    """The image a paragraph's inline token holds alone (spaces aside), or None."""
    children = [
        c
        for c in inline.children or ()
        if not (c.type in ("text", "softbreak") and not c.content.strip())
    ]
    if len(children) == 1 and children[0].type == "image":
        return children[0]
    return None


FOUND_STORE = "rulebook-pictures"
FOUND_LIMIT = 4096  # sources


@lru_cache(maxsize=64)
def find(text: str) -> tuple[Found, ...]:
    """Every image of one source (its text as written), in order: those markdown-it reads
    as images, wherever they stand (paragraphs, lists, tables, headings), and those written
    with an address it refuses to read (`file:`, `data:`), which are pictures the content
    names all the same. Code and jinja2 comments hold none. Kept in the cache folder by the
    source's text and what reads it (`_signature`): a source is parsed here only when it
    changed."""
    store = cache_folder.store(FOUND_STORE, FOUND_LIMIT)
    key = cache_folder.digest(_signature(), text)
    kept = _from_json(store.get(key))
    if kept is not None:
        return kept
    found = _find(text)
    rows = [[f.rel, f.alt, f.title, f.line, f.col] for f in found]
    store.put(key, json.dumps(rows).encode())
    return found


@cache
def _signature() -> str:
    """What the images of a source depend on besides its text: how it is parsed (this
    module's and `rulebook_markdown`'s code, markdown-it's version) and pnp's version."""
    from pnp.content import rulebook_markdown

    return cache_folder.code_signature(
        __file__, rulebook_markdown.__file__, libraries=("markdown-it-py",)
    )


def _from_json(kept: bytes | None) -> tuple[Found, ...] | None:
    """Images kept as JSON rows, or None when there are none (or they are not such rows)."""
    if kept is None:
        return None
    try:
        rows = json.loads(kept)
    except ValueError:
        return None
    shapes = (str, str, str, int, int)
    if not isinstance(rows, list) or not all(
        isinstance(row, list)
        and len(row) == len(shapes)
        and all(type(v) is kind for v, kind in zip(row, shapes, strict=True))
        for row in rows
    ):
        return None
    return tuple(Found(*row) for row in rows)


def _find(text: str) -> tuple[Found, ...]:
    """The images of a source, found by parsing it (`find` without the cache)."""
    # a comment is blanked, its lines kept, so that every line stays where it is
    text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    lines = text.split("\n")
    found: list[Found] = []
    code: set[int] = set()  # lines of code and of HTML (0-based): never pictures
    for token in parse(text):
        if token.type in ("fence", "code_block", "html_block") and token.map:
            code.update(range(*token.map))
        if token.type != "inline" or not token.map:
            continue
        for child in token.children or ():
            if child.type == "image":
                found.append(_located(child, token, lines))
    seen = {(f.line, f.col) for f in found}
    md = parser()
    for n, line in enumerate(lines):
        if n in code:
            continue
        plain = _CODE_SPAN.sub(lambda m: " " * len(m.group()), line)
        for m in _WRITTEN.finditer(plain):
            dest = m.group(2)[1:-1] if m.group(2).startswith("<") else m.group(2)
            if (n + 1, m.start() + 1) in seen or md.validateLink(md.normalizeLink(dest)):
                continue  # an image markdown-it reads (found above), or a link's text
            found.append(
                Found(
                    dest,
                    " ".join(m.group(1).split()),
                    m.group(3) or m.group(4) or "",
                    n + 1,
                    m.start() + 1,
                )
            )
    return tuple(sorted(found, key=lambda f: (f.line, f.col)))


def _located(image: Token, inline: Token, lines: list[str]) -> Found:
    """An image token of an inline token, at its line and column in the source."""
    offset = int(image.meta.get("offset", 0))
    before = inline.content[:offset]
    line = (inline.map or [0])[0] + 1 + before.count("\n")
    # the column: the same image written on that line of the source (the inline's text has
    # lost the line's indentation and markers such as '> ')
    needle = f"![{image.content}]"
    k = before[before.rfind("\n") + 1 :].count(needle)
    raw = lines[line - 1] if 0 < line <= len(lines) else ""
    col, start = 0, 0
    for _ in range(k + 1):
        at = raw.find(needle, start)
        if at < 0:
            break
        col, start = at + 1, at + 1
    return Found(
        path(str(image.attrs.get("src", ""))),
        alt_text(image),
        str(image.attrs.get("title", "") or ""),
        line,
        col or 1,
    )
