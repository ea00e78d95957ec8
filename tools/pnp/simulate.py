"""Seeded simulated games, in parallel: invariants, outcomes, statistics, the report's data.

The runner knows no game. It finds the rules package of a game by its ruleset
(`pnp.rules.<ruleset>`, `-` as `_`) and plays through its `SIMULATION` (see
`rules.engine.Simulation`). Game `i` of a run seeded `S` has the seed `game_seed(S, i)` and
the `i`-th setting in turn, so results depend only on (S, i): the same with any number of
worker processes, and `pnp replay --seed` replays any one of them.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent import futures
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any

from pnp.rules import stats
from pnp.rules.engine import GameResult, Setting, Simulation, game_seed

if TYPE_CHECKING:
    from pnp.content.project import Game as Model

CHUNK = 250  # games handed to a worker at a time, at most (and between progress updates)
SHARES = 16  # spans each worker gets at least, so that the workers finish together
TAIL = 4  # games in the smallest of the last spans, with more than one worker


class SimError(Exception):
    """The simulation cannot run as asked: a usage problem, said plainly."""


def simulation_for(model: Model) -> Simulation:
    """The rules model of a game, found by its ruleset; SimError if it has none."""
    ruleset = model.info.ruleset.id if model.info and model.info.ruleset else None
    if ruleset is None:
        raise SimError(f"'{model.id}' names no ruleset, so there is no rules model to simulate")
    from pnp import rulesets

    plugin = rulesets.get(ruleset)
    if plugin is None:
        raise SimError(f"no ruleset '{ruleset}' is installed, so there is no rules model")
    if plugin.simulation is None:
        raise SimError(f"the ruleset '{ruleset}' has no rules model for simulation yet")
    return plugin.simulation()


@dataclass(frozen=True, slots=True)
class Plan:
    """What to simulate: the game, the seed, how many games and in which settings."""

    model: Model
    seed: int
    games: int
    settings: tuple[Setting, ...]

    def setting(self, index: int) -> Setting:
        """The setting of game `index`: the settings in turn."""
        return self.settings[index % len(self.settings)]


def plan(
    model: Model,
    games: int,
    players: Sequence[int] | None = None,
    seed: int = 0,
    variants: Sequence[str] = (),
) -> Plan:
    """A checked plan; SimError for a count or variant the game cannot be played with."""
    sim = simulation_for(model)
    if games < 1:
        raise SimError(f"--games must be at least 1, not {games}")
    counts = tuple(dict.fromkeys(players)) if players else sim.player_counts(model)
    if not counts:
        raise SimError(f"'{model.id}' has no player count the rules model can play")
    settings = tuple(Setting(p, tuple(variants)) for p in counts)
    for s in settings:
        problem = sim.problem(model, s)
        if problem:
            raise SimError(problem)
    return Plan(model, seed, games, settings)


@dataclass(frozen=True, slots=True)
class Run:
    """The results of a plan, in game order, and the wall time it took."""

    plan: Plan
    results: tuple[GameResult, ...]
    elapsed: float


_WORKER: tuple[Simulation, Plan] | None = None


def _init_worker(p: Plan) -> None:
    global _WORKER
    # A worker is stopped by its pool with SIGTERM: the parent's clean-up handler is not
    # its own (it would print a traceback for a worker that is simply done).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _WORKER = (simulation_for(p.model), p)


def _play_chunk(span: tuple[int, int]) -> list[GameResult]:
    assert _WORKER is not None
    sim, p = _WORKER
    return [sim.play(p.model, p.setting(i), game_seed(p.seed, i), i) for i in range(*span)]


_SIMULATIONS: dict[int, tuple[Plan, Simulation]] = {}  # a worker's rules models, by plan


def play_span(p: Plan | None, span: tuple[int, int]) -> list[GameResult]:
    """Play games `span` of a plan: the plan given (as an executor hands it over, sent to
    each worker once), or the one the worker process was started with (`_init_worker`)."""
    if p is None:
        return _play_chunk(span)
    found = _SIMULATIONS.get(id(p))
    if found is None or found[0] is not p:
        if len(_SIMULATIONS) > 8:
            _SIMULATIONS.clear()
        found = _SIMULATIONS[id(p)] = (p, simulation_for(p.model))
    sim = found[1]
    return [sim.play(p.model, p.setting(i), game_seed(p.seed, i), i) for i in range(*span)]


def _spans(games: int, jobs: int = 1, shares: int = SHARES) -> list[tuple[int, int]]:
    """The games in spans, handed out in turn: at most CHUNK games each, and at least
    `shares` spans for each worker, so that one worker's last span keeps the others waiting
    little. With more than one worker the last spans shrink (to half a worker's share of
    the games left, TAIL games at least): the spans handed out last are the ones the other
    workers may wait for, and a small one keeps them waiting less."""
    size = max(1, min(CHUNK, -(-games // (max(1, jobs) * shares))))
    if jobs <= 1:
        return [(i, min(games, i + size)) for i in range(0, games, size)]
    spans: list[tuple[int, int]] = []
    start = 0
    while start < games:
        step = min(size, max(TAIL, -(-(games - start) // (2 * jobs))))
        spans.append((start, min(games, start + step)))
        start += step
    return spans


@dataclass(frozen=True, slots=True)
class Executor:
    """Where the games are played: a `concurrent.futures.Executor` (the local process pool,
    or a Dask cluster's: see `pnp.executors`), how many workers it has, and what each task
    is given as its plan (a Dask future of the plan, sent to each worker once; None when
    the workers were started with it)."""

    pool: futures.Executor
    workers: int
    share: Callable[[Plan], Any] = lambda p: None
    shares: int = 4  # spans each worker gets at least (fewer, larger where tasks carry the plan)


def run(
    p: Plan,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> Run:
    """Play every game of the plan (in `jobs` processes, or on `executor`'s workers); the
    results do not depend on where or in how many processes they were played."""
    start = time.perf_counter()
    results: list[GameResult] = []
    chunks: Iterator[list[GameResult]]
    if executor is None and jobs > 1:  # the local pool: its workers start with the plan
        with futures.ProcessPoolExecutor(
            jobs, multiprocessing.get_context(), initializer=_init_worker, initargs=(p,)
        ) as pool:
            return run(p, jobs, progress, Executor(pool, jobs, shares=SHARES))
    if executor is not None:
        shared = executor.share(p)
        spans = _spans(p.games, executor.workers, executor.shares)
        submitted = [executor.pool.submit(play_span, shared, span) for span in spans]
        for done in submitted:  # in game order, whatever finishes first
            results.extend(done.result())
            if progress:
                progress(len(results), p.games)
    else:
        _init_worker(p)
        chunks = (_play_chunk(span) for span in _spans(p.games))
        for chunk in chunks:
            results.extend(chunk)
            if progress:
                progress(len(results), p.games)
    return Run(p, tuple(results), time.perf_counter() - start)


def summarise(r: Run) -> dict[str, Any]:
    """The simulation JSON (interfaces.md): the shared keys, then the rules model's own.

    `card_plays` and `never_played` cover cards only; a rules model that says what must be
    used (`engine.Covered`) adds `never_used`, over everything that carries effects."""
    p = r.plan
    sim = simulation_for(p.model)
    info = p.model.info
    ok = [g for g in r.results if g.violation is None]
    endings = {e: 0 for e in sim.endings}
    endings.update(Counter(g.ending for g in ok))
    # Each count is made over the games at once where it can be (a game's seats from its
    # number of players, its roles in one Counter, the cards played by each different list
    # of plays): every key is put in order below, so no count depends on the games' order.
    seat_games: Counter[int] = Counter()
    for n, count in Counter(len(g.roles) for g in ok).items():
        for seat in range(n):
            seat_games[seat] += count
    role_games: Counter[str] = Counter(chain.from_iterable(g.roles for g in ok))
    seat_wins: Counter[int] = Counter()
    role_wins: Counter[str] = Counter()
    for g in ok:
        if g.winners:
            roles = g.roles
            for seat in dict.fromkeys(g.winners):
                if 0 <= seat < len(roles):
                    seat_wins[seat] += 1
                    role_wins[roles[seat]] += 1
    plays: Counter[str] = Counter()
    for played, count in Counter(g.plays for g in ok if g.plays).items():
        for card, n in played:
            plays[card] += n * count
    by_seat = {str(s): {"games": n, "wins": seat_wins[s]} for s, n in seat_games.items()}
    by_role = {r: {"games": n, "wins": role_wins[r]} for r, n in role_games.items()}
    cards = sim.card_ids(p.model, p.settings)
    summary: dict[str, Any] = {
        "game": p.model.id,
        "ruleset": info.ruleset.id if info and info.ruleset else "",
        "title": info.title if info else p.model.id,
        "version": info.version if info else "",
        "seed": p.seed,
        "games": p.games,
        "players": sorted({s.players for s in p.settings}),
        "variants": list(p.settings[0].variants),
        "elapsed_s": round(r.elapsed, 3),
        "games_per_s": round(p.games / r.elapsed, 1) if r.elapsed > 0 else 0.0,
        "endings": endings,
        "rounds": stats.spread(g.rounds for g in ok),
        "steps": stats.spread(g.steps for g in ok),
        "wins_by_seat": {k: by_seat[k] for k in stats.ordered_keys(by_seat)},
        "wins_by_role": {k: by_role[k] for k in sorted(by_role)},
        "card_plays": {c: plays.get(c, 0) for c in stats.ordered_keys(plays, cards)},
        "never_played": [c for c in cards if not plays.get(c)],
        "invariant_violations": [
            g.violation.as_dict() for g in r.results if g.violation is not None
        ],
    }
    summary.update(sim.summarise(p.model, ok))
    return summary


TIMING_KEYS = ("elapsed_s", "games_per_s")


def report_sections(model: Model, summary: dict[str, Any]) -> list[stats.Section]:
    """The report's sections from the simulation JSON: the shared ones and the model's own.

    Timings are left out, so that the same run gives the same report, byte for byte."""
    sim = simulation_for(model)
    total = max(1, sum(summary["endings"].values()))
    endings = summary["endings"]
    sections = [
        stats.Section(
            "Endings",
            "How the games ended.",
            stats.Table(
                ("ending", "games", "share"),
                tuple(
                    (e.replace("_", " "), str(n), stats.percent(n / total))
                    for e, n in endings.items()
                ),
            ),
            stats.Bars(
                tuple(e.replace("_", " ") for e in endings),
                (("games", tuple(100 * n / total for n in endings.values())),),
                top=100,
                axis="ending",
            ),
        ),
        *sim.report(summary),
        stats.Section(
            "Wins by seat",
            "Seats as the rules model numbers them, from 0 in turn order.",
            stats.rate_table(summary["wins_by_seat"], "seat"),
        ),
        stats.Section("Wins by role", "", stats.rate_table(summary["wins_by_role"], "role")),
        stats.Section(
            "Length",
            "Rounds as the rules model counts them, and choices (steps) per game.",
            stats.Table(
                ("measure", "mean", "median", "90th percentile", "max"),
                tuple(
                    (name, *(str(summary[key][k]) for k in ("mean", "p50", "p90", "max")))
                    for name, key in (("rounds", "rounds"), ("choices", "steps"))
                ),
            ),
        ),
        stats.Section(
            "Invariants",
            "Checked after every choice of every game: "
            + (
                f"{len(summary['invariant_violations'])} broken."
                if summary["invariant_violations"]
                else "none broken."
            ),
            stats.Table(
                ("seed", "step", "invariant", "detail"),
                tuple(
                    (str(v["seed"]), str(v["step"]), v["invariant"], v["detail"])
                    for v in summary["invariant_violations"][:20]
                ),
            )
            if summary["invariant_violations"]
            else None,
        ),
    ]
    return sections


def summary_text(summary: dict[str, Any]) -> str:
    """The terminal summary: endings, win rates by role (and by player count), violations."""
    out = [
        f"{summary['title']} {summary['version']}: {summary['games']} games, "
        f"players {','.join(map(str, summary['players']))}, seed {summary['seed']}"
        + (f", variants {','.join(summary['variants'])}" if summary["variants"] else "")
        + f" - {summary['elapsed_s']:.2f} s, {summary['games_per_s']:.0f} games/s",
        "",
    ]
    total = max(1, sum(summary["endings"].values()))
    out.append(
        _columns(
            [("ending", "games", "share")]
            + [
                (e.replace("_", " "), str(n), stats.percent(n / total))
                for e, n in summary["endings"].items()
            ]
        )
    )
    out.append("")
    out.append(
        _columns(
            [("role", "games", "wins", "win rate")]
            + [
                (k, str(v["games"]), str(v["wins"]), stats.percent(stats.rate(v)))
                for k, v in summary["wins_by_role"].items()
            ]
        )
    )
    goals = summary.get("wins_by_goal")
    if goals:  # a game with Goals: each Goal's win rate, with its 95% interval
        out.append("")
        out.append(
            _columns(
                [("goal", "games", "wins", "win rate", "95% interval")]
                + [
                    (
                        k,
                        str(v["games"]),
                        str(v["wins"]),
                        stats.percent(v["rate"]),
                        f"{stats.percent(v['ci95'][0])}-{stats.percent(v['ci95'][1])}",
                    )
                    for k, v in goals.items()
                ]
            )
        )
    by_count = summary.get("win_rate_by_role_and_players")
    if by_count:
        roles = stats.ordered_keys(
            (r for c in by_count.values() for r in c), list(summary["wins_by_role"])
        )
        out.append("")
        out.append("win rate by role and player count")
        out.append(
            _columns(
                [("role", *by_count)]
                + [
                    (
                        r,
                        *(
                            stats.percent(stats.rate(by_count[c][r])) if r in by_count[c] else "-"
                            for c in by_count
                        ),
                    )
                    for r in roles
                ]
            )
        )
    r = summary["rounds"]
    out.append("")
    out.append(f"rounds: mean {r['mean']}, median {r['p50']}, p90 {r['p90']}, max {r['max']}")
    broken = summary["invariant_violations"]
    out.append(f"invariants: {len(broken)} broken" if broken else "invariants: none broken")
    if "balance_outliers" in summary:
        lo, hi = summary["balance_band"]
        odd = summary["balance_outliers"]
        at = summary.get("balance_players")
        where = f" at {at} players" if at else ""
        out.append(
            f"balance{where}: every Goal and archetype inside {stats.percent(lo)}-"
            f"{stats.percent(hi)}"
            if not odd
            else f"balance{where}: outside "
            f"{stats.percent(lo)}-{stats.percent(hi)}: "
            + ", ".join(
                f"{o['name']} {stats.percent(o['rate'])}"
                + (f" (ruling {o['explained_by']})" if o["explained_by"] else "")
                for o in odd
            )
        )
    if "never_used" in summary:  # a rules model that says what must be used
        unused = summary["never_used"]
        names = ", ".join(f"{u['kind']} {u['name']}" for u in unused[:NEVER_USED_SHOWN])
        more = len(unused) - NEVER_USED_SHOWN
        out.append(
            f"never used: {names}" + (f" and {more} more" if more > 0 else "")
            if unused
            else "never used: nothing"
        )
    return "\n".join(out) + "\n"


NEVER_USED_SHOWN = 8  # of `never_used`, in the terminal summary (the JSON has them all)


def _columns(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
