"""E702-E706: decks hold the cards the components list counts; one Departure card per door.

Skipped entirely for a game with no cards documents, so that games without cards (or whose
cards documents all had problems) still check clean.
"""

from __future__ import annotations

from collections import Counter

from pnp.checks.common import at, resolve
from pnp.content.cards import Card, CardKind
from pnp.content.components import Item
from pnp.content.departures import Door
from pnp.content.model import Ref
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Deck counts, card kinds against `holds`, decks of cards documents, Departure cards."""
    if game.cards is None:
        return []
    out: list[Diagnostic] = []
    if game.components is not None:
        _decks(game.cards, game.components.decks(), out)
    if game.doors is not None:
        _departure_cards(game.cards, game.doors, out)
    return out


def _decks(cards: tuple[Card, ...], decks: dict[str, Item], out: list[Diagnostic]) -> None:
    known = {deck: item.name for deck, item in decks.items()}
    # One reference per cards document: every card of a document shares its deck Ref.
    refs: dict[tuple[str, str, int], Ref] = {}
    for card in cards:
        refs.setdefault((card.deck.id, card.deck.src.file, card.deck.src.line), card.deck)
    bad = {ref.id for ref in refs.values() if not resolve(ref, "deck", known, out)}
    copies: Counter[str] = Counter()
    by_kind: dict[str, Counter[CardKind]] = {}
    for card in cards:
        if card.deck.id in bad:
            continue
        copies[card.deck.id] += card.count
        by_kind.setdefault(card.deck.id, Counter())[card.kind] += card.count
        item = decks[card.deck.id]
        if item.holds and card.kind.value not in item.holds:
            out.append(
                at(
                    card.src,
                    "E703",
                    f"'{card.name}' is a {card.kind.value} card, which the {item.name} "
                    "does not hold",
                    f"the {item.name} holds: {', '.join(item.holds)}",
                )
            )
    # A deck that no cards document fills (the Goal cards, made from the goals document) is
    # not counted here.
    for deck, total in copies.items():
        item = decks[deck]
        if total != item.count:
            parts = " + ".join(f"{n} {kind.value}" for kind, n in by_kind[deck].items())
            odd = _outlier([c for c in cards if c.deck.id == deck], total - item.count)
            if odd is not None:  # one card's copies stand out and explain the difference
                out.append(
                    at(
                        odd.count_src,
                        "E702",
                        f"'{odd.name}' has {odd.count} copies, which makes the "
                        f"{item.name} {total} cards, not the stated {item.count}",
                        f"did you mean {odd.count - (total - item.count)}? "
                        f"({item.src.file}:{item.src.line} states the deck's count)",
                    )
                )
                continue
            out.append(
                at(
                    item.src,
                    "E702",
                    f"{item.name}: the cards add up to {total} ({parts}), not the "
                    f"stated {item.count}",
                    "change the copies of its cards or the count in the components",
                )
            )


def _outlier(cards: list[Card], extra: int) -> Card | None:
    """The one card whose copies are far above every other card's of its deck and more than
    the deck's surplus: a slip of the keyboard (27 for 2) the designer should see first."""
    if extra <= 0 or len(cards) < 3:
        return None
    ranked = sorted(cards, key=lambda c: c.count, reverse=True)
    top, runner = ranked[0], ranked[1]
    # far above the others, or the only card the surplus fits in: a surplus of twice any
    # other card's copies is no card or two forgotten, it is one count mistyped
    if top.count > extra and (
        top.count >= 3 * max(runner.count, 1) or extra >= 2 * max(runner.count, 2)
    ):
        return top
    return None


def _departure_cards(
    cards: tuple[Card, ...], doors: tuple[Door, ...], out: list[Diagnostic]
) -> None:
    by_door: dict[str, list[Card]] = {}
    for card in cards:
        if card.kind is CardKind.DEPARTURE_CARD and card.door is not None:
            by_door.setdefault(card.door.id, []).append(card)
    if not by_door:  # a game whose cards have no Departure card at all does not use them
        return
    for door in doors:
        found = by_door.get(door.id, [])
        copies = sum(c.count for c in found)
        if not found:
            out.append(
                at(
                    door.src,
                    "E704",
                    f"the door '{door.name}' has no Departure card",
                    f"add a departure-card with 'door: {door.id}' to the Politics deck",
                )
            )
        elif copies > 1:
            where = found[1] if len(found) > 1 else found[0]
            listed = ", ".join(f"'{c.id}' x {c.count}" for c in found)
            out.append(
                at(
                    where.src,
                    "E704",
                    f"the door '{door.name}' has {copies} Departure cards ({listed})",
                    "each door has exactly one Departure card",
                )
            )
        for card in found:
            if card.name != door.name:
                out.append(
                    at(
                        card.src,
                        "E705",
                        f"the Departure card '{card.name}' is not named after its door "
                        f"'{door.name}'",
                        f"name it '{door.name}'",
                    )
                )
            _waiver(card, door, out)


def _waiver(card: Card, door: Door, out: list[Diagnostic]) -> None:
    missing = ""
    if card.waives == "price" and door.price == 0:
        missing = "the door has no price"
    elif card.waives == "requires" and not door.requires:
        missing = "the door has no condition to waive ('requires')"
    elif card.waives == "discard_crimes" and not any(
        t.name == "remove_crimes" for t in door.booking
    ):
        missing = "booking the door discards no crimes (no 'remove_crimes' step)"
    if missing:
        out.append(
            at(
                card.src,
                "E706",
                f"the Departure card '{card.name}' waives {card.waives}, but {missing}",
                "waive what the door has: " + (_waivable(door) or "nothing"),
            )
        )


def _waivable(door: Door) -> str:
    """What a Departure card for this door could waive."""
    found = []
    if door.price:
        found.append("price")
    if door.requires:
        found.append("requires")
    if any(t.name == "remove_crimes" for t in door.booking):
        found.append("discard_crimes")
    return ", ".join(found)
