"""E601 and E602: ranges are the right way round; rules numbers agree with each other."""

from __future__ import annotations

from pnp.checks.common import at
from pnp.content.model import Range, Src, Term
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.rulesets.diamond_heist.model import HeistRules
from pnp.rulesets.diplomatic_immunity.model import DIRules


def _ranges(game: Game) -> list[tuple[str, Range]]:
    found: list[tuple[str, Range]] = []
    if game.info:
        found.append(("players", game.info.players))
        found += [
            (w, r)
            for w, r in (("best", game.info.best), ("minutes", game.info.minutes))
            if r is not None
        ]
    if isinstance(game.rules, HeistRules):
        found.append(("boss_hides", game.rules.boss_hides))
        found += [(f"players of variant '{v.id}'", v.players) for v in game.rules.variants]
    return found


def check(game: Game) -> list[Diagnostic]:
    """Ranges, Heat Limits, the clock, the opening hand, the Boss's hidden diamonds."""
    out: list[Diagnostic] = []
    for what, r in _ranges(game):
        if r.min > r.max:
            out.append(at(r.src, "E601", f"{what}: min {r.min} is above max {r.max}"))
    info = game.info
    if info and info.best and not (info.best.min in info.players and info.best.max in info.players):
        out.append(
            at(
                info.best.src,
                "E602",
                f"best player count {info.best.min}-{info.best.max} is outside the "
                f"player count {info.players.min}-{info.players.max}",
            )
        )
    rules = game.rules
    if isinstance(rules, DIRules):
        _di(game, rules, out)
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


def _di(game: Game, rules: DIRules, out: list[Diagnostic]) -> None:
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
