"""What a ruleset adds to `pnp.rulebook`: the core calls these on the game's ruleset
(`pnp.rulesets.of(game)`) and never imports a ruleset itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from pnp import rulesets

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.content.project import Game
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry, Size
    from pnp.rulebook.context import BuildNodes, Context
    from pnp.rulebook.faces import DrawFace
    from pnp.rulebook.setup_figure import SetupDiagram

Block = Callable[..., "BuildNodes"]  # a generated block: (context, its arguments) -> builder
Money = Callable[[int], str]  # an amount in the game's currency, as printed


class RulebookHooks(Protocol):
    """A ruleset's part in the rulebook: the blocks and look-ups its sources may call, the
    set-up diagram of its games, and what its games' covers show."""

    @property
    def blocks(self) -> Mapping[str, Block]:
        """Its own generated blocks by name (`treasure_table`), called alone on their line
        like the core's (`pnp.rulebook.blocks`)."""

    def values(self, ctx: Context) -> Mapping[str, Any]:
        """Its own look-ups and helpers a template may use (`treasure(players)`), over the
        game of `ctx`."""

    def setup_plan(self, game: Game, players: int) -> Any:
        """The table after set-up for a player count, as pure data (the `data` of the
        `setup` figure); ValueError when it cannot be pictured."""

    def setup_words(self, plan: Any, money: Money) -> list[tuple[str, str]]:
        """(where, what) rows saying a set-up plan in words, for the text-only book."""

    def setup_height(self, diagram: SetupDiagram, width: float) -> float:
        """How tall the drawing of `diagram.plan` is at a width."""

    def draw_setup(self, diagram: SetupDiagram) -> None:
        """Draw `diagram.plan` on `diagram.canv`, `diagram.width` by `diagram.height`."""

    def cover_faces(
        self, game: Game, geo: Geometry, theme: Theme, count: int
    ) -> list[tuple[DrawFace, Size]] | None:
        """Up to `count` pictures for the cover's fan of cards, or None for the core's
        choice of the game's cards and Goals."""

    def draw_emblem(
        self, game: Game, canvas: Canvas, cx: float, cy: float, r: float, colour: str
    ) -> bool:
        """Draw the game's emblem on the cover's medal (centred at (cx, cy), of radius `r`);
        False when it has none (the medal then shows a star)."""


def of(game: Game) -> RulebookHooks | None:
    """The rulebook hooks of a game's ruleset (None for a content-only game, or a ruleset
    that adds nothing to the rulebook)."""
    ruleset = rulesets.of(game)
    return ruleset.rulebook() if ruleset is not None else None
