"""The changelog in play: the same seeded games on both versions, and the win rates that moved.

Both versions play N games from the same seed (game i has the same seed and player count on
each side), so the difference is the edit, not the luck of the draw. Every win rate in the
simulation JSON (by Goal, archetype, seat, role, role and player count, and how games end)
is compared. A move counts as larger than the noise when a two-proportion z-test (pooled,
two-sided) rejects "no change" at the 95% level, |z| > 1.96; each rate is shown with its 95%
Wilson interval. The games of the two sides share their seeds, so they are not independent;
the test ignores that pairing, which makes it, if anything, slow to call a move.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pnp.content.project import Game
from pnp.rules.stats import wilson as wilson  # also for callers of this module

Z95 = 1.959964  # two-sided 95%
TEST = "two-proportion z-test at 95%, pooled and two-sided: |z| > 1.96"

# The measures compared, in order: (key in the simulation JSON, label).
MEASURES: tuple[tuple[str, str], ...] = (
    ("wins_by_goal", "Goal"),
    ("wins_by_archetype", "archetype"),
    ("wins_by_seat", "seat"),
    ("wins_by_role", "role"),
    ("win_rate_by_role_and_players", "role at player count"),
    ("games_won_by_players", "games with a winner at player count"),
    ("endings", "ending"),
)


def z_score(w1: int, n1: int, w2: int, n2: int) -> float:
    """The pooled two-proportion z statistic of w2/n2 against w1/n1 (0 when undefined)."""
    if n1 == 0 or n2 == 0:
        return 0.0
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0
    return (w2 / n2 - w1 / n1) / se


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins out of games, the rate and its 95% Wilson interval."""

    games: int
    wins: int

    @property
    def rate(self) -> float:
        """Wins per game (0 without games)."""
        return self.wins / self.games if self.games else 0.0

    def as_json(self) -> dict[str, Any]:
        """{games, wins, rate, ci95}."""
        return {
            "games": self.games,
            "wins": self.wins,
            "rate": round(self.rate, 4),
            "ci95": list(wilson(self.wins, self.games, Z95)),
        }


@dataclass(frozen=True, slots=True)
class Move:
    """One win rate on both versions, and whether its move is larger than the noise."""

    measure: str
    key: str
    old: Rate
    new: Rate

    @property
    def z(self) -> float:
        """The two-proportion z statistic (new against old)."""
        return z_score(self.old.wins, self.old.games, self.new.wins, self.new.games)

    @property
    def significant(self) -> bool:
        """|z| > 1.96: the move is larger than the noise at 95%."""
        return abs(self.z) > Z95

    def as_json(self) -> dict[str, Any]:
        """{measure, key, old, new, change, z, significant}."""
        return {
            "measure": self.measure,
            "key": self.key,
            "old": self.old.as_json(),
            "new": self.new.as_json(),
            "change": round(self.new.rate - self.old.rate, 4),
            "z": round(self.z, 3),
            "significant": self.significant,
        }


@dataclass(frozen=True, slots=True)
class Play:
    """The simulation of both versions: the settings, every rate that moved, the
    invariants broken on each side."""

    games: int
    seed: int
    players: tuple[int, ...]
    moves: tuple[Move, ...]
    broken: tuple[int, int]  # invariant violations (old, new)
    note: str = ""  # why a game was not simulated

    def as_json(self) -> dict[str, Any]:
        """The `simulation` object of `pnp diff --format json`."""
        return {
            "games": self.games,
            "seed": self.seed,
            "players": list(self.players),
            "test": TEST,
            "moves": [m.as_json() for m in self.moves],
            "significant": sum(m.significant for m in self.moves),
            "invariant_violations": {"old": self.broken[0], "new": self.broken[1]},
            "note": self.note,
        }


def _records(summary: Mapping[str, Any], measure: str) -> Iterator[tuple[str, Rate]]:
    """(key, rate) for every {games, wins} record under a measure of the simulation JSON;
    nested records (by player count) are keyed `5p/thief`; endings are shares of games."""
    value = summary.get(measure)
    if not isinstance(value, Mapping):
        return
    if measure == "endings":
        total = sum(int(n) for n in value.values())
        for key, n in value.items():
            yield str(key), Rate(total, int(n))
        return
    for key, record in value.items():
        if isinstance(record, Mapping) and "games" in record and "wins" in record:
            yield str(key), Rate(int(record["games"]), int(record["wins"]))
        elif isinstance(record, Mapping):
            for sub, inner in record.items():
                if isinstance(inner, Mapping) and "games" in inner and "wins" in inner:
                    yield f"{key}p/{sub}", Rate(int(inner["games"]), int(inner["wins"]))


def moves(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Move]:
    """Every rate that differs between two simulation summaries, measure by measure."""
    out: list[Move] = []
    seen: list[tuple[dict[str, Rate], dict[str, Rate]]] = []
    for measure, _label in MEASURES:
        before = dict(_records(old, measure))
        after = dict(_records(new, measure))
        if (before, after) in seen:  # Diplomatic Immunity's roles are its archetypes
            continue
        seen.append((before, after))
        for key in [*after, *(k for k in before if k not in after)]:
            o, n = before.get(key, Rate(0, 0)), after.get(key, Rate(0, 0))
            if o.rate != n.rate or (o.games == 0) != (n.games == 0):
                out.append(Move(measure, key, o, n))
    return out


def simulate(old: Game, new: Game, games: int, seed: int, jobs: int) -> Play:
    """Play `games` seeded games on each version (same seeds, same player counts) and
    compare the summaries. A game without a rules model gets a note instead."""
    from pnp import simulate as sim

    try:
        have = [sim.simulation_for(g).player_counts(g) for g in (old, new)]
        counts = [p for p in have[0] if p in have[1]]
        if not counts:
            raise sim.SimError("the two versions have no player count in common")
        old_plan, new_plan = (sim.plan(g, games, counts, seed) for g in (old, new))
    except sim.SimError as exc:
        return Play(games, seed, (), (), (0, 0), f"not simulated: {exc}")
    old_run, new_run = sim.run(old_plan, jobs), sim.run(new_plan, jobs)
    a, b = sim.summarise(old_run), sim.summarise(new_run)
    return Play(
        games,
        seed,
        tuple(counts),
        tuple(moves(a, b)),
        (len(a["invariant_violations"]), len(b["invariant_violations"])),
    )
