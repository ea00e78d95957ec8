"""Diplomatic Immunity's set-up plan: each player's board, chips, money, hand and Goal, the
decks, the clock and the bank, counted from the components list and the rules numbers (the
block is `setup_diagram()` of `pnp.rulebook.setup_plan`; `rulebook_setup_figure.py` draws it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.rulebook.setup_plan import Pile, listing, one
from pnp.rulesets.diplomatic_immunity.model import DIRules

if TYPE_CHECKING:
    from pnp.content.project import Game

# The pieces a character board has a place for (boards.py draws the slots and the track).
SLOTS = ("immunity-chips", "signature-chips", "favor-chips")
TRACK = "heat-markers"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place: the seat colour, and the board (archetype index) they play."""

    number: int  # 1, 2, ... clockwise from the first player
    id: str
    name: str
    colour: str
    board: int


@dataclass(frozen=True, slots=True)
class TablePlan:
    """A game with boards, chips and decks (Diplomatic Immunity) after set-up."""

    players: int
    seats: tuple[Seat, ...]
    money: int  # each player's, in the game's units
    coins: tuple[int, ...]  # the coins that make it up, largest first
    hand: tuple[Pile, ...]  # each player's cards, by deck
    goal: Pile  # each player's secret Goal, face down
    pieces: tuple[Pile, ...]  # each player's seat set, `count` per seat
    favor: Pile | None  # the pieces each player takes for their character
    heat: int  # where the Heat marker starts
    heat_boxes: int  # the boxes of the Heat track
    middle: tuple[Pile, ...]  # the decks, the clock, the bank, the supplies
    clock: Pile
    bank: int
    box: tuple[Pile, ...]  # what goes back in the box


def _namer(game: Game) -> Callable[[str], str]:
    """A components name as prose says it: a game term keeps its capital ('Scandal tokens'),
    anything else is a common noun ('Die' -> 'die', 'Character boards')."""
    terms = {w.split()[0] for t in game.glossary or () for w in (t.term, *t.forms) if w}

    def name(label: str) -> str:
        first = label.split()[0] if label.split() else ""
        return label if first in terms else label[:1].lower() + label[1:]

    return name


def _coins(amount: int, values: list[int]) -> tuple[int, ...]:
    """Coins that make up an amount, largest first (a greedy change)."""
    out: list[int] = []
    for value in sorted(values, reverse=True):
        while value > 0 and amount >= value:
            out.append(value)
            amount -= value
    return tuple(out) if amount == 0 else ()


def table_plan(game: Game, players: int) -> TablePlan:
    """The table after set-up for a game played with boards, chips and decks."""
    rules, comps = game.rules, game.components
    if not isinstance(rules, DIRules) or comps is None:
        raise ValueError("this game has no starting money, hand or clock to picture")
    if len(comps.seats) < players:
        raise ValueError(f"this game has {len(comps.seats)} seat sets, not {players}")
    decks = comps.decks()
    name = _namer(game)
    seats = tuple(
        Seat(n + 1, s.id, s.name, s.colour, n) for n, s in enumerate(comps.seats[:players])
    )
    hand = tuple(
        Pile(name(decks[d.deck.id].name) if d.deck.id in decks else d.deck.id, d.cards, d.deck.id)
        for d in rules.start.hand
    )
    dealt = {d.deck.id: d.cards * players for d in rules.start.hand}
    goals = game.goals or ()
    goal_deck = "goals"  # the deck the Goal cards are dealt from, as `cards('goals')` knows it
    pieces = tuple(Pile(name(i.name), i.per_seat, item=i.id) for i in comps.items if i.per_seat)
    favor = next(
        (Pile(name(i.name), i.per_character, item=i.id) for i in comps.items if i.per_character),
        None,
    )
    middle: list[Pile] = []
    clock_deck = rules.clock.deck.id
    clock = Pile(
        name(decks[clock_deck].name) if clock_deck in decks else clock_deck,
        rules.clock.cards,
        clock_deck,
    )
    box: list[Pile] = []
    for deck, item in decks.items():
        if deck == clock_deck:
            left = item.count - clock.count
            if left:
                box.append(Pile(name(item.name), left, deck, item.id))
        elif deck in dealt:
            middle.append(Pile(name(item.name), item.count - dealt[deck], deck, item.id))
        elif deck == goal_deck and goals:
            box.append(Pile(name(item.name), len(goals) - players, deck, item.id))
    for i in comps.items:
        if i.deck or i.per_seat:
            continue
        if i.characters:  # the boards: one per player
            box.append(Pile(name(i.name), i.count - players, item=i.id))
        elif i.per_character:  # one per character: each player takes their diplomat's
            box.append(Pile(name(i.name), i.count - players * i.per_character, item=i.id))
        else:  # a supply in the middle (tokens, the die)
            middle.append(Pile(name(i.name), i.count, item=i.id))
    if len(comps.seats) > players:
        box.append(Pile("seat sets", len(comps.seats) - players))
    money = comps.money
    values = [d.value for d in money.denominations] if money else []
    bank = (money.total if money else 0) - players * rules.start.money
    goal = Pile(name(decks[goal_deck].name) if goal_deck in decks else "Goal cards", 1, goal_deck)
    return TablePlan(
        players,
        seats,
        rules.start.money,
        _coins(rules.start.money, values),
        hand,
        goal,
        pieces,
        favor,
        0,
        rules.heat.track_max + 1,
        tuple(middle),
        clock,
        bank,
        tuple(p for p in box if p.count > 0),
    )


def table_words(p: TablePlan, money: str, bank: str) -> list[tuple[str, str]]:
    """(where, what) rows of a table game's set-up."""
    slots = [one(x.label) for x in p.pieces if x.item in SLOTS]
    if p.favor is not None:
        slots.append(one(p.favor.label))
    track = next((one(x.label) for x in p.pieces if x.item == TRACK), "")
    board = (
        "a character board"
        + (f", with the {track} on {p.heat}" if track else "")
        + (f" and the {listing(slots)} in their slots" if slots else "")
    )
    beside = listing(
        [
            f"{x.count} {x.label}" if x.count > 1 else f"a {one(x.label)}"
            for x in p.pieces
            if x.item not in SLOTS and x.item != TRACK
        ]
    )
    hand = "a hand of " + listing(
        [f"{h.count} {h.label.replace(' deck', '')} cards" for h in p.hand]
    )
    each = [board, beside, money, hand, f"a {one(p.goal.label)}, face down"]
    middle = [
        f"the {m.label} ({m.count} cards), face down"
        if m.deck
        else f"{m.count} {m.label}"
        if m.count > 1
        else f"the {m.label}"
        for m in p.middle
    ]
    middle.append(f"the clock: {p.clock.count} cards of the {p.clock.label}, face down")
    middle.append(f"the bank: {bank}")
    box = [
        f"{b.count} cards of the {b.label}" if b.label.endswith(" deck") else f"{b.count} {b.label}"
        for b in p.box
    ]
    return [
        ("In front of each player", "; ".join(x for x in each if x) + "."),
        ("In the middle of the table", "; ".join(middle) + "."),
        ("Back in the box", listing(box) + "."),
    ]
