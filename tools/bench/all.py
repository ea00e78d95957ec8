"""`make bench`: every benchmark, one after another, then one line per figure with its
target. Each script prints its own rows ("... -> ok" or "... -> MISS") and exits 1 when a
target is missed; this runs them all whatever happens and exits 1 when any missed. Before
each script, and after the last, the machine's own speed is sampled (`machine.py`), and the
summary says how fast and how steady the machine was: the rows with no peer measured in
the same run (games per second, the test suite's time) are read against it.

    python tools/bench/all.py [SCRIPT ...]   (default: every benchmark below)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import machine  # noqa: E402  (this folder's own module)

SCRIPTS = (
    "check_speed.py",
    "build_speed.py",
    "scale_speed.py",
    "export_speed.py",
    "di_speed.py",
    "heist_speed.py",
    "sweep_speed.py",
    "diff_speed.py",
    "mutations.py",
    "test_speed.py",
)


def main(argv: list[str]) -> int:
    scripts = argv or list(SCRIPTS)
    failed: list[str] = []
    verdicts: list[str] = []
    speed: list[float] = []
    for name in scripts:
        speed += [machine.sample() for _ in range(3)]
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, str(HERE / name)], capture_output=True, text=True, check=False
        )
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
        print(f"   ({time.perf_counter() - start:.0f} s, exit {proc.returncode})", flush=True)
        verdicts += [
            f"{name}: {line.strip()}"
            for line in proc.stdout.splitlines()
            if line.rstrip().endswith(("ok", "MISS")) or "target" in line
        ]
        if proc.returncode != 0:
            failed.append(name)
    speed += [machine.sample() for _ in range(3)]
    print("\n== targets")
    print(machine.describe(speed))
    for line in verdicts:
        print(line)
    print(f"missed in: {', '.join(failed)}" if failed else "every target met")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
