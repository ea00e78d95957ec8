"""Diplomatic Immunity's part in `pnp check`: its rules numbers agree with each other and
with the game (E602) and name decks and rules numbers that exist (E204); the components name
rules numbers they need enough of for each player (E304); the character boards pair a woman
with a man (E740); and the fit check draws its boards, coins, chips and markers."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from pnp.checks.common import at, resolve
from pnp.checks.fit import PRINT, DrawFace, Sketch
from pnp.checks.hooks import CheckHooks
from pnp.checks.rulebook import Field
from pnp.content.model import Range, Ref, Src, Term
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry, Layout
from pnp.render.text import Measured
from pnp.rulesets.diplomatic_immunity.model import DIRules

if TYPE_CHECKING:
    from pnp.rulesets.diplomatic_immunity.boards import Face


# ---- E602: the rules numbers ----------------------------------------------------------------


def _numbers(game: Game, rules: DIRules, out: list[Diagnostic]) -> None:
    who: list[tuple[str, tuple[Term, ...], Src]] = [("the", (), rules.heat.src)]
    who += [
        (
            f"the {a.name}'s",
            (*a.bend.while_, *a.cost.while_),
            next((t.src for t in (*a.bend.while_, *a.cost.while_) if t.name == "limit"), a.src),
        )
        for a in game.archetypes or ()
    ]
    base_on_track = rules.limit_for((), True) <= rules.heat.track_max
    for label, modifiers, src in who:
        with_, without = (rules.limit_for(modifiers, True), rules.limit_for(modifiers, False))
        if without > with_:
            out.append(
                at(
                    src,
                    "E602",
                    f"{label} Heat Limit without Immunity ({without}) is above the "
                    f"Limit with Immunity ({with_})",
                )
            )
        if with_ > rules.heat.track_max and (label == "the" or base_on_track):
            # once the common Limit is off the track every character's is: say it once
            out.append(
                at(
                    src,
                    "E602",
                    f"{label} Heat Limit {with_} is off the Heat track "
                    f"(0 to {rules.heat.track_max})",
                )
            )
    opening = sum(d.cards for d in rules.start.hand)
    if opening > rules.hand_limit:
        out.append(
            at(
                rules.hand_limit_src,
                "E602",
                f"the opening hand ({opening} cards) is above the hand limit ({rules.hand_limit})",
            )
        )
    comps = game.components
    if comps:
        deck = comps.decks().get(rules.clock.deck.id)
        if deck and rules.clock.cards > deck.count:
            out.append(
                at(
                    rules.clock.deck.src,
                    "E602",
                    f"the clock needs {rules.clock.cards} cards but the {deck.name} "
                    f"has {deck.count}",
                )
            )
        for draw in rules.start.hand:
            deck = comps.decks().get(draw.deck.id)
            if deck and game.info and draw.cards * game.info.players.max > deck.count:
                out.append(
                    at(
                        draw.deck.src,
                        "E602",
                        f"dealing {draw.cards} cards to {game.info.players.max} players "
                        f"needs more than the {deck.count} cards of the {deck.name}",
                    )
                )


# ---- E204: what the rules numbers name ------------------------------------------------------


def _references(game: Game) -> list[Diagnostic]:
    """The decks the rules deal from, and the rules numbers the components count by."""
    out: list[Diagnostic] = []
    rules = game.rules
    comps = game.components
    if isinstance(rules, DIRules) and comps:
        decks = {deck: item.name for deck, item in comps.decks().items()}
        refs: list[Ref] = [d.deck for d in rules.start.hand]
        refs += [*rules.morning.draw_from, rules.clock.deck]
        for ref in refs:
            resolve(ref, "deck", decks, out)
        numbers = {p: p for p in _number_paths(rules)}
        for item in comps.items:
            if item.enough_per_player:
                resolve(item.enough_per_player, "rules number", numbers, out)
    return out


def _number_paths(rules: DIRules) -> list[str]:
    """Every dotted path in the rules numbers that names a whole number."""
    paths: list[str] = []

    def walk(value: object, prefix: str) -> None:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                if f.name != "src":
                    walk(getattr(value, f.name), f"{prefix}{f.name}.")
        elif isinstance(value, int) and not isinstance(value, bool):
            paths.append(prefix.rstrip("."))

    walk(rules, "")
    return paths


# ---- E740 and E720: the boards, coins, chips and markers -----------------------------------


def _unpaired(game: Game) -> list[Diagnostic]:
    """E740: a board carries one woman and one man, one on each face."""
    out = []
    for arch in game.archetypes or ():
        faces = sorted(d.face for d in arch.diplomats)
        if faces != ["man", "woman"]:
            out.append(
                at(
                    arch.src,
                    "E740",
                    f"the {arch.name} board has {', '.join(faces) or 'no diplomat'}",
                    "a board carries a woman on one face and a man on the other",
                )
            )
    return out


def _board_faces(game: Game, geo: Geometry, theme: Theme = PRINT) -> Iterator[Sketch]:
    """Both faces of every character board (a board that cannot be paired, or a Limit off
    the Heat track, is reported by E740 and E602 and has nothing to draw)."""
    from pnp.rulesets.diplomatic_immunity import boards

    if not game.archetypes or not isinstance(game.rules, DIRules) or _unpaired(game):
        return
    try:
        pairs = boards.faces(game)
    except boards.BoardError:
        return
    layout = geo.layouts["board"]
    size = layout.size
    for pair in pairs:
        for face in pair:
            yield Sketch(
                f"the board of {face.diplomat.name}",
                size.width,
                size.height,
                size.bleed,
                functools.partial(_board, game, face, layout, theme),
            )


def _board(game: Game, face: Face, layout: Layout, theme: Theme, canvas: Canvas) -> None:
    from pnp.rulesets.diplomatic_immunity import boards

    # every text that did not fit was measured, and is reported from there
    with contextlib.suppress(boards.BoardError):
        boards.draw_face(canvas, layout.size, game, face, layout, theme)


def _chip_faces(game: Game, theme: Theme = PRINT) -> Iterator[Sketch]:
    """Every face of every coin, chip and marker, each once, at its own size."""
    from pnp.rulesets.diplomatic_immunity import chips

    seen: set[int] = set()
    for piece in chips.pieces(game, theme.ink_saver):
        for side, face in (("front", piece.front), ("back", piece.back)):
            if id(face) not in seen:
                seen.add(id(face))
                what = f"{piece.kind}{f' ({piece.seat})' if piece.seat else ''}, {side}"
                yield Sketch(what, piece.size, piece.size, chips.BLEED, _chip(face, piece.size / 2))


def _chip(face: Callable[[Canvas, float, float, float], None], half: float) -> DrawFace:
    def draw(canvas: Canvas) -> None:
        face(canvas, half, half, half)

    return draw


# ---- E750: what the rulebook's templates write ----------------------------------------------


def _rulebook_fields(game: Game) -> Iterator[Field]:
    """The opening hand by deck, and the Heat Limits: the rules', and each character's that
    its Bend or Cost changes."""
    rules = game.rules
    if isinstance(rules, DIRules):
        for draw in rules.start.hand:
            yield Field(f"start_hand('{draw.deck.id}')", draw.cards, False, draw.deck.id)
        yield Field("limit()", rules.limit_for((), True), False, "Limit")
        yield Field("limit(None, False)", rules.limit_for((), False), False, "Limit")
        for a in game.archetypes or ():
            mods = (*a.bend.while_, *a.cost.while_)
            if any(t.name == "limit" for t in mods):
                for immunity in (True, False):
                    yield Field(
                        f"limit('{a.id}', {immunity})",
                        rules.limit_for(mods, immunity),
                        False,
                        a.name,
                    )


class Hooks:
    """Diplomatic Immunity's part in `pnp.checks` (`pnp.checks.hooks.CheckHooks`)."""

    overflows: tuple[type[Exception], ...] = ()

    def ids(self, game: Game) -> list[tuple[str, Sequence[Any]]]:
        """None of its own: its parts are the core's."""
        return []

    def references(self, game: Game) -> list[Diagnostic]:
        """The decks the rules deal from, and the rules numbers the components count by."""
        return _references(game)

    def ranges(self, game: Game) -> list[tuple[str, Range]]:
        """None: its rules numbers hold no ranges."""
        return []

    def numbers(self, game: Game) -> list[Diagnostic]:
        """The Heat Limits (the rules' and each character's), the opening hand and the clock."""
        out: list[Diagnostic] = []
        rules = game.rules
        if isinstance(rules, DIRules):
            _numbers(game, rules, out)
        return out

    def rules_number(self, game: Game, path: str) -> int | None:
        """A whole number of the rules numbers by its dotted path."""
        rules = game.rules
        return rules.number(path) if isinstance(rules, DIRules) else None

    def deck(self, game: Game) -> list[Diagnostic]:
        """Nothing: its decks are its own cards, not a standard deck."""
        return []

    def sketches(self, game: Game, geo: Geometry, theme: Theme, art: bool) -> list[Sketch]:
        """Both faces of every character board, then every coin, chip and marker."""
        return [*_board_faces(game, geo, theme), *_chip_faces(game, theme)]

    def fit(
        self, game: Game, geo: Geometry, scratch: Canvas, seen: list[Measured]
    ) -> list[Diagnostic]:
        """E740 for a board without a woman and a man (it is not drawn); every board, coin,
        chip and marker drawn on `scratch`."""
        out = _unpaired(game)
        for sketch in self.sketches(game, geo, PRINT, False):
            sketch.draw(scratch)
        return out

    def variants(self, game: Game) -> dict[str, str] | None:
        """None: the game has no variants."""
        return None

    def not_role_card(self, game: Game) -> str:
        """None: the game has no roles."""
        return ""

    def rulebook_fields(self, game: Game) -> Iterator[Field]:
        """The opening hand by deck, and every Heat Limit."""
        return _rulebook_fields(game)


HOOKS: CheckHooks = Hooks()
