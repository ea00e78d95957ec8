"""A paragraph's markup read into reportlab's runs of text (its `frags`), as reportlab's own
parser reads it, but without its HTML tokenizer for the few tags the rulebook writes.

Parsing markup took about a tenth of the time a book took, most of it in Python's
`html.parser` finding the tags. The rulebook writes a small, regular subset of reportlab's
markup: `<b>`, `<i>`, `<br/>`, `<a name="..."/>`, `<a href="..." ...>` and
`<onDraw name="..." label="..."/>`, with double-quoted attributes and no entities. Markup of
that subset is split into its tags and words by one regular expression, and each tag and
piece of text makes the runs reportlab's parser (`ParaParser`) makes of it: the same
steps on the same state (a stack of runs, each tag's run a copy of the one it is inside,
the counts of links and underlines), written out for these tags alone rather than looked
up and dispatched per tag (`_Runs`, held to reportlab's runs for every paragraph of both
books and for any markup of the subset by `tests/test_paraparse.py`). A tag with an
attribute other than those the rulebook writes is handed to reportlab's parser, tag by tag,
exactly as `html.parser` would hand it. Words with no markup at all are one run in the
paragraph's style, copied from the run the style gives any such words. Anything else
(another tag, an entity, a stray `<`) is read by reportlab's parser itself.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from typing import Any

from reportlab.lib.abag import ABag
from reportlab.lib.colors import toColor
from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import (  # type: ignore[attr-defined]
    cleanBlockQuotedText,
    textTransformFrags,
)
from reportlab.platypus.paraparser import (  # type: ignore[attr-defined]
    ParaFrag,
    ParaParser,
    _bool,
    _lineRepeats,
    platypus_link_underline,
)

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
    return _built(cleaned, style) or _tagged(cleaned, style)


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


# A piece of markup: ("text", words), ("start", tag, attributes, empty) or ("end", tag);
# tag and attribute names in lower case, as `html.parser` hands them on.
Piece = tuple[Any, ...]


class _Stray(Exception):
    """A `<` that opens no tag of the rulebook's."""


def _pieces(cleaned: str) -> Iterator[Piece]:
    """The markup's words and tags in order (`_Stray` at a `<` that opens no tag)."""
    at = 0
    for m in _TAG.finditer(cleaned):
        start = m.start()
        if start > at:
            words = cleaned[at:start]
            if "<" in words:
                raise _Stray(words)
            yield ("text", words)
        at = m.end()
        end, tag, attrs, empty = m.groups()
        if end is not None:
            yield ("end", end.lower())
        else:
            yield ("start", tag.lower(), [(k.lower(), v) for k, v in _ATTR.findall(attrs)], empty)
    if at < len(cleaned):
        words = cleaned[at:]
        if "<" in words:
            raise _Stray(words)
        yield ("text", words)


def _tagged(cleaned: str, style: Any) -> Parsed | None:
    """Markup of the rulebook's tags, handed to reportlab's parser piece by piece."""
    parser: Any = ParaParser()
    parser.caseSensitive = 1  # as `Paragraph` sets it
    parser._setup_for_parse(style)
    try:
        parser.handle_starttag("para", [])
        for piece in _pieces(cleaned):
            if piece[0] == "text":
                parser.handle_data(piece[1])
            elif piece[1] not in _TAGS:
                return None
            elif piece[0] == "end":
                parser.handle_endtag(piece[1])
            elif piece[3]:
                parser.handle_startendtag(piece[1], piece[2])
            else:
                parser.handle_starttag(piece[1], piece[2])
        parser.handle_endtag("para")
        found_style, runs, bullet = parser._complete_parse()
    except Exception:  # reportlab's parser says what is wrong, reading it itself
        return None
    if runs is None or bullet:
        return None
    textTransformFrags(runs, found_style)
    return cleaned, found_style, runs


class _Unlike(Exception):
    """Markup the runs are not made for here (reportlab's parser reads it, and says what is
    wrong with it if anything is)."""


def _copy(run: Any) -> Any:
    """`copy.copy` of a run, as reportlab's parser makes every run it pushes or fills: a
    new run holding the same attributes."""
    new = ParaFrag.__new__(ParaFrag)
    new.__dict__.update(run.__dict__)
    return new


# The attributes of a link the rulebook writes, and what reportlab's parser makes of each
# (`_linkAttrMap`): a colour by its name, kept (the book names a few, thousands of times).
_COLOURS: dict[str, Any] = {}


def _colour(value: str) -> Any:
    found = _COLOURS.get(value)
    if found is None:
        found = _COLOURS[value] = toColor(value)
    return found


class _Runs:
    """The runs of a paragraph's markup, made as `ParaParser` makes them, step for step, for
    the rulebook's tags alone: `<para>` opens with a run in the style's font, size and
    colour; every tag pushes a copy of the run it is in with its own attributes set; every
    piece of text (and every empty tag: a line break, an anchor, a drawing callback) is a
    copy of the innermost run, in the concrete font of its family, boldness and italics."""

    def __init__(self, style: Any) -> None:
        run = ParaFrag()
        run.rise = 0
        run.greek = 0
        run.link = []
        run.fontName, run.bold, run.italic = ps2tt(style.fontName)
        run.fontSize = style.fontSize
        run.textColor = style.textColor
        run.us_lines = []
        run.__tag__ = "para"
        self.style = style
        self.stack = [run]
        self.runs: list[Any] = []
        self.links = 0
        self.lines = 0
        self.underline = getattr(style, "linkUnderline", platypus_link_underline)

    def push(self, tag: str, attrs: dict[str, Any]) -> Any:
        run = _copy(self.stack[-1])
        run.__tag__ = tag
        for key, value in attrs.items():
            setattr(run, key, value)
        self.stack.append(run)
        return run

    def pop(self, tag: str) -> Any:
        run = self.stack.pop()
        if run.__tag__ != tag:
            raise _Unlike(tag)
        return run

    def text(self, words: str) -> None:
        run = _copy(self.stack[-1])
        if "cbDefn" in run.__dict__:
            if words:
                raise _Unlike("text in an empty tag")
        elif "_selfClosingTag" in run.__dict__:
            if words:
                raise _Unlike("text in an empty tag")
            return
        run.fontName = tt2ps(run.fontName, run.bold, run.italic)
        run.text = words
        self.runs.append(run)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "b" and not attrs:
            self.push("b", {"bold": 1})
        elif tag == "i" and not attrs:
            self.push("i", {"italic": 1})
        elif tag == "br" and not attrs:
            self.push("br", {"_selfClosingTag": "br", "lineBreak": True, "text": ""})
        elif tag == "a" and "name" in attrs:
            if len(attrs) > 1 or not attrs["name"].strip():
                raise _Unlike("an anchor with more than a name")
            # (the name as written: reportlab checks it stripped, and keeps it whole)
            self.push("a", {"name": attrs["name"], "_selfClosingTag": "anchor"})
        elif tag == "a" and set(attrs) <= {"href", "color", "underline"}:
            made: dict[str, Any] = {}
            for key, value in attrs.items():  # in the order written, as reportlab sets them
                if key == "color":
                    made["textColor"] = _colour(value)
                elif key == "underline":
                    made["underline"] = _bool(value)
                else:
                    made["link"] = value
            underline = made.pop("underline", self.underline)
            href = made.pop("link", "").strip()
            made["link"] = [*self.stack[-1].link, (self.links, href)]
            self.links += 1
            self.push("a", made)
            if underline:
                self.underline_line()
        elif tag == "ondraw" and "name" in attrs and set(attrs) <= {"name", "label"}:
            callback = ABag()
            callback.name = attrs["name"]
            callback.label = attrs.get("label")
            callback.kind = "onDraw"
            self.push("ondraw", {"cbDefn": callback})
            self.text("")
            self.pop("ondraw")
        else:
            raise _Unlike(tag)

    def end(self, tag: str) -> None:
        if tag in ("b", "i"):
            self.pop(tag)
        elif tag == "br":
            run = self.stack[-1]
            if run.__dict__.get("_selfClosingTag") != "br":
                raise _Unlike("</br>")
            del run._selfClosingTag
            self.text("")
            self.pop("br")
        elif tag == "a":
            run = self.stack[-1]
            if run.__dict__.get("_selfClosingTag") == "anchor":
                callback = run.cbDefn = ABag()
                callback.label = callback.kind = "anchor"
                callback.name = run.name
                del run.name, run._selfClosingTag
                self.text("")
                self.pop("a")
            elif self.pop("a").link is None:
                raise _Unlike("a link without a target")
        elif tag != "ondraw":  # (its start made and closed it)
            raise _Unlike(tag)

    def underline_line(self) -> None:
        """A link's underline, as `ParaParser._new_line('underline')` notes it."""
        run, style = self.stack[-1], self.style
        run.us_lines = [
            *run.us_lines,
            (
                self.lines,
                "underline",
                getattr(run, "underlineColor", getattr(style, "underlineColor", "")),
                getattr(run, "underlineWidth", getattr(style, "underlineWidth", "")),
                getattr(run, "underlineOffset", getattr(style, "underlineOffset", "")),
                run.rise,
                _lineRepeats[getattr(run, "underlineKind", "single")],
                getattr(run, "underlineGap", getattr(style, "underlineGap", "")),
            ),
        ]
        self.lines += 1


def _built(cleaned: str, style: Any) -> Parsed | None:
    """The runs of markup of the rulebook's own tags, made here (`_Runs`); None for markup
    of anything else."""
    try:
        runs = _Runs(style)
        for piece in _pieces(cleaned):
            if piece[0] == "text":
                runs.text(piece[1])
            elif piece[0] == "end":
                runs.end(piece[1])
            else:
                _, tag, attrs, empty = piece
                runs.start(tag, dict(attrs))
                if empty and tag != "ondraw":
                    runs.end(tag)
        runs.pop("para")
        if runs.stack:
            return None
    except (_Unlike, _Stray, ValueError, AttributeError, IndexError):
        return None
    textTransformFrags(runs.runs, style)
    return cleaned, style, runs.runs
