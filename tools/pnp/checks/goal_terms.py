"""E711: Goals that share their doors must differ in more than their numbers.

Two Goals naming the same set of doors already draw W403; when their conditions also use
the same set of terms ('crimes_at_least 4' against 'crimes_at_least 6'), the two cards play
the same way, and that is an error.
"""

from __future__ import annotations

from pnp.checks.common import at
from pnp.content.departures import Goal
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Each pair of Goals with the same doors and the same condition terms."""
    out: list[Diagnostic] = []
    seen: dict[tuple[frozenset[str], frozenset[str]], Goal] = {}
    for goal in game.goals or ():
        terms = frozenset(t.name for t in goal.condition)
        if not terms:
            continue  # no condition in the data: nothing to compare
        key = (frozenset(r.id for r in goal.doors), terms)
        other = seen.setdefault(key, goal)
        if other is not goal:
            out.append(
                at(
                    goal.src,
                    "E711",
                    f"Goals '{other.name}' and '{goal.name}' name the same doors and "
                    f"differ only in numbers ({', '.join(sorted(terms))})",
                    "Goals that share their doors must differ clearly: give one of "
                    "them another condition, or other doors",
                )
            )
    return out
