"""The set-up diagram's block: what goes where at the start of a game, counted from the data.

`{{ setup_diagram() }}` (alone on its line) pictures the table after set-up, for a player
count from the middle of the game's best range (`players=` picks another, within the game's
range). Every count is the data's: the components list, the starting money and hand, the
clock, the treasure table. The game's ruleset makes the plan and says it in words
(`RulebookHooks.setup_plan`, `setup_words`); the illustrated book draws it
(`setup_figure.py`, with the same renderers as the kit's boards, chips and cards); the
text-only book prints the same as a table of words.

A plan is pure data, so the checks can make it without loading the page-layout engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.rulebook import hooks
from pnp.rulebook.blocks import block
from pnp.rulebook.document import Figure, Inline, Node, Para, Table, Where

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.rulebook.context import BuildNodes, Context


@dataclass(frozen=True, slots=True)
class Pile:
    """Some of one thing in one place: `count` of it, named `label`; `deck` names the
    deck whose back a pile of cards shows, `item` the components item it is."""

    label: str
    count: int
    deck: str = ""
    item: str = ""


def default_players(game: Game) -> int:
    """The player count a set-up is pictured for: the middle of the best range (rounded
    down), else of the whole range."""
    info = game.info
    if info is None:
        raise ValueError("this game has no player counts")
    span = info.best or info.players
    return (span.min + span.max) // 2


def plan(game: Game, players: int) -> Any:
    """The set-up of any game this block can picture, as its ruleset plans it."""
    found = hooks.of(game)
    if found is None:
        raise ValueError("this game has no starting money, hand or clock to picture")
    return found.setup_plan(game, players)


# ---- in words: the text-only book, and the caption ----------------------------------------


def listing(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' (empty parts left out)."""
    parts = [p for p in parts if p]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def one(label: str) -> str:
    """A plural name as one of it: 'Law markers' -> 'Law marker'."""
    return label[:-1] if label.endswith("s") else label


# ---- the block ------------------------------------------------------------------------------


@block
def setup_diagram(ctx: Context, players: int | None = None) -> BuildNodes:
    """The table after set-up, drawn from the data: each player's board, chips, money, hand
    and Goal, the decks, the clock and the bank (or the Boss, the treasure and its
    apologies), and what goes back in the box; a table of words in the text-only book."""
    from pnp.english import word

    game = ctx.game
    info = game.info
    n = default_players(game) if players is None else int(players)
    if info is not None and not info.players.min <= n <= info.players.max:
        raise ValueError(
            f"this game is for {info.players.min} to {info.players.max} players, not {n}"
        )
    drawn = plan(game, n)  # a game it cannot picture is an error on the block's line

    def build(where: Where) -> list[Node]:
        found = hooks.of(game)
        assert found is not None  # it made the plan
        rows = found.setup_words(drawn, ctx.money)
        caption = Para(
            Inline.plain(f"The table after set-up, for {word(n)} players."),
            where,
            "note",
            generated=True,
        )
        words = Table(
            (Inline.plain("Where"), Inline.plain("What")),
            tuple((Inline(f"<b>{_esc(a)}</b>", a), Inline.plain(b)) for a, b in rows),
            (1.6, 4.6),
            where,
        )
        # the illustrated book draws the plan above the caption; the text-only book prints
        # the caption and the table of words
        return [Figure("setup", drawn, (caption, words), where)]

    return build


def _esc(text: str) -> str:
    from pnp.rulebook.document import escape

    return escape(text)
