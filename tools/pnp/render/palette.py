"""The colours every printed thing shares, named once.

Faces, boards, chips, rulebook covers and diff pages take their ink, paper and gold from
here, so the same colour is the same on every component; a colour one component alone uses
stays with it (a crime type's band comes from the content, the Heat flame from icons).
Each text colour was chosen to keep 4.5:1 contrast on what it is printed on
(`tests/test_ink_saver_contrast.py` holds every face to it).
"""

from __future__ import annotations

from functools import lru_cache

INK = "#1d1d1b"  # type and lines: a warm black, never pure black on cream
PAPER = "#f7f1e3"  # cream, the ground of every face
WHITE = "#ffffff"
GOLD = "#c9a227"  # rules, rings and frames
GOLD_LIGHT = "#ecd58a"  # gold that reads on a dark ground (felt, a cover)
GOLD_ON_CREAM = "#7d6218"  # gold type on cream (5:1)
GOLD_DEEP = "#8d6e12"  # a coin's rim, a board's gold outlines
MUTED = "#6d655c"  # footers and quiet type on cream
MUTED_ON_TINT = "#655e55"  # quiet type on a tinted panel (the chip slots), still 4.5:1
RED = "#c62828"  # hearts and diamonds
FELT = "#0f4a37"  # card-table green
FELT_DARK = "#0a3326"


@lru_cache(maxsize=8192)
def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b` (`#rrggbb`), each channel rounded; worked
    out once for each pair and share (a board mixes the same few thousands of times)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))
