"""The machine's own speed, for reading the benchmarks' absolute figures.

Most rows of `make bench` are ratios of two things measured in one run, which a faster or
slower machine leaves as they are. Three rows have no peer to divide by: the simulators'
games per second and the test suite's wall time. How fast this machine runs plain Python
at the time, measured with a fixed workload between the benchmarks, says how far those
figures are the code's and how far the machine's: a machine whose reference takes twice as
long plays about half as many games a second with the same code. The spread of the
samples says how steady the machine was while the benchmarks ran.

    python tools/bench/machine.py [--samples 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time


def workload() -> int:
    """Plain Python of the kinds the simulators and checks spend their time in: small
    objects made and read, dictionaries, lists sorted, strings built. Always the same work."""
    table: dict[int, list[int]] = {}
    total = 0
    for i in range(60_000):
        row = table.setdefault(i % 97, [])
        row.append(i * 7 % 1_009)
        total += len(row)
    for row in table.values():
        row.sort()
        total += row[len(row) // 2]
    words = [f"{i:05d}-{i % 13}" for i in range(40_000)]
    total += sum(len(w.split("-")[0]) for w in words)
    pairs = sorted(((i * 7_919) % 10_007, i) for i in range(40_000))
    return total + pairs[-1][1]


def sample() -> float:
    """CPU seconds of one run of the workload."""
    start = time.process_time()
    workload()
    return time.process_time() - start


def describe(samples: list[float]) -> str:
    """One line: the median and the spread of the samples."""
    return (
        f"machine reference (a fixed plain-Python workload, tools/bench/machine.py): median "
        f"{statistics.median(samples):.3f} s CPU of {len(samples)} samples, "
        f"{min(samples):.3f}-{max(samples):.3f} s (the games per second and the test "
        "suite's time scale with it)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=5)
    args = parser.parse_args()
    print(describe([sample() for _ in range(args.samples)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
