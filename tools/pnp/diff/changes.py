"""The changelog in words: what was added, removed and changed between two game models.

Every part of a game becomes a list of entities (a card, a Departure, a rules number, a row
of the treasure table ...), each a flat, ordered mapping of field to value, made by walking
the model's frozen dataclasses. Two versions are compared entity by entity, matched by id,
and field by field. Positions in the YAML (`Src`) are never compared: moving a card within
its file is no change. A printed text is compared as printed and as written: a template
rewritten to print the same words (or with a part that prints nothing) is a change of its
own field, `text (template, prints the same)`, so that no edit of a template goes unseen.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pnp import rulesets
from pnp.content.cards import Text
from pnp.content.model import Range, Ref, Src, Term
from pnp.content.pieces import PlayingCard
from pnp.content.project import Game
from pnp.diff import words
from pnp.diff.hooks import Section

Value = str | int | float | bool | None

# Sections in the order the changelog prints them: (key, heading). A ruleset's own sections
# (`DiffHooks.sections`) follow the one named by OWN_AFTER.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("game", "Game"),
    ("rules", "Rules numbers"),
    ("components", "Components"),
    ("crime-types", "Crime types"),
    ("cards", "Cards"),
    ("goals", "Goals"),
    ("departures", "Departures"),
    ("characters", "Characters"),
    ("roles", "Roles"),
    ("pieces", "Standard deck"),
    ("rulings", "Rulings"),
    ("glossary", "Glossary"),
    ("examples", "Worked examples"),
    ("files", "Other files"),
)
OWN_AFTER = "pieces"
CHECK_DATA = "facts"  # compared, but reported apart: numbers `pnp check` holds content to
# The parts of the model the sections above cover; any other part of `Game` is compared too,
# generically, in a section named after it.
COVERED = frozenset(
    {
        "id",
        "folder",
        "info",
        "rules",
        "components",
        "doors",
        "goals",
        "doors_per_goal",
        "roles",
        "pieces",
        "cards",
        "crime_types",
        "archetypes",
        "glossary",
        "rulings",
        "facts",
        "examples",
        "files",
    }
)


def heading(section: str) -> str:
    """A section's heading: `Cards`; a part of the model with no section of its own is
    named after its field."""
    found = dict(SECTIONS).get(section) or _own_headings().get(section)
    return found or section.replace("-", " ").capitalize()


@cache
def _own_headings() -> dict[str, str]:
    """The headings of the rulesets' own sections, by key (the first ruleset's, should two
    share a key)."""
    out: dict[str, str] = {}
    for ruleset in rulesets.registry().values():
        hooks = ruleset.diff()
        for section in hooks.sections if hooks else ():
            out.setdefault(section.key, section.heading)
    return out


def own_sections(g: Game) -> tuple[Section, ...]:
    """The sections of the parts only the game's ruleset has (none for a content-only
    game)."""
    hooks = ruleset.diff() if (ruleset := rulesets.of(g)) else None
    return hooks.sections if hooks else ()


MONEY = "money"
TEXT = "text"
# How a template's own field is labelled when only the template changed, not the print.
TEMPLATE = "{} (template, prints the same)"


@dataclass(frozen=True, slots=True)
class Field:
    """One field that differs: its label, the old and new values, and how to show them."""

    name: str
    old: Value
    new: Value
    style: str = ""  # "money", "text" (a printed text, compared word by word) or ""

    def pieces(self) -> list[words.Piece]:
        """The word-level difference of a text field."""
        return words.diff(
            "" if self.old is None else str(self.old), "" if self.new is None else str(self.new)
        )


@dataclass(frozen=True, slots=True)
class Change:
    """One entity added, removed or changed, with the fields that differ (for an added or
    removed entity: every field it has)."""

    section: str
    kind: str  # card, door, goal, archetype, diplomat, rule, ruling, term, item, ...
    id: str
    name: str
    status: str  # "added", "removed" or "changed"
    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class Entity:
    """One comparable part of a game: its kind, name and fields in printed order."""

    kind: str
    name: str
    fields: dict[str, tuple[Value, str]]  # label -> (value, style)
    sources: dict[str, str] = field(default_factory=dict)  # a text's label -> its template


Entities = dict[str, Entity]  # by id, in the game's order


# ---- walking the model ---------------------------------------------------------------------


def term_text(term: Term) -> str:
    """A vocabulary term as one line: `draw(cards=3)`, `choose(options=a; b | c)`."""
    args = []
    for key, value in term.args:
        if key == "options" and isinstance(value, tuple):
            shown = " | ".join("; ".join(term_text(t) for t in option) for option in value)
        else:
            shown = _scalar(value)
        args.append(f"{key}={shown}")
    return f"{term.name}({', '.join(args)})" if args else term.name


def _scalar(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    return str(value)


def _fields(obj: object) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(obj) if f.compare]  # type: ignore[arg-type]


def _keyed(item: object) -> tuple[str, object] | None:
    """(key, value) for a pair-like record (`Count(piece, n)`, `Draw(deck, cards)`), so that
    it is compared by its key rather than by its place in a list."""
    fields = [f for f in _fields(item) if not isinstance(getattr(item, f.name), Src)]
    if len(fields) != 2:
        return None
    first = getattr(item, fields[0].name)
    if isinstance(first, Ref):
        return first.id, getattr(item, fields[1].name)
    if fields[0].name == "key" and isinstance(first, str):
        return first, getattr(item, fields[1].name)
    return None


def flatten(
    value: object,
    prefix: str = "",
    out: dict[str, Value] | None = None,
    sources: dict[str, str] | None = None,
) -> dict[str, Value]:
    """Every leaf of a model value as {dotted path: value}. Positions are left out; texts
    are their printed form (and their templates go into `sources`, by the same path); lists
    of records with an id are keyed by it."""
    out = {} if out is None else out
    key = prefix.rstrip("_") if prefix else ""
    if isinstance(value, Src):
        return out
    if isinstance(value, enum.Enum):
        out[key] = str(value.value)
    elif value is None or isinstance(value, str | int | float | bool):
        out[key] = value
    elif isinstance(value, Ref):
        out[key] = value.id
    elif isinstance(value, Term):
        out[key] = term_text(value)
    elif isinstance(value, Range):
        out[key] = str(value.min) if value.min == value.max else f"{value.min}-{value.max}"
    elif isinstance(value, PlayingCard):
        out[key] = str(value)
    elif isinstance(value, Text):
        out[key] = value.printed
        if sources is not None:
            sources[key] = value.source
    elif isinstance(value, tuple):
        _flatten_tuple(value, key, out, sources)
    elif dataclasses.is_dataclass(value):
        for f in _fields(value):
            flatten(getattr(value, f.name), f"{key}.{f.name}" if key else f.name, out, sources)
    else:
        out[key] = str(value)
    return out


def _flatten_tuple(
    items: tuple[Any, ...], key: str, out: dict[str, Value], sources: dict[str, str] | None
) -> None:
    if not items:
        out[key] = ""
    elif all(isinstance(i, Term) for i in items):
        out[key] = "; ".join(term_text(t) for t in items)
    elif all(isinstance(i, Ref | str | int | enum.Enum | PlayingCard) for i in items):
        out[key] = ", ".join(i.id if isinstance(i, Ref) else _scalar(i) for i in items)
    elif all(dataclasses.is_dataclass(i) for i in items):
        for n, item in enumerate(items):
            ident = getattr(item, "id", None)
            pair = _keyed(item)
            if isinstance(ident, str):
                flatten(item, f"{key}.{ident}", out, sources)
            elif pair is not None:
                flatten(pair[1], f"{key}.{pair[0]}", out, sources)
            else:
                flatten(item, f"{key}.{n + 1}", out, sources)
    else:
        out[key] = ", ".join(_scalar(i) for i in items)


def entity(
    kind: str,
    name: str,
    obj: object,
    *,
    drop: Iterable[str] = ("id",),
    rename: dict[str, str] | None = None,
    money: Iterable[str] = (),
    text: Iterable[str] = (),
    prefix_rename: dict[str, str] | None = None,
) -> Entity:
    """An entity from a model object: its flattened fields, some dropped or renamed."""
    sources: dict[str, str] = {}
    flat = flatten(obj, sources=sources)
    dropped = tuple(drop)

    def label_of(path: str) -> str | None:
        if path in dropped or any(path.startswith(d + ".") for d in dropped):
            return None
        label = (rename or {}).get(path, path)
        for old, new in (prefix_rename or {}).items():
            if label.startswith(old):
                label = new + label[len(old) :]
        return label

    fields: dict[str, tuple[Value, str]] = {}
    for path, value in flat.items():
        label = label_of(path)
        if label is None:
            continue
        style = (
            MONEY
            if label in money
            else TEXT
            if (label in text or label.endswith("text") or _is_prose(value))
            else ""
        )
        fields[label] = (value, style)
    written = {
        label: source for path, source in sources.items() if (label := label_of(path)) is not None
    }
    return Entity(kind, name, fields, written)


def _is_prose(value: Value) -> bool:
    return isinstance(value, str) and " " in value.strip() and len(value) > 24


# ---- the parts of a game, as entities -------------------------------------------------------


def _game(g: Game) -> Entities:
    if g.info is None:
        return {}
    info = g.info
    e = entity("game", info.title, info, drop=("id", "currency"))
    e.fields["money"] = (f"{info.currency.prefix}1{info.currency.suffix}", "")
    return {g.id: e}


def _rules(g: Game) -> Entities:
    if g.rules is None:
        return {}
    flat = flatten(g.rules)
    # rules numbers that a section of the ruleset's own reports are left out here
    apart = tuple(s.rules for s in own_sections(g) if s.rules)
    if apart:
        flat = {
            k: v
            for k, v in flat.items()
            if not k.startswith(tuple(f"{a}." for a in apart)) and k not in apart
        }
    out = {path: Entity("rule", path, {"value": (value, "")}) for path, value in flat.items()}
    if g.goals is not None:
        out["doors_per_goal"] = Entity("rule", "doors_per_goal", {"value": (g.doors_per_goal, "")})
    return out


def _components(g: Game) -> Entities:
    c = g.components
    if c is None:
        return {}
    out: Entities = {}
    for seat in c.seats:
        out[f"seat:{seat.id}"] = entity("seat", seat.name, seat)
    for item in c.items:
        out[item.id] = entity("item", item.name, item)
    if c.money:
        m = c.money
        fields = entity("money", m.name, m, drop=("denominations",)).fields
        for d in m.denominations:
            fields[f"coins of {d.value}"] = (d.count, "")
        out["money"] = Entity("money", m.name, fields)
    for group in c.groups:
        out[f"group:{group.id}"] = entity("group", group.name, group)
    return out


def by_id(kind: str, items: Iterable[Any], **opts: Any) -> Entities:
    """Records with an id and a name as entities, by id (`opts` as for `entity`)."""
    return {i.id: entity(kind, i.name, i, **opts) for i in items}


CARD_RENAME = {"crime.type": "crime type", "crime.heat": "Heat", "crime.payout": "payout"}


def _cards(g: Game) -> Entities:
    return by_id(
        "card",
        g.cards or (),
        rename=CARD_RENAME,
        money=("price", "payout"),
        text=("text", "flavour"),
    )


def _goals(g: Game) -> Entities:
    return by_id("goal", g.goals or (), text=("text",))


def _doors(g: Game) -> Entities:
    return by_id("door", g.doors or (), money=("price",), text=("text", "board", "says"))


def _characters(g: Game) -> Entities:
    out: Entities = {}
    abilities = {"bend.": "Bend ", "cost.": "Cost ", "signature.": "Signature "}
    for a in g.archetypes or ():
        out[a.id] = entity(
            "archetype",
            a.name,
            a,
            drop=("id", "diplomats"),
            prefix_rename=abilities,
            money=("Bend price", "Cost price"),
        )
        for d in a.diplomats:
            out[d.id] = entity(
                "diplomat", d.name, d, prefix_rename=abilities, money=("Signature price",)
            )
    return out


def _roles(g: Game) -> Entities:
    return by_id("role", g.roles or (), text=("wins",))


def _pieces(g: Game) -> Entities:
    return by_id("piece", g.pieces or ())


def _crime_types(g: Game) -> Entities:
    return by_id("crime-type", g.crime_types or ())


def _with_sources(e: Entity, texts: dict[str, Text | None]) -> Entity:
    """An entity whose printed strings keep their templates elsewhere in the model."""
    e.sources.update({label: t.source for label, t in texts.items() if t is not None})
    return e


def _rulings(g: Game) -> Entities:
    return {
        r.id: _with_sources(
            entity("ruling", r.topic, r, text=("ruling", "why")),
            {"ruling": r.ruling_text, "why": r.why_text},
        )
        for r in g.rulings or ()
    }


def _glossary(g: Game) -> Entities:
    return {
        t.term: _with_sources(
            entity("term", t.term, t, drop=("term",), text=("means",)),
            {"means": getattr(t, "text", None)},
        )
        for t in g.glossary or ()
    }


def _examples(g: Game) -> Entities:
    return {e.id: entity("example", e.title, e) for e in g.examples or ()}


def _facts(g: Game) -> Entities:
    out: Entities = {}
    for f in g.facts or ():
        subject = f.door or f.goal
        ident = subject.id if subject else "fact"
        if f.term is not None:
            ident += f".{f.term.id}"
        out[ident] = entity("fact", ident, f, text=("quote", "why"))
    return out


PARTS: dict[str, Callable[[Game], Entities]] = {
    "game": _game,
    "rules": _rules,
    "components": _components,
    "crime-types": _crime_types,
    "cards": _cards,
    "goals": _goals,
    "departures": _doors,
    "characters": _characters,
    "roles": _roles,
    "pieces": _pieces,
    "rulings": _rulings,
    "glossary": _glossary,
    "examples": _examples,
    CHECK_DATA: _facts,
}


# ---- comparing -----------------------------------------------------------------------------


def _compare(section: str, old: Entities, new: Entities) -> list[Change]:
    out: list[Change] = []
    for ident, n in new.items():
        o = old.get(ident)
        if o is None:
            out.append(
                Change(
                    section,
                    n.kind,
                    ident,
                    n.name,
                    "added",
                    tuple(
                        Field(k, None, v, s)
                        for k, (v, s) in n.fields.items()
                        if v not in (None, "")
                    ),
                )
            )
            continue
        fields = []
        for label in [*n.fields, *(k for k in o.fields if k not in n.fields)]:
            ov, os_ = o.fields.get(label, (None, ""))
            nv, ns = n.fields.get(label, (None, ""))
            if ov != nv or type(ov) is not type(nv):
                fields.append(Field(label, ov, nv, ns or os_))
            elif label in o.sources and label in n.sources and o.sources[label] != n.sources[label]:
                # The same words from another template: unseen in print, so said here.
                fields.append(
                    Field(TEMPLATE.format(label), o.sources[label], n.sources[label], TEXT)
                )
        if fields:
            out.append(Change(section, n.kind, ident, n.name, "changed", tuple(fields)))
    for ident, o in old.items():
        if ident not in new:
            out.append(
                Change(
                    section,
                    o.kind,
                    ident,
                    o.name,
                    "removed",
                    tuple(
                        Field(k, v, None, s)
                        for k, (v, s) in o.fields.items()
                        if v not in (None, "")
                    ),
                )
            )
    return out


def _other(g: Game, name: str) -> Entities:
    """A part of the model no section covers: its records by id, or its leaves."""
    value = getattr(g, name)
    if isinstance(value, tuple) and all(isinstance(getattr(v, "id", None), str) for v in value):
        return {v.id: entity(name, str(getattr(v, "name", v.id)), v) for v in value}
    if value is None:
        return {}
    return {name: entity(name, name, value, drop=())}


def compare(old: Game, new: Game) -> list[Change]:
    """Every change to the game, section by section (check data apart: see `check_data`;
    other files: see `files.compare`)."""
    own_old = {s.key: s.entities for s in own_sections(old)}
    own_new = {s.key: s.entities for s in own_sections(new)}
    own = list(dict.fromkeys([*own_new, *own_old]))
    out: list[Change] = []
    for section, _ in SECTIONS:
        if section in PARTS:
            out += _compare(section, PARTS[section](old), PARTS[section](new))
        if section == OWN_AFTER:
            for key in own:
                before = own_old[key](old) if key in own_old else {}
                after = own_new[key](new) if key in own_new else {}
                out += _compare(key, before, after)
    for f in dataclasses.fields(Game):
        if f.name not in COVERED:
            out += _compare(f.name.replace("_", "-"), _other(old, f.name), _other(new, f.name))
    return out


def check_data(old: Game, new: Game) -> list[Change]:
    """Changes to the facts: numbers quoted from the source rulebook that `pnp check` holds
    the content to. Neither printed nor played, so reported apart from the changes."""
    return _compare(CHECK_DATA, PARTS[CHECK_DATA](old), PARTS[CHECK_DATA](new))
