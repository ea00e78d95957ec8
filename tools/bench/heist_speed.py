"""Benchmark: Diamond Heist games per second, as `pnp sim diamond-heist` plays them.

Runs the simulator in-process (the same plan, runner and statistics as `pnp sim`, every
invariant checked at every step) on player counts 5-12, and prints the median games per
second of several runs with one process, and once with two. The target is 2,000 games/s
or more with one process.

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

TARGET = 2000.0
ROOT = Path(__file__).resolve().parents[2]


def games_per_second(plan: simulate.Plan, jobs: int) -> float:
    """Games per second of one run of the plan, statistics included."""
    start = time.perf_counter()
    run = simulate.run(plan, jobs)
    simulate.summarise(run)
    assert not any(g.violation for g in run.results), "an invariant broke"
    return plan.games / (time.perf_counter() - start)


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
    median = statistics.median(rates)
    two = games_per_second(plan, 2)
    print(
        f"pnp sim diamond-heist --games {args.games} --players 5..12 (in-process, invariants "
        f"on), {args.runs} runs: median {median:,.0f} games/s with 1 process "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f}); {two:,.0f} games/s with --jobs 2; "
        f"target {TARGET:,.0f}"
    )
    ok = median >= TARGET
    print("ok" if ok else "UNDER TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
