"""Benchmark: the wall time of the test suite's pytest run, as `make test` runs it.

Runs `python -m pytest` with the options `make test` uses (the workers pytest-xdist starts
on this machine's cores included, the rewritten test modules kept between runs) and prints
its wall time against the target: 60 s on a 2-core machine. Lint and type checks, which
`make test` runs first, are not counted.

    python tools/bench/test_speed.py [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_S = 60.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-n",
                "auto",
                "--dist",
                "loadscope",
                "--no-loadscope-reorder",
                "-p",
                "no:cacheprovider",
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""},  # as `make test` runs it
            capture_output=True,
            text=True,
            check=False,
        )
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            print(proc.stdout[-3000:], proc.stderr[-3000:], file=sys.stderr)
            print("test suite: FAILED (a benchmark of a red suite means nothing)")
            return 1
    median = statistics.median(times)
    ok = median <= TARGET_S
    print(
        f"make test, pytest: median {median:.1f} s of {args.runs} run(s); "
        f"target <= {TARGET_S:.0f} s on 2 cores -> {'ok' if ok else 'MISS'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
