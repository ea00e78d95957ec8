"""Every printed face of a game, and which faces differ between two versions.

A face is one side of a physical component: a card's front, a deck's back, a Goal card, the
Departures board on the back of the quick-reference cards, and the faces of what only the
game's ruleset prints (`DiffHooks.faces`), such as character boards or reference cards.
(Chips and coins are not compared yet.)

A face has changed when what it draws has changed: each face is drawn with the renderers of
`pnp build` onto a canvas that records every drawing operation and every string, and the
records are compared. The game's version, which every footer prints, is blanked first, so
that bumping the version alone reprints nothing here (the words changelog reports it).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp import rulesets
from pnp.content.assets import art_digests
from pnp.content.cards import Card
from pnp.content.project import Game
from pnp.render import cards as card_faces
from pnp.render import fonts, geometry
from pnp.render.geometry import Geometry, Size
from pnp.render.pdf import EmbeddingCanvas

DrawFace = Callable[[Canvas, Size], None]
Source = tuple[str, str]  # (changelog section, entity id); id "*" means the whole section


@dataclass(frozen=True, slots=True)
class Face:
    """One printed face: a key that is stable across versions, what it is, how to draw it,
    the words it prints (for the word diff) and the changelog entities it shows."""

    key: str
    kind: str
    name: str
    size: Size
    draw: DrawFace
    text: str
    sources: tuple[Source, ...]


@dataclass(frozen=True, slots=True)
class FaceChange:
    """A face added, removed or changed, with the old and the new face."""

    key: str
    kind: str
    name: str
    status: str  # "added", "removed" or "changed"
    old: Face | None
    new: Face | None


# ---- the faces of a game --------------------------------------------------------------------


def join_lines(*parts: str) -> str:
    """The words of a face, one part a line, empty parts left out."""
    return "\n".join(p for p in parts if p)


def _card_text(game: Game, card: Card) -> str:
    stats = ""
    if card.crime:
        money = (
            game.info.currency.format(card.crime.payout) if game.info else str(card.crime.payout)
        )
        stats = f"Heat {card.crime.heat} · {money}"
    deck = card.deck.id.replace("-", " ").title()  # the footer: `Street · ×3`
    return join_lines(
        card_faces.kicker(game, card),
        card.name,
        card.text.printed,
        card.flavour,
        stats,
        f"{deck} · ×{card.count}",
    )


def _content_faces(game: Game, geo: Geometry, theme: card_faces.Theme) -> Iterator[Face]:
    layouts = geo.layouts
    cards = game.cards or ()
    for card in cards:
        layout = card_faces.layout_for(card, layouts)
        sources: tuple[Source, ...] = (("cards", card.id),)
        for kind in (card.crime.type if card.crime else None, card.covers):
            if kind is not None:
                sources += (("crime-types", kind.id),)
        yield Face(
            f"card:{card.id}",
            "card",
            card.name,
            layout.size,
            bind(card_faces.draw_front, game, card, layout, theme),
            _card_text(game, card),
            sources,
        )
    doors = {d.id: d.name for d in game.doors or ()}
    if game.goals and "goal" in layouts:
        layout = layouts["goal"]
        for goal in game.goals:
            names = [doors.get(r.id, r.id) for r in goal.doors]
            yield Face(
                f"goal:{goal.id}",
                "Goal",
                goal.name,
                layout.size,
                bind(card_faces.draw_goal, game, goal, layout, theme),
                join_lines(
                    "GOAL · SECRET",
                    goal.name,
                    goal.text.printed if goal.text else "",
                    "YOUR DOORS OUT",
                    *names,
                ),
                (("goals", goal.id), *(("departures", r.id) for r in goal.doors)),
            )
    if game.doors and any(c.back for c in cards) and "reference" in layouts:
        layout = layouts["reference"]
        lines = [f"{d.name.upper()}: {d.board.printed}" for d in game.doors]
        yield Face(
            "departures-board",
            "reference card",
            "Departures board",
            layout.size,
            bind(card_faces.draw_departures_board, game, layout, theme),
            join_lines("ALWAYS AVAILABLE · NEVER DRAWN", "Departures", *lines),
            (("departures", "*"),),
        )
    if cards or game.goals:
        size = layouts["card"].size
        title = game.info.title.upper() if game.info else game.id
        for deck_id, item in (game.components.decks() if game.components else {}).items():
            yield Face(
                f"back:{deck_id}",
                "card back",
                f"{item.name} back",
                size,
                bind(card_faces.draw_back, game, deck_id, item.name, theme),
                join_lines(item.name.upper(), title),
                (("components", item.id),),
            )


def bind(fn: Callable[..., None], *args: Any) -> DrawFace:
    """A face's drawing: `fn(canvas, size, *args)`."""

    def draw(canvas: Canvas, size: Size) -> None:
        """Draw the face with its arguments."""
        fn(canvas, size, *args)

    return draw


def faces(game: Game, geo: Geometry, ink_saver: bool = False) -> dict[str, Face]:
    """Every printed face of a game by key, in print order."""
    theme = card_faces.Theme(ink_saver)
    hooks = ruleset.diff() if (ruleset := rulesets.of(game)) else None
    out: dict[str, Face] = {}
    for face in _content_faces(game, geo, theme):
        out.setdefault(face.key, face)
    for face in hooks.faces(game, geo, theme) if hooks else ():
        out.setdefault(face.key, face)
    return out


# ---- which faces changed ---------------------------------------------------------------------


class _Recorder(EmbeddingCanvas):
    """A canvas (pnp's own, which parses each colour once) that also records every string
    it draws, with its font and place: the page's operators alone name glyphs by their
    order of first use, not by character."""

    def __init__(self, size: Size) -> None:
        fonts.register()
        super().__init__(
            io.BytesIO(),
            pagesize=(size.width, size.height),
            invariant=True,
            initialFontName=fonts.font("sans"),  # type: ignore[arg-type]
            initialFontSize=9,
        )
        self.strings: list[str] = []

    def _note(self, how: str, x: float, y: float, text: str) -> None:
        font = f"{getattr(self, '_fontname', '')} {getattr(self, '_fontsize', 0):g}"
        self.strings.append(f"{how} {font} {x:.2f} {y:.2f} {text}")

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        """Draw and record a string."""
        self._note("L", x, y, text)
        super().drawString(x, y, text, *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        """Draw and record a right-aligned string."""
        self._note("R", x, y, text)
        super().drawRightString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        """Draw and record a centred string."""
        self._note("C", x, y, text)
        super().drawCentredString(x, y, text, *args, **kwargs)


def fingerprint(face: Face) -> str:
    """A digest of everything the face draws: equal digests, equal prints."""
    canvas = _Recorder(face.size)
    try:
        face.draw(canvas, face.size)
    except Exception as exc:  # a face that cannot be drawn differs from one that can
        return f"unrenderable: {type(exc).__name__}: {exc}"
    code: list[str] = getattr(canvas, "_code", [])
    digest = hashlib.sha256()
    digest.update("\n".join(code).encode("utf-8", "surrogatepass"))
    digest.update(b"\0")
    digest.update("\n".join(canvas.strings).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def unversioned(game: Game) -> Game:
    """The game with its version blanked, so that faces compare without their footers'
    version."""
    if game.info is None:
        return game
    return dataclasses.replace(game, info=dataclasses.replace(game.info, version=""))


def same(old: Game, new: Game) -> bool:
    """Whether two versions print alike for certain: renderers are pure functions of the
    model and the art it names, so equal models with equal art draw equal faces."""
    if dataclasses.replace(old, folder=None) != dataclasses.replace(new, folder=None):
        return False
    return art_digests(old) == art_digests(new)


def changed(old: Game, new: Game, geo: Geometry) -> list[FaceChange]:
    """Every face added, removed or drawn differently (the version aside), in print order:
    the new version's order, then faces only the old one has."""
    if same(old, new):
        return []
    # each version is drawn with its own layouts (a game's layouts.yaml may have changed)
    old_geo = geometry.of(old) if old.layouts else geo
    new_geo = geometry.of(new) if new.layouts else geo
    old_faces, new_faces = faces(old, old_geo), faces(new, new_geo)
    old_bare = faces(unversioned(old), old_geo)
    new_bare = faces(unversioned(new), new_geo)
    out: list[FaceChange] = []
    for key, face in new_faces.items():
        before = old_faces.get(key)
        if before is None:
            out.append(FaceChange(key, face.kind, face.name, "added", None, face))
        elif fingerprint(old_bare[key]) != fingerprint(new_bare[key]):
            out.append(FaceChange(key, face.kind, face.name, "changed", before, face))
    for key, face in old_faces.items():
        if key not in new_faces:
            out.append(FaceChange(key, face.kind, face.name, "removed", face, None))
    return out
