"""E712 and E713: the content agrees with the facts quoted from the source rulebook.

A `facts` document pins numbers the rulebook states: a Goal's condition (`goal`, `term`,
`value`) or a door's price (`door`, `price`), each with the words it comes from. E712 is the
content disagreeing with a fact; E713 is a fact disagreeing with its own quote (its number
does not appear in the words it claims to come from), since then one of the two is mistyped.
"""

from __future__ import annotations

from pnp.checks.common import at, names, resolve
from pnp.checks.text_numbers import literals
from pnp.content.facts import Fact
from pnp.content.model import Currency
from pnp.content.project import Game
from pnp.content.vocab import TERMS, TermKind
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Each fact against its quote and against the Goal or door it names."""
    if not game.facts:
        return []
    out: list[Diagnostic] = []
    currency = game.info.currency if game.info else Currency()
    for fact in game.facts:
        quoted = {value for _, value in literals(fact.quote, currency)}
        if (fact.quoted if fact.quoted is not None else fact.value) not in quoted:
            out.append(
                at(
                    fact.number_src,
                    "E713",
                    f"the fact {fact.subject} is not in its quote",
                    f"the quote has {', '.join(map(str, sorted(quoted))) or 'no number'}: "
                    f'"{fact.quote}"',
                )
            )
            continue  # a fact at odds with its own quote holds nothing to it: fix it first
        if fact.goal is not None:
            _goal(game, fact, out)
        elif (
            fact.door is not None
            and game.doors is not None
            and resolve(fact.door, "door", names(game.doors), out)
        ):
            door = next(d for d in game.doors if d.id == fact.door.id)
            if door.price != fact.value:
                out.append(
                    at(
                        door.src,
                        "E712",
                        f"the door '{door.name}' costs {currency.format(door.price)}, "
                        f"but the rulebook says {currency.format(fact.value)}",
                        _source(fact),
                    )
                )
    return out


def _goal(game: Game, fact: Fact, out: list[Diagnostic]) -> None:
    assert fact.goal is not None and fact.term is not None
    conditions = {t.name: t.name for t in TERMS.values() if t.kind is TermKind.CONDITION}
    known_term = resolve(fact.term, "condition term", conditions, out)
    if game.goals is None or not resolve(fact.goal, "Goal", names(game.goals), out):
        return
    if not known_term:
        return
    goal = next(g for g in game.goals if g.id == fact.goal.id)
    terms = [t for t in goal.condition if t.name == fact.term.id]
    if not terms:
        out.append(
            at(
                goal.src,
                "E712",
                f"the Goal '{goal.name}' has no condition {fact.term.id}, but the "
                f"rulebook gives it {fact.value}",
                _source(fact),
            )
        )
        return
    if not any(t.args and t.args[0][1] == fact.value for t in terms):
        term = terms[0]
        out.append(
            at(
                term.src,
                "E712",
                f"the Goal '{goal.name}' needs {term.name} {term.args[0][1]}, but the "
                f"rulebook says {fact.value}",
                _source(fact),
            )
        )


def _source(fact: Fact) -> str:
    return f'{fact.src.file}:{fact.src.line} quotes the rulebook: "{fact.quote}"'
