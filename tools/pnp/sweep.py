"""`pnp sweep`: vary numbers of a game, check each variant, play the same games with each.

A number is named by a dotted path, in one of three forms:

- `<kind>.<id>.<field>`: a field of an entry of a document kind (`departures.private-jet.price`,
  `cards.leak.count`; a field inside a mapping of the entry continues the path);
- `rules.<key>.<key>...`: a rules number (`rules.heat.limit.with_immunity`).

Values are a list (`6,8,10`) or a range (`6..12`, `0.25..0.75:0.25`); several `--vary` make
a grid. Each variant is the game with those numbers changed in memory (the snapshot reads
the changed files from memory: `snapshot.overlaid`), checked like `pnp check`; a variant
with errors is reported with them and not played. Every variant plays the same seeds and
player counts (common random numbers), so what differs between them is the change.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.content import snapshot
from pnp.content.loader import Document, parse_yaml
from pnp.diagnostics import Diagnostic, Severity
from pnp.rules.stats import wilson

Value = int | float
MAX_VARIANTS = 400  # a grid past this is a typo, not a plan


class SweepError(Exception):
    """A --vary that names no number of the game, or values that are not numbers."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a number is written: its file, its line and column, its value."""

    rel: str
    line: int
    col: int
    value: Value
    data: bytes = field(default=b"", repr=False, compare=False)  # the file, as it was read


@dataclass(frozen=True, slots=True)
class Vary:
    """One varied number and its values."""

    path: str
    spot: Spot
    values: tuple[Value, ...]


@dataclass
class Variant:
    """One point of the grid: its numbers, its check, its games' figures."""

    numbers: tuple[tuple[str, Value], ...]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: dict[str, Any] | None = None
    measures: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return ", ".join(f"{path.rsplit('.', 1)[-1]}={_show(v)}" for path, v in self.numbers)

    allowed: tuple[str, ...] = ()  # error codes the sweep was told to play despite

    @property
    def errors(self) -> list[Diagnostic]:
        """The errors that keep the variant from being played."""
        return [
            d
            for d in self.diagnostics
            if d.severity is Severity.ERROR and d.code not in self.allowed
        ]

    @property
    def overlooked(self) -> list[Diagnostic]:
        """The errors it was played despite (`--allow`)."""
        return [
            d for d in self.diagnostics if d.severity is Severity.ERROR and d.code in self.allowed
        ]


def _show(value: Value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


# ---- the numbers of a game -------------------------------------------------------------------


def numbers(content: Path, game_id: str) -> dict[str, Spot]:
    """Every number a sweep may vary, by its path."""
    snap = snapshot.take(content, game_id)
    out: dict[str, Spot] = {}
    for file in snap.yaml():
        doc, _ = parse_yaml(file.data, snap.folder / file.rel, file.display)
        if doc is None or not isinstance(doc.data, dict):
            continue
        kind = doc.data.get("kind")
        if kind == "rules":
            for path, keys in _leaves(doc.data, ()):
                if keys and keys[0] != "kind":
                    out["rules." + ".".join(map(str, keys))] = _spot(file, doc, path)
        elif isinstance(kind, str):
            for key, entries in doc.data.items():
                if not isinstance(entries, list):
                    continue
                for i, entry in enumerate(entries):
                    if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                        for path, keys in _leaves(entry, (key, i)):
                            name = f"{kind}.{entry['id']}." + ".".join(map(str, keys[2:]))
                            out.setdefault(name, _spot(file, doc, path))
    return out


def _leaves(data: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """(path, path) of every number under `data` reached through mappings only."""
    if isinstance(data, bool):
        return
    if isinstance(data, int | float):
        yield path, path
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, (*path, k))


def _spot(file: snapshot.File, doc: Document, path: tuple[Any, ...]) -> Spot:
    mark = doc.mark(path)
    value: Any = doc.data
    for key in path:
        value = value[key]
    return Spot(file.rel, mark.line, mark.col, value, file.data)


# ---- the command line's words -----------------------------------------------------------------


_RANGE = re.compile(r"^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*(?::\s*([\d.]+)\s*)?$")


def parse_values(text: str, integer: bool) -> tuple[Value, ...]:
    """`6,8,10`, `6..12` (step 1) or `0.25..0.75:0.25` as numbers; integers where the number
    varied is one and every value is whole."""
    found = _RANGE.match(text)
    values: list[float]
    try:
        if found:
            first, last = float(found.group(1)), float(found.group(2))
            step = float(found.group(3)) if found.group(3) else 1.0
            if step <= 0 or last < first:
                raise SweepError(f"{text!r}: a range goes up, by a step above 0")
            count = round((last - first) / step) + 1
            if count > MAX_VARIANTS:
                raise SweepError(f"{text!r} is {count} values; at most {MAX_VARIANTS}")
            values = [round(first + n * step, 10) for n in range(count)]
        else:
            values = [float(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise SweepError(
            f"{text!r} is not a list of numbers (6,8,10) or a range (6..12, 0.25..0.75:0.25)"
        ) from None
    if not values:
        raise SweepError("--vary needs at least one value")
    if integer:
        if any(v != int(v) for v in values):
            raise SweepError(f"{text!r}: the number varied is a whole number")
        return tuple(dict.fromkeys(int(v) for v in values))
    return tuple(dict.fromkeys(values))


def parse_vary(text: str, spots: dict[str, Spot]) -> Vary:
    """`PATH=VALUES` as a Vary; SweepError naming the paths near a misspelt one."""
    path, eq, values = text.partition("=")
    path = path.strip()
    if not eq or not path:
        raise SweepError(
            f"--vary takes PATH=VALUES, e.g. departures.private-jet.price=6..10, not {text!r}"
        )
    spot = spots.get(path)
    if spot is None:
        near = _near(path, list(spots))
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        forms = "kind.id.field (departures.private-jet.price, cards.leak.count) or rules.key... "
        raise SweepError(f"no number at {path!r}: a path is {forms}{hint}")
    integer = isinstance(spot.value, int)
    return Vary(path, spot, parse_values(values, integer))


def _near(path: str, paths: list[str]) -> list[str]:
    """Up to five valid paths near a misspelt one: the closest names, and the paths that
    share its document and entry."""
    import difflib

    found = difflib.get_close_matches(path, paths, n=5, cutoff=0.6)
    head = path.rsplit(".", 1)[0] + "."
    found += [p for p in paths if p.startswith(head) and p not in found]
    return found[:5]


def grid(varies: Sequence[Vary]) -> list[tuple[tuple[str, Value], ...]]:
    """Every combination of the values, the first --vary slowest."""
    combos = list(itertools.product(*[[(v.path, x) for x in v.values] for v in varies]))
    if len(combos) > MAX_VARIANTS:
        raise SweepError(f"the grid is {len(combos)} variants; at most {MAX_VARIANTS}")
    return [tuple(c) for c in combos]


# ---- variants ----------------------------------------------------------------------------------

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def edit(data: bytes, spot: Spot, value: Value) -> bytes:
    """The file with the number at `spot` written as `value`."""
    lines = data.decode("utf-8").split("\n")
    line = lines[spot.line - 1]
    found = _NUMBER.match(line, spot.col - 1)
    if found is None:
        raise SweepError(f"{spot.rel}:{spot.line}:{spot.col} holds no number to change")
    lines[spot.line - 1] = line[: found.start()] + _show(value) + line[found.end() :]
    return "\n".join(lines).encode("utf-8")


def files_of(variant: Variant, spots: dict[str, Spot]) -> dict[str, bytes]:
    """The changed files of a variant, in memory, made from the files as `numbers` read
    them (the whole sweep varies the same reading of the game)."""
    out: dict[str, bytes] = {}
    for path, value in variant.numbers:
        spot = spots[path]
        out[spot.rel] = edit(out.get(spot.rel, spot.data), spot, value)
    return out


def check(content: Path, game_id: str, variant: Variant, spots: dict[str, Spot]) -> Any:
    """The variant checked like `pnp check` (every check, no verdict kept from before)."""
    from pnp import pipeline

    with snapshot.overlaid(content, game_id, files_of(variant, spots)):
        return pipeline.check(content, [game_id])


# ---- measures ----------------------------------------------------------------------------------


def _rates(records: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """{key: {games, wins, rate, ci95}}, the interval worked out where missing."""
    out = {}
    for key, r in records.items():
        games, wins = int(r["games"]), int(r["wins"])
        rate = r.get("rate", wins / games if games else 0.0)
        ci = r.get("ci95") or list(wilson(wins, games))
        out[str(key)] = {"games": games, "wins": wins, "rate": round(rate, 4), "ci95": list(ci)}
    return out


def _balance(groups: dict[str, dict[str, dict[str, Any]]]) -> dict[str, Any]:
    """The largest distance of any Goal's or archetype's (role's) win rate from the fair
    share of its kind (its kind's wins over its games), with that distance's interval."""
    best: dict[str, Any] = {"score": 0.0, "ci95": [0.0, 0.0], "kind": "", "id": ""}
    for kind, records in groups.items():
        games = sum(r["games"] for r in records.values())
        if not games:
            continue
        fair = sum(r["wins"] for r in records.values()) / games
        for key, r in records.items():
            if not r["games"]:
                continue
            d = abs(r["rate"] - fair)
            lo, hi = r["ci95"][0] - fair, r["ci95"][1] - fair
            near = 0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))
            if d > best["score"]:
                best = {
                    "score": round(d, 4),
                    "ci95": [round(near, 4), round(max(abs(lo), abs(hi)), 4)],
                    "kind": kind,
                    "id": key,
                    "fair": round(fair, 4),
                }
    return best


def measures(summary: dict[str, Any]) -> dict[str, Any]:
    """What a sweep reports of one variant's games."""
    groups: dict[str, dict[str, dict[str, Any]]] = {}
    if summary.get("wins_by_goal"):
        groups["goal"] = _rates(summary["wins_by_goal"])
    if summary.get("wins_by_archetype"):
        groups["archetype"] = _rates(summary["wins_by_archetype"])
    elif summary.get("wins_by_role"):
        groups["role"] = _rates(summary["wins_by_role"])
    games = int(summary["games"])
    endings = (
        {k: round(v / games, 4) for k, v in summary.get("endings", {}).items()} if games else {}
    )
    out: dict[str, Any] = {
        "balance": _balance(groups),
        **{f"by_{k}": v for k, v in groups.items()},
        "by_seat": _rates(summary.get("wins_by_seat", {})),
        "endings": endings,
        "rounds": summary.get("rounds", {}),
    }
    if summary.get("games_won_by_players"):
        out["by_players"] = _rates(summary["games_won_by_players"])
    if summary.get("doors_used"):
        out["doors_used"] = summary["doors_used"]
    return out


# ---- the sweep ---------------------------------------------------------------------------------


@dataclass
class Sweep:
    """A whole sweep: what varied, how it was played, every variant."""

    game: str
    title: str
    varies: list[Vary]
    games: int
    players: tuple[int, ...]
    seed: int
    variants: list[Variant]

    def ranked(self) -> list[Variant]:
        """Variants played, the most balanced first; then those with errors."""
        played = [v for v in self.variants if v.summary is not None]
        played.sort(key=lambda v: (v.measures["balance"]["score"], self.variants.index(v)))
        return played + [v for v in self.variants if v.summary is None]


def run(
    content: Path,
    game_id: str,
    varies: Sequence[Vary],
    games: int,
    players: Sequence[int] | None,
    seed: int,
    play: Callable[[Any], Any],
    progress: Callable[[int], None] | None = None,
    allow: Sequence[str] = (),
) -> Sweep:
    """Check every variant and play those without errors (but those of the codes in
    `allow`) with `play(plan) -> Run`."""
    from pnp import simulate

    spots = {v.path: v.spot for v in varies}
    variants = [Variant(numbers, allowed=tuple(allow)) for numbers in grid(varies)]
    title = game_id
    counts: tuple[int, ...] = tuple(players or ())
    for variant in variants:
        result = check(content, game_id, variant, spots)
        variant.diagnostics = list(result.diagnostics)
        if variant.errors or game_id not in result.games:
            if progress:
                progress(games)
            continue
        model = result.games[game_id]
        title = model.info.title if model.info else game_id
        p = simulate.plan(model, games, players, seed)
        counts = tuple(s.players for s in p.settings)
        summary = simulate.summarise(play(p))
        variant.summary = summary
        variant.measures = measures(summary)
        if progress:
            progress(games)
    return Sweep(game_id, title, list(varies), games, counts, seed, variants)


def as_json(sweep: Sweep) -> dict[str, Any]:
    """The sweep as JSON: what varied, and each variant's figures or its errors."""
    return {
        "game": sweep.game,
        "title": sweep.title,
        "vary": {v.path: list(v.values) for v in sweep.varies},
        "games": sweep.games,
        "players": list(sweep.players),
        "seed": sweep.seed,
        "variants": [
            {
                "numbers": dict(v.numbers),
                "checked": not v.errors,
                "played_despite": [d.format() for d in v.overlooked],
                **(
                    {"errors": [d.format() for d in v.errors]}
                    if v.errors
                    else {"measures": v.measures}
                ),
            }
            for v in sweep.variants
        ],
    }


def table(sweep: Sweep) -> str:
    """The variants as a plain-text table, the most balanced first."""
    rows = [("variant", "balance", "95% interval", "furthest", "rounds")]
    notes: list[str] = []
    for v in sweep.ranked():
        if v.summary is None:
            codes = sorted({d.code for d in v.errors})
            rows.append((v.label, "-", "-", f"not played: {', '.join(codes)}", "-"))
            notes += [f"{v.label}: {d.format()}" for d in v.errors[:3]]
            continue
        notes += [f"{v.label}: played despite {d.format()}" for d in v.overlooked[:1]]
        b = v.measures["balance"]
        rows.append(
            (
                v.label,
                f"{100 * b['score']:.1f} pts",
                f"{100 * b['ci95'][0]:.1f}-{100 * b['ci95'][1]:.1f}",
                f"{b['kind']} {b['id']}" if b["id"] else "-",
                f"{v.measures['rounds'].get('mean', 0):.1f}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(r[i].ljust(widths[i]) for i in range(4)) + "  " + r[4] for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    head = (
        f"{sweep.title}: {len(sweep.variants)} variants x {sweep.games} games "
        f"(players {', '.join(map(str, sweep.players))}; seed {sweep.seed}, the same games "
        "for every variant); balance = the largest distance of any "
        + (
            "Goal's or archetype's"
            if any("by_goal" in v.measures for v in sweep.variants)
            else "role's"
        )
        + " win rate from the fair share"
    )
    tail = "".join(f"{n}\n" for n in notes)
    return head + "\n" + "\n".join(lines) + "\n" + ("\n" + tail if tail else "")
