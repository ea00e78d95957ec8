"""What a ruleset adds to `pnp.checks`: the core calls these on the game's ruleset
(`pnp.rulesets.of(game)`) and never imports a ruleset itself.

Each check asks `of(game)` for the hooks where it looks at what only a ruleset has (its rules
numbers, its variants, the faces only it draws), and goes on without them for a game that
has none (a content-only game).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pnp import rulesets

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.checks.fit import Sketch
    from pnp.checks.rulebook import Field
    from pnp.content.model import Range
    from pnp.content.project import Game
    from pnp.diagnostics import Diagnostic
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry
    from pnp.render.text import Measured


class CheckHooks(Protocol):
    """A ruleset's part in `pnp.checks`. Each hook reads the game's rules numbers itself, and
    gives nothing when they are missing (their documents had problems, already reported)."""

    @property
    def overflows(self) -> tuple[type[Exception], ...]:
        """What its renderers raise when a text stops a face rather than shrink below its
        floor; the fit check has measured that text, and reports it from there."""
        ...

    def ids(self, game: Game) -> list[tuple[str, Sequence[Any]]]:
        """E207: its own kinds of things with ids, each (what, the items with `id` and `src`),
        for the ids check to hold each id to once (Diamond Heist's variants)."""
        ...

    def references(self, game: Game) -> list[Diagnostic]:
        """E204: every reference by id its rules numbers make (to decks, pieces, variants,
        rules numbers), after the core's own."""
        ...

    def ranges(self, game: Game) -> list[tuple[str, Range]]:
        """Its rules numbers' ranges, each (what, range), held the right way round (E601)."""
        ...

    def numbers(self, game: Game) -> list[Diagnostic]:
        """E602: its rules numbers agree with each other and with the game's parts."""
        ...

    def rules_number(self, game: Game, path: str) -> int | None:
        """The whole number its rules numbers hold at a dotted path (`scandal.recall_at`),
        which a component may need enough of for each player (E304); None when none."""
        ...

    def deck(self, game: Game) -> list[Diagnostic]:
        """What its setup deals from a standard deck, at every player count and variant
        (Diamond Heist's treasure: E501-W505), after the deck check's own (E504)."""
        ...

    def sketches(self, game: Game, geo: Geometry, theme: Theme, art: bool) -> list[Sketch]:
        """Every face of the components only it prints, each once and in print order, as
        the build draws them in `theme` (without the cards' art unless `art`): for
        `pnp.checks.fit.faces`, after the card faces."""
        ...

    def fit(
        self, game: Game, geo: Geometry, scratch: Canvas, seen: list[Measured]
    ) -> list[Diagnostic]:
        """Its part of the fit check, run inside the check's `measuring()` after the card
        faces: draws the faces only it prints on `scratch` (so their texts are measured with
        the rest, in `seen`), and gives what it finds itself (a face that cannot be drawn,
        a table that stops)."""
        ...

    def variants(self, game: Game) -> dict[str, str] | None:
        """The variants a worked example may be played with, id -> name (None: it has no
        variants)."""
        ...

    def not_role_card(self, game: Game) -> str:
        """The id of a piece a role carries that is no role card, so that a worked example's
        set-up does not count it as one ("" for none)."""
        ...

    def rulebook_fields(self, game: Game) -> Iterator[Field]:
        """The numbers of its rules that a rulebook template writes through a function
        (`limit('heir', False)`, `treasure(7).agent`), for the hint of E750."""
        ...


def of(game: Game) -> CheckHooks | None:
    """The check hooks of the game's ruleset (None for a game without, or a ruleset with
    nothing to add)."""
    ruleset = rulesets.of(game)
    hooks: CheckHooks | None = ruleset.checks() if ruleset is not None else None
    return hooks
