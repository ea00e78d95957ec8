"""Benchmark: `pnp export --target all` beside `pnp build`.

Runs `pnp build` (both shipped games, both papers) and `pnp export --target all` (both
games: the Tabletop Simulator mod, The Game Crafter's and MakePlayingCards' PNGs and
DriveThruCards' CMYK PDFs) as separate processes into a temporary folder, alternating,
`--runs` times each after a first run of each with an empty cache folder (also printed),
and prints the median wall time of each (how long a designer waits;
the export encodes its images on every core), their ratio, the CPU time (user + system)
of each, and the export's files and bytes. Target: the export takes at most 2x as long as
the build. Exits 1 when it is missed.

    python tools/bench/export_speed.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = 2.0  # the export against the build, at most
GAMES = ("diamond-heist", "diplomatic-immunity")


def _cpu(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one process."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    before, start = r.ru_utime + r.ru_stime, time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, cwd=ROOT, env=env)
    wall = time.perf_counter() - start
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, r.ru_utime + r.ru_stime - before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pnp = [sys.executable, "-m", "pnp"]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        build = [*pnp, "build", "--out", str(out / "build"), "--paper", "all", *GAMES]
        export = [*pnp, "export", "--out", str(out / "export"), "--target", "all", *GAMES]
        # A cache folder of its own, empty: the first runs are a new machine's, the later
        # ones a designer's every run after an edit (the build reuses its verdicts and the
        # rulebooks' pages, the export the images it encoded before).
        env = {**os.environ, "PNP_CACHE_DIR": str(out / "cache")}
        first_build, first_export = _cpu(build, env), _cpu(export, env)
        builds, exports = [], []
        for _ in range(args.runs):
            builds.append(_cpu(build, env))
            exports.append(_cpu(export, env))
        files = 0
        size = 0
        for game in GAMES:
            manifest = json.loads((out / "export" / game / "manifest.json").read_text())
            exported = [f for f in manifest["files"] if f["path"].startswith("export/")]
            files += len(exported)
            size += sum(int(f["bytes"]) for f in exported)
    b, e = statistics.median(w for w, _ in builds), statistics.median(w for w, _ in exports)
    bc, ec = statistics.median(c for _, c in builds), statistics.median(c for _, c in exports)
    ratio = e / b
    ok = ratio <= TARGET
    print(
        f"pnp export --target all (both games, {files} files, {size / 1e6:.0f} MB): "
        f"{e:.1f} s against pnp build --paper all {b:.1f} s, wall, medians of {args.runs} "
        f"(CPU {ec:.1f} s against {bc:.1f} s, {ec / bc:.2f}x): {ratio:.2f}x | "
        f"target <= {TARGET:g}x | {'ok' if ok else 'MISS'}"
    )
    print(
        f"  first runs, empty cache folder: export {first_export[0]:.1f} s against build "
        f"{first_build[0]:.1f} s, wall ({first_export[0] / first_build[0]:.2f}x; CPU "
        f"{first_export[1]:.1f} s against {first_build[1]:.1f} s)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
