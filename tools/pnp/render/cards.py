"""Card faces and backs for Diplomatic Immunity: a pure function of the model and a layout.

Every card shares one frame: a coloured band with the kind and the name, its picture, the
rules text fitted to its box, flavour, and a footer with the game's version. Crimes add
their Heat and payout. A card or Goal with art shows it large in a panel of its own colours
between the band and the text (a card whose layout has no emblem, a reference card, shows
it as a faint watermark behind the text); without art, an emblem in a disc. Each deck's back
has its own colour, pattern and emblem (its `art/back-<deck>` picture), told apart across
the table in colour and in greyscale, and carries the deck's name. With `ink_saver`,
nothing is filled: white faces, outlines and black text.

`draw_art` (from `render.art`, and importable from here) draws any picture the content
names into a box: SVG as vectors, recoloured to the face's colours when it is drawn in one
colour (game-icons are), PNG or JPEG as an image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.content.assets import back_art, is_svg
from pnp.content.cards import Card, CardKind
from pnp.content.departures import Goal
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.render import fonts, geometry, icons
from pnp.render import text as rtext

# draw_art is shared: Diamond Heist's renderer may take it from here
from pnp.render.art import Rect as Rect
from pnp.render.art import draw_art as draw_art
from pnp.render.art import mix as _mix
from pnp.render.geometry import Box, Layout, Size
from pnp.render.palette import INK, MUTED, PAPER, WHITE
from pnp.render.units import mm

DECK_COLOURS = {
    "street": "#7b2d26",
    "politics": "#23395b",
    "headline": "#3b3b3b",
    "goals": "#5b3f8c",
    "quick-reference": "#2f5d50",
    "bribes-and-favors": "#8a6d1d",
    "blank": "#6b6b6b",
}

# Band colours for the decks of any other game, in the order its components list them: deep
# enough for white type (at least 4.5:1), apart from each other in greyscale too.
PLAIN_DECK_COLOURS = ("#23395b", "#7b2d26", "#2f5d50", "#5b3f8c", "#8a5a1d", "#3b3b3b")

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
    """The layout a card is drawn with: the one it names, else its kind's own, else the
    common card layout."""
    for name in (card.layout, card.category, card.kind.value):
        if name and name in layouts:
            return layouts[name]
    return layouts["card"]


def deck_colour(game: Game, card: Card) -> str:
    """The band colour: a crime's or Cover's type colour, else its deck's colour."""
    types = {t.id: t.colour for t in game.crime_types or ()}
    if card.crime and card.crime.type.id in types:
        return types[card.crime.type.id]
    if card.covers and card.covers.id in types:
        return types[card.covers.id]
    if card.deck.id in DECK_COLOURS:
        return DECK_COLOURS[card.deck.id]
    # any other game's decks take the plain palette in the order the components list them
    decks = list(game.components.decks()) if game.components else []
    at = decks.index(card.deck.id) if card.deck.id in decks else 0
    return PLAIN_DECK_COLOURS[at % len(PLAIN_DECK_COLOURS)]


def kicker(game: Game, card: Card) -> str:
    """The small line above the name: 'CRIME · SMUGGLING', 'DIRTY TRICK · REACTION'."""
    types = {t.id: t.name for t in game.crime_types or ()}
    parts = [KICKERS.get(card.kind, "") or card.category.replace("-", " ")]
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


def _text(
    canvas: Canvas,
    box: Box,
    content: str,
    size: Size,
    colour: str,
    valign: str = "top",
    *,
    what: str = "",
    src: Src | None = None,
) -> rtext.Fitted:
    assert box.style is not None, f"box {box.name} has no type"
    fitted = rtext.fit(
        content, box.style, box.w, box.h, what=what, box=box.name, src=src or box.src
    )
    rtext.draw(canvas, fitted, box.x, size.height - box.y, box.w, colour, valign)
    return fitted


def _text_fit(box: Box, content: str, what: str, src: Src | None) -> rtext.Fitted:
    """`content` fitted to `box`, wrapping and shrinking to the box's floor."""
    assert box.style is not None, f"box {box.name} has no type"
    return rtext.fit(content, box.style, box.w, box.h, what=what, box=box.name, src=src or box.src)


def _line(box: Box, content: str, width: float, what: str, src: Src | None) -> rtext.Fitted:
    """One line of `box`'s type, fitted to `width` (shrinking to the box's floor)."""
    assert box.style is not None, f"box {box.name} has no type"
    return rtext.fit_line(content, box.style, width, what=what, box=box.name, src=src or box.src)


ART_GAP = mm(1.2)  # between the art panel and the band above it
ART_TEXT_GAP = mm(2)  # between the art panel and the text below it


def _art_panel(
    canvas: Canvas, size: Size, game: Game, rel: str, layout: Layout, colour: str, theme: Theme
) -> bool:
    """A card's picture as its illustration: a panel of the card's colours from the band
    to the text, rays behind, and the picture large in the middle, in a deep shade of the
    card's colour over its own shadow. The text boxes are not moved, so what fits without
    art fits with it."""
    band, rules, emblem = layout.box("band"), layout.box("rules"), layout.box("emblem")
    left, right = size.safe - mm(0.8), size.width - size.safe + mm(0.8)
    top = size.height - band.y - band.h - ART_GAP
    bottom = size.height - rules.y + ART_TEXT_GAP
    if top - bottom < mm(8):
        return False
    cx = emblem.x + emblem.w / 2 if emblem.w > 0 else size.width / 2
    cy = (top + bottom) / 2
    canvas.saveState()
    frame = canvas.beginPath()
    frame.roundRect(left, bottom, right - left, top - bottom, mm(2))
    canvas.clipPath(frame, stroke=0, fill=0)
    if not theme.ink_saver:
        canvas.setFillColor(_mix(PAPER, colour, 0.22))
        canvas.rect(left, bottom, right - left, top - bottom, stroke=0, fill=1)
        # rays from behind the picture: the card's colour, faint
        canvas.setFillColor(colour)
        canvas.setFillAlpha(0.09)
        reach = math.hypot(right - left, top - bottom)
        for i in range(0, 24, 2):
            a0, a1 = math.tau * i / 24, math.tau * (i + 1) / 24
            ray = canvas.beginPath()
            ray.moveTo(cx, cy)
            ray.lineTo(cx + reach * math.cos(a0), cy + reach * math.sin(a0))
            ray.lineTo(cx + reach * math.cos(a1), cy + reach * math.sin(a1))
            ray.close()
            canvas.drawPath(ray, stroke=0, fill=1)
        canvas.setFillAlpha(1)
        # a soft ground under the picture
        canvas.setFillColor(_mix(PAPER, colour, 0.35))
        canvas.ellipse(cx - mm(14), bottom - mm(3), cx + mm(14), bottom + mm(3.2), stroke=0, fill=1)
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(INK if theme.ink_saver else colour)
    canvas.setLineWidth(0.5)
    canvas.roundRect(left, bottom, right - left, top - bottom, mm(2), stroke=1, fill=0)
    canvas.restoreState()
    side = min(top - bottom - mm(2.5), emblem.w + mm(1.5) if emblem.w > 0 else mm(26))
    rect = (cx - side / 2, cy - side / 2, side, side)
    if theme.ink_saver:
        return draw_art(canvas, game, rel, rect, INK, outline=True)
    if is_svg(rel):  # a shadow of the shape; a photograph casts none
        shadow = (rect[0] + mm(0.6), rect[1] - mm(0.6), side, side)
        draw_art(canvas, game, rel, shadow, _mix(colour, INK, 0.55), alpha=0.22)
    return draw_art(canvas, game, rel, rect, _mix(colour, INK, 0.25))


def _watermark(
    canvas: Canvas, size: Size, game: Game, rel: str, layout: Layout, colour: str, theme: Theme
) -> None:
    """A card whose layout has no emblem (a reference card): its picture large and faint
    behind the text, in the lower right of the frame."""
    rules = layout.box("rules")
    side = min(rules.w, rules.h) * 0.62
    x = rules.x + rules.w - side
    y = size.height - rules.y - rules.h
    canvas.saveState()
    frame = canvas.beginPath()
    frame.rect(
        size.safe - mm(0.8),
        size.safe - mm(0.8),
        size.width - 2 * size.safe + mm(1.6),
        size.height - 2 * size.safe + mm(1.6),
    )
    canvas.clipPath(frame, stroke=0, fill=0)
    draw_art(
        canvas,
        game,
        rel,
        (x, y, side, side),
        INK if theme.ink_saver else colour,
        alpha=0.07 if theme.ink_saver else 0.1,
    )
    canvas.restoreState()


def draw_front(
    canvas: Canvas, size: Size, game: Game, card: Card, layout: Layout, theme: Theme
) -> None:
    """One card's face, trim bottom-left at (0, 0), background into the bleed."""
    if layout.bound:  # a game's own layout says what each box shows
        from pnp.render import bound

        bound.draw(canvas, size, game, card, layout, theme)
        return
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
    canvas.roundRect(
        size.safe - mm(0.8),
        size.safe - mm(0.8),
        size.width - 2 * size.safe + mm(1.6),
        band_bottom - size.safe + mm(0.8) - mm(1.2),
        mm(2),
        stroke=1,
        fill=0,
    )
    label = f"'{card.name}'"
    _text(
        canvas,
        layout.box("kicker"),
        kicker(game, card),
        size,
        theme.on_band(),
        what=f"the kind line of {label}",
        src=card.src,
    )
    _text(
        canvas,
        layout.box("title"),
        card.name,
        size,
        theme.on_band(),
        "middle",
        what=f"the name of {label}",
        src=card.src,
    )
    emblem = layout.box("emblem")
    if card.art is not None and emblem.w <= 0:
        _watermark(canvas, size, game, card.art.id, layout, colour, theme)
    elif (
        not (
            card.art is not None
            and _art_panel(canvas, size, game, card.art.id, layout, colour, theme)
        )
        and emblem.w > 0
    ):
        icons.emblem(
            canvas,
            icons.icon_for(card),
            emblem.x + emblem.w / 2,
            size.height - emblem.y - emblem.h / 2,
            emblem.w / 2,
            INK if theme.ink_saver else colour,
            theme.ink_saver,
        )
    if card.crime:
        _crime_stats(canvas, size, game, card, layout, theme, colour)
    if card.text.printed:
        _text(
            canvas,
            layout.box("rules"),
            card.text.printed,
            size,
            INK,
            what=f"the text of {label}",
            src=card.text.src,
        )
    flavour = layout.box("flavour")
    if card.flavour and flavour.w > 0:
        _text(
            canvas,
            flavour,
            card.flavour,
            size,
            "#5a5046",
            "middle",
            what=f"the flavour of {label}",
            src=card.src,
        )
    _footer(canvas, size, layout, game, card)


# The numbers on a crime's badges: the largest type that keeps them inside the flame's disc
# and the coin's inner ring (their letters' corners included), down to a floor.
HEAT_FLOOR = 9.0
PAYOUT_FLOOR = 9.0
BADGE_MARGIN = mm(0.4)  # between the letters and the ring


def _badge(
    box: Box, ring: float, size: float, floor: float, value: str, what: str, src: Src
) -> rtext.Fitted:
    """A badge's value fitted inside a ring of radius `ring` at the middle of `box`."""
    style = rtext.Style(face="sans-black", size=size, min_size=min(floor, size), align="center")
    return rtext.fit_line(
        value, style, rtext.ring_room(ring, size, BADGE_MARGIN), what=what, box=box.name, src=src
    )


def _crime_stats(
    canvas: Canvas, size: Size, game: Game, card: Card, layout: Layout, theme: Theme, colour: str
) -> None:
    """The crime's Heat on a flame and its payout on a coin, each fitted to its badge."""
    assert card.crime is not None
    heat, pay = layout.box("heat"), layout.box("payout")
    where = card.crime.type.src  # the crime's line: `crime: {type, heat, payout}`
    money = game.info.currency.format(card.crime.payout) if game.info else str(card.crime.payout)
    r = heat.w / 2
    number = _badge(
        heat,
        r * 0.9,
        r * 0.95,
        HEAT_FLOOR,
        str(card.crime.heat),
        f"the Heat of '{card.name}'",
        where,
    )
    icons.heat_badge(
        canvas, heat.x + r, size.height - heat.y - heat.h / 2, r, number, theme.ink_saver
    )
    r = pay.w / 2
    value = _badge(
        pay, r * 0.82, r * 0.78, PAYOUT_FLOOR, money, f"the payout of '{card.name}'", where
    )
    icons.coin_badge(canvas, pay.x + r, size.height - pay.y - pay.h / 2, r, value, theme.ink_saver)


FOOTER_GAP = mm(1.5)  # between the game's name and the note beside it


def _footer(canvas: Canvas, size: Size, layout: Layout, game: Game, card: Card) -> None:
    decks = game.components.decks() if game.components else {}
    item = decks.get(card.deck.id)  # the components list names the deck: "Street deck"
    deck = (
        item.name.removesuffix(" deck").removesuffix(" cards").removesuffix(" card")
        if item
        else card.deck.id.replace("-", " ").title()
    )
    # the deck's name is the long part: it is written in the components list
    _footer_line(
        canvas,
        size,
        layout,
        game,
        f"{deck} · ×{card.count}",
        f"the footer of the {deck} cards",
        item.src if item else card.src,
    )


def _footer_line(
    canvas: Canvas,
    size: Size,
    layout: Layout,
    game: Game,
    right: str,
    what: str = "",
    src: Src | None = None,
) -> None:
    """The footer every face carries: the game and its version on the left (in at most half
    the box), and a note on the right in the room that leaves. A name too long for its half
    is reported itself, and takes no more than its half from the note: one long title is
    one diagnostic, not one more for every deck's footer."""
    box = layout.box("footer")
    y = size.height - box.y - box.h + mm(0.6)
    canvas.setFillColor(MUTED)
    label = game.info.label if game.info else game.id
    left = _line(
        box,
        label,
        box.w / 2,
        "the game's name and version in a footer",
        game.info.src if game.info else None,
    )
    rtext.draw_lines(canvas, left, box.x, y, "left")
    if right:
        room = box.w - min(left.width, box.w / 2) - FOOTER_GAP
        note = _line(box, right, room, what or "a footer", src)
        rtext.draw_lines(canvas, note, box.x + box.w, y, "right")


@dataclass(frozen=True, slots=True)
class BackStyle:
    """How a deck's back looks: its ground, the colour of everything on it, and its
    pattern. Decks differ in all three, and their grounds in lightness, so that they are
    told apart across the table and in a greyscale print."""

    ground: str
    ink: str
    pattern: str  # a key of PATTERNS
    masthead: bool = False  # the name on a clear band between rules, as on a front page


BACKS = {
    "goals": BackStyle("#2b1d4f", WHITE, "rings"),  # darkest: the secret ones
    "street": BackStyle("#7b2d26", WHITE, "diagonal"),
    "politics": BackStyle("#3f6198", WHITE, "pinstripe"),
    "quick-reference": BackStyle("#2f5d50", WHITE, "lattice"),
    "bribes-and-favors": BackStyle("#b08d2e", INK, "dots"),
    "blank": BackStyle("#c9c3b6", INK, "plain"),
    "headline": BackStyle("#efe9da", INK, "newsprint", masthead=True),  # lightest
}
OTHER_BACK = BackStyle("#555555", WHITE, "lattice")


def back_style(deck_id: str) -> BackStyle:
    """The look of a deck's back (a deck the table does not know gets a plain grey one)."""
    return BACKS.get(deck_id, OTHER_BACK)


def _diagonal(c: Canvas, size: Size) -> None:
    step = mm(4)
    for i in range(-int(size.height / step) - 2, int(size.width / step) + 2):
        c.line(i * step, 0, i * step + size.height, size.height)


def _pinstripe(c: Canvas, size: Size) -> None:
    step = mm(3)
    for i in range(int(size.width / step) + 1):
        c.setLineWidth(1.1 if i % 3 == 0 else 0.35)
        c.line(i * step, 0, i * step, size.height)


def _rings(c: Canvas, size: Size) -> None:
    cx, cy = size.width / 2, size.height / 2 + mm(8)
    for i in range(1, int(size.height / mm(3))):
        c.circle(cx, cy, i * mm(3), stroke=1, fill=0)


def _lattice(c: Canvas, size: Size) -> None:
    step = mm(5)
    n = int((size.width + size.height) / step) + 2
    for i in range(-n, n):
        c.line(i * step, 0, i * step + size.height, size.height)
        c.line(i * step, size.height, i * step + size.height, 0)


def _dots(c: Canvas, size: Size) -> None:
    step = mm(3.2)
    for row in range(int(size.height / step) + 1):
        for col in range(int(size.width / step) + 1):
            x = col * step + (step / 2 if row % 2 else 0)
            c.circle(x, row * step, mm(0.45), stroke=0, fill=1)


def _newsprint(c: Canvas, size: Size) -> None:
    """Columns of type, as on a front page."""
    cols, gutter, lead = 3, mm(2), mm(1.6)
    width = (size.width - 2 * mm(5) - (cols - 1) * gutter) / cols
    c.setLineWidth(mm(0.6))
    for col in range(cols):
        x = mm(5) + col * (width + gutter)
        y = size.height - mm(6)
        n = 0
        while y > mm(5):
            n += 1
            short = width * (0.55 if n % 7 == 0 else 1)  # a paragraph's last line
            c.line(x, y, x + short, y)
            y -= lead * (2 if n % 7 == 0 else 1)


def _plain(c: Canvas, size: Size) -> None:
    return


PATTERNS = {
    "diagonal": _diagonal,
    "pinstripe": _pinstripe,
    "rings": _rings,
    "lattice": _lattice,
    "dots": _dots,
    "newsprint": _newsprint,
    "plain": _plain,
}


def draw_back(
    canvas: Canvas,
    size: Size,
    game: Game,
    deck_id: str,
    deck_name: str,
    theme: Theme,
    layout: Layout | None = None,
) -> None:
    """The back shared by every card of a deck: its ground and pattern, its emblem (the
    deck's `art/back-<deck>` picture in a ring, else the seal), the deck's name (shrinking,
    and on more lines if it must, to stay inside the frame) and the game with its version."""
    layout = layout or geometry.default().layout("back")
    style = back_style(deck_id)
    b = size.bleed
    canvas.setFillColor(theme.fill(style.ground))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    line = INK if theme.ink_saver else style.ink
    canvas.saveState()
    p = canvas.beginPath()
    p.roundRect(
        size.safe, size.safe, size.width - 2 * size.safe, size.height - 2 * size.safe, mm(3)
    )
    canvas.clipPath(p, stroke=0, fill=0)
    canvas.setStrokeColor(line)
    canvas.setFillColor(line)
    faint = 0.35 if theme.ink_saver else 0.16 if style.ink == WHITE else 0.2
    canvas.setStrokeAlpha(faint)
    canvas.setFillAlpha(faint)
    canvas.setLineWidth(0.5)
    PATTERNS[style.pattern](canvas, size)
    canvas.restoreState()
    canvas.setStrokeColor(line)
    canvas.setLineWidth(1.2)
    canvas.roundRect(
        size.safe,
        size.safe,
        size.width - 2 * size.safe,
        size.height - 2 * size.safe,
        mm(3),
        stroke=1,
        fill=0,
    )
    cx, cy = size.width / 2, size.height / 2
    art = back_art(game, deck_id)
    if art is None or not _back_emblem(
        canvas, game, art, cx, cy + mm(8), mm(13), style, line, theme
    ):
        canvas.setFillColor(theme.fill(style.ground))
        canvas.circle(cx, cy + mm(8), mm(13), stroke=0, fill=1)
        icons.seal(canvas, cx, cy + mm(8), mm(13), line, theme.ink_saver)
    item = (game.components.decks() if game.components else {}).get(deck_id)
    box = layout.box("title")
    name = _text_fit(
        box,
        deck_name.upper(),
        f"the name on the back of the {deck_name}",
        item.src if item else None,
    )
    # the lines centred on the box's middle, which is the baseline of a one-line name; the
    # game's line below moves down with the name's last line
    lower = (len(name.lines) - 1) * name.size * name.style.leading / 2
    if style.masthead:
        kicker = layout.box("kicker")
        top = size.height - box.y - box.h / 2 + lower + name.size * 0.75 + mm(1.2)
        bottom = size.height - kicker.y - kicker.h / 2 - lower - mm(2.2)
        canvas.saveState()
        canvas.setFillColor(theme.fill(style.ground))
        canvas.rect(
            size.safe + mm(0.6),
            bottom,
            size.width - 2 * size.safe - mm(1.2),
            top - bottom,
            stroke=0,
            fill=1,
        )
        canvas.setStrokeColor(line)
        for y, width in ((top, 1.2), (top - mm(0.7), 0.4), (bottom, 0.4)):
            canvas.setLineWidth(width)
            canvas.line(size.safe + mm(2), y, size.width - size.safe - mm(2), y)
        canvas.restoreState()
    canvas.setFillColor(line)
    rtext.draw_lines(canvas, name, cx, size.height - box.y - box.h / 2 + lower)
    box = layout.box("kicker")
    title = f"{game.info.title.upper()}  ·  v{game.info.version}" if game.info else game.id
    game_line = _line(
        box,
        title,
        box.w,
        f"the game's name on the back of the {deck_name}",
        game.info.src if game.info else None,
    )
    rtext.draw_lines(canvas, game_line, cx, size.height - box.y - box.h / 2 - lower)


def _back_emblem(
    canvas: Canvas,
    game: Game,
    rel: str,
    cx: float,
    cy: float,
    r: float,
    style: BackStyle,
    line: str,
    theme: Theme,
) -> bool:
    """A deck's picture in a double ring on a disc of its ground, over the pattern."""
    canvas.saveState()
    canvas.setFillColor(theme.fill(style.ground))
    canvas.setStrokeColor(line)
    canvas.setLineWidth(1.2)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setLineWidth(0.5)
    canvas.circle(cx, cy, r * 0.86, stroke=1, fill=0)
    canvas.restoreState()
    side = r * 1.2
    return draw_art(
        canvas, game, rel, (cx - side / 2, cy - side / 2, side, side), line, outline=theme.ink_saver
    )


# A door's name in its pill on a Goal card: one line, shrinking to fit inside the pill.
DOOR_NAME = rtext.Style(face="sans-semibold", size=7.5, min_size=6.0, align="center")
DOOR_PAD = mm(1.2)


def draw_goal(
    canvas: Canvas, size: Size, game: Game, goal: Goal, layout: Layout, theme: Theme
) -> None:
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
    _text(
        canvas,
        layout.box("kicker"),
        "GOAL · SECRET",
        size,
        theme.on_band(),
        what="the kind line of a Goal",
    )
    _text(
        canvas,
        layout.box("title"),
        goal.name,
        size,
        theme.on_band(),
        "middle",
        what=f"the name of Goal '{goal.name}'",
        src=goal.src,
    )
    emblem = layout.box("emblem")
    if not (
        goal.art is not None and _art_panel(canvas, size, game, goal.art.id, layout, colour, theme)
    ):
        icons.emblem(
            canvas,
            "star",
            emblem.x + emblem.w / 2,
            size.height - emblem.y - emblem.h / 2,
            emblem.w / 2,
            INK if theme.ink_saver else colour,
            theme.ink_saver,
        )
    rules = layout.box("rules")
    if goal.text:
        _text(
            canvas,
            rules,
            goal.text.printed,
            size,
            INK,
            what=f"the text of Goal '{goal.name}'",
            src=goal.text.src,
        )
    doors = {d.id: d.name for d in game.doors or ()}
    box = layout.box("doors")
    y = size.height - box.y - mm(1.5)
    canvas.setFont(fonts.font("sans-bold"), 6)
    canvas.setFillColor(MUTED)
    canvas.drawCentredString(size.width / 2, y, "YOUR DOORS OUT")
    for ref in goal.doors:
        y -= mm(4.3)
        canvas.setFillColor(theme.fill("#ece3cf"))
        canvas.setStrokeColor(INK if theme.ink_saver else colour)
        canvas.setLineWidth(0.5)
        canvas.roundRect(box.x, y - mm(1.1), box.w, mm(3.7), mm(1), 1, 1)
        canvas.setFillColor(INK)
        name = doors.get(ref.id, ref.id)
        rtext.draw_lines(
            canvas,
            rtext.fit_line(
                name,
                DOOR_NAME,
                box.w - 2 * DOOR_PAD,
                what=f"the door '{name}' on Goal '{goal.name}'",
                box=box.name,
                src=ref.src,
            ),
            size.width / 2,
            y,
        )
    _footer_line(canvas, size, layout, game, "Goal · keep it hidden", "the footer of a Goal")


def draw_departures_board(
    canvas: Canvas, size: Size, game: Game, layout: Layout, theme: Theme
) -> None:
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
    _text(
        canvas,
        layout.box("kicker"),
        "ALWAYS AVAILABLE · NEVER DRAWN",
        size,
        theme.on_band(),
        what="the kind line of the Departures board",
    )
    _text(
        canvas,
        layout.box("title"),
        "Departures",
        size,
        theme.on_band(),
        "middle",
        what="the title of the Departures board",
    )
    _text(
        canvas,
        layout.box("rules"),
        departures_board_text(game),
        size,
        INK,
        what="the Departures board",
        src=game.doors[0].board.src if game.doors else None,
    )
    _footer_line(canvas, size, layout, game, "")


def departures_board_text(game: Game) -> str:
    """The Departures board's text: each door and what it costs (the fit check reads it too)."""
    lines = [f"**{d.name.upper()}**: {d.board.printed}" for d in game.doors or ()]
    lines.append("Your Goal card names your three doors.")
    return "\n".join(lines)
