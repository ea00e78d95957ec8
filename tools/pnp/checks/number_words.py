"""E719: a number word in printed prose agrees with the rules number it stands for.

Where a template prints a rules number in words (`{{ rules.scandal.recall_at|nth }}
Scandal`, `{{ rules.scandal.lose_money.share|share }} your money`), the words after it say
what that number counts. The check learns them from every template of the game (the
rulebook's Markdown, card and reference texts, Bends, Costs, Signatures, doors, Goals and
the glossary): the words up to the first that is more than a small word ('Scandal', 'your
money'). Only a plain rules number teaches (`rules.x.y`, not a sum, a card's own field or a
worked example's), and only words that follow one rules number wherever they follow one:
'Heat' follows many and says nothing about any of them. A count ('two') is common in prose,
so it is tied only by a game term ('two Politics cards', not 'two players') after the same
word as in the template ('Deal each player two Politics cards'); an ordinal ('third'), a
share ('half') or a multiplier ('double') by the words after it alone.

Then every number word typed by hand in printed prose (the rulebook outside `{{ }}`, every
text above, card flavour and the rulings) that is followed by learned words must have that
rules number's value, in the same kind of word. 'after your third Scandal' in the glossary
is an error once the rules Recall at the fourth, at the line that says it. The cure is to
print the number from the data, or to write the data's word.

Numbers of a worked example (its notes) are the example's own and are checked by playing it.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pnp.checks.common import Kept, whole_words
from pnp.checks.printed import defined_names
from pnp.checks.printed_terms import owners
from pnp.content import rulebook_sources as rb_sources
from pnp.content.cards import Text
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.english import NTH, SHARES, nth, share, times, word
from pnp.rulebook import book as rb
from pnp.rulebook.context import Context, TemplateError

FILTERS: dict[str, Callable[..., str]] = {"word": word, "nth": nth, "share": share, "times": times}
# `{{ expression|word }}`, possibly then `|cap`: the expression and the filter.
_NUMBER_TAG = re.compile(
    r"^\{\{-?\s*(?P<expr>.+?)\s*\|\s*(?P<filter>word|nth|share|times)"
    r"(?:\s*\|\s*cap)*\s*-?\}\}$",
    re.DOTALL,
)
_TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_STOP = re.compile(r"[.,;:!?()\[\]{}·→=+\"“”|¤]")
_BLANK = "¤"  # stands where a template tag was: no phrase runs across it
# Words that do not say what a number counts: a phrase runs on to the first other word.
_SMALL = frozenset(
    (
        "a",
        "an",
        "the",
        "your",
        "their",
        "his",
        "her",
        "its",
        "my",
        "our",
        "of",
        "from",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "more",
        "less",
        "fewer",
        "each",
        "every",
        "other",
        "any",
        "all",
        "and",
        "or",
        "but",
        "as",
        "that",
        "this",
        "these",
        "those",
        "it",
        "them",
        "they",
        "you",
        "we",
        "is",
        "are",
        "be",
        "still",
        "again",
        "extra",
        "one",
        "ones",
    )
)
_PHRASE_WORDS = 4
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_HEADING_ID = re.compile(r"\{#[a-z0-9-]+\}")
_WIKILINK = re.compile(r"\[\[(?:[^\]|\n]*\|)?([^\]\n]*)\]\]")
_FENCE = re.compile(r"^[ \t]*(```|~~~)[ \t]*(\S*)", re.MULTILINE)
_RULES_NUMBER = re.compile(r"rules(?:\.[a-z][a-z0-9_]*)+")  # a plain path: nothing is called


def _lexicon() -> dict[str, dict[tuple[str, ...], float]]:
    """Number words as each filter writes them, by their words (lower case)."""
    cardinals = {word(n): n for n in range(100)}
    return {
        "word": {(w,): n for w, n in cardinals.items()},
        "nth": {(nth(n),): n for n in range(1, len(NTH))},
        # 'all' is left out: 'all your cards' is seldom a share of the rules.
        "share": {tuple(w.split()): v for v, w in SHARES.items() if w != "all"},
        "times": {
            ("once",): 1,
            ("twice",): 2,
            ("double",): 2,
            ("triple",): 3,
            ("thrice",): 3,
            **{(w, "times"): n for w, n in cardinals.items() if n > 1},
        },
    }


LEXICON = _lexicon()


@dataclass(frozen=True, slots=True)
class Prose:
    """Printed words as written: the text with every template tag blanked, so that offsets
    are those of `raw`, and where it starts."""

    label: str  # how a diagnostic names it: 'the rulebook', "the text of 'Leak'"
    raw: str  # as written (a template source, or printed text when no source is kept)
    text: str  # the same with tags, code and link targets blanked
    src: Src
    markdown: bool  # a Markdown file: a line break runs on; in a text it ends a phrase


# (the filter that prints the number, the phrase after it)
Key = tuple[str, tuple[str, ...]]


@dataclass(slots=True)
class Learned:
    """The numbers of the data that one phrase follows where a template prints them."""

    values: dict[str, float] = field(default_factory=dict)  # expression -> value
    where: str = ""  # the first template that prints it, for the hint
    term: bool = False  # the phrase ends in a capitalised word: a game term
    before: set[str] = field(default_factory=set)  # the words just before the number


@dataclass(frozen=True, slots=True)
class Token:
    """A word of a prose, where it stands."""

    start: int
    end: int
    word: str  # lower case


def check(game: Game) -> list[Diagnostic]:
    """Every hand-typed number word followed by a learned phrase, against the data."""
    proses = list(_proses(game))
    if not proses:
        return []
    learned = _learn(game, proses)
    usable = {
        key: item
        for key, item in learned.items()
        if len(item.values) == 1 and (key[0] != "word" or item.term)
    }
    if not usable:
        return []
    files = _yaml_texts(game)
    names = _names(game)
    said = _Said(usable, names)
    out: list[Diagnostic] = []
    for prose in proses:
        for first, end, kind, phrase, expr in said.claims(prose):
            item = usable[(kind, phrase)]
            written = prose.raw[first.start : end]
            value = item.values[expr]
            out.append(_report(prose, files, first, written, kind, phrase, expr, value, item.where))
    return out


# ---- the prose -----------------------------------------------------------------------------


def _blank(chars: list[str], start: int, end: int, mark: bool = True) -> None:
    """Blank a span (keeping its line breaks), with a stop mark where it began."""
    for i in range(start, end):
        if chars[i] != "\n":
            chars[i] = " "
    if mark and start < end and chars[start] != "\n":
        chars[start] = _BLANK


def _masked_text(source: str) -> str:
    """A template's words: its tags blanked."""
    chars = list(source)
    for m in rb.TAG.finditer(source):
        _blank(chars, m.start(), m.end())
    return "".join(chars)


def _masked_markdown(source: str) -> str:
    """A rulebook source's prose: tags, comments, code, heading ids and link targets blanked
    (a link's shown words stay), and fenced code blanked unless it is a `pnp-` figure."""
    chars = list(source)
    for pattern in (rb.TAG, _COMMENT, _CODE, _HEADING_ID):
        for m in pattern.finditer(source):
            _blank(chars, m.start(), m.end())
    for m in _WIKILINK.finditer(source):
        _blank(chars, m.start(), m.start(1), mark=False)
        _blank(chars, m.end(1), m.end(), mark=False)
    fence: tuple[str, str, int] | None = None  # marks, info string, where it opened
    for m in _FENCE.finditer(source):
        if fence is None:
            fence = (m.group(1), m.group(2), m.start())
        elif m.group(1) == fence[0] and not m.group(2):
            if not fence[1].startswith("pnp-"):
                _blank(chars, fence[2], m.end())
            fence = None
    return "".join(chars)


def _text_prose(label: str, text: Text | None) -> Iterator[Prose]:
    if text is not None and text.source.strip():
        yield Prose(label, text.source, _masked_text(text.source), text.src, False)


def _proses(game: Game) -> Iterator[Prose]:
    """Every printed prose of the game, templates and hand-written alike."""
    found, _ = rb_sources.read(game.files)
    for src in found:
        yield Prose(
            "the rulebook", src.text, _masked_markdown(src.text), Src(src.display, 1, 1), True
        )
    for owner in owners(game):
        for text in owner.texts:
            yield from _text_prose(f"the text of {owner.label}", text)
    for card in game.cards or ():
        if card.flavour:
            yield Prose(
                f"the flavour text of '{card.name}'", card.flavour, card.flavour, card.src, False
            )
    for term in game.glossary or ():
        yield from _text_prose(f"the glossary's '{term.term}'", term.text)
    for ruling in game.rulings or ():
        label = f"the ruling '{ruling.id}'"
        for words, kept in ((ruling.ruling, ruling.ruling_text), (ruling.why, ruling.why_text)):
            if kept is not None:
                yield from _text_prose(label, kept)
            else:  # only the printed words are known: find them after the ruling's start
                yield Prose(label, words, words, ruling.src, False)


def _tokens(prose: Prose) -> list[Token]:
    return list(_words(prose.text))


@functools.lru_cache(maxsize=4096)
def _words(text: str) -> tuple[Token, ...]:
    """The words of a text, found once per process for the same text (a game checked again
    mostly prints the same texts, the rulebook's long ones above all)."""
    return tuple(Token(m.start(), m.end(), m.group().casefold()) for m in _TOKEN.finditer(text))


@functools.lru_cache(maxsize=4096)
def _openings(text: str) -> tuple[int, ...]:
    """Which of a text's words (`_words`) may open a number phrase, by their place."""
    return tuple(i for i, t in enumerate(_words(text)) if t.word in _SHAPES)


def _joined(prose: Prose, a: Token | int, b: Token) -> bool:
    """Whether nothing that ends a phrase stands between a token (or an offset) and the next."""
    between = prose.text[a if isinstance(a, int) else a.end : b.start]
    if _STOP.search(between):
        return False
    if prose.markdown:  # a line break runs on; a blank line ends the paragraph
        return re.search(r"\n\s*\n", between) is None
    return "\n" not in between  # a line of a text is a line of the card


def _before(prose: Prose, tokens: list[Token], index: int, start: int) -> str:
    """The word just before offset `start` (where token `index` or a tag begins), if nothing
    that ends a phrase stands between."""
    if index == 0 or index > len(tokens):
        return ""
    prev = tokens[index - 1]
    between = prose.text[prev.end : start]
    return "" if _STOP.search(between) or re.search(r"\n\s*\n", between) else prev.word


def _following(prose: Prose, tokens: list[Token], start: int, after: int) -> list[Token]:
    """The tokens from index `start` on that run on from offset `after`, up to a stop."""
    out: list[Token] = []
    last: Token | int = after
    for t in tokens[start : start + _PHRASE_WORDS]:
        if not _joined(prose, last, t):
            break
        out.append(t)
        last = t
    return out


def _phrase(words: list[str]) -> tuple[str, ...] | None:
    """The words up to the first one that is not a small word, or None."""
    for i, w in enumerate(words):
        if w not in _SMALL:
            return tuple(words[: i + 1])
    return None


# ---- learning ------------------------------------------------------------------------------


def _learn(game: Game, proses: list[Prose]) -> dict[Key, Learned]:
    """Where a template prints a rules number in words, the rules numbers by what surrounds
    them."""
    ctx = Context(game)
    cache: dict[str, float | None] = {}
    learned: dict[Key, Learned] = {}
    for prose in proses:
        if prose.raw == prose.text:
            continue  # no template: nothing to learn
        tokens = _tokens(prose)
        for m in rb.TAG.finditer(prose.raw):
            tag = _NUMBER_TAG.match(m.group())
            if tag is None:
                continue
            expr = " ".join(tag.group("expr").split())
            if not _RULES_NUMBER.fullmatch(expr):
                continue  # a sum, a look-up or a field of the text's own: not a rules number
            if expr not in cache:
                cache[expr] = _value(ctx, expr)
            value = cache[expr]
            if value is None:
                continue
            first = next((i for i, t in enumerate(tokens) if t.start >= m.end()), len(tokens))
            after = _following(prose, tokens, first, m.end())
            phrase = _phrase([t.word for t in after])
            if phrase is None:
                continue
            item = learned.setdefault((tag.group("filter"), phrase), Learned())
            item.values.setdefault(expr, value)
            item.before.add(_before(prose, tokens, first, m.start()))
            item.term |= prose.text[after[len(phrase) - 1].start].isupper()
            if not item.where:
                line = prose.src.line + prose.raw.count("\n", 0, m.start())
                item.where = f"{prose.src.file}:{line}" if prose.markdown else prose.label
    return learned


def _value(ctx: Context, expr: str) -> float | None:
    """A number of the data as the rulebook's templates see it, or None."""
    try:
        shown = ctx.render("{{ " + expr + " }}").strip()
    except (TemplateError, ValueError, TypeError, LookupError, AttributeError):
        return None  # not a number of this game's rules (the rulebook check says why)
    try:
        return float(shown)
    except ValueError:
        return None


# ---- claims --------------------------------------------------------------------------------


def _names(game: Game) -> re.Pattern[str] | None:
    """The names the game defines, whose words are never number words ('Double Agent')."""
    return whole_words(defined_names(game))


# The words a number phrase can start with ('three', 'a third of' ...; most words are
# not), each with the phrases it may start, in the order they are tried (by kind, the
# longest first): (kind, its phrases, how many words).
_SHAPES: dict[str, tuple[tuple[str, dict[tuple[str, ...], float], int], ...]] = {
    first: tuple(
        (kind, words, length)
        for kind, words in LEXICON.items()
        for length in (3, 2, 1)
        if any(len(key) == length and key[0] == first for key in words)
    )
    for first in {key[0] for words in LEXICON.values() for key in words}
}
# A text holds a number phrase only if it holds one of these words (a phrase's first word,
# or for 'a third of' its second): a quick test that skips most texts.
_KEY_WORDS = frozenset(
    key[1] if key[0] == "a" and len(key) > 1 else key[0]
    for words in LEXICON.values()
    for key in words
)
_ANY_FIRST = re.compile(
    r"(?<![^\W_])(?:"
    + "|".join(map(re.escape, sorted(_KEY_WORDS, key=len, reverse=True)))
    + r")(?![^\W_])",
    re.I,
)
_RUN = re.compile(r"[^\W_]+")  # a run of letters and digits
# The letters besides A-Z and a-z that match an ASCII letter when case is ignored (Python's
# `re.IGNORECASE`), which lower-casing would not make ASCII.
_FOLDED = frozenset("\u0130\u0131\u017f\u212a")


def _may_hold(text: str) -> bool:
    """Whether `_ANY_FIRST` finds a word in the text. Such a text holds a run of letters and
    digits that is a key word in lower case (a hyphenated key word's run before its hyphen
    is one too), which one pass finds at a fifth of the cost of trying every key word at
    every place; a text with one of the four letters `re.IGNORECASE` folds to ASCII is
    searched as it is."""
    if _FOLDED.isdisjoint(text):
        return not _KEY_WORDS.isdisjoint(_RUN.findall(text.lower()))
    return _ANY_FIRST.search(text) is not None


# A claim: the number word's token, where the phrase after it ends, the filter, the phrase,
# and the expression of the data it should print.
Claim = tuple[Token, int, str, tuple[str, ...], str]

# What `_Said.claims` found, by the prose's words and what decides a claim (the phrases
# learned, with their numbers and the words before them, and the names).
_CLAIMS: Kept[tuple[Claim, ...]] = Kept()


class _Said:
    """Reads texts for number words that the data contradicts."""

    def __init__(self, usable: dict[Key, Learned], names: re.Pattern[str] | None) -> None:
        self.usable = usable
        self.names = names
        self.key = (
            tuple(
                (key, tuple(sorted(item.values.items())), tuple(sorted(item.before)))
                for key, item in sorted(usable.items())
            ),
            names.pattern if names else None,
        )

    def claims(self, prose: Prose) -> tuple[Claim, ...]:
        """Every number word of the prose that a learned phrase follows, and the data
        prints otherwise, in order."""
        key = (prose.text, prose.markdown, self.key)
        return _CLAIMS.get(key, lambda: tuple(_claims(prose, self.usable, self.names)))


def _claims(
    prose: Prose, usable: dict[Key, Learned], names: re.Pattern[str] | None
) -> Iterator[Claim]:
    if not _may_hold(prose.text):
        return  # most texts have no number word at all
    tokens = _tokens(prose)
    named = [(m.start(), m.end()) for m in names.finditer(prose.text)] if names else []
    starts = [a for a, _ in named]  # in order, and apart: finditer's matches
    for i in _openings(prose.text):
        first = tokens[i]
        k = bisect.bisect_right(starts, first.start) - 1
        if k >= 0 and first.start < named[k][1]:
            continue  # a word of a name ('Double Agent')
        for kind, words, length in _SHAPES.get(first.word, ()):
            run = tokens[i : i + length]
            key = tuple(t.word for t in run)
            if (
                len(run) < length
                or key not in words
                or not all(_joined(prose, a, b) for a, b in itertools.pairwise(run))
            ):
                continue
            after = _following(prose, tokens, i + length, run[-1].end)
            found = _match(kind, [t.word for t in after], usable)
            if found is None:
                continue
            phrase, expr, learned = found
            if kind == "word" and _before(prose, tokens, i, first.start) not in learned.before:
                continue  # a count of the same thing, said of something else
            if abs(words[key] - learned.values[expr]) > 1e-9:
                yield first, after[len(phrase) - 1].end, kind, phrase, expr


def _match(
    kind: str, words: list[str], usable: dict[Key, Learned]
) -> tuple[tuple[str, ...], str, Learned] | None:
    """The longest learned phrase of this kind that the words start with."""
    for n in range(min(len(words), _PHRASE_WORDS), 0, -1):
        learned = usable.get((kind, tuple(words[:n])))
        if learned is not None:
            (expr,) = learned.values
            return tuple(words[:n]), expr, learned
    return None


def _report(
    prose: Prose,
    files: dict[str, str],
    first: Token,
    written: str,
    kind: str,
    phrase: tuple[str, ...],
    expr: str,
    value: float,
    where: str,
) -> Diagnostic:
    line, col = _locate(prose, files, first)
    shown = int(value) if value == int(value) else value
    said = " ".join(written.split())
    right = FILTERS[kind](shown) + " " + " ".join(said.split()[-len(phrase) :])
    field = "{{ " + f"{expr}|{kind}" + " }}"
    hint = (
        f"print it from the data, as {where} does: {field}"
        if prose.markdown
        else f"write '{right}' ({where} prints it from the data: {field})"
    )
    return Diagnostic(
        prose.src.file,
        line,
        col,
        "E719",
        f"{prose.label} says '{said}', but the data says '{right}' ({expr} is {shown})",
        hint,
    )


def _yaml_texts(game: Game) -> dict[str, str]:
    """The game's YAML files as read, by the name diagnostics give them."""
    files = game.files
    if files is None:
        return {}
    return {
        f.display: f.data.decode("utf-8", "replace").replace("\r\n", "\n") for f in files.yaml()
    }


def _locate(prose: Prose, files: dict[str, str], token: Token) -> tuple[int, int]:
    """The line and column of a token: in a Markdown source by counting; in a YAML text by
    finding the same occurrence of its word after the text's start in the file."""
    if prose.markdown:
        line = prose.src.line + prose.text.count("\n", 0, token.start)
        return line, token.start - (prose.text.rfind("\n", 0, token.start) + 1) + 1
    written = prose.raw[token.start : token.end]
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(written)}(?![\w'’-])")
    nth_one = len(pattern.findall(prose.raw, 0, token.start))
    text = files.get(prose.src.file)
    if text is None:
        return prose.src.line, prose.src.col
    lines = text.split("\n")
    offset = sum(len(x) + 1 for x in lines[: prose.src.line - 1]) + prose.src.col - 1
    for n, m in enumerate(pattern.finditer(text, offset)):
        if n == nth_one:
            return (
                text.count("\n", 0, m.start()) + 1,
                m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1,
            )
    return prose.src.line, prose.src.col
