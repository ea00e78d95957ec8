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


def check(content: Path, game_ids: Sequence[str]) -> CheckResult:
    """Load and cross-check each game; gather every problem before returning."""
    result = CheckResult()
    geo = geometry.default()  # the layouts every renderer and the fit check use
    result.files += len(geo.files)
    result.diagnostics.extend(geo.diagnostics)
    for game_id in game_ids:
        loaded = load_game(content, game_id)
        result.files += len(loaded.files)
        result.diagnostics.extend(loaded.diagnostics)
        found = checks.run(loaded.game)
        kept, explained = checks.split_explained(loaded.game, found)
        result.diagnostics.extend(kept)
        result.explained.extend(explained)
        result.games[game_id] = loaded.game
    result.diagnostics = sorted(set(result.diagnostics), key=Diagnostic.sort_key)
    return result
