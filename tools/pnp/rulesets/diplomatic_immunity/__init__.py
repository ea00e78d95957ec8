"""The Diplomatic Immunity ruleset: its rules numbers, character boards and punch-out chips,
and its rules model."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pnp.rulesets import Renderer, Ruleset, hooks
from pnp.rulesets.diplomatic_immunity.model import DIRules

if TYPE_CHECKING:
    from pnp.content.project import Game, Parts
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry
    from pnp.render.pieces import Pieces
    from pnp.rules.engine import Simulation


def _renderers() -> tuple[Renderer, ...]:
    from pnp.rulesets.diplomatic_immunity import boards, chips

    return (boards.outputs, chips.outputs)


def _pieces(game: Game, geo: Geometry, theme: Theme) -> Pieces:
    from pnp.rulesets.diplomatic_immunity import export

    return export.pieces(game, geo, theme)


def _simulation() -> Simulation:
    from pnp.rulesets.diplomatic_immunity.play import SIMULATION

    return SIMULATION


def _text_functions(parts: Parts) -> dict[str, Callable[..., Any]]:
    """`limit(archetype=None, immunity=True)`: a Heat Limit for card text, the rules' own
    or, named by archetype, that character's (`{{ limit('heir', False) }}`)."""

    def limit(archetype: str | None = None, immunity: bool = True) -> int:
        rules = parts.rules
        if not isinstance(rules, DIRules):
            raise parts.missing("rules", "this game has no Heat Limits")
        found = [a for a in parts.built.get("archetypes", ()) if a.id == archetype]
        if archetype is not None and not found:
            raise parts.missing("archetypes", f"no archetype {archetype!r}")
        mods = (*found[0].bend.while_, *found[0].cost.while_) if found else ()
        return rules.limit_for(mods, immunity)

    return {"limit": limit}


RULESET = Ruleset(
    "diplomatic-immunity",
    DIRules.build,
    schemas=f"{__name__}.schemas",
    renderers=_renderers,
    pieces=_pieces,
    simulation=_simulation,
    text_functions=_text_functions,
    examples=hooks(f"{__name__}.examples", "VOCABULARY"),
    checks=hooks(f"{__name__}.checks"),
    rulebook=hooks(f"{__name__}.rulebook"),
    diff=hooks(f"{__name__}.diff"),
    listing=hooks(f"{__name__}.listing"),
)
