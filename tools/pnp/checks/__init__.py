"""Cross-checks on the typed model that need no simulation.

Each check module looks at the parts of the model it needs and returns diagnostics; a part
that is missing (because its document had problems) is skipped, since its problems are
already reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pnp.checks import (
    card_fields,
    card_refs,
    cards,
    components,
    credits,
    deck,
    examples,
    facts,
    fit,
    glossary,
    goal_pairs,
    goal_terms,
    goals,
    ids,
    images,
    layouts,
    number_words,
    numbers,
    printed_terms,
    references,
    repeats,
    rulebook,
    synonyms,
    text_numbers,
)
from pnp.content.model import Incomplete
from pnp.content.project import EVERYTHING, Game, sealed
from pnp.diagnostics import Diagnostic, Severity

CHECKS: tuple[Callable[[Game], list[Diagnostic]], ...] = (
    ids.check,
    references.check,
    numbers.check,
    components.check,
    goals.check,
    deck.check,
    cards.check,
    card_fields.check,
    card_refs.check,
    text_numbers.check,
    printed_terms.check,
    number_words.check,
    glossary.check,
    synonyms.check,
    repeats.check,
    layouts.check,
    fit.check,
    images.check,
    credits.check,
    goal_terms.check,
    goal_pairs.check,
    facts.check,
    examples.check,
    rulebook.check,
)


def run(game: Game) -> list[Diagnostic]:
    """Every cross-check on one game's model. A check that reads a part whose documents had
    errors stops there and reports nothing: it could only repeat those errors, or guess."""
    sealed_game = sealed(game)
    out: list[Diagnostic] = []
    for check in CHECKS:
        try:
            out.extend(check(sealed_game))
        except Incomplete:
            continue
    return out


def split_explained(
    game: Game, found: list[Diagnostic]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(kept, explained): a warning is explained when a ruling acknowledges its code and
    names everything the warning quotes ('Notorious' and 'Tell-All')."""
    kept: list[Diagnostic] = []
    explained: list[Diagnostic] = []
    if game.damaged & {"rulings", EVERYTHING}:
        # the rulings that may explain these warnings could not be read: wait for them
        return [d for d in found if d.severity is not Severity.WARNING], []
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
