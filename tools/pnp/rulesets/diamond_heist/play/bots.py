"""Players (bots) for Diamond Heist: they choose from their view and the game's rng only.

Takers choose by what they see: a thief takes a few diamonds, more when the treasure is
rich; role cards are taken by availability and need. Answers are true or lies by policy:
thieves lie about the count they saw, agents and street kids act suspicious, loyalists,
drivers and the gunman tell the truth. The Boss accuses from what it can know: the count it
got back, the answers, and what accused players showed. None of them sees a pocket.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.rulesets.diamond_heist.play.actions import (
    HIDE_NOTHING,
    HOLD_FIRE,
    SHOOT,
    TAKE_CARD,
    TAKE_DIAMONDS,
    TAKE_NOTHING,
    Accuse,
    Action,
    Answer,
    Hide,
    Keep,
    Phase,
)
from pnp.rulesets.diamond_heist.play.table import AGENT, CARDS, DRIVER, GUNMAN, LOYALIST, Role
from pnp.rulesets.diamond_heist.play.views import BossView, SeatView, View


@dataclass(frozen=True, slots=True)
class Policy:
    """How the bots play: every probability and weight in one place."""

    first_hides: float = 0.5  # the first player hides a role card
    role_appetite: float = 0.9  # scales the wish for a role card over diamonds
    last_takes_nothing: float = 0.2  # the last player becomes a street kid by choice
    greed: float = 0.12  # a thief grabs two more than they meant to
    thief_lies: float = 0.65  # a thief says they saw what they passed on
    agent_fishes: float = 0.5  # an agent gives a count that is a little off
    kid_fishes: float = 0.6  # a street kid claims to have seen more than they passed on
    silence: float = 0.03  # anybody refuses to answer
    gunman_shoots: float = 0.25  # "Bang!" while the Boss still has apologies
    gunman_shoots_last: float = 0.8  # "Bang!" when a wrong accusation would end the game
    boss_noise: float = 0.75  # how much the Boss's hunches blur its reckoning


# How much a taker wants each role card when one is there (by card index).
_CARD_WEIGHT = {LOYALIST: 1.0, AGENT: 1.0, DRIVER: 0.6, GUNMAN: 0.8}
_HIDE_WEIGHT = {LOYALIST: 1.0, AGENT: 0.5, DRIVER: 1.0, GUNMAN: 1.0}


def _weighted(rng: random.Random, weights: list[tuple[int, float]]) -> int:
    """One key by weight (deterministic for the rng's state)."""
    total = sum(w for _, w in weights)
    x = rng.random() * total
    for key, w in weights:
        x -= w
        if x < 0:
            return key
    return weights[-1][0]


class Taker:
    """A player other than the Boss."""

    __slots__ = ("policy",)

    def __init__(self, policy: Policy | None = None) -> None:
        self.policy = policy or Policy()

    def choose(self, view: View, rng: random.Random) -> Action:
        """The choice for the phase the view is in."""
        assert isinstance(view, SeatView)
        ph = view.phase
        if ph is Phase.TAKE:
            return self.take(view, rng)
        if ph is Phase.ANSWER:
            return self.answer(view, rng)
        if ph is Phase.BANG:
            return self.bang(view, rng)
        return self.hide(view, rng)

    def hide(self, view: SeatView, rng: random.Random) -> Action:
        """The first player may hide one role card: sometimes they do, rarely the agent."""
        cards = view.treasure_cards
        if rng.random() >= self.policy.first_hides:
            return HIDE_NOTHING
        return Hide(_weighted(rng, [(c, _HIDE_WEIGHT[c] * n) for c, n in enumerate(cards) if n]))

    def take(self, view: SeatView, rng: random.Random) -> Action:
        """Diamonds or a role card, by what is in the treasure and how many come after."""
        p = self.policy
        d = view.treasure_diamonds
        cards = view.treasure_cards
        n_cards = sum(cards)
        if not d and not n_cards:
            return TAKE_NOTHING  # an empty treasure: a street kid
        if view.last and rng.random() < p.last_takes_nothing:
            return TAKE_NOTHING
        # A role card is wanted more when cards are plenty for the players still to come,
        # and when the diamonds are thin (a thief would be easy to spot).
        want = p.role_appetite * n_cards / (view.takers_after + 1) + (0.25 if d < 6 else 0.0)
        if n_cards and (not d or rng.random() < min(0.85, max(0.15, want))):
            need = {
                LOYALIST: 1.0 + (0.5 if d < 9 else 0.0),  # thieves about: help the Boss
                AGENT: 1.0 + 0.25 * view.public.apologies,  # apologies mean accusations
                DRIVER: _CARD_WEIGHT[DRIVER],
                GUNMAN: _CARD_WEIGHT[GUNMAN],
            }
            return TAKE_CARD[_weighted(rng, [(c, need[c] * n) for c, n in enumerate(cards) if n])]
        # A thief takes a few, more from a rich treasure, sometimes greedily more.
        k = 1 + int(rng.random() * (1 + d // 5))
        if rng.random() < p.greed:
            k += 2
        if view.last:
            k += 1
        return TAKE_DIAMONDS[min(k, d)]

    def answer(self, view: SeatView, rng: random.Random) -> Action:
        """What they say they saw and took: the truth or a lie, by role and policy."""
        p = self.policy
        if rng.random() < p.silence:
            return Answer(-1, None)
        role, saw = view.role, view.saw_diamonds
        if role is Role.THIEF or role is Role.RULE_BREAKER:
            claim = Role.STREET_KID if view.last and rng.random() < 0.5 else Role.LOYALIST
            if rng.random() < p.thief_lies:
                return Answer(saw - view.took_diamonds, claim)  # what they passed on
            return Answer(saw, claim)
        if role is Role.AGENT:
            if rng.random() < p.agent_fishes:
                off = 1 if rng.random() < 0.5 else 2
                return Answer(min(view.public.diamonds, saw + off), Role.LOYALIST)
            return Answer(saw, Role.LOYALIST)
        if role is Role.STREET_KID:
            if rng.random() < p.kid_fishes:
                return Answer(
                    min(view.public.diamonds, saw + 1 + int(rng.random() * 3)), Role.LOYALIST
                )
            return Answer(saw, Role.STREET_KID)
        return Answer(saw, role)  # loyalist, driver, gunman: the truth

    def bang(self, view: SeatView, rng: random.Random) -> Action:
        """The gunman shoots more readily when a wrong accusation would end the game."""
        p = self.policy
        chance = p.gunman_shoots_last if view.public.apologies == 0 else p.gunman_shoots
        return SHOOT if rng.random() < chance else HOLD_FIRE


class Boss:
    """The Boss: keeps some diamonds back, then accuses from the answers and the count."""

    __slots__ = ("policy",)

    def __init__(self, policy: Policy | None = None) -> None:
        self.policy = policy or Policy()

    def choose(self, view: View, rng: random.Random) -> Action:
        """Keep diamonds back, or accuse the most suspect player."""
        assert isinstance(view, BossView)
        if view.phase is Phase.KEEP:
            top = min(view.keep_max, view.diamonds)
            return Keep(view.keep_min + int(rng.random() * (top - view.keep_min + 1)))
        return Accuse(self.suspect(view, rng))

    def suspicion(self, view: BossView) -> list[float]:
        """How suspect each seat looks from the answers and the counts (0 for the Boss).

        The Boss knows what went round (`started`) and what came back: each answer says
        what a player saw, so the drop to the next player's answer is what they seem to
        have taken. A player who claims to have seen more than the player before them
        saw is inflating (what an agent fishing for an accusation does); a searched player
        whose drop was more than they showed was framed by a lie after them. Silences,
        impossible claims and over-claimed cards count too."""
        pub = view.public
        n = pub.players
        answers = pub.answers
        said = [-1] * (n + 1)
        said[0] = view.started
        for s in range(1, n):
            a = answers[s]
            said[s] = a.saw if a is not None else -1
        said[n] = view.back_diamonds
        shown = pub.shown_diamonds
        score = [0.0] * n
        for s in range(1, n):
            a = answers[s]
            if a is None or a.saw < 0:
                score[s] += 1.5
                continue
            if s == 1 and a.saw != view.started:
                score[1] += 2.0  # the Boss knows exactly what the first player got
            nxt = said[s + 1]
            if nxt >= 0:
                drop = a.saw - nxt
                if shown[s] >= 0 and drop > shown[s] and s + 1 < n:
                    score[s + 1] += drop - shown[s]  # searched: the rest was a lie after them
                elif drop > 0:
                    score[s] += drop
                elif drop < 0 and s + 1 < n:  # the next one claims more than s passed on
                    score[s + 1] -= 1.5
            if a.claim is Role.THIEF:
                score[s] += 5.0
            elif a.claim is Role.STREET_KID and s != n - 1 and a.saw > 0:
                score[s] += 2.0  # only an empty treasure or the last player takes nothing
        # More players claim a card than there were cards gone from the treasure.
        if view.back_cards:
            for c, role in enumerate(CARDS):
                gone = view.cards_in[c] - view.back_cards[c]
                claimers = [
                    s for s in range(1, n) if (a := answers[s]) is not None and a.claim is role
                ]
                if len(claimers) > gone:
                    for s in claimers:
                        score[s] += 1.0
        return score

    def suspect(self, view: BossView, rng: random.Random) -> int:
        """The player to accuse: the most suspect one still in and not yet searched."""
        pub = view.public
        score = self.suspicion(view)
        noise = self.policy.boss_noise
        best, best_score = -1, -1.0
        for s in range(1, pub.players):
            if pub.out[s] or pub.revealed[s] is not None:
                continue
            value = score[s] + noise * rng.random()
            if value > best_score:
                best, best_score = s, value
        return best


def table(players: int, policy: Policy | None = None) -> tuple[Boss | Taker, ...]:
    """One bot per seat: the Boss, then the takers."""
    policy = policy or Policy()
    taker = Taker(policy)
    return (Boss(policy), *([taker] * (players - 1)))
