"""The scaling benchmark's premise (tools/bench/scale_speed.py): a copy of Diplomatic
Immunity with its Street deck made larger checks clean, with every entry repeated under a
new id and name and the components list's count following."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from pnp import pipeline
from pnp.diagnostics import Severity
from tests.conftest import CONTENT, ROOT


def _bench() -> ModuleType:
    path = ROOT / "tools" / "bench" / "scale_speed.py"
    spec = importlib.util.spec_from_file_location("scale_speed", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_deck_three_times_as_large_checks_clean(tmp_path: Path) -> None:
    bench = _bench()
    content = bench.scaled(3, tmp_path)
    game_id = bench.GAME
    base = pipeline.check(CONTENT, [game_id]).games[game_id]
    result = pipeline.check(content, [game_id])
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert errors == []
    game = result.games[game_id]
    street = [c for c in base.cards or () if c.deck.id == "street"]
    assert len(game.cards or ()) == len(base.cards or ()) + 2 * len(street)
    names = [c.name for c in game.cards or ()]
    assert len(set(names)) == len(names)
    assert {f"{c.name} III" for c in street} <= set(names)
    assert bench.roman(14) == "XIV" and bench.roman(20) == "XX"
    printed = sum(c.count for c in game.cards or () if c.deck.id == "street")
    assert printed == 3 * sum(c.count for c in street)
