"""Benchmark: Diplomatic Immunity simulated games per second, with heuristic players.

Plays 2,000 four-player games with every invariant on, in 2 worker processes (as
`pnp sim diplomatic-immunity --games 2000 --players 4 --jobs 2`), several times, and prints
the median games per second against the target (300), with "ok" or "MISS"; then the peak
memory of the processes (target: under 300 MB), the invariants broken (none), and the rate
the same runs would have with a CPU of their own for each job (from the CPU time the workers
used: on a busy machine the wall clock says more about the machine than about the code).
Exits 1 when a target is missed.

    python tools/bench/di_speed.py [--games 2000] [--jobs 2] [--runs 3]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from pathlib import Path

from pnp.content.project import load_game
from pnp.simulate import plan, run

ROOT = Path(__file__).resolve().parents[2]
TARGET = 300  # games per second
MEMORY = 300  # MB, at most


def _children_cpu() -> float:
    """CPU seconds used by the worker processes that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    model = load_game(ROOT / "content", "diplomatic-immunity").game
    rates: list[float] = []
    cpu_rates: list[float] = []
    broken = 0
    for i in range(args.runs):
        cpu = _children_cpu() if args.jobs > 1 else time.process_time()
        r = run(plan(model, args.games, [4], seed=i + 1), jobs=args.jobs)
        used = (_children_cpu() if args.jobs > 1 else time.process_time()) - cpu
        rates.append(args.games / r.elapsed)
        cpu_rates.append(args.games * max(1, args.jobs) / used if used > 0 else 0.0)
        broken += sum(1 for g in r.results if g.violation is not None)
    peak = (
        max(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        )
        / 1024
    )
    median = statistics.median(rates)
    fast = median >= TARGET
    small = peak < MEMORY
    print(
        f"pnp sim diplomatic-immunity --games {args.games} --players 4 --jobs {args.jobs}: "
        f"{median:.0f} games/s (median of {args.runs} runs: "
        f"{', '.join(f'{x:.0f}' for x in rates)}), target >= {TARGET} games/s  "
        f"{'ok' if fast else 'MISS'}"
    )
    print(f"peak memory {peak:.0f} MB, target < {MEMORY} MB  {'ok' if small else 'MISS'}")
    print(f"invariants broken: {broken}  {'ok' if not broken else 'MISS'}")
    print(
        f"with a CPU for each job: {statistics.median(cpu_rates):.0f} games/s "
        f"(median, from the workers' CPU time)"
    )
    return 0 if fast and small and not broken else 1


if __name__ == "__main__":
    raise SystemExit(main())
