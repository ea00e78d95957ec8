"""A game's own layouts (`layouts.yaml`): they resolve, and every box prints what it names.

- A layout that extends one that is none, or a size that is none: E204 at its line (found
  while the layouts are read, `render.geometry.of`).
- A box's type face that is none of the fonts: E204 at the box, with the nearest face
  (read with the layouts too).
- A card that names a layout that is none: E204 at the card.
- For every card a bound layout draws, each box's text is filled: a name that is none of the
  card's (its fields, name, kind, text, flavour, count, deck, game) is E701 at the box, with
  the name it is closest to. Texts that do not fit are E720 (`checks/fit.py`).
"""

from __future__ import annotations

import re

from pnp.checks.common import at
from pnp.content.project import Game
from pnp.content.text import TextError
from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.render import bound, geometry
from pnp.render.cards import layout_for


def check(game: Game) -> list[Diagnostic]:
    """The game's own layouts, and what their boxes print for each card."""
    if not game.layouts:
        return _named(game, geometry.default())
    geo = geometry.of(game)
    shipped = set(geometry.default().diagnostics)
    out = [d for d in geo.diagnostics if d not in shipped]
    out += _named(game, geo)
    said: set[tuple[str, int, str]] = set()
    for card in game.cards or ():
        layout = layout_for(card, geo.layouts)
        if not layout.bound:
            continue
        names = list(bound.context(game, card))
        for box in layout.boxes.values():
            _, template = bound.binding(box)
            if template is None or box.w <= 0 or box.h <= 0:
                continue
            try:
                bound.printed(game, card, template)
            except TextError as exc:
                missing = re.search(r"'([^']+)' is undefined", str(exc))
                word = missing.group(1) if missing else ""
                key = (box.src.file, box.src.line, word or str(exc))
                if key in said:
                    continue
                said.add(key)
                message = (
                    f"box '{box.name}' prints '{word}', which is none of the names of '{card.name}'"
                    if word
                    else f"box '{box.name}': {exc}"
                )
                # a name that is none is E701; a template the sandbox refuses or stops keeps
                # its own code (E714, E715), with what a box may print
                hint = (
                    did_you_mean(word, names) or f"names: {', '.join(names)}"
                    if word
                    else f"a box prints the card's names ({', '.join(names)}) with the "
                    "filters card text has"
                )
                out.append(at(box.src, exc.code, message, hint))
    return out


def _named(game: Game, geo: geometry.Geometry) -> list[Diagnostic]:
    """E204 for a card's `layout:` that names no layout."""
    out = []
    # a layout the game writes but that could not be made has its own diagnostic
    written = {name for g in game.layouts or () for name in g.doc.data.get("layouts", {})}
    for card in game.cards or ():
        if (
            card.layout is not None
            and card.layout not in geo.layouts
            and card.layout not in written
        ):
            out.append(
                at(
                    card.src,
                    "E204",
                    f"'{card.name}' names the layout '{card.layout}', which is none",
                    did_you_mean(card.layout, geo.layouts),
                )
            )
    return out
