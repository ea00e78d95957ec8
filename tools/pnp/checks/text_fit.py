"""W710: a card's printed text may not fit its rules box.

An estimate until the renderer measures real glyphs: the text is wrapped at the number of
average glyphs a line of the box holds, and the lines are counted against the lines the box
holds. Every number the estimate uses is a named constant here, in one place.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from pnp.checks.common import at
from pnp.checks.printed import printed
from pnp.content.cards import CardKind
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic

MM_PER_PT = 25.4 / 72
FONT_PT = 8.0  # rules text size on a poker card
GLYPH_EM = 0.5  # average glyph width, in em
LEADING_EM = 1.2  # line height, in em


@dataclass(frozen=True, slots=True)
class Box:
    """A rules box on a card, in millimetres, and the type size of its text."""

    width_mm: float
    height_mm: float
    font_pt: float = FONT_PT

    @property
    def chars_per_line(self) -> int:
        """Average glyphs in one line of the box."""
        return int(self.width_mm // (GLYPH_EM * self.font_pt * MM_PER_PT))

    @property
    def lines(self) -> int:
        """Lines of text the box holds."""
        return int(self.height_mm // (LEADING_EM * self.font_pt * MM_PER_PT))


RULES_BOX = Box(53, 30)  # a poker card's rules box under its title and art
REFERENCE_BOX = Box(55, 74, 6.5)  # a reference card: the whole safe area is text, in small type

BOXES: dict[CardKind, Box] = {
    CardKind.CRIME: RULES_BOX,
    CardKind.COVER: RULES_BOX,
    CardKind.DIRTY_TRICK: RULES_BOX,
    CardKind.LAW: RULES_BOX,
    CardKind.MANEUVER: RULES_BOX,
    CardKind.DEPARTURE_CARD: RULES_BOX,
    CardKind.HEADLINE: RULES_BOX,
    CardKind.REFERENCE: REFERENCE_BOX,
}
GOAL_BOX = RULES_BOX


def lines_needed(text: str, box: Box) -> int:
    """Lines the text takes when wrapped at the box's average glyphs per line; every line
    break of the text starts a new line."""
    width = box.chars_per_line
    return sum(max(1, len(textwrap.wrap(p, width))) for p in text.strip().splitlines())


def check(game: Game) -> list[Diagnostic]:
    """Each card text and Goal text against its box."""
    out: list[Diagnostic] = []
    for item in printed(game):
        box = GOAL_BOX if item.goal else BOXES.get(item.kind) if item.kind else None
        if box is None or not item.text.printed.strip():
            continue
        need = lines_needed(item.text.printed, box)
        if need > box.lines:
            over = need - box.lines
            out.append(at(item.text.src, "W710",
                          f"the text of {item.label} may not fit its rules box: about {need} "
                          f"lines for {box.lines}, {over} line{'s' if over > 1 else ''} too "
                          "many",
                          f"estimated at {box.font_pt:g} pt in {box.width_mm:g} x "
                          f"{box.height_mm:g} mm, {box.chars_per_line} glyphs a line; "
                          "shorten it"))
    return out
