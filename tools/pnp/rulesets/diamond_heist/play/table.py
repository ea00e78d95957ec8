"""The set-up of one Diamond Heist game, from the content's treasure table and variants.

Roles and role cards are a closed set here (the rules give each its behaviour); the numbers
(diamonds, how many of each card, apologies, what the Boss may keep back, what the first
player may hide) all come from the typed game model.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.diagnostics import did_you_mean
from pnp.rulesets.diamond_heist.model import HeistRules

if TYPE_CHECKING:
    from pnp.content.project import Game as Model


class Role(enum.StrEnum):
    """Who a player is at the end of the taking: the content's role ids, plus a rule-breaker."""

    BOSS = "boss"
    THIEF = "thief"
    LOYALIST = "loyalist"
    AGENT = "agent"
    DRIVER = "driver"
    STREET_KID = "street-kid"
    GUNMAN = "gunman"
    RULE_BREAKER = "rule-breaker"  # took against the rules (ruling rule-breakers)


# The role cards, in a fixed order: a card is its index here.
CARDS: tuple[Role, ...] = (Role.LOYALIST, Role.AGENT, Role.DRIVER, Role.GUNMAN)
LOYALIST, AGENT, DRIVER, GUNMAN = range(len(CARDS))
NO_CARD = -1
CARD_OF: dict[Role, int] = {r: i for i, r in enumerate(CARDS)}


class SetupError(ValueError):
    """The game cannot be set up like this: a usage problem, said plainly."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the treasure goes round."""

    players: int
    variants: tuple[str, ...]
    diamonds: int
    cards: tuple[int, ...]  # how many of each role card go into the treasure (CARDS order)
    apologies: int
    keep_min: int
    keep_max: int
    may_hide: int  # role cards the first player may hide
    # A bound on the choices of one game: keep, hides, takes, answers, accusations, shots.
    max_steps: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "max_steps", 2 + self.may_hide + 4 * self.takers)

    @property
    def takers(self) -> int:
        """Players who take from the treasure: everybody but the Boss."""
        return self.players - 1

    def card_text(self, counts: Iterable[int] | None = None) -> str:
        """`2 loyalists, 1 agent` for a count of each card (default: the set-up's)."""
        parts = [
            f"{n} {CARDS[i].value}{'s' if n != 1 else ''}"
            for i, n in enumerate(self.cards if counts is None else counts)
            if n
        ]
        return ", ".join(parts) or "no role cards"

    @staticmethod
    def build(model: Model, players: int, variants: Iterable[str] = ()) -> Setup:
        """The set-up at a player count with some variants; SetupError if it cannot be."""
        rules = model.rules
        if not isinstance(rules, HeistRules) or model.info is None or model.roles is None:
            raise SetupError(f"'{model.id}' has no Diamond Heist rules, game and roles to play")
        chosen = tuple(dict.fromkeys(variants))
        allowed = model.info.players
        if players not in allowed or rules.row(players) is None:
            raise SetupError(
                f"{model.id} plays with {allowed.min}-{allowed.max} players "
                f"(the Boss included), not {players}"
            )
        by_id = {v.id: v for v in rules.variants}
        for v_id in chosen:
            if v_id not in by_id:
                hint = did_you_mean(v_id, sorted(by_id)) or f"variants: {', '.join(by_id)}"
                raise SetupError(f"unknown variant '{v_id}' ({hint})")
            v = by_id[v_id]
            if players not in v.players:
                raise SetupError(
                    f"the {v.id} variant is for {v.players.min}-{v.players.max} "
                    f"players, not {players}"
                )
            clash = [x.id for x in v.excludes if x.id in chosen]
            if clash:
                raise SetupError(f"the {v.id} variant excludes {', '.join(clash)}")
        pieces, apologies = rules.setup(players, chosen)
        role_of = {r.piece.id: r.id for r in model.roles if r.piece is not None}
        cards = [0] * len(CARDS)
        for piece, n in pieces.items():
            if piece == rules.diamond_piece.id:
                continue
            role = role_of.get(piece)
            if role is None or role not in CARD_OF:
                raise SetupError(
                    f"the treasure holds '{piece}' cards, which are no role the rules model knows"
                )
            cards[CARD_OF[Role(role)]] += n
        if min(cards) < 0 or apologies < 0:
            raise SetupError(
                f"with {players} players and {', '.join(chosen)} the treasure "
                "or the apologies come out below zero"
            )
        return Setup(
            players,
            chosen,
            rules.diamonds,
            tuple(cards),
            apologies,
            rules.boss_hides.min,
            rules.boss_hides.max,
            rules.first_player_may_hide,
        )
