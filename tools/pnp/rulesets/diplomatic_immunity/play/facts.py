"""What the rules and the bots ask of a card again and again, read off its definition once.

A card's definition never changes in a game, so whether it is a crime, a reaction, an
Evening play, what it covers or which door it opens is worked out once per definition and
shared by every game that plays it. `State.facts[inst]` is the facts of a card instance.
Nothing here is hidden: it is all printed on the card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.content.cards import Card
from pnp.rulesets.diplomatic_immunity.play.kinds import (
    AT_AFTERNOON,
    AT_EVENING,
    AT_REACTION,
    AT_VOTE,
    KIND_COVER,
    KIND_DEPARTURE_CARD,
    KIND_DIRTY_TRICK,
    KIND_LAW,
    KIND_MANEUVER,
)

# How the heuristic bots reckon a card's worth in hand (`Facts.worth_of`): a fixed worth,
# or one that depends on what they want.
WORTH_FIXED, WORTH_CRIME, WORTH_LAW, WORTH_DEPARTURE = 0, 1, 2, 3


class Facts:
    """One card definition's facts (see the module docstring)."""

    __slots__ = (
        "afternoon_play",
        "afternoon_trick",
        "card",
        "covers",
        "crime_type",
        "deck",
        "door",
        "evening_play",
        "law",
        "leaks",
        "moves_crime",
        "needs_rival",
        "proposes",
        "reaction_repeal",
        "reaction_trick",
        "repeals",
        "step_names",
        "worth",
        "worth_of",
    )

    def __init__(self, card: Card) -> None:
        self.card = card  # kept, so that no other object takes its id while these are kept
        steps = card.steps
        names = {t.name for t in steps}
        self.step_names = frozenset(names)  # the names of its steps (`heat`, `cancel` ...)
        kind, timing = card.kind, card.timing
        self.deck = card.deck.id  # the deck it is dealt from and discarded to
        # the crime type of a crime card (None: not a crime)
        self.crime_type: str | None = card.crime.type.id if card.crime else None
        # a Dirty Trick played in your own Afternoon; one played as a reaction (a crime's,
        # or a Tip-Off or Leak on a Departing rival)
        self.afternoon_trick = kind is KIND_DIRTY_TRICK and AT_AFTERNOON in timing
        self.reaction_trick = kind is KIND_DIRTY_TRICK and AT_REACTION in timing
        # any of these: a card the Afternoon may offer
        self.afternoon_play = (
            self.crime_type is not None or self.afternoon_trick or self.reaction_trick
        )
        # a Leak: the card, or one that gives Heat to the player it is aimed at (a board
        # with `no_leak` may not play it)
        self.leaks = card.id == "leak" or any(
            t.name == "heat" and t.arg("to") == "aimed" for t in steps
        )
        self.moves_crime = "move_crime" in names  # Frame: needs a crime on your Rap Sheet
        self.law = kind is KIND_LAW  # a Law card, proposed to be voted on
        # a Maneuver or Departure card played as the Evening's one choice
        self.evening_play = kind in (KIND_MANEUVER, KIND_DEPARTURE_CARD) and AT_EVENING in timing
        # a Maneuver played among a crime's reactions to Repeal a Law
        self.reaction_repeal = kind is KIND_MANEUVER and AT_REACTION in timing and "repeal" in names
        self.repeals = "repeal" in names  # needs a Law in effect to do anything
        self.proposes = "propose_law" in names  # needs a Law to propose
        self.needs_rival = any(
            dict(t.args).get(k) == "rival" for t in steps for k in ("to", "from", "who")
        )
        # the crime type a Cover covers ("any" for all; None: not a Cover)
        covers = card.covers
        self.covers: str | None = covers.id if kind is KIND_COVER and covers is not None else None
        # the door a Departure card is for (None: not one)
        door = card.door
        self.door: str | None = door.id if kind is KIND_DEPARTURE_CARD and door else None
        # the bots' worth of keeping it: `worth`, or worked out from it (`worth_of`)
        self.worth_of = WORTH_FIXED
        self.worth = 2.0
        if card.crime:
            self.worth_of, self.worth = WORTH_CRIME, 3.0 + card.crime.payout / 2
        elif kind is KIND_COVER:
            self.worth = 2.5
        elif kind is KIND_LAW:
            self.worth_of = WORTH_LAW
        elif kind is KIND_DEPARTURE_CARD:
            self.worth_of = WORTH_DEPARTURE
        elif card.id in ("shred", "tip-off"):
            self.worth = 3.0


_KEPT: dict[int, Facts] = {}  # by the id of the card definition (its facts hold it)


def facts_of(card: Card) -> Facts:
    """The facts of a card definition, worked out the first time they are asked for."""
    known = _KEPT.get(id(card))
    if known is None or known.card is not card:
        known = _KEPT[id(card)] = Facts(card)
    return known


class Sorts:
    """The card instances of one game's cards that share a fact, as sets: what the rules
    and the bots look for in a hand again and again ("the crimes and tricks the Afternoon
    may offer") is then one set intersection made in C
    (`sorts.afternoon_play.intersection(hand)`), not a loop over the hand asking each
    card's facts. Each set is exactly the instances whose facts say so
    (`facts[inst].afternoon_play` and so on); nothing here is hidden either."""

    __slots__ = (
        "afternoon_play",
        "cover",
        "crime",
        "door",
        "evening_play",
        "law",
        "maybe_junk",
        "reaction_repeal",
        "reaction_trick",
        "vote",
    )

    def __init__(self, facts: Sequence[Facts]) -> None:
        def where(fact: Callable[[Facts], object]) -> frozenset[int]:
            return frozenset(inst for inst, f in enumerate(facts) if fact(f))

        self.crime = where(lambda f: f.crime_type is not None)
        self.afternoon_play = where(lambda f: f.afternoon_play)
        self.reaction_trick = where(lambda f: f.reaction_trick)
        self.reaction_repeal = where(lambda f: f.reaction_repeal)
        self.law = where(lambda f: f.law)
        self.evening_play = where(lambda f: f.evening_play)
        self.cover = where(lambda f: f.covers is not None)
        self.door = where(lambda f: f.door is not None)
        # a Law or a Departure card: the only cards a bot may value below a fixed worth
        self.maybe_junk = where(lambda f: f.worth_of >= WORTH_LAW)
        self.vote = where(lambda f: AT_VOTE in f.card.timing)  # played into a vote
