"""E204: every reference by id names something that exists, with a did-you-mean hint."""

from __future__ import annotations

import dataclasses

from pnp.checks.common import names, resolve
from pnp.content.model import Ref
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.rulesets.diamond_heist.model import HeistRules
from pnp.rulesets.diplomatic_immunity.model import DIRules


def check(game: Game) -> list[Diagnostic]:
    """Goals to doors, rules to decks and rules numbers, roles and treasure to pieces."""
    out: list[Diagnostic] = []
    if game.goals and game.doors is not None:
        doors = names(game.doors)
        for goal in game.goals:
            for ref in goal.doors:
                resolve(ref, "door", doors, out)
    comps = game.components
    if comps:
        groups = names(comps.groups)
        for item in comps.items:
            if item.group:
                resolve(item.group, "component group", groups, out)
    rules = game.rules
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
