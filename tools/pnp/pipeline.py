"""The stages run in order for a set of games: load, validate, model, cross-check.

Reads everything, writes nothing. The CLI prints what comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp import checks
from pnp.checks import renamed
from pnp.content.project import Game, load_game
from pnp.diagnostics import Diagnostic
from pnp.render import geometry


@dataclass(slots=True)
class CheckResult:
    """Models of the games checked, every diagnostic (sorted) and the number of files read."""

    games: dict[str, Game] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    explained: list[Diagnostic] = field(default_factory=list)
    failed: set[str] = field(default_factory=set)  # games with content errors


def check(content: Path, game_ids: Sequence[str]) -> CheckResult:
    """Load and cross-check each game; gather every problem before returning."""
    result = CheckResult()
    geo = geometry.default()  # the layouts every renderer and the fit check use
    result.files += len(geo.files)
    reading: list[Diagnostic] = list(geo.diagnostics)  # reading files, schemas, the model
    checking: list[Diagnostic] = []  # cross-checks of the model
    for game_id in game_ids:
        loaded = load_game(content, game_id)
        files = loaded.game.files
        result.files += len(loaded.files) + len(files.rulebook() if files else ())
        found = checks.run(loaded.game)
        kept, explained = checks.split_explained(loaded.game, found)
        kept_all, renames = renamed.fold(loaded.game, [*loaded.diagnostics, *kept])
        left = set(kept_all)
        reading.extend([*renames, *(d for d in loaded.diagnostics if d in left)])
        checking.extend(d for d in kept if d in left)
        if any(d.severity == "error" for d in (*loaded.diagnostics, *kept)):
            result.failed.add(game_id)
        result.explained.extend(explained)
        result.games[game_id] = loaded.game
    # A name that names nothing comes before what it breaks (a door "without" its card).
    naming = [d for d in checking if d.code in NAMING]
    result.diagnostics = ordered(reading, naming, checking)
    return result


NAMING = frozenset({"E204", "E207"})  # unknown references and duplicate ids


def ordered(*stages: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics stage by stage, each stage sorted by place, each one once. A problem in
    reading a file or in its shape comes before what the cross-checks found, since those
    ran on what could be read: the cause is printed first."""
    seen: set[Diagnostic] = set()
    out: list[Diagnostic] = []
    for stage in stages:
        for d in sorted(set(stage) - seen, key=Diagnostic.sort_key):
            seen.add(d)
            out.append(d)
    return out


def simulate(result: CheckResult, games: int, jobs: int = 1, seed: int = 1) -> list[str]:
    """`check --sim N`: N seeded games per player count of every error-free game that has a
    rules model, every invariant on. A broken invariant becomes an E801 diagnostic (with the
    seed to replay it); returns one summary line per game simulated."""
    from pnp import simulate as sim  # the rules models load only when asked for

    lines: list[str] = []
    for game_id, model in result.games.items():
        if model.info is None or game_id in result.failed:
            continue  # a game with content errors is not simulated
        try:
            counts = sim.simulation_for(model).player_counts(model)
            plan = sim.plan(model, games * len(counts), list(counts), seed=seed)
        except sim.SimError:
            continue
        run = sim.run(plan, jobs=jobs)
        broken = [g for g in run.results if g.violation is not None]
        src = model.info.src
        for g in broken:
            v = g.violation
            assert v is not None
            result.diagnostics.append(Diagnostic(
                src.file, 1, 1, "E801",
                f"a simulated game of {g.players} players broke an invariant at step {v.step}: "
                f"{v.invariant}: {v.detail}",
                f"replay it: pnp replay {game_id} --seed {v.seed} --players {g.players}"))
        lines.append(f"simulated {len(run.results)} games of {game_id} "
                     f"({', '.join(map(str, counts))} players): "
                     f"{len(broken) or 'no'} invariant{'s' if len(broken) != 1 else ''} broken, "
                     f"{run.elapsed:.1f} s")
    return lines
