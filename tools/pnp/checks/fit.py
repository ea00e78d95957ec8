"""E720: every text a renderer draws from the content fits its box, measured with the real fonts.

The check draws every face the build prints, on a scratch page and with the build's own
renderers: card fronts and deck backs, Goals and the Departures board, and through the
game's ruleset (`CheckHooks.fit`) the faces only it prints (character boards, coins, chips
and markers, Diamond Heist's reference and deck cards). Each renderer sets its texts
through `render.text` (`fit` for a block that wraps, `fit_line` for a single line such as a
payout on its coin), saying what each text is and where the content writes it; inside
`measuring()` every such call is recorded. So the check measures exactly what the build
draws, with the same call on the same box. A text shrinks from its box's size to the box's
floor, never below the layouts' floors (7.5 pt for rules text, 6 pt for anything else:
`render.text.floors`); what still does not fit, or what a renderer sets smaller than its
floor, is reported at the line that holds it, with how far it runs over, so a too-long edit
is caught before printing. `faces` hands every face to tests that look at what is drawn.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator

from reportlab.pdfgen.canvas import Canvas

from pnp.checks import hooks
from pnp.checks.common import at
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.render import geometry, pdf
from pnp.render import text as rtext
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry, Size
from pnp.render.units import to_mm

# The layouts the faces are drawn with; without them the layouts have problems of their own,
# reported by the pipeline.
LAYOUTS = frozenset({"card", "goal", "reference", "back", "board"})
SHOWN = 40  # characters of a text quoted in a message


DrawFace = Callable[[Canvas], None]
PRINT = Theme()  # the full-colour print, which the check measures


@dataclasses.dataclass(frozen=True, slots=True)
class Sketch:
    """One face as the build draws it: what it is, its trim (or a piece's cut line) and how
    far past it it paints, and how to draw it with that box's bottom-left at the origin."""

    what: str
    width: float
    height: float
    bleed: float
    draw: DrawFace


def faces(game: Game, theme: Theme = PRINT, art: bool = False) -> list[Sketch]:
    """Every face the build prints for a game, each once, in `theme` (the full-colour print
    or the ink-saver): card fronts and deck backs, then the faces of the components only its
    ruleset prints (character boards, coins, chips and markers, a standard-deck game's
    reference cards and printable deck). What the fit check measures (without the cards'
    art, unless `art`), for tests that look at what is drawn (type sizes, contrast)."""
    geo = geometry.of(game)
    if not set(geo.layouts) >= LAYOUTS:
        return []
    ruleset = hooks.of(game)
    return [
        *_card_faces(game, geo, theme, art),
        *(ruleset.sketches(game, geo, theme, art) if ruleset else ()),
    ]


def _card_faces(
    game: Game, geo: Geometry, theme: Theme = PRINT, art: bool = False
) -> Iterator[Sketch]:
    """Every card face and back of a card game, each once, as the build draws them; the
    cards' and Goals' art is left out unless `art` (images are checked on their own, and
    do not change how text fits: the art panel moves no text box)."""
    from pnp.render.build import card_groups

    plain = game
    if not art:
        cards = tuple(dataclasses.replace(c, art=None) for c in game.cards or ())
        goals = tuple(dataclasses.replace(g, art=None) for g in game.goals or ())
        plain = dataclasses.replace(
            game,
            cards=cards if game.cards is not None else None,
            goals=goals if game.goals is not None else None,
        )
    size = geo.layouts["card"].size
    seen: set[int] = set()
    for group in card_groups(plain, geo, theme):
        for item in group.items:
            for side, face in (("front", item.front), ("back", item.back)):
                if id(face) not in seen:
                    seen.add(id(face))
                    yield Sketch(
                        f"{group.name}: {item.id}, {side}",
                        size.width,
                        size.height,
                        size.bleed,
                        at_size(face, size),
                    )


def at_size(face: Callable[[Canvas, Size], None], size: Size) -> DrawFace:
    """A face drawn at its size, as a `Sketch` draws it."""

    def draw(canvas: Canvas) -> None:
        face(canvas, size)

    return draw


def _cover_faces(game: Game, geo: Geometry) -> Iterator[DrawFace]:
    """The faces the rulebook's title page pictures, for a game with a rulebook (for a
    standard-deck game, cards that the printable deck may not hold)."""
    from pnp.rulebook.faces import cover_faces

    if game.files is None or not game.files.rulebook():
        return
    for face, size in cover_faces(game, geo, Theme()):
        yield at_size(face, size)


def _report(m: rtext.Measured, fallback: Src) -> Diagnostic:
    """E720 for one text that does not fit: what, which box, how far over, at its line."""
    f = m.fitted
    over = to_mm(f.overflow)
    if f.below_floor and f.overflow <= 0.01:
        kind = "rules text" if f.floor >= rtext.floors().rules else "a label"
        return at(
            m.src or fallback,
            "E720",
            f"{m.what} is set at {f.size:.3g} pt in its '{m.box or 'own'}' place, below "
            f"the {f.floor:g} pt floor for {kind}",
            "give it a larger size, or more room, in its renderer or layout",
        )
    if f.too_wide:
        shown = m.text if len(m.text) <= SHOWN else m.text[: SHOWN - 1] + "…"
        message = (
            f"{m.what} does not fit: {shown!r} is {over:.1f} mm too wide for its "
            f"'{m.box}' box at {f.size:g} pt, the smallest it may be"
        )
    else:
        lines = f.overflow / (f.size * f.style.leading)
        message = (
            f"{m.what} does not fit its '{m.box}' box: {over:.1f} mm (about "
            f"{max(1, round(lines))} line(s)) too long at {f.size:g} pt, the smallest "
            "its box allows"
        )
    return at(
        m.src or fallback,
        "E720",
        message,
        f"shorten it, or give the '{m.box}' box more room in the layout",
    )


def check(game: Game) -> list[Diagnostic]:
    """Every text every face draws from the content, against its box at its floor size."""
    geo = geometry.of(game)
    if not set(geo.layouts) >= LAYOUTS:
        return []  # the layouts have problems of their own, reported by the pipeline
    ruleset = hooks.of(game)
    out: list[Diagnostic] = []
    size = geo.layouts["card"].size
    scratch = pdf.scratch_canvas(size.width, size.height)
    with rtext.measuring() as seen:
        for sketch in _card_faces(game, geo):
            sketch.draw(scratch)
        if ruleset:  # the faces only it prints, and what it finds drawing them
            out += ruleset.fit(game, geo, scratch, seen)
        for draw in _cover_faces(game, geo):
            # a text that stops a face was measured, and is reported from there
            with contextlib.suppress(*(ruleset.overflows if ruleset else ())):
                draw(scratch)
    # The same text in the same box, written at the same line (a deck's footer on each of
    # its cards, every number of a Heat track), is reported once, where it runs over most.
    worst: dict[tuple[str, str, Src | None], rtext.Measured] = {}
    for m in seen:
        key = (m.what, m.box, m.src)
        if not m.fitted.fits and (
            key not in worst or m.fitted.overflow > worst[key].fitted.overflow
        ):
            worst[key] = m
    fallback = game.info.src if game.info else Src(game.id, 1, 1)
    out += [_report(m, fallback) for m in worst.values()]
    return list(dict.fromkeys(out))
