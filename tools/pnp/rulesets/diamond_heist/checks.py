"""Diamond Heist's part in `pnp check`: its variants have ids of their own (E207); its rules
numbers name pieces and variants that exist (E204) and hold ranges the right way round
(E601); the Boss cannot hide more diamonds than the treasure has (E602); the treasure can be
dealt at every player count and variant (E501-W505, `checks_deck`); and the fit check draws
its reference cards and printable deck."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.checks.common import at, names, resolve
from pnp.checks.fit import Sketch, at_size
from pnp.checks.hooks import CheckHooks
from pnp.checks.rulebook import Field
from pnp.content.model import Range
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.render import text as rtext
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry
from pnp.rulesets.diamond_heist import checks_deck
from pnp.rulesets.diamond_heist import render as heist
from pnp.rulesets.diamond_heist.model import HeistRules


def _references(game: Game) -> list[Diagnostic]:
    """The diamond and apology pieces, the treasure's and the variants' role cards, the
    variants a variant excludes, and each role's piece and variant."""
    out: list[Diagnostic] = []
    rules = game.rules
    if isinstance(rules, HeistRules) and game.pieces is not None:
        pieces = names(game.pieces)
        variants = names(rules.variants)
        resolve(rules.diamond_piece, "piece", pieces, out)
        resolve(rules.apology_piece, "piece", pieces, out)
        for row in rules.treasure:
            for c in row.roles:
                resolve(c.piece, "piece", pieces, out)
        for v in rules.variants:
            for c in v.roles:
                resolve(c.piece, "piece", pieces, out)
            for ref in v.excludes:
                resolve(ref, "variant", variants, out)
        for role in game.roles or ():
            if role.piece:
                resolve(role.piece, "piece", pieces, out)
            if role.variant:
                resolve(role.variant, "variant", variants, out)
    return out


def _sketches(game: Game, geo: Geometry, theme: Theme) -> list[Sketch]:
    """Every face of the reference cards and the printable deck, each once."""
    out: list[Sketch] = []
    if isinstance(game.rules, HeistRules) and game.pieces:
        size = geo.layouts["heist-card"].size
        drawn: set[int] = set()
        for group in heist.card_groups(game, geo, theme):
            for item in group.items:
                for side, face in (("front", item.front), ("back", item.back)):
                    if id(face) not in drawn:
                        drawn.add(id(face))
                        out.append(
                            Sketch(
                                f"{group.name}: {item.id}, {side}",
                                size.width,
                                size.height,
                                size.bleed,
                                at_size(face, size),
                            )
                        )
    return out


def _fit(
    game: Game, geo: Geometry, scratch: Canvas, seen: list[rtext.Measured]
) -> list[Diagnostic]:
    """A standard-deck game's reference cards and printable deck. Their tables and lists are
    laid out as they are drawn, and some stop with `Overflow` rather than shrink past their
    floor: that is reported where the content writes it, unless it came from a measured
    text (reported with the others)."""
    if not isinstance(game.rules, HeistRules) or not game.pieces:
        return []
    src = game.rules.src
    out: list[Diagnostic] = []

    def overflow(exc: heist.Overflow, before: int) -> None:
        if all(m.fitted.fits for m in seen[before:]):
            out.append(
                at(
                    exc.src or src,
                    "E720",
                    str(exc),
                    "shorten the text in the content, or give its box more room",
                )
            )

    try:
        groups = heist.card_groups(game, geo, Theme())
    except heist.Overflow as exc:
        overflow(exc, len(seen))
        return out
    size = geo.layouts["heist-card"].size
    drawn: set[int] = set()
    for group in groups:
        for item in group.items:
            for face in (item.front, item.back):
                if id(face) in drawn:
                    continue
                drawn.add(id(face))
                before = len(seen)
                try:
                    face(scratch, size)
                except heist.Overflow as exc:
                    overflow(exc, before)
    return out


def _rulebook_fields(game: Game) -> Iterator[Field]:
    """Each treasure row's apologies and role cards."""
    rules = game.rules
    if isinstance(rules, HeistRules):
        for row in rules.treasure:
            yield Field(f"treasure({row.players}).apologies", row.apologies, False, "apolog")
            for count in row.roles:
                yield Field(
                    f"treasure({row.players}).{count.piece.id}", count.n, False, count.piece.id
                )


class Hooks:
    """Diamond Heist's part in `pnp.checks` (`pnp.checks.hooks.CheckHooks`)."""

    overflows: tuple[type[Exception], ...] = (heist.Overflow,)

    def ids(self, game: Game) -> list[tuple[str, Sequence[Any]]]:
        """The variants."""
        rules = game.rules
        return [("variant", rules.variants)] if isinstance(rules, HeistRules) else []

    def references(self, game: Game) -> list[Diagnostic]:
        """Pieces and variants, from the rules numbers and the roles."""
        return _references(game)

    def ranges(self, game: Game) -> list[tuple[str, Range]]:
        """How many diamonds the Boss may hide, and each variant's player counts."""
        rules = game.rules
        if not isinstance(rules, HeistRules):
            return []
        found: list[tuple[str, Range]] = [("boss_hides", rules.boss_hides)]
        found += [(f"players of variant '{v.id}'", v.players) for v in rules.variants]
        return found

    def numbers(self, game: Game) -> list[Diagnostic]:
        """The Boss hides no more diamonds than the treasure has."""
        out: list[Diagnostic] = []
        rules = game.rules
        if isinstance(rules, HeistRules) and rules.boss_hides.max > rules.diamonds:
            out.append(
                at(
                    rules.boss_hides.src,
                    "E602",
                    f"the Boss may hide up to {rules.boss_hides.max} diamonds, "
                    f"but the treasure has only {rules.diamonds}",
                )
            )
        return out

    def rules_number(self, game: Game, path: str) -> int | None:
        """None: no component is counted by its rules numbers."""
        return None

    def deck(self, game: Game) -> list[Diagnostic]:
        """The treasure table and every setup it deals (E501-W505)."""
        return checks_deck.check(game)

    def sketches(self, game: Game, geo: Geometry, theme: Theme, art: bool) -> list[Sketch]:
        """The reference cards and the printable deck."""
        return _sketches(game, geo, theme)

    def fit(
        self, game: Game, geo: Geometry, scratch: Canvas, seen: list[rtext.Measured]
    ) -> list[Diagnostic]:
        """The reference cards and the printable deck, drawn on `scratch`; a table or list
        that stops with `Overflow` is reported where the content writes it."""
        return _fit(game, geo, scratch, seen)

    def variants(self, game: Game) -> dict[str, str] | None:
        """The variants, id -> name."""
        rules = game.rules
        return {v.id: v.name for v in rules.variants} if isinstance(rules, HeistRules) else None

    def not_role_card(self, game: Game) -> str:
        """The diamond: the treasure counts it apart from the role cards."""
        rules = game.rules
        return rules.diamond_piece.id if isinstance(rules, HeistRules) else ""

    def rulebook_fields(self, game: Game) -> Iterator[Field]:
        """Each treasure row's apologies and role cards."""
        return _rulebook_fields(game)


HOOKS: CheckHooks = Hooks()
