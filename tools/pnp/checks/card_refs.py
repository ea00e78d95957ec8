"""E204 for cards and effects: crime types, decks and doors named anywhere exist.

Crime types are named by crimes, by Covers (`any`: a wild Cover) and by every term with a
crime-type parameter (`any` where the parameter's default is `any`); decks by every term with
a deck parameter (`any`: the drawer's choice); doors by Departure cards. Terms are read on
cards, character boards, doors and Goals, inside `choose` options too. A part of the model
that is missing (its document had problems) is not checked against.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pnp.checks.common import names, resolve
from pnp.content.model import Ref, Term
from pnp.content.project import Game
from pnp.content.vocab import TERMS, ParamType
from pnp.diagnostics import Diagnostic

ANY = "any"


def all_terms(game: Game) -> Iterator[Term]:
    """Every term of the game's cards, boards, doors and Goals, `choose` options included."""
    groups: list[Iterable[Term]] = [c.terms() for c in game.cards or ()]
    for arch in game.archetypes or ():
        groups += [arch.bend.terms(), arch.cost.terms()]
        groups += [d.signature.terms() for d in arch.diplomats]
    groups += [(*d.requires, *d.booking) for d in game.doors or ()]
    groups += [g.condition for g in game.goals or ()]
    for group in groups:
        yield from _flatten(group)


def _flatten(terms: Iterable[Term]) -> Iterator[Term]:
    for term in terms:
        yield term
        if term.name == "choose":
            for option in term.arg("options"):
                yield from _flatten(option)


def check(game: Game) -> list[Diagnostic]:
    """Crime types, decks and doors named by cards and terms."""
    out: list[Diagnostic] = []
    types = names(game.crime_types) if game.crime_types is not None else None
    decks = (
        {d: i.name for d, i in game.components.decks().items()}
        if game.components is not None
        else None
    )
    for card in game.cards or ():
        if types is not None and card.crime is not None:
            resolve(card.crime.type, "crime type", types, out)
        if types is not None and card.covers is not None and card.covers.id != ANY:
            resolve(card.covers, "crime type", {**types, ANY: "any type (a wild Cover)"}, out)
        if game.doors is not None and card.door is not None:
            resolve(card.door, "door", names(game.doors), out)
    for term in all_terms(game):
        for param in TERMS[term.name].params:
            value = term.arg(param.name)
            if param.type is ParamType.CRIME_TYPE and types is not None:
                known = {**types, ANY: "any type"} if param.default == ANY else types
                resolve(Ref(str(value), term.src), "crime type", known, out)
            elif param.type is ParamType.DECK and decks is not None:
                resolve(Ref(str(value), term.src), "deck", {**decks, ANY: "any deck"}, out)
    return out
