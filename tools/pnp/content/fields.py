"""A game's declaration of its cards' own data (`card-fields` documents): each field's name
and type, and what a card may leave out.

    kind: card-fields
    deck: fruit            # optional: this deck only; without it, every card
    fields:
      points: {type: integer, minimum: 0, maximum: 9}
      season: {type: text, one_of: [spring, summer, autumn]}
      rare: {type: boolean, default: false}

A deck's own declaration replaces the game-wide one for its cards. Once a card's deck has a
declaration, `checks/card_fields.py` holds every card to it, and a field left out takes its
`default` (in the text, in layouts and in the kit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.content.loader import Document
from pnp.content.model import Ref, Src

Scalar = str | int | float | bool


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One declared field."""

    name: str
    type: str  # integer, number, text, boolean
    minimum: float | None = None
    maximum: float | None = None
    one_of: tuple[str | int, ...] = ()
    default: Scalar | None = None
    description: str = ""
    src: Src = field(default=Src("", 1, 1), compare=False, repr=False)

    @property
    def required(self) -> bool:
        """Whether every card must give it (it has no default)."""
        return self.default is None


@dataclass(frozen=True, slots=True)
class CardFields:
    """One `card-fields` document: for one deck, or (deck None) for every card."""

    deck: Ref | None
    fields: tuple[FieldSpec, ...]
    src: Src = field(compare=False, repr=False)

    def spec(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)


def build_card_fields(doc: Document) -> CardFields:
    """The declaration in a schema-valid `card-fields` document."""
    d: dict[str, Any] = doc.data
    specs = tuple(
        FieldSpec(
            name,
            spec["type"],
            spec.get("minimum"),
            spec.get("maximum"),
            tuple(spec.get("one_of", ())),
            spec.get("default"),
            spec.get("description", ""),
            Src.at(doc, ("fields", name), key=True),
        )
        for name, spec in d["fields"].items()
    )
    deck = Ref(d["deck"], Src.at(doc, ("deck",))) if "deck" in d else None
    return CardFields(deck, specs, Src.at(doc, ()))


def declared(decls: tuple[CardFields, ...] | None, deck: str) -> CardFields | None:
    """The declaration a deck's cards are held to: the deck's own, else the game-wide one."""
    decls = decls or ()
    own = next((d for d in decls if d.deck is not None and d.deck.id == deck), None)
    return own or next((d for d in decls if d.deck is None), None)


def fits(spec: FieldSpec, value: object) -> tuple[str, str] | None:
    """None when `value` is what the field takes, else (the code, what is wrong with it):
    the wrong type E201, not one of its values E206, outside its range E205."""
    kinds = {
        "integer": "a whole number",
        "number": "a number",
        "text": "text",
        "boolean": "true or false",
    }
    ok = {
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
        "text": isinstance(value, str),
        "boolean": isinstance(value, bool),
    }[spec.type]
    if not ok:
        return "E201", f"is {_shown(value)}, but '{spec.name}' takes {kinds[spec.type]}"
    if spec.one_of and value not in spec.one_of:
        listed = ", ".join(str(v) for v in spec.one_of)
        return "E206", f"is {_shown(value)}, but '{spec.name}' takes one of {listed}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        if spec.minimum is not None and value < spec.minimum:
            return "E205", f"is {value}, below the least '{spec.name}' may be ({spec.minimum:g})"
        if spec.maximum is not None and value > spec.maximum:
            return "E205", f"is {value}, above the most '{spec.name}' may be ({spec.maximum:g})"
    return None


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)
