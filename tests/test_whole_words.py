"""Finding a game's names and terms in its texts as whole words, at a cost that does not
grow with their number: `checks.common.whole_words` (one pattern written as a trie,
matching exactly where the longest-first list of alternatives matches) and
`checks.rulebook.used` (a term is searched for only when the text holds its first word)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.checks import number_words
from pnp.checks.common import whole_words
from pnp.checks.rulebook import _TOKEN, used

LETTERS = "ab -1Iz"


def _listed(phrases: list[str]) -> re.Pattern[str]:
    """The plain pattern: every phrase an alternative, longest first."""
    found = sorted({p for p in phrases if p.strip()}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, found)) + r")(?![\w-])")


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


@given(
    st.lists(st.text(LETTERS, min_size=1, max_size=6), min_size=1, max_size=10),
    st.text(LETTERS + ".x", max_size=60),
)
def test_the_trie_matches_where_the_list_matches(phrases: list[str], text: str) -> None:
    found = whole_words(phrases)
    if not any(p.strip() for p in phrases):
        assert found is None
        return
    assert found is not None
    assert _spans(found, text) == _spans(_listed(phrases), text)


def test_a_longer_name_gives_way_to_a_shorter_one_where_a_word_goes_on() -> None:
    found = whole_words(["Cigar", "Cigar Run", "Cigar Run II", "Run"])
    assert found is not None and found.pattern.count("Cigar") == 1  # a trie, not a list
    text = "Cigar Runner, Cigar Run II, Cigar Run IIb and a Run-off"
    assert [text[a:b] for a, b in _spans(found, text)] == ["Cigar", "Cigar Run II", "Cigar Run"]


def test_names_nested_deeper_than_the_trie_goes_match_as_a_list() -> None:
    """A hundred names each one letter longer than the last: written as the plain list."""
    phrases = ["a" * n for n in range(1, 101)]
    found = whole_words(phrases)
    assert found is not None and "(?:a(?:" not in found.pattern
    text = "a aaa " + "a" * 100 + " " + "a" * 101
    assert _spans(found, text) == _spans(_listed(phrases), text)


def test_special_characters_are_literal() -> None:
    found = whole_words(["C++ (new)", "$3M", "a.b"])
    assert found is not None
    assert [m.group() for m in found.finditer("pay $3M to C++ (new), not axb or a.b")] == [
        "$3M",
        "C++ (new)",
        "a.b",
    ]


@given(
    st.lists(st.text(LETTERS + "$'", min_size=1, max_size=6), min_size=1, max_size=4),
    st.text(LETTERS + ".x$'", max_size=60),
)
def test_a_term_skipped_for_its_first_word_is_one_a_search_would_not_find(
    forms: list[str], text: str
) -> None:
    """`used` answers as the search of the whole text for every form does, whatever the
    forms start with."""
    ordered = sorted(set(forms), key=len, reverse=True)
    search = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ordered)) + r")(?![\w-])")
    assert used(ordered, text, set(_TOKEN.findall(text))) == bool(search.search(text))


def test_an_unused_term_of_a_large_glossary_is_not_searched_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A term whose first word the book never has is answered without a search."""
    from pnp.checks import rulebook

    text = "The Street deck and the Politics deck. " * 2000
    tokens = set(_TOKEN.findall(text))
    assert used(["Politics deck"], text, tokens)

    class NoSearch:
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"re.{name} called: the book was searched")

    monkeypatch.setattr(rulebook, "re", NoSearch())
    assert not used(["Zz Unheard", "Zz Unheards"], text, tokens)


# Pieces of text: number words in any case and hyphenated, and what may stand next to one
# (a letter, a digit, an underscore, a hyphen, an accented letter, the four letters that
# match an ASCII letter when case is ignored).
_PIECES = st.sampled_from(
    [
        "two",
        "TWO",
        "Twice",
        "twenty-one",
        "thirty",
        "third",
        "a",
        "x",
        "é",
        "9",
        "_",
        "-",
        " ",
        "’",
        ".",
        "\u0130",
        "\u0131",
        "\u017f",
        "\u212a",
        "s",
        "k",
        "ix",
        "ſix",
        "one",
    ]
)


@given(st.lists(_PIECES, max_size=12).map("".join))
def test_the_quick_test_for_a_number_word_agrees_with_the_search(text: str) -> None:
    """`_may_hold` finds a number word exactly where the case-blind search does."""
    assert number_words._may_hold(text) == (number_words._ANY_FIRST.search(text) is not None)


def test_the_quick_test_sees_a_word_behind_a_folded_letter() -> None:
    """'ſix' (a long s) is 'six' to a case-blind search: the quick test says so too, where
    lower-casing alone would miss it; a number word inside a longer word is none."""
    assert number_words._may_hold("ſix cards")
    assert number_words._may_hold("Pay TWICE.")
    assert not number_words._may_hold("twofold nonetheless_x2 done")
