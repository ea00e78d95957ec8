"""Finding games under the content folder and loading one game into its model.

The order is: read every YAML file, sort documents by `kind`, validate each against its
schema, then build the model from the documents that had no problem at all. Nothing stops
at the first problem; everything found is returned.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.content import schema
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
from pnp.content.departures import Door, Goal, build_doors, build_goals
from pnp.content.examples import Example, build_examples
from pnp.content.facts import Fact, build_facts
from pnp.content.heist import HeistRules, Piece, Role, build_pieces, build_roles
from pnp.content.loader import Document, load_yaml
from pnp.content.model import Currency, GameInfo
from pnp.content.rules_di import DIRules
from pnp.content.text import Texts
from pnp.diagnostics import Diagnostic, did_you_mean

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of document: its schema, and whether a game may hold several of them."""

    name: str
    schema: str
    once: bool = True


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("game", "game.schema.json"),
        Kind("rules", "rules.{ruleset}.schema.json"),
        Kind("components", "components.schema.json"),
        Kind("departures", "departures.schema.json"),
        Kind("goals", "goals.schema.json"),
        Kind("roles", "roles.schema.json"),
        Kind("standard-deck", "standard-deck.schema.json"),
        Kind("cards", "cards.schema.json", once=False),
        Kind("crime-types", "crime-types.schema.json"),
        Kind("characters", "characters.schema.json"),
        Kind("glossary", "glossary.schema.json"),
        Kind("rulings", "rulings.schema.json"),
        Kind("facts", "facts.schema.json"),
        Kind("examples", "examples.schema.json"),
    )
}

Rules = DIRules | HeistRules
RULESETS: dict[str, Callable[[Document], Rules]] = {
    "diplomatic-immunity": DIRules.build,
    "diamond-heist": HeistRules.build,
}


@dataclass(frozen=True, slots=True)
class Game:
    """The typed model of one game. Parts whose documents had problems are left out."""

    id: str
    folder: Path | None = None  # where the game's files are, for the images they refer to
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

    @property
    def diplomats(self) -> tuple[Diplomat, ...]:
        """Every diplomat, board by board."""
        return tuple(d for a in self.archetypes or () for d in a.diplomats)


@dataclass(slots=True)
class Loaded:
    """The result of loading one game: its model, the files read and every problem."""

    game: Game
    files: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def display_path(path: Path) -> str:
    """A path as diagnostics print it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def find_games(content: Path) -> list[str]:
    """Game folders under the content folder: every folder that holds a YAML file."""
    if not content.is_dir():
        return []
    return sorted(
        p.name for p in content.iterdir()
        if p.is_dir() and not p.name.startswith(".") and any(_yaml_files(p))
    )


def _yaml_files(folder: Path) -> list[Path]:
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(Path(root, f) for f in sorted(files)
                     if f.endswith(YAML_SUFFIXES) and not f.startswith("."))
    return found


def load_game(content: Path, game_id: str) -> Loaded:
    """Read, validate and model one game folder."""
    folder = content / game_id
    paths = _yaml_files(folder)
    out = Loaded(game=Game(game_id), files=[display_path(p) for p in paths])
    docs: list[tuple[Document, str]] = []  # (document, kind)
    unread = 0  # files that could not be read or classified: their problems are reported
    for path in paths:
        doc, problems = load_yaml(path, display_path(path))
        out.diagnostics.extend(problems)
        kind = _kind_of(doc, out.diagnostics) if doc is not None else None
        if doc is None or kind is None:
            unread += 1
            continue
        docs.append((doc, kind))

    games = [d for d, k in docs if k == "game"]
    if not games and not unread:
        where = display_path(folder)
        out.diagnostics.append(Diagnostic(
            where, 1, 1, "E107", f"game folder '{game_id}' has no 'kind: game' document",
            "add a game.yaml with kind, title, version and players"))
    ruleset = games[0].data.get("ruleset") if games else None
    if isinstance(ruleset, str) and ruleset not in RULESETS and _ruleset_ok(ruleset):
        known = sorted(RULESETS)
        out.diagnostics.append(games[0].diag(
            ("ruleset",), "E204", f"unknown ruleset '{ruleset}'",
            did_you_mean(ruleset, known) or f"rulesets: {', '.join(known)}"))
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        ruleset = None

    seen: dict[str, Document] = {}
    valid: dict[str, list[Document]] = {}
    for doc, kind in docs:
        spec = KINDS[kind]
        if spec.once and kind in seen:
            out.diagnostics.append(doc.diag(("kind",), "E109",
                                            f"a second '{kind}' document in this game",
                                            f"the first is {seen[kind].display}"))
            continue
        seen[kind] = doc
        name = spec.schema.format(ruleset=ruleset)
        if kind == "rules" and ruleset is None:
            # Without a known ruleset there is no schema for the rules numbers. Say so only
            # when the game document is there and simply names none.
            if games and "ruleset" not in games[0].data:
                out.diagnostics.append(doc.diag(
                    ("kind",), "E204", "a rules document, but the game names no ruleset",
                    f"add 'ruleset:' to {games[0].display}: one of {', '.join(sorted(RULESETS))}"))
            continue
        out.diagnostics.extend(schema.validate(doc, name))
        # Only documents with no problem at all (from reading or from the schema) are built.
        if not any(d.file == doc.display for d in out.diagnostics):
            valid.setdefault(kind, []).append(doc)
    out.game = _build(game_id, valid, ruleset, out.diagnostics, folder)
    return out


def _ruleset_ok(ruleset: str) -> bool:
    """A ruleset name of the right form (a wrong form is already a schema error)."""
    return bool(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", ruleset))


def _kind_of(doc: Document, diagnostics: list[Diagnostic]) -> str | None:
    data = doc.data
    known = sorted(KINDS)
    if not isinstance(data, dict):
        diagnostics.append(doc.diag((), "E103", "the file must be a mapping of 'key: value' lines",
                                    f"start it with 'kind:' and one of: {', '.join(known)}"))
        return None
    kind = data.get("kind")
    if kind is None:
        diagnostics.append(doc.diag((), "E103", "missing 'kind' field",
                                    f"add 'kind:' with one of: {', '.join(known)}"))
        return None
    if not isinstance(kind, str) or kind not in KINDS:
        hint = did_you_mean(str(kind), known) or f"one of: {', '.join(known)}"
        diagnostics.append(doc.diag(("kind",), "E104", f"unknown document kind {kind!r}", hint))
        return None
    return kind


def _build(game_id: str, valid: dict[str, list[Document]], ruleset: str | None,
           diagnostics: list[Diagnostic], folder: Path | None = None) -> Game:
    """The model from the documents that passed every check so far.

    The game and its rules come first: printed texts are rendered with the money format
    and the rules numbers in scope.
    """
    one = {kind: docs[0] for kind, docs in valid.items()}
    parts: dict[str, Any] = {}
    info = GameInfo.build(game_id, one["game"]) if "game" in one else None
    parts["info"] = info
    if "rules" in one and ruleset in RULESETS:
        parts["rules"] = RULESETS[ruleset](one["rules"])
    rules = parts.get("rules")

    def limit(archetype: str | None = None, immunity: bool = True) -> int:
        """A Heat Limit for text: `{{ limit('heir', False) }}`."""
        if not isinstance(rules, DIRules):
            raise ValueError("this game has no Heat Limits")
        found = [a for a in parts.get("archetypes", ()) if a.id == archetype]
        if archetype is not None and not found:
            raise ValueError(f"no archetype {archetype!r}")
        mods = (*found[0].bend.while_, *found[0].cost.while_) if found else ()
        return rules.limit_for(mods, immunity)

    def find(what: str, key: str, ident: str) -> Any:
        found = next((x for x in parts.get(key) or () if x.id == ident), None)
        if found is None:
            raise ValueError(f"no {what} {ident!r}")
        return found

    def term(owner: str, name: str) -> Any:
        """The main number of a door's or Goal's term: `{{ term('defect', 'heat_at_least') }}`."""
        things = [*(parts.get("doors") or ()), *(parts.get("goals") or ())]
        thing = next((x for x in things if x.id == owner), None)
        if thing is None:
            raise ValueError(f"no door or Goal {owner!r}")
        terms = (*thing.requires, *thing.booking) if hasattr(thing, "booking") else \
            thing.condition
        found = next((t for t in terms if t.name == name), None)
        if found is None:
            raise ValueError(f"{owner} has no {name}")
        return found.args[0][1]

    def components() -> Any:
        if parts.get("components") is None:
            raise ValueError("this game has no components list")
        return parts["components"]

    def item(ident: str) -> Any:
        """A row of the components list: `{{ item('scandal-tokens').count }}`."""
        found = next((x for x in components().items if x.id == ident), None)
        if found is None:
            raise ValueError(f"no component {ident!r}")
        return found

    if "crime-types" in one:
        parts["crime_types"] = build_crime_types(one["crime-types"])
    # Text templates see the rules numbers and, through these look-ups, every other part of
    # the model (looked up when a text is filled, so parts built later are found too).
    texts = Texts(info.currency if info else Currency(),
                  {"rules": rules, "game": info, "limit": limit, "term": term,
                   "door": lambda i: find("door", "doors", i),
                   "goal": lambda i: find("Goal", "goals", i),
                   "item": item, "components": components,
                   "crime_types": {t.id: t.name for t in parts.get("crime_types", ())}})
    build = Builder(texts, diagnostics)
    if "characters" in one:  # before anything whose text quotes a character's Limit
        parts["archetypes"] = build_archetypes(one["characters"], build)
    if "components" in one:
        parts["components"] = Components.build(one["components"])
    if "departures" in one:
        parts["doors"] = build_doors(one["departures"], build)
    if "goals" in one:
        parts["doors_per_goal"], parts["goals"] = build_goals(one["goals"], build)
    if "roles" in one:
        parts["roles"] = build_roles(one["roles"])
    if "standard-deck" in one:
        parts["pieces"] = build_pieces(one["standard-deck"])
    if "cards" in valid:
        parts["cards"] = tuple(c for doc in valid["cards"] for c in build_cards(doc, build))
    if "glossary" in one:
        parts["glossary"] = build_glossary(one["glossary"])
    if "rulings" in one:
        parts["rulings"] = build_rulings(one["rulings"], build)
    if "facts" in one:
        parts["facts"] = build_facts(one["facts"])
    if "examples" in one:
        parts["examples"] = build_examples(one["examples"])
    return Game(game_id, folder, **parts)
