"""What one seat may know: the only thing a bot ever sees of the game.

Views are built by `Heist.view(seat)` and hold copies, never a reference to the game, so a
bot cannot reach what other players hold. Everything everybody knows is in `Public`; a
taker adds what they saw and took; the Boss adds what they kept back, what they put in and
what came back. Nobody's view holds another player's pockets until that player shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.rulesets.diamond_heist.play.actions import Answer, Phase
from pnp.rulesets.diamond_heist.play.table import Role


@dataclass(frozen=True, slots=True)
class Public:
    """What everybody at the table knows."""

    players: int
    diamonds: int  # in the whole game (the rules say so)
    apologies: int  # apology cards still before the Boss
    answers: tuple[Answer | None, ...]  # by seat; None: not asked yet
    out: tuple[bool, ...]
    revealed: tuple[str | None, ...]  # what each player showed: "2 diamonds", "loyalist"
    shown_diamonds: tuple[int, ...]  # diamonds each player showed (0: a card; -1: not shown)
    accused: int  # the player told to empty their pockets, before they show (-1: nobody)
    accusations: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a player other than the Boss knows when it is their choice."""

    seat: int
    phase: Phase
    role: Role | None  # what their take made them (None before it)
    took_diamonds: int
    saw_diamonds: int  # in the treasure when it reached them (-1: not yet)
    saw_cards: tuple[int, ...]  # role cards in it then, by card
    treasure_diamonds: int  # in the treasure now, only while they hold it (else -1)
    treasure_cards: tuple[int, ...]  # only while they hold it (else ())
    first: bool
    last: bool
    takers_after: int  # players who take after them
    public: Public


@dataclass(frozen=True, slots=True)
class BossView:
    """What the Boss knows: the set-up, what they kept, the count that came back, the
    answers and what accused players showed. Never what anybody holds."""

    phase: Phase
    diamonds: int  # in the whole game
    keep_min: int
    keep_max: int
    kept: int  # diamonds the Boss kept back
    started: int  # diamonds the treasure went round with (-1 before)
    cards_in: tuple[int, ...]  # role cards the Boss put into the treasure
    back_diamonds: int  # diamonds that came back (-1 before)
    back_cards: tuple[int, ...]  # role cards that came back (() before)
    missing: int  # diamonds still missing (-1 before the treasure is back)
    public: Public


View = SeatView | BossView
