"""Play coverage: everything that carries effects must be used in simulated games.

The listing of what must be used (`coverage.usable`), the uses a game records
(`use:<kind>:<id>` in its GameResult), the simulation JSON (`signature_uses`, `never_used`),
the report's section, and `pnp check --sim N`'s E802 with the rulings that explain it."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from pnp import pipeline, simulate
from pnp.content.cards import CardKind
from pnp.content.project import Game, load_game
from pnp.diagnostics import Diagnostic
from pnp.rules.engine import Covered, GameResult, Setting
from pnp.rulesets.diplomatic_immunity.play import SIMULATION
from pnp.rulesets.diplomatic_immunity.play.bots import play as bots_play
from pnp.rulesets.diplomatic_immunity.play.coverage import PLAYED_KINDS, usable
from tests.conftest import CONTENT, FIXTURES, ROOT
from tests.test_fixtures import _assemble

GAME = "diplomatic-immunity"
UNPLAYABLE = FIXTURES / "broken" / "E802-trick-never-offered"


@pytest.fixture(scope="module")
def model() -> Game:
    """The shipped Diplomatic Immunity model."""
    return load_game(CONTENT, GAME).game


def _of(model: Game, kind: str) -> list[str]:
    return [u.id for u in usable(model) if u.kind == kind]


# ---- what must be used ----------------------------------------------------------------------


def test_every_signature_is_listed(model: Game) -> None:
    """All 24 diplomats' Signatures, by diplomat id, named by the Signature and its owner."""
    assert len(model.diplomats) == 24
    assert _of(model, "signature") == [d.id for d in model.diplomats]
    visa = next(u for u in usable(model) if u.key == "signature:rafael-ortega")
    assert (visa.kind, visa.id, visa.name, visa.of) == (
        "signature",
        "rafael-ortega",
        "Visa Denied",
        "Rafael Ortega",
    )
    assert visa.as_dict() == {
        "kind": "signature",
        "id": "rafael-ortega",
        "name": "Visa Denied (Rafael Ortega)",
    }


def test_bends_and_costs_with_terms_are_listed(model: Game) -> None:
    """A Bend or Cost with steps or `while` terms is listed under its archetype's id."""
    archetypes = model.archetypes or ()
    for kind in ("bend", "cost"):
        expected = [a.id for a in archetypes if getattr(a, kind).steps or getattr(a, kind).while_]
        assert _of(model, kind) == expected
    # every shipped board's Bend and Cost carries terms, so all twelve of each are listed
    assert len(_of(model, "bend")) == len(_of(model, "cost")) == len(archetypes) == 12
    bare = dataclasses.replace(
        archetypes[0], bend=dataclasses.replace(archetypes[0].bend, while_=(), steps=())
    )
    assert archetypes[0].id not in _of(
        dataclasses.replace(model, archetypes=(bare, *archetypes[1:])), "bend"
    )


def test_cards_laws_headlines_goals_are_listed(model: Game) -> None:
    """Every played card, every Law, every Headline with terms and every Goal."""
    cards = model.cards or ()
    assert _of(model, "card") == [c.id for c in cards if c.kind in PLAYED_KINDS]
    assert tuple(_of(model, "card")) == SIMULATION.card_ids(model, (Setting(4),))
    assert _of(model, "law") == [c.id for c in cards if c.kind is CardKind.LAW]
    headlines = [c for c in cards if c.kind is CardKind.HEADLINE]
    assert headlines and _of(model, "headline") == [
        c.id for c in headlines if c.headline and (c.headline.on_flip or c.headline.while_)
    ]
    assert _of(model, "goal") == [g.id for g in model.goals or ()]


def test_waivers_are_the_doors_whose_card_waives_something(model: Game) -> None:
    """One waiver per Departure card that waives something, named by its door."""
    waiving = [
        c.door.id
        for c in model.cards or ()
        if c.kind is CardKind.DEPARTURE_CARD and c.waives and c.door is not None
    ]
    assert _of(model, "waiver") == waiving
    assert sorted(waiving) == sorted(d.id for d in model.doors or ())  # all nine shipped


def test_each_thing_points_where_it_is_defined(model: Game) -> None:
    """Each thing's place is the line that defines it: a card's entry, a Signature's name."""
    keys = [u.key for u in usable(model)]
    assert len(keys) == len(set(keys))
    lines: dict[str, list[str]] = {}
    for u in usable(model):
        text = lines.setdefault(
            u.src.file, (ROOT / u.src.file).read_text(encoding="utf-8").splitlines()
        )
        line = text[u.src.line - 1]
        if u.kind in ("signature", "bend", "cost"):
            assert f"name: {u.name}" in line, (u, line)
        elif u.kind == "goal":
            assert f"id: {u.id}" in line, (u, line)
        else:  # the entry of the card that carries it
            assert re.search(r"- id: \S+", line), (u, line)
            card_id = u.id if u.kind != "waiver" else f"{u.id}-card"
            assert f"id: {card_id}" in line, (u, line)


# ---- what a game records, and the summary -----------------------------------------------------


def test_play_records_the_games_uses(model: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """`state.uses` goes into the GameResult as `use:<kind>:<id>`; the other extras stay."""

    def play_and_use(game: Any, bots: Any) -> Any:
        outcome = bots_play(game, bots)
        game.state.use("signature", "rafael-ortega")
        game.state.use("signature", "rafael-ortega")
        game.state.use("waiver", "private-jet")
        return outcome

    monkeypatch.setattr("pnp.rulesets.diplomatic_immunity.play.sim.play", play_and_use)
    result = SIMULATION.play(model, Setting(4), 11)
    assert result.extra_value("use:signature:rafael-ortega") >= 2
    assert result.extra_value("use:waiver:private-jet") >= 1
    assert result.extra_value("goal:0", -2) != -2  # the model's own numbers are still there
    uses = [k for k, _ in result.extra if k.startswith("use:")]
    assert uses == sorted(uses)


def _result(index: int, plays: Iterable[tuple[str, int]], uses: Iterable[str]) -> GameResult:
    return GameResult(
        index,
        index,
        4,
        "clock",
        (),
        ("ambassador",) * 4,
        10,
        3,
        tuple(sorted(plays)),
        tuple((f"use:{k}", 1) for k in uses),
    )


def test_summary_counts_signatures_and_lists_the_never_used(model: Game) -> None:
    """signature_uses lists every diplomat (zeros too); never_used is everything no game
    used, in the listing's order, card plays counting for cards."""
    things = usable(model)
    left_out = {
        "card:shakedown",
        "signature:rafael-ortega",
        "waiver:private-jet",
        "goal:extravagance",
        "law:sanctions",
        "headline:airport-strike",
        "cost:spook",
    }
    uses = [u.key for u in things if u.kind != "card" and u.key not in left_out]
    plays = [(u.id, 2) for u in things if u.kind == "card" and u.key not in left_out]
    first = _result(0, plays, uses[: len(uses) // 2])
    second = _result(1, [], [*uses[len(uses) // 2 :], "signature:honoria-vane"])
    summary = SIMULATION.summarise(model, [first, second])
    sig = summary["signature_uses"]
    assert list(sig) == [d.id for d in model.diplomats]
    assert sig["rafael-ortega"] == 0 and sig["honoria-vane"] == 2
    assert sum(sig.values()) == 23 + 1
    never = summary["never_used"]
    assert [f"{u['kind']}:{u['id']}" for u in never] == [u.key for u in things if u.key in left_out]
    assert {
        "kind": "signature",
        "id": "rafael-ortega",
        "name": "Visa Denied (Rafael Ortega)",
    } in never
    assert {"kind": "card", "id": "shakedown", "name": "Shakedown"} in never
    # nothing used at all: everything is listed
    assert len(SIMULATION.summarise(model, [_result(0, [], [])])["never_used"]) == len(things)


def test_sim_json_and_report_carry_play_coverage(model: Game) -> None:
    """The simulation JSON keeps card_plays and never_played and adds signature_uses and
    never_used; the report has a Play coverage section with both."""
    things = usable(model)
    uses = [u.key for u in things if u.kind != "card" and u.key != "signature:rafael-ortega"]
    plays = [(u.id, 1) for u in things if u.kind == "card" and u.id != "leak"]
    plan = simulate.plan(model, 1, [4], seed=1)
    run = simulate.Run(plan, (_result(0, plays, uses),), 1.0)
    summary = simulate.summarise(run)
    assert {"card_plays", "never_played", "signature_uses", "never_used"} <= set(summary)
    assert summary["never_played"] == ["leak"]
    assert summary["never_used"] == [
        {"kind": "card", "id": "leak", "name": "Leak"},
        {"kind": "signature", "id": "rafael-ortega", "name": "Visa Denied (Rafael Ortega)"},
    ]
    sections = {s.heading: s for s in simulate.report_sections(model, summary)}
    table = sections["Play coverage"].table
    assert table is not None and ("rafael-ortega", "0") in table.rows
    assert len(table.rows) == 24
    never = sections["Play coverage: never used"].table
    assert (
        never is not None
        and ("signature", "rafael-ortega", "Visa Denied (Rafael Ortega)") in never.rows
    )
    assert (
        "never used: card Leak, signature Visa Denied (Rafael Ortega)\n"
        in simulate.summary_text(summary)
    )


def test_shipped_game_uses_everything(model: Game) -> None:
    """80 seeded games of the shipped game use every card, Signature, Bend, Cost, Law,
    Headline, Goal and Departure bonus (what `pnp check --sim 20` asks of it)."""
    counts = SIMULATION.player_counts(model)
    run = simulate.run(
        simulate.plan(model, pipeline.COVERAGE_GAMES * len(counts), list(counts), seed=1)
    )
    summary = simulate.summarise(run)
    assert summary["never_used"] == []
    assert all(n > 0 for n in summary["signature_uses"].values())


# ---- pnp check --sim N: E802 ------------------------------------------------------------------


@pytest.fixture
def unplayable(tmp_path: Path) -> tuple[Path, str]:
    """The shipped game with Shakedown made an Evening Dirty Trick, which is never offered."""
    return _assemble(UNPLAYABLE, tmp_path)


def _e802(result: pipeline.CheckResult) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.code == "E802"]


def test_e802_at_the_card_and_only_from_enough_games(
    unplayable: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """E802 is reported only with at least COVERAGE_GAMES games per player count, at the
    line that defines the thing, quoting its name."""
    assert pipeline.COVERAGE_GAMES == 20
    content, game = unplayable
    monkeypatch.setattr(pipeline, "COVERAGE_GAMES", 3)
    result = pipeline.check(content, [game])
    assert not any(d.severity == "error" for d in result.diagnostics)
    lines = pipeline.simulate(result, 2)
    assert _e802(result) == [] and "never used" not in lines[0]
    lines = pipeline.simulate(result, 3)
    hits = [d for d in _e802(result) if "'Shakedown'" in d.message]
    assert len(hits) == 1
    d = hits[0]
    assert (Path(d.file).name, d.line, d.col) == ("street.yaml", 195, 5)
    assert d.message == "the card 'Shakedown' was never played in 12 simulated games"
    assert "ruling that acknowledges E802" in d.hint and "larger --sim" in d.hint
    assert "never used" in lines[0]


def _with_ruling(model: Game, text: str, acknowledges: tuple[str, ...]) -> Game:
    assert model.rulings
    extra = dataclasses.replace(
        model.rulings[0], id="shakedown-never", ruling=text, acknowledges=acknowledges
    )
    return dataclasses.replace(model, rulings=(*model.rulings, extra))


def test_a_ruling_that_names_it_explains_e802(unplayable: tuple[Path, str]) -> None:
    """A ruling that acknowledges E802 and names every quoted name drops the error into the
    explained ones; one that misses the name or the code does not."""
    content, game = unplayable
    result = pipeline.check(content, [game])
    model = result.games[game]
    result.games[game] = _with_ruling(
        model, "Shakedown is a test card that nobody can play.", ("E802",)
    )
    pipeline.simulate(result, 20)
    assert not any("'Shakedown'" in d.message for d in _e802(result))
    assert any("'Shakedown'" in d.message for d in result.explained)
    # the same E802, put to rulings that do not explain it
    found = [
        Diagnostic(
            "street.yaml",
            195,
            5,
            "E802",
            "the card 'Shakedown' was never played in 80 simulated games",
        )
    ]
    for text, codes in (
        ("Nobody plays the trick.", ("E802",)),
        ("Shakedown is never played.", ("W403",)),
    ):
        kept, explained = pipeline.split_acknowledged(_with_ruling(model, text, codes), found)
        assert kept == found and explained == []
    # a ruling never explains an error other than E802
    other = [dataclasses.replace(found[0], code="E801")]
    kept, _ = pipeline.split_acknowledged(_with_ruling(model, "Shakedown", ("E801", "E802")), other)
    assert kept == other


def test_no_e802_when_an_invariant_breaks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken invariant (E801) cuts games short; coverage is not judged on them."""
    monkeypatch.setattr(pipeline, "COVERAGE_GAMES", 1)
    content, game = _assemble(FIXTURES / "broken" / "E801-scandal-leaves-heat", tmp_path)
    result = pipeline.check(content, [game])
    pipeline.simulate(result, 2)
    assert any(d.code == "E801" for d in result.diagnostics)
    assert _e802(result) == []


def test_a_model_without_coverage_gets_no_e802() -> None:
    """Diamond Heist's model does not say what must be used: no E802, whatever N."""
    from pnp.rulesets.diamond_heist.play import SIMULATION as HEIST

    assert isinstance(SIMULATION, Covered) and not isinstance(HEIST, Covered)
    result = pipeline.check(CONTENT, ["diamond-heist"])
    pipeline.simulate(result, 20)
    assert _e802(result) == []


def test_readme_documents_play_coverage() -> None:
    """The README names the new JSON keys, E802 and its minimum number of games."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for words in (
        "signature_uses",
        "never_used",
        "E802",
        f"{pipeline.COVERAGE_GAMES} games per player count",
    ):
        assert words in readme, words
