"""`pnp list`: the whole of one game as printed, as plain text a designer can read and diff.

Everything comes from the model (`Game`), in a stable order: the title; decks in the order
of the components list, cards in file order; Goals; Departures; characters; for a
standard-deck game its roles and which cards play which piece; then what only the game's
ruleset has (`ListingHooks.sections`, such as a treasure table); last the rulings by topic.
Parts the game does not have are left out. Nothing here prints; the CLI does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pnp import rulesets
from pnp.content.cards import Ability, Aim, Archetype, Card, CardKind, Ruling, Timing
from pnp.content.departures import Door, Goal
from pnp.content.model import Currency, Ref
from pnp.content.pieces import STANDARD_DECK, Piece, PlayingCard, Role
from pnp.content.project import Game

INDENT = "    "


class ListingHooks(Protocol):
    """A ruleset's part in `pnp list`: the names of its variants and the sections of what
    only its games have."""

    def variant_names(self, game: Game) -> dict[str, str]:
        """The names of the game's variants by id (what a role's `variant` names)."""

    def sections(self, game: Game) -> list[list[str]]:
        """The sections of the ruleset's own parts, each a list of lines (`heading` and
        `indent` make them look like the core's); they follow the cards of the standard
        deck."""


def render_listing(game: Game) -> str:
    """Every card, character, Goal, Departure, ruling (or role and piece), and what only the
    game's ruleset has."""
    money = game.info.currency if game.info else Currency()
    hooks = ruleset.listing() if (ruleset := rulesets.of(game)) else None
    sections = [
        _title(game),
        *_decks(game, money),
        _goals(game),
        _departures(game.doors, money),
        _characters(game.archetypes, money),
        _roles(game, hooks.variant_names(game) if hooks else {}),
        _pieces(game.pieces),
        *(hooks.sections(game) if hooks else ()),
        _rulings(game.rulings),
    ]
    return "\n\n".join("\n".join(s) for s in sections if s) + "\n"


# ---- helpers --------------------------------------------------------------------------------


def indent(text: str, depth: int = 1) -> list[str]:
    """A (possibly multi-line) text, every line indented; blank lines stay empty."""
    pad = INDENT * depth
    return [pad + line if line.strip() else "" for line in text.strip().splitlines()]


def heading(text: str, level: int = 2) -> list[str]:
    """A Markdown heading and the blank line after it."""
    return [f"{'#' * level} {text}", ""]


def ref_name(ref: Ref | None, names: dict[str, str]) -> str:
    """The name of what a reference points at, by `names`; its id if unnamed."""
    if ref is None:
        return ""
    return names.get(ref.id, ref.id)


# ---- sections -------------------------------------------------------------------------------


def _title(game: Game) -> list[str]:
    info = game.info
    if info is None:
        return [f"# {game.id}"]
    players = info.players
    count = f"{players.min}-{players.max}" if players.min != players.max else str(players.min)
    lines = [f"# {info.title} v{info.version}", "", f"{count} players"]
    if info.tagline:
        lines += ["", *indent(info.tagline, 0)]
    return lines


def _decks(game: Game, money: Currency) -> list[list[str]]:
    """One section per deck with cards: components-list order, then any other deck."""
    cards = game.cards or ()
    listed = game.components.decks() if game.components else {}
    order = list(listed)
    order += [d for d in dict.fromkeys(c.deck.id for c in cards) if d not in listed]
    crime_types = {t.id: t.name for t in game.crime_types or ()}
    doors = {d.id: d.name for d in game.doors or ()}
    out: list[list[str]] = []
    for deck in order:
        in_deck = [c for c in cards if c.deck.id == deck]
        if not in_deck:
            continue
        total = sum(c.count for c in in_deck)
        item = listed.get(deck)
        title = f"{item.name} ({deck}): {total} cards" if item else f"{deck}: {total} cards"
        if item and item.count != total:
            title += f" (the components list says {item.count})"
        lines = heading(title)
        for card in in_deck:
            lines += _card(card, crime_types, doors, money)
        out.append(lines[:-1])  # no blank line after the last card
    return out


def _card(
    card: Card, crime_types: dict[str, str], doors: dict[str, str], money: Currency
) -> list[str]:
    kind, details = card_details(card, crime_types, doors, money)
    tag = " · ".join(p for p in (kind, ", ".join(details)) if p)
    head = f"{card.name}  x{card.count}" + (f"  [{tag}]" if tag else "")
    lines = [head, *indent(card.text.printed)]
    if card.flavour.strip():
        lines += indent(f"_{card.flavour.strip()}_")
    if card.back.strip():
        lines += indent(f"Back: {card.back.strip()}")
    return [*lines, ""]


def card_details(
    card: Card, crime_types: dict[str, str], doors: dict[str, str], money: Currency
) -> tuple[str, list[str]]:
    """A card's kind in the game's words and its data as short phrases ("Vice, Heat 2,
    $4M", "door Private Jet", "evening", "$3M"), as `pnp list` and the proof site print them."""
    details: list[str] = []
    if card.crime:
        details.append(
            f"{ref_name(card.crime.type, crime_types)}, Heat {card.crime.heat}, "
            f"{money.format(card.crime.payout)}"
        )
    if card.covers:
        details.append(f"covers {ref_name(card.covers, crime_types)}")
    if card.door:
        details.append(f"door {ref_name(card.door, doors)}")
    if card.waives:
        details.append(f"waives {card.waives}")
    if card.law and card.law.names_player:
        details.append("names a player")
    details += _play(card.timing, card.aim, card.price, money)
    details += [f"{name} {_value(value)}" for name, value in card.fields]
    kind = card.category if card.kind is CardKind.PLAIN else card.kind.value
    return kind, details


def _play(timing: Sequence[Timing], aim: Aim | None, price: int, money: Currency) -> list[str]:
    """When a card or ability is played, against what, and at what price."""
    out = []
    if timing:
        out.append("/".join(t.value for t in timing))
    if aim is not None:
        out.append(f"against {aim.value}")
    if price:
        out.append(money.format(price))
    return out


def _goals(game: Game) -> list[str]:
    if not game.goals:
        return []
    doors = {d.id: d.name for d in game.doors or ()}
    lines = heading("Goals")
    for goal in game.goals:
        lines += _goal(goal, doors)
    return lines[:-1]


def _goal(goal: Goal, doors: dict[str, str]) -> list[str]:
    named = ", ".join(ref_name(d, doors) for d in goal.doors)
    lines = [f"{goal.name}  [{named}]"]
    if goal.text is not None:
        lines += indent(goal.text.printed)
    return [*lines, ""]


def _departures(doors: tuple[Door, ...] | None, money: Currency) -> list[str]:
    if not doors:
        return []
    lines = heading("Departures")
    for door in doors:
        lines += [
            f"{door.name}  {money.format(door.price)}",
            *indent(door.text.printed),
            *indent(f"Board: {door.board.printed}"),
            *indent(f'Says: "{door.says.strip()}"'),
            "",
        ]
    return lines[:-1]


def _characters(archetypes: tuple[Archetype, ...] | None, money: Currency) -> list[str]:
    if not archetypes:
        return []
    lines = heading("Characters")
    for arch in archetypes:
        lines.append(arch.name)
        lines += _ability("Bend", arch.bend, money, 1)
        lines += _ability("Cost", arch.cost, money, 1)
        for dip in arch.diplomats:
            lines.append(f"{INDENT}{dip.name} ({dip.face})")
            lines += _ability("Signature", dip.signature, money, 2)
        lines.append("")
    return lines[:-1]


def _ability(label: str, ability: Ability, money: Currency, depth: int) -> list[str]:
    play = _play(ability.timing, ability.aim, ability.price, money)
    tag = f"  [{', '.join(play)}]" if play else ""
    return [
        f"{INDENT * depth}{label}: {ability.name}{tag}",
        *indent(ability.text.printed, depth + 1),
    ]


def _rulings(rulings: tuple[Ruling, ...] | None) -> list[str]:
    if not rulings:
        return []
    topics: dict[str, list[Ruling]] = {}
    for r in rulings:
        topics.setdefault(r.topic, []).append(r)
    lines = heading("Rulings")
    for topic, group in topics.items():
        lines += heading(topic, 3)
        for r in group:
            ruling = indent(r.ruling) or [""]
            lines += [f"- {ruling[0].strip()}", *ruling[1:], *indent(f"Why: {r.why.strip()}"), ""]
    return lines[:-1]


# ---- standard-deck games --------------------------------------------------------------------


def _roles(game: Game, variants: dict[str, str]) -> list[str]:
    if not game.roles:
        return []
    pieces = {p.id: p.name for p in game.pieces or ()}
    lines = heading("Roles")
    for role in game.roles:
        lines += [_role_line(role, pieces, variants), *indent(role.wins), ""]
    return lines[:-1]


def _role_line(role: Role, pieces: dict[str, str], variants: dict[str, str]) -> str:
    tags = []
    if role.piece:
        tags.append(f"card: {ref_name(role.piece, pieces)}")
    if role.variant:
        tags.append(f"variant: {ref_name(role.variant, variants)}")
    return f"{role.name}  [{', '.join(tags)}]" if tags else role.name


_DECK_ORDER = {card: i for i, card in enumerate(STANDARD_DECK)}


def _deck_order(card: PlayingCard) -> int:
    """Suits as a new deck lies (spades, hearts, diamonds, clubs), ace to king."""
    return _DECK_ORDER.get(card, len(_DECK_ORDER))


def _pieces(pieces: tuple[Piece, ...] | None) -> list[str]:
    if not pieces:
        return []
    width = max(len(p.name) for p in pieces)
    lines = heading("Cards of the standard deck")
    used: set[PlayingCard] = set()
    for piece in pieces:
        cards = sorted(piece.cards, key=_deck_order)
        used.update(cards)
        lines.append(f"{piece.name.ljust(width)}  {' '.join(str(c) for c in cards)}".rstrip())
    unused = [c for c in STANDARD_DECK if c not in used]
    if unused:
        lines.append(f"{'(unused)'.ljust(width)}  {' '.join(str(c) for c in unused)}")
    return lines


def _value(value: object) -> str:
    """A card's field value as written in YAML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
