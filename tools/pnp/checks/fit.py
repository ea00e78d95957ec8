"""E720: every printed text fits its box on the component, measured with the real fonts.

The same layouts and the same fitting the renderer uses: text shrinks from its box's size
down to the box's floor (8 pt for rules text on cards); what still does not fit is reported
with the card's name and how far it runs over, so a too-long edit is caught before printing.
"""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.pdfgen.canvas import Canvas

from pnp.checks.common import at
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.content.rules_di import DIRules
from pnp.diagnostics import Diagnostic
from pnp.render import geometry
from pnp.render import text as rtext
from pnp.render.cards import departures_board_text, kicker, layout_for
from pnp.render.geometry import Box, Layout
from pnp.render.units import to_mm


def _texts(game: Game, layouts: dict[str, Layout]) -> Iterator[tuple[str, Box, str, Src]]:
    """(what, box, text, where it is written) for every text drawn on a card face."""
    for card in game.cards or ():
        layout = layout_for(card, layouts)
        label = f"'{card.name}'"
        yield f"the name of {label}", layout.box("title"), card.name, card.src
        yield f"the kind line of {label}", layout.box("kicker"), kicker(game, card), card.src
        if card.text.printed:
            yield f"the text of {label}", layout.box("rules"), card.text.printed, card.text.src
        flavour = layout.boxes.get("flavour")
        if card.flavour and flavour is not None and flavour.w > 0:
            yield f"the flavour of {label}", flavour, card.flavour, card.src
    if game.goals and "goal" in layouts:
        layout = layouts["goal"]
        for goal in game.goals:
            yield f"the name of Goal '{goal.name}'", layout.box("title"), goal.name, goal.src
            if goal.text:
                yield (f"the text of Goal '{goal.name}'", layout.box("rules"), goal.text.printed,
                       goal.text.src)
    if game.archetypes and "board" in layouts and isinstance(game.rules, DIRules) and not (
            _unpaired(game)):
        from pnp.render import boards

        try:
            pairs = boards.faces(game)
        except boards.BoardError:
            pairs = []  # a Limit off the track: reported by the numbers check (E602)
        for front, back in pairs:
            yield from boards.texts(front, layouts["board"])
            yield from boards.texts(back, layouts["board"])
    if game.doors and "reference" in layouts:
        yield ("the Departures board", layouts["reference"].box("rules"),
               departures_board_text(game),
               game.doors[0].board.src)


def _unpaired(game: Game) -> list[Diagnostic]:
    """E740: a board carries one woman and one man, one on each face."""
    out = []
    for arch in game.archetypes or ():
        faces = sorted(d.face for d in arch.diplomats)
        if faces != ["man", "woman"]:
            out.append(at(arch.src, "E740",
                          f"the {arch.name} board has {', '.join(faces) or 'no diplomat'}",
                          "a board carries a woman on one face and a man on the other"))
    return out


def _heist(game: Game, geo: geometry.Geometry) -> list[Diagnostic]:
    """A standard-deck game's reference cards and printable deck: drawn on a scratch page,
    since their tables and lists are laid out as they are drawn."""
    from pnp.content.heist import HeistRules
    from pnp.render import heist, pdf
    from pnp.render.cards import Theme

    if not isinstance(game.rules, HeistRules) or not game.pieces:
        return []
    try:
        groups = heist.card_groups(game, geo, Theme())
        size = geo.sizes["poker"]

        def draw(canvas: Canvas) -> int:
            for group in groups:
                for item in group.items:
                    item.front(canvas, size)
            return 1

        pdf.render(size.width, size.height, "fit", draw)
    except heist.Overflow as exc:
        return [at(game.rules.src, "E720", str(exc),
                   "shorten the text in the content, or give its box more room")]
    return []


def check(game: Game) -> list[Diagnostic]:
    """Every card, Goal and board text against its box at the floor size."""
    geo = geometry.default()
    if "card" not in geo.layouts:
        return []  # the layouts have problems of their own, reported by the pipeline
    out: list[Diagnostic] = _unpaired(game) + _heist(game, geo)
    for what, box, content, src in _texts(game, geo.layouts):
        if box.style is None or box.w <= 0:
            continue
        fitted = rtext.fit(content, box.style, box.w, box.h)
        if not fitted.fits:
            lines = fitted.overflow / (fitted.size * box.style.leading)
            out.append(at(src, "E720",
                          f"{what} does not fit: {to_mm(fitted.overflow):.1f} mm "
                          f"(about {max(1, round(lines))} line(s)) too long at "
                          f"{fitted.size:g} pt, the smallest its box allows",
                          f"shorten it, or give the '{box.name}' box more room in the layout"))
    return out
