"""Statistics helpers and the plain-data shape of a simulation report.

A report is a list of `Section`s, each with some text, a `Table` and/or a `Bars` chart. The
rules models and the runner build them from the simulation JSON; `render/report.py` draws
them. Nothing here draws or imports reportlab.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Table:
    """A table: a header row and rows of already formatted cells."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Bars:
    """A bar chart: one bar per series in each category (values in `unit`)."""

    categories: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]  # (name, one value per category)
    unit: str = "%"
    top: float | None = None  # the value axis ends here (None: fit the data)
    axis: str = ""  # what the categories are


@dataclass(frozen=True, slots=True)
class Section:
    """A heading, a sentence or two, and optionally a table and a chart."""

    heading: str
    text: str = ""
    table: Table | None = None
    chart: Bars | None = None


def tally() -> dict[str, int]:
    """A fresh {games, wins} record."""
    return {"games": 0, "wins": 0}


def count(record: dict[str, int], won: bool) -> None:
    """Add one game to a {games, wins} record."""
    record["games"] += 1
    record["wins"] += int(won)


def rate(record: Mapping[str, int]) -> float:
    """Wins per game of a {games, wins} record (0 when there were no games)."""
    return record["wins"] / record["games"] if record["games"] else 0.0


def with_rates(records: Mapping[str, dict[str, int]]) -> dict[str, dict[str, Any]]:
    """{key: {games, wins, rate}} with the rate rounded to 4 places."""
    return {k: {**v, "rate": round(rate(v), 4)} for k, v in records.items()}


def spread(values: Iterable[int]) -> dict[str, float]:
    """{mean, p50, p90, max} of whole numbers (nearest-rank percentiles); zeros when empty."""
    ordered = sorted(values)
    if not ordered:
        return {"mean": 0.0, "p50": 0, "p90": 0, "max": 0}

    def rank(p: float) -> int:
        return ordered[max(0, math.ceil(p * len(ordered)) - 1)]

    return {
        "mean": round(sum(ordered) / len(ordered), 3),
        "p50": rank(0.5),
        "p90": rank(0.9),
        "max": ordered[-1],
    }


def percent(x: float) -> str:
    """`42.5%` for 0.425."""
    return f"{100 * x:.1f}%"


def rate_table(records: Mapping[str, Mapping[str, int]], label: str) -> Table:
    """A table of {key: {games, wins}}: key, games, wins, win rate."""
    rows = tuple((k, str(v["games"]), str(v["wins"]), percent(rate(v))) for k, v in records.items())
    return Table((label, "games", "wins", "win rate"), rows)


def ordered_keys(keys: Iterable[str], first: Sequence[str] = ()) -> list[str]:
    """`first` in its order (those present), then the rest sorted (numbers by value)."""
    found = list(dict.fromkeys(keys))
    head = [k for k in first if k in found]
    rest = sorted(
        (k for k in found if k not in head),
        key=lambda k: (0, int(k), "") if k.isdigit() else (1, 0, k),
    )
    return head + rest


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of wins/games (rounded to 4 places)."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))
