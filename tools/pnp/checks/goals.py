"""E401-W404: each Goal names its doors properly; doors and door sets are used well."""

from __future__ import annotations

from pnp.checks.common import at
from pnp.content.departures import Goal
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Door counts per Goal, repeated doors, Goals with the same doors, unused doors."""
    if not game.goals:
        return []
    out: list[Diagnostic] = []
    per_goal = game.doors_per_goal
    seen_sets: dict[frozenset[str], Goal] = {}
    for goal in game.goals:
        ids = [r.id for r in goal.doors]
        for i, ref in enumerate(goal.doors):
            if ref.id in ids[:i]:
                out.append(at(ref.src, "E402", f"Goal '{goal.name}' names '{ref.id}' twice"))
        if len(ids) != per_goal:
            out.append(
                at(
                    goal.doors_src,
                    "E401",
                    f"Goal '{goal.name}' names {len(ids)} door(s), not {per_goal}",
                    "a Goal card names exactly the doors its holder may use",
                )
            )
            continue
        key = frozenset(ids)
        if len(key) == len(ids):
            if key in seen_sets:
                other = seen_sets[key]
                out.append(
                    at(
                        goal.src,
                        "W403",
                        f"Goals '{other.name}' and '{goal.name}' name the same doors",
                        "their win conditions must differ clearly",
                    )
                )
            else:
                seen_sets[key] = goal
    if game.doors:
        named = {r.id for g in game.goals for r in g.doors}
        for door in game.doors:
            if door.id not in named:
                out.append(
                    at(
                        door.src,
                        "W404",
                        f"no Goal names the door '{door.name}'",
                        "nobody can ever leave this way",
                    )
                )
    return out
