"""The card, text and facts cross-checks (E702-E713, and E204 for cards and effects) beyond
the one broken fixture per code: the shipped content, the references, and the helpers."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp import pipeline
from pnp.checks.glossary import _phrases, stray_capitals
from pnp.checks.text_numbers import literals
from pnp.content.model import Currency
from pnp.content.project import Game
from tests.conftest import CONTENT, FIXTURES, check_json

DI = "diplomatic-immunity"
CARD_CODES = {
    "E702",
    "E703",
    "E704",
    "E705",
    "E706",
    "E707",
    "W708",
    "W709",
    "E711",
    "E712",
    "E713",
}


@pytest.fixture(scope="module")
def di() -> Game:
    return pipeline.check(CONTENT, [DI]).games[DI]


def _copy(tmp_path: Path, source: Path, name: str) -> Path:
    dest = tmp_path / "content" / name
    shutil.copytree(source / name, dest)
    return dest


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _check(capsys: pytest.CaptureFixture[str], game: Path) -> list[dict[str, Any]]:
    _, diags = check_json(capsys, game.parent, game.name)
    return diags


# ---- the valid base and the shipped content -------------------------------------------------


def test_mini_cards_base_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    """The base of the card fixtures has no diagnostics at all, even with --strict."""
    status, diags = check_json(capsys, FIXTURES / "valid", "mini-cards", strict=True)
    assert diags == []
    assert status == 0


def test_shipped_decks_add_up(di: Game) -> None:
    """Every deck of Diplomatic Immunity that cards documents fill holds exactly the count of
    its components row, and only the kinds the row says it holds."""
    assert di.cards and di.components
    decks = di.components.decks()
    copies: Counter[str] = Counter()
    for card in di.cards:
        copies[card.deck.id] += card.count
        if decks[card.deck.id].holds:
            assert card.kind.value in decks[card.deck.id].holds, card.id
    assert copies == {d: decks[d].count for d in copies}
    assert set(copies) == {
        "street",
        "politics",
        "headline",
        "quick-reference",
        "bribes-and-favors",
        "blank",
    }


def test_shipped_content_has_no_card_check_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """No card, reference, text or facts error on the shipped content, and no warning."""
    _, diags = check_json(capsys, CONTENT, DI)
    mine = [d for d in diags if d["code"] in CARD_CODES or d["code"] == "E204"]
    assert mine == []


def test_shipped_facts_hold(di: Game) -> None:
    """The shipped facts name real Goals and doors, and the content agrees with them."""
    assert di.facts
    doors = {d.id: d.price for d in di.doors or ()}
    assert {f.door.id: f.value for f in di.facts if f.door} == {
        "private-jet": 8,
        "elected": 4,
        "medical-evacuation": 3,
        "slow-boat": 5,
        "diplomatic-marriage": 6,
    }
    for fact in di.facts:
        if fact.door:
            assert doors[fact.door.id] == fact.value


def test_game_without_cards_checks_clean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A game with no cards documents at all gets none of the card checks."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    for name in ("street.yaml", "politics.yaml", "headlines.yaml"):
        (game / name).unlink()
    assert _check(capsys, game) == []


# ---- text against data -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "label", "data"),
    [
        (
            "politics.yaml",
            "Use: pay {{ price|money }} and draw",
            "Use: pay $8M and draw",
            "'Private Jet'",
            "price 1, draw.cards 3",
        ),
        (
            "departures.yaml",
            'text: "Pay {{ price|money }}."',
            'text: "Pay $9M."',
            "the door 'Private Jet'",
            "price 8",
        ),
    ],
)
def test_private_jet_price_typed_wrong_is_a_contradiction(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    file: str,
    old: str,
    new: str,
    label: str,
    data: str,
) -> None:
    """Typing the Private Jet's price as a wrong literal number (on its Departure card, whose
    Use costs $1M; on the door, which costs $8M) names what it is printed on and its data."""
    game = _copy(tmp_path, CONTENT, DI)
    _edit(game / file, old, new)
    diags = [d for d in _check(capsys, game) if d["code"] in ("E707", "W708")]
    assert len(diags) == 1
    (d,) = diags
    assert d["code"] == "E707" and Path(d["file"]).name == file
    assert d["message"].startswith(f"the text of {label} prints $")
    assert d["hint"] == f"contradicts the data: {data}"


def test_door_price_typed_as_literal_is_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The door's own price typed as a number agrees today: a warning asking for the field."""
    game = _copy(tmp_path, CONTENT, DI)
    _edit(game / "departures.yaml", 'text: "Pay {{ price|money }}."', 'text: "Pay $8M."')
    diags = [d for d in _check(capsys, game) if d["code"] in ("E707", "W708")]
    assert [(d["code"], Path(d["file"]).name) for d in diags] == [("W708", "departures.yaml")]
    assert "the door 'Private Jet'" in diags[0]["message"]
    assert "{{ price|money }}" in diags[0]["hint"]


def test_negative_data_number_suggests_its_negation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'costs $2M less' from a delta of -2 is the data's number, written as (-field)."""
    game = _copy(tmp_path, CONTENT, DI)
    _edit(
        game / "politics.yaml",
        "Hush Money costs {{ (-hush_money_price.delta)|money }} less.",
        "Hush Money costs $2M less.",
    )
    (d,) = [d for d in _check(capsys, game) if d["code"] == "W708"]
    assert "{{ (-hush_money_price.delta)|money }}" in d["hint"]


def test_literals_skip_words_names_and_templates() -> None:
    """Only numbers standing alone count: not digits in words, names or `{{ }}`."""
    money = Currency("$", "M")
    assert literals("Pay $8M, cool 2 Heat, Heat 3+.", money) == [("$8M", 8), ("2", 2), ("3", 3)]
    assert (
        literals("Play Rule 34 on a 3rd 4x4 at the 3-player table, 1.5 times.", money, ["Rule 34"])
        == []
    )
    assert literals("Take {{ take_money.amount|money }} {# 5 #} {% if x > 4 %}", money) == []
    assert literals("{% if x %}2 cards{% endif %}", money) == [("2", 2)]  # printed text
    assert literals("Pay $8", Currency("$", "")) == [("$8", 8)]


# ---- the glossary --------------------------------------------------------------------------


def test_capitals_allowed_and_flagged() -> None:
    """Sentence starts, quotes, headings and known terms (several words too) are allowed."""
    known = _phrases(["Rap Sheet", "Heat", "Tip-Off", "Departure", "Private Jet"])
    text = (
        'Play this. Then: "Vote with me" or else. MORNING: CASHING A FAVOR\n'
        "New line, the Heat and a Tip-Off on the Rap Sheet; the Private Jet's Departure."
    )
    assert stray_capitals(text, known) == []
    assert stray_capitals("Put it on your Rap and your Sheet, and Jet's too.", known) == [
        "Rap",
        "Sheet",
        "Jet",
    ]
    assert stray_capitals("it is cancelled). A Favor never cancels", None) == ["Favor"]


def test_glossary_warning_has_did_you_mean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A misspelt term points at the glossary term it is closest to."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    _edit(
        game / "street.yaml",
        '"Play on any crime of yours: it gives no Heat."',
        '"Play on any crime of yours: it gives no Heet."',
    )
    (d,) = _check(capsys, game)
    assert d["code"] == "W709" and "'Heet'" in d["message"]
    assert d["hint"] == "did you mean 'Heat'?"


# ---- references (E204) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "unknown", "hint"),
    [
        (
            "street.yaml",
            "crime: {type: fraud,",
            "crime: {type: frawd,",
            "crime type 'frawd'",
            "did you mean 'fraud'?",
        ),
        ("street.yaml", "crime: {type: fraud,", "crime: {type: any,", "crime type 'any'", ""),
        (
            "street.yaml",
            "covers: smuggling",
            "covers: smugling",
            "crime type 'smugling'",
            "did you mean 'smuggling'?",
        ),
        ("politics.yaml", "- legal: smuggling", "- legal: any", "crime type 'any'", ""),
        (
            "headlines.yaml",
            "type: smuggling}",
            "type: smuggle}",
            "crime type 'smuggle'",
            "did you mean 'smuggling'?",
        ),
        (
            "politics.yaml",
            "deck: politics}",
            "deck: politic}",
            "deck 'politic'",
            "did you mean 'politics'?",
        ),
        ("politics.yaml", "door: boat\n", "door: bote\n", "door 'bote'", "did you mean 'boat'?"),
        (
            "politics.yaml",
            "deck: politics\n",
            "deck: politic\n",
            "deck 'politic'",
            "did you mean 'politics'?",
        ),
    ],
)
def test_unknown_references(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    file: str,
    old: str,
    new: str,
    unknown: str,
    hint: str,
) -> None:
    """Crime types, decks and doors named by cards and terms must exist, with a hint."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    _edit(game / file, old, new)
    diags = _check(capsys, game)
    hits = [d for d in diags if d["code"] == "E204"]
    assert [d["message"] for d in hits] == [f"unknown {unknown}"], diags
    assert Path(hits[0]["file"]).name == file
    if hint:
        assert hits[0]["hint"] == hint
    if "door" in unknown:  # the door then has no Departure card
        assert {d["code"] for d in diags} == {"E204", "E704"}
    else:  # an unknown deck is not counted; a text naming the type cannot be filled (E701)
        assert {d["code"] for d in diags} <= {"E204", "E701"}


def test_any_where_the_default_is_any(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`any` is a crime type where the parameter's default is `any`, and always a deck."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    _edit(game / "headlines.yaml", "type: smuggling}", "type: any}")
    _edit(game / "headlines.yaml", "{{ crime_types[crime_heat.type] }} crimes", "all crimes")
    _edit(game / "politics.yaml", "deck: politics}", "deck: any}")
    assert _check(capsys, game) == []


# ---- Departure cards -----------------------------------------------------------------------


def test_two_departure_cards_for_one_door(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Two copies of a door's card are one too many."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    _edit(
        game / "politics.yaml",
        "  - id: jet-card\n    name: Jet\n    kind: departure-card\n    count: 1",
        "  - id: jet-card\n    name: Jet\n    kind: departure-card\n    count: 2",
    )
    _edit(game / "politics.yaml", "    count: 2\n    law:", "    count: 1\n    law:")
    diags = _check(capsys, game)
    assert [(d["code"], d["message"]) for d in diags] == [
        ("E704", "the door 'Jet' has 2 Departure cards ('jet-card' x 2)")
    ]


@pytest.mark.parametrize(
    ("door", "waives", "what"),
    [
        ("jet", "requires", "no condition"),
        ("boat", "discard_crimes", "discards no crimes"),
    ],
)
def test_waiver_must_exist_on_the_door(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, door: str, waives: str, what: str
) -> None:
    """A Departure card waives only what its door has."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    text = (game / "politics.yaml").read_text(encoding="utf-8")
    text = re.sub(rf"(door: {door}\n    waives: )\w+", rf"\g<1>{waives}", text)
    (game / "politics.yaml").write_text(text, encoding="utf-8")
    (d,) = _check(capsys, game)
    assert d["code"] == "E706" and what in d["message"]


def test_discard_crimes_waiver_on_a_door_that_discards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Waiving the crimes is fine on a door whose booking discards crimes."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    _edit(
        game / "departures.yaml",
        "      - lose_immunity\n",
        "      - lose_immunity\n      - remove_crimes: 2\n",
    )
    _edit(
        game / "departures.yaml",
        "Return your Immunity chip.",
        "Return your Immunity chip and discard {{ remove_crimes.crimes }} crimes.",
    )
    _edit(
        game / "politics.yaml",
        "door: defect\n    waives: requires",
        "door: defect\n    waives: discard_crimes",
    )
    assert _check(capsys, game) == []


# ---- facts ---------------------------------------------------------------------------------

FACTS = """kind: facts
facts:
  - goal: {goal}
    term: {term}
    value: {value}
    quote: "{quote}"
"""


@pytest.mark.parametrize(
    ("goal", "term", "value", "quote", "code", "file"),
    [
        ("rich", "money_at_least", 10, "Rich needs $10M.", None, None),
        ("rich", "money_at_least", 12, "Rich needs $12M.", "E712", "goals.yaml"),
        ("rich", "crimes_at_least", 2, "Rich needs 2 crimes.", "E712", "goals.yaml"),
        ("rich", "money_at_lest", 10, "Rich needs $10M.", "E204", "facts.yaml"),
        ("ritch", "money_at_least", 10, "Rich needs $10M.", "E204", "facts.yaml"),
        ("rich", "money_at_least", 10, "Rich needs $12M.", "E713", "facts.yaml"),
    ],
)
def test_goal_facts(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    goal: str,
    term: str,
    value: int,
    quote: str,
    code: str | None,
    file: str | None,
) -> None:
    """A Goal fact: the Goal and the term exist, and the Goal's number is the fact's."""
    game = _copy(tmp_path, FIXTURES / "valid", "mini-cards")
    (game / "facts.yaml").write_text(
        FACTS.format(goal=goal, term=term, value=value, quote=quote), encoding="utf-8"
    )
    diags = _check(capsys, game)
    assert [(d["code"], Path(d["file"]).name) for d in diags] == ([(code, file)] if code else [])


def test_door_price_drifting_from_the_rulebook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Raising the Private Jet's price in the shipped content contradicts the rulebook."""
    game = _copy(tmp_path, CONTENT, DI)
    _edit(game / "departures.yaml", "    price: 8\n", "    price: 9\n")
    diags = [d for d in _check(capsys, game) if d["code"] == "E712"]
    assert len(diags) == 1
    assert "'Private Jet' costs $9M, but the rulebook says $8M" in diags[0]["message"]
    assert "Private Jet: Pay $8M." in diags[0]["hint"]


def test_derived_fact_needs_its_quoted_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A fact worked out from its quote must say so: Vendetta's 4 crimes come from "needs 7
    on record" (7 - 3); written without `quoted: 7`, the fact disagrees with its quote: E713."""
    game = _copy(tmp_path, CONTENT, DI)
    with (game / "facts.yaml").open("a", encoding="utf-8") as f:
        f.write(
            "  - goal: vendetta\n    term: crimes_at_least\n    value: 4\n"
            "    quote: a Vendetta needs 7 on record to leave this way\n"
        )
    diags = [d for d in _check(capsys, game) if d["code"] in ("E712", "E713")]
    assert [d["code"] for d in diags] == ["E713"]
    assert "the quote has 7" in diags[0]["hint"]
