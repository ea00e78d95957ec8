"""E723: every text and icon printed on a card face lies inside a print vendor's safe zone.

A print-on-demand vendor's cut may wander from the trim line, so each asks that nothing
that must be read comes nearer to the trim than its safe margin
(`pnp.export.vendors.safe_margin`: 1/8 in, 3.175 mm, at The Game Crafter and DriveThruCards,
0.12 in, 3.05 mm, at MakePlayingCards; none for a virtual table). `pnp check --target T`
runs this check for vendor T.

It draws every card face the kit prints, fronts and backs (the decks, and the cards only the
ruleset prints, such as Diamond Heist's reference cards: `render.png.groups`), with the
build's own renderers, on a canvas that draws nothing, inside `render.text.placing()`. So
it knows where each printed text and icon really lands on the face, in the trim's
coordinates and through every transformation the renderer applied: a text as set (each
line's width after alignment, from its fonts' ascent to their descent, not the box it was
given), an icon, emblem, seal or badge by the box it is drawn in, and a string a renderer
draws straight on the canvas (`drawString` and its kin) by its width in its font. Art,
grounds, bands, frames and rules may run to the bleed: they are not text. Each text or icon
that comes nearer the trim than the margin is an error at the content line of its card (the
card's, the Goal's, the piece's; the game's own line where a face has none), saying on
which side it runs out and by how much at most.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.checks import hooks
from pnp.checks.common import at
from pnp.checks.fit import LAYOUTS, PRINT, SHOWN
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.export import vendors
from pnp.render import fonts, geometry, pdf, png
from pnp.render import text as rtext
from pnp.render.geometry import Geometry, Size
from pnp.render.units import to_mm

CODE = "E723"
TOLERANCE = 0.01  # points past the margin that are only arithmetic
SIDES = ("left", "right", "top", "bottom")


@dataclasses.dataclass(frozen=True, slots=True)
class Face:
    """One card face as the kit prints it: its name ('Bribe (front)'), the content line it
    comes from, its trim size and how to draw it with its trim's bottom-left at the
    origin."""

    name: str
    src: Src
    size: Size
    draw: Callable[[Canvas, Size], None]


@dataclasses.dataclass(frozen=True, slots=True)
class Landed:
    """Where the texts and icons of one face landed (`render.text.Placed`, in the trim's
    coordinates, points)."""

    face: Face
    placed: tuple[rtext.Placed, ...]


class _Recorder(pdf.Scratch):
    """The check's canvas: it draws nothing (`pdf.Scratch`), and notes where each string a
    renderer draws straight on it lands (`render.text` and `render.icons` note the texts
    they set and the icons they draw themselves)."""

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        """Note a string with its left end at x."""
        rtext.place_string(self, text, x, y, "left")

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        """Note a string centred on x."""
        rtext.place_string(self, text, x, y, "center")

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        """Note a string with its right end at x."""
        rtext.place_string(self, text, x, y, "right")


def _canvas(size: Size) -> _Recorder:
    return _Recorder(
        io.BytesIO(),
        pagesize=(size.width, size.height),
        invariant=True,
        initialFontName=fonts.font("sans"),  # type: ignore[arg-type]
        initialFontSize=9,
    )


def _sources(game: Game) -> dict[str, Src]:
    """Where the content writes each thing a card face may be printed for, by id: cards,
    Goals, pieces, roles and doors (the first of an id wins, as the ids check reports the
    rest)."""
    out: dict[str, Src] = {}
    for things in (game.cards, game.goals, game.pieces, game.roles, game.doors):
        for thing in things or ():
            out.setdefault(thing.id, thing.src)
    return out


def _source(item_id: str, sources: dict[str, Src]) -> Src | None:
    """The content line of a printed item: its id's, a copy's card's ('bribe-2'), or the
    thing whose id its id starts with (a piece's standard card, 'necklace-qh')."""
    if item_id in sources:
        return sources[item_id]
    copy = re.sub(r"-\d+$", "", item_id)
    if copy in sources:
        return sources[copy]
    starts = [key for key in sources if item_id.startswith(key + "-")]
    return sources[max(starts, key=len)] if starts else None


def faces(game: Game, geo: Geometry | None = None) -> list[Face]:
    """Every distinct card face the kit prints for a game, fronts then backs by group, each
    once, in the full-colour print (without the cards' and Goals' art, which moves no text
    and is not text: see `checks.fit`)."""
    geo = geo or geometry.of(game)
    if not set(geo.layouts) >= LAYOUTS or "cards" not in geo.impositions:
        return []  # the layouts have problems of their own, reported by the pipeline
    plain = dataclasses.replace(
        game,
        cards=tuple(dataclasses.replace(c, art=None) for c in game.cards)
        if game.cards is not None
        else None,
        goals=tuple(dataclasses.replace(g, art=None) for g in game.goals)
        if game.goals is not None
        else None,
    )
    size = geo.impositions["cards"].size
    sources = _sources(game)
    fallback = game.info.src if game.info else Src(game.id, 1, 1)
    decks = {d.name: d.src for d in game.components.decks().values()} if game.components else {}
    out: list[Face] = []
    seen: set[int] = set()
    for group in png.groups(plain, geo, PRINT):
        carriers: dict[int, list[str]] = {}
        for item in group.items:
            carriers.setdefault(id(item.back), []).append(item.id)
        for item in group.items:
            name = item.name or item.id
            src = _source(item.id, sources) or fallback
            if id(item.front) not in seen:
                seen.add(id(item.front))
                out.append(Face(f"{name} (front)", src, size, item.front))
            if id(item.back) not in seen:
                seen.add(id(item.back))
                if len(carriers[id(item.back)]) > 1:  # a deck's back: its components row
                    out.append(
                        Face(f"{group.name} (back)", decks.get(group.name, src), size, item.back)
                    )
                else:
                    out.append(Face(f"{name} (back)", src, size, item.back))
    return out


def land(face: Face, stops: tuple[type[Exception], ...] = ()) -> Landed:
    """Where each text and icon of a face lands, drawn on a canvas that draws nothing; a
    face stopped by one of `stops` (a text that cannot be set: the fit check's E720) keeps
    what it drew before."""
    canvas = _canvas(face.size)
    with rtext.placing() as placed, contextlib.suppress(*stops):
        face.draw(canvas, face.size)
    return Landed(face, tuple(placed))


def landed(game: Game, geo: Geometry | None = None) -> list[Landed]:
    """Every card face of a game (`faces`) with where each text and icon it prints lands."""
    ruleset = hooks.of(game)
    stops = ruleset.overflows if ruleset else ()
    return [land(face, stops) for face in faces(game, geo)]


def overflow(rect: rtext.Rect, size: Size, margin: float) -> dict[str, float]:
    """How far (points) a rectangle on a face of `size` reaches past the safe zone `margin`
    inside its trim, on each side where it does."""
    left, bottom, right, top = rect
    past = {
        "left": margin - left,
        "right": right - (size.width - margin),
        "top": top - (size.height - margin),
        "bottom": margin - bottom,
    }
    return {side: past[side] for side in SIDES if past[side] > TOLERANCE}


def _sides(names: list[str]) -> str:
    sides = [f"the {n}" for n in names]
    return sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]


def _mm(points: float) -> str:
    """A distance in mm, to a tenth (a hundredth below a tenth: never '0.0 mm')."""
    value = to_mm(points)
    return f"{value:.1f}" if value >= 0.095 else f"{value:.2f}"


def _report(
    face: Face, placed: rtext.Placed, past: dict[str, float], target: str, margin: float
) -> Diagnostic:
    """E723 for one text or icon past the safe zone: which face, what, how far, where."""
    words = " ".join(placed.text.split())
    shown = words if len(words) <= SHOWN else words[: SHOWN - 1] + "…"
    what = placed.what
    if placed.kind == "text" and shown and shown not in what:  # say which words
        what = f"{what} ({shown!r})" if "'" in what else f"{what} {shown!r}"
    vendor = vendors.GUIDES[target].vendor
    vendors_ = f"{vendor}'" if vendor.endswith("s") else f"{vendor}'s"
    hint = (
        f"move it in, or give its '{placed.box}' box more room from the edge in the layout"
        if placed.box
        else "move it in from the edge, in the layout or the renderer that places it"
    )
    return at(
        face.src,
        CODE,
        f"{face.name}: {what} is {_mm(max(past.values()))} mm outside {vendors_} safe zone "
        f"({to_mm(margin):.1f} mm inside the trim) at {_sides(list(past))}",
        hint,
    )


def check(game: Game, target: str) -> list[Diagnostic]:
    """Every text and icon on every card face, against vendor `target`'s safe zone (none
    for a target with no safe margin, such as a virtual table)."""
    return check_targets(game, [target])


def check_targets(game: Game, targets: Sequence[str]) -> list[Diagnostic]:
    """`check` for each target in turn, the faces drawn once for all of them."""
    for target in targets:
        if target not in vendors.TARGETS:
            known = ", ".join(vendors.TARGETS)
            raise ValueError(f"unknown export target {target!r}; targets: {known}")
    margins = [(t, vendors.safe_margin(t)) for t in targets if vendors.safe_margin(t) > 0]
    if not margins:
        return []
    faces = landed(game)
    out: list[Diagnostic] = []
    for target, margin in margins:
        for face in faces:
            for placed in face.placed:
                past = overflow(placed.rect, face.face.size, margin)
                if past:
                    out.append(_report(face.face, placed, past, target, margin))
    return list(dict.fromkeys(out))


def nearest(landed: list[Landed]) -> Iterator[tuple[float, Landed, rtext.Placed]]:
    """For each text and icon, its smallest distance (points) from its face's trim edge
    (negative past it), with its face: for reports and tests."""
    for face in landed:
        size = face.face.size
        for placed in face.placed:
            left, bottom, right, top = placed.rect
            yield (
                min(left, bottom, size.width - right, size.height - top),
                face,
                placed,
            )
