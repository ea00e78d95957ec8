"""E750-W755: the rulebook's Markdown sources say what the data says, and say all of it.

- E750: a digit typed in rulebook prose. Every number of the rules is a field of the data
  (`{{ door('private-jet').price|money }}`), so the rulebook follows the next change of the
  data. The rule is simple: outside `{{ }}` (and `{% %}`, `{## ##}`), any run of digits that
  does not follow a letter is reported ('$8M', '2', '3rd', '2–10'); digits inside a word or
  a name the game defines ('d6', 'v0.27', 'Rule 34') are not. Numbered list markers ('1.'),
  a picture's path (`![...](art/01-table.svg)`) and code are not prose. A number that is
  not data is written in words or, explicitly, as `{{ literal('2015') }}`. The hint names
  the fields that hold the number.
- E751: a heading with nothing under it (no text, no subsection), or a sentence ending in
  ':' that nothing follows, as the seed rulebook's "Other endings" and "What they have is
  still limited:".
- E752: a `[[link]]` (or `(#id)`) that names no section, door, Goal, card, character, role,
  piece, crime type or glossary term.
- W753: a glossary term that the rulebook's own words never use.
- E754: a source that cannot be filled, a generated block that cannot be made, or a picture
  whose path only filling the source makes (so it was never checked). A worked example that
  cannot be printed is not the rulebook's problem: the examples check reports it at the
  example's own line (E201, E204, E701), and the rulebook does not repeat it.
- W755: a ruling that no `{{ rulings() }}` block prints.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from pnp.checks import glossary, hooks
from pnp.checks.common import at
from pnp.checks.printed import defined_names
from pnp.content import rulebook_sources as rb_sources
from pnp.content.model import Currency
from pnp.content.project import Game
from pnp.content.text import term_fields
from pnp.diagnostics import Diagnostic
from pnp.rulebook import book as rb
from pnp.rulebook.document import Heading, Para

_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_WIKILINK = re.compile(r"\[\[[^\]\n]*\]\]")
_CODE = re.compile(r"`[^`\n]*`")
_HEADING_ID = re.compile(r"\{#[a-z0-9-]+\}")
_IMAGE_PATH = re.compile(r"!\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^\s)]+)")  # the path, not the words
_LIST_MARKER = re.compile(r"^(\s*(?:>\s*)*)(\d+[.)])(?=\s)")
_FENCE = re.compile(r"^\s*(```|~~~)\s*(\S*)")
# A run of digits that follows no letter, digit or decimal point ('v0.27' is not one).
_NUMBER = re.compile(r"(?<![^\W\d_])(?<![\d.])\d+(?:[.,]\d+)*[^\W_]*")
_MONEY_FIELDS = {"money", "price", "payout", "law_fee", "deny_price", "total", "amount"}


def check(game: Game) -> list[Diagnostic]:
    """Every rulebook check on one game (nothing for a game without a rulebook)."""
    book = rb.load(game)
    if book.empty:
        return list(book.diagnostics)
    out = _own(game, book.diagnostics)
    out += _typed_numbers(game)
    out += _empty(book)
    for link in book.links:
        if link.known or not book.complete:
            continue  # (a source that could not be filled hides the sections it holds)
        term = glossary.inflects(link.target.strip(), game)
        if term is not None:  # the glossary lacks the form, not the book a name
            out.append(
                at(
                    term.src,
                    "E752",
                    f"the rulebook refers to '{link.target}' "
                    f"({link.where.file}:{link.where.line}), which is not a form of the "
                    f"glossary term '{term.term}'",
                    "add it to the term's forms, or check their spelling",
                )
            )
            continue
        out.append(
            Diagnostic(
                link.where.file,
                link.where.line,
                1,
                "E752",
                f"the rulebook refers to '{link.target}', which is nothing in this game",
                "link to a section by its heading or id, or to a door, Goal, card, "
                "character, role or glossary term by its name",
            )
        )
    if not book.complete:  # what the book uses is unknown until every part can be filled
        return out
    out += _unused_terms(game, book)
    printed = book.rulings
    missing = [r for r in game.rulings or () if r.id not in printed]
    if missing and len(missing) == len(game.rulings or ()) > 1:
        r = missing[0]
        out.append(
            at(
                r.src,
                "W755",
                f"the rulebook prints none of the {len(missing)} rulings",
                "print them with {{ rulings() }}, in the Timing and Rulings chapter",
            )
        )
    else:
        out += [
            at(
                r.src,
                "W755",
                f"the ruling '{r.id}' is not printed in the rulebook",
                "print it with {{ rulings() }} (every topic) or {{ rulings('" + r.topic + "') }}",
            )
            for r in missing
        ]
    return out


_EXAMPLES_DOC = re.compile(rb"^kind:\s*examples\s*(#.*)?$", re.MULTILINE)


def _own(game: Game, found: list[Diagnostic]) -> list[Diagnostic]:
    """The book's problems without the worked examples': those are reported where the
    example is written, by the examples check or by the schema of its document."""
    files = {e.src.file for e in game.examples or ()}
    unbuilt = (
        game.examples is None
        and game.files is not None
        and any(_EXAMPLES_DOC.search(f.data) for f in game.files.yaml())
    )
    return [
        d
        for d in found
        if d.file not in files
        and not (unbuilt and d.code == "E754" and "no example '" in d.message)
    ]


# ---- E750 ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Typed:
    """A number typed in a source: where, as written, and its value."""

    line: int
    col: int
    written: str
    value: int
    money: bool
    text: str  # the whole source line, for the hint


def _wipe(chars: list[str], start: int, end: int) -> None:
    for i in range(start, end):
        if chars[i] != "\n":
            chars[i] = " "


def typed_numbers(text: str, currency: Currency, names: list[str]) -> Iterator[Typed]:
    """Every number typed by hand in a source's prose, in order."""
    yield from _typed_in(text, currency, tuple(names))


@lru_cache(maxsize=1024)
def _typed_in(text: str, currency: Currency, names: tuple[str, ...]) -> tuple[Typed, ...]:
    """`typed_numbers`, found once per process for the same source, currency and names (a
    game checked again mostly has the same rulebook)."""
    return tuple(_typed(text, currency, names))


def _typed(text: str, currency: Currency, names: tuple[str, ...]) -> Iterator[Typed]:
    chars = list(text)
    for pattern in (rb.TAG, _COMMENT, _WIKILINK, _CODE, _HEADING_ID):
        for m in pattern.finditer(text):
            _wipe(chars, m.start(), m.end())
    for m in _IMAGE_PATH.finditer(text):
        _wipe(chars, m.start(1), m.end(1))
    prose = "".join(chars)
    raw_lines = text.split("\n")
    money = None
    if currency.prefix or currency.suffix:
        money = re.compile(
            rf"(?<![\w.]){re.escape(currency.prefix)}(\d+)"
            rf"{re.escape(currency.suffix)}(?!\w)"
        )
    fence: tuple[str, str] | None = None  # (the fence's marks, its info string)
    for n, line in enumerate(prose.split("\n"), start=1):
        opened = _FENCE.match(raw_lines[n - 1])
        if fence is not None:
            if opened and opened.group(1) == fence[0] and not opened.group(2):
                fence = None
                continue
            if not fence[1].startswith("pnp-"):
                continue  # code is not prose; the figures of `pnp-` fences are
        elif opened:
            fence = (opened.group(1), opened.group(2))
            continue
        line = _LIST_MARKER.sub(lambda m: m.group(1) + " " * len(m.group(2)), line)
        for name in names:
            line = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", lambda m: " " * len(m.group()), line)
        found: list[Typed] = []
        if money is not None:
            for m in money.finditer(line):
                found.append(
                    Typed(n, m.start() + 1, m.group(), int(m.group(1)), True, raw_lines[n - 1])
                )
            line = money.sub(lambda m: " " * len(m.group()), line)
        for m in _NUMBER.finditer(line):
            digits = re.match(r"\d+", m.group()).group()  # type: ignore[union-attr]
            found.append(Typed(n, m.start() + 1, m.group(), int(digits), False, raw_lines[n - 1]))
        yield from sorted(found, key=lambda t: t.col)


def _typed_numbers(game: Game) -> list[Diagnostic]:
    currency = game.info.currency if game.info else Currency()
    names = sorted(
        (n for n in defined_names(game) if any(ch.isdigit() for ch in n)), key=len, reverse=True
    )
    fields = list(data_fields(game))
    out: list[Diagnostic] = []
    found, _ = rb_sources.read(game.files)
    for src in found:
        for t in typed_numbers(src.text, currency, names):
            hint = _hint(t, fields)
            out.append(
                Diagnostic(
                    src.display,
                    t.line,
                    t.col,
                    "E750",
                    f"the number {t.written} is typed by hand in the rulebook",
                    hint,
                )
            )
    return out


@dataclass(frozen=True, slots=True)
class Field:
    """A number of the data as a template writes it, and what it belongs to."""

    expr: str
    value: int
    money: bool
    subject: str  # a name that, on the same line, makes this field the likely one


def _ints(prefix: str, obj: object) -> Iterator[tuple[str, int, str]]:
    """(dotted path, value, last key) of every whole number in a dataclass tree."""
    if not dataclasses.is_dataclass(obj):
        return
    for f in dataclasses.fields(obj):
        if f.name == "src" or f.name.endswith("_src"):
            continue
        value = getattr(obj, f.name)
        path = f"{prefix}.{f.name}"
        if isinstance(value, int) and not isinstance(value, bool):
            yield path, value, f.name
        elif dataclasses.is_dataclass(value):
            yield from _ints(path, value)


def _terms(expr: str, terms: dict[str, dict[str, object]], subject: str) -> Iterator[Field]:
    for term, params in terms.items():
        for param, value in params.items():
            if isinstance(value, int) and not isinstance(value, bool):
                yield Field(
                    f"{expr}.{term}.{param}",
                    value,
                    param in _MONEY_FIELDS and term not in ("votes",),
                    subject,
                )


def data_fields(game: Game) -> Iterator[Field]:
    """Every number the data holds, written as a rulebook template writes it."""
    rules = game.rules
    if rules is not None:
        for path, value, key in _ints("rules", rules):
            yield Field(path, value, key in _MONEY_FIELDS, "")
    ruleset = hooks.of(game)
    if ruleset:  # what its templates' functions write (`limit('heir', False)`)
        yield from ruleset.rulebook_fields(game)
    if game.info:
        for path, value, _ in _ints("game", game.info):
            yield Field(path, value, False, "")
    for d in game.doors or ():
        expr = f"door('{d.id}')"
        if d.price:
            yield Field(f"{expr}.price", d.price, True, d.name)
        yield from _terms(expr, term_fields((*d.requires, *d.booking)), d.name)
    for g in game.goals or ():
        yield from _terms(f"goal('{g.id}')", term_fields(g.condition), g.name)
    for c in game.cards or ():
        expr = f"card('{c.id}')"
        yield Field(f"{expr}.count", c.count, False, c.name)
        if c.price:
            yield Field(f"{expr}.price", c.price, True, c.name)
        if c.crime:
            yield Field(f"{expr}.heat", c.crime.heat, False, c.name)
            yield Field(f"{expr}.payout", c.crime.payout, True, c.name)
        yield from _terms(expr, term_fields(c.terms()), c.name)
    if game.components:
        for it in game.components.items:
            yield Field(f"item('{it.id}').count", it.count, False, it.name)
            if it.per_seat:
                yield Field(f"item('{it.id}').per_seat", it.per_seat, False, it.name)


def _hint(t: Typed, fields: list[Field]) -> str:
    matches = [f for f in fields if f.value == t.value and (f.money or not t.money)]
    line = t.text.casefold()

    def rank(f: Field) -> tuple[int, int]:
        named = bool(f.subject) and f.subject.casefold() in line
        return (0 if named else 1, 0 if f.money == t.money else 1)

    matches.sort(key=rank)
    if not matches:
        return (
            "no data holds it: write it in words, or as {{ literal('"
            + t.written
            + "') }} if it is not a rule"
        )
    picks = [("{{ " + f.expr + ("|money" if t.money else "") + " }}") for f in matches[:3]]
    return "the data holds it: " + " or ".join(picks)


# ---- E751 ------------------------------------------------------------------------------------


def _empty(book: rb.Book) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    nodes = book.nodes
    for i, node in enumerate(nodes):
        after = nodes[i + 1] if i + 1 < len(nodes) else None
        if isinstance(node, Heading):
            if after is None or (isinstance(after, Heading) and after.level <= node.level):
                out.append(
                    Diagnostic(
                        node.where.file,
                        node.where.line,
                        1,
                        "E751",
                        f"the heading '{node.inline.text}' has nothing under it",
                        "write its section, or remove the heading",
                    )
                )
        elif (
            isinstance(node, Para)
            and node.inline.text.rstrip().endswith(":")
            and (after is None or isinstance(after, Heading))
        ):
            out.append(
                Diagnostic(
                    node.where.file,
                    node.where.line,
                    1,
                    "E751",
                    "a sentence ends in ':' and nothing follows it",
                    "write what it announces (a list, a table), or end it",
                )
            )
    return out


# ---- W753 ------------------------------------------------------------------------------------


# A run of letters, digits, underscores and hyphens: what a term's whole-word match starts
# with, when the term itself starts with one.
_TOKEN = re.compile(r"[\w-]+")


def _unused_terms(game: Game, book: rb.Book) -> list[Diagnostic]:
    terms = game.glossary or ()
    forms = tuple(tuple(sorted({t.term, *t.forms}, key=len, reverse=True)) for t in terms)
    out: list[Diagnostic] = []
    for term, found in zip(terms, _used_in("\n".join(book.prose), forms), strict=True):
        if not found:
            out.append(
                at(
                    term.src,
                    "W753",
                    f"the glossary term '{term.term}' is never used in the rulebook",
                    "explain it where it belongs in the rules, or drop it from the glossary",
                )
            )
    return out


@lru_cache(maxsize=16)
def _used_in(words: str, forms: tuple[tuple[str, ...], ...]) -> tuple[bool, ...]:
    """Whether each term (its forms) is used in `words`, found once per process for the
    same words and terms (a game checked again mostly has the same rulebook)."""
    tokens = set(_TOKEN.findall(words))
    return tuple(used(list(f), words, tokens) for f in forms)


def used(forms: list[str], words: str, tokens: set[str]) -> bool:
    """Whether any of `forms` is in `words` as a whole word; `tokens` are the text's tokens
    (`_TOKEN`). Where a form matches, the text has a token that is the form's first: the
    match starts after no letter or hyphen, and that token ends where the form's does, or
    at a character of the form that is neither. So a term none of whose first tokens is in
    the text is not there, and its search of the whole book is saved (an unused term of a
    large glossary cost a search of the book each)."""
    firsts = [_TOKEN.match(f) for f in forms]
    if all(m is not None and m.group() not in tokens for m in firsts):
        return False
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, forms)) + r")(?![\w-])")
    return pattern.search(words) is not None
