"""Benchmark: `pnp check` of every shipped game, as a whole process, against importing the
libraries it is built on.

The peer is `python -c "import yaml, jsonschema, jinja2, markdown_it"` in the same
environment: what any tool reading this content pays before it does anything. The two
commands run alternately, N times each; the figure is the ratio of their medians in CPU
time (user + system, which other work on a shared machine disturbs less than the clock),
with the wall-clock medians beside it. The target is a ratio of at most 1.5.

pnp keeps what it can between runs in a cache folder (each game's verdict, compiled
templates, verdicts on SVG pictures, documents known to be valid: see `pnp.verdicts` and
`pnp.content.cache_folder`). The target row is measured with that cache warm and the
content unchanged, as every run after the first finds it. Two rows for reference: first
runs, each with an empty cache folder of its own; and the run a designer makes after an
edit, with the cache warm and one card text of Diplomatic Immunity changed before each run
(that game is checked again, the others' verdicts are kept).

    python tools/bench/check_speed.py [--runs 21] [--content content]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

TARGET = 1.5  # `pnp check` at most this many times the imports
IMPORTS = [sys.executable, "-c", "import yaml, jsonschema, jinja2, markdown_it"]
CACHE = "PNP_CACHE_DIR"


@dataclass
class Runs:
    """CPU and wall-clock seconds of the runs of the imports and of `pnp check`."""

    imports_cpu: list[float] = field(default_factory=list)
    imports_wall: list[float] = field(default_factory=list)
    check_cpu: list[float] = field(default_factory=list)
    check_wall: list[float] = field(default_factory=list)
    failed: bool = False  # `pnp check` exited with neither 0 nor 1

    @property
    def ratio(self) -> float:
        return statistics.median(self.check_cpu) / statistics.median(self.imports_cpu)

    def row(self, label: str) -> str:
        m = statistics.median
        return (
            f"{label}: {self.ratio:.2f}x the imports (CPU, median of {len(self.check_cpu)}: "
            f"check {m(self.check_cpu):.3f} s, imports {m(self.imports_cpu):.3f} s; wall "
            f"{m(self.check_wall):.3f} s against {m(self.imports_wall):.3f} s)"
        )


def _run(cmd: Sequence[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, exit status) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, check=False, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        sys.stderr.write(proc.stderr)
    return cpu, wall, proc.returncode


def _alternate(
    n: int,
    check: Sequence[str],
    cache_of: dict[int, str],
    before: Callable[[int], None] = lambda i: None,
) -> Runs:
    """`n` runs of the imports and of `check`, alternately; run i of the check uses the
    cache folder `cache_of[i]`, after `before(i)`."""
    runs = Runs()
    for i in range(n):
        before(i)
        cpu, wall, _ = _run(IMPORTS, dict(os.environ))
        runs.imports_cpu.append(cpu)
        runs.imports_wall.append(wall)
        cpu, wall, status = _run(check, {**os.environ, CACHE: cache_of[i]})
        runs.check_cpu.append(cpu)
        runs.check_wall.append(wall)
        runs.failed |= status not in (0, 1)
    return runs


EDITED = ("diplomatic-immunity", "street.yaml", "Draw {{ draw.cards }} Street card.")


def _edits(content: Path, tmp: Path, pnp: list[str], n: int) -> Runs:
    """Runs with the cache warm, each after a new edit of one card's text in a copy of the
    content (the edit a designer checks)."""
    copy = tmp / "content"
    shutil.copytree(content, copy)
    game, name, text = EDITED
    path = copy / game / name
    original = path.read_text(encoding="utf-8")
    cmd = [*pnp, "check", "--content", str(copy)]
    cache = str(tmp / "edits")
    _run(cmd, {**os.environ, CACHE: cache})

    def edit(i: int) -> None:
        changed = text.replace("card.", f"card{'!' * (i + 1)}")
        path.write_text(original.replace(text, changed, 1), encoding="utf-8")

    return _alternate(n, cmd, dict.fromkeys(range(n), cache), edit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--content", default="content")
    args = parser.parse_args()
    exe = Path(sys.executable).with_name("pnp")
    pnp = [str(exe)] if exe.exists() else [shutil.which("pnp") or "pnp"]
    cmd = [*pnp, "check", "--content", args.content]
    firsts = max(3, args.runs // 3)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        cache = str(Path(tmp) / "warm")
        _run(cmd, {**os.environ, CACHE: cache})  # fills the cache, and the file system's
        warm = _alternate(args.runs, cmd, dict.fromkeys(range(args.runs), cache))
        cold = _alternate(firsts, cmd, {i: str(Path(tmp) / f"cold-{i}") for i in range(firsts)})
        edited = _edits(Path(args.content), Path(tmp), pnp, firsts)
    if warm.failed or cold.failed or edited.failed:
        return 2
    verdict = "ok" if warm.ratio <= TARGET else "MISS"
    print(cold.row("pnp check (all games), first run with an empty cache") + " (for reference)")
    print(edited.row("pnp check (all games), one card text edited") + " (for reference)")
    print(warm.row("pnp check (all games)") + f"; target <= {TARGET:g}x -> {verdict}")
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    raise SystemExit(main())
