"""The mutation harness: single-line mistakes made in the shipped content, and how well
`pnp check` answers each one.

A designer's typical slip is one line: a line deleted or pasted twice, a number changed, two
letters of a name swapped, a stray colon or quote, a line indented wrongly. For each such
mutation (seeded, so the same run makes the same mistakes) the harness checks a copy of the
game and measures what a designer sees:

- *first at the cause*: the first diagnostic printed is in the mutated file, within two
  lines of the change;
- *count*: how many diagnostics one mistake gives.

Mutations that give no diagnostic at all (a comment deleted, a number changed to another
valid one) are counted apart: they are not mistakes `check` can see. The test holds the
figures to their targets; `make bench` prints them.
"""

from __future__ import annotations

import atexit
import gc
import random
import re
import shutil
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
NEAR = 2  # lines: "at the cause" means within this many lines of the change
OPERATORS = ("delete", "duplicate", "number", "swap", "colon", "quote", "indent")
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
_IDENT = re.compile(r"\b[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*\b")


@dataclass(frozen=True, slots=True)
class Mutation:
    """One single-line change to one file of a game."""

    game: str
    file: str  # relative to the game folder
    line: int  # 1-based, in the mutated file: where the change is
    operator: str
    before: str
    after: str  # the new text of the line ('' and operator 'delete': the line is gone)

    def describe(self) -> str:
        """`diplomatic-immunity/street.yaml:12 swap: 'heat' -> 'haet'`."""
        return (
            f"{self.game}/{self.file}:{self.line} {self.operator}: "
            f"{self.before.strip()!r} -> {self.after.strip()!r}"
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What `check` said about one mutation: every diagnostic, in printed order."""

    mutation: Mutation
    diagnostics: tuple[tuple[str, int, str, str], ...]  # (file, line, code, message)

    @property
    def at_cause(self) -> bool:
        """Whether the first diagnostic is in the mutated file near the change."""
        if not self.diagnostics:
            return False
        file, line, _, _ = self.diagnostics[0]
        return (
            file.endswith(f"{self.mutation.game}/{self.mutation.file}")
            and abs(line - self.mutation.line) <= NEAR
        )


@dataclass(slots=True)
class Report:
    """The harness's two figures and the cases behind them."""

    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def seen(self) -> list[Outcome]:
        """Mutations `check` reported anything about."""
        return [o for o in self.outcomes if o.diagnostics]

    @property
    def first_at_cause(self) -> float:
        """The share of reported mutations whose first diagnostic is at the cause."""
        seen = self.seen
        return sum(o.at_cause for o in seen) / len(seen) if seen else 1.0

    @property
    def median_count(self) -> float:
        """The median number of diagnostics per reported mutation."""
        seen = self.seen
        return statistics.median(len(o.diagnostics) for o in seen) if seen else 0.0

    def summary(self) -> str:
        """The figures as the test output and `make bench` print them."""
        seen = self.seen
        counts = sorted(len(o.diagnostics) for o in seen)
        p90 = counts[int(0.9 * (len(counts) - 1))] if counts else 0
        return (
            f"mutation harness: {len(self.outcomes)} single-line mutations, "
            f"{len(seen)} reported, {len(self.outcomes) - len(seen)} silent; "
            f"first diagnostic at the cause in {100 * self.first_at_cause:.1f}% "
            f"(target 95%); diagnostics per mutation: median {self.median_count:g} "
            f"(target <= 2), 90th percentile {p90}, max {counts[-1] if counts else 0}"
        )

    def misses(self) -> list[str]:
        """The reported mutations whose first diagnostic is elsewhere, for reading."""
        out = []
        for o in self.seen:
            if not o.at_cause:
                file, line, code, message = o.diagnostics[0]
                out.append(
                    f"{o.mutation.describe()}\n    first: {file}:{line} {code} "
                    f"{message} ({len(o.diagnostics)} in all)"
                )
        return out


def _files(game: str) -> list[str]:
    folder = CONTENT / game
    return sorted(
        p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.suffix in (".yaml", ".md")
    )


def _mutate(rng: random.Random, lines: list[str], operator: str) -> tuple[int, str] | None:
    """(0-based line index, new line text) for one operator, or None if it cannot apply to
    the line picked."""
    i = rng.randrange(len(lines))
    line = lines[i]
    if operator in ("delete", "duplicate"):
        return (i, "") if line.strip() else None
    if operator == "number":
        found = list(_NUMBER.finditer(line))
        if not found:
            return None
        m = rng.choice(found)
        value = int(m.group())
        new = rng.choice([value + 1, max(0, value - 1), value * 10 + 7, 0])
        if new == value:
            return None
        return i, line[: m.start()] + str(new) + line[m.end() :]
    if operator == "swap":
        words = [m for m in _IDENT.finditer(line) if len(m.group()) >= 3]
        if not words:
            return None
        m = rng.choice(words)
        word = m.group()
        j = rng.randrange(len(word) - 1)
        if word[j] == word[j + 1]:
            return None
        swapped = word[:j] + word[j + 1] + word[j] + word[j + 2 :]
        return i, line[: m.start()] + swapped + line[m.end() :]
    if operator in ("colon", "quote"):
        if not line.strip():
            return None
        at = rng.randrange(len(line.rstrip()) + 1)
        mark = ": " if operator == "colon" else rng.choice(['"', "'"])
        return i, line[:at] + mark + line[at:]
    # indent: two spaces more, or two fewer
    if not line.strip():
        return None
    if line.startswith("  ") and rng.random() < 0.5:
        return i, line[2:]
    return i, "  " + line


def mutations(
    seed: int, count: int, games: Sequence[str] = ("diplomatic-immunity", "diamond-heist")
) -> list[Mutation]:
    """`count` seeded single-line mutations of the shipped YAML, spread over the games'
    files in proportion to their lines and over the operators evenly."""
    rng = random.Random(seed)
    sources = {
        (g, f): (CONTENT / g / f).read_text(encoding="utf-8").split("\n")
        for g in games
        for f in _files(g)
    }
    keys = sorted(sources)
    weights = [len(sources[k]) for k in keys]
    out: list[Mutation] = []
    while len(out) < count:
        game, file = rng.choices(keys, weights)[0]
        lines = sources[(game, file)]
        operator = OPERATORS[len(out) % len(OPERATORS)]
        done = _mutate(rng, lines, operator)
        if done is None:
            continue
        i, new = done
        line = i + 1
        if operator == "duplicate":
            line, new = i + 2, lines[i]
        made = Mutation(game, file, line, operator, lines[i], new)
        if made not in out:  # each mistake once
            out.append(made)
    return out


def apply(m: Mutation, folder: Path) -> None:
    """Make the mutation in a copy of the game folder."""
    path = folder / m.file
    lines = path.read_text(encoding="utf-8").split("\n")
    if m.operator == "delete":
        del lines[m.line - 1]
    elif m.operator == "duplicate":
        lines.insert(m.line - 1, m.after)
    else:
        lines[m.line - 1] = m.after
    path.write_text("\n".join(lines), encoding="utf-8")


_COPIES: dict[str, Path] = {}  # this process's copy of each game, by game


def _copy(game: str) -> Path:
    """This process's content folder holding a copy of `game`, made once: each mutation is
    made in it and undone after its check, so a process checks one folder again and again,
    as a designer's editor would."""
    if game not in _COPIES:
        content = Path(tempfile.mkdtemp(prefix="pnp-mutations-")) / "content"
        shutil.copytree(CONTENT / game, content / game)
        atexit.register(shutil.rmtree, content.parent, ignore_errors=True)
        _COPIES[game] = content
    return _COPIES[game]


def outcome(m: Mutation) -> Outcome:
    """Check the game with the mutation made (in this process's copy of it, put back after);
    every diagnostic in printed order."""
    from pnp import pipeline

    content = _copy(m.game)
    path = content / m.game / m.file
    original = path.read_bytes()
    try:
        apply(m, content / m.game)
        result = pipeline.check(content, [m.game])
    finally:
        path.write_bytes(original)
    return Outcome(m, tuple((d.file, d.line, d.code, d.message) for d in result.diagnostics))


def _as_pnp_runs() -> None:
    """The collector set as the `pnp` command sets it (`cli.GC_THRESHOLDS`): a check here
    runs as one in `pnp check` or `pnp serve` does, not with the test worker's settings."""
    from pnp import cli

    gc.set_threshold(*cli.GC_THRESHOLDS)


def run(seed: int = 1, count: int = 300, jobs: int = 2) -> Report:
    """Make and check `count` mutations (in `jobs` processes); the report."""
    todo = mutations(seed, count)
    report = Report()
    if jobs <= 1:
        kept = gc.get_threshold()
        _as_pnp_runs()
        try:
            report.outcomes = [outcome(m) for m in todo]
        finally:
            gc.set_threshold(*kept)
    else:
        gc.freeze()
        try:
            with get_context("fork").Pool(jobs, initializer=_as_pnp_runs) as pool:
                report.outcomes = list(pool.imap(outcome, todo, chunksize=4))
        finally:
            gc.unfreeze()
    return report
