"""Departures (the doors out of the country) and the Goals that name them."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from pnp.content.cards import Builder, Text
from pnp.content.loader import Document
from pnp.content.model import Ref, Src, Term
from pnp.content.text import term_fields


class Resolves(enum.StrEnum):
    """When a booked Departure is checked."""

    NEXT_TURN = "next-turn"
    TURN_AFTER_NEXT = "turn-after-next"


@dataclass(frozen=True, slots=True)
class Door:
    """One Departure: its price, the conditions to book it and what booking costs."""

    id: str
    name: str
    says: str
    price: int
    requires: tuple[Term, ...]
    booking: tuple[Term, ...]
    resolves: Resolves
    partner: bool
    text: Text
    board: Text
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Goal:
    """A secret Goal and the three doors it allows."""

    id: str
    name: str
    doors: tuple[Ref, ...]
    condition: tuple[Term, ...]
    text: Text | None
    src: Src = field(compare=False, repr=False)
    doors_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))
    art: Ref | None = None  # the Goal card's picture


def build_doors(doc: Document, build: Builder) -> tuple[Door, ...]:
    """The doors from a schema-valid departures document, in board order."""
    doors = []
    for i, d in enumerate(doc.data["doors"]):
        p = ("doors", i)
        requires = Term.build_all(doc, (*p, "requires"), d.get("requires"))
        booking = Term.build_all(doc, (*p, "booking"), d.get("booking"))
        fields: dict[str, Any] = {
            "name": d["name"],
            "price": d.get("price", 0),
            **term_fields((*requires, *booking)),
        }
        doors.append(
            Door(
                id=d["id"],
                name=d["name"],
                says=d["says"],
                price=d.get("price", 0),
                requires=requires,
                booking=booking,
                resolves=Resolves(d["resolves"]),
                partner=bool(d.get("partner", False)),
                text=build.text(doc, (*p, "text"), d["text"], fields),
                board=build.text(doc, (*p, "board"), d["board"], fields),
                src=Src.at(doc, p),
            )
        )
    return tuple(doors)


def build_goals(doc: Document, build: Builder) -> tuple[int, tuple[Goal, ...]]:
    """(doors per Goal, the Goals) from a schema-valid goals document."""
    goals = []
    for i, g in enumerate(doc.data["goals"]):
        p = ("goals", i)
        doors = tuple(Ref(r, Src.at(doc, (*p, "doors", j))) for j, r in enumerate(g["doors"]))
        condition = Term.build_all(doc, (*p, "condition"), g.get("condition"))
        fields: dict[str, Any] = {"name": g["name"], **term_fields(condition)}
        text = build.text(doc, (*p, "text"), g["text"], fields) if "text" in g else None
        art = Ref(g["art"], Src.at(doc, (*p, "art"))) if "art" in g else None
        goals.append(
            Goal(
                g["id"],
                g["name"],
                doors,
                condition,
                text,
                Src.at(doc, p),
                Src.at(doc, (*p, "doors")),
                art,
            )
        )
    return doc.data["doors_per_goal"], tuple(goals)
