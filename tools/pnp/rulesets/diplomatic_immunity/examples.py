"""What Diplomatic Immunity's worked examples may say: the set-up, the steps of a turn and
what each step can check (see `pnp.content.examples`)."""

from __future__ import annotations

from pnp.content.examples import FactSpec, FactType, StepSpec, Vocabulary, counts

_C, _F = FactType.COUNT, FactType.FLAG


# The scenario of tests/test_rulebook_examples.py: one turn of the first seat.
VOCABULARY = Vocabulary(
    setup=(
        FactSpec("archetype", FactType.ARCHETYPE, True),
        FactSpec("heat", _C, True),
        FactSpec("money", _C, True),
        FactSpec("headline", FactType.CARD, True, kind="headline"),
        FactSpec("hand", FactType.CARDS, True),
    ),
    steps=(
        StepSpec(
            "morning",
            (FactSpec("draw_from", FactType.DECKS),),
            counts("cooled", "drawn", "heat", "hand"),
        ),
        StepSpec(
            "afternoon",
            (FactSpec("crimes", FactType.CARDS, True, kind="crime"),),
            counts("heat_taken", "payout", "heat", "money", "rap_sheet", "hand"),
        ),
        StepSpec(
            "evening",
            (
                FactSpec("law", FactType.CARD, True, kind="law"),
                FactSpec("vote", FactType.WORD, words=("yes", "no")),
            ),
            (
                *counts("fee", "money", "hand"),
                FactSpec("passes", _F),
                FactSpec("laws", FactType.CARDS, kind="law"),
            ),
        ),
        StepSpec("end-of-turn", (), counts("discarded", "hand")),
    ),
)
