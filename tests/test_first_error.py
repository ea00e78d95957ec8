"""One mistake, one answer at the mistake: a document or entry that fails its schema is
reported once and kept out of the cross-checks that would only repeat it, and the cause is
printed first. Each case is a single-line edit of a copy of the shipped game."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CONTENT, check_json

DI = "diplomatic-immunity"


def _one_edit(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the shipped game with `old` replaced once in `file`: (content, its line)."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / DI, content / DI)
    path = content / DI / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return content, line


def _check(capsys: pytest.CaptureFixture[str], content: Path) -> list[dict[str, Any]]:
    status, diags = check_json(capsys, content, DI)
    assert status == 1
    return diags


def test_misspelt_title_is_one_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`titel:` for `title:` in game.yaml: one E203 with did-you-mean, and none of the
    knock-on errors (facts, texts, rulebook) that the missing title would cause."""
    content, line = _one_edit(tmp_path, "game.yaml", "title:", "titel:")
    (d,) = _check(capsys, content)
    assert (d["code"], Path(d["file"]).name, d["line"]) == ("E203", "game.yaml", line)
    assert "did you mean 'title'?" in d["hint"]


def test_a_bad_card_is_reported_at_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card whose copies are text: the schema error at that line comes first, and no
    "no card 'leak'" from the examples, the rulebook or other texts."""
    content, line = _one_edit(
        tmp_path,
        "street.yaml",
        "    count: 6\n    timing: [reaction]",
        "    count: six\n    timing: [reaction]",
    )
    diags = _check(capsys, content)
    assert (Path(diags[0]["file"]).name, diags[0]["line"]) == ("street.yaml", line)
    assert not any("'leak'" in d["message"] for d in diags)
    assert len(diags) <= 2


def test_misspelt_field_leaks_no_python_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt field on one diplomat is one diagnostic: no 'False' or 'None' from a
    template that could not be filled reaches a W709, and no text elsewhere fails."""
    content, line = _one_edit(
        tmp_path, "characters.yaml", "name: Anton Zelenko", "nmae: Anton Zelenko"
    )
    (d,) = _check(capsys, content)
    assert (d["code"], d["line"]) == ("E203", line) and "did you mean 'name'?" in d["hint"]


def test_an_id_renamed_at_its_definition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A door's id misspelt where it is defined: one E204 there, naming the places that
    still use the old id, instead of one error in every file that names it."""
    content, line = _one_edit(tmp_path, "departures.yaml", "- id: private-jet", "- id: prviate-jet")
    diags = _check(capsys, content)
    first = diags[0]
    assert (first["code"], Path(first["file"]).name, first["line"]) == (
        "E204",
        "departures.yaml",
        line,
    )
    assert "'private-jet'" in first["message"] and "goals.yaml" in first["hint"]
    assert len(diags) <= 2


def test_a_missing_form_is_reported_in_the_glossary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deleting a term's `forms: [Leaks]` is reported at the glossary term, where the fix
    is, not as a capitalised word in every text that says 'Leaks'."""
    content, line = _one_edit(tmp_path, "glossary.yaml", "    forms: [Leaks]\n", "")
    status, diags = check_json(capsys, content, DI, strict=True)
    assert status == 1  # a warning fails --strict
    first = diags[0]
    assert (Path(first["file"]).name, first["code"]) == ("glossary.yaml", "W709")
    assert abs(first["line"] - line) <= 2 and "'Leaks'" in first["message"]


def test_a_card_count_typo_is_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`count: 27` for `count: 2`: the deck no longer adds up, and the card whose copies
    stand out is named at its `count:` line, with the number that would fit."""
    content, _ = _one_edit(
        tmp_path,
        "street.yaml",
        "  - id: cigar-run\n    name: Cigar Run\n    kind: crime\n    count: 2",
        "  - id: cigar-run\n    name: Cigar Run\n    kind: crime\n    count: 27",
    )
    (d,) = _check(capsys, content)
    text = (content / DI / "street.yaml").read_text(encoding="utf-8")
    assert d["code"] == "E702" and d["line"] == text[: text.index("count: 27")].count("\n") + 1
    assert "did you mean 2?" in d["hint"]


def test_a_count_the_surplus_fits_only_in_is_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`count: 17` for `count: 1`: sixteen copies too many is more than twice any other
    card's copies, so only that card can explain them; it is named, not the deck."""
    content, _ = _one_edit(
        tmp_path,
        "street.yaml",
        "  - id: selling-secrets\n    name: Selling Secrets\n    kind: crime\n    count: 1",
        "  - id: selling-secrets\n    name: Selling Secrets\n    kind: crime\n    count: 17",
    )
    (d,) = _check(capsys, content)
    text = (content / DI / "street.yaml").read_text(encoding="utf-8")
    assert d["code"] == "E702" and d["line"] == text[: text.index("count: 17")].count("\n") + 1
    assert "did you mean 1?" in d["hint"]


def test_every_character_off_the_heat_track_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Heat track one step too short puts every character's Limit off it: one E602 at
    the Limits in rules.yaml, not one per character."""
    content, line = _one_edit(tmp_path, "rules.yaml", "track_max: 5", "track_max: 4")
    (d,) = _check(capsys, content)
    assert (d["code"], Path(d["file"]).name) == ("E602", "rules.yaml")
    assert abs(d["line"] - line) <= 2


def test_a_field_indented_into_its_neighbour_is_found_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`decks:` indented under `laws:`: the document misses 'decks', and the diagnostic is
    at the line where `decks:` is written, saying which mapping it went into."""
    content, line = _one_edit(tmp_path, "rules.yaml", "\ndecks:\n", "\n  decks:\n")
    diags = _check(capsys, content)
    first = diags[0]
    assert (first["code"], Path(first["file"]).name, first["line"]) == (
        "E202",
        "rules.yaml",
        line + 1,
    )
    assert "laws" in first["hint"]


def test_a_board_count_that_disagrees_with_the_characters_is_said_at_the_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """13 character boards for the 24 characters the game writes: one E305 at the boards'
    count, and the Favor chips (one per character) are held to the 24 written."""
    content, _ = _one_edit(
        tmp_path,
        "components.yaml",
        "    count: 12\n    characters: 2",
        "    count: 13\n    characters: 2",
    )
    (d,) = _check(capsys, content)
    text = (content / DI / "components.yaml").read_text(encoding="utf-8")
    assert (d["code"], d["line"]) == ("E305", text[: text.index("count: 13")].count("\n") + 1)
    assert "characters are 24" in d["message"]


def test_a_row_that_lost_its_group_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Signature chips' `group: chips` line deleted: the chips fall 6 short, and the one
    row of 6 in no group is named, at that row, rather than the group's total."""
    content, line = _one_edit(
        tmp_path,
        "components.yaml",
        "    count: 6\n    per_seat: 1\n    group: chips\n  - id: law",
        "    count: 6\n    per_seat: 1\n  - id: law",
    )
    (d,) = _check(capsys, content)
    assert (d["code"], Path(d["file"]).name) == ("E302", "components.yaml")
    assert abs(d["line"] - line) <= 3 and "'signature-chips'" in d["message"]
    assert "group: chips" in d["hint"]


def test_reading_errors_come_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A schema error prints before what the cross-checks found in files sorted earlier."""
    content, line = _one_edit(tmp_path, "street.yaml", "count: 6", "count: 6.0")
    goals = content / DI / "goals.yaml"
    goals.write_text(
        goals.read_text(encoding="utf-8").replace("doors: [", "doors: [defekt, ", 1),
        encoding="utf-8",
    )
    diags = _check(capsys, content)
    assert (Path(diags[0]["file"]).name, diags[0]["code"], diags[0]["line"]) == (
        "street.yaml",
        "E201",
        line,
    )


def test_a_renamed_deck_id_is_reported_where_it_is_defined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two letters swapped in a components row's id: the first diagnostic is at that row,
    naming the id as written, not at another id that only shares a word with it."""
    content, line = _one_edit(
        tmp_path, "components.yaml", "- id: headline-deck", "- id: headlnie-deck"
    )
    diags = _check(capsys, content)
    assert (diags[0]["code"], Path(diags[0]["file"]).name, diags[0]["line"]) == (
        "E204",
        "components.yaml",
        line,
    )
    assert "'headlnie-deck' is defined here" in diags[0]["message"]


def test_a_deleted_definition_is_not_called_a_rename_of_a_longer_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A crime type deleted: its references are unknown, and no definition that merely
    contains its name ('legalise-smuggling' for 'smuggling') is said to be it renamed."""
    content, _ = _one_edit(tmp_path, "crime-types.yaml", "  - {id: smuggling,", "  - {id: x,")
    diags = _check(capsys, content)
    assert not any("legalise-smuggling' is defined here" in d["message"] for d in diags)


def test_a_player_range_past_the_treasure_table_is_reported_at_the_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Diamond Heist made for 4-12 players: the treasure table (5-12) has no gap, so the
    cause is the range, and the diagnostic is at game.yaml's `players`."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "diamond-heist", content / "diamond-heist")
    path = content / "diamond-heist" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("players:")].count("\n") + 1
    path.write_text(text.replace("min: 5", "min: 4", 1), encoding="utf-8")
    status, diags = check_json(capsys, content, "diamond-heist")
    assert status == 1
    assert (diags[0]["code"], Path(diags[0]["file"]).name, diags[0]["line"]) == (
        "E503",
        "game.yaml",
        line,
    )
    assert "treasure table for 5-12" in diags[0]["message"]
