"""The implementation-coverage report: every term the content uses that the model cannot
run. Empty means every card effect, Goal condition, Bend, Cost, Signature, Law and Headline
of the content is executed from its data."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.content.model import Term
from pnp.content.project import Game as Model
from pnp.content.vocab import TERMS, TermKind
from pnp.rules.diplomatic_immunity import conditions, effects

# Modifiers are read where the rules ask for them (modifiers.py and the turn flow).
MODIFIERS = {
    "legal", "crime_heat", "crime_payout", "covered_heat", "leak_heat", "vote_count",
    "no_vote", "no_propose", "no_lay_low", "no_leak", "no_hush_money", "limit", "morning_draw",
    "lay_low_cool", "hush_money_price", "law_fee", "door_price", "hand_limit", "deny_price",
}


def _terms(model: Model) -> Iterator[tuple[str, Term]]:
    for card in model.cards or ():
        for t in card.terms():
            yield card.name, t
    for goal in model.goals or ():
        for t in goal.condition:
            yield f"Goal {goal.name}", t
    for door in model.doors or ():
        for t in (*door.requires, *door.booking):
            yield f"Departure {door.name}", t
    for arch in model.archetypes or ():
        for ability in (arch.bend, arch.cost):
            for t in ability.terms():
                yield f"{arch.name}: {ability.name}", t
        for d in arch.diplomats:
            for t in d.signature.terms():
                yield f"{d.name}: {d.signature.name}", t


def implemented(name: str) -> bool:
    """Whether the model executes a vocabulary term."""
    kind = TERMS[name].kind
    if kind is TermKind.STEP:
        return name in effects.STEPS
    if kind is TermKind.CONDITION:
        return name in conditions.IMPLEMENTED
    return name in MODIFIERS


def not_implemented(model: Model) -> list[str]:
    """'<where>: <term>' for every term of the content the model cannot run."""
    return sorted({f"{where}: {t.name}" for where, t in _terms(model) if not implemented(t.name)})
