"""Worked examples of the rulebook as data: seats, steps with expectations, a result.

The model keeps every value with where it was written, so that a rules model playing the
example can point at the line whose number disagrees with the rules. What the step kinds
and fact names mean is the rules model's business, not the loader's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.content.loader import Document, Path_
from pnp.content.model import Src

# A fact's value: a number, a word or flag, a list of them, or a mapping of name to number.
Value = int | str | bool | tuple[int | str, ...] | tuple[tuple[str, int | str], ...]


@dataclass(frozen=True, slots=True)
class Fact:
    """One named value of an example (an argument of a step, or something expected)."""

    key: str
    value: Value
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ExampleStep:
    """One step of a worked example: who does what, and what must be true after it."""

    who: str
    do: str
    args: tuple[Fact, ...]
    expect: tuple[Fact, ...]
    note: str
    src: Src = field(compare=False, repr=False)


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


def _value(data: Any) -> Value:
    if isinstance(data, list):
        return tuple(data)
    if isinstance(data, dict):
        return tuple((str(k), v) for k, v in data.items())
    return data  # type: ignore[no-any-return]


def _facts(doc: Document, path: Path_, data: dict[str, Any] | None) -> tuple[Fact, ...]:
    return tuple(Fact(k, _value(v), Src.at(doc, (*path, k))) for k, v in (data or {}).items())


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
            steps.append(ExampleStep(s.get("who", ""), s["do"], _facts(doc, sp, args),
                                     _facts(doc, (*sp, "expect"), s.get("expect")),
                                     s.get("note", ""), Src.at(doc, sp)))
        out.append(Example(e["id"], e["title"], e.get("source", ""), tuple(e["seats"]),
                           tuple(e.get("variants", ())), _facts(doc, (*p, "setup"), e.get("setup")),
                           tuple(steps), _facts(doc, (*p, "result"), e.get("result")),
                           Src.at(doc, p)))
    return tuple(out)
