"""Benchmark: Diplomatic Immunity simulated games per second, with heuristic players.

Plays 2,000 four-player games with every invariant on, in 2 worker processes (as
`pnp sim diplomatic-immunity --games 2000 --players 4 --jobs 2`), several times, and prints
the median games per second and the peak memory of the processes. Targets: 100 games/s or
more, peak memory under 300 MB.

    python tools/bench/di_speed.py [--games 2000] [--jobs 2] [--runs 3]
"""

from __future__ import annotations

import argparse
import resource
import statistics
from pathlib import Path

from pnp.content.project import load_game
from pnp.simulate import plan, run

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    model = load_game(ROOT / "content", "diplomatic-immunity").game
    rates = []
    broken = 0
    for i in range(args.runs):
        r = run(plan(model, args.games, [4], seed=i + 1), jobs=args.jobs)
        rates.append(args.games / r.elapsed)
        broken += sum(1 for g in r.results if g.violation is not None)
    peak = (
        max(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        )
        / 1024
    )
    median = statistics.median(rates)
    print(
        f"Diplomatic Immunity, {args.games} four-player games, heuristic players, "
        f"--jobs {args.jobs}, {args.runs} runs: median {median:.0f} games/s "
        f"(runs: {', '.join(f'{x:.0f}' for x in rates)}), peak memory {peak:.0f} MB, "
        f"invariants broken: {broken}  [targets: >= 100 games/s, < 300 MB]"
    )
    return 0 if median >= 100 and peak < 300 and not broken else 1


if __name__ == "__main__":
    raise SystemExit(main())
