"""W709: printed text capitalises only glossary terms and the names the game defines.

A capital letter on a card tells the player "this is a game term, look it up". So inside a
sentence, a capitalised word (or hyphenated word) must be a glossary term or one of its forms
('Rap Sheet' counts as one term), or part of a name the game defines (a card, door, Goal,
archetype, diplomat, ability, crime type or seat colour). The first word of a sentence, and
words in all capitals (headings such as MORNING on the Quick Reference), are free. Skipped
for a game without a glossary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from pnp.checks.common import at, whole_words
from pnp.checks.printed import defined_names, printed
from pnp.content.cards import GlossaryTerm
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, closest

# A word, hyphenated words joined ('Tip-Off', 'After-Party'), with any apostrophe ("Jet's").
_WORD = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’]*(?:-[^\W_][\w'’]*)*")
_SENTENCE_END = ".:!?"
_OPENING_QUOTES = "\"“‘'«"
_CLOSING = ")]\"”’'»"  # may follow the end of a sentence: 'cancelled). A Favor'


def check(game: Game) -> list[Diagnostic]:
    """Every capitalised word inside a sentence of every printed text."""
    if game.glossary is None:
        return []
    terms = [form for t in game.glossary for form in (t.term, *t.forms)]
    phrases = _phrases([*terms, *defined_names(game)])
    out: list[Diagnostic] = []
    forms: dict[str, list[str]] = {}  # a term's missing form -> where it is printed
    for item in printed(game):
        for word in dict.fromkeys(stray_capitals(item.text.printed, phrases)):
            if inflects(word, game):
                src = item.text.at(word)
                forms.setdefault(word, []).append(f"{src.file}:{src.line}")
                continue
            match = closest(word, terms)
            hint = (
                f"did you mean '{match}'?"
                if match
                else "add it to the glossary, or write it in lower case"
            )
            out.append(
                at(
                    item.text.at(word),
                    "W709",
                    f"the text of {item.label} capitalises '{word}', which is not a "
                    "glossary term or a name in the game",
                    hint,
                )
            )
    for word, places in forms.items():
        term = inflects(word, game)
        assert term is not None
        shown = ", ".join(places[:3]) + (f" and {len(places) - 3} more" if len(places) > 3 else "")
        out.append(
            at(
                term.src,
                "W709",
                f"'{word}' is printed ({shown}) but is not a form of "
                f"the glossary term '{term.term}'",
                f"add it: forms: [{word}]",
            )
        )
    return out


_ENDINGS = ("s", "es", "d", "ed", "ing", "'s", "’s")


def inflects(word: str, game: Game) -> GlossaryTerm | None:
    """The glossary term a word is a plural, verb form or possessive of ('Leaks', 'Repealed'),
    or whose listed form is the word with two letters swapped ('Immunity cihp'), when the
    word is not among the term's forms: the fix is in the glossary, not the text."""
    terms = game.glossary or ()
    if any(word in (t.term, *t.forms) for t in terms):
        return None
    for term in terms:
        for base in (term.term, *term.forms):
            stem = base[:-1] if base.endswith("e") else base
            if any(word == base + end or word == stem + end for end in _ENDINGS) or _swapped(
                word, base
            ):
                return term
    return None


def forms_pattern(base: str) -> str:
    """A regular expression for a word and the forms `inflects` reads as it: its plurals,
    verb forms and possessive ('claim': claims, claimed, claiming; 'propose': proposed)."""
    endings = "|".join(re.escape(e) for e in _ENDINGS)
    stem = base[:-1] if base.endswith("e") else base
    alternatives = [rf"{re.escape(base)}(?:{endings})?"]
    if stem != base:
        alternatives.append(rf"{re.escape(stem)}(?:{endings})")
    return "(?:" + "|".join(alternatives) + ")"


def _swapped(a: str, b: str) -> bool:
    """Whether two words differ only by two neighbouring letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def _phrases(known: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern matching any known term or name as whole words, longest first."""
    return whole_words(known)


def stray_capitals(text: str, phrases: re.Pattern[str] | None) -> list[str]:
    """The capitalised words of `text` that start no sentence, are no heading and are not
    covered by a known term or name (possessives are read without their 's)."""
    return list(_stray_capitals(text, phrases))


@lru_cache(maxsize=20_000)
def _stray_capitals(text: str, phrases: re.Pattern[str] | None) -> tuple[str, ...]:
    """`stray_capitals`, found once per process for the same text and names (a game checked
    again mostly prints the same texts)."""
    covered = [False] * len(text)
    if phrases is not None:
        for m in phrases.finditer(text):
            covered[m.start() : m.end()] = [True] * (m.end() - m.start())
    words = list(_WORD.finditer(text))
    caps = [_capitals(m.group()) for m in words]
    found: list[str] = []
    for i, m in enumerate(words):
        word = m.group()
        if not word[0].isupper() or covered[m.start()]:
            continue
        if caps[i] and (len(word) > 1 or any(caps[i - 1 : i]) or any(caps[i + 1 : i + 2])):
            continue  # a heading in capitals ('CASHING A FAVOR')
        if word == "I" or _starts_sentence(text, m.start()):
            continue
        found.append(re.sub(r"['’]s?$", "", word))
    return tuple(found)


def _capitals(word: str) -> bool:
    """A word in capitals; one-letter words count only beside others ('CASHING A FAVOR')."""
    letters = [ch for ch in word if ch.isalpha()]
    return bool(letters) and all(ch.isupper() for ch in letters)


def _starts_sentence(text: str, start: int) -> bool:
    """After the start of the text, a line break, an opening quote, or '. ', ': ', '! ',
    '? ' (a closing bracket or quote may come between: 'cancelled). A Favor')."""
    before = text[:start]
    stripped = before.rstrip(" \t")
    if not stripped or stripped.endswith("\n"):
        return True
    if stripped == before:  # no space: only an opening quote starts a sentence here
        return stripped[-1] in _OPENING_QUOTES
    end = stripped.rstrip(_CLOSING)
    return bool(end) and end[-1] in _SENTENCE_END
