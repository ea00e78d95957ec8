"""Benchmark: `pnp sweep` throughput, on the local process pool and on a Dask LocalCluster.

Runs the same small sweep of Diplomatic Immunity (the Private Jet's price at 6, 8 and 10,
`--allow E712`: the rulebook's quoted $8M pins the price; 4 players) in-process three ways:
one process, the local pool with 2 processes, and a 2-worker Dask LocalCluster (its start
counted), and prints games per second for each and per core. The results of the pool and
of Dask are compared with the one-process run: they must be the same. No target: figures
to plan a sweep's size by (and to see what a cluster costs).

    python tools/bench/sweep_speed.py [--games 200]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from pnp import executors, simulate, sweep

ROOT = Path(__file__).resolve().parents[2]
GAME = "diplomatic-immunity"
VARY = "departures.private-jet.price=6,8,10"


def _sweep(games: int, executor: Any, jobs: int = 1) -> tuple[sweep.Sweep, float]:
    spots = sweep.numbers(ROOT / "content", GAME)
    varies = [sweep.parse_vary(VARY, spots)]
    start = time.perf_counter()
    found = sweep.run(
        ROOT / "content",
        GAME,
        varies,
        games,
        [4],
        1,
        lambda p: simulate.run(p, jobs, None, executor),
        allow=("E712",),
    )
    return found, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    total = 3 * args.games
    base, one = _sweep(args.games, None)
    rows = [("one process", one, 1)]
    local, t_local = _sweep(args.games, None, 2)
    rows.append(("local pool, 2 processes", t_local, 2))
    start = time.perf_counter()
    with executors.dask(None, 2) as cluster:
        started = time.perf_counter() - start
        dask, t_dask = _sweep(args.games, cluster)
    rows.append((f"Dask LocalCluster, 2 workers (+{started:.1f} s to start)", t_dask, 2))
    same = sweep.as_json(local) == sweep.as_json(base) == sweep.as_json(dask)
    for name, seconds, cores in rows:
        rate = total / seconds
        print(
            f"pnp sweep {GAME} --vary {VARY} --games {args.games} --players 4 ({total} games, "
            f"checks included), {name}: {rate:.0f} games/s, {rate / cores:.0f} per core"
        )
    print(f"the same results on every executor: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
