"""What a ruleset adds to `pnp.rulebook`: the core calls these on the game's ruleset
(`pnp.rulesets.of(game)`) and never imports a ruleset itself."""

from __future__ import annotations

from typing import Protocol


class RulebookHooks(Protocol):
    """A ruleset's part in `pnp.rulebook` (filled in as the core's branches move out)."""
