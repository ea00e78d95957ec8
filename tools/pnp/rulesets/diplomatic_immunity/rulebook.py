"""Diplomatic Immunity's part in the rulebook: its helpers and its set-up plan
(`pnp.rulebook.hooks.RulebookHooks`).

Helpers: `limit(archetype=None, immunity=True)`, a Heat Limit (everyone's, or an
archetype's, with or without Immunity), and `start_hand(deck)`, the cards each player is
dealt from a deck at setup.

`setup_diagram()` pictures each player's board, chips, money, hand and Goal, the decks, the
clock and the bank (`rulebook_setup.py`, drawn by `rulebook_setup_figure.py`). Its blocks of
doors, Goals and characters are the core's (`pnp.rulebook.blocks`): they need only the
content.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.rulebook_setup import TablePlan, table_plan, table_words

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.content.project import Game
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry, Size
    from pnp.rulebook.context import Context
    from pnp.rulebook.faces import DrawFace
    from pnp.rulebook.hooks import Block, Money, RulebookHooks
    from pnp.rulebook.setup_figure import SetupDiagram


def values(ctx: Context) -> dict[str, Any]:
    """`limit()` and `start_hand(deck)`, over the game of `ctx`."""
    game = ctx.game

    def limit(archetype: str | None = None, immunity: bool = True) -> int:
        """A Heat Limit: everyone's, or an archetype's, with or without Immunity."""
        rules = game.rules
        if not isinstance(rules, DIRules):
            raise ValueError("this game has no Heat Limits")
        mods: tuple[Term, ...] = ()
        if archetype is not None:
            a = ctx.find("archetype", archetype, game.archetypes or ())
            mods = (*a.bend.while_, *a.cost.while_)
        return rules.limit_for(mods, immunity)

    def start_hand(deck: str) -> int:
        """How many cards of a deck each player is dealt at setup."""
        rules = game.rules
        if not isinstance(rules, DIRules):
            raise ValueError("this game deals no starting hand")
        hand = {d.deck.id: d.cards for d in rules.start.hand}
        if deck not in hand:
            raise ValueError(f"no starting cards from '{deck}' (decks: {', '.join(hand)})")
        return hand[deck]

    return {"limit": limit, "start_hand": start_hand}


def setup_words(plan: TablePlan, money: Money) -> list[tuple[str, str]]:
    """(where, what) rows of the set-up, the money counted in the game's currency."""
    coins = " + ".join(money(c) for c in plan.coins)
    each = money(plan.money) + (f" ({coins})" if len(plan.coins) > 1 else "")
    return table_words(plan, each, money(plan.bank))


class _Rulebook:
    """Diplomatic Immunity's rulebook hooks."""

    blocks: Mapping[str, Block] = {}

    def values(self, ctx: Context) -> Mapping[str, Any]:
        return values(ctx)

    def setup_plan(self, game: Game, players: int) -> TablePlan:
        return table_plan(game, players)

    def setup_words(self, plan: Any, money: Money) -> list[tuple[str, str]]:
        return setup_words(plan, money)

    def setup_height(self, diagram: SetupDiagram, width: float) -> float:
        from pnp.rulesets.diplomatic_immunity import rulebook_setup_figure

        return rulebook_setup_figure.height(diagram, width)

    def draw_setup(self, diagram: SetupDiagram) -> None:
        from pnp.rulesets.diplomatic_immunity import rulebook_setup_figure

        rulebook_setup_figure.draw(diagram)

    def cover_faces(
        self, game: Game, geo: Geometry, theme: Theme, count: int
    ) -> list[tuple[DrawFace, Size]] | None:
        return None  # its Goals and cards, as the core picks them

    def draw_emblem(
        self, game: Game, canvas: Canvas, cx: float, cy: float, r: float, colour: str
    ) -> bool:
        return False  # the star


HOOKS: RulebookHooks = _Rulebook()
