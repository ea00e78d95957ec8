"""Players (bots) for Diamond Heist: they choose from their view and the game's rng only.

Takers choose by what they see: a thief takes a few diamonds, more when the treasure is
rich; role cards are taken by availability and need. Answers are true or lies by policy:
thieves lie about the count they saw, agents and street kids act suspicious, loyalists,
drivers and the gunman tell the truth. The Boss accuses from what it can know: the count it
got back, the answers, and what accused players showed. None of them sees a pocket.

Each choice is made from a few numbers of the view (`Taker.take_from`, `Boss.reckon`...):
`choose` reads them off the view, and the simulator's own loop (`Heist.play_checked`) hands
them over without building the view. The Boss's reckoning from the answers and the counts
(`Reckoning`) holds for the rest of the game, so that loop makes it once.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from pnp.rulesets.diamond_heist.play.actions import (
    HIDE_CARD,
    HIDE_NOTHING,
    HOLD_FIRE,
    SHOOT,
    TAKE_CARD,
    TAKE_DIAMONDS,
    TAKE_NOTHING,
    Action,
    Answer,
    Phase,
    accuse,
    answer,
    keep,
)
from pnp.rulesets.diamond_heist.play.table import CARDS, DRIVER, GUNMAN, Role
from pnp.rulesets.diamond_heist.play.views import BossView, SeatView, View, builder


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


# How much a taker wants each role card when one is there, and how readily the first player
# hides it, by card index (CARDS: loyalist, agent, driver, gunman).
_CARD_WEIGHT = (1.0, 1.0, 0.6, 0.8)
_HIDE_WEIGHT = (1.0, 0.5, 1.0, 1.0)
_DRIVER_WEIGHT, _GUNMAN_WEIGHT = _CARD_WEIGHT[DRIVER], _CARD_WEIGHT[GUNMAN]
_SILENT = answer(-1, None)  # "I won't say"

# Phases and roles as plain names: looking a member up on its Enum class costs more than
# most of a bot's choice.
_KEEP, _TAKE, _ANSWER, _BANG = Phase.KEEP, Phase.TAKE, Phase.ANSWER, Phase.BANG
_THIEF, _LOYALIST, _AGENT = Role.THIEF, Role.LOYALIST, Role.AGENT
_STREET_KID, _RULE_BREAKER = Role.STREET_KID, Role.RULE_BREAKER


def _pick_card(rng: random.Random, cards: Sequence[int], weight: Sequence[float]) -> int:
    """A role card by weight: each kind there is weighs weight[kind] times how many there
    are (deterministic for the rng's state; kinds that are not there add 0.0 to the total)."""
    x = rng.random() * sum(map(mul, weight, cards))
    pick = -1
    for c, n in enumerate(cards):
        if n:
            pick = c
            x -= weight[c] * n
            if x < 0:
                break
    return pick


class Taker:
    """A player other than the Boss."""

    __slots__ = ("policy",)

    def __init__(self, policy: Policy | None = None) -> None:
        self.policy = policy or Policy()

    def choose(self, view: View, rng: random.Random) -> Action:
        """The choice for the phase the view is in."""
        assert isinstance(view, SeatView)
        ph = view.phase
        if ph is _TAKE:
            return self.take(view, rng)
        if ph is _ANSWER:
            return self.answer(view, rng)
        if ph is _BANG:
            return self.bang(view, rng)
        return self.hide(view, rng)

    def hide(self, view: SeatView, rng: random.Random) -> Action:
        """The first player may hide one role card: sometimes they do, rarely the agent."""
        return self.hide_from(view.treasure_cards, rng)

    def hide_from(self, cards: Sequence[int], rng: random.Random) -> Action:
        """`hide`, from the role cards in the treasure (by card), the number of the view it
        looks at."""
        if rng.random() >= self.policy.first_hides:
            return HIDE_NOTHING
        return HIDE_CARD[_pick_card(rng, cards, _HIDE_WEIGHT)]

    def take(self, view: SeatView, rng: random.Random) -> Action:
        """Diamonds or a role card, by what is in the treasure and how many come after."""
        return self.take_from(
            view.treasure_diamonds,
            view.treasure_cards,
            view.last,
            view.takers_after,
            view.public.apologies,
            rng,
        )

    def take_from(
        self,
        d: int,
        cards: Sequence[int],
        last: bool,
        takers_after: int,
        apologies: int,
        rng: random.Random,
    ) -> Action:
        """`take`, from the numbers of the view it looks at: the diamonds and role cards in
        the treasure, whether they take last, how many take after them, and the apologies
        before the Boss."""
        p = self.policy
        n_cards = sum(cards)
        if not d and not n_cards:
            return TAKE_NOTHING  # an empty treasure: a street kid
        if last and rng.random() < p.last_takes_nothing:
            return TAKE_NOTHING
        if n_cards:
            # A role card is wanted more when cards are plenty for the players still to
            # come, and when the diamonds are thin (a thief would be easy to spot): 15% to
            # 85%. Only diamonds: all of that is moot.
            want = p.role_appetite * n_cards / (takers_after + 1) + (0.25 if d < 6 else 0.0)
            chance = 0.15 if want <= 0.15 else 0.85 if want >= 0.85 else want
            if not d or rng.random() < chance:
                need = (  # by card: loyalist, agent, driver, gunman
                    1.0 + (0.5 if d < 9 else 0.0),  # thieves about: help the Boss
                    1.0 + 0.25 * apologies,  # apologies mean accusations
                    _DRIVER_WEIGHT,
                    _GUNMAN_WEIGHT,
                )
                return TAKE_CARD[_pick_card(rng, cards, need)]
        # A thief takes a few, more from a rich treasure, sometimes greedily more.
        k = 1 + int(rng.random() * (1 + d // 5))
        if rng.random() < p.greed:
            k += 2
        if last:
            k += 1
        return TAKE_DIAMONDS[k if k < d else d]

    def answer(self, view: SeatView, rng: random.Random) -> Action:
        """What they say they saw and took: the truth or a lie, by role and policy."""
        return self.answer_from(
            view.role, view.saw_diamonds, view.took_diamonds, view.last, view.public.diamonds, rng
        )

    def answer_from(
        self,
        role: Role | None,
        saw: int,
        took: int,
        last: bool,
        diamonds: int,
        rng: random.Random,
    ) -> Action:
        """`answer`, from the numbers of the view it looks at: their role, the diamonds
        they saw and took, whether they took last, and the diamonds in the game."""
        p = self.policy
        if rng.random() < p.silence:
            return _SILENT
        if role is _THIEF or role is _RULE_BREAKER:
            claim = _STREET_KID if last and rng.random() < 0.5 else _LOYALIST
            if rng.random() < p.thief_lies:
                return answer(saw - took, claim)  # what they passed on
            return answer(saw, claim)
        if role is _AGENT:
            if rng.random() < p.agent_fishes:
                off = 1 if rng.random() < 0.5 else 2
                return answer(min(diamonds, saw + off), _LOYALIST)
            return answer(saw, _LOYALIST)
        if role is _STREET_KID:
            if rng.random() < p.kid_fishes:
                return answer(min(diamonds, saw + 1 + int(rng.random() * 3)), _LOYALIST)
            return answer(saw, _STREET_KID)
        return answer(saw, role)  # loyalist, driver, gunman: the truth

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
        if view.phase is _KEEP:
            return self.keep_from(view.diamonds, view.keep_min, view.keep_max, rng)
        pub = view.public
        reckoning = self.reckon(
            pub.players,
            view.started,
            view.answers,
            view.back_diamonds,
            view.cards_in,
            view.back_cards,
        )
        return self.accuse_with(reckoning, pub.shown_diamonds, pub.out, pub.revealed, rng)

    def keep_from(self, diamonds: int, keep_min: int, keep_max: int, rng: random.Random) -> Action:
        """The diamonds kept back, from the numbers of the view it looks at: the diamonds in
        the game and what the Boss may keep; every count it may keep is as likely."""
        top = min(keep_max, diamonds)
        return keep(keep_min + int(rng.random() * (top - keep_min + 1)))

    def reckon(
        self,
        players: int,
        started: int,
        answers: Sequence[Answer | None],
        back_diamonds: int,
        cards_in: Sequence[int],
        back_cards: Sequence[int],
    ) -> Reckoning:
        """What the Boss makes of the answers and the counts of its view: how suspect each
        player looks before anybody is searched.

        Each answer says what a player saw, so the drop to the next player's answer (or to
        what came back, after the last) is what they seem to have taken. A player who
        claims to have seen more than the player before them saw is inflating (what an
        agent fishing for an accusation does). Silences, impossible claims and over-claimed
        cards count too."""
        last = players - 1
        # What each seat says it saw (-1: no answer) and took, by seat; the Boss "saw" what
        # went round, and what came back is what the last player passed on.
        said = [started]
        claims: list[Role | None] = [None]
        for a in answers[1:]:
            if a is None:
                said.append(-1)
                claims.append(None)
            else:
                said.append(a.saw)
                claims.append(a.claim)
        said.append(back_diamonds)
        looks = [0.0] * players
        drops = [0] * players
        for s in range(1, players):
            saw = said[s]
            if saw < 0:
                looks[s] += 1.5
            else:
                if s == 1 and saw != started:
                    looks[1] += 2.0  # the Boss knows exactly what the first player got
                nxt = said[s + 1]
                if nxt >= 0:
                    drop = saw - nxt
                    if s < last:
                        drops[s] = drop
                    if drop > 0:
                        looks[s] += drop
                    elif drop < 0 and s < last:  # the next one claims more than s passed on
                        looks[s + 1] -= 1.5
                claim = claims[s]
                if claim is _THIEF:
                    looks[s] += 5.0
                elif claim is _STREET_KID and s != last and saw > 0:
                    looks[s] += 2.0  # only an empty treasure or the last player takes nothing
        # More players claim a card than there were cards gone from the treasure.
        if back_cards:
            for c, role in enumerate(CARDS):
                if claims.count(role) > cards_in[c] - back_cards[c]:
                    for s in range(1, players):
                        if claims[s] is role:
                            looks[s] += 1.0
        return _reckoning(tuple(looks), tuple(drops))

    def accuse_with(
        self,
        reckoning: Reckoning,
        shown: Sequence[int],
        out: Sequence[bool],
        revealed: Sequence[str | None],
        rng: random.Random,
    ) -> Action:
        """The accusation, from the reckoning and what the players searched so far showed
        (diamonds, by seat; -1: not searched), who is out and what each revealed: the most
        suspect player still in and not yet searched, the Boss's hunches blurring the
        reckoning (`Policy.boss_noise`).

        A searched player whose drop was more than they showed was framed by a lie after
        them: the rest of that drop is held against the next player instead."""
        looks, drops = reckoning.looks, reckoning.drops
        noise = self.policy.boss_noise
        draw = rng.random
        best, best_score = -1, -1.0
        framing = 0  # the rest of the drop of a framed player, held against the next one
        for s in range(1, len(looks)):
            showed = shown[s]
            if showed < 0 and not framing:  # not searched, not framed: as the reckoning says
                suspicion = looks[s]
            else:
                suspicion = looks[s] + framing
                framing = 0
                if 0 <= showed < drops[s]:
                    suspicion -= drops[s]
                    framing = drops[s] - showed
            if out[s] or revealed[s] is not None:
                continue
            value = suspicion + noise * draw()
            if value > best_score:
                best, best_score = s, value
        return accuse(best)


@dataclass(frozen=True, slots=True)
class Reckoning:
    """What the Boss makes of the answers and the counts once the questioning is over
    (`Boss.reckon`): it holds until the end of the game, whatever the searches show."""

    looks: tuple[float, ...]  # how suspect each seat looks before any search (0: the Boss)
    # Each seat's drop to the next answer, where a search can show that a lie after them
    # framed them (0: no drop to compare, or the last player).
    drops: tuple[int, ...]


_reckoning = builder(Reckoning)  # once a game: see `views.builder`


def table(players: int, policy: Policy | None = None) -> tuple[Boss | Taker, ...]:
    """One bot per seat: the Boss, then the takers (bots keep nothing between choices, so
    the tables of the default policy are shared)."""
    if policy is None:
        return _default_table(players)
    taker = Taker(policy)
    return (Boss(policy), *([taker] * (players - 1)))


@functools.lru_cache(maxsize=64)
def _default_table(players: int) -> tuple[Boss | Taker, ...]:
    return table(players, Policy())
