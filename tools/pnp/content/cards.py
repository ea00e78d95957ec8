"""Cards, crime types, characters, the glossary and the rulings.

Builders take schema-valid documents and a `Texts` renderer; a card text that cannot be
rendered becomes a diagnostic and the card keeps its template as its text. A text's fields
name its owner's effect parameters across all its term lists, in printed order (`draw`,
`draw_2`), as the rulebook and the checks name them.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any

from pnp.content.fields import CardFields, declared
from pnp.content.loader import Document, Path_
from pnp.content.model import Places, Ref, Src, Term, places
from pnp.content.text import TextError, Texts, field_names, term_fields
from pnp.diagnostics import Diagnostic, did_you_mean


class CardKind(enum.StrEnum):
    CRIME = "crime"
    COVER = "cover"
    DIRTY_TRICK = "dirty-trick"
    LAW = "law"
    MANEUVER = "maneuver"
    DEPARTURE_CARD = "departure-card"
    HEADLINE = "headline"
    REFERENCE = "reference"
    BLANK = "blank"
    PLAIN = "card"  # a card of a game whose cards have no ruleset kinds (see Card.category)


class Timing(enum.StrEnum):
    AFTERNOON = "afternoon"
    EVENING = "evening"
    REACTION = "reaction"
    COUNTER = "counter"
    VOTE = "vote"


class Aim(enum.StrEnum):
    CRIME = "crime"
    DEPARTURE = "departure"
    CRIME_OR_DEPARTURE = "crime-or-departure"
    LEAK_OR_TIP_OFF = "leak-or-tip-off"


@dataclass(frozen=True, slots=True)
class CrimeType:
    id: str
    name: str
    colour: str
    icon: str
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Crime:
    type: Ref
    heat: int
    payout: int


@dataclass(frozen=True, slots=True)
class Law:
    names_player: bool
    while_: tuple[Term, ...]
    on_pass: tuple[Term, ...]


@dataclass(frozen=True, slots=True)
class Headline:
    while_: tuple[Term, ...]
    on_flip: tuple[Term, ...]


@dataclass(frozen=True, slots=True)
class Unprinted:
    """A field that a text leaves out on purpose (`draw.deck`, or a whole step `gain_2`),
    and the reason the designer gives."""

    name: str
    reason: str
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Text:
    """A printed text: its template as written, the text as printed, and the fields of its
    owner (a card, ability, door or Goal) that it deliberately does not print. A template
    that could not be filled is printed as written, and not `filled`."""

    source: str
    printed: str
    src: Src = field(compare=False, repr=False)
    unprinted: tuple[Unprinted, ...] = field(default=(), compare=False, repr=False)
    filled: bool = field(default=True, compare=False, repr=False)
    # a text written over several lines: (line, the line as written) for each
    lines: tuple[tuple[int, str], ...] = field(default=(), compare=False, repr=False)

    def at(self, words: str) -> Src:
        """Where some words of the text are written: their line in a text written over
        several lines, else the text's own position."""
        for n, line in self.lines[1:] if len(self.lines) > 1 else ():
            if words in line:
                return Src(self.src.file, n, line.find(words) + 1)
        return self.src


@dataclass(frozen=True, slots=True)
class Card:
    """One card (with its number of copies)."""

    id: str
    name: str
    deck: Ref
    kind: CardKind
    count: int
    text: Text
    flavour: str
    crime: Crime | None
    covers: Ref | None
    timing: tuple[Timing, ...]
    aim: Aim | None
    price: int
    requires: tuple[Term, ...]
    steps: tuple[Term, ...]
    law: Law | None
    headline: Headline | None
    door: Ref | None
    waives: str | None
    back: str
    art: Ref | None
    src: Src = field(compare=False, repr=False)
    name_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))
    count_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))
    # the card's own data (`fields:`), in the order written: its text's and layouts' names
    fields: tuple[tuple[str, str | int | float | bool], ...] = ()
    layout: str | None = None  # the layout it names; else its kind's, else `card`
    category: str = ""  # a plain card's kind, in the game's own words ('' when none)
    fields_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))
    fields_where: Places = field(compare=False, repr=False, default=())  # each written field

    def terms(self) -> tuple[Term, ...]:
        """Every vocabulary term on the card, in printed order."""
        out = [*self.requires, *self.steps]
        if self.law:
            out += [*self.law.while_, *self.law.on_pass]
        if self.headline:
            out += [*self.headline.while_, *self.headline.on_flip]
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Ability:
    """A Bend, a Cost or a Signature: modifiers that hold, or an action with steps."""

    name: str
    text: Text
    while_: tuple[Term, ...]
    timing: tuple[Timing, ...]
    aim: Aim | None
    price: int
    requires: tuple[Term, ...]
    steps: tuple[Term, ...]
    src: Src = field(compare=False, repr=False)

    def terms(self) -> tuple[Term, ...]:
        """Every vocabulary term of the ability, in printed order."""
        return (*self.while_, *self.requires, *self.steps)


@dataclass(frozen=True, slots=True)
class Diplomat:
    id: str
    name: str
    face: str
    archetype: str
    signature: Ability
    src: Src = field(compare=False, repr=False)
    art: Ref | None = None  # their portrait (board face, Favor chip); else a drawn cameo


@dataclass(frozen=True, slots=True)
class Archetype:
    id: str
    name: str
    bend: Ability
    cost: Ability
    diplomats: tuple[Diplomat, ...]
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class GlossaryTerm:
    """A term of the glossary; `means` is its definition as printed, filled from the data
    like card text (`text` keeps the template and where it is written)."""

    term: str
    forms: tuple[str, ...]
    means: str
    src: Src = field(compare=False, repr=False)
    text: Text | None = field(default=None, compare=False, repr=False)
    # words printed text must not use for this term (W721), and what to say instead
    avoid: tuple[str, ...] = ()
    prefer: str = ""


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling; `ruling` and `why` are its words as printed, filled from the data like card
    text (`ruling_text` and `why_text` keep the templates and where they are written)."""

    id: str
    topic: str
    ruling: str
    why: str
    settles: tuple[str, ...]
    data: tuple[str, ...]
    acknowledges: tuple[str, ...]
    src: Src = field(compare=False, repr=False)
    ruling_text: Text | None = field(default=None, compare=False, repr=False)
    why_text: Text | None = field(default=None, compare=False, repr=False)


class Builder:
    """Builds card-like objects, rendering their text and collecting template problems."""

    def __init__(
        self, texts: Texts, diagnostics: list[Diagnostic], ruled_cards: bool = True
    ) -> None:
        self.texts = texts
        self.diagnostics = diagnostics
        self.ruled_cards = ruled_cards  # cards carry the ruleset's kinds (else: plain)
        self.card_fields: tuple[CardFields, ...] | None = None  # the declared card data

    def text(self, doc: Document, path: Path_, source: str, fields: dict[str, Any]) -> Text:
        """The text at `path`, filled from `fields`; it carries what its owner (the mapping
        that holds it) lists as `unprinted`."""
        src = Src.at(doc, path)
        filled = True
        try:
            printed = self.texts.render(source, fields)
        except TextError as exc:
            undefined = re.search(r"'([^']+)' is undefined", str(exc))
            hint = (
                exc.hint
                or (did_you_mean(undefined.group(1), field_names(fields)) if undefined else "")
                or "fields: " + ", ".join(field_names(fields))
            )
            # in a text written over several lines, the line that holds what failed
            words = [w.lstrip(".") for w in re.findall(r"'([^']+)'", str(exc))]
            line = doc.line_of(path, *words)
            self.diagnostics.append(
                Diagnostic(
                    src.file, line, src.col if line == src.line else 1, exc.code, str(exc), hint
                )
            )
            printed, filled = source, False
        end = doc.ends.get(tuple(path), src.line)
        lines = (
            tuple((n, doc.text_line(n)) for n in range(src.line, end + 1)) if end > src.line else ()
        )
        return Text(source, printed, src, _unprinted(doc, path[:-1]), filled, lines)

    def card(self, doc: Document, deck: Ref, i: int, c: dict[str, Any]) -> Card:
        p: Path_ = ("cards", i)
        terms = _terms(doc, p, c)
        crime = None
        if "crime" in c:
            crime = Crime(
                Ref(c["crime"]["type"], Src.at(doc, (*p, "crime", "type"))),
                c["crime"]["heat"],
                c["crime"]["payout"],
            )
        law = headline = None
        if "law" in c:
            law = Law(
                bool(c["law"].get("names_player", False)), terms["law.while"], terms["law.on_pass"]
            )
        if "headline" in c:
            headline = Headline(terms["headline.while"], terms["headline.on_flip"])
        own = dict(c.get("fields", {}))
        decl = declared(self.card_fields, deck.id)
        for spec in decl.fields if decl else ():  # what a card leaves out takes its default
            if spec.name not in own and spec.default is not None:
                own[spec.name] = spec.default
        # a declared field the card misses is said once, by the check (E202), not again by
        # each text that prints it: the text shows its name
        context = {**({f.name: f"[{f.name}]" for f in decl.fields} if decl else {}), **own}
        fields: dict[str, Any] = {**context, "name": c["name"]}
        if self.ruled_cards:
            fields["price"] = c.get("price", 0)
        types: dict[str, str] = self.texts.globals.get("crime_types") or {}
        if crime:
            fields.update(
                heat=crime.heat,
                payout=crime.payout,
                type_name=types.get(crime.type.id, crime.type.id),
            )
        if "covers" in c:
            fields["covers_name"] = types.get(c["covers"], c["covers"])
        ordered = (
            *terms["requires"],
            *terms["steps"],
            *terms["law.while"],
            *terms["law.on_pass"],
            *terms["headline.while"],
            *terms["headline.on_flip"],
        )
        for key, value in term_fields(ordered).items():
            fields.setdefault(key, value)
        return Card(
            id=c["id"],
            name=c["name"],
            deck=deck,
            kind=CardKind(c["kind"]) if self.ruled_cards else CardKind.PLAIN,
            count=c["count"],
            text=self.text(doc, (*p, "text"), c["text"], fields),
            flavour=c.get("flavour", ""),
            crime=crime,
            covers=Ref(c["covers"], Src.at(doc, (*p, "covers"))) if "covers" in c else None,
            timing=tuple(Timing(t) for t in c.get("timing", ())),
            aim=Aim(c["aim"]) if "aim" in c else None,
            price=c.get("price", 0),
            requires=terms["requires"],
            steps=terms["steps"],
            law=law,
            headline=headline,
            door=Ref(c["door"], Src.at(doc, (*p, "door"))) if "door" in c else None,
            waives=c.get("waives"),
            back=c.get("back", ""),
            art=Ref(c["art"], Src.at(doc, (*p, "art"))) if "art" in c else None,
            src=Src.at(doc, p),
            name_src=Src.at(doc, (*p, "name")),
            count_src=Src.at(doc, (*p, "count")),
            fields=tuple(own.items()),
            layout=c.get("layout"),
            category="" if self.ruled_cards else c.get("kind", ""),
            fields_src=Src.at(doc, (*p, "fields") if "fields" in c else p),
            fields_where=places(doc, (*p, "fields")) if "fields" in c else (),
        )

    def ability(self, doc: Document, path: Path_, a: dict[str, Any]) -> Ability:
        terms = _terms(doc, path, a)
        fields: dict[str, Any] = {"price": a.get("price", 0)}
        ordered = (*terms["while"], *terms["requires"], *terms["steps"])
        for key, value in term_fields(ordered).items():
            fields.setdefault(key, value)
        return Ability(
            name=a["name"],
            text=self.text(doc, (*path, "text"), a["text"], fields),
            while_=terms["while"],
            timing=tuple(Timing(t) for t in a.get("timing", ())),
            aim=Aim(a["aim"]) if "aim" in a else None,
            price=a.get("price", 0),
            requires=terms["requires"],
            steps=terms["steps"],
            src=Src.at(doc, path),
        )


def _unprinted(doc: Document, owner: Path_) -> tuple[Unprinted, ...]:
    """The `unprinted` entries of the mapping at `owner` (none when it has no such field)."""
    node: Any = doc.data
    for part in owner:
        node = node[part]
    found = node.get("unprinted") if isinstance(node, dict) else None
    return tuple(
        Unprinted(str(k), str(v), Src.at(doc, (*owner, "unprinted", k), key=True))
        for k, v in (found or {}).items()
    )


def _terms(doc: Document, p: Path_, c: dict[str, Any]) -> dict[str, tuple[Term, ...]]:
    """Every term list of a card or ability, by dotted field name (empty when absent)."""
    out = {}
    for name in ("requires", "steps", "while"):
        out[name] = Term.build_all(doc, (*p, name), c.get(name))
    for section in ("law", "headline"):
        data = c.get(section) or {}
        for name in ("while", "on_pass", "on_flip"):
            out[f"{section}.{name}"] = Term.build_all(doc, (*p, section, name), data.get(name))
    return out


def build_cards(doc: Document, build: Builder) -> tuple[Card, ...]:
    """The cards of one schema-valid cards document."""
    deck = Ref(doc.data["deck"], Src.at(doc, ("deck",)))
    return tuple(build.card(doc, deck, i, c) for i, c in enumerate(doc.data["cards"]))


def build_crime_types(doc: Document) -> tuple[CrimeType, ...]:
    return tuple(
        CrimeType(t["id"], t["name"], t["colour"], t.get("icon", ""), Src.at(doc, ("types", i)))
        for i, t in enumerate(doc.data["types"])
    )


def build_archetypes(doc: Document, build: Builder) -> tuple[Archetype, ...]:
    out = []
    for i, a in enumerate(doc.data["archetypes"]):
        p: Path_ = ("archetypes", i)
        diplomats = tuple(
            Diplomat(
                d["id"],
                d["name"],
                d["face"],
                a["id"],
                build.ability(doc, (*p, "diplomats", j, "signature"), d["signature"]),
                Src.at(doc, (*p, "diplomats", j)),
                Ref(d["art"], Src.at(doc, (*p, "diplomats", j, "art"))) if "art" in d else None,
            )
            for j, d in enumerate(a["diplomats"])
        )
        out.append(
            Archetype(
                a["id"],
                a["name"],
                build.ability(doc, (*p, "bend"), a["bend"]),
                build.ability(doc, (*p, "cost"), a["cost"]),
                diplomats,
                Src.at(doc, p),
            )
        )
    return tuple(out)


def build_glossary(doc: Document, build: Builder | None = None) -> tuple[GlossaryTerm, ...]:
    """The glossary's terms, each definition filled from the data like card text (kept as
    written when no text builder is given)."""
    out = []
    for i, t in enumerate(doc.data["terms"]):
        p: Path_ = ("terms", i, "means")
        text = (
            build.text(doc, p, t["means"], {})
            if build is not None
            else Text(t["means"], t["means"], Src.at(doc, p))
        )
        out.append(
            GlossaryTerm(
                t["term"],
                tuple(t.get("forms", ())),
                text.printed,
                Src.at(doc, ("terms", i)),
                text,
                tuple(t.get("avoid", ())),
                t.get("prefer", ""),
            )
        )
    return tuple(out)


def build_rulings(doc: Document, build: Builder) -> tuple[Ruling, ...]:
    """The rulings, their words filled from the data like card text."""
    out = []
    for i, r in enumerate(doc.data["rulings"]):
        p: Path_ = ("rulings", i)
        ruling = build.text(doc, (*p, "ruling"), r["ruling"], {})
        why = build.text(doc, (*p, "why"), r["why"], {})
        out.append(
            Ruling(
                r["id"],
                r["topic"],
                ruling.printed,
                why.printed,
                tuple(r.get("settles", ())),
                tuple(r.get("data", ())),
                tuple(r.get("acknowledges", ())),
                Src.at(doc, p),
                ruling,
                why,
            )
        )
    return tuple(out)
