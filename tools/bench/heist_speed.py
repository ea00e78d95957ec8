"""Benchmark: Diamond Heist games per second, as `pnp sim diamond-heist` plays them.

Runs the simulator in-process (the same plan, runner and statistics as `pnp sim`, every
invariant checked) on player counts 5-12, and prints the median games per second of several
runs with one process (wall clock, as `pnp sim` reports it, and CPU time), and once with two.
The target is 10,000 games/s or more with one process.

    python tools/bench/heist_speed.py [--games 5000] [--runs 5] [--content content]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from pnp import simulate
from pnp.content.project import load_game

TARGET = 10_000.0
ROOT = Path(__file__).resolve().parents[2]


def games_per_second(plan: simulate.Plan, jobs: int) -> tuple[float, float]:
    """Games per second of one run of the plan, statistics included: by the wall clock and by
    this process's CPU time."""
    start, cpu = time.perf_counter(), time.process_time()
    run = simulate.run(plan, jobs)
    simulate.summarise(run)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert not any(g.violation for g in run.results), "an invariant broke"
    return plan.games / wall, plan.games / cpu


def main() -> int:
    """Print the figures; exit 1 when under the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    args = parser.parse_args()
    model = load_game(args.content, "diamond-heist").game
    plan = simulate.plan(model, args.games, range(5, 13), seed=1)
    games_per_second(simulate.plan(model, 200, range(5, 13), seed=0), 1)  # warm up
    rates = [games_per_second(plan, 1) for _ in range(args.runs)]
    wall = statistics.median(r[0] for r in rates)
    cpu = statistics.median(r[1] for r in rates)
    two, _ = games_per_second(plan, 2)
    ok = wall >= TARGET
    print(
        f"pnp sim diamond-heist --games {args.games} --players 5..12 (in-process, invariants "
        f"on), median of {args.runs}: {wall:,.0f} games/s with 1 process "
        f"(min {min(r[0] for r in rates):,.0f}, max {max(r[0] for r in rates):,.0f}; "
        f"{cpu:,.0f} by CPU time); {two:,.0f} games/s with --jobs 2 | "
        f"target >= {TARGET:,.0f} games/s | {'ok' if ok else 'MISS'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
