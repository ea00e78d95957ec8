"""Benchmark: wall time of `pnp diff HEAD~5` on the shipped content, as a whole process.

The revision is HEAD~5, or the earliest commit that has the content folder when the
repository has fewer commits than that. Prints the median, minimum and slowest of N runs of
`pnp diff REV` (HEAD~5 against the working tree, every game, no --sim), then the same with
`--pdf` for comparison. The target is a median under 5 s without --sim.

    python tools/bench/diff_speed.py [--runs 7] [--content content]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 5.0


def _git(content: Path, *args: str) -> str:
    proc = subprocess.run(
        ["git", "-C", str(content), *args], capture_output=True, text=True, check=False
    )
    return proc.stdout.strip() if proc.returncode == 0 else ""


def revision(content: Path) -> str:
    """HEAD~5, or the earliest commit with the content folder if there are fewer commits."""
    if _git(content, "rev-parse", "--verify", "--quiet", "HEAD~5^{commit}"):
        return "HEAD~5"
    earliest = _git(content, "rev-list", "--reverse", "HEAD", "--", ".").splitlines()
    if not earliest:
        raise SystemExit(f"no commit has the content folder {content}")
    return earliest[0][:12]


def _time(cmd: list[str], runs: int) -> tuple[list[float], subprocess.CompletedProcess[str]]:
    subprocess.run(cmd, check=False, capture_output=True)  # warm the file cache
    times = []
    proc = None
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
    assert proc is not None
    return times, proc


def main() -> int:
    """Time `pnp diff REV` and print the figures; exit 1 when the median misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--content", default="content")
    args = parser.parse_args()
    rev = revision(Path(args.content))
    exe = Path(sys.executable).with_name("pnp")
    base = [str(exe)] if exe.exists() else [shutil.which("pnp") or "pnp"]
    cmd = [*base, "diff", rev, "--content", args.content]
    times, proc = _time(cmd, args.runs)
    if proc.returncode not in (0, 1):
        print(proc.stderr, file=sys.stderr)
        return 2
    median = statistics.median(times)
    print(
        f"pnp diff {rev} (every game, no --sim), {args.runs} runs: median {median:.3f} s, "
        f"min {min(times):.3f} s, max {max(times):.3f} s (exit {proc.returncode})"
    )
    if proc.returncode == 1:
        print(
            "  exit 1: content errors by today's checks, so the diff stopped after checking "
            "both versions:"
        )
        for line in proc.stderr.strip().splitlines():
            print(f"    {line}")
    else:
        print(f"  last summary: {proc.stdout.strip().splitlines()[-1]}")
    with tempfile.TemporaryDirectory() as tmp:
        pdf_times, pdf_proc = _time([*cmd, "--pdf", str(Path(tmp) / "diff.pdf")], args.runs)
    last = pdf_proc.stderr.strip().splitlines()[-1] if pdf_proc.stderr.strip() else ""
    pages = last.rpartition("(")[2].rstrip(")") if last.startswith("wrote") else "no PDF"
    print(
        f"pnp diff {rev} --pdf FILE: median {statistics.median(pdf_times):.3f} s ({pages}, "
        f"exit {pdf_proc.returncode})"
    )
    print(f"target: median under {TARGET_S:.1f} s -> {'ok' if median < TARGET_S else 'SLOW'}")
    return 0 if median < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
