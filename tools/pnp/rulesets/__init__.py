"""Rulesets are plugins: each registers one `Ruleset` under the entry point group
`pnp.rulesets` (in its package's metadata), and the core finds it by the name a game's
`game.yaml` gives as `ruleset:`.

A ruleset brings what only its games have: the schema of its rules numbers
(`rules.<name>.schema.json`, and `cards.<name>.schema.json` when its cards have kinds and
effects of their own) and their builder, the renderers of the components only it has, its
cross-checks, its rulebook blocks, what `pnp diff` and `pnp list` say about its parts, and
its rules model for `pnp sim` and `pnp replay`. Each is imported when it is first used, so
`pnp check` of one game loads no other game's code, and the core never imports a ruleset: it
asks the game's `Ruleset` (`of(game)`) and gets None, or nothing, where a game has no such
part.

The hooks of one area are one object, given by a function that imports it on first use:
`checks` (`pnp.checks.hooks.CheckHooks`), `rulebook` (`pnp.rulebook.hooks.RulebookHooks`),
`diff` (`pnp.diff.hooks.DiffHooks`) and `listing` (`pnp.listing.ListingHooks`). `hooks()`
makes such a function from the name of a module holding a `HOOKS` object.

The two shipped rulesets register the same way (see pyproject.toml); another package
registers its own with

    [project.entry-points."pnp.rulesets"]
    my-game = "my_package.pnp_ruleset:RULESET"
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from pnp import entry_points as plugin_points
from pnp.entry_points import Point

if TYPE_CHECKING:
    from pnp.checks.hooks import CheckHooks
    from pnp.content.examples import Vocabulary
    from pnp.content.loader import Document
    from pnp.content.project import Game, Parts
    from pnp.diff.hooks import DiffHooks
    from pnp.listing import ListingHooks
    from pnp.render.build import Options, Output
    from pnp.render.cards import Theme
    from pnp.render.geometry import Geometry
    from pnp.render.pieces import Pieces
    from pnp.render.sheets import Group
    from pnp.rulebook.hooks import RulebookHooks
    from pnp.rules.engine import Simulation

GROUP = "pnp.rulesets"
Renderer = Callable[["Game", "Geometry", "Options"], "list[Output]"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What one ruleset adds to the core."""

    name: str
    build_rules: Callable[[Document], Any]  # the rules numbers' model, from its document
    # the package holding its JSON Schemas (`rules.<name>.schema.json`, and
    # `cards.<name>.schema.json` when its cards have kinds and effects of their own)
    schemas: str | None = None
    renderers: Callable[[], tuple[Renderer, ...]] = field(default=lambda: ())
    simulation: Callable[[], Simulation] | None = None  # its rules model, for sim and replay
    # its cards that are not a deck's (Diamond Heist's reference cards), for `--png`
    card_groups: Callable[[Game, Geometry, Theme], list[Group]] = field(default=lambda *_: [])
    # its components other than cards (boards, coins, chips), for `pnp export`; None: none
    pieces: Callable[[Game, Geometry, Theme], Pieces] | None = None
    # functions its card texts may call, such as `{{ limit('heir') }}`
    text_functions: Callable[[Parts], dict[str, Callable[..., Any]]] = field(default=lambda _: {})
    # what its rulebook's worked examples may say (steps, facts), for `pnp check`
    examples: Callable[[], Vocabulary | None] = field(default=lambda: None)
    checks: Callable[[], CheckHooks | None] = field(default=lambda: None)
    rulebook: Callable[[], RulebookHooks | None] = field(default=lambda: None)
    diff: Callable[[], DiffHooks | None] = field(default=lambda: None)
    listing: Callable[[], ListingHooks | None] = field(default=lambda: None)


def hooks(module: str, name: str = "HOOKS") -> Callable[[], Any]:
    """A function giving `module`'s `HOOKS` (or another attribute), importing the module
    when first asked; None when the module does not exist (a ruleset with nothing for that
    area). A module that exists without it is a broken ruleset (RulesetError), not one
    with nothing to add."""

    def load() -> Any:
        try:
            found = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the module exists, but something it imports does not
                raise
            return None
        if not hasattr(found, name):
            raise RulesetError(f"the ruleset module '{module}' has no {name}")
        return getattr(found, name)

    return load


class RulesetError(Exception):
    """A registered ruleset that cannot be loaded (said plainly, with its name)."""


def entry_points(group: str) -> list[Point]:
    """The entry points of one group."""
    return plugin_points.group(group)


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


def of(game: Game) -> Ruleset | None:
    """The ruleset a game's `game.yaml` names (None for a content-only game)."""
    return get(game.ruleset)
