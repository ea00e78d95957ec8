"""The Markdown of rulebook sources: CommonMark with tables, typographic quotes and dashes,
`[[Name]]` links, and images that know where they start (so a picture is reported at its own
line). `pnp.rulebook.markdown` turns what this parses into the book; the checks and the
pictures the content uses (`rulebook_pictures`) read the same tokens.
"""

from __future__ import annotations

from functools import cache, lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline import image as _image_rule
from markdown_it.token import Token


def _wikilink(state: StateInline, silent: bool) -> bool:
    """`[[target]]` or `[[target|label]]` on one line."""
    src, pos = state.src, state.pos
    if not src.startswith("[[", pos):
        return False
    end = src.find("]]", pos + 2)
    body = src[pos + 2 : end] if end >= 0 else ""
    if end < 0 or "\n" in body or not body.strip() or "[" in body:
        return False
    if not silent:
        token = state.push("wikilink", "", 0)
        target, _, label = body.partition("|")
        token.meta = {"target": target.strip(), "label": (label or target).strip(), "offset": pos}
    state.pos = end + 2
    return True


def _image(state: StateInline, silent: bool) -> bool:
    """markdown-it's image rule, noting where in the inline text each image starts (its
    `meta['offset']`), so that a picture is reported at its own line."""
    start = state.pos
    if not _image_rule(state, silent):
        return False
    if not silent and state.tokens and state.tokens[-1].type == "image":
        state.tokens[-1].meta["offset"] = start
    return True


@cache
def parser() -> MarkdownIt:
    """CommonMark with tables, typographic quotes and dashes, and `[[links]]`."""
    md = MarkdownIt("commonmark", {"typographer": True})
    md.enable(["table", "smartquotes", "replacements"])
    md.inline.ruler.before("link", "wikilink", _wikilink)
    md.inline.ruler.at("image", _image)
    return md


def parse(text: str) -> list[Token]:
    """The block tokens of a Markdown text."""
    return list(_parsed(text))


@lru_cache(maxsize=256)
def _parsed(text: str) -> tuple[Token, ...]:
    """A text's tokens, parsed once per process for the same text: a rulebook is filled again
    on every check of its game and mostly comes out the same (tokens are read, never
    changed, by what uses them)."""
    return tuple(parser().parse(text))
