"""Helpers shared by the checks: diagnostics at a model position, reference lookups, a
pattern that finds any of many names in a text, and findings kept between checks."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import Generic, TypeVar

from pnp.content.model import Ref, Src
from pnp.diagnostics import Diagnostic, closest

V = TypeVar("V")


class Kept(Generic[V]):
    """What a check found in a text, kept in this process by everything that decides it
    (the text, and what the game's data makes of it): a game checked again (after an
    edit, by `pnp serve` or an editor) mostly holds the same texts, and a text is not read
    again for the same data. At most `limit` findings; past that it starts afresh."""

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self._kept: dict[Hashable, V] = {}

    def get(self, key: Hashable, find: Callable[[], V]) -> V:
        """What `find` finds, kept by `key` (which must hold everything it depends on)."""
        found = self._kept.get(key)
        if found is None:
            found = find()
            if len(self._kept) >= self.limit:
                self._kept.clear()
            self._kept[key] = found
        return found

    def cache_clear(self) -> None:
        """Forget everything kept (as `functools.lru_cache`'s functions do)."""
        self._kept.clear()


def at(src: Src, code: str, message: str, hint: str = "") -> Diagnostic:
    """A diagnostic at a model value's source position."""
    return Diagnostic(src.file, src.line, src.col, code, message, hint)


def resolve(ref: Ref, what: str, known: Mapping[str, str], out: list[Diagnostic]) -> bool:
    """Check that `ref` names a known id, else report E204 with a hint.

    `known` maps ids to display names, so that a reference written as the name
    ('Private Jet' for 'private-jet') or misspelt either way is pointed at the right id.
    """
    if ref.id in known:
        return True
    by_name = {name: key for key, name in known.items()}
    match = closest(ref.id, known)
    if match is None:
        name = closest(ref.id, by_name)
        match = by_name[name] if name is not None else None
    if match is not None:
        hint = f"did you mean '{match}'?"
    elif known:
        hint = "known: " + ", ".join(list(known)[:12]) + (", ..." if len(known) > 12 else "")
    else:
        hint = f"no {what} is defined in this game"
    out.append(at(ref.src, "E204", f"unknown {what} '{ref.id}'", hint))
    return False


def names(items: Iterable[object]) -> dict[str, str]:
    """{id: name} for model objects that have `id` and `name`."""
    return {getattr(i, "id"): getattr(i, "name", getattr(i, "id")) for i in items}  # noqa: B009


# Past this many nested choices the trie is not worth its groups: plain alternatives.
_TRIE_DEPTH = 40
_Node = dict[str, "_Node"]  # a trie: a letter to what follows it; "" marks a phrase's end


def whole_words(phrases: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern matching any of `phrases` as whole words (no letter, digit, underscore or
    hyphen on either side), the longest that fits where several start at one place; None
    when there are none but blanks.

    The phrases are written as a trie (`Cigar(?: Run(?: II)?)?`), so a text is read once
    whatever their number: a choice of every name at every place in a text made a check of
    a large deck's texts grow with the square of the deck. It matches exactly where the
    longest-first list of alternatives would (case-sensitive literals: two phrases of one
    length cannot both match at one place, and a greedy optional part gives back to the
    shorter phrase when the longer is not followed by a word's end)."""
    found = tuple(sorted({p for p in phrases if p.strip()}, key=lambda p: (-len(p), p)))
    return _whole_words(found) if found else None


@lru_cache(maxsize=64)
def _whole_words(found: tuple[str, ...]) -> re.Pattern[str]:
    """`whole_words` of phrases given longest first, made once for each set of them (a
    process that checks a game again, as `pnp serve` does, finds its names' pattern made)."""
    trie: _Node = {}
    for phrase in found:
        node = trie
        for ch in phrase:
            node = node.setdefault(ch, {})
        node[""] = {}
    body = _trie(trie, 0)
    if body is None:  # deeper than is worth it: the plain list, longest first
        body = "|".join(map(re.escape, found))
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])")


def _trie(node: _Node, depth: int) -> str | None:
    """The pattern of a trie node's phrases (its ends and what follows it), or None past
    `_TRIE_DEPTH` nested choices."""
    out = []
    while True:  # a run of single letters is written as it is, without a group
        branches = [ch for ch in node if ch]
        if len(branches) != 1 or "" in node:
            break
        out.append(re.escape(branches[0]))
        node = node[branches[0]]
    ends = "" in node
    branches = sorted(ch for ch in node if ch)
    if not branches:
        return "".join(out)
    if depth >= _TRIE_DEPTH:
        return None
    parts = []
    for ch in branches:
        rest = _trie(node[ch], depth + 1)
        if rest is None:
            return None
        parts.append(re.escape(ch) + rest)
    choice = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
    return "".join(out) + (f"(?:{choice})?" if ends else choice)
