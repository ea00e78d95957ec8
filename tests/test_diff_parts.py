"""The parts of `pnp diff`: word differences and their marks, the model walk that lists
changes, which printed faces differ, and the statistics of the changelog in play."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pnp.content.project import Game, load_game
from pnp.diff import changes, faces, play, words
from pnp.render import geometry
from pnp.rulesets.diplomatic_immunity.model import DIRules
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def game() -> Game:
    """The shipped Diplomatic Immunity model."""
    return load_game(CONTENT, "diplomatic-immunity").game


def test_word_diff_keeps_money_whole() -> None:
    """`$8M` to `$9M` is one word replaced; punctuation stays outside the marks."""
    pieces = words.diff("Pay $8M.", "Pay $9M.")
    assert pieces == [("=", "Pay "), ("-", "$8M"), ("+", "$9M"), ("=", ".")]
    assert words.mark_text(pieces) == "Pay [-$8M-]{+$9M+}."
    assert words.mark_md(pieces) == "Pay ~~$8M~~ **$9M**."


def test_word_diff_joins_neighbouring_changes() -> None:
    """Two changed words with a space between read as one change, not two."""
    pieces = words.diff("from a rival of your choice", "from any rival at all")
    assert words.mark_text(pieces) == "from [-a-]{+any+} rival [-of your choice-]{+at all+}"
    assert words.changed(pieces)
    assert not words.changed(words.diff("two  spaces", "two spaces"))


def test_markdown_marks_are_escaped() -> None:
    """Text that looks like Markdown is escaped inside the marks and around them."""
    assert words.mark_md(words.diff("a *b*", "a _c_")) == "a ~~\\*b\\*~~ **\\_c\\_**"


def test_flatten_keys_records_by_id_and_skips_positions(game: Game) -> None:
    """Rules numbers flatten to dotted paths; lists of pairs are keyed by their reference;
    no position (Src) enters the comparison."""
    assert isinstance(game.rules, DIRules)
    flat = changes.flatten(game.rules)
    assert flat["heat.limit.with_immunity"] == 5
    assert "start.hand.street" in flat
    assert not any("src" in key for key in flat)


def test_compare_ignores_moves_and_reports_fields(game: Game) -> None:
    """Reordering cards is no change; a changed Heat and count are reported field by field,
    a new card as added, a removed Goal as removed."""
    cards = game.cards or ()
    assert changes.compare(game, dataclasses.replace(game, cards=tuple(reversed(cards)))) == []
    crime = next(c for c in cards if c.crime)
    assert crime.crime is not None
    hotter = dataclasses.replace(
        crime,
        count=crime.count + 1,
        crime=dataclasses.replace(crime.crime, heat=crime.crime.heat + 1),
    )
    extra = dataclasses.replace(crime, id="new-card", name="New Card")
    edited = dataclasses.replace(
        game,
        cards=(*(hotter if c is crime else c for c in cards), extra),
        goals=(game.goals or ())[1:],
    )
    found = {(c.section, c.id, c.status): c for c in changes.compare(game, edited)}
    changed = found[("cards", crime.id, "changed")]
    assert [(f.name, f.old, f.new) for f in changed.fields] == [
        ("count", crime.count, crime.count + 1),
        ("Heat", crime.crime.heat, crime.crime.heat + 1),
    ]
    assert ("cards", "new-card", "added") in found
    assert ("goals", (game.goals or ())[0].id, "removed") in found


def test_version_bump_alone_reprints_nothing(game: Game) -> None:
    """Every footer prints the version, but a version bump alone changes no face; a changed
    crime type colour changes every card of that type, and every Cover for it."""
    assert game.info is not None and game.crime_types
    geo = geometry.default()
    bumped = dataclasses.replace(game, info=dataclasses.replace(game.info, version="9.9"))
    assert faces.changed(game, bumped, geo) == []
    kind = game.crime_types[0]
    recoloured = dataclasses.replace(
        game, crime_types=(dataclasses.replace(kind, colour="#000000"), *game.crime_types[1:])
    )
    found = faces.changed(game, recoloured, geo)
    expected = {
        f"card:{c.id}"
        for c in game.cards or ()
        if (c.crime and c.crime.type.id == kind.id) or (c.covers and c.covers.id == kind.id)
    }
    assert expected and {f.key for f in found} == expected


def test_fingerprint_sees_a_changed_digit(game: Game) -> None:
    """A digit that appears nowhere else on a face still changes its fingerprint (the
    page's operators alone would not show it)."""
    geo = geometry.default()
    door = (game.doors or ())[0]
    board = dataclasses.replace(door.board, printed=door.board.printed.replace("8", "9"))
    assert board.printed != door.board.printed
    edited = dataclasses.replace(
        game, doors=(dataclasses.replace(door, board=board), *(game.doors or ())[1:])
    )
    assert [f.key for f in faces.changed(game, edited, geo)] == ["departures-board"]


def test_wilson_and_z() -> None:
    """The Wilson interval holds the rate; the pooled z-test calls 10% to 30% of 200 games
    each a move, and 10% to 12% none."""
    lo, hi = play.wilson(20, 200)
    assert lo < 0.1 < hi
    assert abs(play.z_score(20, 200, 60, 200)) > play.Z95
    assert abs(play.z_score(20, 200, 24, 200)) < play.Z95
    assert play.z_score(0, 50, 0, 50) == 0.0


def _summary(goal_wins: int, seat_wins: int) -> dict[str, Any]:
    return {
        "wins_by_goal": {"jet": {"games": 200, "wins": goal_wins}},
        "wins_by_seat": {"0": {"games": 200, "wins": seat_wins}},
        "wins_by_archetype": {"heir": {"games": 100, "wins": 10}},
        "wins_by_role": {"heir": {"games": 100, "wins": 10}},
        "win_rate_by_role_and_players": {"5": {"thief": {"games": 50, "wins": 5}}},
        "endings": {"clock": 50, "departure": 150},
    }


def test_moves_mark_only_what_is_larger_than_the_noise() -> None:
    """Only rates that moved are listed; the big move is significant, the small one not;
    unchanged measures (and a role table that repeats the archetypes) are left out."""
    moves = play.moves(_summary(20, 40), _summary(60, 44))
    assert [(m.measure, m.key, m.significant) for m in moves] == [
        ("wins_by_goal", "jet", True),
        ("wins_by_seat", "0", False),
    ]
    assert moves[0].as_json()["new"] == {
        "games": 200,
        "wins": 60,
        "rate": 0.3,
        "ci95": list(play.wilson(60, 200)),
    }
    nested = play.moves(
        _summary(20, 40),
        {
            **_summary(20, 40),
            "win_rate_by_role_and_players": {"5": {"thief": {"games": 50, "wins": 25}}},
        },
    )
    assert [(m.key, m.significant) for m in nested] == [("5p/thief", True)]
