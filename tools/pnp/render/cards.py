"""Card faces and backs for Diplomatic Immunity: a pure function of the model and a layout.

Every card shares one frame: a coloured band with the kind and the name, an emblem, the
rules text fitted to its box, flavour, and a footer with the game's version. Crimes add
their Heat and payout; the deck's back carries the deck's name. With `ink_saver`, nothing is
filled: white faces, outlines and black text.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from pnp.content.assets import resolve
from pnp.content.cards import Card, CardKind
from pnp.content.departures import Goal
from pnp.content.project import Game
from pnp.render import fonts, icons
from pnp.render import text as rtext
from pnp.render.geometry import Box, Layout, Size
from pnp.render.units import mm

PAPER = "#f7f1e3"
INK = "#1d1d1b"
WHITE = "#ffffff"

DECK_COLOURS = {
    "street": "#7b2d26",
    "politics": "#23395b",
    "headline": "#3b3b3b",
    "goals": "#5b3f8c",
    "quick-reference": "#2f5d50",
    "bribes-and-favors": "#8a6d1d",
    "blank": "#6b6b6b",
}

KICKERS = {
    CardKind.CRIME: "Crime",
    CardKind.COVER: "Cover",
    CardKind.DIRTY_TRICK: "Dirty Trick",
    CardKind.LAW: "Law",
    CardKind.MANEUVER: "Maneuver",
    CardKind.DEPARTURE_CARD: "Departure card",
    CardKind.HEADLINE: "Headline",
    CardKind.REFERENCE: "Reference",
    CardKind.BLANK: "",
}


@dataclass(frozen=True, slots=True)
class Theme:
    """What changes between the full-colour and the ink-saver prints."""

    ink_saver: bool = False

    def fill(self, colour: str) -> str:
        return WHITE if self.ink_saver else colour

    def on_band(self) -> str:
        return INK if self.ink_saver else WHITE


def layout_for(card: Card, layouts: dict[str, Layout]) -> Layout:
    """The layout a card is drawn with: its kind's own, else the common card layout."""
    return layouts.get(card.kind.value, layouts["card"])


def deck_colour(game: Game, card: Card) -> str:
    """The band colour: a crime's or Cover's type colour, else its deck's colour."""
    types = {t.id: t.colour for t in game.crime_types or ()}
    if card.crime and card.crime.type.id in types:
        return types[card.crime.type.id]
    if card.covers and card.covers.id in types:
        return types[card.covers.id]
    return DECK_COLOURS.get(card.deck.id, "#444444")


def kicker(game: Game, card: Card) -> str:
    """The small line above the name: 'CRIME · SMUGGLING', 'DIRTY TRICK · REACTION'."""
    types = {t.id: t.name for t in game.crime_types or ()}
    parts = [KICKERS[card.kind]]
    if card.crime:
        parts.append(types.get(card.crime.type.id, card.crime.type.id))
    elif card.covers:
        parts.append("wild" if card.covers.id == "any" else types.get(card.covers.id, ""))
    elif card.timing:
        parts.append(" / ".join(t.value for t in card.timing))
    if card.price:
        parts.append(game.info.currency.format(card.price) if game.info else str(card.price))
    return " · ".join(p for p in parts if p).upper()


def _text(canvas: Canvas, box: Box, content: str, size: Size, colour: str,
          valign: str = "top") -> rtext.Fitted:
    assert box.style is not None, f"box {box.name} has no type"
    fitted = rtext.fit(content, box.style, box.w, box.h)
    rtext.draw(canvas, fitted, box.x, size.height - box.y, box.w, colour, valign)
    return fitted


def draw_front(canvas: Canvas, size: Size, game: Game, card: Card, layout: Layout,
               theme: Theme) -> None:
    """One card's face, trim bottom-left at (0, 0), background into the bleed."""
    colour = deck_colour(game, card)
    b = size.bleed
    canvas.setFillColor(theme.fill(PAPER))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    band = layout.box("band")
    band_bottom = size.height - band.y - band.h
    if theme.ink_saver:
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.line(size.safe, band_bottom, size.width - size.safe, band_bottom)
    else:
        canvas.setFillColor(colour)
        canvas.rect(-b, band_bottom, size.width + 2 * b, band.h + b, stroke=0, fill=1)
    # inner frame inside the safe zone
    canvas.setStrokeColor(INK if theme.ink_saver else colour)
    canvas.setLineWidth(0.8)
    canvas.roundRect(size.safe - mm(0.8), size.safe - mm(0.8), size.width - 2 * size.safe
                     + mm(1.6), band_bottom - size.safe + mm(0.8) - mm(1.2), mm(2), stroke=1,
                     fill=0)
    _text(canvas, layout.box("kicker"), kicker(game, card), size, theme.on_band())
    _text(canvas, layout.box("title"), card.name, size, theme.on_band(), "middle")
    emblem = layout.box("emblem")
    art = resolve(game, card.art.id) if card.art else None
    if emblem.w > 0 and art is not None and art.is_file():
        canvas.drawImage(ImageReader(str(art)), emblem.x, size.height - emblem.y - emblem.h,
                         emblem.w, emblem.h, preserveAspectRatio=True, anchor="c", mask="auto")
    elif emblem.w > 0:
        icons.emblem(canvas, icons.icon_for(card), emblem.x + emblem.w / 2,
                     size.height - emblem.y - emblem.h / 2, emblem.w / 2,
                     INK if theme.ink_saver else colour, theme.ink_saver)
    if card.crime:
        _crime_stats(canvas, size, game, card, layout, theme, colour)
    if card.text.printed:
        _text(canvas, layout.box("rules"), card.text.printed, size, INK)
    flavour = layout.box("flavour")
    if card.flavour and flavour.w > 0:
        _text(canvas, flavour, card.flavour, size, "#5a5046", "middle")
    _footer(canvas, size, layout, game, card)


def _crime_stats(canvas: Canvas, size: Size, game: Game, card: Card, layout: Layout,
                 theme: Theme, colour: str) -> None:
    assert card.crime is not None
    heat, pay = layout.box("heat"), layout.box("payout")
    icons.heat_badge(canvas, heat.x + heat.w / 2, size.height - heat.y - heat.h / 2,
                     heat.w / 2, card.crime.heat, theme.ink_saver)
    money = game.info.currency.format(card.crime.payout) if game.info else str(
        card.crime.payout)
    icons.coin_badge(canvas, pay.x + pay.w / 2, size.height - pay.y - pay.h / 2, pay.w / 2,
                     money, theme.ink_saver)


def _footer(canvas: Canvas, size: Size, layout: Layout, game: Game, card: Card) -> None:
    decks = game.components.decks() if game.components else {}
    item = decks.get(card.deck.id)  # the components list names the deck: "Street deck"
    deck = item.name.removesuffix(" deck") if item else card.deck.id.replace("-", " ").title()
    _footer_line(canvas, size, layout, game, f"{deck} · ×{card.count}")


def _footer_line(canvas: Canvas, size: Size, layout: Layout, game: Game, right: str) -> None:
    """The footer every face carries: the game and its version, and a note on the right."""
    box = layout.box("footer")
    assert box.style is not None
    y = size.height - box.y - box.h + mm(0.6)
    canvas.setFillColor("#6d655c")
    canvas.setFont(fonts.font(box.style.face), box.style.size)
    canvas.drawString(box.x, y, game.info.label if game.info else game.id)
    if right:
        canvas.drawRightString(box.x + box.w, y, right)


def draw_back(canvas: Canvas, size: Size, game: Game, deck_id: str, deck_name: str,
              theme: Theme) -> None:
    """The back shared by every card of a deck."""
    colour = DECK_COLOURS.get(deck_id, "#444444")
    b = size.bleed
    canvas.setFillColor(theme.fill(colour))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    line = INK if theme.ink_saver else "#ffffff"
    canvas.setStrokeColor(line)
    canvas.setStrokeAlpha(0.16 if not theme.ink_saver else 0.5)
    canvas.setLineWidth(0.5)
    step = mm(4)
    n = int((size.width + size.height) / step) + 4
    canvas.saveState()
    p = canvas.beginPath()
    p.roundRect(size.safe, size.safe, size.width - 2 * size.safe,
                size.height - 2 * size.safe, mm(3))
    canvas.clipPath(p, stroke=0, fill=0)
    for i in range(-n, n):
        x = i * step
        canvas.line(x, 0, x + size.height, size.height)
    canvas.restoreState()
    canvas.setStrokeAlpha(1)
    canvas.setStrokeColor(line)
    canvas.setLineWidth(1.2)
    canvas.roundRect(size.safe, size.safe, size.width - 2 * size.safe,
                     size.height - 2 * size.safe, mm(3), stroke=1, fill=0)
    cx, cy = size.width / 2, size.height / 2
    icons.seal(canvas, cx, cy + mm(8), mm(13), line, theme.ink_saver)
    canvas.setFillColor(line)
    canvas.setFont(fonts.font("serif-bold"), 15)
    canvas.drawCentredString(cx, cy - mm(14), deck_name.upper())
    canvas.setFont(fonts.font("sans"), 7)
    title = f"{game.info.title.upper()}  ·  v{game.info.version}" if game.info else game.id
    canvas.drawCentredString(cx, cy - mm(20), title)


def draw_goal(canvas: Canvas, size: Size, game: Game, goal: Goal, layout: Layout,
              theme: Theme) -> None:
    """A Goal card: its name, its win condition and its three doors."""
    colour = DECK_COLOURS["goals"]
    b = size.bleed
    canvas.setFillColor(theme.fill(PAPER))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    band = layout.box("band")
    band_bottom = size.height - band.y - band.h
    canvas.setFillColor(theme.fill(colour))
    if theme.ink_saver:
        canvas.setStrokeColor(INK)
        canvas.line(size.safe, band_bottom, size.width - size.safe, band_bottom)
    else:
        canvas.rect(-b, band_bottom, size.width + 2 * b, band.h + b, stroke=0, fill=1)
    _text(canvas, layout.box("kicker"), "GOAL · SECRET", size, theme.on_band())
    _text(canvas, layout.box("title"), goal.name, size, theme.on_band(), "middle")
    emblem = layout.box("emblem")
    icons.emblem(canvas, "star", emblem.x + emblem.w / 2, size.height - emblem.y - emblem.h / 2,
                 emblem.w / 2, INK if theme.ink_saver else colour, theme.ink_saver)
    rules = layout.box("rules")
    if goal.text:
        _text(canvas, rules, goal.text.printed, size, INK)
    doors = {d.id: d.name for d in game.doors or ()}
    box = layout.box("doors")
    y = size.height - box.y - mm(1.5)
    canvas.setFont(fonts.font("sans-bold"), 6)
    canvas.setFillColor("#6d655c")
    canvas.drawCentredString(size.width / 2, y, "YOUR DOORS OUT")
    for ref in goal.doors:
        y -= mm(4.3)
        canvas.setFillColor(theme.fill("#ece3cf"))
        canvas.setStrokeColor(INK if theme.ink_saver else colour)
        canvas.setLineWidth(0.5)
        canvas.roundRect(box.x, y - mm(1.1), box.w, mm(3.7), mm(1), 1, 1)
        canvas.setFillColor(INK)
        canvas.setFont(fonts.font("sans-semibold"), 7.5)
        canvas.drawCentredString(size.width / 2, y, doors.get(ref.id, ref.id))
    _footer_line(canvas, size, layout, game, "Goal · keep it hidden")


def draw_departures_board(canvas: Canvas, size: Size, game: Game, layout: Layout,
                          theme: Theme) -> None:
    """The back of the Quick Reference: the nine Departures and what each costs."""
    colour = DECK_COLOURS["quick-reference"]
    b = size.bleed
    canvas.setFillColor(theme.fill(PAPER))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    band = layout.box("band")
    band_bottom = size.height - band.y - band.h
    if not theme.ink_saver:
        canvas.setFillColor(colour)
        canvas.rect(-b, band_bottom, size.width + 2 * b, band.h + b, stroke=0, fill=1)
    _text(canvas, layout.box("kicker"), "ALWAYS AVAILABLE · NEVER DRAWN", size,
          theme.on_band())
    _text(canvas, layout.box("title"), "Departures", size, theme.on_band(), "middle")
    rules = layout.box("rules")
    assert rules.style is not None
    _text(canvas, rules, departures_board_text(game), size, INK)
    _footer_line(canvas, size, layout, game, "")


def departures_board_text(game: Game) -> str:
    """The Departures board's text: each door and what it costs (the fit check reads it too)."""
    lines = [f"**{d.name.upper()}**: {d.board.printed}" for d in game.doors or ()]
    lines.append("Your Goal card names your three doors.")
    return "\n".join(lines)
