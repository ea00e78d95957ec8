"""The rulebook checks (E750-W755) and the template context, case by case: what counts as a
number typed by hand, where a diagnostic points, and what a template may use."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp import pipeline
from pnp.checks.rulebook import typed_numbers
from pnp.content.model import Currency
from pnp.content.project import load_game
from pnp.diagnostics import Diagnostic
from pnp.english import nth, plural, share, times, word
from pnp.rulebook import book as rb
from pnp.rulebook.document import Heading, Para
from tests.conftest import CONTENT, FIXTURES

MONEY = Currency("$", "M")


def _numbers(text: str, names: tuple[str, ...] = ()) -> list[str]:
    return [t.written for t in typed_numbers(text, MONEY, list(names))]


# ---- E750: what is a number typed by hand ----------------------------------------------------


def test_typed_numbers_are_found() -> None:
    """Money, bare numbers, ranges and typed ordinals in prose are numbers typed by hand."""
    assert _numbers("Pay $8M to leave, or 3 Heat.") == ["$8M", "3"]
    assert _numbers("With 2–10 cards, on the 3rd Scandal.") == ["2", "10", "3rd"]


def test_fields_words_and_names_are_not() -> None:
    """Fields, words, digits inside a word or a name, list markers, code, comments and
    links are not numbers typed by hand."""
    text = """1. Roll the d6 ({{ rules.setup.die_sides }} sides), rulebook v0.27.
2. Use [[Rule 34]], `code 12`, <!-- note 5 --> and {{ literal('2015') }}.
{## a comment with 7 ##}
```
plain code 9
```
Agent 47 is a name."""
    assert _numbers(text, ("Agent 47",)) == []


def test_figures_are_prose() -> None:
    """The turn diagram's fence is prose, so its numbers are checked."""
    assert _numbers("```pnp-turn\nMorning | up | draw 2\n```\n") == ["2"]


def test_positions_are_the_source_line_and_column() -> None:
    found = list(typed_numbers("# Title\n\nPay {{ x }} or $8M.\n", MONEY, []))
    assert [(t.line, t.col, t.written, t.value) for t in found] == [(3, 16, "$8M", 8)]


# ---- running the checks on a game --------------------------------------------------------------


def _line(text: str, part: str) -> int:
    """The line of a text on which `part` starts."""
    return text[: text.index(part)].count("\n") + 1


def _check(tmp_path: Path, rulebook: str, **files: str) -> list[Diagnostic]:
    content = tmp_path / f"content-{len(list(tmp_path.iterdir()))}"
    game = content / "mini-book"
    shutil.copytree(FIXTURES / "valid" / "mini-book", game)
    (game / "rulebook.md").write_text(rulebook, encoding="utf-8")
    for name, text in files.items():
        (game / name.replace("_", ".")).write_text(text, encoding="utf-8")
    return pipeline.check(content, ["mini-book"]).diagnostics


def _codes(found: list[Diagnostic]) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in found]


BASE = (FIXTURES / "valid" / "mini-book" / "rulebook.md").read_text(encoding="utf-8")


def test_hint_names_the_field(tmp_path: Path) -> None:
    """The hint of a typed number names the fields that hold it."""
    found = _check(tmp_path, BASE.replace("{{ rules.diamonds }}", "15"))
    (d,) = found
    assert d.code == "E750" and "{{ rules.diamonds }}" in d.hint


def test_a_number_no_data_holds_may_be_a_literal(tmp_path: Path) -> None:
    found = _check(tmp_path, BASE + "\nFirst printed in 1999.\n")
    (d,) = found
    assert d.code == "E750" and "literal('1999')" in d.hint


def test_heading_with_subsections_has_a_body(tmp_path: Path) -> None:
    """A heading followed by a deeper heading is not empty; one followed by its own level is."""
    text = BASE + (
        "\n# Variants\n\n## Gunman\n\nPlays like a loyalist.\n\n## Empty\n\n# End\n\nThe end.\n"
    )
    assert _codes(_check(tmp_path, text)) == [("E751", _line(text, "## Empty"))]


def test_lead_in_with_nothing_after_it(tmp_path: Path) -> None:
    """A sentence ending in ':' that nothing follows, as the seed's "still limited:"."""
    text = BASE + "\nWhat they have is still limited:\n\n# End\n\nThe end.\n"
    found = _check(tmp_path, text)
    assert _codes(found) == [("E751", _line(text, "What they"))] and "':'" in found[0].message


def test_links_point_at_their_line(tmp_path: Path) -> None:
    """A link inside a list item or a Markdown link to an unknown section is found at its
    line."""
    text = BASE + "\n- one\n- two, see\n  [[Nowhere]]\n\nAnd [this](#nowhere-either).\n"
    assert _codes(_check(tmp_path, text)) == [
        ("E752", _line(text, "  [[Nowhere]]")),
        ("E752", _line(text, "And [this]")),
    ]


def test_links_to_things_resolve(tmp_path: Path) -> None:
    """Sections by heading or id, roles, pieces and glossary terms (in any case) are known."""
    text = BASE + "\nSee [[overview]], [[Thief]], [[diamond]], [[treasure|the pile]].\n"
    assert _check(tmp_path, text) == []


def test_template_errors_have_their_line(tmp_path: Path) -> None:
    """A bad field, a bad block argument and a block inside a paragraph: E754 at the line."""
    text = BASE + "\n{{ rules.nothing }}\n"
    (d,) = _check(tmp_path, text)
    assert (d.code, d.line) == ("E754", _line(text, "{{ rules.nothing")) and "nothing" in d.message
    (d,) = _check(tmp_path, BASE.replace("{{ rulings() }}", "{{ rulings('Takign') }}"))
    assert d.code == "E754" and "did you mean 'Taking'" in d.message
    text = BASE + "\nText {{ treasure_table() }} inline.\n"
    (d,) = _check(tmp_path, text)
    assert (d.code, d.line) == ("E754", _line(text, "Text {{")) and "alone" in d.message


def test_multi_line_tags_keep_later_lines(tmp_path: Path) -> None:
    """A jinja2 comment or call over several lines does not move the lines after it."""
    text = "{##\nA note\nover lines\n##}\n" + BASE + "\n[[Nowhere]]\n"
    assert _codes(_check(tmp_path, text)) == [("E752", _line(text, "[[Nowhere]]"))]
    assert rb.keep_lines("a\n{{ x(\n1) }}\nb") == "a\n{{ x(\n1) }}\n\nb"


def test_unreadable_source(tmp_path: Path) -> None:
    game = tmp_path / "content" / "mini-book"
    shutil.copytree(FIXTURES / "valid" / "mini-book", game)
    (game / "rulebook.md").write_bytes("Caf\xe9".encode("latin-1"))  # not UTF-8
    (d,) = pipeline.check(tmp_path / "content", ["mini-book"]).diagnostics
    assert (d.code, Path(d.file).name) == ("E102", "rulebook.md")


def test_a_game_without_a_rulebook_is_not_checked() -> None:
    """No rulebook, no rulebook diagnostics (the other fixtures have none)."""
    assert pipeline.check(FIXTURES / "valid", ["mini-heist"]).diagnostics == []


def test_mini_book_is_clean() -> None:
    """The base of the rulebook fixtures has no diagnostic at all."""
    assert pipeline.check(FIXTURES / "valid", ["mini-book"]).diagnostics == []


@pytest.mark.parametrize("game", ["diplomatic-immunity", "diamond-heist"])
def test_shipped_rulebooks_are_clean(game: str) -> None:
    """The shipped rulebooks pass every rulebook check, warnings included."""
    found = pipeline.check(CONTENT, [game]).diagnostics
    assert [d.format() for d in found if d.code.startswith(("E75", "W75"))] == []


# ---- the template context ----------------------------------------------------------------------


def test_filters() -> None:
    assert [word(3), word(24), word(100)] == ["three", "twenty-four", "100"]
    assert [nth(3), nth(12), nth(21)] == ["third", "twelfth", "21st"]
    assert [plural("crime", 1), plural("crime", 2), plural("apology", 2)] == [
        "crime",
        "crimes",
        "apologies",
    ]
    assert [share(0.5), times(2), times(3)] == ["half", "double", "three times"]


def test_look_ups_give_fields_and_printed_text() -> None:
    """Door, Goal and card look-ups give their terms' parameters and printed text."""
    from pnp.rulebook.context import Context

    ctx = Context(load_game(CONTENT, "diplomatic-immunity").game)
    assert ctx.render("{{ door('defect').heat_at_least.heat }}") == "2"
    assert ctx.render("{{ goal('extravagance').money_at_least.money|money }}") == "$20M"
    assert ctx.render("{{ door('private-jet').text }}") == "Pay $8M."
    assert ctx.render("{{ archetype('ambassador').bend.vote_count.times|times }}") == "double"
    with pytest.raises(Exception, match="did you mean 'private-jet'"):
        ctx.render("{{ door('private-jat').price }}")


def test_headings_get_anchors() -> None:
    """Headings take their anchor from their text or an explicit {#id}; repeats are
    numbered."""
    book = rb.load(load_game(CONTENT, "diplomatic-immunity").game)
    ids = [n.id for n in book.nodes if isinstance(n, Heading)]
    assert "overview" in ids and "leaving-the-country" in ids
    assert "why-it-plays-the-way-it-does" in ids and "why-it-plays-the-way-it-does-2" in ids
    assert len(ids) == len(set(ids))
    assert all(isinstance(n, Heading | Para) or n for n in book.nodes)
