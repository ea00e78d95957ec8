"""What a kit holds: the product renderers of a game (its cards, the components only its
ruleset has, its rulebooks) and the build of one game's files in memory.

This sits above `pnp.render` (the drawing of cards and sheets) and `pnp.rulebook` (the book,
which draws with `pnp.render`), so neither imports the other's caller.
"""

from __future__ import annotations

import gc

from pnp import rulesets
from pnp.content.project import Game
from pnp.render.build import Options, Output, Renderer, card_outputs
from pnp.render.geometry import Geometry
from pnp.rulebook import accel
from pnp.rulebook import pdf as rulebook_pdf


def renderers(game: Game) -> list[Renderer]:
    """The product renderers of a game: its cards, what its ruleset alone has (boards,
    chips, reference cards), its rulebooks. Each returns nothing where it does not apply."""
    plugin = rulesets.of(game)
    own = list(plugin.renderers()) if plugin is not None else []
    return [card_outputs, *own, rulebook_pdf.outputs]


def build_game(game: Game, geo: Geometry, opts: Options) -> list[Output]:
    """Every file of one game, in memory. Drawn with reportlab's faster stand-ins
    (`accel.fast`), which give the same bytes: the card sheets, boards and chips write the
    same kinds of values and text runs as the rulebooks, and the thousands of objects that
    were there before the drawing began are left out of the garbage collector's searches.

    Before each product the youngest objects are searched for cycles once: what the last
    product drew is gone by then, so the search is short (0.1-9 ms), and the next product
    starts with the collector's count at nothing. Otherwise the count ran out in the middle
    of a book, whose search went through every flowable, line and word it still held (40
    ms in a Diplomatic Immunity rulebook; all of a build's searches now take 10 ms)."""
    outputs: list[Output] = []
    with accel.fast():
        for render in renderers(game):
            gc.collect(0)
            outputs += render(game, geo, opts)
        if opts.png:  # (pdfium, which rasterises them, loads only for PNGs)
            from pnp.render import png

            outputs += png.outputs(game, geo, opts)
    if opts.ink_saver:  # never overwrite the full-colour kit
        for o in outputs:
            stem, dot, ext = o.path.rpartition(".")
            if ext in ("pdf", "png"):
                o.path = f"{stem}-ink-saver{dot}{ext}"
    if opts.html:  # for screens: in colour whatever the print, linking the kit's PDFs
        from pnp.site import build as site

        outputs += site.outputs(game, geo, outputs)
    return outputs
