"""W721: printed text never says a glossary term by a word the glossary avoids for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnp.checks.synonyms import compile_phrase
from pnp.content.cards import GlossaryTerm
from pnp.content.model import Src
from tests.conftest import CONTENT, check_json

DEPARTURE = """\
  - term: Departure
    forms: [Departures]
    means: One of the ways out of the country.
"""
AVOIDING = (
    DEPARTURE
    + """\
    avoid: [claim a Departure, propose a Departure]
    prefer: book
"""
)
PARDON = 'text: "Use: cool {{ cool.amount }} Heat. Departure: book a Pardon at any Heat."'


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line(path: Path, words: str) -> int:
    return next(
        n
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if words in line
    )


def _w721(capsys: pytest.CaptureFixture[str], game: Path) -> list[dict[str, Any]]:
    _, diags = check_json(capsys, game.parent, game.name)
    return [d for d in diags if d["code"] == "W721"]


@pytest.fixture
def mini(copy_game: Any) -> Path:
    """mini-cards whose glossary says a Departure is booked, never claimed or proposed."""
    game: Path = copy_game("mini-cards")
    _replace(game / "glossary.yaml", DEPARTURE, AVOIDING)
    return game


def test_the_avoiding_glossary_alone_is_clean(
    capsys: pytest.CaptureFixture[str], mini: Path
) -> None:
    """'book a Pardon' is the preferred word: nothing to report."""
    assert _w721(capsys, mini) == []


def test_an_avoided_phrase_is_reported_at_its_line(
    capsys: pytest.CaptureFixture[str], mini: Path
) -> None:
    """A door's name stands for the term: 'claim a Pardon' on the second line of a text is
    reported at that line, naming the word, the term and what to say instead."""
    politics = mini / "politics.yaml"
    _replace(
        politics,
        PARDON,
        "text: >-\n      Use: cool {{ cool.amount }} Heat.\n"
        "      Departure: claim a Pardon at any Heat.",
    )
    found = _w721(capsys, mini)
    assert [(Path(d["file"]).name, d["line"]) for d in found] == [
        ("politics.yaml", _line(politics, "claim a Pardon"))
    ]
    message = found[0]["message"]
    assert "'claim' is the word to avoid for 'Departure': say 'book'" in message
    assert "'claim a Pardon'" in message
    assert found[0]["severity"] == "warning"


def test_an_inflected_form_is_reported(capsys: pytest.CaptureFixture[str], mini: Path) -> None:
    """'claimed', 'claims', 'proposing' are forms of the avoided words; small words stand for
    one another ('the Jet' for 'a Departure'). A YAML comment is not printed text."""
    _replace(
        mini / "politics.yaml",
        PARDON,
        'text: "Use: cool {{ cool.amount }} Heat. Departure: you claimed the Jet."',
    )
    _replace(mini / "goals.yaml", "kind: goals", "kind: goals\n# proposing their Departures")
    found = _w721(capsys, mini)
    assert len(found) == 1
    assert "'claimed' is the word to avoid" in found[0]["message"]


def test_propose_a_law_stays_free(capsys: pytest.CaptureFixture[str], mini: Path) -> None:
    """'propose a Departure' is avoided; 'propose a Law' and 'proposed Legalise Smuggling'
    are not Departures, and a quotation is not held to the glossary."""
    _replace(
        mini / "politics.yaml",
        PARDON,
        'text: "Use: propose a Law, or cool {{ cool.amount }} Heat. Departure: book a '
        'Pardon at any Heat, even if you proposed Legalise Smuggling or said \\"I '
        'propose a Pardon\\"."',
    )
    assert _w721(capsys, mini) == []
    _replace(mini / "politics.yaml", "Use: propose a Law", "Use: propose a Boat")
    found = _w721(capsys, mini)
    assert len(found) == 1 and "'propose' is the word to avoid" in found[0]["message"]


def test_a_rulebook_line_is_reported(capsys: pytest.CaptureFixture[str], copy_game: Any) -> None:
    """In the shipped rulebook, 'enter Witness Protection' is reported at its Markdown line."""
    game: Path = copy_game("diplomatic-immunity", CONTENT)
    page = game / "rulebook" / "05-heat.md"
    _replace(
        page,
        "or booking [[Defect]] or [[Witness Protection]] yourself.",
        "or giving it up yourself to [[Defect]] or enter\n[[Witness Protection]].",
    )
    found = _w721(capsys, game)
    assert [(Path(d["file"]).name, d["line"]) for d in found] == [
        ("05-heat.md", _line(page, "to [[Defect]] or enter"))
    ]
    assert "'enter' is the word to avoid for 'Departure'" in found[0]["message"]


def test_shipped_content_says_one_word_for_one_thing(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("diplomatic-immunity", "diamond-heist"):
        _, diags = check_json(capsys, CONTENT, game)
        assert [d for d in diags if d["code"] == "W721"] == []


@pytest.mark.parametrize(
    ("phrase", "text", "hit"),
    [
        ("return their Immunity chip", "Return your Immunity chip.", True),
        ("return their Immunity chip", "they return Immunity to the bank", True),
        ("return ... Immunity", "returns the little Immunity chip", True),
        ("return ... Immunity", "returns its marker. Immunity", False),
        ("return ... Immunity", "a returned Law marker", False),
        ("give up ... Immunity", "giving up your Immunity", True),
        ("discard ... Immunity", "Discard your Immunity", True),
        ("discard ... Immunity", "discard your hand and four more cards, Immunity", False),
    ],
)
def test_phrase_patterns(phrase: str, text: str, hit: bool) -> None:
    """Small words stand for one another or for nothing, '...' for up to three words, a
    phrase never runs across punctuation, and the term stands for its forms."""
    term = GlossaryTerm("Immunity", ("Immunity chip",), "", Src("glossary.yaml", 1, 1))
    compiled = compile_phrase(phrase, term, {})
    assert compiled is not None
    assert (compiled[0].search(text) is not None) is hit


def test_the_quick_test_never_skips_a_text_with_a_hit() -> None:
    """A text the one pattern of stems finds nothing in is a text no avoided phrase
    matches, and a phrase whose stem a text does not hold does not match it: over every
    printed text of Diplomatic Immunity (those with a hit and those without), and texts
    spelt in other cases and forms."""
    from pnp.checks import synonyms
    from pnp.content.project import load_game

    game = load_game(CONTENT, "diplomatic-immunity").game
    phrases = synonyms.avoided(game)
    quick = synonyms._any_of(phrases)
    texts = [prose.text for prose, _own in synonyms.proses(game)]
    made = [p.phrase.replace("...", "the little").upper() + "." for p in phrases]
    texts += [*made, "GAVE up the Immunity", "Giving"]
    stems = synonyms._stems(phrases)
    hits = 0
    for text in texts:
        hit = [p for p in phrases if p.pattern.search(text)]
        hits += bool(hit)
        assert quick.search(text) is not None or not hit, text
        for p in hit:  # nor is a phrase skipped for its stem
            assert stems[p.stem].search(text), (p.phrase, text)
    assert hits >= len(made)  # (each text made from a phrase hits)


def test_a_text_read_again_is_read_alike() -> None:
    """What a text was found to hold is kept by the text and the phrases' patterns: read
    again, with the same phrases or with others, every text of Diplomatic Immunity (and
    texts made from its phrases) gives what reading it afresh with every phrase's pattern
    gives (each match outside quotations and not across a paragraph break)."""
    import re

    from pnp.checks import synonyms
    from pnp.content.project import load_game

    game = load_game(CONTENT, "diplomatic-immunity").game
    phrases = synonyms.avoided(game)
    texts = [prose.text for prose, _own in synonyms.proses(game)]
    texts += [p.phrase.replace("...", "the little").upper() + "." for p in phrases]
    texts += ['He said "claim the Pardon" once.', "Claim a\n\nDeparture."]

    def afresh(text: str, chosen: list[synonyms.Avoided]) -> list[tuple[int, int]]:
        paragraph = r"\n[ \t]*\n"
        quotes = re.finditer(r"\"[^\"]{0,400}?\"|“[^”]{0,400}?”", text)
        quoted = [(q.start(), q.end()) for q in quotes if not re.search(paragraph, q.group())]
        return [
            (i, m.start())
            for i, p in enumerate(chosen)
            for m in p.pattern.finditer(text)
            if not re.search(paragraph, m.group())
            and not any(a <= m.start() < b for a, b in quoted)
        ]

    synonyms._FOUND.cache_clear()
    some = phrases[::2]
    for chosen in (phrases, some, phrases):
        reader = synonyms._Reader(chosen)
        for text in texts:
            assert list(reader.found(text)) == afresh(text, chosen), text
    assert any(afresh(text, phrases) for text in texts)
