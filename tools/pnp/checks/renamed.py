"""An id renamed at its definition: one diagnostic at the definition, not one per reference.

When a door's id `private-jet` is mistyped as `prviate-jet` where it is defined, every Goal,
text and rulebook line that names `private-jet` fails, and the designer would read a dozen
"unknown door" errors in other files before finding the one line that changed. When
diagnostics name the same unknown id and one id of the game is its near spelling, they
are said once, at that id's definition, with every place listed in the hint, when they are
in two files or more (the same slip repeated in one file is more likely made there).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, closest

# "unknown door 'jett'", "no card 'leak' in this game", "no door 'private-jet'"
_UNKNOWN = re.compile(r"\b(?:no|unknown) ([a-zA-Z][a-zA-Z -]*?) '([^']+)'")
_CODES = ("E204", "E701", "E754")


def _definitions(game: Game) -> Iterator[tuple[str, Src]]:
    """Every id the game defines, with where."""
    for part in (
        game.doors,
        game.goals,
        game.cards,
        game.archetypes,
        game.crime_types,
        game.roles,
        game.pieces,
        game.rulings,
        game.examples,
    ):
        for item in part or ():
            src = getattr(item, "src", None)
            if isinstance(src, Src):
                yield str(item.id), src
    for d in game.diplomats:
        yield d.id, d.src
    for row in game.components.items if game.components else ():
        if isinstance(getattr(row, "src", None), Src):
            yield row.id, row.src


# How alike a missing name and a definition must be to call it a rename: a slip of one or
# two letters, not a name that merely contains the other ('smuggling' is not a renamed
# 'legalise-smuggling').
RENAMED = 0.8


def _renamed(missing: str, defined: dict[str, Src]) -> str | None:
    near = closest(missing, defined)
    if near is None:
        return None
    import difflib  # `closest` found a name: a rename is rare, and only then compared

    ratio = difflib.SequenceMatcher(None, missing.casefold(), near.casefold()).ratio()
    return near if ratio >= RENAMED else None


def fold(game: Game, found: Sequence[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(the diagnostics left, one diagnostic per renamed definition)."""
    defined = dict(_definitions(game))
    groups: dict[str, list[Diagnostic]] = {}
    for d in found:
        m = _UNKNOWN.search(d.message) if d.code in _CODES else None
        if m and m.group(2) not in defined:
            groups.setdefault(m.group(2), []).append(d)
    kept = list(found)
    added: list[Diagnostic] = []
    for missing, ds in groups.items():
        near = _renamed(missing, defined)
        # Names failing the same way in two files or more point at the one definition they
        # share; several in one file may as well be one edit made there (a replace-all).
        if len({d.file for d in ds}) < 2 or near is None or near.casefold() == missing.casefold():
            continue
        src = defined[near]
        places = sorted({f"{d.file}:{d.line}" for d in ds})
        shown = ", ".join(places[:4]) + (f" and {len(places) - 4} more" if len(places) > 4 else "")
        added.append(
            Diagnostic(
                src.file,
                src.line,
                src.col,
                "E204",
                f"'{near}' is defined here, but {len(places)} places name '{missing}': was it "
                f"renamed?",
                f"spell it '{missing}', or change {shown}",
            )
        )
        # what else is said at that definition (no Goal names it, no card of it) follows
        # from the rename too
        kept = [d for d in kept if d not in ds and (d.file, d.line) != (src.file, src.line)]
    return kept, added
