"""What Diplomatic Immunity prints says what the seed rulebook says: the Quick Reference keeps
the reference's lines, the boards do not make every Scandal cost the Immunity chip, the
Departure Heat list names only what can reach a Departing player, and the card texts a
first-time player found unclear say when they are played and what happens."""

from __future__ import annotations

import pytest

from pnp.content.project import Game, load_game
from pnp.rulesets.diplomatic_immunity import boards
from tests.conftest import CONTENT

RULEBOOK = CONTENT / "diplomatic-immunity" / "rulebook"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(CONTENT, "diplomatic-immunity").game


def _card(game: Game, card_id: str) -> str:
    return next(c for c in game.cards or () if c.id == card_id).text.printed


def _signature(game: Game, name: str) -> str:
    return next(
        d.signature.text.printed
        for a in game.archetypes or ()
        for d in a.diplomats
        if d.signature.name == name
    )


def test_quick_reference_keeps_the_seed_reference_lines(game: Game) -> None:
    reference = " ".join(
        c.text.printed
        for c in game.cards or ()
        if c.id in ("quick-reference", "favors-and-departures")
    )
    for line in (
        "Heat still lands: a Scandal collapses it",
        "Shred and Favors work too",
        "price kept",
        "skip that turn",
        "Goal stays face up",
        "crime, Law or trick",
        "Evening Bend",
        "never in the last round",
    ):
        assert line in reference, line


def test_boards_do_not_make_every_scandal_cost_immunity() -> None:
    assert "Lose your Immunity chip" not in boards.SCANDAL_REMINDER
    assert "Without your Immunity chip, your Limit is lower" in boards.SCANDAL_REMINDER


def test_zero_tolerance_is_not_heat_that_stops_a_departure() -> None:
    leaving = (RULEBOOK / "08-leaving.md").read_text(encoding="utf-8")
    heat = leaving[leaving.index("- **Heat.**") :].split("\n- ", 1)[0]
    assert "Zero Tolerance does not" in heat


def test_rulebook_sentences_follow_the_seed() -> None:
    turn = (RULEBOOK / "04-your-turn.md").read_text(encoding="utf-8")
    assert "only govern what you do." in " ".join(turn.split())
    favors = " ".join((RULEBOOK / "07-favors.md").read_text(encoding="utf-8").split())
    assert "a diplomat at one Heat or less can afford to break a promise" not in favors


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("defect-card", ("book", "cool 1 Heat", "below your no-Immunity Limit")),
        ("private-jet-card", ("play it as you book the Private Jet",)),
        ("repeal", ("Remove a Law in effect", "your own crime included", "after the reactions")),
        ("blackmail", ("chooses one", "cannot choose what they cannot pay")),
        ("frame", ("only with a crime on your Rap Sheet",)),
        ("double-agent", ("Instead of your own vote",)),
        ("society-dinner", ("Each player tied", "Nobody does if no one has a crime")),
    ],
)
def test_clear_card_texts(game: Game, card: str, words: tuple[str, ...]) -> None:
    text = " ".join(_card(game, card).split())
    for w in words:
        assert w in text, (card, w)


def test_signatures_say_when(game: Game) -> None:
    assert "Afternoon" in _signature(game, "Visa Denied")
    assert "Departing rival" in _signature(game, "Front Page")
    excommunication = next(
        a.bend.text.printed for a in game.archetypes or () if a.bend.name == "Excommunication"
    )
    assert "back to the box" in excommunication and "one choice" in excommunication


def test_headline_and_law_names_cannot_be_confused(game: Game) -> None:
    names = {c.name for c in game.cards or ()}
    assert "Tax Amnesty" in names and "Amnesty" not in names
