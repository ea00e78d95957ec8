"""Card faces and backs for Diplomatic Immunity: a pure function of the model and a layout.

Every card shares one frame: a coloured band with the kind and the name, an emblem, the
rules text fitted to its box, flavour, and a footer with the game's version. Crimes add
their Heat and payout; the deck's back carries the deck's name. With `ink_saver`, nothing is
filled: white faces, outlines and black text.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from pnp.content.assets import art_bytes
from pnp.content.cards import Card, CardKind
from pnp.content.departures import Goal
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.render import fonts, geometry, icons
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
        price = game.info.currency.format(card.price) if game.info else str(card.price)
        # a Departure card's price is its Use's, never the price of booking its door
        parts.append(f"Use {price}" if card.kind is CardKind.DEPARTURE_CARD else price)
    return " · ".join(p for p in parts if p).upper()


def _text(canvas: Canvas, box: Box, content: str, size: Size, colour: str,
          valign: str = "top", *, what: str = "", src: Src | None = None) -> rtext.Fitted:
    assert box.style is not None, f"box {box.name} has no type"
    fitted = rtext.fit(content, box.style, box.w, box.h, what=what, box=box.name,
                       src=src or box.src)
    rtext.draw(canvas, fitted, box.x, size.height - box.y, box.w, colour, valign)
    return fitted


def _text_fit(box: Box, content: str, what: str, src: Src | None) -> rtext.Fitted:
    """`content` fitted to `box`, wrapping and shrinking to the box's floor."""
    assert box.style is not None, f"box {box.name} has no type"
    return rtext.fit(content, box.style, box.w, box.h, what=what, box=box.name,
                     src=src or box.src)


def _line(box: Box, content: str, width: float, what: str, src: Src | None) -> rtext.Fitted:
    """One line of `box`'s type, fitted to `width` (shrinking to the box's floor)."""
    assert box.style is not None, f"box {box.name} has no type"
    return rtext.fit_line(content, box.style, width, what=what, box=box.name,
                          src=src or box.src)


def _image(data: bytes) -> ImageReader:
    """An image from the snapshot's bytes; its size was checked (W733 warns of a huge one),
    so Pillow's own warning is not printed again."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        return ImageReader(io.BytesIO(data))


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
    label = f"'{card.name}'"
    _text(canvas, layout.box("kicker"), kicker(game, card), size, theme.on_band(),
          what=f"the kind line of {label}", src=card.src)
    _text(canvas, layout.box("title"), card.name, size, theme.on_band(), "middle",
          what=f"the name of {label}", src=card.src)
    emblem = layout.box("emblem")
    art = art_bytes(game, card.art.id) if card.art else None
    if emblem.w > 0 and art is not None:
        canvas.drawImage(_image(art), emblem.x, size.height - emblem.y - emblem.h,
                         emblem.w, emblem.h, preserveAspectRatio=True, anchor="c", mask="auto")
    elif emblem.w > 0:
        icons.emblem(canvas, icons.icon_for(card), emblem.x + emblem.w / 2,
                     size.height - emblem.y - emblem.h / 2, emblem.w / 2,
                     INK if theme.ink_saver else colour, theme.ink_saver)
    if card.crime:
        _crime_stats(canvas, size, game, card, layout, theme, colour)
    if card.text.printed:
        _text(canvas, layout.box("rules"), card.text.printed, size, INK,
              what=f"the text of {label}", src=card.text.src)
    flavour = layout.box("flavour")
    if card.flavour and flavour.w > 0:
        _text(canvas, flavour, card.flavour, size, "#5a5046", "middle",
              what=f"the flavour of {label}", src=card.src)
    _footer(canvas, size, layout, game, card)


# The numbers on a crime's badges: the largest type that keeps them inside the flame's disc
# and the coin's inner ring (their letters' corners included), down to a floor.
HEAT_FLOOR = 9.0
PAYOUT_FLOOR = 9.0
BADGE_MARGIN = mm(0.4)  # between the letters and the ring


def _badge(box: Box, ring: float, size: float, floor: float, value: str, what: str,
           src: Src) -> rtext.Fitted:
    """A badge's value fitted inside a ring of radius `ring` at the middle of `box`."""
    style = rtext.Style(face="sans-black", size=size, min_size=min(floor, size),
                        align="center")
    return rtext.fit_line(value, style, rtext.ring_room(ring, size, BADGE_MARGIN), what=what,
                          box=box.name, src=src)


def _crime_stats(canvas: Canvas, size: Size, game: Game, card: Card, layout: Layout,
                 theme: Theme, colour: str) -> None:
    """The crime's Heat on a flame and its payout on a coin, each fitted to its badge."""
    assert card.crime is not None
    heat, pay = layout.box("heat"), layout.box("payout")
    where = card.crime.type.src  # the crime's line: `crime: {type, heat, payout}`
    money = game.info.currency.format(card.crime.payout) if game.info else str(
        card.crime.payout)
    r = heat.w / 2
    number = _badge(heat, r * 0.9, r * 0.95, HEAT_FLOOR, str(card.crime.heat),
                    f"the Heat of '{card.name}'", where)
    _heat_badge(canvas, heat.x + r, size.height - heat.y - heat.h / 2, r, number,
                theme.ink_saver)
    r = pay.w / 2
    value = _badge(pay, r * 0.82, r * 0.78, PAYOUT_FLOOR, money,
                   f"the payout of '{card.name}'", where)
    _coin_badge(canvas, pay.x + r, size.height - pay.y - pay.h / 2, r, value,
                theme.ink_saver)


def _heat_badge(c: Canvas, cx: float, cy: float, r: float, heat: rtext.Fitted,
                ink_saver: bool) -> None:
    """A flame with the crime's Heat on it."""
    c.saveState()
    c.setFillColor(WHITE if ink_saver else icons.HEAT)
    c.setStrokeColor(INK if ink_saver else icons.HEAT)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(INK if ink_saver else "#ffcc80")
    icons.flame(c, cx, cy + r * 0.05, r * 0.7)
    c.setFillColor(INK if ink_saver else "#5d1a00")
    # a smaller number rises a little, so that it stays centred on the flame
    rtext.draw_lines(c, heat, cx, cy - r * 0.42 + (r * 0.95 - heat.size) * 0.35)
    c.setFont(fonts.font("sans-bold"), r * 0.3)
    c.setFillColor(INK)
    c.drawCentredString(cx, cy - r * 1.35, "HEAT")
    c.restoreState()


def _coin_badge(c: Canvas, cx: float, cy: float, r: float, money: rtext.Fitted,
                ink_saver: bool) -> None:
    """A coin with the crime's payout inside its inner ring."""
    c.saveState()
    c.setFillColor(WHITE if ink_saver else icons.GOLD)
    c.setStrokeColor(INK if ink_saver else "#8d6e12")
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.circle(cx, cy, r * 0.82, stroke=1, fill=0)
    c.setFillColor(INK if ink_saver else "#3e2f00")
    rtext.draw_lines(c, money, cx, cy - money.size * 0.35)
    c.setFont(fonts.font("sans-bold"), r * 0.3)
    c.setFillColor(INK)
    c.drawCentredString(cx, cy - r * 1.35, "PAYOUT")
    c.restoreState()


FOOTER_GAP = mm(1.5)  # between the game's name and the note beside it


def _footer(canvas: Canvas, size: Size, layout: Layout, game: Game, card: Card) -> None:
    decks = game.components.decks() if game.components else {}
    item = decks.get(card.deck.id)  # the components list names the deck: "Street deck"
    deck = item.name.removesuffix(" deck") if item else card.deck.id.replace("-", " ").title()
    # the deck's name is the long part: it is written in the components list
    _footer_line(canvas, size, layout, game, f"{deck} · ×{card.count}",
                 f"the footer of the {deck} cards", item.src if item else card.src)


def _footer_line(canvas: Canvas, size: Size, layout: Layout, game: Game, right: str,
                 what: str = "", src: Src | None = None) -> None:
    """The footer every face carries: the game and its version on the left (in at most half
    the box), and a note on the right in the room that leaves."""
    box = layout.box("footer")
    y = size.height - box.y - box.h + mm(0.6)
    canvas.setFillColor("#6d655c")
    label = game.info.label if game.info else game.id
    left = _line(box, label, box.w / 2, "the game's name and version in a footer",
                 game.info.src if game.info else None)
    rtext.draw_lines(canvas, left, box.x, y, "left")
    if right:
        note = _line(box, right, box.w - left.width - FOOTER_GAP, what or "a footer", src)
        rtext.draw_lines(canvas, note, box.x + box.w, y, "right")


def draw_back(canvas: Canvas, size: Size, game: Game, deck_id: str, deck_name: str,
              theme: Theme, layout: Layout | None = None) -> None:
    """The back shared by every card of a deck: the seal, the deck's name (shrinking, and on
    more lines if it must, to stay inside the frame) and the game with its version."""
    layout = layout or geometry.default().layout("back")
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
    item = (game.components.decks() if game.components else {}).get(deck_id)
    box = layout.box("title")
    name = _text_fit(box, deck_name.upper(), f"the name on the back of the {deck_name}",
                     item.src if item else None)
    # the lines centred on the box's middle, which is the baseline of a one-line name; the
    # game's line below moves down with the name's last line
    lower = (len(name.lines) - 1) * name.size * name.style.leading / 2
    rtext.draw_lines(canvas, name, cx, size.height - box.y - box.h / 2 + lower)
    box = layout.box("kicker")
    title = f"{game.info.title.upper()}  ·  v{game.info.version}" if game.info else game.id
    game_line = _line(box, title, box.w, f"the game's name on the back of the {deck_name}",
                      game.info.src if game.info else None)
    rtext.draw_lines(canvas, game_line, cx, size.height - box.y - box.h / 2 - lower)


# A door's name in its pill on a Goal card: one line, shrinking to fit inside the pill.
DOOR_NAME = rtext.Style(face="sans-semibold", size=7.5, min_size=6.0, align="center")
DOOR_PAD = mm(1.2)


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
    _text(canvas, layout.box("kicker"), "GOAL · SECRET", size, theme.on_band(),
          what="the kind line of a Goal")
    _text(canvas, layout.box("title"), goal.name, size, theme.on_band(), "middle",
          what=f"the name of Goal '{goal.name}'", src=goal.src)
    emblem = layout.box("emblem")
    icons.emblem(canvas, "star", emblem.x + emblem.w / 2, size.height - emblem.y - emblem.h / 2,
                 emblem.w / 2, INK if theme.ink_saver else colour, theme.ink_saver)
    rules = layout.box("rules")
    if goal.text:
        _text(canvas, rules, goal.text.printed, size, INK,
              what=f"the text of Goal '{goal.name}'", src=goal.text.src)
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
        name = doors.get(ref.id, ref.id)
        rtext.draw_lines(canvas, rtext.fit_line(
            name, DOOR_NAME, box.w - 2 * DOOR_PAD, what=f"the door '{name}' on Goal "
            f"'{goal.name}'", box=box.name, src=ref.src), size.width / 2, y)
    _footer_line(canvas, size, layout, game, "Goal · keep it hidden", "the footer of a Goal")


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
          theme.on_band(), what="the kind line of the Departures board")
    _text(canvas, layout.box("title"), "Departures", size, theme.on_band(), "middle",
          what="the title of the Departures board")
    _text(canvas, layout.box("rules"), departures_board_text(game), size, INK,
          what="the Departures board", src=game.doors[0].board.src if game.doors else None)
    _footer_line(canvas, size, layout, game, "")


def departures_board_text(game: Game) -> str:
    """The Departures board's text: each door and what it costs (the fit check reads it too)."""
    lines = [f"**{d.name.upper()}**: {d.board.printed}" for d in game.doors or ()]
    lines.append("Your Goal card names your three doors.")
    return "\n".join(lines)
