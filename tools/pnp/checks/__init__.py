"""Cross-checks on the typed model that need no simulation.

Each check module looks at the parts of the model it needs and returns diagnostics; a part
that is missing (because its document had problems) is skipped, since its problems are
already reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pnp.checks import (
    card_refs,
    cards,
    components,
    deck,
    facts,
    fit,
    glossary,
    goal_terms,
    goals,
    ids,
    images,
    numbers,
    references,
    rulebook,
    text_numbers,
)
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, Severity

CHECKS: tuple[Callable[[Game], list[Diagnostic]], ...] = (
    ids.check,
    references.check,
    numbers.check,
    components.check,
    goals.check,
    deck.check,
    cards.check,
    card_refs.check,
    text_numbers.check,
    glossary.check,
    fit.check,
    images.check,
    goal_terms.check,
    facts.check,
    rulebook.check,
)


def run(game: Game) -> list[Diagnostic]:
    """Every cross-check on one game's model."""
    out: list[Diagnostic] = []
    for check in CHECKS:
        out.extend(check(game))
    return out


def split_explained(
    game: Game, found: list[Diagnostic]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(kept, explained): a warning is explained when a ruling acknowledges its code and
    names everything the warning quotes ('Notorious' and 'Tell-All')."""
    kept: list[Diagnostic] = []
    explained: list[Diagnostic] = []
    for d in found:
        names = re.findall(r"'([^']+)'", d.message)
        if d.severity is Severity.WARNING and any(
            d.code in r.acknowledges and all(n in r.ruling for n in names)
            for r in game.rulings or ()
        ):
            explained.append(d)
        else:
            kept.append(d)
    return kept, explained
