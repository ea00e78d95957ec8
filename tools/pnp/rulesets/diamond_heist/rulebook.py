"""Diamond Heist's part in the rulebook: its blocks, its look-ups, its set-up plan and its
cover (`pnp.rulebook.hooks.RulebookHooks`).

Blocks, each alone on its line like the core's (`pnp.rulebook.blocks`):

| block | what it prints |
|---|---|
| `mapping_table()` | a standard-deck game: which cards stand for which piece |
| `roles_table()` | a standard-deck game's roles: their card and how they win |
| `treasure_table()` | the treasure at every player count, with its totals |
| `variants_table()` | each variant, its player counts and what it changes |

Look-ups: `variant(id)`, a variant with its changes by piece id, and `treasure(players)`,
a row of the treasure table by piece id (`treasure(8).loyalist`).

`setup_diagram()` pictures the Boss, the treasure and its apologies
(`rulebook_setup.py`, drawn by `rulebook_setup_figure.py`); the cover fans out the
printable deck's cards and shows a gem on its medal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pnp.content.pieces import STANDARD_DECK, Piece
from pnp.rulebook.blocks import cell, md, need
from pnp.rulebook.context import View
from pnp.rulebook.document import Inline, Node, Table, Where, anchor, bold
from pnp.rulesets.diamond_heist.model import HeistRules
from pnp.rulesets.diamond_heist.rulebook_setup import TreasurePlan, treasure_plan, treasure_words

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.content.project import Game
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry, Size
    from pnp.rulebook.context import BuildNodes, Context
    from pnp.rulebook.faces import DrawFace
    from pnp.rulebook.hooks import Block, Money, RulebookHooks
    from pnp.rulebook.setup_figure import SetupDiagram


# ---- blocks -----------------------------------------------------------------------------------


def _heist(ctx: Context) -> HeistRules:
    rules = ctx.game.rules
    if not isinstance(rules, HeistRules) or not ctx.game.pieces:
        raise ValueError("this game is not played with a standard deck")
    return rules


def _cards_of(piece: Piece) -> str:
    from pnp.rulesets.diamond_heist.render import compact_cards

    return compact_cards(piece.cards)


def mapping_table(ctx: Context) -> BuildNodes:
    """Which cards of a standard deck stand for which piece, and which are not used."""
    _heist(ctx)
    pieces = ctx.game.pieces or ()
    roles = {r.piece.id: r for r in ctx.game.roles or () if r.piece}

    def build(where: Where) -> list[Node]:
        from pnp.rulesets.diamond_heist.render import compact_cards

        rows = []
        for p in pieces:
            role = roles.get(p.id)
            note = f" ({role.variant.id} variant)" if role and role.variant else ""
            rows.append((cell(_cards_of(p)), bold(p.name + note), cell(str(len(p.cards)))))
        used = {c for p in pieces for c in p.cards}
        unused = [c for c in STANDARD_DECK if c not in used]
        if unused:
            rows.append((cell(compact_cards(unused)), cell("not used"), cell(str(len(unused)))))
        return [
            Table(
                (cell("Cards"), cell("Stand for"), cell("In the deck")),
                tuple(rows),
                (3.2, 2.2, 1.0),
                where,
            )
        ]

    return build


def roles_table(ctx: Context) -> BuildNodes:
    """Each role: the card that makes you it (if any) and how it wins."""
    _heist(ctx)
    roles = need(ctx.game.roles, "roles")
    pieces = {p.id: p for p in ctx.game.pieces or ()}
    for r in roles:
        ctx.blocks.anchors[f"role:{r.id}"] = f"role-{r.id}"

    def build(where: Where) -> list[Node]:
        rows = []
        for r in roles:
            piece = pieces.get(r.piece.id) if r.piece else None
            card = _cards_of(piece) if piece else "no card"
            name = r.name + (" (variant)" if r.variant else "")
            rows.append((anchor(f"role-{r.id}") + bold(name), cell(card), md(r.wins)))
        return [
            Table((cell("Role"), cell("Card"), cell("Wins")), tuple(rows), (1.5, 1.3, 4.2), where)
        ]

    return build


def treasure_table(ctx: Context, mark: str = "*") -> BuildNodes:
    """The treasure for every player count (the Boss included): diamonds, role cards and
    the Boss's apologies, with the totals; advanced counts carry `mark`."""
    _heist(ctx)

    def build(where: Where) -> list[Node]:
        from pnp.rulesets.diamond_heist.render import treasure_table as table_of

        table = table_of(ctx.game)
        header = [cell("Players")] + [
            cell(f"{p}{mark if adv else ''}")
            for p, adv in zip(table.players, table.advanced, strict=True)
        ]
        rows: list[tuple[Inline, ...]] = []
        in_treasure = [0] * len(table.players)
        # the last row of the table is the apologies (heist.treasure_table's order)
        *pieces, (_heading, _cards, apologies) = table.rows
        for heading, _cards, counts in pieces:
            rows.append((bold(heading), *(cell(str(n)) for n in counts)))
            in_treasure = [a + b for a, b in zip(in_treasure, counts, strict=True)]
        rows.append((bold("Treasure cards"), *(cell(str(n)) for n in in_treasure)))
        rows.append((bold("Apologies (before the Boss)"), *(cell(str(n)) for n in apologies)))
        rows.append(
            (
                bold("Cards in play"),
                *(cell(str(a + b)) for a, b in zip(in_treasure, apologies, strict=True)),
            )
        )
        rows.append((bold("Players who take"), *(cell(str(p - 1)) for p in table.players)))
        widths = (2.6, *([1.0] * len(table.players)))
        return [Table(tuple(header), tuple(rows), widths, where)]

    return build


def variants_table(ctx: Context) -> BuildNodes:
    """Each variant: at which player counts it may be played, and what it changes."""
    rules = _heist(ctx)
    need(rules.variants, "variants")

    def build(where: Where) -> list[Node]:
        rows = []
        for v in rules.variants:
            players = (
                str(v.players.min)
                if v.players.min == v.players.max
                else f"{v.players.min}–{v.players.max}"
            )
            rows.append((bold(v.name), cell(players), md(v.note)))
        return [
            Table(
                (cell("Variant"), cell("Players"), cell("What changes")),
                tuple(rows),
                (1.8, 0.9, 4.0),
                where,
            )
        ]

    return build


BLOCKS: dict[str, Block] = {
    f.__name__: f for f in (mapping_table, roles_table, treasure_table, variants_table)
}


# ---- look-ups ---------------------------------------------------------------------------------


def values(ctx: Context) -> dict[str, Any]:
    """`variant(id)` and `treasure(players)`, over the game of `ctx`."""
    game = ctx.game

    def variant(key: str) -> View:
        """A variant, with its changes by piece id."""
        rules = game.rules
        variants = rules.variants if isinstance(rules, HeistRules) else ()
        v = ctx.find("variant", key, variants)
        return View(v, {c.piece.id: c.n for c in v.roles})

    def treasure(players: int) -> View:
        """A row of the treasure table: `.loyalist`, `.apologies`, `.cards` (diamonds and
        role cards in the treasure)."""
        rules = game.rules
        if not isinstance(rules, HeistRules):
            raise ValueError("this game has no treasure table")
        row = rules.row(int(players))
        if row is None:
            counts = ", ".join(str(r.players) for r in rules.treasure)
            raise ValueError(f"no treasure row for {players} players (rows: {counts})")
        roles = {c.piece.id: c.n for c in row.roles}
        return View(
            row,
            {**roles, "diamonds": rules.diamonds, "cards": rules.diamonds + sum(roles.values())},
        )

    return {"variant": variant, "treasure": treasure}


# ---- the cover --------------------------------------------------------------------------------


def cover_faces(
    game: Game, geo: Geometry, theme: Theme, count: int
) -> list[tuple[DrawFace, Size]] | None:
    """Up to `count` of the printable deck's cards, one of each piece (None for a game
    without pieces)."""
    if isinstance(game.rules, HeistRules) and game.pieces:
        from pnp.rulesets.diamond_heist import render as heist

        layout = geo.layouts["heist-card"]
        picks = [p for p in game.pieces if p.cards][:count]
        faces: list[tuple[DrawFace, Size]] = []
        for piece in picks:
            card = piece.cards[-1]

            def draw(
                canvas: Canvas, size: Size, piece: object = piece, card: object = card
            ) -> None:
                heist.draw_piece(
                    canvas,
                    size,
                    game,
                    piece,  # type: ignore[arg-type]
                    card,  # type: ignore[arg-type]
                    layout,
                    theme,
                )

            faces.append((draw, layout.size))
        return faces
    return None


def draw_emblem(game: Game, canvas: Canvas, cx: float, cy: float, r: float, colour: str) -> bool:
    """A gem on the cover's medal."""
    if not isinstance(game.rules, HeistRules):
        return False
    from pnp.rulesets.diamond_heist import render as heist_render

    heist_render.icon(canvas, "gem", cx, cy + r * 0.05, r * 0.42, colour)
    return True


# ---- the hooks --------------------------------------------------------------------------------


class _Rulebook:
    """Diamond Heist's rulebook hooks."""

    blocks: Mapping[str, Block] = BLOCKS

    def values(self, ctx: Context) -> Mapping[str, Any]:
        return values(ctx)

    def setup_plan(self, game: Game, players: int) -> TreasurePlan:
        return treasure_plan(game, players)

    def setup_words(self, plan: Any, money: Money) -> list[tuple[str, str]]:
        return treasure_words(plan)

    def setup_height(self, diagram: SetupDiagram, width: float) -> float:
        from pnp.rulesets.diamond_heist import rulebook_setup_figure

        return rulebook_setup_figure.height(diagram, width)

    def draw_setup(self, diagram: SetupDiagram) -> None:
        from pnp.rulesets.diamond_heist import rulebook_setup_figure

        rulebook_setup_figure.draw(diagram)

    def cover_faces(
        self, game: Game, geo: Geometry, theme: Theme, count: int
    ) -> list[tuple[DrawFace, Size]] | None:
        return cover_faces(game, geo, theme, count)

    def draw_emblem(
        self, game: Game, canvas: Canvas, cx: float, cy: float, r: float, colour: str
    ) -> bool:
        return draw_emblem(game, canvas, cx, cy, r, colour)


HOOKS: RulebookHooks = _Rulebook()
