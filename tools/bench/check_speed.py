"""Benchmark: wall time of `pnp check` on every shipped game, as a whole process.

Prints the median, minimum and slowest of N runs. The target is a median under 1.0 s, so
that `pnp check` is cheap enough for an editor hook or a pre-commit hook.

    python tools/bench/check_speed.py [--runs 21] [--content content]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET_S = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--content", default="content")
    args = parser.parse_args()
    exe = Path(sys.executable).with_name("pnp")
    cmd = [str(exe)] if exe.exists() else [shutil.which("pnp") or "pnp"]
    cmd += ["check", "--content", args.content]
    subprocess.run(cmd, check=False, capture_output=True)  # warm the file cache
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1):
            print(proc.stderr, file=sys.stderr)
            return 2
    median = statistics.median(times)
    print(
        f"pnp check (all games), {args.runs} runs: median {median:.3f} s, "
        f"min {min(times):.3f} s, max {max(times):.3f} s"
    )
    print(f"target: median under {TARGET_S:.1f} s -> {'ok' if median < TARGET_S else 'SLOW'}")
    print(f"last summary: {proc.stdout.strip().splitlines()[-1]}")
    return 0 if median < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
