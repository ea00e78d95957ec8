"""What is printed says what the data does: every effect parameter that changes play is
printed by its text (E717), a repeated step shows in the text (E718), number words in prose
follow the rules numbers they stand for (E719), no two cards share a name (E716), and worked
examples name only what exists, with values of the right type (E204, E203, E201, E701 at the
example's own line).

Every test edits a copy of a shipped game in tmp_path (the project never writes into
content/): the unedited copy has no such diagnostic, the edit has it at its line.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from pnp.content.project import load_game
from pnp.rulebook import book as rb
from pnp.rulebook.document import Para, Table
from tests.conftest import CONTENT, check_json

DI = "diplomatic-immunity"
HEIST = "diamond-heist"
NEW = {"E716", "E717", "E718", "E719"}


def _copy(tmp_path: Path, name: str) -> Path:
    dest = tmp_path / "content" / name
    shutil.copytree(CONTENT / name, dest)
    return dest


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _sub(path: Path, pattern: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed, n = re.subn(pattern, new, text, count=1, flags=re.MULTILINE)
    assert n == 1, f"{pattern!r} not in {path.name}"
    path.write_text(changed, encoding="utf-8")


def _line(path: Path, needle: str, after: int = 0) -> int:
    """The first line (after line `after`) of a file that holds `needle`."""
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if n > after and needle in line:
            return n
    raise AssertionError(f"{needle!r} not in {path.name}")


def _check(capsys: pytest.CaptureFixture[str], game: Path) -> list[dict[str, Any]]:
    _, diags = check_json(capsys, game.parent, game.name)
    return diags


def _codes(diags: list[dict[str, Any]], *codes: str) -> list[dict[str, Any]]:
    return [d for d in diags if d["code"] in codes]


def _at(diags: list[dict[str, Any]]) -> set[tuple[str, int]]:
    return {(Path(d["file"]).name, d["line"]) for d in diags}


def test_the_shipped_games_say_what_their_data_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The shipped games have nothing to report under --strict, E716-E719 and the example
    checks included: Diplomatic Marriage's card prints both of its gains, since the data
    lets a rival take the second."""
    for game in (DI, HEIST):
        _copy(tmp_path, game)
    status, diags = check_json(capsys, tmp_path / "content", DI, HEIST, strict=True)
    assert diags == [] and status == 0
    model = load_game(tmp_path / "content", DI).game
    marriage = next(c for c in model.cards or () if c.id == "diplomatic-marriage-card")
    assert "{{ gain_2.amount|money }}" in marriage.text.source


# ---- E717 ------------------------------------------------------------------------------------

EXPUNGE = (
    "      Discard up to {{ remove_crimes.crimes }} crimes from any Rap Sheet, yours included.\n"
)


def test_deleting_the_line_that_prints_a_parameter_is_E717(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Expunge the Record removes 2 crimes from any player's Rap Sheet. Delete the line of
    its text that prints `{{ remove_crimes.crimes }}` and the card does what its text does
    not say: E717 at the term's line, naming the card, the parameter and its value, with a
    hint to print the field or list it under `unprinted`."""
    game = _copy(tmp_path, DI)
    street = game / "street.yaml"
    assert not _codes(_check(capsys, game), *NEW)
    _edit(street, EXPUNGE, "")
    found = _codes(_check(capsys, game), "E717")
    term = _line(street, "- remove_crimes: {crimes: 2, from: player}")
    assert _at(found) == {("street.yaml", term)}
    crimes = next(d for d in found if "remove_crimes.crimes" in d["message"])
    assert "'Expunge the Record'" in crimes["message"] and "(2)" in crimes["message"]
    assert "{{ remove_crimes.crimes }}" in crimes["hint"] and "unprinted" in crimes["hint"]
    who = next(d for d in found if "remove_crimes.from" in d["message"])
    assert "(player)" in who["message"]  # 'any Rap Sheet, yours included' went with the line


def test_unprinted_marks_a_parameter_left_out_on_purpose(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A parameter listed under `unprinted`, with a reason, may be left out of the text; an
    entry that names no parameter is E204 at its key, with a did-you-mean."""
    game = _copy(tmp_path, DI)
    street = game / "street.yaml"
    _edit(street, EXPUNGE, "")
    _edit(
        street,
        "      - remove_crimes: {crimes: 2, from: player}\n",
        "      - remove_crimes: {crimes: 2, from: player}\n"
        "    unprinted:\n"
        "      remove_crimes.crimes: the table decides how many\n"
        "      remove_crimes.from: any Rap Sheet, as the rulebook says\n",
    )
    assert not _codes(_check(capsys, game), *NEW, "E204")
    _edit(street, "      remove_crimes.from:", "      remove_crimes.form:")
    diags = _check(capsys, game)
    (bad,) = _codes(diags, "E204")
    assert bad["line"] == _line(street, "remove_crimes.form:")
    assert "did you mean 'remove_crimes.from'?" in bad["hint"]


def test_a_word_parameter_the_text_does_not_say_is_E717(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Who, which deck and which choice change play too: Pillow Talk draws Politics cards;
    made to draw from the Street deck while its text still says Politics, it is E717."""
    game = _copy(tmp_path, DI)
    chars = game / "characters.yaml"
    _edit(
        chars,
        "steps: [draw: {cards: 2, deck: politics}]",
        "steps: [draw: {cards: 2, deck: street}]",
    )
    (found,) = _codes(_check(capsys, game), "E717")
    assert "draw.deck (street)" in found["message"] and "Pillow Talk" in found["message"]
    assert found["line"] == _line(chars, "deck: street}]")


# ---- E718 ------------------------------------------------------------------------------------


def test_a_second_step_the_text_does_not_print_is_E718(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A second `draw:` on Cigar Run whose text prints `draw.cards` but never
    `draw_2.cards` is E718 at the second step's line; printing the repeat clears it."""
    game = _copy(tmp_path, DI)
    street = game / "street.yaml"
    text = '    text: "Draw {{ draw.cards }} Street card."'
    _edit(
        street,
        f"      - draw: {{cards: 1, deck: street}}\n{text}",
        f"      - draw: {{cards: 1, deck: street}}\n      - draw: {{cards: 1, deck: street}}\n"
        f"{text}",
    )
    (found,) = _codes(_check(capsys, game), *NEW)
    first = _line(street, "- draw: {cards: 1, deck: street}")
    assert found["code"] == "E718" and found["line"] == first + 1
    assert "'Cigar Run'" in found["message"] and "draw_2" in found["message"]
    _edit(
        street,
        '"Draw {{ draw.cards }} Street card."',
        '"Draw {{ draw.cards }} Street card, then {{ draw_2.cards }} more."',
    )
    assert not _codes(_check(capsys, game), *NEW)


def test_a_parameterless_step_twice_is_E718(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A step without parameters that appears twice (two `reverse_play` on Change of
    Protocol) has no field to print: E718 at the second, unless listed under `unprinted`."""
    game = _copy(tmp_path, DI)
    politics = game / "politics.yaml"
    _edit(politics, "      - reverse_play\n", "      - reverse_play\n      - reverse_play\n")
    (found,) = _codes(_check(capsys, game), *NEW)
    assert found["code"] == "E718" and found["line"] == _line(politics, "- reverse_play") + 1
    _edit(
        politics,
        "      - reverse_play\n      - reverse_play\n",
        "      - reverse_play\n      - reverse_play\n"
        "    unprinted: {reverse_play_2: the text reverses play once; twice is a no-op}\n",
    )
    assert not _codes(_check(capsys, game), *NEW)


# ---- E719 ------------------------------------------------------------------------------------


def _printed(game: Path) -> tuple[str, str, str]:
    """(the rulebook's words, the Quick Reference, the glossary) as printed."""
    model = load_game(game.parent, game.name).game
    book = rb.load(model)
    words = [*book.prose, *(n.inline.text for n in book.nodes if isinstance(n, Para))]
    words += [c.text for n in book.nodes if isinstance(n, Table) for row in n.rows for c in row]
    quick = next(c for c in model.cards or () if c.id == "quick-reference")
    return (
        " ".join(" ".join(words).split()),
        quick.text.printed,
        " ".join(t.means for t in model.glossary or ()),
    )


def test_the_recall_number_is_followed_or_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Recalled at the fourth Scandal instead of the third: the rulebook and the Quick
    Reference print it from the data, and every sentence that still says 'third' (the
    glossary's Recalled and Scandal) is E719 at its own line."""
    game = _copy(tmp_path, DI)
    glossary = game / "glossary.yaml"
    _sub(game / "rules.yaml", r"^(\s*recall_at:\s*)3\b", r"\g<1>4")
    diags = _check(capsys, game)
    found = _codes(diags, "E719")
    assert _at(found) == {
        ("glossary.yaml", _line(glossary, "third Scandal")),
        ("glossary.yaml", _line(glossary, "the third one")),
    }
    assert all("rules.scandal.recall_at is 4" in d["message"] for d in found)
    assert any("'fourth Scandal'" in d["message"] for d in found)
    book, quick, _ = _printed(game)
    assert "Your fourth Scandal gets you Recalled" in book
    assert "the fourth one gets you Recalled" in book
    assert "4th = Recalled" in quick


@pytest.mark.parametrize(
    ("field", "says"),
    [("lose_money", "half your money"), ("discard_rap_sheet", "half your Rap Sheet")],
)
def test_a_share_is_followed_or_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, field: str, says: str
) -> None:
    """A Scandal that takes 0.6 instead of half: the rulebook prints '60% of', and the
    Quick Reference and the ruling that still say 'half' are E719 at their lines."""
    game = _copy(tmp_path, DI)
    _sub(game / "rules.yaml", rf"^(\s*{field}: {{share: )0\.5", r"\g<1>0.6")
    found = _codes(_check(capsys, game), "E719")
    assert _at(found) == {
        ("quick-reference.yaml", _line(game / "reference" / "quick-reference.yaml", says)),
        ("rulings.yaml", _line(game / "rulings.yaml", says)),
    }
    assert all(f"rules.scandal.{field}.share is 0.6" in d["message"] for d in found)
    book, _, _ = _printed(game)
    assert f"60% of your {says.split('your ')[1]}" in book


def test_the_glossary_is_filled_from_the_data(tmp_path: Path) -> None:
    """A glossary definition is a template filled like card text, so it can follow the
    data: `{{ rules.clock.cards }}` in a definition prints the number of Headlines."""
    game = _copy(tmp_path, DI)
    _edit(
        game / "glossary.yaml",
        "twelve of them are the game clock",
        "{{ rules.clock.cards }} of them are the game clock",
    )
    _, _, glossary = _printed(game)
    assert "12 of them are the game clock" in glossary


# ---- E716 ------------------------------------------------------------------------------------


def test_two_cards_of_one_name_are_E716(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Renaming Cigar Run to Diplomatic Bag gives the game two cards of one name: E716 at
    the second card's `name:` line, naming where the first is."""
    game = _copy(tmp_path, DI)
    street = game / "street.yaml"
    _edit(street, "    name: Cigar Run\n", "    name: Diplomatic Bag\n")
    (found,) = _codes(_check(capsys, game), *NEW)
    first = _line(street, "name: Diplomatic Bag")
    assert found["code"] == "E716"
    assert found["line"] == _line(street, "name: Diplomatic Bag", after=first)
    assert f"street.yaml:{first}" in found["hint"]


# ---- worked examples -------------------------------------------------------------------------


def test_an_example_naming_what_does_not_exist_is_E204(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A step that names a card, role or seat the game does not have is E204 at that line,
    with a did-you-mean: a misspelt crime in the sample turn, a role card and an accused
    player in Anna's example."""
    di = _copy(tmp_path, DI)
    _edit(
        di / "examples.yaml",
        "crimes: [diplomatic-bag, contraband-art]",
        "crimes: [diplomatic-bag, contraband-ark]",
    )
    (card,) = _codes(_check(capsys, di), "E204", "E754")
    assert card["code"] == "E204" and "did you mean 'contraband-art'?" in card["hint"]
    assert card["line"] == _line(di / "examples.yaml", "contraband-ark")

    heist = _copy(tmp_path, HEIST)
    examples = heist / "examples.yaml"
    _edit(examples, "        role: driver\n", "        role: drvier\n")
    _edit(examples, "        target: Dan\n", "        target: Dann\n")
    found = _codes(_check(capsys, heist), "E204", "E754")
    assert _at(found) == {
        ("examples.yaml", _line(examples, "role: drvier")),
        ("examples.yaml", _line(examples, "target: Dann")),
    }
    assert {d["hint"] for d in found} == {"did you mean 'driver'?", "did you mean 'Dan'?"}


def test_an_example_naming_a_missing_door_is_E204(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any value that names something is resolved: a step kind that takes a door (here
    declared for the test) with a door the game does not have is E204 at its line."""
    from pnp.content.examples import FactSpec, FactType, StepSpec, Vocabulary
    from pnp.rulesets.diplomatic_immunity import examples

    base = examples.VOCABULARY
    book = StepSpec("book", (FactSpec("door", FactType.DOOR, True),))
    monkeypatch.setattr(examples, "VOCABULARY", Vocabulary(base.setup, (*base.steps, book)))
    game = _copy(tmp_path, DI)
    last = '        note: "I discard down to {{ hand|word }}. Your turn."\n'
    _edit(
        game / "examples.yaml",
        last,
        last + "      - who: You\n        do: book\n        door: privat-jet\n",
    )
    (found,) = _codes(_check(capsys, game), "E204")
    assert found["line"] == _line(game / "examples.yaml", "privat-jet")
    assert "did you mean 'private-jet'?" in found["hint"]


def test_a_word_where_a_count_belongs_is_E201_at_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`cooled: one` is E201 at the example's own line; the rulebook chapter that prints the
    example reports nothing of it (no E754)."""
    game = _copy(tmp_path, DI)
    examples = game / "examples.yaml"
    _edit(examples, "expect: {cooled: 1,", "expect: {cooled: one,")
    diags = _check(capsys, game)
    (found,) = diags
    assert found["code"] == "E201" and found["line"] == _line(examples, "cooled: one")
    assert "'cooled' must be a whole number" in found["message"]


def test_an_example_is_held_to_its_rules_vocabulary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A step kind the rules model does not play is E204, a fact a step cannot check E203
    (both with a did-you-mean), a missing argument E202, a note that cannot be filled E701
    at the note: each at the example's line, none repeated by the rulebook."""
    game = _copy(tmp_path, DI)
    examples = game / "examples.yaml"
    _edit(examples, "        do: morning\n", "        do: mornin\n")
    _edit(examples, "expect: {heat_taken: 3,", "expect: {heat_takn: 3,")
    _edit(examples, "        law: legalise-smuggling\n", "")
    _edit(examples, "{{ hand|word }}. Your turn.", "{{ hands|word }}. Your turn.")
    diags = _check(capsys, game)
    by_code = {d["code"]: d for d in diags}
    assert set(by_code) == {"E204", "E203", "E202", "E701"}
    assert by_code["E204"]["line"] == _line(examples, "do: mornin")
    assert "did you mean 'morning'?" in by_code["E204"]["hint"]
    assert by_code["E203"]["line"] == _line(examples, "heat_takn")
    assert "did you mean 'heat_taken'?" in by_code["E203"]["hint"]
    # where the deleted line was: the argument written after it now stands there
    assert by_code["E202"]["line"] == _line(examples, 'vote: "yes"')
    assert by_code["E701"]["line"] == _line(examples, "{{ hands|word }}")


def test_the_heist_vocabulary_is_the_rules_models(capsys: pytest.CaptureFixture[str]) -> None:
    """The endings a Diamond Heist example may name are the rules model's endings."""
    from pnp.rulesets.diamond_heist.examples import VOCABULARY
    from pnp.rulesets.diamond_heist.play.game import ENDINGS

    (ending,) = [s for s in VOCABULARY.result if s.name == "ending"]
    assert set(ending.words) == set(ENDINGS)


def test_a_text_checked_again_is_judged_against_the_data_of_now(tmp_path: Path) -> None:
    """What a check found a text to say is kept for the next check by the text and the
    data it was judged against: the same texts checked with the shipped data, then with
    the recall moved to the fourth Scandal, then with the shipped data again, give what a
    first check of each gives."""
    from pnp import pipeline
    from pnp.checks import number_words

    game = _copy(tmp_path, DI)

    def e719() -> list[Any]:
        return [d for d in pipeline.check(game.parent, [DI]).diagnostics if d.code == "E719"]

    assert e719() == []
    _sub(game / "rules.yaml", r"^(\s*recall_at:\s*)3\b", r"\g<1>4")
    again = e719()
    number_words._CLAIMS.cache_clear()
    assert again == e719() and len(again) == 2
    _sub(game / "rules.yaml", r"^(\s*recall_at:\s*)4\b", r"\g<1>3")
    assert e719() == []
