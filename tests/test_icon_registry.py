"""One icon registry (render/icons.py): every drawn icon, the Diamond Heist ones included."""

from __future__ import annotations

import pytest

from pnp.render import icons
from pnp.rulesets.diamond_heist import render as heist


def test_the_heist_icons_are_in_the_one_registry() -> None:
    assert heist.icon is not None  # importing the heist renderer registers its icons
    for name in ("gem", "wheel", "crosshair", "bubble", "crown"):
        assert icons.ICONS[name].line == 0.5
    assert {"crate", "gavel", "star", "flame"} <= set(icons.ICONS)


def test_a_name_is_registered_once() -> None:
    """A second icon under a taken name is refused rather than silently drawn instead."""
    with pytest.raises(ValueError, match="'gem'"):
        icons.register("gem", lambda c, x, y, s: None)
    icons.register("gem", icons.ICONS["gem"].shape, line=0.5)  # the same one again is fine
