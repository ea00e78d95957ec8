"""Character boards for Diplomatic Immunity: 8 x 4 in, one per archetype, the woman on one
face and the man on the other, two boards to a sheet with the backs on the following page.

A face is a pure function of the model and the `board` layout: a band in the archetype's
colour with the diplomat's cameo, name and archetype; the Bend, the Cost and the Signature;
the Limits with and without Immunity (from `DIRules.limit_for`); three 24.26 mm slots for the
Immunity, Signature and Favor chips; and the Heat track, 0 to the top, with both Limits
marked on it. Every text is fitted to its box or its room, shrinking to a floor; text that
does not fit even there makes `draw_face` raise `BoardError` (naming every such text) once
the face is drawn, so no board prints with text past its box. With `ink_saver`, nothing is
filled.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.content.cards import Ability, Archetype, Diplomat
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.render import fonts, icons, pdf, sheets
from pnp.render import text as rtext
from pnp.render.art import draw_art
from pnp.render.build import Options, Output
from pnp.render.cards import Theme
from pnp.render.geometry import Box, Geometry, Layout, Paper, Size
from pnp.render.palette import (
    GOLD,
    GOLD_DEEP,
    GOLD_ON_CREAM,
    INK,
    MUTED_ON_TINT,
    PAPER,
    WHITE,
    mix,
)
from pnp.render.sheets import Group, Item
from pnp.render.units import mm, to_mm
from pnp.rulesets.diplomatic_immunity import icons as _own_icons  # noqa: F401  (registers the nib)
from pnp.rulesets.diplomatic_immunity.model import DIRules

# One colour per board, in the order of characters.yaml: deep tones that sit with the decks,
# each dark enough for the band's pale type and for its own type on the pale panels (WCAG
# 4.5:1, tests/test_ink_saver_contrast.py).
PALETTE = (
    "#23395b",
    "#5b3f8c",
    "#37474f",
    "#1f6f78",
    "#9c3d54",
    "#4e342e",
    "#2f5d50",
    "#8d5524",
    "#454b8c",
    "#7b2d26",
    "#556b2f",
    GOLD_ON_CREAM,
)
HEAT = icons.HEAT
TAB_HEAT = "#c73e13"  # the Heat orange a shade darker, under a Limit tab's white type
# The Heat track's numbers warm from tan to deep red as Heat rises, each at least 3:1 on its
# box (large type); a box past every Limit fades its number, never below that.
TRACK_COOL, TRACK_HOT, PAST_LIMIT_FADE = "#9a7650", "#8a2a0a", 0.3
PANEL = "#efe6d2"
CHIP_SIZE = mm(24.26)  # Immunity, Signature and Favor chips: quarter-size
HEAT_FLOOR = 9.0  # the smallest number on the Heat track, still read across the table
# The Limit tabs over the Heat track and the note under its Scandal box: the layouts' label
# floor (6 pt), the smallest anything on a component is printed at.
TAB_SIZE = 6.0
NOTE_SIZE = 6.0
TAB_FACE = "sans-bold"
TAB_INSET = mm(0.6)  # a tab's sides inside its Heat box's
TAB_PAD = mm(0.5)  # between a tab's side and its shield or words
TAB_ICON = mm(3.0)  # the room of the shield before the words

TITLES = frozenset(
    {
        "dame",
        "sir",
        "lady",
        "lord",
        "count",
        "countess",
        "baron",
        "baroness",
        "mother",
        "father",
        "sister",
        "brother",
        "colonel",
        "major",
        "general",
        "captain",
        "dr",
        "doctor",
        "mr",
        "mrs",
        "ms",
        "madame",
        "monsieur",
        "prince",
        "princess",
        "duke",
        "duchess",
    }
)


class BoardError(ValueError):
    """A board that cannot be drawn as written: text too long for its box, a Limit off the
    Heat track, a board without a woman and a man."""


@dataclass(frozen=True, slots=True)
class Face:
    """Everything one face of a board shows."""

    archetype: Archetype
    diplomat: Diplomat
    colour: str
    with_immunity: int
    without_immunity: int
    track_max: int
    heat_after: int  # where a Scandal sets Heat back to
    number: int  # the board's number, 1-based
    boards: int
    heat_src: Src | None = field(default=None, compare=False, repr=False)  # the Heat rules
    limit_src: Src | None = field(default=None, compare=False, repr=False)  # its Limits


def _rules(game: Game) -> DIRules:
    if not isinstance(game.rules, DIRules):
        raise BoardError(
            f"{game.id}: character boards need Diplomatic Immunity's rules "
            "numbers (the Heat track and the Limits), and there are none"
        )
    return game.rules


def pair(archetype: Archetype) -> tuple[Diplomat, Diplomat]:
    """(front, back): the woman and the man of a board."""
    women = [d for d in archetype.diplomats if d.face == "woman"]
    men = [d for d in archetype.diplomats if d.face == "man"]
    if len(women) != 1 or len(men) != 1 or len(archetype.diplomats) != 2:
        faces = ", ".join(f"{d.name} ({d.face})" for d in archetype.diplomats) or "none"
        raise BoardError(
            f"the {archetype.name} board needs one woman and one man, one per face; it has: {faces}"
        )
    return women[0], men[0]


def faces(game: Game) -> list[tuple[Face, Face]]:
    """(front, back) of every board, in the order of the characters document."""
    rules = _rules(game)
    archetypes = game.archetypes or ()
    out: list[tuple[Face, Face]] = []
    for i, arch in enumerate(archetypes):
        mods = (*arch.bend.while_, *arch.cost.while_)
        with_imm, without = rules.limit_for(mods, True), rules.limit_for(mods, False)
        top = rules.heat.track_max
        for limit, what in ((with_imm, "with"), (without, "without")):
            if not 0 < limit <= top:
                raise BoardError(
                    f"the {arch.name}'s Limit {what} Immunity is {limit}, off the "
                    f"Heat track (0 to {top})"
                )
        front, back = pair(arch)
        colour = PALETTE[i % len(PALETTE)]
        # a Limit an archetype changes is written at its modifier; the others at the rules
        limit_src = next(
            (t.src for t in (*arch.bend.while_, *arch.cost.while_) if t.name == "limit"),
            rules.heat.src,
        )
        f, b = (
            Face(
                arch,
                d,
                colour,
                with_imm,
                without,
                top,
                rules.scandal.heat_after,
                i + 1,
                len(archetypes),
                rules.heat.src,
                limit_src,
            )
            for d in (front, back)
        )
        out.append((f, b))
    return out


def initials(name: str) -> str:
    """A monogram: the first and last capitalised words, titles left out ('Dame Honoria
    Vane' -> 'HV', 'Count Tobias von Hallern' -> 'TH')."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isupper()]
    while len(words) > 1 and words[0].lower().rstrip(".") in TITLES:
        words = words[1:]
    if not words:
        return name[:1].upper()
    return (words[0][0] + (words[-1][0] if len(words) > 1 else "")).upper()


def tag(which: str) -> str:
    """The small label before an ability's name."""
    return {"signature": "SIGNATURE · ONCE PER GAME"}.get(which, which.upper())


TAG_FACE, TAG_SIZE, TAG_PAD = "sans-bold", 6.0, mm(1.4)


def tag_width(which: str) -> float:
    return fonts.width(tag(which), TAG_FACE, TAG_SIZE) + 2 * TAG_PAD


def name_box(layout: Layout, which: str) -> Box:
    """The room an ability's name has: its box after the tag."""
    box = layout.box(f"{which}_name")
    room = tag_width(which) + mm(2)
    return replace(box, x=box.x + room, w=box.w - room)


def abilities(face: Face) -> tuple[tuple[str, Ability], ...]:
    return (
        ("bend", face.archetype.bend),
        ("cost", face.archetype.cost),
        ("signature", face.diplomat.signature),
    )


def texts(face: Face, layout: Layout) -> Iterator[tuple[str, Box, str, Src]]:
    """(what, box, text, where it is written) for every fitted text on a face: what a fit
    check measures, and what `draw_face` draws."""
    who = f"{face.diplomat.name}'s board"
    yield f"the name on {who}", layout.box("name"), face.diplomat.name, face.diplomat.src
    yield (
        f"the archetype on {who}",
        layout.box("archetype"),
        face.archetype.name.upper(),
        face.archetype.src,
    )
    for which, ability in abilities(face):
        yield f"the {which} name on {who}", name_box(layout, which), ability.name, ability.src
        yield (
            f"the {which} text on {who}",
            layout.box(which),
            ability.text.printed,
            ability.text.src,
        )


def fit(what: str, box: Box, content: str, src: Src | None = None) -> rtext.Fitted:
    """Text fitted to a box, shrinking to the box's floor; what still does not fit makes
    `draw_face` raise BoardError."""
    if box.style is None:
        raise BoardError(f"the '{box.name}' box of the board layout has no type (face, size)")
    return rtext.fit(content, box.style, box.w, box.h, what=what, box=box.name, src=src or box.src)


def _overflow(m: rtext.Measured) -> str:
    """Why a text cannot be drawn: what it is, its box, and how far it runs past it."""
    return (
        f"{m.what} does not fit its '{m.box}' box: {m.text!r} runs "
        f"{to_mm(m.fitted.overflow):.1f} mm past it at {m.fitted.size:g} pt, the smallest "
        "the layout allows; shorten it or give the box room"
    )


def problems(game: Game, geo: Geometry) -> list[str]:
    """Why each face that cannot be drawn cannot be (empty when every face draws): each is
    drawn, unseen, exactly as the PDF draws it."""
    if not game.archetypes or "board" not in geo.layouts:
        return []
    try:
        pairs = faces(game)
    except BoardError as exc:
        return [str(exc)]
    layout = geo.layouts["board"]
    scratch = pdf.new_canvas(io.BytesIO(), layout.size.width, layout.size.height, "check")
    out = []
    for pair_ in pairs:
        for face in pair_:
            try:
                draw_face(scratch, layout.size, game, face, layout, Theme())
            except BoardError as exc:
                out.append(str(exc))
    return out


# -- drawing ---------------------------------------------------------------------------------


def draw_face(
    canvas: Canvas, size: Size, game: Game, face: Face, layout: Layout, theme: Theme
) -> None:
    """One face of a board, trim bottom-left at (0, 0), background into the bleed; raises
    BoardError, once it is drawn, if any text on it does not fit its box."""
    with rtext.measuring() as seen:
        _draw_face(canvas, size, game, face, layout, theme)
    failed = [m for m in seen if not m.fitted.fits]
    if failed:
        raise BoardError("; ".join(_overflow(m) for m in failed))


def _draw_face(
    canvas: Canvas, size: Size, game: Game, face: Face, layout: Layout, theme: Theme
) -> None:
    fitted = {
        box.name: (box, fit(what, box, content, src))
        for what, box, content, src in texts(face, layout)
    }
    b = size.bleed
    canvas.setFillColor(theme.fill(PAPER))
    canvas.rect(-b, -b, size.width + 2 * b, size.height + 2 * b, stroke=0, fill=1)
    _band(canvas, size, face, layout, theme)
    _portrait(canvas, size, game, face, layout.box("portrait"), theme)
    on_band = theme.on_band()
    for name in ("name", "archetype"):
        box, f = fitted[name]
        colour = on_band if name == "name" else (INK if theme.ink_saver else "#f3e6b8")
        rtext.draw(canvas, f, box.x, size.height - box.y, box.w, colour, "middle")
    _limits(canvas, size, face, layout.box("limits"), theme)
    for which, _ability in abilities(face):
        _panel(canvas, size, face, layout, which, fitted, theme)
    _slots(canvas, size, face, layout.box("slots"), theme)
    _heat(canvas, size, face, layout.box("heat"), theme)
    _footer(canvas, size, game, face, layout.box("footer"))


def _label(
    canvas: Canvas,
    text: str,
    font: str,
    size: float,
    x: float,
    y: float,
    room: float,
    align: str = "left",
    *,
    what: str,
    box: Box,
    src: Src | None = None,
    floor: float | None = None,
    rise: float = 0.0,
) -> rtext.Fitted:
    """One line at `size` with its baseline at y, shrinking to fit its room (down to `floor`,
    70% of the size unless given, never below the layouts' floor for labels); `rise` lifts a
    smaller line by that share of the size it lost, to keep it centred where the full size
    is. `what` names it for the fit check."""
    least = size * LABEL_FLOOR if floor is None else floor
    style = rtext.Style(face=font, size=size, min_size=min(least, size), align=align)
    fitted = rtext.fit_line(text, style, room, what=what, box=box.name, src=src or box.src)
    rtext.draw_lines(canvas, fitted, x, y + (size - fitted.size) * rise, align)
    return fitted


LABEL_FLOOR = 0.7  # a label shrinks to this share of its size before it is reported


def _who(face: Face) -> str:
    return f"{face.diplomat.name}'s board"


def _board(face: Face) -> str:
    return f"the {face.archetype.name} board"


def _y(size: Size, y: float) -> float:
    """A layout y (from the top, down) as a PDF y."""
    return size.height - y


def _band(canvas: Canvas, size: Size, face: Face, layout: Layout, theme: Theme) -> None:
    if not rtext.marks(canvas):
        return  # the fit check's scratch page: the band sets no text
    band = layout.box("band")
    b = size.bleed
    bottom = _y(size, band.y + band.h)
    if theme.ink_saver:
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.line(size.safe, bottom, size.width - size.safe, bottom)
        return
    canvas.setFillColor(face.colour)
    canvas.rect(-b, bottom, size.width + 2 * b, band.h + b, stroke=0, fill=1)
    # a fine diagonal guilloché on the right of the band, like the card backs
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(size.width * 0.62, bottom, size.width * 0.38 + b, band.h + b)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setStrokeColor(WHITE)
    canvas.setStrokeAlpha(0.09)
    canvas.setLineWidth(0.5)
    step = mm(3)
    x = size.width * 0.62 - band.h
    while x < size.width + b:
        canvas.line(x, bottom, x + band.h + b, bottom + band.h + b)
        x += step
    canvas.restoreState()
    canvas.setStrokeColor(GOLD)
    canvas.setLineWidth(1.1)
    canvas.line(-b, bottom + mm(0.9), size.width + b, bottom + mm(0.9))


# The cameo: a profile bust facing right, as points on a unit circle (y up), joined by a
# smooth curve. The woman wears her hair up in a bun, with pearls; the man has short hair,
# a collar and lapels.
_WOMAN = (
    (-0.05, 0.60),
    (0.16, 0.56),
    (0.27, 0.42),
    (0.29, 0.29),
    (0.28, 0.23),
    (0.355, 0.11),
    (0.30, 0.065),
    (0.315, 0.02),
    (0.295, -0.015),
    (0.31, -0.05),
    (0.28, -0.11),
    (0.27, -0.17),
    (0.19, -0.24),
    (0.12, -0.28),
    (0.13, -0.48),
    (0.40, -0.70),
    (0.70, -1.0),
    (0.70, -1.3),
    (-0.85, -1.3),
    (-0.70, -0.80),
    (-0.30, -0.60),
    (-0.12, -0.45),
    (-0.13, -0.22),
    (-0.28, -0.02),
    (-0.33, 0.22),
    (-0.26, 0.48),
)
_WOMAN_HAIR = (
    (-0.05, 0.68),
    (0.20, 0.61),
    (0.29, 0.46),
    (0.18, 0.42),
    (0.04, 0.36),
    (-0.05, 0.18),
    (-0.11, -0.04),
    (-0.17, -0.18),
    (-0.32, -0.08),
    (-0.41, 0.18),
    (-0.37, 0.46),
)
_MAN = (
    (-0.05, 0.62),
    (0.18, 0.57),
    (0.30, 0.42),
    (0.32, 0.30),
    (0.31, 0.24),
    (0.40, 0.10),
    (0.33, 0.05),
    (0.335, 0.0),
    (0.315, -0.04),
    (0.33, -0.08),
    (0.30, -0.14),
    (0.29, -0.21),
    (0.22, -0.27),
    (0.14, -0.30),
    (0.15, -0.45),
    (0.45, -0.62),
    (0.75, -0.95),
    (0.75, -1.3),
    (-0.9, -1.3),
    (-0.75, -0.75),
    (-0.35, -0.55),
    (-0.18, -0.42),
    (-0.20, -0.22),
    (-0.32, -0.02),
    (-0.36, 0.22),
    (-0.28, 0.48),
)
_MAN_HAIR = (
    (-0.05, 0.65),
    (0.19, 0.60),
    (0.30, 0.45),
    (0.22, 0.43),
    (0.06, 0.40),
    (-0.02, 0.26),
    (-0.05, 0.10),
    (-0.14, 0.02),
    (-0.22, -0.16),
    (-0.34, -0.02),
    (-0.39, 0.22),
    (-0.31, 0.50),
)


def _smooth(
    canvas: Canvas, pts: Sequence[tuple[float, float]], cx: float, cy: float, r: float
) -> PDFPathObject:
    """A closed Catmull-Rom curve through unit points, as a reportlab path."""
    p = [(cx + x * r, cy + y * r) for x, y in pts]
    n = len(p)
    path = canvas.beginPath()
    path.moveTo(*p[0])
    for i in range(n):
        p0, p1, p2, p3 = p[i - 1], p[i], p[(i + 1) % n], p[(i + 2) % n]
        path.curveTo(
            p1[0] + (p2[0] - p0[0]) / 6,
            p1[1] + (p2[1] - p0[1]) / 6,
            p2[0] - (p3[0] - p1[0]) / 6,
            p2[1] - (p3[1] - p1[1]) / 6,
            p2[0],
            p2[1],
        )
    path.close()
    return path


def _portrait(canvas: Canvas, size: Size, game: Game, face: Face, box: Box, theme: Theme) -> None:
    """The diplomat's cameo in a gold frame, with a monogram seal: their portrait when the
    content gives one (`art:`; a one-colour SVG in the cameo's relief colour, outlines only
    in the ink-saver print), else a profile in relief."""
    r = min(box.w, box.h) / 2
    cx, cy = box.x + box.w / 2, _y(size, box.y + box.h / 2)
    ink = theme.ink_saver
    if not rtext.marks(canvas):  # the fit check's scratch page: only the seal sets text
        _seal(canvas, face, box, cx, cy, r, ink)
        return
    canvas.saveState()
    # frame
    canvas.setFillColor(WHITE if ink else GOLD)
    canvas.setStrokeColor(INK if ink else GOLD_DEEP)
    canvas.setLineWidth(0.8)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    inner = r - mm(1.6)
    ground = WHITE if ink else mix(face.colour, "#000000", 0.25)
    canvas.setFillColor(ground)
    canvas.circle(cx, cy, inner, stroke=1, fill=1)
    # relief, clipped to the ground
    canvas.saveState()
    clip = canvas.beginPath()
    clip.circle(cx, cy, inner)
    canvas.clipPath(clip, stroke=0, fill=0)
    picture = face.diplomat.art
    if picture is not None and draw_art(
        canvas,
        game,
        picture.id,
        (cx - inner, cy - inner, 2 * inner, 2 * inner),
        INK if ink else "#f3ead6",
        outline=ink,
    ):
        canvas.restoreState()
        _seal(canvas, face, box, cx, cy, r, ink)
        canvas.restoreState()
        return
    woman = face.diplomat.face == "woman"
    s = inner * 1.02
    ox, oy = cx - s * 0.02, cy - s * 0.02
    relief = WHITE if ink else "#f3ead6"
    shade = WHITE if ink else "#e2d3b3"
    line = INK if ink else ground
    canvas.setLineWidth(0.7 if ink else 0.0001)
    canvas.setStrokeColor(INK)
    canvas.setFillColor(relief)
    canvas.drawPath(
        _smooth(canvas, _WOMAN if woman else _MAN, ox, oy, s), stroke=1 if ink else 0, fill=1
    )
    canvas.setFillColor(shade)
    canvas.drawPath(
        _smooth(canvas, _WOMAN_HAIR if woman else _MAN_HAIR, ox, oy, s),
        stroke=1 if ink else 0,
        fill=1,
    )
    canvas.setStrokeColor(line)
    canvas.setLineWidth(max(0.5, s * 0.022))
    canvas.setLineCap(1)
    if woman:
        canvas.setFillColor(shade)
        canvas.circle(ox - s * 0.33, oy + s * 0.47, s * 0.19, stroke=1 if ink else 0, fill=1)
        canvas.setFillColor(line)
        for t in range(7):  # pearls, round the front of the neck
            a = math.radians(200 + t * 20)
            canvas.circle(
                ox + s * 0.01 + s * 0.14 * math.cos(a) * 1.1,
                oy - s * 0.47 + s * 0.06 * math.sin(a) * 1.6,
                s * 0.028,
                stroke=0,
                fill=1,
            )
        canvas.circle(ox - s * 0.035, oy + s * 0.0, s * 0.03, stroke=0, fill=1)  # earring
        p = canvas.beginPath()  # neckline of the gown
        p.moveTo(ox + s * 0.46, oy - s * 0.76)
        p.curveTo(
            ox + s * 0.1, oy - s * 0.60, ox - s * 0.3, oy - s * 0.72, ox - s * 0.72, oy - s * 0.86
        )
        canvas.drawPath(p, stroke=1, fill=0)
        p = canvas.beginPath()  # a curl in the hair
        p.moveTo(ox - s * 0.02, oy + s * 0.5)
        p.curveTo(
            ox - s * 0.12, oy + s * 0.44, ox - s * 0.2, oy + s * 0.3, ox - s * 0.16, oy + s * 0.16
        )
        canvas.drawPath(p, stroke=1, fill=0)
    else:
        p = canvas.beginPath()  # collar
        p.moveTo(ox - s * 0.2, oy - s * 0.40)
        p.curveTo(
            ox - s * 0.05, oy - s * 0.47, ox + s * 0.1, oy - s * 0.45, ox + s * 0.2, oy - s * 0.44
        )
        p.lineTo(ox + s * 0.12, oy - s * 0.58)
        canvas.drawPath(p, stroke=1, fill=0)
        p = canvas.beginPath()  # lapel
        p.moveTo(ox - s * 0.22, oy - s * 0.5)
        p.curveTo(
            ox - s * 0.05, oy - s * 0.62, ox + s * 0.05, oy - s * 0.8, ox + s * 0.1, oy - s * 1.1
        )
        canvas.drawPath(p, stroke=1, fill=0)
        p = canvas.beginPath()  # ear
        p.moveTo(ox - s * 0.02, oy + s * 0.2)
        p.curveTo(
            ox - s * 0.1, oy + s * 0.2, ox - s * 0.1, oy + s * 0.02, ox - s * 0.03, oy + s * 0.02
        )
        canvas.drawPath(p, stroke=1, fill=0)
    canvas.restoreState()
    _seal(canvas, face, box, cx, cy, r, ink)
    canvas.restoreState()


def _seal(canvas: Canvas, face: Face, box: Box, cx: float, cy: float, r: float, ink: bool) -> None:
    """The monogram seal at the lower right of the portrait's frame."""
    a = math.radians(-42)
    sx, sy, sr = cx + r * 0.86 * math.cos(a), cy + r * 0.86 * math.sin(a), mm(5)
    canvas.setFillColor(WHITE if ink else face.colour)
    canvas.setStrokeColor(INK if ink else GOLD)
    canvas.setLineWidth(1.0)
    canvas.circle(sx, sy, sr, stroke=1, fill=1)
    canvas.setLineWidth(0.4)
    canvas.circle(sx, sy, sr - mm(0.7), stroke=1, fill=0)
    mono = initials(face.diplomat.name)
    canvas.setFillColor(INK if ink else "#f3e6b8")
    _label(
        canvas,
        mono,
        "serif-bold",
        10.5,
        sx,
        sy - 10.5 * 0.34,
        1.5 * sr,
        "center",
        what=f"the monogram on {_who(face)}",
        box=box,
        src=face.diplomat.src,
        rise=0.34,
    )


def shield(
    canvas: Canvas, cx: float, cy: float, s: float, fill: str, stroke: str, broken: bool = False
) -> None:
    """A heraldic shield about 2s tall; broken, it is split by a crack into two halves."""
    if not rtext.marks(canvas):
        return  # the fit check's scratch page: a shield sets no text

    def outline() -> PDFPathObject:
        p = canvas.beginPath()
        p.moveTo(cx, cy + s)
        p.curveTo(
            cx + s * 0.35, cy + s * 0.82, cx + s * 0.6, cy + s * 0.82, cx + s * 0.85, cy + s * 0.8
        )
        p.curveTo(cx + s * 0.85, cy - s * 0.1, cx + s * 0.5, cy - s * 0.72, cx, cy - s)
        p.curveTo(
            cx - s * 0.5, cy - s * 0.72, cx - s * 0.85, cy - s * 0.1, cx - s * 0.85, cy + s * 0.8
        )
        p.curveTo(cx - s * 0.6, cy + s * 0.82, cx - s * 0.35, cy + s * 0.82, cx, cy + s)
        p.close()
        return p

    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setStrokeColor(stroke)
    canvas.setLineWidth(max(0.5, s * 0.1))
    canvas.setLineJoin(1)
    if not broken:
        canvas.drawPath(outline(), stroke=1, fill=1)
        canvas.restoreState()
        return
    crack = [(0.05, 1.1), (-0.12, 0.45), (0.14, 0.05), (-0.1, -0.4), (0.04, -1.1)]
    for side, (dx, turn) in enumerate(((-0.1, 8), (0.1, -8))):
        canvas.saveState()
        # each half turns away from the crack about the shield's point
        canvas.translate(cx + dx * s, cy - s)
        canvas.rotate(turn)
        canvas.translate(-cx, -(cy - s))
        clip = canvas.beginPath()
        edge = -2.0 if side == 0 else 2.0
        clip.moveTo(cx + edge * s, cy + 1.2 * s)
        for x, y in crack:
            clip.lineTo(cx + x * s, cy + y * s)
        clip.lineTo(cx + edge * s, cy - 1.2 * s)
        clip.close()
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.drawPath(outline(), stroke=1, fill=1)
        canvas.restoreState()
    canvas.restoreState()


def _limits(canvas: Canvas, size: Size, face: Face, box: Box, theme: Theme) -> None:
    """The two Limits under the cameo: a shield with Immunity, a broken one without."""
    ink = theme.ink_saver
    top = _y(size, box.y)
    row = box.h / 2
    for i, (value, broken, line1, line2) in enumerate(
        (
            (face.with_immunity, False, "LIMIT", "with Immunity"),
            (face.without_immunity, True, "LIMIT", "without Immunity"),
        )
    ):
        cy = top - row * i - row / 2 + mm(1.5)
        cx = box.x + mm(6.5)
        s = mm(6)
        colour = INK if ink else (face.colour if not broken else HEAT)
        shield(canvas, cx, cy, s, WHITE if ink else colour, INK if ink else GOLD_DEEP, broken)
        # the number on a medallion over the shield (and over the crack)
        canvas.setFillColor(WHITE if ink else mix(colour, "#000000", 0.2))
        canvas.setStrokeColor(INK if ink else PAPER)
        canvas.setLineWidth(0.9)
        canvas.circle(cx, cy + s * 0.05, s * 0.5, stroke=1, fill=1)
        canvas.setFillColor(INK if ink else WHITE)
        _label(
            canvas,
            str(value),
            "sans-black",
            13,
            cx,
            cy + s * 0.05 - 13 * 0.35,
            s * 0.9,
            "center",
            what=f"the Limit {line2} on {_board(face)}",
            box=box,
            src=face.heat_src,
            rise=0.35,
        )
        canvas.setFillColor(INK)
        tx = box.x + mm(15.2)
        _label(
            canvas,
            line1,
            "sans-black",
            8,
            tx,
            cy + mm(0.8),
            box.x + box.w - tx,
            what="the word LIMIT on the boards",
            box=box,
        )
        _label(
            canvas,
            line2,
            "sans",
            7,
            tx,
            cy - mm(2.4),
            box.x + box.w - tx,
            what=f"'{line2}' on the boards",
            box=box,
        )


def _panel(
    canvas: Canvas,
    size: Size,
    face: Face,
    layout: Layout,
    which: str,
    fitted: dict[str, tuple[Box, rtext.Fitted]],
    theme: Theme,
) -> None:
    """One ability: a panel with a tag, the name and the text."""
    ink = theme.ink_saver
    head = layout.box(f"{which}_name")
    body = layout.box(which)
    x0, x1 = head.x - mm(3.2), head.x + head.w + mm(1.6)
    y_top, y_bottom = _y(size, head.y - mm(1)), _y(size, body.y + body.h + mm(0.8))
    signature = which == "signature"
    accent = GOLD_DEEP if signature else face.colour
    canvas.saveState()
    canvas.setFillColor(WHITE if ink else PANEL)
    canvas.setStrokeColor(INK if ink else mix(accent, PAPER, 0.55))
    canvas.setLineWidth(0.6)
    canvas.roundRect(x0, y_bottom, x1 - x0, y_top - y_bottom, mm(1.6), stroke=1, fill=1)
    if not ink:  # an accent bar down the left edge
        canvas.setFillColor(accent)
        p = canvas.beginPath()
        p.roundRect(x0, y_bottom, mm(1.4), y_top - y_bottom, mm(0.7))
        canvas.drawPath(p, stroke=0, fill=1)
    # the tag pill
    tw = tag_width(which)
    th = mm(3.4)
    ty = _y(size, head.y + head.h / 2) - th / 2
    canvas.setFillColor(WHITE if ink else accent)
    canvas.setStrokeColor(INK if ink else accent)
    canvas.setLineWidth(0.5)
    canvas.roundRect(head.x, ty, tw, th, th / 2, stroke=1, fill=1)
    canvas.setFillColor(INK if ink else WHITE)
    canvas.setFont(fonts.font(TAG_FACE), TAG_SIZE)
    canvas.drawString(head.x + TAG_PAD, ty + th / 2 - TAG_SIZE * 0.34, tag(which))
    canvas.restoreState()
    nbox, nfit = fitted[f"{which}_name"]
    rtext.draw(canvas, nfit, nbox.x, _y(size, nbox.y), nbox.w, INK, "middle")
    tbox, tfit = fitted[which]
    rtext.draw(canvas, tfit, tbox.x, _y(size, tbox.y), tbox.w, INK, "top")


def _slots(canvas: Canvas, size: Size, face: Face, box: Box, theme: Theme) -> None:
    """Three chip slots, two above and one below: Immunity, Signature, Favor."""
    ink = theme.ink_saver
    r = CHIP_SIZE / 2
    # two above, one below between them: as far apart as the box allows
    dx = min(box.w - 2 * r, (box.h - 2 * r) * 2 / math.sqrt(3))
    if dx < 2 * r:
        raise BoardError(
            f"the 'slots' box ({to_mm(box.w):.1f} x {to_mm(box.h):.1f} mm) is "
            f"too small for three {to_mm(CHIP_SIZE):.2f} mm chips"
        )
    dy = dx * math.sqrt(3) / 2
    left = box.x + (box.w - 2 * r - dx) / 2 + r
    top = _y(size, box.y + (box.h - 2 * r - dy) / 2) - r
    centres = ((left, top), (left + dx, top), (left + dx / 2, top - dy))
    slots = (
        ("IMMUNITY", f"Limit {face.with_immunity} while held", "shield"),
        ("SIGNATURE", "once per game", "nib"),
        ("FAVOR", "your word", "monogram"),
    )
    for (cx, cy), (label, note, icon) in zip(centres, slots, strict=True):
        canvas.saveState()
        canvas.setFillColor(WHITE if ink else mix(PAPER, face.colour, 0.08))
        canvas.setStrokeColor(INK if ink else mix(face.colour, PAPER, 0.2))
        canvas.setLineWidth(0.9)
        canvas.circle(cx, cy, r, stroke=1, fill=1)
        canvas.setDash(1.6, 1.6)
        canvas.setLineWidth(0.5)
        canvas.circle(cx, cy, r - mm(1.2), stroke=1, fill=0)
        canvas.setDash()
        faint = INK if ink else mix(face.colour, PAPER, 0.5)
        iy = cy + mm(0.4)
        if icon == "shield":
            shield(canvas, cx, iy, mm(3.6), WHITE if ink else PAPER, faint)
        elif icon == "nib":
            icons.draw(canvas, "nib", cx, iy, mm(3.8), faint)
        else:  # the Favor chip carries the diplomat's face: here, the monogram
            canvas.setStrokeColor(faint)
            canvas.setLineWidth(0.8)
            canvas.circle(cx, iy, mm(3.6), stroke=1, fill=0)
            canvas.setFillColor(INK if ink else face.colour)  # type, not a faint outline
            _label(
                canvas,
                initials(face.diplomat.name),
                "serif-bold",
                9,
                cx,
                iy - 9 * 0.34,
                mm(6),
                "center",
                what=f"the monogram in the Favor slot on {_who(face)}",
                box=box,
                src=face.diplomat.src,
                rise=0.34,
            )
        # the widest a line may be, inside the dashed ring at its height
        room = 2 * math.sqrt((r - mm(1.8)) ** 2 - mm(6.4) ** 2)
        canvas.setFillColor(INK if ink else face.colour)
        _label(
            canvas,
            label,
            "sans-black",
            7,
            cx,
            cy + mm(5.6),
            room,
            "center",
            what=f"the {label} slot's name on the boards",
            box=box,
        )
        canvas.setFillColor(INK if ink else MUTED_ON_TINT)
        _label(
            canvas,
            note,
            "sans",
            6,
            cx,
            cy - mm(6.2),
            room,
            "center",
            what=f"the {label} slot's note on {_board(face)}",
            box=box,
            src=face.heat_src,
        )
        canvas.restoreState()


def _heat(canvas: Canvas, size: Size, face: Face, box: Box, theme: Theme) -> None:
    """The Heat track 0..top as boxes, with tabs above the Limit boxes."""
    ink = theme.ink_saver
    label_w = mm(16)
    tab_h = mm(4.2)
    n = face.track_max + 1
    gap = mm(1.6)
    bw = (box.w - label_w - gap * (n - 1)) / n
    top = _y(size, box.y + tab_h)
    bottom = _y(size, box.y + box.h)
    bh = top - bottom
    # label
    canvas.saveState()
    lx = box.x + label_w / 2 - mm(1)
    canvas.setFillColor(INK if ink else HEAT)
    icons.flame(canvas, lx, bottom + bh * 0.62, mm(3.6))
    canvas.setFillColor(INK)
    _label(
        canvas,
        "HEAT",
        "sans-black",
        9,
        lx,
        bottom + mm(2.2),
        label_w - mm(2),
        "center",
        what="the Heat track's name on the boards",
        box=box,
    )
    canvas.restoreState()
    for i in range(n):
        x = box.x + label_w + i * (bw + gap)
        t = i / max(1, n - 1)
        beyond = i > face.with_immunity  # past every Limit: the marker never rests here
        canvas.saveState()
        fill = WHITE if ink or beyond else mix("#fbf3e2", "#f4a37f", t)
        canvas.setFillColor(fill)
        canvas.setStrokeColor(INK if ink else mix("#c9b896", HEAT, t))
        canvas.setLineWidth(1.4 if i in (face.with_immunity, face.without_immunity) else 0.7)
        if beyond:
            canvas.setDash(2, 2)
        canvas.roundRect(x, bottom, bw, bh, mm(1.6), stroke=1, fill=1)
        canvas.setDash()
        number = INK if ink else mix(TRACK_COOL, TRACK_HOT, t)
        canvas.setFillColor(mix(number, WHITE, PAST_LIMIT_FADE) if beyond else number)
        _label(
            canvas,
            str(i),
            "sans-black",
            22,
            x + bw / 2,
            bottom + bh / 2 - 22 * 0.35,
            bw - mm(2),
            "center",
            what="a number of the Heat track on the boards",
            box=box,
            src=face.heat_src,
            floor=HEAT_FLOOR,
            rise=0.35,
        )
        if i == face.heat_after:
            canvas.setFillColor(MUTED_ON_TINT)
            _label(
                canvas,
                "back here after a Scandal",
                "sans-bold",
                NOTE_SIZE,
                x + bw / 2,
                bottom + mm(1.3),
                bw - mm(2),
                "center",
                what="the Heat track's note on a Scandal on the boards",
                box=box,
                src=face.heat_src,
            )
        canvas.restoreState()
        marks = [
            m for m in ((face.with_immunity, False), (face.without_immunity, True)) if m[0] == i
        ]
        for k, (_value, broken) in enumerate(marks):
            _limit_tab(canvas, x + bw / 2, top, bw, tab_h, face, broken, theme, k, len(marks), box)


def _limit_tab(
    canvas: Canvas,
    cx: float,
    base: float,
    bw: float,
    h: float,
    face: Face,
    broken: bool,
    theme: Theme,
    k: int,
    count: int,
    box: Box,
) -> None:
    """A tab on top of a Heat box: 'LIMIT' with a shield, or without one."""
    ink = theme.ink_saver
    w = bw / count
    x = cx - bw / 2 + k * w
    colour = TAB_HEAT if broken else face.colour
    canvas.saveState()
    canvas.setFillColor(WHITE if ink else colour)
    canvas.setStrokeColor(INK if ink else colour)
    canvas.setLineWidth(0.6)
    p = canvas.beginPath()
    p.roundRect(x + TAB_INSET, base - mm(1.2), w - 2 * TAB_INSET, h + mm(1.2), mm(1.2))
    canvas.drawPath(p, stroke=1, fill=1)
    text = "LIMIT · NO IMMUNITY" if broken else "LIMIT · WITH IMMUNITY"
    if count > 1:
        text = "NO IMMUNITY" if broken else "IMMUNITY"
    # the shield and the words, centred in the tab, the words in the room the shield leaves
    room = w - 2 * TAB_INSET - 2 * TAB_PAD - TAB_ICON
    fitted = rtext.fit_line(
        text,
        rtext.Style(face=TAB_FACE, size=TAB_SIZE, min_size=TAB_SIZE),
        room,
        what="a Limit's tab on the Heat track on the boards",
        box=box.name,
        src=face.limit_src,
    )
    icon = TAB_ICON + min(max(room - fitted.width, 0.0), mm(0.5))  # air after the shield
    start = x + w / 2 - (fitted.width + icon) / 2
    cy = base + h / 2 - mm(0.3)
    shield(
        canvas,
        start + TAB_ICON / 2 - mm(0.3),
        cy,
        mm(1.35),
        WHITE if ink else PAPER,
        INK if ink else WHITE,
        broken,
    )
    canvas.setFillColor(INK if ink else WHITE)
    rtext.draw_lines(canvas, fitted, start + icon, cy - fitted.size * 0.34, "left")
    canvas.restoreState()


# The footer's reminder of what a Scandal is (the rulebook's Heat chapter): not every Scandal
# costs the Immunity chip; only without it is the Limit lower.
SCANDAL_REMINDER = (
    "Heat reaches your Limit: Scandal. Without your Immunity chip, your Limit is lower."
)


def _footer(canvas: Canvas, size: Size, game: Game, face: Face, box: Box) -> None:
    assert box.style is not None
    y = _y(size, box.y + box.h) + mm(0.6)
    font, font_size = box.style.face, box.style.size
    side = "her" if face.diplomat.face == "woman" else "his"
    left = title(game)
    right = f"Board {face.number} of {face.boards} · {face.archetype.name} · {side} side"
    middle = SCANDAL_REMINDER
    left_width = fonts.width(left, font, font_size)
    right_width = fonts.width(right, font, font_size)
    # each side is fitted to a third of the box (and reported if it runs past it), and
    # takes no more than its third from the reminder
    edge = min(max(left_width, right_width), box.w / 3)
    canvas.setFillColor(MUTED_ON_TINT)
    floor = box.style.min_size
    reminder, reminder_src = _reminder_place(game, face, box, middle, right_width >= left_width)
    _label(
        canvas,
        left,
        font,
        font_size,
        box.x,
        y,
        box.w / 3,
        what="the game's name in the footer of the boards",
        box=box,
        src=game.info.src if game.info else None,
        floor=floor,
    )
    _label(
        canvas,
        right,
        font,
        font_size,
        box.x + box.w,
        y,
        box.w / 3,
        "right",
        what=f"the footer of {_who(face)}",
        box=box,
        src=face.archetype.src,
        floor=floor,
    )
    _label(
        canvas,
        middle,
        font,
        font_size,
        box.x + box.w / 2,
        y,
        box.w - 2 * edge - mm(8),
        "center",
        what=reminder,
        box=box,
        src=reminder_src,
        floor=floor,
    )


def _reminder_place(
    game: Game, face: Face, box: Box, middle: str, archetype_wider: bool
) -> tuple[str, Src | None]:
    """What the fit check calls the footer's reminder, and where it reports it. The reminder
    is centred between the footer's two sides, in the room the wider one leaves it: when it
    would fit with no sides at all, the wider side's words are what squeeze it, and it is
    reported at them (the archetype's name, the game's title), not at pnp's own wording."""
    assert box.style is not None
    least = max(box.style.min_size, rtext.floors().of(box.name, middle))
    if fonts.width(middle, box.style.face, least) > box.w - mm(8):
        return "the reminder in the footer of the boards", box.src
    if archetype_wider:
        return f"the reminder beside the archetype in the footer of {_board(face)}", (
            face.archetype.src
        )
    src = game.info.src if game.info else box.src
    return "the reminder beside the game's title in the footer of the boards", src


def title(game: Game) -> str:
    return game.info.label if game.info else game.id


# -- documents -------------------------------------------------------------------------------


def _draw(game: Game, face: Face, layout: Layout, theme: Theme) -> sheets.DrawFace:
    def draw(canvas: Canvas, size: Size) -> None:
        draw_face(canvas, size, game, face, layout, theme)

    return draw


def _board_words(front: Face, back: Face) -> str:
    """A board's abilities on both faces as plain text, for a virtual table's search."""
    arch = front.archetype
    words = [f"Bend ({arch.bend.name}): {arch.bend.text.printed}"]
    words.append(f"Cost ({arch.cost.name}): {arch.cost.text.printed}")
    for face in (front, back):
        sig = face.diplomat.signature
        words.append(f"{face.diplomat.name}'s Signature ({sig.name}): {sig.text.printed}")
    words.append(
        f"Heat Limit {front.with_immunity} with Immunity, {front.without_immunity} without."
    )
    return " ".join(words)


def group(game: Game, geo: Geometry, theme: Theme) -> Group:
    """Every board as a printable item: the woman's face in front, the man's behind."""
    layout = geo.layouts["board"]
    items = tuple(
        Item(
            front.archetype.id,
            _draw(game, front, layout, theme),
            _draw(game, back, layout, theme),
            f"{front.archetype.name}: {front.diplomat.name} / {back.diplomat.name}",
            _board_words(front, back),
        )
        for front, back in faces(game)
    )
    name = next(
        (
            i.name
            for i in (game.components.items if game.components else ())
            if i.id == "character-boards"
        ),
        "Character boards",
    )
    return Group(name, items)


def outputs(game: Game, geo: Geometry, opts: Options) -> list[Output]:
    """boards-<paper>.pdf for each paper: two boards a sheet, backs on the next page."""
    if not game.archetypes or geo.marks is None:
        return []
    marks = geo.marks
    theme = Theme(opts.ink_saver)
    boards = group(game, geo, theme)
    name = title(game)
    offset = (mm(opts.back_offset_mm[0]), mm(opts.back_offset_mm[1]))
    imp = geo.impositions["boards"]
    out: list[Output] = []
    for paper_id in opts.papers:
        paper = geo.papers[paper_id]

        def duplex(canvas: Canvas, paper: Paper = paper) -> int:
            return sheets.sheet_pages(canvas, [boards], imp, paper, marks, name, opts.flip, offset)

        data, pages = pdf.render(
            paper.width,
            paper.height,
            f"{name}: character boards ({paper.name})",
            duplex,
            "character boards, fronts and backs for duplex printing",
        )
        out.append(
            Output(f"boards-{paper_id}.pdf", data, pages, paper_id, {"boards": len(boards.items)})
        )
    return out
