"""Benchmark: how `pnp check` and `pnp build` grow with the size of a deck.

Diplomatic Immunity's Street deck is made 1, 5, 10 and 20 times as large, in copies of the
game: every card entry of `street.yaml` is repeated with a new id and a numbered name
("Cigar Run II", "Cigar Run III", ...) and the components list's count of the deck follows,
so every copy checks clean and builds. (A repeated entry keeps its original's words and
picture, so what pnp keeps per text or per picture is found made for it: the figures per
card are those of a card whose words the game already holds.) For each size the figures
are the least CPU time (user + system) of several runs, the run the rest of the machine
disturbed least, of

- `pnp check --fresh` of the game: every cross-check done again, against every card entry;
- `pnp build --paper a4` of the game: every card printed on the sheets and pictured in the
  rulebook, with the verdict and the contents' pages kept from that size's first build, as
  every rebuild finds them.

Each size is run once first (which fills the cache folder, a temporary one of the bench's
own), then the sizes take turns, so a change in the machine's speed falls on all of them.
A check costs little per card beside its fixed part, which is why the sizes reach 20x and
the check runs more often than the build.

Rows: for each command, the fixed part and the cost of one more card entry (check) or one
more printed card (build), from the least-squares line through the four sizes; and the
target: the cost of one more card from 10x to 20x is at most 1.5 times its cost up to 10x
(the least-squares line through 1x, 5x and 10x), so a cost that grows faster than the deck
(a check that compares every card with every other, say) shows as a miss. Exits 1 when a
target is missed.

A check's cost per card is small beside its fixed part, and on a machine whose speed swings
from second to second the timed row can land on either side of its target with the same
code. So the bench also counts the Python function calls one check of each size makes
(under cProfile, in a process of its own, after the timed runs): a count is the same on
every machine and every run (to a few calls in a million), and a count that grows faster
than the deck is work that does. It is printed beside the timed row, for reference; the
target is the timed row's.

    python tools/bench/scale_speed.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = "diplomatic-immunity"
DECK_FILE, DECK_ITEM = "street.yaml", "street-deck"
SIZES = (1, 5, 10, 20)
TARGET = 1.5  # the cost per card from 10x to 20x against that up to 10x, at most
_ENTRY = re.compile(r"(?m)^(?=  - id: )")


def scaled(k: int, where: Path) -> Path:
    """A content folder holding the game with its deck `k` times as large."""
    content = where / f"x{k}" / "content"
    game = content / GAME
    shutil.copytree(ROOT / "content" / GAME, game)
    text = (game / DECK_FILE).read_text(encoding="utf-8")
    head, marker, body = text.partition("cards:\n")
    before, *entries = _ENTRY.split(body)
    copies = []
    for n in range(2, k + 1):
        for entry in entries:
            entry = re.sub(r"(?m)^(  - id: )(\S+)", rf"\g<1>\g<2>-{n}", entry, count=1)
            entry = re.sub(r"(?m)^(    name: )(.+)$", rf"\g<1>\g<2> {roman(n)}", entry, count=1)
            copies.append(entry)
    (game / DECK_FILE).write_text(
        head + marker + before + "".join(entries) + "".join(copies), encoding="utf-8"
    )
    components = game / "components.yaml"
    listed = components.read_text(encoding="utf-8")
    pattern = re.compile(rf"(  - id: {DECK_ITEM}\n(?:    (?!count:).*\n)*    count: )(\d+)")
    listed, found = pattern.subn(lambda m: f"{m.group(1)}{int(m.group(2)) * k}", listed)
    assert found == 1, f"no count for {DECK_ITEM} in components.yaml"
    components.write_text(listed, encoding="utf-8")
    return content


def roman(n: int) -> str:
    """`n` (1 to 39) in Roman numerals: the number a repeated card's name ends in."""
    tens, ones = divmod(n, 10)
    return "X" * tens + ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")[ones]


def _cpu(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds of one run of `cmd`, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        raise SystemExit(f"{' '.join(cmd[1:3])} failed ({done.returncode})")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


_COUNT_CALLS = """
import cProfile, pstats, sys
from pnp.cli import main
profile = cProfile.Profile()
status = profile.runcall(main, sys.argv[1:])
print(pstats.Stats(profile).total_calls if status == 0 else -1)
"""


def calls(cmd: list[str], env: dict[str, str]) -> int:
    """The Python function calls one run of `pnp` with `cmd`'s arguments makes."""
    done = subprocess.run(
        [sys.executable, "-c", _COUNT_CALLS, *cmd[1:]],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    found = int(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else -1
    if found < 0:
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        raise SystemExit(f"{' '.join(cmd[1:3])} failed under cProfile")
    return found


def counts(content: Path) -> tuple[int, int]:
    """(card entries, printed cards) of the game in `content`."""
    from pnp import pipeline

    game = pipeline.check(content, [GAME]).games[GAME]
    cards = list(game.cards or ())
    goals = list(game.goals or ())
    return len(cards) + len(goals), sum(c.count for c in cards) + len(goals)


def line(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """(intercept, slope) of the least-squares line through the points."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )
    return my - slope * mx, slope


def _growth(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """(the cost of one more unit from 10x to 20x against that up to 10x, the first, the
    second)."""
    _, lower = line(xs[:3], ys[:3])
    upper = (ys[3] - ys[2]) / (xs[3] - xs[2])
    return (upper / lower if lower > 0 else float("inf")), upper, lower


def _rows(what: str, unit: tuple[str, str], xs: list[float], ys: list[float]) -> bool:
    """Print the reference row and the target row of one command; whether it met it."""
    fixed, per = line(xs, ys)
    ratio, upper, lower = _growth(xs, ys)
    sizes = "; ".join(
        f"{k}x: {x:.0f} {unit[1]} in {y:.2f} s" for k, x, y in zip(SIZES, xs, ys, strict=True)
    )
    each = f"{1000 * per:.2f} ms per {unit[0]}"
    print(f"{what} ({sizes}): fixed {fixed:.2f} s, {each} (for reference)")
    ok = ratio <= TARGET
    print(
        f"{what}, one more {unit[0]} from 10x to 20x against up to 10x: {ratio:.2f}x "
        f"({1000 * upper:.2f} ms against {1000 * lower:.2f} ms); target <= {TARGET:g}x -> "
        f"{'ok' if ok else 'MISS'}"
    )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4, help="builds of each size (checks: 2N+1)")
    args = parser.parse_args()
    pnp = str(Path(sys.executable).with_name("pnp"))
    with tempfile.TemporaryDirectory(prefix="pnp-scale-") as tmp:
        env = {**os.environ, "PNP_CACHE_DIR": str(Path(tmp) / "cache")}
        folders = {k: scaled(k, Path(tmp)) for k in SIZES}
        sizes = {k: counts(folders[k]) for k in SIZES}

        def check(k: int) -> list[str]:
            return [pnp, "check", "--fresh", "--content", str(folders[k]), GAME]

        def build(k: int) -> list[str]:
            out = str(Path(tmp) / f"x{k}" / "build")
            return [pnp, "build", "--paper", "a4", "--content", str(folders[k]), "--out", out, GAME]

        checks: dict[int, list[float]] = {k: [] for k in SIZES}
        builds: dict[int, list[float]] = {k: [] for k in SIZES}
        for k in SIZES:  # first runs: the cache folder filled, the contents' pages found
            _cpu(check(k), env)
            _cpu(build(k), env)
        for i in range(2 * args.runs + 1):
            for k in SIZES:
                checks[k].append(_cpu(check(k), env))
                if i < args.runs:
                    builds[k].append(_cpu(build(k), env))
        work = {k: calls(check(k), env) for k in SIZES}
    entries = [float(sizes[k][0]) for k in SIZES]
    ok = _rows(
        f"pnp check --fresh {GAME}",
        ("card entry", "card entries"),
        entries,
        [min(checks[k]) for k in SIZES],
    )
    grows, upper, lower = _growth(entries, [float(work[k]) for k in SIZES])
    print(
        f"pnp check --fresh {GAME}, Python function calls (nearly the same on every machine "
        "and run: "
        + "; ".join(f"{k}x: {work[k]:,}" for k in SIZES)
        + f"): one more card entry from 10x to 20x against up to 10x: {grows:.2f}x "
        f"({upper:,.0f} calls against {lower:,.0f}) (for reference)"
    )
    ok &= _rows(
        f"pnp build --paper a4 {GAME}",
        ("printed card", "printed cards"),
        [float(sizes[k][1]) for k in SIZES],
        [min(builds[k]) for k in SIZES],
    )
    print(f"least CPU time of {2 * args.runs + 1} checks and {args.runs} builds of each size")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
