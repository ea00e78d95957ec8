"""The choices (actions) of a Diplomatic Immunity game, and the question that asks for one.

Actions are small frozen values, one class per kind: a game is replayed from the list of
them. A card is its instance (an index into `State.cards`), a player their seat. Each class's
`word` is how a trace writes it ("crime Forged Visas", "deck street"; a `Vote` is written
"yes" or "nay"); `Game.describe` writes the whole choice. The commonest actions are shared
instances (`NO`, `STOP`, `DISCARD[card]`...): the rules offer these rather than new ones.

The rules ask with an `Ask`: whose choice it is, what kind of choice (its `kind`, which the
heuristic bots dispatch on), the actions open and what it is about.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, TypeVar

K = TypeVar("K")
V = TypeVar("V")

# ---- the set-up ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Character:
    """A player takes a board (archetype) and one of its diplomats."""

    word: ClassVar[str] = "diplomat"
    archetype: str
    diplomat: str


@dataclass(frozen=True, slots=True)
class TakeGoal:
    """A player takes a Goal card from those left."""

    word: ClassVar[str] = "goal"
    goal: str


# ---- answers without anything to name --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class No:
    """Don't: no Burn Bag, no Signature, no Favor cashed or called, no Cover, no Deny."""

    word: ClassVar[str] = "no"


@dataclass(frozen=True, slots=True)
class Nothing:
    """Nothing at all: no reaction, no Repeal, no bribe offered, no vote card."""

    word: ClassVar[str] = "none"


@dataclass(frozen=True, slots=True)
class Stop:
    """No more crimes or tricks this Afternoon."""

    word: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Pass:
    """The Evening goes by without its one choice."""

    word: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Accept:
    """Take what comes: a Leak or Tip-Off unanswered, a bribe, a Marriage proposal."""

    word: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Refuse:
    """A bribe refused."""

    word: ClassVar[str] = "refuse"


# ---- the Morning and the hand ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawFrom:
    """The deck a card is drawn from: street or politics."""

    word: ClassVar[str] = "deck"
    deck: str


@dataclass(frozen=True, slots=True)
class Burn:
    """Use the Burn Bag: discard cards to draw others."""

    word: ClassVar[str] = "burn"


@dataclass(frozen=True, slots=True)
class Discard:
    """A card discarded from the hand (to the Burn Bag, to the hand limit, by an effect)."""

    word: ClassVar[str] = "card"
    card: int


# ---- the Afternoon ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CommitCrimes:
    """The Afternoon is for crimes (and tricks), not for lying low."""

    word: ClassVar[str] = "crimes"


@dataclass(frozen=True, slots=True)
class LayLow:
    """The Afternoon is spent lying low: Heat cools."""

    word: ClassVar[str] = "lay_low"


@dataclass(frozen=True, slots=True)
class Commit:
    """A crime card from the hand, committed."""

    word: ClassVar[str] = "crime"
    card: int


@dataclass(frozen=True, slots=True)
class PlayTrick:
    """A Dirty Trick played in the Afternoon (a Tip-Off or Leak on a Departing rival too)."""

    word: ClassVar[str] = "trick"
    card: int


@dataclass(frozen=True, slots=True)
class UseSignature:
    """The diplomat's Signature, used once a game; `at_departure`: aimed at a Departing
    rival's Departure, the way a Tip-Off or Leak card is."""

    word: ClassVar[str] = "signature"
    at_departure: bool = False


@dataclass(frozen=True, slots=True)
class PickCrime:
    """A crime on a Rap Sheet: lost to a Scandal, removed by an effect, or framed on a rival."""

    word: ClassVar[str] = "crime"
    card: int


@dataclass(frozen=True, slots=True)
class Aim:
    """The Departing rival a Tip-Off or Leak (or a Signature like one) is aimed at."""

    word: ClassVar[str] = "aim"
    seat: int


@dataclass(frozen=True, slots=True)
class Target:
    """The player (or rival) a card's effect picks."""

    word: ClassVar[str] = "player"
    seat: int


@dataclass(frozen=True, slots=True)
class Option:
    """One of a card's options (Blackmail's), by its place in the card's list."""

    word: ClassVar[str] = "option"
    index: int


# ---- reactions and answers -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class React:
    """A reaction card played on a rival's crime (a Leak, a Tip-Off)."""

    word: ClassVar[str] = "react"
    card: int


@dataclass(frozen=True, slots=True)
class Repeal:
    """A Repeal card played while a crime resolves."""

    word: ClassVar[str] = "repeal"
    card: int


@dataclass(frozen=True, slots=True)
class Cover:
    """A Cover card played on your own crime."""

    word: ClassVar[str] = "cover"
    card: int


@dataclass(frozen=True, slots=True)
class Shred:
    """A Shred card: a Leak or Tip-Off aimed at you is cancelled."""

    word: ClassVar[str] = "shred"
    card: int


@dataclass(frozen=True, slots=True)
class Favor:
    """A Favor chip: the attacker's, cashed to take their attack back ("Take it back"), or
    the proposer's own, offered as a bribe."""

    word: ClassVar[str] = "favor"


@dataclass(frozen=True, slots=True)
class Cash:
    """The holder cashes the Favor chip they hold ("Take it back")."""

    word: ClassVar[str] = "cash"


@dataclass(frozen=True, slots=True)
class Honour:
    """The owner of a cashed Favor chip does what it asks."""

    word: ClassVar[str] = "honour"


@dataclass(frozen=True, slots=True)
class Break:
    """The owner of a cashed Favor chip breaks their word (and takes Heat for it)."""

    word: ClassVar[str] = "break"


# ---- the Evening -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ProposeLaw:
    """A Law card from the hand, proposed."""

    word: ClassVar[str] = "law"
    card: int


@dataclass(frozen=True, slots=True)
class PlayManeuver:
    """A Maneuver (or a Departure card played for its effect) in the Evening."""

    word: ClassVar[str] = "maneuver"
    card: int


@dataclass(frozen=True, slots=True)
class HushMoney:
    """Pay Hush Money: Heat cools."""

    word: ClassVar[str] = "hush"


@dataclass(frozen=True, slots=True)
class UseBend:
    """Use the board's Bend."""

    word: ClassVar[str] = "bend"


@dataclass(frozen=True, slots=True)
class Book:
    """Reveal the Goal and book a Departure by a door, with a Departure card for it (its
    instance) or without one (None)."""

    word: ClassVar[str] = "book"
    door: str
    card: int | None


@dataclass(frozen=True, slots=True)
class PickLaw:
    """A Law in effect (its card), Repealed."""

    word: ClassVar[str] = "law"
    card: int


@dataclass(frozen=True, slots=True)
class Rival:
    """A rival: the one a Law names, or a Marriage partner."""

    word: ClassVar[str] = "rival"
    seat: int


# ---- votes -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Vote:
    """Yes or nay: a vote on a Law, or the vote a cashed Favor chip calls for (a trace
    writes it "yes" or "nay")."""

    yes: bool


@dataclass(frozen=True, slots=True)
class VoteCard:
    """A card played into a vote, or the Signature (card None); `yes` is the side its extra
    votes go to, None for a card that adds none (it weighs a vote instead)."""

    word: ClassVar[str] = "card"
    card: int | None
    yes: bool | None


@dataclass(frozen=True, slots=True)
class OfferMoney:
    """A bribe of money for a yes."""

    word: ClassVar[str] = "money"
    amount: int


# ---- Departures ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deny:
    """Pay to Deny a Tip-Off on your Departure."""

    word: ClassVar[str] = "deny"


@dataclass(frozen=True, slots=True)
class WalkOut:
    """A partner walks out of a Marriage."""

    word: ClassVar[str] = "walk"


Action = (
    Character
    | TakeGoal
    | No
    | Nothing
    | Stop
    | Pass
    | Accept
    | Refuse
    | DrawFrom
    | Burn
    | Discard
    | CommitCrimes
    | LayLow
    | Commit
    | PlayTrick
    | UseSignature
    | PickCrime
    | Aim
    | Target
    | Option
    | React
    | Repeal
    | Cover
    | Shred
    | Favor
    | Cash
    | Honour
    | Break
    | ProposeLaw
    | PlayManeuver
    | HushMoney
    | UseBend
    | Book
    | PickLaw
    | Rival
    | Vote
    | VoteCard
    | OfferMoney
    | Deny
    | WalkOut
)

# Shared instances of the actions without fields, of the two decks and of the two votes.
NO, NOTHING, STOP, PASS = No(), Nothing(), Stop(), Pass()
ACCEPT, REFUSE = Accept(), Refuse()
BURN = Burn()
COMMIT_CRIMES, LAY_LOW = CommitCrimes(), LayLow()
SIGNATURE, SIGNATURE_AT_DEPARTURE = UseSignature(), UseSignature(at_departure=True)
FAVOR, CASH, HONOUR, BREAK = Favor(), Cash(), Honour(), Break()
HUSH_MONEY, BEND = HushMoney(), UseBend()
YES, NAY = Vote(True), Vote(False)
DENY, WALK_OUT = Deny(), WalkOut()
STREET, POLITICS = DrawFrom("street"), DrawFrom("politics")


class Shared(dict[K, V]):
    """Shared instances of a one-field action, each made the first time it is looked up:
    `DISCARD[card]` is `Discard(card)`, the same object every time."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self._make(key)
        return made


# The commonest actions with a field (cards, seats, money): the rules offer these.
DISCARD = Shared(Discard)
COMMIT = Shared(Commit)
PLAY_TRICK = Shared(PlayTrick)
PICK_CRIME = Shared(PickCrime)
TARGET = Shared(Target)
REACT = Shared(React)
REPEAL = Shared(Repeal)
COVER = Shared(Cover)
PROPOSE_LAW = Shared(ProposeLaw)
PLAY_MANEUVER = Shared(PlayManeuver)
OFFER_MONEY = Shared(OfferMoney)


# The options of the choices the rules always put the same way.
BURN_OR_NOT = (NO, BURN)
DECKS = (STREET, POLITICS)
SIGNATURE_OR_NOT = (NO, SIGNATURE)
CASH_OR_NOT = (NO, CASH)
HONOUR_OR_BREAK = (HONOUR, BREAK)
CALL_VOTE = (NO, YES, NAY)
YES_OR_NAY = (YES, NAY)
REFUSE_OR_ACCEPT = (REFUSE, ACCEPT)
DENY_OR_NOT = (NO, DENY)
ACCEPT_OR_WALK_OUT = (ACCEPT, WALK_OUT)


def among(action: Action, options: tuple[Action, ...]) -> bool:
    """Whether `action` is one of `options`. The answer to a choice is nearly always one of
    its option objects, so they are looked for first (quicker than comparing values)."""
    for option in options:
        if option is action:
            return True
    return action in options


class Ask(NamedTuple):
    """A choice the rules need from one player, and the actions open to them."""

    seat: int
    kind: str
    options: tuple[Action, ...]
    about: tuple[Any, ...] = ()  # what the choice is about: the crime, the Law, the card


# The rules as a generator: it yields each choice it needs and receives the action taken.
Flow = Generator[Ask, Action, Any]

_new = tuple.__new__


def asking(seat: int, kind: str, options: tuple[Action, ...], about: tuple[Any, ...] = ()) -> Ask:
    """The question of a choice with two options or more (one of the fixed choices above),
    to be yielded as it is. (`tuple.__new__` makes the Ask without a call of its Python
    `__new__`.)"""
    return _new(Ask, (seat, kind, options, about))
