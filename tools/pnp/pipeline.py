"""The stages run in order for a set of games: load, validate, model, cross-check.

Reads everything, writes nothing. The CLI prints what comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp import checks
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
    result.diagnostics.extend(geo.diagnostics)
    for game_id in game_ids:
        loaded = load_game(content, game_id)
        result.files += len(loaded.files) + len(_markdown(content / game_id))
        result.diagnostics.extend(loaded.diagnostics)
        found = checks.run(loaded.game)
        kept, explained = checks.split_explained(loaded.game, found)
        if any(d.severity == "error" for d in (*loaded.diagnostics, *kept)):
            result.failed.add(game_id)
        result.diagnostics.extend(kept)
        result.explained.extend(explained)
        result.games[game_id] = loaded.game
    result.diagnostics = sorted(set(result.diagnostics), key=Diagnostic.sort_key)
    return result


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
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return lines


def _markdown(folder: Path) -> list[Path]:
    """A game's Markdown sources (its rulebook), which the checks read too."""
    return sorted(p for p in folder.rglob("*.md") if not any(
        part.startswith(".") for part in p.relative_to(folder).parts))
