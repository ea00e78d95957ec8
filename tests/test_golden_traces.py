"""Golden traces: a few seeded games committed as readable text. A rules or card edit that
changes how the game plays shows up here as a readable diff; if the change is intended,
regenerate them with `PNP_UPDATE_GOLDEN=1 make test` and review the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.content.project import load_game
from pnp.rules.engine import Setting
from pnp.rulesets.diplomatic_immunity.play import SIMULATION
from tests.conftest import CONTENT

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [(1, 3), (2, 4), (3, 6)]


@pytest.mark.parametrize(("seed", "players"), CASES)
def test_golden_trace(seed: int, players: int) -> None:
    """The seeded game plays exactly as its committed trace says."""
    model = load_game(CONTENT, "diplomatic-immunity").game
    lines = SIMULATION.trace(model, Setting(players), seed)
    text = "\n".join(lines) + "\n"
    path = GOLDEN / f"diplomatic-immunity-seed{seed}-{players}p.txt"
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, (
        f"{path.name} differs: if the change is intended, run PNP_UPDATE_GOLDEN=1 make test "
        "and review the diff"
    )
