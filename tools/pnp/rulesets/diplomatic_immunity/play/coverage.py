"""Coverage, two ways.

Implementation coverage: every term the content uses that the model cannot run. Empty means
every card effect, Goal condition, Bend, Cost, Signature, Law and Headline of the content is
executed from its data.

Play coverage: everything of the content that carries effect terms, and so must be used in
play (`usable`); the simulator reports those no simulated game used (`never_used`, E802).
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.content.cards import CardKind
from pnp.content.model import Term
from pnp.content.project import Game as Model
from pnp.content.vocab import TERMS, TermKind
from pnp.rules.engine import Usable
from pnp.rulesets.diplomatic_immunity.play import conditions, effects

# The cards a player plays (or, for Headlines, flips): their plays are `card_plays`.
PLAYED_KINDS = frozenset(
    {
        CardKind.CRIME,
        CardKind.COVER,
        CardKind.DIRTY_TRICK,
        CardKind.LAW,
        CardKind.MANEUVER,
        CardKind.DEPARTURE_CARD,
        CardKind.HEADLINE,
    }
)

# What each kind of use means, for a reader: "the <word> 'name' <never>".
KINDS = {
    "card": ("card", "was never played"),
    "law": ("Law", "never changed anything while in effect"),
    "headline": ("Headline", "never took effect"),
    "signature": ("Signature", "was never used"),
    "bend": ("Bend", "was never used"),
    "cost": ("Cost", "never bound anyone"),
    "goal": ("Goal", "was never met by a player who left and won"),
    "waiver": ("Departure bonus of", "was never used with a booking"),
}

# Modifiers are read where the rules ask for them (modifiers.py and the turn flow).
MODIFIERS = {
    "legal",
    "crime_heat",
    "crime_payout",
    "covered_heat",
    "leak_heat",
    "vote_count",
    "no_vote",
    "no_propose",
    "no_lay_low",
    "no_leak",
    "no_hush_money",
    "limit",
    "morning_draw",
    "lay_low_cool",
    "hush_money_price",
    "law_fee",
    "door_price",
    "hand_limit",
    "deny_price",
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


def usable(model: Model) -> tuple[Usable, ...]:
    """Everything of the content that carries effect terms, and so must be used in play.

    In this order: every card that is played or flipped (kind `card`, its id), every Law
    card (`law`: a Law in effect changed something), every Headline with `on_flip` or
    `while` terms (`headline`: its effect applied); per archetype its Bend and Cost when they
    have steps or `while` terms (`bend`, `cost`: the archetype's id) and each diplomat's
    Signature (`signature`: the diplomat's id); every Goal (`goal`: met by a player who left
    and won); every Departure card that waives something (`waiver`: its door's id)."""
    cards = model.cards or ()
    out = [Usable("card", c.id, c.name, c.src) for c in cards if c.kind in PLAYED_KINDS]
    out += [Usable("law", c.id, c.name, c.src) for c in cards if c.kind is CardKind.LAW]
    out += [
        Usable("headline", c.id, c.name, c.src)
        for c in cards
        if c.kind is CardKind.HEADLINE
        and c.headline is not None
        and (c.headline.on_flip or c.headline.while_)
    ]
    for arch in model.archetypes or ():
        for kind, ability in (("bend", arch.bend), ("cost", arch.cost)):
            if ability.steps or ability.while_:
                out.append(Usable(kind, arch.id, ability.name, ability.src, arch.name))
        out += [
            Usable("signature", d.id, d.signature.name, d.signature.src, d.name)
            for d in arch.diplomats
        ]
    out += [Usable("goal", g.id, g.name, g.src) for g in model.goals or ()]
    out += [
        Usable("waiver", c.door.id, c.name, c.src)
        for c in cards
        if c.kind is CardKind.DEPARTURE_CARD and c.waives and c.door is not None
    ]
    return tuple(out)


def never(thing: Usable, games: int) -> str:
    """The sentence for something no game used: "the Signature 'Visa Denied' (Rafael
    Ortega) was never used in 40 simulated games". Only the name is quoted, so a ruling
    that explains it needs to name only that."""
    word, verb = KINDS.get(thing.kind, (thing.kind, "was never used"))
    of = f" ({thing.of})" if thing.of else ""
    return f"the {word} '{thing.name}'{of} {verb} in {games} simulated games"
