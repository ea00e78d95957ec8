"""Rulesets are plugins: each registers one `Ruleset` under the entry point group
`pnp.rulesets` (in its package's metadata), and the core finds it by the name a game's
`game.yaml` gives as `ruleset:`.

A ruleset brings what only its games have: the builder of its rules numbers (the schema is
`rules.<name>.schema.json`, and `cards.<name>.schema.json` when its cards have kinds and
effects of their own), the renderers of the components only it has, and its rules model for
`pnp sim` and `pnp replay`. Each is imported when it is first used, so `pnp check` of one
game loads no other game's code. The two shipped rulesets register the same way (see
pyproject.toml); another package registers its own with

    [project.entry-points."pnp.rulesets"]
    my-game = "my_package.pnp_ruleset:RULESET"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.content.loader import Document
    from pnp.content.project import Game
    from pnp.render.build import Options, Output
    from pnp.render.geometry import Geometry
    from pnp.rules.engine import Simulation

GROUP = "pnp.rulesets"
Renderer = Callable[["Game", "Geometry", "Options"], "list[Output]"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What one ruleset adds to the core."""

    name: str
    build_rules: Callable[[Document], Any]  # the rules numbers' model, from its document
    renderers: Callable[[], tuple[Renderer, ...]] = field(default=lambda: ())
    simulation: Callable[[], Simulation] | None = None  # its rules model, for sim and replay


class RulesetError(Exception):
    """A registered ruleset that cannot be loaded (said plainly, with its name)."""


@cache
def registry() -> dict[str, Ruleset]:
    """Every registered ruleset, by name."""
    found: dict[str, Ruleset] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            ruleset = point.load()
        except Exception as exc:  # a broken plugin: say which, do not take pnp down
            raise RulesetError(
                f"the ruleset '{point.name}' ({point.value}) cannot be "
                f"loaded: {type(exc).__name__}: {exc}"
            ) from exc
        if not isinstance(ruleset, Ruleset) or ruleset.name != point.name:
            raise RulesetError(
                f"the entry point '{point.name}' ({point.value}) is not a Ruleset of that name"
            )
        found[point.name] = ruleset
    return found


def get(name: str | None) -> Ruleset | None:
    """A ruleset by name (None for a content-only game or an unknown name)."""
    return registry().get(name) if name else None
