"""Which card faces the rulebook pictures and how each is drawn, shared by the rulebook's
figures and the fit check (which draws them without loading the page-layout engine)."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.content.project import Game
from pnp.render import cards as card_faces
from pnp.render.geometry import Geometry, Size
from pnp.rulebook import hooks
from pnp.rulebook.blocks import Face

DrawFace = Callable[[Canvas, Size], None]


def face_drawer(
    game: Game, geo: Geometry, face: Face, theme: card_faces.Theme
) -> tuple[DrawFace, Size]:
    """How to draw one face of the card appendix, and its trim size."""
    layouts = geo.layouts
    if face.goal is not None:
        goal = face.goal
        layout = layouts["goal"]

        def draw_goal(canvas: Canvas, size: Size) -> None:
            card_faces.draw_goal(canvas, size, game, goal, layout, theme)

        return draw_goal, layout.size
    assert face.card is not None
    card = face.card
    if face.back:
        layout = layouts["reference"]

        def draw_back(canvas: Canvas, size: Size) -> None:
            card_faces.draw_departures_board(canvas, size, game, layout, theme)

        return draw_back, layout.size
    layout = card_faces.layout_for(card, layouts)

    def draw_front(canvas: Canvas, size: Size) -> None:
        card_faces.draw_front(canvas, size, game, card, layout, theme)

    return draw_front, layout.size


def cover_faces(
    game: Game, geo: Geometry, theme: card_faces.Theme, count: int = 5
) -> list[tuple[DrawFace, Size]]:
    """Up to `count` faces for the cover: those its ruleset picks (a standard-deck game's
    printable cards), else a Goal and a card of each deck, then cards of kinds not shown yet
    (cards with art first, so the cover shows the game's art)."""
    found = hooks.of(game)
    own = found.cover_faces(game, geo, theme, count) if found is not None else None
    if own is not None:
        return own
    picks: list[Face] = []
    if game.goals:
        picks.append(Face("", game.goals[0].name, 1, goal=game.goals[0]))
    decks = game.components.decks() if game.components else {}
    # each deck's printed cards, those with art first (a stable sort keeps the deck's order)
    by_deck = [
        sorted(
            (
                c
                for c in game.cards or ()
                if c.deck.id == deck
                and c.text.printed
                and c.kind.value not in ("reference", "blank")
            ),
            key=lambda c: c.art is None,
        )
        for deck in decks
    ]
    shown: set[str] = set()
    for _round in range(2):
        for cards in by_deck:
            pick = next((c for c in cards if c.kind.value not in shown), None)
            if pick is not None and len(picks) < count:
                picks.append(Face("", pick.name, 1, card=pick))
                shown.add(pick.kind.value)
    return [face_drawer(game, geo, f, theme) for f in picks]
