"""Finding games under the content folder and loading one game into its model.

The order is: read every YAML file, sort documents by `kind`, validate each against its
schema, then build the model from the documents that had no problem at all. Nothing stops
at the first problem; everything found is returned.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.content import cache_folder, schema
from pnp.content.cards import (
    Archetype,
    Builder,
    Card,
    CrimeType,
    Diplomat,
    GlossaryTerm,
    Ruling,
    build_archetypes,
    build_cards,
    build_crime_types,
    build_glossary,
    build_rulings,
)
from pnp.content.components import Components
from pnp.content.credits import Credit, build_credits
from pnp.content.departures import Door, Goal, build_doors, build_goals
from pnp.content.examples import Example, build_examples
from pnp.content.facts import Fact, build_facts
from pnp.content.fields import CardFields, build_card_fields
from pnp.content.layouts import GameLayouts, build_layouts
from pnp.content.loader import Document, parse_yaml
from pnp.content.model import Currency, Damaged, GameInfo, Incomplete
from pnp.content.pieces import Piece, Role, build_pieces, build_roles
from pnp.content.snapshot import YAML_SUFFIXES, Snapshot, display_path, take
from pnp.content.text import Texts
from pnp.diagnostics import Diagnostic, did_you_mean

__all__ = ["YAML_SUFFIXES", "Game", "Loaded", "display_path", "load_game"]


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of document: its schema, the part of the model it makes, and whether a game
    may hold several of them."""

    name: str
    schema: str
    part: str
    once: bool = True


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("game", "game.schema.json", "info"),
        Kind("rules", "rules.{ruleset}.schema.json", "rules"),
        Kind("components", "components.schema.json", "components"),
        Kind("departures", "departures.schema.json", "doors"),
        Kind("goals", "goals.schema.json", "goals"),
        Kind("roles", "roles.schema.json", "roles"),
        Kind("standard-deck", "standard-deck.schema.json", "pieces"),
        # a ruleset's own card schema (its kinds and effects) when it has one, else the plain
        # one every game can use (name, copies, text, `fields`)
        Kind("cards", "cards.{ruleset}.schema.json", "cards", once=False),
        Kind("crime-types", "crime-types.schema.json", "crime_types"),
        Kind("characters", "characters.schema.json", "archetypes"),
        Kind("glossary", "glossary.schema.json", "glossary"),
        Kind("rulings", "rulings.schema.json", "rulings"),
        Kind("facts", "facts.schema.json", "facts"),
        Kind("examples", "examples.schema.json", "examples"),
        Kind("credits", "credits.schema.json", "credits", once=False),
        Kind("card-fields", "card-fields.schema.json", "card_fields", once=False),
        Kind("layouts", "game-layouts.schema.json", "layouts", once=False),
    )
}

# A ruleset's own model of its rules numbers (`Ruleset.build_rules`); the core reads it only
# through the ruleset's hooks and in text templates (`{{ rules.heat.limit }}`).
Rules = Any


def _rulesets() -> list[str]:
    """The names of the registered rulesets (`pnp.rulesets`)."""
    from pnp import rulesets

    return sorted(rulesets.registry())


@dataclass(frozen=True, slots=True)
class Game:
    """The typed model of one game. Parts whose documents had problems are left out."""

    id: str
    folder: Path | None = None  # where the game's files are, as diagnostics name them
    # the registered ruleset its game.yaml names (None for a content-only game, or one
    # naming a ruleset that is not installed), known even when game.yaml has errors
    ruleset: str | None = field(default=None, compare=False)
    info: GameInfo | None = None
    rules: Rules | None = None
    components: Components | None = None
    doors: tuple[Door, ...] | None = None
    goals: tuple[Goal, ...] | None = None
    doors_per_goal: int = 0
    roles: tuple[Role, ...] | None = None
    pieces: tuple[Piece, ...] | None = None
    cards: tuple[Card, ...] | None = None
    crime_types: tuple[CrimeType, ...] | None = None
    archetypes: tuple[Archetype, ...] | None = None
    glossary: tuple[GlossaryTerm, ...] | None = None
    rulings: tuple[Ruling, ...] | None = None
    facts: tuple[Fact, ...] | None = None
    examples: tuple[Example, ...] | None = None  # worked examples, played as scenarios
    credits: tuple[Credit, ...] | None = None  # who made each picture, under which licence
    card_fields: tuple[CardFields, ...] | None = None  # what data the cards carry
    layouts: tuple[GameLayouts, ...] | None = None  # the game's own card layouts
    # The files as they were read: the rulebook and art come from here, never from disk.
    files: Snapshot | None = field(default=None, compare=False, repr=False)
    # Parts of the model (field names) missing or partial because their documents had
    # errors; EVERYTHING when a file of unknown kind could not be read.
    damaged: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    @property
    def diplomats(self) -> tuple[Diplomat, ...]:
        """Every diplomat, board by board."""
        return tuple(d for a in self.archetypes or () for d in a.diplomats)


@dataclass(frozen=True, slots=True)
class Parts:
    """What a ruleset's text functions see while a game is built: its rules numbers, the
    parts of the model built so far (by field name, looked up when a text is filled), and
    the error a failed look-up raises (`Incomplete` where the part has errors already
    reported, so the text waits for them)."""

    rules: Any
    built: dict[str, Any]
    missing: Callable[[str, str], Exception]


EVERYTHING = "*"  # in Game.damaged: a file whose kind is unknown could not be read


@dataclass(slots=True)
class Loaded:
    """The result of loading one game: its model, the files read and every problem."""

    game: Game
    files: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def load_game(content: Path, game_id: str) -> Loaded:
    """Read (once: see `snapshot`), validate and model one game folder."""
    cache_folder.avoid(content)  # the cache folder is never in the content
    folder = content / game_id
    snap = take(content, game_id)
    yaml_names = [n for n in snap.names if n.endswith(YAML_SUFFIXES)]
    out = Loaded(game=Game(game_id), files=[snap.display(n) for n in yaml_names])
    out.diagnostics.extend(snap.problems)
    docs: list[tuple[Document, str]] = []  # (document, kind)
    damaged: set[str] = set()
    unread = len(yaml_names) - len(snap.yaml())  # refused files: already reported
    if unread:
        damaged.add(EVERYTHING)
    for file in snap.yaml():
        doc, problems = parse_yaml(file.data, folder / file.rel, file.display)
        out.diagnostics.extend(problems)
        kind = _kind_of(doc, out.diagnostics) if doc is not None else None
        if doc is None or kind is None:
            unread += 1
            damaged.add(_sniff_part(file.data))
            continue
        docs.append((doc, kind))

    games = [d for d, k in docs if k == "game"]
    if not games:
        damaged.add("info")
    if not games and not unread and not snap.problems:
        where = display_path(folder)
        out.diagnostics.append(
            Diagnostic(
                where,
                1,
                1,
                "E107",
                f"game folder '{game_id}' has no 'kind: game' document",
                "add a game.yaml with kind, title, version and players",
            )
        )
    ruleset = games[0].data.get("ruleset") if games else None
    known = _rulesets()
    if isinstance(ruleset, str) and ruleset not in known and _ruleset_ok(ruleset):
        out.diagnostics.append(
            games[0].diag(
                ("ruleset",),
                "E204",
                f"unknown ruleset '{ruleset}'",
                did_you_mean(ruleset, known) or f"rulesets: {', '.join(known)}",
            )
        )
        damaged.add("rules")
    if not isinstance(ruleset, str) or ruleset not in known:
        ruleset = None

    seen: dict[str, Document] = {}
    valid: dict[str, list[Document]] = {}
    for doc, kind in docs:
        spec = KINDS[kind]
        if spec.once and kind in seen:
            out.diagnostics.append(
                doc.diag(
                    ("kind",),
                    "E109",
                    f"a second '{kind}' document in this game",
                    f"the first is {seen[kind].display}",
                )
            )
            damaged.add(spec.part)
            continue
        seen[kind] = doc
        name = spec.schema.format(ruleset=ruleset)
        if kind != "rules" and "{ruleset}" in spec.schema and not schema.has_schema(name):
            name = spec.schema.replace(".{ruleset}", "")
        if kind == "rules" and ruleset is None:
            # Without a known ruleset there is no schema for the rules numbers. Say so only
            # when the game document is there and simply names none.
            if games and "ruleset" not in games[0].data:
                out.diagnostics.append(
                    doc.diag(
                        ("kind",),
                        "E204",
                        "a rules document, but the game names no ruleset",
                        f"add 'ruleset:' to {games[0].display}: one of {', '.join(known)}",
                    )
                )
            damaged.add("rules")
            continue
        out.diagnostics.extend(schema.validate(doc, name))
        # Only documents with no problem at all (from reading or from the schema) are built;
        # the part they would make is marked, so that nothing checks it and repeats them.
        if any(d.file == doc.display for d in out.diagnostics):
            damaged.add(spec.part)
        else:
            valid.setdefault(kind, []).append(doc)
    out.game = _build(game_id, valid, ruleset, out.diagnostics, folder, damaged)
    out.game = dataclasses.replace(out.game, files=snap, damaged=frozenset(damaged))
    return out


_KIND_LINE = re.compile(rb"^kind:\s*[\"']?([a-z-]+)", re.MULTILINE)


def _sniff_part(data: bytes) -> str:
    """The part of the model a file that could not be read would have made, from its
    `kind:` line; everything when that cannot be told."""
    m = _KIND_LINE.search(data)
    kind = m.group(1).decode() if m else ""
    return KINDS[kind].part if kind in KINDS else EVERYTHING


def _ruleset_ok(ruleset: str) -> bool:
    """A ruleset name of the right form (a wrong form is already a schema error)."""
    return bool(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", ruleset))


def _kind_of(doc: Document, diagnostics: list[Diagnostic]) -> str | None:
    data = doc.data
    known = sorted(KINDS)
    if not isinstance(data, dict):
        diagnostics.append(
            doc.diag(
                (),
                "E103",
                "the file must be a mapping of 'key: value' lines",
                f"start it with 'kind:' and one of: {', '.join(known)}",
            )
        )
        return None
    kind = data.get("kind")
    if kind is None:
        diagnostics.append(
            doc.diag(
                (), "E103", "missing 'kind' field", f"add 'kind:' with one of: {', '.join(known)}"
            )
        )
        return None
    if not isinstance(kind, str) or kind not in KINDS:
        hint = did_you_mean(str(kind), known) or f"one of: {', '.join(known)}"
        diagnostics.append(doc.diag(("kind",), "E104", f"unknown document kind {kind!r}", hint))
        return None
    return kind


def _build(
    game_id: str,
    valid: dict[str, list[Document]],
    ruleset: str | None,
    diagnostics: list[Diagnostic],
    folder: Path | None = None,
    damaged: set[str] | None = None,
) -> Game:
    """The model from the documents that passed every check so far.

    The game and its rules come first: printed texts are rendered with the money format
    and the rules numbers in scope. A text that looks up a damaged part (whose documents
    had errors) is not filled: the part it belongs to is marked damaged too, and left out.
    """
    damaged = damaged if damaged is not None else set()

    def hurt(part: str) -> bool:
        """Whether a part may be missing or partial because of errors already reported."""
        return bool({part, EVERYTHING} & damaged)

    def missing(part: str, error: str) -> Exception:
        """What a failed look-up raises: Incomplete when the part has errors (its cause
        is already reported), else a plain error the text diagnostic quotes."""
        return Incomplete(part) if hurt(part) else ValueError(error)

    one = {kind: docs[0] for kind, docs in valid.items()}
    parts: dict[str, Any] = {}
    info = GameInfo.build(game_id, one["game"]) if "game" in one else None
    parts["info"] = info
    from pnp import rulesets

    plugin = rulesets.get(ruleset)
    if "rules" in one and plugin is not None:
        parts["rules"] = plugin.build_rules(one["rules"])
    rules = parts.get("rules")

    def find(what: str, key: str, ident: str) -> Any:
        found = next((x for x in parts.get(key) or () if x.id == ident), None)
        if found is None:
            raise missing(key, f"no {what} {ident!r}")
        return found

    def term(owner: str, name: str) -> Any:
        """The main number of a door's or Goal's term: `{{ term('defect', 'heat_at_least') }}`."""
        things = [*(parts.get("doors") or ()), *(parts.get("goals") or ())]
        thing = next((x for x in things if x.id == owner), None)
        if thing is None:
            raise missing("doors" if hurt("doors") else "goals", f"no door or Goal {owner!r}")
        terms = (*thing.requires, *thing.booking) if hasattr(thing, "booking") else thing.condition
        found = next((t for t in terms if t.name == name), None)
        if found is None:
            raise ValueError(f"{owner} has no {name}")
        return found.args[0][1]

    def components() -> Any:
        if parts.get("components") is None:
            raise missing("components", "this game has no components list")
        return parts["components"]

    def item(ident: str) -> Any:
        """A row of the components list: `{{ item('scandal-tokens').count }}`."""
        found = next((x for x in components().items if x.id == ident), None)
        if found is None:
            raise missing("components", f"no component {ident!r}")
        return found

    if "crime-types" in one:
        parts["crime_types"] = build_crime_types(one["crime-types"])
    # Text templates see the rules numbers and, through these look-ups, every other part of
    # the model (looked up when a text is filled, so parts built later are found too).
    texts = Texts(
        info.currency if info else Currency(),
        {
            "rules": rules if rules is not None or not hurt("rules") else Damaged("rules"),
            "game": info if info is not None else Damaged("info"),
            "term": term,
            "door": lambda i: find("door", "doors", i),
            "goal": lambda i: find("Goal", "goals", i),
            "item": item,
            "components": components,
            "crime_types": {t.id: t.name for t in parts.get("crime_types", ())}
            if "crime_types" in parts or not hurt("crime_types")
            else Damaged("crime_types"),
            # the ruleset's own look-ups, such as Diplomatic Immunity's `limit('heir')`
            **(plugin.text_functions(Parts(rules, parts, missing)) if plugin else {}),
        },
    )
    # cards read by a ruleset's own card schema carry its kinds; any other game's are plain
    build = Builder(
        texts, diagnostics, ruled_cards=schema.has_schema(f"cards.{ruleset}.schema.json")
    )

    def make(part: str, kind: str, how: Callable[[], Any]) -> None:
        """Build one part; a text in it that needs a damaged part damages it too."""
        if kind not in valid:
            return
        try:
            parts[part] = how()
        except Incomplete:
            damaged.add(part)

    # characters before anything whose text quotes a character's Limit
    make("archetypes", "characters", lambda: build_archetypes(one["characters"], build))
    make("components", "components", lambda: Components.build(one["components"]))
    make("doors", "departures", lambda: build_doors(one["departures"], build))
    make("goals", "goals", lambda: build_goals(one["goals"], build))
    if "goals" in parts:  # build_goals gives (doors per Goal, the Goals)
        parts["doors_per_goal"], parts["goals"] = parts["goals"]
    make("roles", "roles", lambda: build_roles(one["roles"]))
    make("pieces", "standard-deck", lambda: build_pieces(one["standard-deck"]))
    make(
        "card_fields",
        "card-fields",
        lambda: tuple(build_card_fields(doc) for doc in valid["card-fields"]),
    )
    build.card_fields = parts.get("card_fields")
    make("layouts", "layouts", lambda: tuple(build_layouts(doc) for doc in valid["layouts"]))
    make(
        "cards",
        "cards",
        lambda: tuple(c for doc in valid["cards"] for c in build_cards(doc, build)),
    )
    make("glossary", "glossary", lambda: build_glossary(one["glossary"], build))
    make("rulings", "rulings", lambda: build_rulings(one["rulings"], build))
    make("facts", "facts", lambda: build_facts(one["facts"]))
    make("examples", "examples", lambda: build_examples(one["examples"]))
    make(
        "credits",
        "credits",
        lambda: tuple(c for doc in valid["credits"] for c in build_credits(doc)),
    )
    return Game(game_id, folder, ruleset, **parts)


def sealed(game: Game) -> Game:
    """The game with each damaged part replaced by a Damaged stand-in, for readers (the
    cross-checks) that must stop, not guess, where a part has errors. A file of unknown
    kind that could not be read may have held cards, or any part that is missing."""
    damaged = set(game.damaged)
    if EVERYTHING in damaged:
        damaged |= {"cards"} | {p for p in PARTS if getattr(game, p) is None}
    # A stand-in where the model promises the part: a deliberate lie to the type checker,
    # caught by every reader as Incomplete the moment it is used.
    changes: dict[str, Any] = {p: Damaged(p) for p in damaged if p in PARTS}
    return dataclasses.replace(game, **changes) if changes else game


PARTS = frozenset(k.part for k in KINDS.values())
