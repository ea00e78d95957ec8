"""E207: ids are unique within each kind of thing. E716: card names are unique in a game.

Two cards of one name (in one deck or in two) cannot be told apart at the table, in the
rulebook's card lists or in a ruling that names one, whatever their ids.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.checks import hooks
from pnp.checks.common import at
from pnp.content.cards import Card
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def _unique(what: str, items: Iterable[object], out: list[Diagnostic]) -> None:
    first: dict[str, Src] = {}
    for item in items:
        ident: str = getattr(item, "id")  # noqa: B009
        src: Src = getattr(item, "src")  # noqa: B009
        if ident in first:
            prev = first[ident]
            out.append(
                at(
                    src,
                    "E207",
                    f"duplicate {what} id '{ident}'",
                    f"first defined at {prev.file}:{prev.line}",
                )
            )
        else:
            first[ident] = src


def check(game: Game) -> list[Diagnostic]:
    """Every id namespace of the game, each id once."""
    out: list[Diagnostic] = []
    if game.components:
        _unique("seat", game.components.seats, out)
        _unique("component", [*game.components.items, *game.components.groups], out)
    for what, items in (
        ("door", game.doors),
        ("Goal", game.goals),
        ("role", game.roles),
        ("piece", game.pieces),
        ("card", game.cards),
        ("crime type", game.crime_types),
        ("archetype", game.archetypes),
        ("diplomat", game.diplomats),
        ("ruling", game.rulings),
    ):
        if items:
            _unique(what, items, out)
    ruleset = hooks.of(game)
    for kind, own in ruleset.ids(game) if ruleset else ():  # its own kinds (variants)
        _unique(kind, own, out)
    _unique_names(game, out)
    return out


def _unique_names(game: Game, out: list[Diagnostic]) -> None:
    """E716 at the second card's name, naming where the first is."""
    first: dict[str, Card] = {}
    for card in game.cards or ():
        key = " ".join(card.name.casefold().split())
        prev = first.setdefault(key, card)
        if prev is card or prev.id == card.id:
            continue  # one card, or the same id twice (E207)
        where = prev.name_src if prev.name_src.file else prev.src
        deck = (
            f"in the {prev.deck.id} deck too"
            if prev.deck.id == card.deck.id
            else f"in the {prev.deck.id} deck"
        )
        out.append(
            at(
                card.name_src if card.name_src.file else card.src,
                "E716",
                f"a second card is named '{card.name}' (ids '{prev.id}' and '{card.id}')",
                f"the first is {deck}, at {where.file}:{where.line}; give one of them another name",
            )
        )
