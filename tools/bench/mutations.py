"""Benchmark: the mutation harness's two figures on the shipped content.

Makes N seeded single-line mistakes in the shipped YAML (a line deleted or doubled, a number
changed, two letters swapped, a stray colon or quote, a line indented wrongly), checks each,
and prints how often the first diagnostic is at the mistake (target 95%) and how many
diagnostics one mistake gives (target: median 2 or fewer), then the misses for reading.

    python tools/bench/mutations.py [--count 300] [--seed 1] [--jobs 2] [--misses]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests import mutations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--misses", action="store_true", help="print every miss")
    args = parser.parse_args()
    start = time.perf_counter()
    report = mutations.run(args.seed, args.count, args.jobs)
    print(f"{report.summary()} ({time.perf_counter() - start:.0f} s)")
    if args.misses:
        for miss in report.misses():
            print(miss)
    ok = report.first_at_cause >= 0.95 and report.median_count <= 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
