"""Every printed text of a game with the data it is printed from, for the text checks.

One list to walk: card texts, the Bends, Costs and Signatures of the character boards, the
doors' rulebook text and board text, and the Goals' text. Each comes with the numbers its
object's data holds, by the field name a template would use (`price`, `heat`, `draw.cards`),
and with the size of the card it is printed on, if it is a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pnp.content.cards import Ability, Card, CardKind, Text
from pnp.content.model import Term
from pnp.content.project import Game
from pnp.content.text import term_fields


@dataclass(frozen=True, slots=True)
class Printed:
    """One printed text: what it belongs to, the text, and its object's data numbers."""

    label: str  # how a diagnostic names it: "'Private Jet'", "the Heir's Bend 'Family Name'"
    text: Text
    numbers: tuple[tuple[str, int], ...]  # (field, value), in the object's order
    kind: CardKind | None  # the kind of card it is printed on (None: not on a card)
    goal: bool = False  # printed on a Goal card


def printed(game: Game) -> Iterator[Printed]:
    """Every printed text of the game, with its data numbers."""
    for card in game.cards or ():
        yield Printed(f"'{card.name}'", card.text, _card_numbers(card), card.kind)
    for arch in game.archetypes or ():
        for part, ability in (("Bend", arch.bend), ("Cost", arch.cost)):
            yield Printed(
                f"the {arch.name}'s {part} '{ability.name}'",
                ability.text,
                _ability_numbers(ability),
                None,
            )
        for dip in arch.diplomats:
            yield Printed(
                f"{dip.name}'s Signature '{dip.signature.name}'",
                dip.signature.text,
                _ability_numbers(dip.signature),
                None,
            )
    for door in game.doors or ():
        numbers = _numbers(door.price, (*door.requires, *door.booking))
        yield Printed(f"the door '{door.name}'", door.text, numbers, None)
        yield Printed(f"the door '{door.name}' (board)", door.board, numbers, None)
    for goal in game.goals or ():
        if goal.text is not None:
            yield Printed(
                f"the Goal '{goal.name}'", goal.text, _numbers(0, goal.condition), None, goal=True
            )


def defined_names(game: Game) -> set[str]:
    """Every name the game defines: cards, doors, Goals, archetypes, diplomats, abilities,
    crime types and seat colours."""
    found: set[str] = set()
    found.update(c.name for c in game.cards or ())
    found.update(d.name for d in game.doors or ())
    found.update(g.name for g in game.goals or ())
    found.update(t.name for t in game.crime_types or ())
    for arch in game.archetypes or ():
        found.update((arch.name, arch.bend.name, arch.cost.name))
        for dip in arch.diplomats:
            found.update((dip.name, dip.signature.name))
    if game.components:
        found.update(s.name for s in game.components.seats)
    return found


def _card_numbers(card: Card) -> tuple[tuple[str, int], ...]:
    extra: list[tuple[str, int]] = []
    if card.crime:
        extra = [("heat", card.crime.heat), ("payout", card.crime.payout)]
    return (*_numbers(card.price, ()), *extra, *_numbers(0, card.terms()))


def _ability_numbers(ability: Ability) -> tuple[tuple[str, int], ...]:
    return _numbers(ability.price, ability.terms())


def _numbers(price: int, terms: Iterable[Term]) -> tuple[tuple[str, int], ...]:
    """(field, value) for a price (when there is one) and every whole-number parameter of
    the terms, named as templates name them (`heat.amount`, `heat_2.amount`)."""
    out: list[tuple[str, int]] = [("price", price)] if price else []
    for key, params in term_fields(terms).items():
        for param, value in params.items():
            if isinstance(value, int) and not isinstance(value, bool):
                out.append((f"{key}.{param}", value))
    return tuple(out)
