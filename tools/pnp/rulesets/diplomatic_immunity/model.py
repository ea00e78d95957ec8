"""Diplomatic Immunity's rules numbers: everything in the rulebook that is not on a card."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from pnp.content.loader import Document
from pnp.content.model import Ref, Src, Term


@dataclass(frozen=True, slots=True)
class Limit:
    """Heat Limits: a Scandal fires when Heat reaches the Limit."""

    with_immunity: int
    without_immunity: int


@dataclass(frozen=True, slots=True)
class Share:
    """A share of something lost, and which way the amount lost is rounded."""

    share: float
    round: str

    def of(self, amount: int) -> int:
        """How much is lost from `amount`: half of $7M rounded down loses $3M."""
        exact = amount * self.share
        return math.floor(exact) if self.round == "down" else math.ceil(exact)


@dataclass(frozen=True, slots=True)
class Heat:
    track_max: int
    limit: Limit
    src: Src = field(compare=False, repr=False)  # where the Limits are written


@dataclass(frozen=True, slots=True)
class Scandal:
    heat_after: int
    lose_money: Share
    discard_rap_sheet: Share
    tokens: int
    recall_at: int
    ends_your_turn: bool


@dataclass(frozen=True, slots=True)
class Recall:
    discard_hand: bool
    can_win: bool
    can_be_targeted: bool
    takes_heat: bool
    votes: bool
    can_be_bribed: bool
    keeps_money: bool
    takes_turns: bool
    laws_stay: bool
    keeps_favors: bool


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards taken from one deck."""

    deck: Ref
    cards: int


@dataclass(frozen=True, slots=True)
class Start:
    money: int
    hand: tuple[Draw, ...]


@dataclass(frozen=True, slots=True)
class Morning:
    cool: int
    draw: int
    draw_from: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class Afternoon:
    lay_low_cool: int
    covers_per_crime: int
    lay_low_blocks_tricks: bool
    reactions_per_rival: int


@dataclass(frozen=True, slots=True)
class HushMoney:
    price: int
    cool: int


@dataclass(frozen=True, slots=True)
class Evening:
    law_fee: int
    hush_money: HushMoney


@dataclass(frozen=True, slots=True)
class DepartureRules:
    deny_price: int
    collapse_skips_turn: bool
    failure_skips_turn: bool
    partner_needs_marriage_door: bool
    partners_leave_together: bool
    attacks_on_departing: str
    booking_needs_full_rounds: bool = False


@dataclass(frozen=True, slots=True)
class Decks:
    reshuffle: str


@dataclass(frozen=True, slots=True)
class Endings:
    clock: str
    all_recalled: str


@dataclass(frozen=True, slots=True)
class LawRules:
    same_law_twice: bool
    failed_law: str


@dataclass(frozen=True, slots=True)
class FavorRules:
    chips_each: int
    break_heat: int


@dataclass(frozen=True, slots=True)
class BurnBag:
    discard: int
    draw: int


@dataclass(frozen=True, slots=True)
class Clock:
    deck: Ref
    cards: int


@dataclass(frozen=True, slots=True)
class Voting:
    passes: str
    ties: str


@dataclass(frozen=True, slots=True)
class Setup:
    die_sides: int


@dataclass(frozen=True, slots=True)
class DIRules:
    """The whole rules-numbers document."""

    setup: Setup
    start: Start
    heat: Heat
    scandal: Scandal
    recall: Recall
    morning: Morning
    afternoon: Afternoon
    evening: Evening
    departure: DepartureRules
    favor: FavorRules
    hand_limit: int
    hand_limit_src: Src = field(compare=False, repr=False)
    burn_bag: BurnBag
    clock: Clock
    voting: Voting
    decks: Decks
    endings: Endings
    laws: LawRules
    src: Src = field(compare=False, repr=False)

    def number(self, dotted: str) -> int | None:
        """The whole number at a dotted path such as `scandal.recall_at`, or None."""
        value: object = self
        for part in dotted.split("."):
            if not dataclasses.is_dataclass(value) or part not in {
                f.name for f in dataclasses.fields(value)
            }:
                return None
            value = getattr(value, part)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def limit_for(self, modifiers: Iterable[Term], immunity: bool) -> int:
        """The Heat Limit of a character whose Bend and Cost hold `modifiers`."""
        limit = self.heat.limit.with_immunity if immunity else self.heat.limit.without_immunity
        for term in modifiers:
            if term.name == "limit":
                own = int(term.arg("with_immunity" if immunity else "without_immunity"))
                limit = own or limit
        return limit

    @staticmethod
    def build(doc: Document) -> DIRules:
        """The model from a schema-valid rules document."""
        d = doc.data

        def ref(path: tuple[str | int, ...], value: str) -> Ref:
            return Ref(value, Src.at(doc, path))

        heat = d["heat"]
        return DIRules(
            setup=Setup(**d["setup"]),
            start=Start(
                d["start"]["money"],
                tuple(
                    Draw(ref(("start", "hand", i, "deck"), h["deck"]), h["cards"])
                    for i, h in enumerate(d["start"]["hand"])
                ),
            ),
            heat=Heat(heat["track_max"], Limit(**heat["limit"]), Src.at(doc, ("heat", "limit"))),
            scandal=Scandal(
                **{
                    **d["scandal"],
                    "lose_money": Share(**d["scandal"]["lose_money"]),
                    "discard_rap_sheet": Share(**d["scandal"]["discard_rap_sheet"]),
                }
            ),
            recall=Recall(**d["recall"]),
            morning=Morning(
                d["morning"]["cool"],
                d["morning"]["draw"],
                tuple(
                    ref(("morning", "draw_from", i), x)
                    for i, x in enumerate(d["morning"].get("draw_from", []))
                ),
            ),
            afternoon=Afternoon(**d["afternoon"]),
            evening=Evening(d["evening"]["law_fee"], HushMoney(**d["evening"]["hush_money"])),
            departure=DepartureRules(**d["departure"]),
            favor=FavorRules(**d["favor"]),
            hand_limit=d["hand_limit"],
            hand_limit_src=Src.at(doc, ("hand_limit",)),
            burn_bag=BurnBag(**d["burn_bag"]),
            clock=Clock(ref(("clock", "deck"), d["clock"]["deck"]), d["clock"]["cards"]),
            voting=Voting(**d["voting"]),
            decks=Decks(**d["decks"]),
            endings=Endings(**d["endings"]),
            laws=LawRules(**d["laws"]),
            src=Src.at(doc, ()),
        )
