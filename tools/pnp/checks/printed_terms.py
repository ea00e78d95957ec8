"""E717 and E718: a text says everything its effect terms do.

Cards (Laws and Headlines too), Bends, Costs, Signatures, doors and Goals play by their
effect terms; players read only their texts. So each text is held to its owner's terms:

- E717: every parameter that changes play is printed. A parameter is printed when the
  text's template uses its field (`{{ remove_crimes.crimes }}`), found by walking the
  template's syntax tree. Else a number (an amount, a count, a delta) is printed only when
  the text says that very number in words just before the thing it counts ('a Law' for
  `laws_with_your_marker: 1`, 'no Scandal token' for `scandals_at_most: 0`), or types it (a
  typed number is W708 when it is right and E707 when it is wrong), and a word (who,
  which deck, which crime type, a choice) when the text says it ('a rival of your choice',
  'Politics', 'a Leak or a Tip-Off'). A parameter left at the vocabulary's default is the
  term's plain meaning ('draw' draws for you, from the deck you choose) and need not be said.
  A door prints through its rulebook text and its board together.
- E718: a step that appears twice (a second `draw:`, whose fields are `draw_2.*`) shows in
  the text: the template uses one of the repeat's fields, or the repeat does something the
  text does not say (the text prints `draw.cards` only, or a step without parameters appears
  twice).

A field that a text leaves out on purpose is listed under the owner's `unprinted`, with the
reason (`draw.deck: "the deck is shown by the card's colour"`, or a whole repeated step,
`gain_2: "..."`). An `unprinted` entry that names no field of its owner is E204.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import jinja2
from jinja2 import nodes

from pnp.checks.common import at
from pnp.checks.printed import defined_names
from pnp.checks.text_numbers import literals
from pnp.content.cards import Text
from pnp.content.model import Currency, Term
from pnp.content.project import Game
from pnp.content.text import term_fields
from pnp.content.vocab import TERMS, Param, ParamType
from pnp.diagnostics import Diagnostic, closest
from pnp.english import word

_NUMBERS = (ParamType.AMOUNT, ParamType.COUNT, ParamType.DELTA)
_PARSER = jinja2.Environment()  # only parses: what a template can print is not asked here

# How a text says who a step or modifier applies to (case is ignored).
_TARGET_WORDS = {
    "you": r"\byou",
    "rival": r"\brival",
    "player": r"\bplayers?\b|\bany\b|\banyone\b|\b(?:yours|you) included\b",
    "aimed": r"\bthey\b|\bthem\b|\btheir\b|\bcriminal\b|\bplayer\b|\baimed\b",
    "each_rival": r"\b(?:each|every|all)(?: other)? (?:rival|player)s?\b|\beveryone else\b"
    r"|\brivals\b",
    "each_player": r"\beveryone\b|\beverybody\b|\b(?:each|every|all) players?\b",
    "named": r"\bname",
    "richest": r"\brichest\b|\bmost money\b",
    "most_crimes": r"\bmost crimes\b",
}
# Words of a choice that a text may say differently ('no-Immunity' for without_immunity).
_SYNONYMS = {"without": r"\bwithout\b|\bno\b", "with": r"\bwith\b", "each": r"\beach\b|\bevery"}
_SMALL = {"or", "and", "of", "the", "a", "an", "to"}
_FLAG_FALSE = r"\b(?:no|not|never|without|lost|gave up|given up|returned?)\b"
# Numbers said without their digit: 'no Scandal token', 'a Law'.
_SAID = {0: ("no", "zero", "none"), 1: ("a", "an", "one")}
# Parameter and term names that name no thing a text would count ('amount', 'gain').
_GENERIC = {
    "amount",
    "delta",
    "times",
    "value",
    "fee",
    "gain",
    "pay",
    "take",
    "cool",
    "discard",
    "remove",
    "move",
}


@dataclass(frozen=True, slots=True)
class Owner:
    """Something that plays by effect terms, and the texts that print them."""

    label: str  # "'Private Jet'", "the Heir's Bend 'Family Name'", "the door 'Asylum'"
    texts: tuple[Text, ...]  # none: a Goal without text says nothing
    terms: tuple[Term, ...]
    numbers: tuple[int, ...] = ()  # its other numbers: a price, a crime's Heat and payout


def owners(game: Game) -> Iterator[Owner]:
    """Every card, ability, door and Goal with its texts and its terms."""
    for card in game.cards or ():
        crime = (card.crime.heat, card.crime.payout) if card.crime else ()
        yield Owner(f"'{card.name}'", (card.text,), card.terms(), (card.price, *crime))
    for arch in game.archetypes or ():
        abilities = [
            (f"the {arch.name}'s Bend '{arch.bend.name}'", arch.bend),
            (f"the {arch.name}'s Cost '{arch.cost.name}'", arch.cost),
        ]
        abilities += [
            (f"{d.name}'s Signature '{d.signature.name}'", d.signature) for d in arch.diplomats
        ]
        for label, ability in abilities:
            yield Owner(label, (ability.text,), ability.terms(), (ability.price,))
    for door in game.doors or ():
        yield Owner(
            f"the door '{door.name}'",
            (door.text, door.board),
            (*door.requires, *door.booking),
            (door.price,),
        )
    for goal in game.goals or ():
        yield Owner(f"the Goal '{goal.name}'", (goal.text,) if goal.text else (), goal.condition)


def keyed(terms: Iterable[Term]) -> list[tuple[str, Term]]:
    """(field name, term) for every term, `choose` options included, named as a template
    names them: `draw`, then `draw_2`."""
    flat: list[Term] = []

    def walk(group: Iterable[Term]) -> None:
        for term in group:
            flat.append(term)
            if term.name == "choose":
                for option in term.arg("options"):
                    walk(option)

    walk(terms)
    return list(zip(term_fields(terms), flat, strict=True))


@functools.lru_cache(maxsize=8192)
def fields_used(source: str) -> frozenset[str] | None:
    """Every field a template reads: `heat.amount` for `{{ heat.amount }}` or
    `heat['amount']`, `heat` for the whole of it; None when it cannot be parsed (E701).
    Kept per source: a process that checks many versions of a game (a test run, a diff)
    parses each text once."""
    try:
        tree = _PARSER.parse(source)
    except (jinja2.TemplateSyntaxError, RecursionError):
        return None  # the text itself was reported (E701, E715) when it was filled
    used: set[str] = set()
    inner: set[int] = set()
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        owner = getattr(node, "node", None)
        if not isinstance(owner, nodes.Name):
            continue
        inner.add(id(owner))
        if isinstance(node, nodes.Getattr):
            used.add(f"{owner.name}.{node.attr}")
        elif (
            isinstance(node, nodes.Getitem)
            and isinstance(node.arg, nodes.Const)
            and isinstance(node.arg.value, str)
        ):
            used.add(f"{owner.name}.{node.arg.value}")
        else:
            used.add(owner.name)  # an item chosen at fill time: count all of it as read
    for name_node in tree.find_all(nodes.Name):
        if name_node.ctx == "load" and id(name_node) not in inner:
            used.add(name_node.name)
    return frozenset(used)


def check(game: Game) -> list[Diagnostic]:
    """Each owner's texts against its terms."""
    out: list[Diagnostic] = []
    decks = (
        {d: i.name for d, i in game.components.decks().items()}
        if game.components is not None
        else {}
    )
    types = {t.id: t.name for t in game.crime_types or ()}
    currency = game.info.currency if game.info else Currency()
    digits = [n for n in defined_names(game) if any(ch.isdigit() for ch in n)]
    for owner in owners(game):
        fields = keyed(owner.terms)
        _check_unprinted(owner, fields, out)
        reads = [fields_used(t.source) if t.filled else None for t in owner.texts]
        if any(r is None for r in reads):
            continue  # a text that cannot be filled is reported already (E701, E714, E715)
        used = set().union(*(r for r in reads if r is not None))
        skip = {u.name for t in owner.texts for u in t.unprinted}
        printed = "\n".join(t.printed for t in owner.texts)
        typed = {v for t in owner.texts for _, v in literals(t.source, currency, digits)}
        # A number typed by hand is said, rightly (W708: make it a field) or wrongly (E707).
        numbers = {abs(n) for n in owner.numbers} | {
            abs(v)
            for _, term in fields
            for _, v in term.args
            if isinstance(v, int) and not isinstance(v, bool)
        }
        typed_wrong = any(v not in numbers for v in typed)
        where = f"the text of {owner.label}" if owner.texts else f"{owner.label} has no text, so it"
        for key, term in fields:
            if key in skip:
                continue
            if key != term.name and not any(u == key or u.startswith(key + ".") for u in used):
                out.append(_repeat(where, key, term))
                continue
            for param in TERMS[term.name].params:
                value = term.arg(param.name)
                dotted = f"{key}.{param.name}"
                if (
                    param.type is ParamType.OPTIONS
                    or dotted in skip
                    or dotted in used
                    or key in used
                    or _default(param, value)
                ):
                    continue
                if param.type in _NUMBERS:
                    said = (
                        typed_wrong or abs(value) in typed or _counted(printed, term, param, value)
                    )
                else:
                    said = _says(printed, param, value, decks, types)
                if not said:
                    names = decks if param.type is ParamType.DECK else types
                    out.append(_unsaid(where, dotted, param, value, term, names))
    return out


def _default(param: Param, value: object) -> bool:
    return param.default is not None and value == param.default


def _counted(printed: str, term: Term, param: Param, value: object) -> bool:
    """Whether the text says this number in words ('a', 'no', 'two') or digits, at most three
    words before what it counts: the parameter's noun or the term's first word ('a Law' for
    laws_with_your_marker.laws, 'no Scandal token' for scandals_at_most.tokens)."""
    if not isinstance(value, int):
        return False
    nouns = {
        n.rstrip("s")
        for n in (param.name, term.name.split("_")[0])
        if n not in _GENERIC and len(n) > 2
    }
    said = {*_SAID.get(value, ()), word(value), str(value)}
    for m in re.finditer(r"[^\W_]+", printed.casefold()):
        if m.group() not in said:
            continue
        after = re.findall(r"[^\W_]+", printed.casefold()[m.end() :])[:3]
        if any(w.startswith(n) for w in after for n in nouns):
            return True
    return False


def _says(
    printed: str, param: Param, value: object, decks: dict[str, str], types: dict[str, str]
) -> bool:
    """Whether the printed text says a word-like parameter's value in words."""
    text = printed.casefold()
    if param.type is ParamType.TARGET:
        return re.search(_TARGET_WORDS.get(str(value), r"(?!)"), text) is not None
    if param.type is ParamType.FLAG:
        return bool(value) or re.search(_FLAG_FALSE, text) is not None
    if param.type in (ParamType.DECK, ParamType.CRIME_TYPE):
        names = {
            str(value).replace("-", " "),
            *(decks if param.type is ParamType.DECK else types).get(str(value), "").split()[:1],
        }
        return any(re.search(rf"\b{re.escape(n.casefold())}", text) for n in names if n)
    words = [w for w in re.split(r"[_\-\s]+", str(value)) if w and w not in _SMALL]
    return all(re.search(_SYNONYMS.get(w, rf"\b{re.escape(w)}"), text) for w in words)


def _words(param: Param, value: object, names: dict[str, str]) -> str:
    """How a hint names the words a text could use (`names`: decks' and crime types')."""
    if str(value) in names:
        return f"'{names[str(value)]}'"
    if param.type is ParamType.TARGET:
        return {
            "rival": "'a rival'",
            "each_player": "'everyone'",
            "each_rival": "'each rival'",
            "named": "'name a player'",
            "richest": "'the most money'",
            "most_crimes": "'the most crimes'",
            "player": "'any player'",
            "aimed": "'they'",
        }.get(str(value), f"'{value}'")
    return "'" + str(value).replace("_", " ") + "'"


def _unsaid(
    where: str, dotted: str, param: Param, value: object, term: Term, names: dict[str, str]
) -> Diagnostic:
    field = "{{ " + dotted + " }}"
    if param.type in _NUMBERS:
        hint = f"print it with {field}, or list '{dotted}' under `unprinted` with the reason"
    else:
        hint = (
            f"say it in the text ({_words(param, value, names)}) or print {field}, or list "
            f"'{dotted}' under `unprinted` with the reason"
        )
    return at(
        term.src, "E717", f"{where} does not print {dotted} ({value}), which changes play", hint
    )


def _repeat(where: str, key: str, term: Term) -> Diagnostic:
    params = [p.name for p in TERMS[term.name].params if p.type is not ParamType.OPTIONS]
    if params:
        hint = (
            "print it: "
            + ", ".join("{{ " + f"{key}.{p}" + " }}" for p in params)
            + f", or list '{key}' under `unprinted` with the reason"
        )
    else:
        hint = (
            f"a step without parameters has no field to print: say it twice in the text "
            f"and list '{key}' under `unprinted`, or remove the repeat"
        )
    return at(
        term.src,
        "E718",
        f"{where} does not print the repeated '{term.name}' step ({key}): the data "
        "does it again, the text does not say so",
        hint,
    )


def _check_unprinted(owner: Owner, fields: list[tuple[str, Term]], out: list[Diagnostic]) -> None:
    """E204 for an `unprinted` entry that names no field of its owner."""
    known = {key for key, _ in fields}
    known |= {f"{key}.{p.name}" for key, term in fields for p in TERMS[term.name].params}
    seen: set[str] = set()
    for text in owner.texts:
        for entry in text.unprinted:
            if entry.name in known or entry.name in seen:
                continue
            seen.add(entry.name)
            match = closest(entry.name, sorted(known))
            hint = (
                f"did you mean '{match}'?"
                if match
                else "fields: " + ", ".join(sorted(known))
                if known
                else f"{owner.label} has no effect terms"
            )
            out.append(
                at(
                    entry.src,
                    "E204",
                    f"`unprinted` names '{entry.name}', which is no effect parameter of "
                    f"{owner.label}",
                    hint,
                )
            )
