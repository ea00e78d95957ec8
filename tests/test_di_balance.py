"""The simulation report flags Goals and archetypes that win outside the balance band, and
names the ruling that explains each one, if any."""

from __future__ import annotations

import dataclasses

from pnp.content.project import load_game
from pnp.rulesets.diplomatic_immunity.play.sim import BAND, _outliers
from tests.conftest import CONTENT


def _rec(rate: float) -> dict[str, object]:
    return {
        "games": 1000,
        "wins": int(rate * 1000),
        "rate": rate,
        "ci95": [rate - 0.02, rate + 0.02],
    }


def test_outliers_outside_the_band_are_flagged_and_explained() -> None:
    model = load_game(CONTENT, "diplomatic-immunity").game
    goals = {g.id: _rec(0.2) for g in model.goals or ()}
    arch = {a.id: _rec(0.2) for a in model.archetypes or ()}
    assert _outliers(model, goals, arch) == []
    low = (model.goals or ())[0]
    goals[low.id] = _rec(BAND[0] - 0.03)
    arch["consul"] = _rec(BAND[1] + 0.05)
    found = {o["id"]: o for o in _outliers(model, goals, arch)}
    assert set(found) == {low.id, "consul"}
    assert found[low.id]["explained_by"] is None and found["consul"]["kind"] == "archetype"
    ruling = dataclasses.replace(
        (model.rulings or ())[0],
        id="bots-and-favors",
        topic="Balance",
        ruling=f"The bots cannot bargain, so {low.name} wins less.",
    )
    model = dataclasses.replace(model, rulings=(*(model.rulings or ()), ruling))
    found = {o["id"]: o for o in _outliers(model, goals, arch)}
    assert found[low.id]["explained_by"] == "bots-and-favors"
    assert found["consul"]["explained_by"] is None


def test_balance_is_judged_on_the_four_player_games() -> None:
    """With four-player games in the run, only they decide the outliers: a board that wins
    every three-player game but one in four at four players is inside the band."""
    from pnp.rules.engine import GameResult
    from pnp.rulesets.diplomatic_immunity.play.sim import SIMULATION

    model = load_game(CONTENT, "diplomatic-immunity").game
    ids = tuple(a.id for a in model.archetypes or ())

    def game(i: int, players: int, winner: int) -> GameResult:
        return GameResult(i, i, players, "departure", (winner,), ids[:players], 10, 3, (), ())

    three = [game(i, 3, 0) for i in range(24)]
    four = [game(24 + i, 4, i % 4) for i in range(24)]
    summary = SIMULATION.summarise(model, three + four)
    assert summary["balance_players"] == 4 and summary["balance_outliers"] == []
    assert summary["wins_by_archetype"][ids[0]]["rate"] > 0.6  # over all games: far out
    alone = SIMULATION.summarise(model, three)
    assert alone["balance_players"] is None
    assert {o["id"] for o in alone["balance_outliers"]} == set(ids[:3])
