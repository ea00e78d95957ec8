"""Worked examples of the rulebook as data: seats, steps with expectations, a result.

The model keeps every value with where it was written, so that a rules model playing the
example can point at the line whose number disagrees with the rules. What the step kinds
and facts do is the rules model's business; what they are is declared by each ruleset as a
`Vocabulary` (`Ruleset.examples`): each step kind with its arguments and what it can check,
the set-up's and the result's facts, and the type of every value (a count, a seat, a card,
a deck, a role ...), so that `pnp check` holds every example to the game before anything plays it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from pnp.content.loader import Document, Path_
from pnp.content.model import Src

# A fact's value: a number, a word or flag, a list of them, or a mapping of name to number.
Value = int | str | bool | tuple[int | str, ...] | tuple[tuple[str, int | str], ...]


@dataclass(frozen=True, slots=True)
class Fact:
    """One named value of an example (an argument of a step, or something expected); `items`
    is where each item of a list, or each value of a mapping, is written."""

    key: str
    value: Value
    src: Src = field(compare=False, repr=False)
    items: tuple[Src, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ExampleStep:
    """One step of a worked example: who does what, and what must be true after it."""

    who: str
    do: str
    args: tuple[Fact, ...]
    expect: tuple[Fact, ...]
    note: str
    src: Src = field(compare=False, repr=False)
    who_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))
    do_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))
    note_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example of the rules: the seats, the set-up, the steps and the result."""

    id: str
    title: str
    source: str
    seats: tuple[str, ...]
    variants: tuple[str, ...]
    setup: tuple[Fact, ...]
    steps: tuple[ExampleStep, ...]
    result: tuple[Fact, ...]
    src: Src = field(compare=False, repr=False)
    variants_src: tuple[Src, ...] = field(default=(), compare=False, repr=False)
    seats_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))


def _value(data: Any) -> Value:
    if isinstance(data, list):
        return tuple(data)
    if isinstance(data, dict):
        return tuple((str(k), v) for k, v in data.items())
    return data  # type: ignore[no-any-return]


def _items(doc: Document, path: Path_, data: Any) -> tuple[Src, ...]:
    if isinstance(data, list):
        return tuple(Src.at(doc, (*path, i)) for i in range(len(data)))
    if isinstance(data, dict):
        return tuple(Src.at(doc, (*path, k)) for k in data)
    return ()


def _facts(doc: Document, path: Path_, data: dict[str, Any] | None) -> tuple[Fact, ...]:
    return tuple(
        Fact(k, _value(v), Src.at(doc, (*path, k)), _items(doc, (*path, k), v))
        for k, v in (data or {}).items()
    )


_STEP_KEYS = ("who", "do", "note", "expect")


def build_examples(doc: Document) -> tuple[Example, ...]:
    """The examples from a schema-valid examples document."""
    out = []
    for i, e in enumerate(doc.data["examples"]):
        p: Path_ = ("examples", i)
        steps = []
        for j, s in enumerate(e["steps"]):
            sp: Path_ = (*p, "steps", j)
            args = {k: v for k, v in s.items() if k not in _STEP_KEYS}
            steps.append(
                ExampleStep(
                    s.get("who", ""),
                    s["do"],
                    _facts(doc, sp, args),
                    _facts(doc, (*sp, "expect"), s.get("expect")),
                    s.get("note", ""),
                    Src.at(doc, sp),
                    Src.at(doc, (*sp, "who")),
                    Src.at(doc, (*sp, "do")),
                    Src.at(doc, (*sp, "note")),
                )
            )
        out.append(
            Example(
                e["id"],
                e["title"],
                e.get("source", ""),
                tuple(e["seats"]),
                tuple(e.get("variants", ())),
                _facts(doc, (*p, "setup"), e.get("setup")),
                tuple(steps),
                _facts(doc, (*p, "result"), e.get("result")),
                Src.at(doc, p),
                _items(doc, (*p, "variants"), e.get("variants")),
                Src.at(doc, (*p, "seats")),
            )
        )
    return tuple(out)


# ---- what the examples of each ruleset may say ------------------------------------------------


class FactType(enum.StrEnum):
    """What kind of value a fact of an example holds."""

    COUNT = "a whole number, 0 or more"
    FLAG = "true or false"
    WORD = "one of a few words"
    SEAT = "a seat of the example, by name"
    SEATS = "a list of seats of the example"
    SEAT_COUNTS = "seat: whole number, for some seats of the example"
    CARD = "a card, by id"
    CARDS = "a list of cards, by id"
    DECKS = "a list of decks, by id"
    ARCHETYPE = "an archetype, by id"
    DOOR = "a door, by id"
    PIECE = "a piece of a standard-deck game, by id"
    ROLE = "a role, by id"
    ROLE_CARD = "a role card, by the id of its piece"
    SHOWN = "what an accused player shows: a number of pieces ('2 diamonds') or a role"


@dataclass(frozen=True, slots=True)
class FactSpec:
    """One fact an example may give: its name, its type and whether it must be given.
    `kind` narrows a card to one kind of card; `words` are the words a WORD may be, or
    words a ROLE, ROLE_CARD or SHOWN may be besides a role ('nothing')."""

    name: str
    type: FactType
    required: bool = False
    kind: str = ""
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StepSpec:
    """A kind of step: the arguments it takes and the facts it can check afterwards."""

    do: str
    args: tuple[FactSpec, ...] = ()
    expect: tuple[FactSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What the examples of one ruleset may say. With `role_cards`, the set-up may also count
    each role card of the treasure by its piece id (`loyalist: 2`)."""

    setup: tuple[FactSpec, ...]
    steps: tuple[StepSpec, ...]
    result: tuple[FactSpec, ...] = ()
    role_cards: bool = False


def counts(*names: str) -> tuple[FactSpec, ...]:
    """Facts that are each a count, by name."""
    return tuple(FactSpec(n, FactType.COUNT) for n in names)
