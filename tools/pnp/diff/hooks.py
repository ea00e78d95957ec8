"""What a ruleset adds to `pnp.diff`: the core calls these on the game's ruleset
(`pnp.rulesets.of(game)`) and never imports a ruleset itself."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.diff.changes import Entities
    from pnp.diff.faces import Face
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry


@dataclass(frozen=True, slots=True)
class Section:
    """A section of the changelog for a part only a ruleset's games have: its key (a
    change's `section`, and what a face names in its sources), its heading, the part's
    entities, and the field of the rules numbers it reports, if any (left out of the
    rules numbers' own section)."""

    key: str
    heading: str
    entities: Callable[[Game], Entities]
    rules: str = ""


class DiffHooks(Protocol):
    """A ruleset's part in `pnp.diff`: the changelog sections and the printed faces of
    what only its games have."""

    @property
    def sections(self) -> tuple[Section, ...]:
        """The changelog sections of the ruleset's own parts, in the order they print; they
        follow the standard deck's section."""

    def faces(self, game: Game, geo: Geometry, theme: Theme) -> Iterable[Face]:
        """The faces only the ruleset prints, in print order; they follow the core's (cards,
        Goals, the Departures board and the card backs)."""
