"""A paragraph's markup read into reportlab's runs of text (its `frags`), as reportlab's own
parser reads it, but without its HTML tokenizer for the few tags the rulebook writes.

Parsing markup took about a tenth of the time a book took, most of it in Python's
`html.parser` finding the tags. The rulebook writes a small, regular subset of reportlab's
markup: `<b>`, `<i>`, `<br/>`, `<a name="..."/>`, `<a href="..." ...>` and
`<onDraw name="..." label="..."/>`, with double-quoted attributes and no entities. Markup of
that subset is split into its tags and words by one regular expression and handed to
reportlab's own parser, tag by tag, exactly as `html.parser` would hand them (tag and
attribute names in lower case, the same pieces of text), so every run is made by
reportlab's code. Words with no markup at all are one run in the paragraph's style, copied
from the run the style gives any such words. Anything else (another tag, an entity, a
stray `<`) is read by reportlab's parser itself.
"""

from __future__ import annotations

import re
import weakref
from typing import Any

from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import (  # type: ignore[attr-defined]
    cleanBlockQuotedText,
    textTransformFrags,
)
from reportlab.platypus.paraparser import ParaParser

# A start, end or empty tag with double-quoted attributes, as the rulebook writes them.
_TAG = re.compile(
    r"<(?:/([a-zA-Z][a-zA-Z0-9]*)"
    r"|([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][-a-zA-Z0-9_]*=\"[^\"<>]*\")*)\s*(/?))>"
)
_ATTR = re.compile(r"\s+([a-zA-Z][-a-zA-Z0-9_]*)=\"([^\"<>]*)\"")
_TAGS = frozenset({"a", "b", "i", "br", "ondraw"})  # those read here

Parsed = tuple[str, Any, list[Any]]  # (the text kept, the style, the runs)


def parse(text: str, style: Any) -> Parsed | None:
    """The cleaned text, the style and the runs reportlab's `Paragraph(text, style)` would
    have; None when reportlab's parser must read the markup itself."""
    if "&" in text or getattr(style, "textTransform", None):
        return None
    cleaned = cleanBlockQuotedText(text)
    if not cleaned or cleaned.startswith("<para"):
        return None
    if "<" not in cleaned:
        run = _plain_run(style)
        if run is None:
            return None
        return cleaned, style, [run.clone(text=cleaned, link=list(run.link), us_lines=[])]
    return _tagged(cleaned, style)


def _plain_run(style: Any) -> Any:
    """The run reportlab makes of words with no markup in a style (kept by style)."""
    run = _PLAIN_RUNS.get(style)
    if run is None:
        runs = Paragraph("x", style).frags
        if len(runs) != 1 or runs[0].us_lines:
            return None
        run = _PLAIN_RUNS[style] = runs[0]
    return run


_PLAIN_RUNS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _tagged(cleaned: str, style: Any) -> Parsed | None:
    """Markup of the rulebook's tags, handed to reportlab's parser piece by piece."""
    parser: Any = ParaParser()
    parser.caseSensitive = 1  # as `Paragraph` sets it
    parser._setup_for_parse(style)
    try:
        parser.handle_starttag("para", [])
        at = 0
        for m in _TAG.finditer(cleaned):
            start = m.start()
            if start > at:
                words = cleaned[at:start]
                if "<" in words:  # a `<` that opens no tag of ours
                    return None
                parser.handle_data(words)
            at = m.end()
            end, tag, attrs, empty = m.groups()
            if end is not None:
                if end.lower() not in _TAGS:
                    return None
                parser.handle_endtag(end.lower())
                continue
            tag = tag.lower()
            if tag not in _TAGS:
                return None
            pairs = [(k.lower(), v) for k, v in _ATTR.findall(attrs)]
            if empty:
                parser.handle_startendtag(tag, pairs)
            else:
                parser.handle_starttag(tag, pairs)
        if at < len(cleaned):
            words = cleaned[at:]
            if "<" in words:
                return None
            parser.handle_data(words)
        parser.handle_endtag("para")
        found_style, runs, bullet = parser._complete_parse()
    except Exception:  # reportlab's parser says what is wrong, reading it itself
        return None
    if runs is None or bullet:
        return None
    textTransformFrags(runs, found_style)
    return cleaned, found_style, runs
