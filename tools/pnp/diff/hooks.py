"""What a ruleset adds to `pnp.diff`: the core calls these on the game's ruleset
(`pnp.rulesets.of(game)`) and never imports a ruleset itself."""

from __future__ import annotations

from typing import Protocol


class DiffHooks(Protocol):
    """A ruleset's part in `pnp.diff` (filled in as the core's branches move out)."""
