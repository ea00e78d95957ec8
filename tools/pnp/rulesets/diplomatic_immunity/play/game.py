"""The rules of Diplomatic Immunity as an executable model, in python-chess's shape.

`Game(model, players, seed)` is one game. `to_move()` is the seat whose choice it is,
`legal_actions()` lists the choices open to it, `is_legal(action)` tells whether one is
allowed, `apply(action)` plays it and runs the rules up to the next choice, `outcome()` is
None until the game ends. `view(seat)` is what that seat may know, and all a bot gets.
The turn is written once, as a generator that yields each choice it needs (`Ask`) and
receives the answer, so the code reads like the rulebook. The game owns its randomness: a
seed and the list of choices replay a game exactly.

Card effects, Goal conditions, Bends, Costs, Signatures, Laws and Headlines run from their
vocabulary terms (`effects.py`); the rules numbers come from the content's rules document.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from pnp.content.cards import Ability, Card
from pnp.content.departures import Door, Goal
from pnp.content.model import Term
from pnp.content.project import Game as Model
from pnp.rules.engine import IllegalAction, InvariantViolation, Outcome, Violation
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play import effects, leaving, modifiers, voting
from pnp.rulesets.diplomatic_immunity.play.actions import (
    ACCEPT,
    BEND,
    BURN_OR_NOT,
    CASH_OR_NOT,
    COMMIT,
    COMMIT_CRIMES,
    COVER,
    DECKS,
    DISCARD,
    FAVOR,
    HONOUR_OR_BREAK,
    HUSH_MONEY,
    LAY_LOW,
    NO,
    NOTHING,
    PASS,
    PICK_CRIME,
    PLAY_MANEUVER,
    PLAY_TRICK,
    PROPOSE_LAW,
    REACT,
    REPEAL,
    SIGNATURE,
    SIGNATURE_AT_DEPARTURE,
    SIGNATURE_OR_NOT,
    STOP,
    Action,
    Aim,
    Ask,
    Book,
    Cash,
    Character,
    Commit,
    Cover,
    Discard,
    DrawFrom,
    Favor,
    Flow,
    Honour,
    HushMoney,
    LayLow,
    No,
    Nothing,
    OfferMoney,
    Option,
    PickCrime,
    PickLaw,
    PlayManeuver,
    PlayTrick,
    ProposeLaw,
    React,
    Repeal,
    Rival,
    Shred,
    Stop,
    TakeGoal,
    Target,
    UseBend,
    UseSignature,
    Vote,
    VoteCard,
    among,
    asking,
)
from pnp.rulesets.diplomatic_immunity.play.facts import Facts, Sorts, facts_of
from pnp.rulesets.diplomatic_immunity.play.kinds import (
    AT_AFTERNOON,
    AT_COUNTER,
    AT_EVENING,
    AT_REACTION,
    KIND_DIRTY_TRICK,
)
from pnp.rulesets.diplomatic_immunity.play.state import Player, State
from pnp.rulesets.diplomatic_immunity.play.view import View

A = TypeVar("A")  # the options' type: an action class, or `object` for a mix of them
MAX_STEPS = 20_000  # every game ends well within this many choices
# An untraced game (a simulated one) checks every invariant after this many choices and at
# its end, and traces a broken one back to the choice that broke it; a traced game checks
# after every choice.
CHECK_EVERY = 16
KITS_KEPT = 8  # the contents whose `Kit` is kept at once (a run plays one)
_new = tuple.__new__


class TurnEnds(Exception):
    """A Scandal on your own turn ends it at once."""


@dataclass
class Stats:
    """What the simulator counts in one game."""

    card_plays: dict[str, int] = field(default_factory=dict)
    doors_booked: dict[str, int] = field(default_factory=dict)
    doors_succeeded: dict[str, int] = field(default_factory=dict)
    departures_failed: dict[str, int] = field(default_factory=dict)  # by reason

    def failed(self, reason: str) -> None:
        self.departures_failed[reason] = self.departures_failed.get(reason, 0) + 1

    def played(self, card: Card) -> None:
        self.card_plays[card.id] = self.card_plays.get(card.id, 0) + 1


class Kit:
    """What every game played with one content starts from, read once from it: each card
    instance's definition and facts (and the instances that share a fact), the doors by id,
    the Law markers of a seat, and the choices of the set-up (a diplomat of each board, each
    Goal)."""

    __slots__ = (
        "cards",
        "characters",
        "doors",
        "facts",
        "goals",
        "limit_sources",
        "markers",
        "model",
        "piles",
        "sorts",
    )

    _KEPT: ClassVar[dict[int, Kit]] = {}  # by the id of the content (each kit holds it)

    def __init__(self, model: Model) -> None:
        assert isinstance(model.rules, DIRules), "a Diplomatic Immunity rules document"
        self.model = model
        cards: list[Card] = []
        facts: list[Facts] = []
        for card in model.cards or ():
            cards += [card] * card.count
            facts += [facts_of(card)] * card.count
        self.cards: tuple[Card, ...] = tuple(cards)
        self.facts: tuple[Facts, ...] = tuple(facts)
        self.sorts = Sorts(self.facts)  # the instances that share a fact
        self.doors: Mapping[str, Door] = {d.id: d for d in model.doors or ()}
        self.markers = voting.law_markers(model)
        # each board's choices of a diplomat, and each Goal's choice, by id
        self.characters: dict[str, tuple[Character, ...]] = {
            a.id: tuple(Character(a.id, d.id) for d in a.diplomats) for a in model.archetypes or ()
        }
        self.goals: dict[str, TakeGoal] = {g.id: TakeGoal(g.id) for g in model.goals or ()}
        # the card instances each pile starts with: the Street deck, the Politics deck, the
        # clock's deck and the box (every other card)
        street: list[int] = []
        politics: list[int] = []
        clock: list[int] = []
        boxed: list[int] = []
        for inst, card in enumerate(cards):
            deck = card.deck.id
            if deck == "street":
                street.append(inst)
            elif deck == "politics":
                politics.append(inst)
            elif deck == model.rules.clock.deck.id:
                clock.append(inst)
            else:
                boxed.append(inst)
        self.piles = (tuple(street), tuple(politics), tuple(clock), tuple(boxed))
        # each board's Bend and Cost that set its Heat Limit, as sources of a use
        self.limit_sources: dict[str, tuple[tuple[str, str], ...]] = {
            a.id: tuple(
                (kind, a.id)
                for kind, ability in (("bend", a.bend), ("cost", a.cost))
                if any(t.name == "limit" for t in ability.while_)
            )
            for a in model.archetypes or ()
        }

    @classmethod
    def of(cls, model: Model) -> Kit:
        """The kit of a content, read the first time it is asked for (a few are kept)."""
        kept = cls._KEPT
        kit = kept.get(id(model))
        if kit is None or kit.model is not model:
            if len(kept) >= KITS_KEPT:
                kept.clear()
            kit = kept[id(model)] = cls(model)
        return kit


class Game:
    """One game of Diplomatic Immunity, from the set-up to the end.

    `trace` is the readable record of everything that happened (with every choice too when
    `trace_choices` is on; None when the game is played without one); `actions` the choices
    made, which replay the game from its seed.
    With `check`, the invariants are checked as the game goes (after every choice of a
    traced game; every CHECK_EVERY choices and at the end of one without a trace), and a
    broken one raises InvariantViolation at the choice that broke it (as does a choice the
    rules cannot offer, or a game that never ends).
    """

    def __init__(
        self, model: Model, players: int, seed: int, check: bool = True, trace: bool = True
    ) -> None:
        assert isinstance(model.rules, DIRules), "a Diplomatic Immunity rules document"
        self.model = model
        self.rules: DIRules = model.rules
        self.seed = seed
        # The game owns its randomness, both seeded from the game's seed: `rng` for the
        # players' choices (the bots draw from it and from nothing else) and `dice` for the
        # rules (shuffles, the die), so that replaying the choices without the bots draws the
        # same cards.
        self.rng = random.Random(f"{seed}/players")
        self.dice = random.Random(seed)
        self.check = check
        self.check_every = 1 if trace else CHECK_EVERY
        self._max_steps = MAX_STEPS
        self.trace: list[str] | None = [] if trace else None
        self.stats = Stats()
        self.actions: list[Action] = []
        self.trace_choices = False  # replays and golden traces list every choice too
        kit = self.kit = Kit.of(model)
        self.sorts = kit.sorts  # the instances that share a fact (the state's facts')
        self.state = State(
            cards=list(kit.cards), players=[], facts=list(kit.facts), sorts=kit.sorts
        )
        self.n = players
        self.markers = kit.markers
        self.doors = kit.doors
        # The choice after which `_checkpoint` is due next (from `check`, `check_every` and
        # `max_steps`, as they are at the start; `max_steps` may be changed later).
        self._due = self._due_after(0)
        self._flow = self._game()
        self._ask: Ask | None = next(self._flow)

    # ---- python-chess's shape ------------------------------------------------------------

    @property
    def max_steps(self) -> int:
        """The choices a game may take before it is stopped as one that never ends."""
        return self._max_steps

    @max_steps.setter
    def max_steps(self, steps: int) -> None:
        self._max_steps = steps
        self._due = self._due_after(self.state.steps)

    @property
    def ask(self) -> Ask | None:
        """The choice waiting to be made, or None when the game is over."""
        return self._ask

    def to_move(self) -> int:
        """The seat whose choice it is (-1 once the game is over)."""
        return self._ask.seat if self._ask is not None else -1

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions open to the player to move."""
        return self._ask.options if self._ask else ()

    def is_legal(self, action: Action) -> bool:
        """Whether the rules allow this choice now: it is one of the options asked for."""
        return self._ask is not None and among(action, self._ask.options)

    def apply(self, action: Action) -> None:
        """Play one action and run the rules to the next choice.

        An action that is not open now raises IllegalAction; with `check`, a broken
        invariant raises InvariantViolation, at the choice that broke it."""
        ask = self._ask
        if ask is None:
            raise IllegalAction(f"illegal action {action!r} for a game that is over")
        # `among`, written out (a call fewer for every choice): the answer is nearly always
        # one of the option objects, so they are looked for first.
        for option in ask.options:
            if option is action:
                break
        else:
            if action not in ask.options:
                raise IllegalAction(f"illegal action {action!r} for {ask.kind}")
        self.actions.append(action)
        state = self.state
        state.steps = steps = state.steps + 1
        if self.trace_choices and self.trace is not None:
            self.trace.append(f"  > {self.describe(action)}")
        try:
            ask = self._ask = self._flow.send(action)
        except StopIteration:
            ask = self._ask = None
        except Exception as exc:
            # The rules stopped: an invariant broken since the last check is the first fault.
            earlier = len(self.actions) - 1
            if self.check and self.check_every > 1 and (first := self._first_broken(earlier)):
                raise first from exc
            raise
        if ask is None or steps >= self._due:
            self._checkpoint(steps, ask is None)

    def _checkpoint(self, steps: int, over: bool) -> None:
        """After choice `steps`: with `check`, the invariants checked every `check_every`
        choices and when the game ends (`over`) or must; a game past `max_steps` stopped.
        Sets the choice after which this is due next (`_due`)."""
        if self.check and (over or steps > self.max_steps or steps % self.check_every == 0):
            self._check()
        if steps > self.max_steps:
            raise self._broken("ends in time", f"no ending after {self.max_steps} choices")
        self._due = self._due_after(steps)

    def _due_after(self, steps: int) -> int:
        """The next choice after choice `steps` at which `_checkpoint` is due."""
        every = self.check_every if self.check else self.max_steps + 1
        return min(steps - steps % every + every, self.max_steps + 1)

    def outcome(self) -> Outcome | None:
        """None while the game goes on; then how it ended (departure, clock, all_recalled)
        and who won."""
        if self.state.ending is None:
            return None
        return Outcome(self.state.ending, self.state.winners)

    def view(self, seat: int) -> View:
        """What `seat` may know now, with the choice it is asked when it is theirs."""
        ask = self._ask
        return View(
            self.state, self.rules, seat, ask if ask is not None and ask.seat == seat else None
        )

    def describe(self, action: Action) -> str:
        """The choice waiting now, answered with `action`, as a line of the trace: who
        chooses, the kind of choice, and the action with card instances by name and seats
        by diplomat ("Henrik Dahl: afternoon-action crime Forged Visas")."""
        ask = self._ask
        assert ask is not None, "the game is over"
        who = self.name(ask.seat) if self.state.players else f"seat {ask.seat}"
        return f"{who}: {ask.kind} {self._words(action, ask.seat)}"

    def _words(self, action: Action, seat: int) -> str:
        """The action alone in words; `seat` is whose it is (a Signature is theirs)."""
        s = self.state
        match action:
            case (
                Commit(card)
                | PickCrime(card)
                | PlayTrick(card)
                | Discard(card)
                | React(card)
                | Repeal(card)
                | ProposeLaw(card)
                | PickLaw(card)
                | PlayManeuver(card)
                | Cover(card)
                | Shred(card)
            ):
                return f"{action.word} {s.cards[card].name}"
            case Aim(aimed) | Target(aimed) | Rival(aimed):
                return f"{action.word} {self.name(aimed) if s.players else aimed}"
            case VoteCard(card, yes):
                name = (
                    s.cards[card].name
                    if card is not None
                    else s.players[seat].diplomat.signature.name
                )
                return f"card {name} {'-' if yes is None else 'yes' if yes else 'nay'}"
            case Vote(yes):
                return "yes" if yes else "nay"
            case Character(archetype, diplomat):
                return f"diplomat {archetype} {diplomat}"
            case TakeGoal(goal):
                return f"goal {goal}"
            case DrawFrom(deck):
                return f"deck {deck}"
            case Book(door, card):
                return f"book {door} {card}"
            case Option(index):
                return f"option {index}"
            case OfferMoney(amount):
                return f"money {amount}"
            case UseSignature(at_departure):
                return "signature departure" if at_departure else "signature"
            case _:
                return action.word

    # ---- helpers ---------------------------------------------------------------------------

    def log(self, text: str) -> None:
        """A line of the trace, when the game keeps one (a caller that formats the line
        looks at `trace` first: a game without one formats none)."""
        if self.trace is not None:
            self.trace.append(f"r{self.state.round} {text}")

    def name(self, seat: int) -> str:
        return self.state.players[seat].diplomat.name

    def _broken(self, invariant: str, detail: str) -> InvariantViolation:
        """The exception for a broken invariant, at this step of this game."""
        return InvariantViolation(Violation(self.seed, self.state.steps, invariant, detail))

    def _check(self) -> None:
        """Raise InvariantViolation for a broken invariant, at the choice that broke it."""
        broken = self.invariants()
        if broken:
            first = self._first_broken(len(self.actions)) if self.check_every > 1 else None
            raise first or self._broken(*broken[0])

    def _first_broken(self, choices: int) -> InvariantViolation | None:
        """The first of this game's first `choices` choices after which an invariant was
        broken, found by replaying them on a fresh game and checking every invariant after
        each; None when the replay breaks none (a table changed from outside the rules)."""
        game = Game(self.model, self.n, self.seed, check=False, trace=False)
        for action in self.actions[:choices]:
            try:
                game.apply(action)
            except Exception:
                return None
            if broken := game.invariants():
                return game._broken(*broken[0])
        return None

    def _choose(
        self, seat: int, kind: str, options: Sequence[A], about: tuple[Any, ...] = ()
    ) -> Generator[Ask, Action, A]:
        """Ask a player to choose from `options` (actions); a single option is taken without
        asking. The answer is one of the options (`apply` takes nothing else)."""
        opts = tuple(options)
        if not opts:
            raise self._broken("a choice has options", f"no option for {kind}")
        if len(opts) == 1:
            return opts[0]
        # The options are actions, and the answer one of them (typed here without a cast,
        # which would be a call for every choice).
        # (`tuple.__new__` makes the Ask without a call of its Python `__new__`.)
        action = yield _new(Ask, (seat, kind, opts, about))
        return action  # type: ignore[return-value]

    def _shuffle(self, pile: list[int]) -> None:
        """Shuffle a pile with the rules' generator exactly as `random.shuffle` does
        (Fisher-Yates from the top, each place drawn with `getrandbits` and drawn again when
        out of range), written out without a call for each card."""
        getrandbits = self.dice.getrandbits
        for i in range(len(pile) - 1, 0, -1):
            n = i + 1
            bits = n.bit_length()
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            pile[i], pile[j] = pile[j], pile[i]

    # ---- money and heat --------------------------------------------------------------------

    def gain(self, p: Player, amount: int) -> None:
        p.money += amount
        self.state.paid_out += amount

    def pay(self, p: Player, amount: int) -> int:
        paid = min(p.money, amount)
        p.money -= paid
        self.state.received += paid
        return paid

    def transfer(self, frm: Player, to: Player, amount: int) -> int:
        moved = min(frm.money, amount)
        frm.money -= moved
        to.money += moved
        return moved

    def limit(self, p: Player) -> int:
        """A player's Heat Limit now (with or without Immunity)."""
        return modifiers.limit(self.state, self.rules, p)

    def take_heat(self, p: Player, amount: int, why: str) -> Flow:
        """A player takes Heat; at the Limit, a Scandal (Recalled players take none)."""
        if not p.active or amount <= 0 or (not self.rules.recall.takes_heat and p.recalled):
            return
        p.heat += amount
        for kind, ident in self.kit.limit_sources[p.archetype.id]:
            self.state.use(kind, ident)  # the Limit this Heat is measured on
        if self.trace is not None:
            self.log(f"{self.name(p.seat)} takes {amount} Heat ({why}): {p.heat}/{self.limit(p)}")
        yield from self.scandal_check(p)

    def signature(self, p: Player) -> None:
        """A player uses their Signature: its chip comes off the board, once per game."""
        p.signature_used = True
        self.state.use("signature", p.diplomat.id)

    def cool(self, p: Player, amount: int) -> None:
        p.heat = max(0, p.heat - amount)

    def scandal_check(self, p: Player) -> Flow:
        if p.heat < self.limit(p) or not p.active:
            return
        s = self.rules.scandal
        p.heat = s.heat_after
        lost = self.pay(p, s.lose_money.of(p.money))
        n = s.discard_rap_sheet.of(len(p.rap_sheet))
        for _ in range(n):
            options = [PICK_CRIME[c] for c in sorted(set(p.rap_sheet))]
            action = yield from self._choose(p.seat, "scandal-discard", options)
            p.rap_sheet.remove(action.card)
            self.state.street_discard.append(action.card)
        p.scandals += s.tokens
        if self.trace is not None:
            self.log(
                f"SCANDAL {self.name(p.seat)}: loses ${lost}M and {n} crimes, token {p.scandals}"
            )
        if p.departing:
            if self.trace is not None:
                self.log(f"{self.name(p.seat)}'s Departure collapses")
            self.stats.failed("scandal")
            leaving.end_departure(
                self, p, failed=True, skip=self.rules.departure.collapse_skips_turn
            )
        if p.scandals >= s.recall_at:
            self._recall(p)
        if self.state.turn == p.seat and s.ends_your_turn:
            raise TurnEnds

    def _recall(self, p: Player) -> None:
        p.recalled = True
        p.heat = 0
        if self.rules.recall.discard_hand:
            for c in p.hand:
                self._discard(c)
            p.hand.clear()
        if self.trace is not None:
            self.log(f"RECALLED {self.name(p.seat)}")
        if not any(q.active for q in self.state.players):
            self._end("all_recalled", ())

    def _end(self, ending: str, winners: tuple[int, ...]) -> None:
        if self.state.ending is None:
            self.state.ending = ending
            self.state.winners = winners
            if self.trace is not None:
                self.log(f"END {ending}: " + (", ".join(self.name(w) for w in winners) or "nobody"))

    # ---- cards -------------------------------------------------------------------------------

    def _play(self, p: Player, inst: int) -> None:
        """A card leaves a hand for the table while it resolves."""
        p.hand.remove(inst)
        self.state.table.append(inst)

    def _off_table(self, inst: int) -> None:
        table = self.state.table
        if inst in table:
            table.remove(inst)

    def _discard(self, inst: int) -> None:
        s = self.state
        if inst in s.table:
            s.table.remove(inst)
        deck = s.facts[inst].deck
        if deck == "street":
            s.street_discard.append(inst)
        elif deck == "politics":
            s.politics_discard.append(inst)
        else:
            s.headline_discard.append(inst)

    def _draw_from(self, deck: str) -> int | None:
        s = self.state
        pile, discard = (
            (s.street, s.street_discard) if deck == "street" else (s.politics, s.politics_discard)
        )
        if not pile and discard:  # rulings: reshuffle the deck's own discard pile
            pile.extend(discard)
            discard.clear()
            self._shuffle(pile)
            if self.trace is not None:
                self.log(f"the {deck} deck is reshuffled")
        if not pile:
            other = "politics" if deck == "street" else "street"
            opile, odiscard = (
                (s.street, s.street_discard)
                if other == "street"
                else (s.politics, s.politics_discard)
            )
            if not opile and odiscard:
                opile.extend(odiscard)
                odiscard.clear()
                self._shuffle(opile)
            return opile.pop() if opile else None
        return pile.pop()

    def draw(self, p: Player, n: int, deck: str = "any") -> Flow:
        """A player draws n cards, choosing the deck for each when `deck` is any."""
        for _ in range(n):
            which = deck
            if deck == "any":
                action = yield asking(p.seat, "draw-deck", DECKS)
                assert isinstance(action, DrawFrom)
                which = action.deck
            inst = self._draw_from(which)
            if inst is not None:
                p.hand.append(inst)

    def discard_from_hand(self, p: Player, n: int, kind: str = "discard") -> Flow:
        for _ in range(min(n, len(p.hand))):
            action = yield from self._choose(p.seat, kind, [DISCARD[c] for c in sorted(p.hand)])
            p.hand.remove(action.card)
            self._discard(action.card)

    # ---- the game ----------------------------------------------------------------------------

    def _game(self) -> Flow:
        yield from self._setup()
        while self.state.ending is None:
            yield from self._round()

    def _setup(self) -> Flow:
        s, model, rules = self.state, self.model, self.rules
        assert model.archetypes and model.goals
        # 1. Roll for it: the highest roll wins; tied players roll again.
        contenders = list(range(self.n))
        while len(contenders) > 1:
            rolls = {seat: self.dice.randint(1, rules.setup.die_sides) for seat in contenders}
            top = max(rolls.values())
            contenders = [seat for seat, r in rolls.items() if r == top]
        s.first = contenders[0]
        # 2. Characters, clockwise from the roll winner; one board per player.
        boards = list(model.archetypes)
        chosen: dict[int, tuple[Any, Any]] = {}
        order = [(s.first + k) % self.n for k in range(self.n)]
        characters = self.kit.characters
        for seat in order:
            options = [c for a in boards for c in characters[a.id]]
            action = yield from self._choose(seat, "character", options)
            arch = next(a for a in boards if a.id == action.archetype)
            dip = next(d for d in arch.diplomats if d.id == action.diplomat)
            boards = [a for a in boards if a is not arch]
            chosen[seat] = (arch, dip)
        s.players = [Player(seat, *chosen[seat]) for seat in range(self.n)]
        # 3. Start money and your own Favor chip.
        for p in s.players:
            self.gain(p, rules.start.money)
            s.favor_holder[p.seat] = p.seat
        s.start_money = 0  # money is counted from zero: every coin came from the bank
        # 4. Goals in reverse order: the last to choose a character takes the deck first.
        goals = list(model.goals)
        for seat in reversed(order):
            taken = yield from self._choose(
                seat, "goal", [self.kit.goals[g.id] for g in goals], tuple(goals)
            )
            goal = next(g for g in goals if g.id == taken.goal)
            goals = [g for g in goals if g is not goal]
            s.players[seat].goal = goal
        # 5. Shuffle and deal.
        street, politics, clock, boxed = self.kit.piles
        s.street += street
        s.politics += politics
        s.clock += clock
        s.boxed += boxed
        self._shuffle(s.street)
        self._shuffle(s.politics)
        for p in s.players:
            for draw in rules.start.hand:
                for _ in range(draw.cards):
                    dealt = self._draw_from(draw.deck.id)
                    if dealt is not None:
                        p.hand.append(dealt)
        # 6. The clock: 12 Headlines; the rest go back to the box.
        self._shuffle(s.clock)
        s.boxed += s.clock[rules.clock.cards :]
        del s.clock[rules.clock.cards :]
        if self.trace is not None:
            self.log(
                "setup: "
                + "; ".join(f"{self.name(p.seat)} ({p.archetype.name})" for p in s.players)
                + f"; {self.name(s.first)} starts"
            )

    def _round(self) -> Flow:
        s = self.state
        if not s.clock:  # rulings: the clock runs out
            yield from leaving.clock_ends(self)
            return
        s.round += 1
        flipper = next(
            (
                seat
                for seat in [s.first, *s.order_from(s.first)]
                if s.players[seat].active and not s.players[seat].departing
            ),
            s.first,
        )
        if s.headline is not None:
            s.headline_discard.append(s.headline)
        s.headline = s.clock.pop()
        headline = s.cards[s.headline]
        if self.trace is not None:
            self.log(f"HEADLINE {headline.name}")
        self.stats.played(headline)
        if headline.headline and headline.headline.on_flip:
            s.use("headline", headline.id)
            yield from self.run_steps(s.players[flipper], headline.headline.on_flip, headline)
        done: set[int] = set()
        seat: int | None = s.first
        while seat is not None and s.ending is None:
            done.add(seat)
            yield from self._turn(s.players[seat])
            seat = next((x for x in s.order_from(seat) if x not in done), None)

    # ---- a turn --------------------------------------------------------------------------------

    def _turn(self, p: Player) -> Flow:
        s = self.state
        if p.recalled or p.left:  # not active
            return
        if p.departing:
            if p.departing.turns_to_wait > 0:
                p.departing.turns_to_wait -= 1
                if self.trace is not None:
                    self.log(f"{self.name(p.seat)} is at sea")
                return
            yield from leaving.resolve(self, p)
            return
        if p.skip_turn:
            p.skip_turn = False
            return
        s.turn = p.seat
        try:
            yield from self._morning(p)
            yield from self._afternoon(p)
            yield from self._evening(p)
        except TurnEnds:
            # rulings (scandal-mid-crime): the crime, and every card still resolving with
            # it (reactions not yet resolved, a Law being voted on), is discarded
            for inst in list(s.table):
                self._discard(inst)
            if self.trace is not None:
                self.log(f"{self.name(p.seat)}'s turn ends")
        finally:
            s.turn = None
        if self.check and s.table:
            raise self._broken(
                "table cleared after a turn",
                f"{len(s.table)} card(s) left on the table after {self.name(p.seat)}'s turn",
            )
        if not p.recalled and not p.left:  # active
            limit = modifiers.hand_limit(s, self.rules, p)
            if len(p.hand) > limit:
                yield from self.discard_from_hand(p, len(p.hand) - limit, "hand-limit")

    def _morning(self, p: Player) -> Flow:
        self.cool(p, self.rules.morning.cool)
        yield from self.draw(p, modifiers.morning_draw(self.state, self.rules, p))
        yield from self._burn_bag(p)

    def _burn_bag(self, p: Player) -> Flow:
        b = self.rules.burn_bag
        while len(p.hand) >= b.discard:
            action = yield asking(p.seat, "burn-bag", BURN_OR_NOT)
            if isinstance(action, No):
                return
            yield from self.discard_from_hand(p, b.discard, "burn")
            yield from self.draw(p, b.draw)
            if self.trace is not None:
                self.log(f"{self.name(p.seat)} uses the Burn Bag")

    # ---- afternoon -------------------------------------------------------------------------------

    def _afternoon(self, p: Player) -> Flow:
        s = self.state
        yield from self._burn_bag(p)  # rulings (burn-bag-own-turn): at any step
        options: list[Action] = [COMMIT_CRIMES]
        if not modifiers.has(s, p, "no_lay_low"):
            options.append(LAY_LOW)
        # (`_choose`, written out: the commonest choices are asked without a generator of
        # their own; a single option, Commit Crimes, is taken without asking)
        if len(options) > 1:
            action = yield asking(p.seat, "afternoon", tuple(options))
        else:
            action = COMMIT_CRIMES
        if isinstance(action, LayLow):
            amount = modifiers.lay_low_cool(s, self.rules, p)
            self.cool(p, amount)
            if self.trace is not None:
                self.log(f"{self.name(p.seat)} lays low: Heat {p.heat}")
            return
        while True:
            # Crimes, then Dirty Tricks, then Tip-Offs and Leaks on a Departing rival.
            crimes: list[Action] = []
            tricks: list[Action] = []
            attacks: list[Action] = []
            departing: bool | None = None  # whether a rival Departs (once a card asks)
            facts = s.facts
            for c in sorted(self.sorts.afternoon_play.intersection(p.hand)):
                f = facts[c]
                if f.crime_type is not None:
                    crimes.append(COMMIT[c])
                if f.afternoon_trick and self._playable_trick(p, f):
                    tricks.append(PLAY_TRICK[c])
                if f.reaction_trick:
                    if departing is None:
                        departing = bool(self._departing_targets(p))
                    if departing and self._may_play(p, f):
                        attacks.append(PLAY_TRICK[c])
            options = [STOP, *crimes, *tricks, *attacks]
            if not p.signature_used and AT_AFTERNOON in p.diplomat.signature.timing:
                options.append(SIGNATURE)
            if not p.signature_used and self._signature_on_departures(p):  # (a call fewer)
                options.append(SIGNATURE_AT_DEPARTURE)
            if len(options) == 1:
                return  # Stop alone: taken without asking (`_choose`, written out)
            action = yield asking(p.seat, "afternoon-action", tuple(options))
            match action:
                case Stop():
                    return
                case Commit(card):
                    yield from self._crime(p, card)
                case UseSignature(at_departure=True):
                    yield from self._attack_departure(p, None)
                case UseSignature():
                    self.signature(p)
                    if self.trace is not None:
                        self.log(
                            f"{self.name(p.seat)} uses the Signature {p.diplomat.signature.name}"
                        )
                    yield from self.run_steps(p, p.diplomat.signature.steps, None)
                case PlayTrick(card):
                    yield from self._trick(p, card)

    def _may_play(self, p: Player, card: Facts) -> bool:
        """A Leak is not for a board with `no_leak` (asked only of a Leak: the board's
        rule counts as used when it forbids one)."""
        return not card.leaks or not modifiers.has(self.state, p, "no_leak")

    def _departing_targets(self, p: Player) -> list[Player]:
        return [q for q in self.state.rivals(p.seat) if q.departing]

    def _playable_trick(self, p: Player, card: Facts) -> bool:
        """Frame needs a crime on your Rap Sheet to move (ruling `frame-needs-a-crime`)."""
        return not (card.moves_crime and not p.rap_sheet)

    def _signature_on_departures(self, p: Player) -> bool:
        """A Signature played like a Tip-Off or a Leak may hit a Departing rival in your
        Afternoon, like the cards (ruling `attacks-on-departing`)."""
        sig = p.diplomat.signature
        return (
            not p.signature_used
            and bool(sig.steps)
            and AT_REACTION in sig.timing
            and sig.aim in ("departure", "crime-or-departure")
            and bool(self._departing_targets(p))
            and not (self._leaks(sig.steps) and modifiers.has(self.state, p, "no_leak"))
        )

    @staticmethod
    def _leaks(steps: Sequence[Term]) -> bool:
        return any(t.name == "heat" and t.arg("to") == "aimed" for t in steps)

    def _trick(self, p: Player, inst: int) -> Flow:
        """An Afternoon Dirty Trick, or a Tip-Off or Leak on a Departing player."""
        s = self.state
        card = s.cards[inst]
        self._play(p, inst)
        self.stats.played(card)
        if AT_REACTION in card.timing:
            yield from self._attack_departure(p, inst)
            return
        if self.trace is not None:
            self.log(f"{self.name(p.seat)} plays {card.name}")
        yield from self.run_steps(p, card.steps, card, answerable=True)
        self._discard(inst)

    def _attack_departure(self, p: Player, inst: int | None) -> Flow:
        """A Tip-Off or Leak card (`inst`), or a Signature played like one (None), aimed at
        a Departing rival's Departure. The target may answer it; a Tip-Off not answered
        stays on the Departure (Deny may still cancel it); a Leak's Heat lands."""
        s = self.state
        if inst is None:
            self.signature(p)
            steps, what = p.diplomat.signature.steps, p.diplomat.signature.name
        else:
            steps, what = s.cards[inst].steps, s.cards[inst].name
        options = [Aim(q.seat) for q in self._departing_targets(p)]
        action = yield from self._choose(p.seat, "aim", options, (inst,))
        aimed = s.players[action.seat]
        if self.trace is not None:
            self.log(f"{self.name(p.seat)} plays {what} on {self.name(aimed.seat)}'s Departure")
        answered = yield from self._answer(p, aimed, inst, what)
        if not answered:
            if any(t.name == "cancel" for t in steps):
                assert aimed.departing is not None
                aimed.departing.tip_offs += 1
                yield from leaving.deny(self, aimed)
            else:
                card = s.cards[inst] if inst is not None else None
                yield from self.run_steps(p, steps, card, aimed=aimed)
        if inst is not None:
            self._discard(inst)

    def _answer(self, attacker: Player, target: Player, inst: int | None, what: str) -> Flow:
        """The target of a Leak or Tip-Off (a card, or a Signature played like one) may
        Shred it, use a Signature that answers, or cash the attacker's Favor chip ("Take it
        back"). Returns whether it was answered (cancelled)."""
        s = self.state
        options: list[Action] = [ACCEPT]
        shreds = [
            c
            for c in target.hand
            if s.cards[c].kind is KIND_DIRTY_TRICK and AT_COUNTER in s.cards[c].timing
        ]
        if shreds:
            options.append(Shred(min(shreds)))
        if (
            not target.diplomat.signature.steps or target.signature_used
        ) is False and AT_COUNTER in target.diplomat.signature.timing:
            options.append(SIGNATURE)
        if s.favor_holder.get(attacker.seat) == target.seat:
            options.append(FAVOR)
        action = yield from self._choose(target.seat, "answer", options, (inst, attacker.seat))
        match action:
            case Shred(card):
                target.hand.remove(card)
                self._discard(card)
                self.stats.played(s.cards[card])
                if self.trace is not None:
                    self.log(f"{self.name(target.seat)} Shreds the {what}")
                return True
            case UseSignature():
                self.signature(target)
                if self.trace is not None:
                    self.log(
                        f"{self.name(target.seat)} answers with {target.diplomat.signature.name}"
                    )
                return True
            case Favor():
                return (yield from self._cash_favor(target, attacker, "take it back"))
        return False

    def _cash_favor(self, holder: Player, promiser: Player, call: str) -> Flow:
        """The holder cashes the promiser's chip; the promiser honours it or breaks their
        word (Heat, and the holder keeps the chip). Returns whether it was honoured."""
        action = yield asking(promiser.seat, "honour", HONOUR_OR_BREAK, (holder.seat, call))
        if isinstance(action, Honour):
            self.state.favor_holder[promiser.seat] = promiser.seat
            if self.trace is not None:
                self.log(
                    f'{self.name(holder.seat)} cashes {self.name(promiser.seat)}\'s Favor: "{call}"'
                )
            return True
        if self.trace is not None:
            self.log(f"{self.name(promiser.seat)} breaks their word to {self.name(holder.seat)}")
        yield from self.take_heat(promiser, self.rules.favor.break_heat, "broken word")
        return False

    def _crime(self, p: Player, inst: int) -> Flow:
        """One crime: reactions, Cover, Heat, payout and effect, Rap Sheet."""
        s = self.state
        card = s.cards[inst]
        assert card.crime is not None
        self._play(p, inst)
        self.stats.played(card)
        if self.trace is not None:
            self.log(f"{self.name(p.seat)} commits {card.name}")
        cancelled = False
        # A rival holding the criminal's Favor chip may take the crime back (a Recalled
        # holder too: rulings, recalled-players).
        seat = s.favor_holder.get(p.seat, p.seat)
        if seat != p.seat and not s.players[seat].left:
            holder = s.players[seat]
            action = yield asking(seat, "cash-on-crime", CASH_OR_NOT, (inst,))
            if isinstance(action, Cash) and (
                yield from self._cash_favor(holder, p, "take it back")
            ):
                self._discard(inst)
                return
        # 2. Rivals react, secretly and at once; reactions resolve in seat order.
        # Each reaction: the card played (None: the Signature).
        reactions: list[tuple[Player, int | None]] = []
        reaction_tricks = self.sorts.reaction_trick
        for seat in s.seat_order_from(p.seat):
            q = s.players[seat]
            if q.recalled or q.left:  # not active
                continue
            options: list[Nothing | React | UseSignature] = [NOTHING]
            tricks = reaction_tricks.intersection(q.hand)
            if tricks:
                facts = s.facts
                for c in sorted(tricks):
                    if self._may_play(q, facts[c]):
                        options.append(REACT[c])
            if (
                not q.signature_used
                and AT_REACTION in q.diplomat.signature.timing
                and q.diplomat.signature.aim in (None, "crime", "crime-or-departure")
            ):
                options.append(SIGNATURE)
            if len(options) == 1:
                continue  # nothing to react with: no reaction, and nothing to ask
            # (two options or more: asked as they are, `_choose` has nothing to add)
            action = yield asking(seat, "react", tuple(options), (inst, p.seat))
            match action:
                case React(played):
                    reactions.append((q, played))
                    self._play(q, played)
                case UseSignature():
                    reactions.append((q, None))
        for q, react in reactions:
            if react is None:
                self.signature(q)
                steps = q.diplomat.signature.steps
                what = q.diplomat.signature.name
                is_tip = any(t.name == "cancel" for t in steps)
            else:
                rcard = s.cards[react]
                self.stats.played(rcard)
                steps = rcard.steps
                what = rcard.name
                is_tip = "cancel" in s.facts[react].step_names
            if is_tip and cancelled:
                if self.trace is not None:
                    self.log(f"{self.name(q.seat)}'s {what} is wasted")
                if react is not None:
                    self._discard(react)
                continue
            if self.trace is not None:
                self.log(f"{self.name(q.seat)} reacts: {what}")
            answered = False
            if react is not None:
                answered = yield from self._answer(q, p, react, what)
                self._discard(react)
            if answered:
                continue
            if is_tip:
                cancelled = True
                continue
            yield from self.run_steps(q, steps, None, aimed=p)
        if cancelled:
            if self.trace is not None:
                self.log(f"{card.name} is Tipped Off")
            self._discard(inst)
            return
        # Repeals come after the reactions, in seat order, the criminal last (rulings,
        # repeal-in-reactions): the crime then resolves without the Repealed Laws (none to
        # Repeal without a Law in effect).
        if s.laws:
            repeals = self.sorts.reaction_repeal
            for seat in [*s.seat_order_from(p.seat), p.seat]:
                q = s.players[seat]
                if not repeals.isdisjoint(q.hand):  # (nothing to ask a player without one)
                    yield from self._repeal_in_reactions(q, inst, p)
        # 3. Cover it, or don't.
        covered = False
        ctype = card.crime.type.id
        facts = s.facts
        covers = [
            c for c in self.sorts.cover.intersection(p.hand) if facts[c].covers in ("any", ctype)
        ]
        if covers:  # (No and a Cover at least: asked as they are)
            offered: tuple[Action, ...] = (NO, *(COVER[c] for c in sorted(covers)))
            cover = yield asking(p.seat, "cover", offered, (inst,))
            if isinstance(cover, Cover):
                p.hand.remove(cover.card)
                self._discard(cover.card)
                self.stats.played(s.cards[cover.card])
                covered = True
        # 4. Take the Heat, unless Covered or legal for you. Laws are checked now.
        if not modifiers.legal(s, p, ctype):
            heat = modifiers.crime_heat(s, p, ctype, card.crime.heat)
            if covered:
                heat = min(heat, modifiers.covered_heat(s, p))
            try:
                yield from self.take_heat(p, heat, card.name)
            except TurnEnds:
                self._discard(inst)
                raise
        # 5. Payout and effect.
        payout = modifiers.crime_payout(s, p, ctype, card.crime.payout)
        self.gain(p, payout)
        if card.steps:
            yield from self.run_steps(p, card.steps, card, answerable=True)
        # 6. Rap Sheet.
        self._off_table(inst)
        p.rap_sheet.append(inst)
        if self.trace is not None:
            self.log(f"{self.name(p.seat)} gets ${payout}M; Rap Sheet {len(p.rap_sheet)}")

    def _repeal_in_reactions(self, q: Player, inst: int, criminal: Player) -> Flow:
        s = self.state
        if not s.laws or q.left:
            return
        repeals = self.sorts.reaction_repeal.intersection(q.hand)
        if not repeals:
            return
        # (Nothing and a Repeal at least: asked as they are)
        options: tuple[Action, ...] = (NOTHING, *(REPEAL[c] for c in sorted(repeals)))
        action = yield asking(q.seat, "react-repeal", options, (inst, criminal.seat))
        if isinstance(action, Repeal):
            self._play(q, action.card)
            self.stats.played(s.cards[action.card])
            yield from voting.repeal(self, q, action.card)

    # ---- evening -----------------------------------------------------------------------------

    def _evening(self, p: Player) -> Flow:
        s, rules = self.state, self.rules
        yield from self._burn_bag(p)  # rulings (burn-bag-own-turn): at any step
        # A Signature is free: it does not take the Evening's one choice (rulings).
        if not p.signature_used and AT_EVENING in p.diplomat.signature.timing:
            sig = yield asking(p.seat, "signature", SIGNATURE_OR_NOT)
            if isinstance(sig, UseSignature):
                self.signature(p)
                if self.trace is not None:
                    self.log(f"{self.name(p.seat)} uses the Signature {p.diplomat.signature.name}")
                yield from self.run_steps(p, p.diplomat.signature.steps, None)
        options: list[Action] = [PASS]
        facts = s.facts
        sorts = self.sorts
        if (
            not modifiers.has(s, p, "no_propose")
            and p.money >= modifiers.law_fee(s, rules, p)
            and sum(1 for law in s.laws if law.owner == p.seat) < self.markers
        ):
            options += [
                PROPOSE_LAW[c]
                for c in sorted(sorts.law.intersection(p.hand))
                if voting.proposable(self, c)
            ]
        plays = sorts.evening_play.intersection(p.hand)
        if plays:
            for c in sorted(plays):
                f = facts[c]
                if p.money >= f.card.price and self._usable(p, f):
                    options.append(PLAY_MANEUVER[c])
        if (
            not modifiers.has(s, p, "no_hush_money")
            and p.heat > 0
            and p.money >= modifiers.hush_price(s, rules, p)
        ):
            options.append(HUSH_MONEY)
        bend = p.archetype.bend
        if bend.steps and AT_EVENING in bend.timing and p.money >= bend.price and s.rivals(p.seat):
            options.append(BEND)
        options += [Book(door.id, card) for door, card in leaving.bookable(self, p)]
        if len(options) == 1:
            return  # Pass alone: taken without asking (`_choose`, written out)
        action = yield asking(p.seat, "evening", tuple(options))
        match action:
            case ProposeLaw(inst):
                yield from voting.propose(self, p, inst, modifiers.law_fee(s, rules, p), "fail")
            case PlayManeuver(inst):
                card = s.cards[inst]
                self._play(p, inst)
                self.pay(p, card.price)
                self.stats.played(card)
                if self.trace is not None:
                    self.log(f"{self.name(p.seat)} plays {card.name}")
                yield from self.run_steps(p, card.steps, card)
                self._discard(inst)
            case HushMoney():
                self.pay(p, modifiers.hush_price(s, rules, p))
                self.cool(p, rules.evening.hush_money.cool)
                if self.trace is not None:
                    self.log(f"{self.name(p.seat)} pays Hush Money: Heat {p.heat}")
            case UseBend():
                self.pay(p, bend.price)
                self.state.use("bend", p.archetype.id)
                if self.trace is not None:
                    self.log(f"{self.name(p.seat)} uses {bend.name}")
                yield from self.run_steps(p, bend.steps, None)
            case Book(door, card_inst):
                yield from leaving.book(self, p, door, card_inst)

    def _usable(self, p: Player, card: Facts) -> bool:
        """Whether a Maneuver's steps can do anything now (Repeal needs a Law, and so on)."""
        if card.repeals and not self.state.laws:
            return False
        if card.proposes and not (
            any(voting.proposable(self, c) for c in p.hand)
            and not modifiers.has(self.state, p, "no_propose")
            and sum(1 for law in self.state.laws if law.owner == p.seat) < self.markers
        ):
            return False
        return not (card.needs_rival and not self.state.rivals(p.seat))

    # ---- laws and votes --------------------------------------------------------------------

    # ---- departures ----------------------------------------------------------------------------

    # ---- effects -------------------------------------------------------------------------------

    def run_steps(
        self,
        actor: Player,
        steps: Sequence[Term],
        card: Card | None,
        aimed: Player | None = None,
        named: Player | None = None,
        answerable: bool = False,
    ) -> Flow:
        """Run vocabulary steps for `actor`. One card, one chosen rival (rulings)."""
        return effects.run(self, actor, steps, card, aimed, named, {}, answerable)

    # ---- invariants ----------------------------------------------------------------------------

    def invariants(self) -> list[tuple[str, str]]:
        """Conservation and bounds, checked after every choice: every broken invariant as
        (name, detail); empty when all hold."""
        s = self.state
        players = s.players
        broken: list[tuple[str, str]] = []
        # Cards in every zone (each Law in effect is its card), the Headline, hands and Rap
        # Sheets.
        placed = (
            len(s.street)
            + len(s.politics)
            + len(s.street_discard)
            + len(s.politics_discard)
            + len(s.clock)
            + len(s.headline_discard)
            + len(s.boxed)
            + len(s.table)
            + len(s.laws)
            + (1 if s.headline is not None else 0)
        )
        # Money held, and each player's bounds, in the same pass over the players (what a
        # player breaks is listed after the table's conservation, as it is reported).
        money = 0
        theirs: list[tuple[str, str]] = []
        rules = self.rules
        for p in players:
            placed += len(p.hand) + len(p.rap_sheet)
            money += p.money
            heat = p.heat
            if heat < 0:
                theirs.append(("Heat at least 0", f"{p.diplomat.name}'s Heat is below 0"))
            if p.recalled:
                if heat:
                    theirs.append(
                        ("no Heat when Recalled", f"{p.diplomat.name} is Recalled but has Heat")
                    )
            elif not p.left and heat >= modifiers.limit(s, rules, p):
                theirs.append(
                    (
                        "Heat below the Limit",
                        f"{p.diplomat.name} is at Heat {heat}, their Limit "
                        f"{self.limit(p)}, without a Scandal",
                    )
                )
            if p.money < 0:
                theirs.append(("money at least 0", f"{p.diplomat.name} has negative money"))
        dealt = bool(s.street or s.politics or s.boxed)  # once dealt, every card is somewhere
        if dealt and placed != len(s.cards):
            broken.append(
                ("cards conserved", f"cards: {placed} in zones, {len(s.cards)} in the game")
            )
        if s.turn is None and s.table:
            broken.append(
                (
                    "table cleared between turns",
                    f"{len(s.table)} card(s) on the table between turns",
                )
            )
        if money != s.paid_out - s.received:
            broken.append(
                (
                    "money conserved",
                    f"money: players hold ${money}M, the bank paid "
                    f"${s.paid_out}M and received ${s.received}M",
                )
            )
        broken += theirs
        n = len(players)
        holders = s.favor_holder.values()
        if players and (len(holders) != n or min(holders) < 0 or max(holders) >= n):
            broken.append(
                (
                    "Favor chips held",
                    "a Favor chip has no holder, or is held outside the game",
                )
            )
        # (a seat can have more Laws than markers only when more Laws than that are in effect)
        if len(s.laws) > self.markers:
            owners = [law.owner for law in s.laws]
            for p in players:
                if owners.count(p.seat) > self.markers:
                    broken.append(("Law markers", f"{p.diplomat.name} has more Laws than markers"))
        return broken


def new_game(model: Model, players: int, seed: int, check: bool = True) -> Game:
    """A game at its first choice."""
    return Game(model, players, seed, check)


def uses(ability: Ability) -> tuple[Term, ...]:
    """Every term of an ability."""
    return ability.terms()


def goal_of(game: Game, seat: int) -> Goal | None:
    return game.state.players[seat].goal
