"""Word-level differences between two printed texts, and how each output marks them.

A text is split into words (money such as `$8M` and numbers such as `2.5` stay whole),
punctuation and spaces; the two token lists are matched with difflib. The result is a list
of `(op, text)` pieces, op `=` (kept), `-` (only in the old text) or `+` (only in the new).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

Piece = tuple[str, str]  # (op, text): op is "=", "-" or "+"

_TOKEN = re.compile(r"[$€£]?\w+(?:[.,'’]\w+)*|\s+|.", re.S)


def tokens(text: str) -> list[str]:
    """Words, single punctuation marks and runs of white space, in order."""
    return _TOKEN.findall(text)


def _key(token: str) -> str:
    """Spaces compare equal to spaces; a line break stays a line break."""
    if token.isspace():
        return "\n" if "\n" in token else " "
    return token


def diff(old: str, new: str) -> list[Piece]:
    """The pieces that turn `old` into `new`, word by word."""
    a, b = tokens(old), tokens(new)
    matcher = difflib.SequenceMatcher(
        None, [_key(t) for t in a], [_key(t) for t in b], autojunk=False
    )
    pieces: list[Piece] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pieces.append(("=", "".join(b[j1:j2])))
            continue
        if i2 > i1:
            pieces.append(("-", "".join(a[i1:i2])))
        if j2 > j1:
            pieces.append(("+", "".join(b[j1:j2])))
    return _merge(pieces)


def _merge(pieces: Sequence[Piece]) -> list[Piece]:
    """Fold a lone space between two changes into them, so that `[-a-] [-b-]` reads as one
    change `[-a b-]`; then join neighbours with the same op."""
    out: list[Piece] = []
    for i, (op, text) in enumerate(pieces):
        between = (
            0 < i < len(pieces) - 1
            and op == "="
            and text.isspace()
            and pieces[i - 1][0] != "="
            and pieces[i + 1][0] != "="
        )
        if between:
            out += [("-", text), ("+", text)]
        else:
            out.append((op, text))
    # order each run of changes as all removals, then all additions
    merged: list[Piece] = []
    run: list[Piece] = []
    for piece in [*out, ("=", "")]:
        if piece[0] != "=":
            run.append(piece)
            continue
        for op in ("-", "+"):
            text = "".join(t for o, t in run if o == op)
            if text:
                merged.append((op, text))
        run = []
        if piece[1]:
            if merged and merged[-1][0] == "=":
                merged[-1] = ("=", merged[-1][1] + piece[1])
            else:
                merged.append(piece)
    return merged


def changed(pieces: Sequence[Piece]) -> bool:
    """Whether anything but spacing changed."""
    return any(op != "=" and text.strip() for op, text in pieces)


def side(pieces: Sequence[Piece], which: str) -> list[tuple[str, bool]]:
    """One side of a diff as (text, changed) runs: `which` is "-" (old) or "+" (new)."""
    return [(text, op != "=") for op, text in pieces if op in ("=", which)]


def mark_text(pieces: Sequence[Piece]) -> str:
    """Plain text marks, as `git diff --word-diff` prints them: `[-old-]{+new+}`."""
    return "".join(
        text if op == "=" else f"[-{text}-]" if op == "-" else f"{{+{text}+}}"
        for op, text in pieces
    )


_MD_SPECIAL = re.compile(r"([\\`*_~\[\]<>|#])")


def md_escape(text: str) -> str:
    """Text safe inside Markdown: its marks and table bars escaped, lines joined."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split("\n")))


def mark_md(pieces: Sequence[Piece]) -> str:
    """Markdown marks: `~~old~~ **new**` (spaces kept outside the marks)."""
    out = []
    for n, (op, text) in enumerate(pieces):
        if op == "=":
            out.append(md_escape(text))
            continue
        core = text.strip()
        if not core:
            out.append(" " if text else "")
            continue
        replaces = op == "+" and n > 0 and pieces[n - 1][0] == "-"
        lead = " " if text[:1].isspace() or replaces else ""
        trail = " " if text[-1:].isspace() else ""
        mark = "~~" if op == "-" else "**"
        out.append(f"{lead}{mark}{md_escape(core)}{mark}{trail}")
    return "".join(out)
