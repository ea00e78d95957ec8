"""The set-up diagram: a plan (`setup_plan.py`) drawn by the game's ruleset
(`RulebookHooks.setup_height`, `draw_setup`) with the kit's own renderers, its boards, chips
and cards each drawn at its real size and scaled down, so the picture is the table the kit
makes. The diagram gives the drawing its canvas, its size, the book's colours and the parts
every plan draws with: a deck's card back, a label that fits its room, a scaled frame.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pnp.content.project import Game
from pnp.render import cards as card_faces
from pnp.render import fonts, sheets
from pnp.render.geometry import Geometry, Size
from pnp.rulebook import hooks


class SetupDiagram(Flowable):
    """The table after set-up, as wide as it is given."""

    def __init__(
        self,
        game: Game,
        geo: Geometry,
        plan: Any,
        theme: card_faces.Theme,
        money: hooks.Money,
        accent: str,
        ink: str,
        muted: str,
        tint: str,
    ) -> None:
        super().__init__()
        self.game = game
        self.geo = geo
        self.plan = plan
        self.theme = theme
        self.money = money
        self.accent = accent
        self.ink = ink
        self.muted = muted
        self.tint = tint

    def _hooks(self) -> hooks.RulebookHooks:
        """The hooks of the game's ruleset, which size and draw its plan."""
        found = hooks.of(self.game)
        if found is None:
            raise ValueError("this game has no set-up to draw")
        return found

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = self._hooks().setup_height(self, availWidth)
        return self.width, self.height

    def draw(self) -> None:
        self._hooks().draw_setup(self)

    # -- the parts every plan draws with --------------------------------------------------

    def card_back(self, c: Canvas, deck: str, x: float, y: float, width: float) -> None:
        """A face-down card of a deck, `width` wide, its bottom-left at (x, y)."""
        size = self.geo.layouts["card"].size
        decks = self.game.components.decks() if self.game.components else {}
        name = decks[deck].name if deck in decks else deck
        layout = self.geo.layouts.get("back")

        def back() -> None:
            card_faces.draw_back(c, size, self.game, deck, name, self.theme, layout)

        # a deck's back lies face down many times on the table: one form, placed each time
        form = sheets.face_form(c, (self, "back", deck), size, back)
        with scaled(c, x, y, width / size.width, size):
            c.doForm(form)
        c.saveState()
        c.setStrokeColor("#8f8270")
        c.setLineWidth(0.3)
        s = width / size.width
        c.roundRect(x, y, width, size.height * s, size.radius * s, stroke=1, fill=0)
        c.restoreState()

    def label(
        self,
        c: Canvas,
        text: str,
        x: float,
        y: float,
        size: float,
        align: str,
        room: float,
        bold: bool = False,
    ) -> None:
        """A line of text at baseline y, shrinking (to 5 pt) to fit `room`."""
        face = "sans-bold" if bold else "sans"
        while size > 5 and fonts.width(text, face, size) > room:
            size -= 0.25
        c.saveState()
        c.setFillColor(self.ink if bold else self.muted)
        c.setFont(fonts.font(face), size)
        if align == "centre":
            c.drawCentredString(x, y, text)
        else:
            c.drawString(x, y, text)
        c.restoreState()


@contextmanager
def scaled(c: Canvas, x: float, y: float, scale: float, clip: Size | None) -> Iterator[None]:
    """Draw in a frame at (x, y) scaled by `scale`, clipped to a card's or board's trim."""
    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    if clip is not None:
        path = c.beginPath()
        path.roundRect(0, 0, clip.width, clip.height, clip.radius)
        c.clipPath(path, stroke=0, fill=0)
    try:
        yield
    finally:
        c.restoreState()
