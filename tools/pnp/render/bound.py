"""Faces drawn from a game's own layout: every box says what it shows, so a designer lays out
a card in `layouts.yaml` without Python.

A box of such a layout prints a template (`text: "{{ name }}"`) or a card field
(`field: points`) and has a shape:

- `band`: a strip in the deck's colour (or `fill`), to the bleed where it meets the trim;
- `badge`: a disc in the deck's colour (or `fill`) with its text in the middle, fitted to a
  single line inside the ring;
- `image`: the card's art (`art:`), fitted and centred;
- `text` (the default for a box with text): the text, fitted to the box down to its floor.

The boxes a shipped layout already has keep their meaning when a game's layout extends it
and does not bind them: `band` is a band, `kicker` the card's kind, `title` its name,
`emblem` its art, `rules` its text, `flavour` its flavour, `footer` the game and the deck.
Boxes are drawn in the order the layouts write them (the parent's first), so a text box
written after a band prints on it. Every text goes through `render.text` with what it is
and where the layout writes it, so the fit check (E720) measures it like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from pnp.content.cards import Card
from pnp.content.model import Currency, Src, place
from pnp.content.text import TextError, Texts
from pnp.render import text as rtext
from pnp.render.art import draw_art
from pnp.render.geometry import Box, Layout, Size
from pnp.render.palette import INK, PAPER, WHITE
from pnp.render.units import mm

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.render.cards import Theme

# What a shipped layout's boxes show when a game's layout does not say.
DEFAULTS: dict[str, tuple[str, str | None]] = {
    "band": ("band", None),
    "kicker": ("text", "{{ kind }}"),  # in capitals, as the shipped cards print it
    "title": ("text", "{{ name }}"),
    "emblem": ("image", None),
    "rules": ("text", "{{ text }}"),
    "flavour": ("text", "{{ flavour }}"),
    "footer": ("text", "{{ game }} · {{ deck }} · ×{{ count }}"),
}
RING = mm(0.6)


def binding(box: Box) -> tuple[str, str | None]:
    """(shape, template) of a box: as its layout binds it, else its shipped meaning."""
    if box.bound:
        template = box.template
        return box.shape or ("text" if template is not None else "image"), template
    return DEFAULTS.get(box.name, ("none", None))


def context(game: Game, card: Card) -> dict[str, Any]:
    """The names a layout's templates may use for a card: its fields, then its own."""
    decks = game.components.decks() if game.components else {}
    item = decks.get(card.deck.id)
    return {
        **dict(card.fields),
        "name": card.name,
        "kind": card.category.replace("-", " "),
        "text": card.text.printed,
        "flavour": card.flavour,
        "count": card.count,
        "deck": item.name if item else card.deck.id,
        "game": game.info.label if game.info else game.id,
    }


def texts(game: Game) -> Texts:
    return Texts(game.info.currency if game.info else Currency(), {})


def fill(box: Box, game: Game, card: Card) -> str:
    from pnp.render.cards import deck_colour

    return box.fill or deck_colour(game, card)


def printed(game: Game, card: Card, template: str) -> str:
    """A box's template filled for a card (TextError when a name is none of its own)."""
    return texts(game).render(template, context(game, card))


def draw(canvas: Canvas, size: Size, game: Game, card: Card, layout: Layout, theme: Theme) -> None:
    """A card's face from a game's own layout, trim bottom-left at (0, 0)."""
    b = size.bleed
    canvas.setFillColor(theme.fill(PAPER))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    on_band: list[tuple[float, float, float, float]] = []
    for box in layout.boxes.values():
        if box.w <= 0 or box.h <= 0:
            continue
        shape, template = binding(box)
        x, top = box.x, size.height - box.y
        if shape == "band":
            colour = fill(box, game, card)
            x0 = -b if box.x <= 0 else box.x
            x1 = size.width + b if box.x + box.w >= size.width else box.x + box.w
            y1 = size.height + b if box.y <= 0 else top
            y0 = top - box.h
            if theme.ink_saver:
                canvas.setStrokeColor(INK)
                canvas.setLineWidth(0.6)
                canvas.line(max(x0, size.safe), y0, min(x1, size.width - size.safe), y0)
            else:
                canvas.setFillColor(colour)
                canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
                on_band.append((box.x, box.y, box.w, box.h))
            if template:
                _text(canvas, size, box, game, card, template, _on(theme), "middle")
        elif shape == "badge":
            r = min(box.w, box.h) / 2
            cx, cy = x + box.w / 2, top - box.h / 2
            canvas.setFillColor(WHITE if theme.ink_saver else fill(box, game, card))
            canvas.setStrokeColor(INK if theme.ink_saver else WHITE)
            canvas.setLineWidth(RING)
            canvas.circle(cx, cy, r, stroke=1, fill=1)
            if template:
                _badge_text(canvas, box, game, card, template, r, cx, cy, _on(theme))
        elif shape == "image":
            if card.art is not None:
                colour = INK if theme.ink_saver else fill(box, game, card)
                draw_art(
                    canvas,
                    game,
                    card.art.id,
                    (x, top - box.h, box.w, box.h),
                    colour,
                    outline=theme.ink_saver,
                )
        elif shape == "text" and template:
            inside = any(_within(box, band) for band in on_band)
            colour = box.colour or (_on(theme) if inside else INK)
            _text(
                canvas,
                size,
                box,
                game,
                card,
                template,
                colour,
                "middle" if box.name in ("title", "kicker") else "top",
            )


def _on(theme: Theme) -> str:
    return INK if theme.ink_saver else WHITE


def _within(box: Box, band: tuple[float, float, float, float]) -> bool:
    bx, by, bw, bh = band
    return bx <= box.x and box.x + box.w <= bx + bw and by <= box.y and box.y + box.h <= by + bh


def _what(box: Box, card: Card) -> str:
    return f"the {box.name} of '{card.name}'"


def _fill(game: Game, card: Card, template: str, box: Box) -> str:
    try:
        return printed(game, card, template)
    except TextError:
        return ""  # nothing is printed: the check has said why, at the box


def _text(
    canvas: Canvas,
    size: Size,
    box: Box,
    game: Game,
    card: Card,
    template: str,
    colour: str,
    valign: str,
) -> None:
    content = _fill(game, card, template, box)
    if not box.bound and box.name == "kicker":
        content = content.upper()
    if not content.strip():
        return
    style = box.style or rtext.Style()
    fitted = rtext.fit(
        content, style, box.w, box.h, what=_what(box, card), box=box.name, src=_src(box, card)
    )
    top = size.height - box.y
    if valign == "middle":
        top -= max(0.0, (box.h - fitted.height) / 2)
    rtext.draw(canvas, fitted, box.x, top, box.w, box.colour or colour)


def _badge_text(
    canvas: Canvas,
    box: Box,
    game: Game,
    card: Card,
    template: str,
    r: float,
    cx: float,
    cy: float,
    colour: str,
) -> None:
    content = _fill(game, card, template, box)
    if not content.strip():
        return
    style = box.style or rtext.Style(face="sans-bold", size=12, min_size=6, align="center")
    fitted = rtext.fit_line(
        content,
        style,
        rtext.ring_room(r, style.size, RING),
        what=_what(box, card),
        box=box.name,
        src=_src(box, card),
    )
    canvas.setFillColor(box.colour or colour)
    rtext.draw_lines(canvas, fitted, cx, cy - fitted.size * 0.35)


def _src(box: Box, card: Card) -> Src:
    """Where a box's text comes from, for a text too long for it: the field it prints, the
    card's text, else the card."""
    if box.field is not None:
        return place(card.fields_where, box.field, card.fields_src)
    if box.template and "text" in box.template:
        return card.text.src
    return card.src
