"""Diamond Heist's set-up plan: the Boss, the treasure for the player count and its
apologies, counted from the treasure table (the block is `setup_diagram()` of
`pnp.rulebook.setup_plan`; `rulebook_setup_figure.py` draws it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.rulebook.setup_plan import Pile, listing
from pnp.rulesets.diamond_heist.model import HeistRules

if TYPE_CHECKING:
    from pnp.content.project import Game


@dataclass(frozen=True, slots=True)
class TreasurePlan:
    """A standard-deck game with a Boss and a treasure (Diamond Heist) after set-up."""

    players: int
    treasure: tuple[Pile, ...]  # by piece, in the treasure table's order
    apologies: Pile  # face up before the Boss
    hides: tuple[int, int]  # the diamonds the Boss may keep back
    diamond: str  # the diamond piece's id


def treasure_plan(game: Game, players: int) -> TreasurePlan:
    """The table after set-up for a standard-deck game with a Boss and a treasure."""
    rules = game.rules
    if not isinstance(rules, HeistRules):
        raise ValueError("this game has no treasure to picture")
    row = rules.row(players)
    if row is None:
        raise ValueError(f"no treasure row for {players} players")
    names = {p.id: p.name for p in game.pieces or ()}
    diamond = rules.diamond_piece.id
    treasure = [Pile(names.get(diamond, diamond), rules.diamonds, item=diamond)]
    treasure += [
        Pile(names.get(c.piece.id, c.piece.id), c.n, item=c.piece.id) for c in row.roles if c.n > 0
    ]
    apology = rules.apology_piece.id
    return TreasurePlan(
        players,
        tuple(treasure),
        Pile(names.get(apology, apology), row.apologies, item=apology),
        (rules.boss_hides.min, rules.boss_hides.max),
        diamond,
    )


def treasure_words(p: TreasurePlan) -> list[tuple[str, str]]:
    """(where, what) rows of a treasure game's set-up."""
    cards = sum(t.count for t in p.treasure)
    return [
        (
            "The treasure, face down before the Boss",
            listing([f"{t.count} {t.label}" + ("s" if t.count > 1 else "") for t in p.treasure])
            + f": {cards} cards.",
        ),
        (
            "Face up before the Boss",
            f"{p.apologies.count} {p.apologies.label}"
            + ("s" if p.apologies.count != 1 else "")
            + ".",
        ),
        (
            "In the Boss's pocket",
            f"{p.hides[0]} to {p.hides[1]} diamonds from the treasure, kept back in secret.",
        ),
        (
            "Then",
            "The Boss hands the treasure to the player on their left; it goes round "
            "the table clockwise.",
        ),
    ]
