"""The pages a rulebook's headings fell on, kept from one build to the next.

A book's table of contents prints the page of every heading, which only laying the book out
finds; so a build lays a book out twice: once to find the pages (drawing nothing), and once
to print them. A build that has the pages an earlier build of the same book found, for the
very same headings, lays it out once, with those pages in its contents. Whether they were
right is known at the end of that pass (platypus compares the pages it found with those the
contents printed): when they were not (an edit moved a heading to another page), it lays
the book out again with the pages found, as without them. So what is printed never depends
on what was kept; only the time it takes does.

The pages are kept in the cache folder (`pnp.content.cache_folder`, store `contents`), by a
digest of the game, the edition, the paper, the print and every heading's level, words and
anchor.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pnp import __version__
from pnp.content import cache_folder

STORE = "contents"
LIMIT = 256  # books (a game's editions and papers, in both prints)

Entry = tuple[int, str, int, Any]  # (level, words, page, anchor), as platypus notes them


def _key(game: str, edition: str, paper: str, ink_saver: bool, headings: Sequence[Entry]) -> str:
    words = json.dumps([[level, text, key] for level, text, _page, key in headings])
    return cache_folder.digest(__version__, game, edition, paper, str(ink_saver), words)


def recall(
    game: str, edition: str, paper: str, ink_saver: bool, headings: Sequence[Entry]
) -> list[Entry] | None:
    """The contents an earlier build of this book found, when its headings were these."""
    found = cache_folder.store(STORE, LIMIT).get(_key(game, edition, paper, ink_saver, headings))
    if found is None:
        return None
    try:
        pages = json.loads(found)
    except ValueError:
        return None
    if not isinstance(pages, list) or len(pages) != len(headings):
        return None
    if not all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in pages):
        return None
    return [
        (level, text, page, key)
        for (level, text, _, key), page in zip(headings, pages, strict=True)
    ]


def keep(
    game: str,
    edition: str,
    paper: str,
    ink_saver: bool,
    headings: Sequence[Entry],
    found: Sequence[Entry],
) -> None:
    """Keep the pages a build found for these headings (the same headings in the same
    order, as they always are: anything else is not kept)."""
    same = len(found) == len(headings) and all(
        (f[0], f[1], f[3]) == (h[0], h[1], h[3]) for f, h in zip(found, headings, strict=True)
    )
    if same and all(isinstance(f[2], int) for f in found):
        key = _key(game, edition, paper, ink_saver, headings)
        cache_folder.store(STORE, LIMIT).put(key, json.dumps([f[2] for f in found]).encode())
