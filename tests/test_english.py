"""One English layer (pnp/english.py) for card text, the rulebook and the reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp import english
from pnp.content.model import Currency
from pnp.content.text import Texts
from pnp.rulebook.context import _environment as rulebook_environment

PACKAGE = Path(english.__file__).resolve().parent


@pytest.mark.parametrize(
    ("template", "printed"),
    [
        ("{{ 6|times }}", "six times"),
        ("{{ 2|times }}", "double"),
        ("{{ 3|word }}", "three"),
        ("{{ 3|nth }}", "third"),
        ("{{ 'apology'|plural(2) }}", "apologies"),
        ("{{ 0.5|share }}", "half"),
        ("{{ 8|money }}", "$8M"),
    ],
)
def test_card_text_and_the_rulebook_say_it_alike(template: str, printed: str) -> None:
    currency = Currency("$", "M")
    assert Texts(currency, {}).render(template, {}) == printed
    assert rulebook_environment(currency).from_string(template).render() == printed


def test_no_module_keeps_an_english_helper_of_its_own() -> None:
    """Plurals, capitals and number words are said in one place."""
    own = re.compile(r"^def _?(plural|cap|word|times|nth|ordinal)\(", re.M)
    found = [
        str(p.relative_to(PACKAGE))
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.name != "english.py" and own.search(p.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_counts_read_as_english() -> None:
    assert english.count(1, "error") == "1 error"
    assert english.count(0, "warning") == "0 warnings"
    assert english.count(3, "apology") == "3 apologies"
    assert english.word(24) == "twenty-four" and english.word(120) == "120"
    assert english.ordinal(11) == "11th" and english.ordinal(22) == "22nd"
