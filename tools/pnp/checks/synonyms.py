"""W721: one word for one thing. Printed text never says a glossary term by a word to avoid.

A player who reads "book a Departure" on one card and "claim Asylum" on another asks whether
claiming is something else. So a glossary term may list, under `avoid`, the words or short
phrases printed text must not use for it, and under `prefer` what to say instead (the term's
own name when it gives none):

    - term: Departure
      avoid: [claim a Departure, enter a Departure, propose a Departure]
      prefer: book

An avoided phrase is matched case-insensitively, as whole words, each word with the forms
the glossary check reads as it (`inflects`: 'claim' hits 'claims', 'claimed', 'claiming').
In a phrase, a small word such as 'a', 'the', 'your' or 'their' stands for any such word or
none ('return their Immunity chip' hits 'Return your Immunity chip'); '...' stands for up
to three words ('discard ... Immunity' hits 'discard your Immunity'); and the term's own
name, or one of its forms, stands for the term, its forms and the name of anything of that
kind in the game: a door for a Departure, a Goal for a Goal, a card for its kind ('claim a
Departure' hits 'claim Asylum', while 'propose a Law' stays free).

Every printed text is read: card texts as printed (reference cards included) and their
flavour, Bends, Costs and Signatures, doors (rulebook text and board), Goals, the glossary's
definitions of the other terms, the rulings and the rulebook's Markdown prose (outside its
templates). Words inside double quotes are quotations, of the source rulebook or of what a
player says, and are not held to it. Each hit is reported at the line that prints it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pnp.checks.common import Kept
from pnp.checks.glossary import forms_pattern
from pnp.checks.number_words import Prose, Token, _locate, _masked_markdown, _yaml_texts
from pnp.checks.printed_terms import owners
from pnp.content import rulebook_sources as rb_sources
from pnp.content.cards import GlossaryTerm, Text
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic

# Small words that stand for one another, or for nothing, in an avoided phrase.
DETERMINERS = ("a", "an", "the", "your", "their", "his", "her", "its", "this", "that", "my", "our")
GAP = "..."
_GAP_WORDS = 3
_SPACE = r"\s+"
_WORD = r"[^\W_][\w'’-]*"
_EDGE_BEFORE = r"(?<![\w'’-])"
_EDGE_AFTER = r"(?![\w'’-])"
# A quotation: straight or curly double quotes, within one paragraph.
_QUOTED = re.compile(r"\"[^\"]{0,400}?\"|“[^”]{0,400}?”")
_PARAGRAPH = re.compile(r"\n[ \t]*\n")


@dataclass(frozen=True, slots=True)
class Avoided:
    """One phrase a glossary term avoids, compiled: `words` are the groups of the pattern
    that hold the avoided words themselves (not the term, nor the small words)."""

    term: GlossaryTerm
    phrase: str
    pattern: re.Pattern[str]
    words: tuple[str, ...]
    stem: str  # what every match holds: the stem of its first avoided word


def kinds(game: Game) -> dict[str, set[str]]:
    """The names of the game's things by what they are, in lower case: 'departure' (the
    doors), 'goal', and each kind of card ('law', 'dirty trick', 'departure card')."""
    out: dict[str, set[str]] = {}
    out.setdefault("departure", set()).update(d.name for d in game.doors or ())
    out.setdefault("goal", set()).update(g.name for g in game.goals or ())
    for card in game.cards or ():
        out.setdefault(card.kind.value.replace("-", " "), set()).add(card.name)
    return out


def _spelling(words: str) -> str:
    """A name as a pattern: its words in order, any spacing between them."""
    return _SPACE.join(re.escape(w) for w in words.split())


def compile_phrase(
    phrase: str, term: GlossaryTerm, instances: dict[str, set[str]]
) -> tuple[re.Pattern[str], tuple[str, ...]] | None:
    """The pattern of one avoided phrase and the names of its groups that hold avoided
    words; None for a phrase with nothing to match (only small words)."""
    compiled = _compile(phrase, term, instances)
    return None if compiled is None else compiled[:2]


def _compile(
    phrase: str, term: GlossaryTerm, instances: dict[str, set[str]]
) -> tuple[re.Pattern[str], tuple[str, ...], str] | None:
    """`compile_phrase`, and the stem of the phrase's first avoided word, which every
    form of the word starts with (`forms_pattern`)."""
    names = [term.term, *term.forms]
    own = {n.casefold() for n in names}
    tokens = phrase.split()
    pieces: list[str] = []
    groups: list[str] = []
    stems: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        low = token.casefold()
        # the term itself, or one of its forms (the longest that the phrase spells out)
        span = next(
            (
                n
                for n in range(len(tokens) - i, 0, -1)
                if " ".join(tokens[i : i + n]).casefold() in own
            ),
            0,
        )
        if span:
            spelt = set(names)
            for kind, things in instances.items():
                if kind in own or kind + "s" in own:
                    spelt |= things
            alternatives = "|".join(_spelling(n) for n in sorted(spelt, key=len, reverse=True))
            pieces.append(("" if not pieces else _SPACE) + f"(?:{alternatives})")
            i += span
            continue
        if token == GAP:
            if pieces:
                pieces.append(f"(?:{_SPACE}{_WORD}){{0,{_GAP_WORDS}}}")
        elif low in DETERMINERS:
            if pieces:
                pieces.append(f"(?:{_SPACE}(?:{'|'.join(DETERMINERS)}))?")
        else:
            name = f"w{len(groups)}"
            groups.append(name)
            stems.append(low[:-1] if low.endswith("e") else low)
            pieces.append(("" if not pieces else _SPACE) + f"(?P<{name}>{forms_pattern(low)})")
        i += 1
    if not groups:
        return None
    pattern = re.compile(_EDGE_BEFORE + "".join(pieces) + _EDGE_AFTER, re.IGNORECASE)
    return pattern, tuple(groups), stems[0]


def avoided(game: Game) -> list[Avoided]:
    """Every phrase the glossary avoids, compiled."""
    instances = kinds(game)
    out: list[Avoided] = []
    for term in game.glossary or ():
        for phrase in term.avoid:
            compiled = _compile(phrase, term, instances)
            if compiled is not None:
                out.append(Avoided(term, phrase, *compiled))
    return out


def _text(label: str, text: Text | None) -> Iterator[Prose]:
    """A YAML text as printed (found in its file by the words it prints)."""
    if text is not None and text.printed.strip():
        yield Prose(label, text.printed, text.printed, text.src, False)


def proses(game: Game) -> Iterator[tuple[Prose, GlossaryTerm | None]]:
    """Every printed prose of the game, with the glossary term it defines (if it does)."""
    found, _ = rb_sources.read(game.files)
    for src in found:
        yield (
            Prose(
                "the rulebook", src.text, _masked_markdown(src.text), Src(src.display, 1, 1), True
            ),
            None,
        )
    for owner in owners(game):
        for text in owner.texts:
            for prose in _text(f"the text of {owner.label}", text):
                yield prose, None
    for card in game.cards or ():
        if card.flavour:
            yield (
                Prose(
                    f"the flavour text of '{card.name}'",
                    card.flavour,
                    card.flavour,
                    card.src,
                    False,
                ),
                None,
            )
    for term in game.glossary or ():
        for prose in _text(f"the glossary's '{term.term}'", term.text):
            yield prose, term
    for ruling in game.rulings or ():
        for kept in (ruling.ruling_text, ruling.why_text):
            for prose in _text(f"the ruling '{ruling.id}'", kept):
                yield prose, None


def _quotations(text: str) -> list[tuple[int, int]]:
    return [
        (m.start(), m.end()) for m in _QUOTED.finditer(text) if not _PARAGRAPH.search(m.group())
    ]


def check(game: Game) -> list[Diagnostic]:
    """Every avoided word or phrase in every printed text, at its line."""
    phrases = avoided(game)
    if not phrases:
        return []
    files = _yaml_texts(game)
    reader = _Reader(phrases)
    out: list[Diagnostic] = []
    for prose, own in proses(game):
        for i, start in reader.found(prose.text):
            item = phrases[i]
            if item.term is own:
                continue  # a term's own definition may say what it is not
            m = item.pattern.match(prose.text, start)
            assert m is not None  # where it was found, as `found` found it
            out.append(_report(prose, files, item, m))
    return out


# What `_Reader.found` found, by the text and the patterns it read it with.
_FOUND: Kept[tuple[tuple[int, int], ...]] = Kept()


class _Reader:
    """Reads texts for a game's avoided phrases."""

    def __init__(self, phrases: list[Avoided]) -> None:
        self.phrases = phrases
        self.patterns = tuple(item.pattern.pattern for item in phrases)
        self.anywhere = _any_of(phrases)
        self.stems = _stems(phrases)

    def found(self, text: str) -> tuple[tuple[int, int], ...]:
        """(the phrase's index, where its match starts) for every avoided phrase the text
        holds, outside quotations and not across a paragraph break, in the order of the
        phrases and then of the text."""
        return _FOUND.get((text, self.patterns), lambda: self._read(text))

    def _read(self, text: str) -> tuple[tuple[int, int], ...]:
        if self.anywhere.search(text) is None:
            return ()  # no avoided phrase at all: most texts
        held = {stem for stem, pattern in self.stems.items() if pattern.search(text)}
        quoted: list[tuple[int, int]] | None = None
        out: list[tuple[int, int]] = []
        for i, item in enumerate(self.phrases):
            if item.stem not in held:
                continue  # no form of its first avoided word is in the text
            for m in item.pattern.finditer(text):
                if _PARAGRAPH.search(m.group()):
                    continue
                if quoted is None:
                    quoted = _quotations(text)
                if any(a <= m.start() < b for a, b in quoted):
                    continue
                out.append((i, m.start()))
        return tuple(out)


def _any_of(phrases: list[Avoided]) -> re.Pattern[str]:
    """A pattern that finds, in any text holding one of the avoided phrases, the stem of
    that phrase's first avoided word, matched by the phrases' own case rules: a text it
    finds nothing in holds none of them. A text is read once for all the stems, where each
    phrase's pattern would read it again."""
    stems = sorted({item.stem for item in phrases}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, stems)), re.IGNORECASE)


def _stems(phrases: list[Avoided]) -> dict[str, re.Pattern[str]]:
    """Each stem on its own, in any case: a text holds an avoided phrase only where it
    holds that phrase's stem, so a text that `_any_of` finds something in is read by the
    phrases of the stems it holds, not by all of them."""
    return {item.stem: re.compile(re.escape(item.stem), re.IGNORECASE) for item in phrases}


def _report(prose: Prose, files: dict[str, str], item: Avoided, m: re.Match[str]) -> Diagnostic:
    first = re.match(_WORD, prose.text[m.start() :])
    token = Token(
        m.start(),
        m.start() + (first.end() if first else 1),
        (first.group() if first else "").casefold(),
    )
    line, col = _locate(prose, files, token)
    said = " ".join(m.group().split())
    word = " ".join(m.group(g) for g in item.words if m.group(g))
    term = item.term
    prefer = term.prefer or term.term
    where = f"{term.src.file}:{term.src.line}"
    return Diagnostic(
        prose.src.file,
        line,
        col,
        "W721",
        f"'{word}' is the word to avoid for '{term.term}': say '{prefer}' "
        f"({prose.label} says '{said}')",
        f"write '{prefer}' instead: the glossary's '{term.term}' ({where}) "
        f"lists '{item.phrase}' under `avoid`",
    )
