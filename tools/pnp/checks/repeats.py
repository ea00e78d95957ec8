"""W722: a text written over several lines says one of its lines twice.

A line pasted twice, or a paragraph kept after it was rewritten below, is the commonest slip
in a long text such as a reference card's; the text then overflows its box, and the box's
E720 says only that it is too long. This check says which line is the repeat, at its line.
Lines of fewer than three words (a heading, a bullet's label) may repeat.
"""

from __future__ import annotations

from pnp.checks.common import at
from pnp.checks.printed import printed
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic

MIN_WORDS = 3


def check(game: Game) -> list[Diagnostic]:
    """One warning per repeated line, at the repeat."""
    out: list[Diagnostic] = []
    for p in printed(game):
        seen: dict[str, int] = {}
        for n, line in p.text.lines[1:] if len(p.text.lines) > 1 else ():
            key = " ".join(line.split())
            if len(key.split()) < MIN_WORDS:
                continue
            if key in seen:
                col = len(line) - len(line.lstrip()) + 1
                out.append(
                    at(
                        Src(p.text.src.file, n, col),
                        "W722",
                        f"the text of {p.label} says line {seen[key]} again",
                        "delete one of the two lines",
                    )
                )
            else:
                seen[key] = n
    return out
