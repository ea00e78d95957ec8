"""The rules of Diplomatic Immunity as an executable model, in python-chess's shape.

`Game.legal_actions()` lists the choices of the player to move, `Game.apply(action)` plays
one and runs the rules up to the next choice, `Game.outcome()` is None until the game ends.
The turn is written once, as a generator that yields each choice it needs (`Ask`) and
receives the answer, so the code reads like the rulebook. One `random.Random` owned by the
game shuffles and rolls; a seed and the list of choices replay a game exactly.

Card effects, Goal conditions, Bends, Costs, Signatures, Laws and Headlines run from their
vocabulary terms (`effects.py`); the rules numbers come from the content's rules document.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.content.cards import Ability, Card, CardKind, Timing
from pnp.content.departures import Goal
from pnp.content.model import Term
from pnp.content.project import Game as Model
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play import leaving, modifiers, voting
from pnp.rulesets.diplomatic_immunity.play.state import Player, State

Action = tuple[Any, ...]
Flow = Generator["Ask", Action, Any]
MAX_STEPS = 20_000  # every game ends well within this many choices


@dataclass(frozen=True, slots=True)
class Ask:
    """A choice the rules need from one player, and the actions open to them."""

    seat: int
    kind: str
    options: tuple[Action, ...]
    about: tuple[Any, ...] = ()  # what the choice is about: the crime, the Law, the card


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended and who won."""

    ending: str  # departure, clock, all_recalled
    winners: tuple[int, ...]
    rounds: int


class TurnEnds(Exception):
    """A Scandal on your own turn ends it at once."""


class InvariantBroken(Exception):
    """A rule of conservation or bounds was broken: a bug in the rules model or content."""


@dataclass
class Trace:
    """A readable record of everything that happened, for replays and golden files."""

    lines: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.lines.append(text)


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


class Game:
    """One game of Diplomatic Immunity, from the set-up to the end."""

    def __init__(self, model: Model, players: int, seed: int, check: bool = True) -> None:
        assert isinstance(model.rules, DIRules), "a Diplomatic Immunity rules document"
        self.model = model
        self.rules: DIRules = model.rules
        self.seed = seed
        # The game owns its randomness, both seeded from the game's seed: `rng` for the rules
        # (shuffles, the die) and `bot_rng` for the players' choices, so that replaying the
        # choices without the bots draws the same cards.
        self.rng = random.Random(seed)
        self.bot_rng = random.Random(f"{seed}/players")
        self.check = check
        self.trace = Trace()
        self.stats = Stats()
        self.choices: list[Action] = []
        self.trace_choices = False  # replays and golden traces list every choice too
        cards: list[Card] = []
        for card in model.cards or ():
            cards += [card] * card.count
        self.state = State(cards=cards, players=[])
        self.n = players
        self.markers = voting.law_markers(self)
        # Each archetype's Limits, with and without Immunity, worked out once.
        self._limits = {
            a.id: (
                self.rules.limit_for((*a.bend.while_, *a.cost.while_), True),
                self.rules.limit_for((*a.bend.while_, *a.cost.while_), False),
            )
            for a in model.archetypes or ()
        }
        self._flow = self._game()
        self._ask: Ask | None = next(self._flow)

    # ---- python-chess's shape ------------------------------------------------------------

    @property
    def ask(self) -> Ask | None:
        """The choice waiting to be made, or None when the game is over."""
        return self._ask

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions open to the player to move."""
        return self._ask.options if self._ask else ()

    def apply(self, action: Action) -> None:
        """Play one action and run the rules to the next choice."""
        assert self._ask is not None, "the game is over"
        if action not in self._ask.options:
            raise ValueError(f"illegal action {action!r} for {self._ask.kind}")
        self.choices.append(action)
        self.state.steps += 1
        if self.trace_choices:
            who = self.name(self._ask.seat) if self.state.players else f"seat {self._ask.seat}"
            self.trace.add(f"  > {who}: {self._ask.kind} {self._describe(action)}")
        try:
            self._ask = self._flow.send(action)
        except StopIteration:
            self._ask = None
        if self.check:
            self.invariants()
        if self.state.steps > MAX_STEPS:
            raise InvariantBroken(f"no ending after {MAX_STEPS} choices")

    def _describe(self, action: Action) -> str:
        """An action in words: card instances by name, seats by diplomat."""
        words = []
        for part in action:
            words.append(str(part))
        if (
            len(action) >= 2
            and isinstance(action[1], int)
            and action[0]
            in ("crime", "trick", "card", "react", "repeal", "law", "maneuver", "cover", "shred")
        ):
            words[1] = self.state.card(action[1]).name
        elif (
            len(action) >= 2
            and isinstance(action[1], int)
            and action[0] in ("player", "rival", "aim")
            and self.state.players
        ):
            words[1] = self.name(action[1])
        return " ".join(words)

    def outcome(self) -> Outcome | None:
        """None while the game goes on; then how it ended."""
        if self.state.ending is None:
            return None
        return Outcome(self.state.ending, self.state.winners, self.state.round)

    # ---- helpers ---------------------------------------------------------------------------

    def log(self, text: str) -> None:
        self.trace.add(f"r{self.state.round} {text}")

    def name(self, seat: int) -> str:
        return self.state.players[seat].diplomat.name

    def _choose(
        self, seat: int, kind: str, options: Sequence[Action], about: tuple[Any, ...] = ()
    ) -> Flow:
        """Ask a player to choose; a single option is taken without asking."""
        opts = tuple(options)
        if not opts:
            raise InvariantBroken(f"no option for {kind}")
        if len(opts) == 1:
            return opts[0]
        action = yield Ask(seat, kind, opts, about)
        return action

    def _shuffle(self, pile: list[int]) -> None:
        self.rng.shuffle(pile)

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
        with_, without = self._limits[p.archetype.id]
        return with_ if p.immunity else without

    def take_heat(self, p: Player, amount: int, why: str) -> Flow:
        """A player takes Heat; at the Limit, a Scandal (Recalled players take none)."""
        if not p.active or amount <= 0 or (not self.rules.recall.takes_heat and p.recalled):
            return
        p.heat += amount
        for kind, ability in (("bend", p.archetype.bend), ("cost", p.archetype.cost)):
            if any(t.name == "limit" for t in ability.while_):
                self.state.use(kind, p.archetype.id)  # the Limit this Heat is measured on
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
            options = [("crime", c) for c in sorted(set(p.rap_sheet))]
            action = yield from self._choose(p.seat, "scandal-discard", options)
            p.rap_sheet.remove(action[1])
            self.state.street_discard.append(action[1])
        p.scandals += s.tokens
        self.log(f"SCANDAL {self.name(p.seat)}: loses ${lost}M and {n} crimes, token {p.scandals}")
        if p.departing:
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
        self.log(f"RECALLED {self.name(p.seat)}")
        if not any(q.active for q in self.state.players):
            self._end("all_recalled", ())

    def _end(self, ending: str, winners: tuple[int, ...]) -> None:
        if self.state.ending is None:
            self.state.ending = ending
            self.state.winners = winners
            self.log(f"END {ending}: " + (", ".join(self.name(w) for w in winners) or "nobody"))

    # ---- cards -------------------------------------------------------------------------------

    def _play(self, p: Player, inst: int) -> None:
        """A card leaves a hand for the table while it resolves."""
        p.hand.remove(inst)
        self.state.table.append(inst)

    def _off_table(self, inst: int) -> None:
        if inst in self.state.table:
            self.state.table.remove(inst)

    def _discard(self, inst: int) -> None:
        self._off_table(inst)
        card = self.state.card(inst)
        if card.deck.id == "street":
            self.state.street_discard.append(inst)
        elif card.deck.id == "politics":
            self.state.politics_discard.append(inst)
        else:
            self.state.headline_discard.append(inst)

    def _draw_from(self, deck: str) -> int | None:
        s = self.state
        pile, discard = (
            (s.street, s.street_discard) if deck == "street" else (s.politics, s.politics_discard)
        )
        if not pile and discard:  # rulings: reshuffle the deck's own discard pile
            pile.extend(discard)
            discard.clear()
            self._shuffle(pile)
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
                action = yield from self._choose(
                    p.seat, "draw-deck", [("deck", "street"), ("deck", "politics")]
                )
                which = action[1]
            inst = self._draw_from(which)
            if inst is not None:
                p.hand.append(inst)

    def discard_from_hand(self, p: Player, n: int, kind: str = "discard") -> Flow:
        for _ in range(min(n, len(p.hand))):
            action = yield from self._choose(p.seat, kind, [("card", c) for c in sorted(p.hand)])
            p.hand.remove(action[1])
            self._discard(action[1])

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
            rolls = {seat: self.rng.randint(1, rules.setup.die_sides) for seat in contenders}
            top = max(rolls.values())
            contenders = [seat for seat, r in rolls.items() if r == top]
        s.first = contenders[0]
        # 2. Characters, clockwise from the roll winner; one board per player.
        boards = list(model.archetypes)
        chosen: dict[int, tuple[Any, Any]] = {}
        order = [(s.first + k) % self.n for k in range(self.n)]
        for seat in order:
            options = [("diplomat", a.id, d.id) for a in boards for d in a.diplomats]
            action = yield from self._choose(seat, "character", options)
            arch = next(a for a in boards if a.id == action[1])
            dip = next(d for d in arch.diplomats if d.id == action[2])
            boards.remove(arch)
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
            action = yield from self._choose(
                seat, "goal", [("goal", g.id) for g in goals], tuple(goals)
            )
            goal = next(g for g in goals if g.id == action[1])
            goals.remove(goal)
            s.players[seat].goal = goal
        # 5. Shuffle and deal.
        for inst, card in enumerate(s.cards):
            if card.deck.id == "street":
                s.street.append(inst)
            elif card.deck.id == "politics":
                s.politics.append(inst)
            elif card.deck.id == rules.clock.deck.id:
                s.clock.append(inst)
            else:
                s.boxed.append(inst)
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
        headline = s.card(s.headline)
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
        if not p.active:
            return
        if p.departing:
            if p.departing.turns_to_wait > 0:
                p.departing.turns_to_wait -= 1
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
            self.log(f"{self.name(p.seat)}'s turn ends")
        finally:
            s.turn = None
        if self.check and s.table:
            raise InvariantBroken(
                f"{len(s.table)} card(s) left on the table after {self.name(p.seat)}'s turn"
            )
        if p.active:
            limit = modifiers.hand_limit(s, self.rules, p)
            yield from self.discard_from_hand(p, len(p.hand) - limit, "hand-limit")

    def _morning(self, p: Player) -> Flow:
        self.cool(p, self.rules.morning.cool)
        yield from self.draw(p, modifiers.morning_draw(self.state, self.rules, p))
        yield from self._burn_bag(p)

    def _burn_bag(self, p: Player) -> Flow:
        b = self.rules.burn_bag
        while len(p.hand) >= b.discard:
            action = yield from self._choose(p.seat, "burn-bag", [("no",), ("burn",)])
            if action[0] == "no":
                return
            yield from self.discard_from_hand(p, b.discard, "burn")
            yield from self.draw(p, b.draw)
            self.log(f"{self.name(p.seat)} uses the Burn Bag")

    # ---- afternoon -------------------------------------------------------------------------------

    def _afternoon(self, p: Player) -> Flow:
        s = self.state
        yield from self._burn_bag(p)  # rulings (burn-bag-own-turn): at any step
        options: list[Action] = [("crimes",)]
        if not modifiers.has(s, p, "no_lay_low"):
            options.append(("lay_low",))
        action = yield from self._choose(p.seat, "afternoon", options)
        if action[0] == "lay_low":
            amount = modifiers.lay_low_cool(s, self.rules, p)
            self.cool(p, amount)
            self.log(f"{self.name(p.seat)} lays low: Heat {p.heat}")
            return
        while True:
            options = [("stop",)]
            options += [("crime", c) for c in sorted(set(p.hand)) if s.card(c).crime]
            options += [
                ("trick", c)
                for c in sorted(set(p.hand))
                if s.card(c).kind is CardKind.DIRTY_TRICK
                and Timing.AFTERNOON in s.card(c).timing
                and self._playable_trick(p, s.card(c))
            ]
            options += [
                ("trick", c)
                for c in sorted(set(p.hand))
                if s.card(c).kind is CardKind.DIRTY_TRICK
                and Timing.REACTION in s.card(c).timing
                and self._departing_targets(p)
                and self._may_play(p, s.card(c))
            ]
            if not p.signature_used and Timing.AFTERNOON in p.diplomat.signature.timing:
                options.append(("signature",))
            if self._signature_on_departures(p):
                options.append(("signature", "departure"))
            action = yield from self._choose(p.seat, "afternoon-action", options)
            if action[0] == "stop":
                return
            if action[0] == "crime":
                yield from self._crime(p, action[1])
            elif action == ("signature", "departure"):
                yield from self._attack_departure(p, None)
            elif action[0] == "signature":
                self.signature(p)
                self.log(f"{self.name(p.seat)} uses the Signature {p.diplomat.signature.name}")
                yield from self.run_steps(p, p.diplomat.signature.steps, None)
            else:
                yield from self._trick(p, action[1])

    def _may_play(self, p: Player, card: Card) -> bool:
        return not (
            card.id == "leak"
            or any(t.name == "heat" and t.arg("to") == "aimed" for t in card.steps)
        ) or not modifiers.has(self.state, p, "no_leak")

    def _departing_targets(self, p: Player) -> list[Player]:
        return [q for q in self.state.rivals(p.seat) if q.departing]

    def _playable_trick(self, p: Player, card: Card) -> bool:
        """Frame needs a crime on your Rap Sheet to move (ruling `frame-needs-a-crime`)."""
        return not (any(t.name == "move_crime" for t in card.steps) and not p.rap_sheet)

    def _signature_on_departures(self, p: Player) -> bool:
        """A Signature played like a Tip-Off or a Leak may hit a Departing rival in your
        Afternoon, like the cards (ruling `attacks-on-departing`)."""
        sig = p.diplomat.signature
        return (
            not p.signature_used
            and bool(sig.steps)
            and Timing.REACTION in sig.timing
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
        card = s.card(inst)
        self._play(p, inst)
        self.stats.played(card)
        if Timing.REACTION in card.timing:
            yield from self._attack_departure(p, inst)
            return
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
            steps, what = s.card(inst).steps, s.card(inst).name
        options = [("aim", q.seat) for q in self._departing_targets(p)]
        action = yield from self._choose(p.seat, "aim", options, (inst,))
        aimed = s.players[action[1]]
        self.log(f"{self.name(p.seat)} plays {what} on {self.name(aimed.seat)}'s Departure")
        answered = yield from self._answer(p, aimed, inst, what)
        if not answered:
            if any(t.name == "cancel" for t in steps):
                assert aimed.departing is not None
                aimed.departing.tip_offs += 1
                yield from leaving.deny(self, aimed)
            else:
                card = s.card(inst) if inst is not None else None
                yield from self.run_steps(p, steps, card, aimed=aimed)
        if inst is not None:
            self._discard(inst)

    def _answer(self, attacker: Player, target: Player, inst: int | None, what: str) -> Flow:
        """The target of a Leak or Tip-Off (a card, or a Signature played like one) may
        Shred it, use a Signature that answers, or cash the attacker's Favor chip ("Take it
        back"). Returns whether it was answered (cancelled)."""
        s = self.state
        options: list[Action] = [("accept",)]
        shreds = [
            c
            for c in target.hand
            if s.card(c).kind is CardKind.DIRTY_TRICK and Timing.COUNTER in s.card(c).timing
        ]
        if shreds:
            options.append(("shred", min(shreds)))
        if (
            not target.diplomat.signature.steps or target.signature_used
        ) is False and Timing.COUNTER in target.diplomat.signature.timing:
            options.append(("signature",))
        if s.favor_holder.get(attacker.seat) == target.seat:
            options.append(("favor",))
        action = yield from self._choose(target.seat, "answer", options, (inst, attacker.seat))
        if action[0] == "shred":
            target.hand.remove(action[1])
            self._discard(action[1])
            self.stats.played(s.card(action[1]))
            self.log(f"{self.name(target.seat)} Shreds the {what}")
            return True
        if action[0] == "signature":
            self.signature(target)
            self.log(f"{self.name(target.seat)} answers with {target.diplomat.signature.name}")
            return True
        if action[0] == "favor":
            return (yield from self._cash_favor(target, attacker, "take it back"))
        return False

    def _cash_favor(self, holder: Player, promiser: Player, call: str) -> Flow:
        """The holder cashes the promiser's chip; the promiser honours it or breaks their
        word (Heat, and the holder keeps the chip). Returns whether it was honoured."""
        action = yield from self._choose(
            promiser.seat, "honour", [("honour",), ("break",)], (holder.seat, call)
        )
        if action[0] == "honour":
            self.state.favor_holder[promiser.seat] = promiser.seat
            self.log(
                f'{self.name(holder.seat)} cashes {self.name(promiser.seat)}\'s Favor: "{call}"'
            )
            return True
        self.log(f"{self.name(promiser.seat)} breaks their word to {self.name(holder.seat)}")
        yield from self.take_heat(promiser, self.rules.favor.break_heat, "broken word")
        return False

    def _crime(self, p: Player, inst: int) -> Flow:
        """One crime: reactions, Cover, Heat, payout and effect, Rap Sheet."""
        s = self.state
        card = s.card(inst)
        assert card.crime is not None
        self._play(p, inst)
        self.stats.played(card)
        self.log(f"{self.name(p.seat)} commits {card.name}")
        cancelled = False
        # A rival holding the criminal's Favor chip may take the crime back (a Recalled
        # holder too: rulings, recalled-players).
        for seat in s.seat_order_from(p.seat):
            holder = s.players[seat]
            if s.favor_holder.get(p.seat) == seat and not holder.left:
                action = yield from self._choose(
                    seat, "cash-on-crime", [("no",), ("cash",)], (inst,)
                )
                if action[0] == "cash" and (yield from self._cash_favor(holder, p, "take it back")):
                    self._discard(inst)
                    return
        # 2. Rivals react, secretly and at once; reactions resolve in seat order.
        reactions: list[tuple[Player, Action]] = []
        for seat in s.seat_order_from(p.seat):
            q = s.players[seat]
            if not q.active:
                continue
            options: list[Action] = [("none",)]
            for c in sorted(set(q.hand)):
                k = s.card(c)
                if (
                    Timing.REACTION in k.timing
                    and k.kind is CardKind.DIRTY_TRICK
                    and self._may_play(q, k)
                ):
                    options.append(("react", c))
            if (
                not q.signature_used
                and Timing.REACTION in q.diplomat.signature.timing
                and q.diplomat.signature.aim in (None, "crime", "crime-or-departure")
            ):
                options.append(("signature",))
            action = yield from self._choose(seat, "react", options, (inst, p.seat))
            if action[0] != "none":
                reactions.append((q, action))
                if action[0] == "react":
                    self._play(q, action[1])
        for q, action in reactions:
            if action[0] == "signature":
                self.signature(q)
                steps = q.diplomat.signature.steps
                what = q.diplomat.signature.name
            else:
                rcard = s.card(action[1])
                self.stats.played(rcard)
                steps = rcard.steps
                what = rcard.name
            is_tip = any(t.name == "cancel" for t in steps)
            if is_tip and cancelled:
                self.log(f"{self.name(q.seat)}'s {what} is wasted")
                if action[0] == "react":
                    self._discard(action[1])
                continue
            self.log(f"{self.name(q.seat)} reacts: {what}")
            answered = False
            if action[0] == "react":
                answered = yield from self._answer(q, p, action[1], what)
                self._discard(action[1])
            if answered:
                continue
            if is_tip:
                cancelled = True
                continue
            yield from self.run_steps(q, steps, None, aimed=p)
        if cancelled:
            self.log(f"{card.name} is Tipped Off")
            self._discard(inst)
            return
        # Repeals come after the reactions, in seat order, the criminal last (rulings,
        # repeal-in-reactions): the crime then resolves without the Repealed Laws.
        for seat in [*s.seat_order_from(p.seat), p.seat]:
            yield from self._repeal_in_reactions(s.players[seat], inst, p)
        # 3. Cover it, or don't.
        covered = False
        covers = [
            c
            for c in p.hand
            if s.card(c).kind is CardKind.COVER
            and s.card(c).covers is not None
            and s.card(c).covers.id in ("any", card.crime.type.id)  # type: ignore[union-attr]
        ]
        if covers:
            action = yield from self._choose(
                p.seat, "cover", [("no",)] + [("cover", c) for c in sorted(covers)], (inst,)
            )
            if action[0] == "cover":
                p.hand.remove(action[1])
                self._discard(action[1])
                self.stats.played(s.card(action[1]))
                covered = True
        # 4. Take the Heat, unless Covered or legal for you. Laws are checked now.
        ctype = card.crime.type.id
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
        self.log(f"{self.name(p.seat)} gets ${payout}M; Rap Sheet {len(p.rap_sheet)}")

    def _repeal_in_reactions(self, q: Player, inst: int, criminal: Player) -> Flow:
        s = self.state
        repeals = sorted(
            {
                c
                for c in q.hand
                if s.card(c).kind is CardKind.MANEUVER
                and Timing.REACTION in s.card(c).timing
                and any(t.name == "repeal" for t in s.card(c).steps)
            }
        )
        if not s.laws or not repeals or q.left:
            return
        options: list[Action] = [("none",), *(("repeal", c) for c in repeals)]
        action = yield from self._choose(q.seat, "react-repeal", options, (inst, criminal.seat))
        if action[0] == "repeal":
            self._play(q, action[1])
            self.stats.played(s.card(action[1]))
            yield from voting.repeal(self, q, action[1])

    # ---- evening -----------------------------------------------------------------------------

    def _evening(self, p: Player) -> Flow:
        s, rules = self.state, self.rules
        yield from self._burn_bag(p)  # rulings (burn-bag-own-turn): at any step
        # A Signature is free: it does not take the Evening's one choice (rulings).
        if not p.signature_used and Timing.EVENING in p.diplomat.signature.timing:
            sig = yield from self._choose(p.seat, "signature", [("no",), ("signature",)])
            if sig[0] == "signature":
                self.signature(p)
                self.log(f"{self.name(p.seat)} uses the Signature {p.diplomat.signature.name}")
                yield from self.run_steps(p, p.diplomat.signature.steps, None)
        options: list[Action] = [("pass",)]
        if (
            not modifiers.has(s, p, "no_propose")
            and p.money >= modifiers.law_fee(s, rules, p)
            and sum(1 for law in s.laws if law.owner == p.seat) < self.markers
        ):
            options += [("law", c) for c in sorted(set(p.hand)) if voting.proposable(self, c)]
        for c in sorted(set(p.hand)):
            card = s.card(c)
            if (
                card.kind in (CardKind.MANEUVER, CardKind.DEPARTURE_CARD)
                and Timing.EVENING in card.timing
                and p.money >= card.price
                and self._usable(p, card)
            ):
                options.append(("maneuver", c))
        if (
            not modifiers.has(s, p, "no_hush_money")
            and p.heat > 0
            and p.money >= modifiers.hush_price(s, rules, p)
        ):
            options.append(("hush",))
        bend = p.archetype.bend
        if (
            bend.steps
            and Timing.EVENING in bend.timing
            and p.money >= bend.price
            and s.rivals(p.seat)
        ):
            options.append(("bend",))
        options += [("book", door.id, card) for door, card in leaving.bookable(self, p)]
        action = yield from self._choose(p.seat, "evening", options)
        kind = action[0]
        if kind == "law":
            yield from voting.propose(self, p, action[1], modifiers.law_fee(s, rules, p), "fail")
        elif kind == "maneuver":
            card = s.card(action[1])
            self._play(p, action[1])
            self.pay(p, card.price)
            self.stats.played(card)
            self.log(f"{self.name(p.seat)} plays {card.name}")
            yield from self.run_steps(p, card.steps, card)
            self._discard(action[1])
        elif kind == "hush":
            self.pay(p, modifiers.hush_price(s, rules, p))
            self.cool(p, rules.evening.hush_money.cool)
            self.log(f"{self.name(p.seat)} pays Hush Money: Heat {p.heat}")
        elif kind == "bend":
            self.pay(p, bend.price)
            self.state.use("bend", p.archetype.id)
            self.log(f"{self.name(p.seat)} uses {bend.name}")
            yield from self.run_steps(p, bend.steps, None)
        elif kind == "book":
            yield from leaving.book(self, p, action[1], action[2])

    def _usable(self, p: Player, card: Card) -> bool:
        """Whether a Maneuver's steps can do anything now (Repeal needs a Law, and so on)."""
        names = {t.name for t in card.steps}
        if "repeal" in names and not self.state.laws:
            return False
        if "propose_law" in names and not (
            any(voting.proposable(self, c) for c in p.hand)
            and not modifiers.has(self.state, p, "no_propose")
            and sum(1 for law in self.state.laws if law.owner == p.seat) < self.markers
        ):
            return False
        needs_rival = any(
            dict(t.args).get(k) == "rival" for t in card.steps for k in ("to", "from", "who")
        )
        return not (needs_rival and not self.state.rivals(p.seat))

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
        from pnp.rulesets.diplomatic_immunity.play import effects

        chosen: dict[str, Player] = {}
        yield from effects.run(self, actor, steps, card, aimed, named, chosen, answerable)

    # ---- invariants ----------------------------------------------------------------------------

    def invariants(self) -> None:
        """Conservation and bounds, checked after every choice."""
        s = self.state
        zones = [
            s.street,
            s.politics,
            s.street_discard,
            s.politics_discard,
            s.clock,
            s.headline_discard,
            s.boxed,
            s.table,
            [law.card for law in s.laws],
        ]
        zones += [p.hand for p in s.players] + [p.rap_sheet for p in s.players]
        placed = sum(len(z) for z in zones) + (1 if s.headline is not None else 0)
        dealt = bool(s.street or s.politics or s.boxed)  # once dealt, every card is somewhere
        if dealt and placed != len(s.cards):
            raise InvariantBroken(f"cards: {placed} in zones, {len(s.cards)} in the game")
        if s.turn is None and s.table:
            raise InvariantBroken(f"{len(s.table)} card(s) on the table between turns")
        money = sum(p.money for p in s.players)
        if money != s.paid_out - s.received:
            raise InvariantBroken(
                f"money: players hold ${money}M, the bank paid "
                f"${s.paid_out}M and received ${s.received}M"
            )
        for p in s.players:
            if p.heat < 0:
                raise InvariantBroken(f"{p.diplomat.name}'s Heat is below 0")
            if p.recalled and p.heat:
                raise InvariantBroken(f"{p.diplomat.name} is Recalled but has Heat")
            if p.active and p.heat >= self.limit(p):
                raise InvariantBroken(
                    f"{p.diplomat.name} is at Heat {p.heat}, their Limit "
                    f"{self.limit(p)}, without a Scandal"
                )
            if p.money < 0:
                raise InvariantBroken(f"{p.diplomat.name} has negative money")
        n = len(s.players)
        if s.players and (
            len(s.favor_holder) != n
            or not all(0 <= holder < n for holder in s.favor_holder.values())
        ):
            raise InvariantBroken("a Favor chip has no holder, or is held outside the game")
        owners = [law.owner for law in s.laws]
        for p in s.players:
            if owners.count(p.seat) > self.markers:
                raise InvariantBroken(f"{p.diplomat.name} has more Laws than markers")


def new_game(model: Model, players: int, seed: int, check: bool = True) -> Game:
    """A game at its first choice."""
    return Game(model, players, seed, check)


def uses(ability: Ability) -> tuple[Term, ...]:
    """Every term of an ability."""
    return ability.terms()


def goal_of(game: Game, seat: int) -> Goal | None:
    return game.state.players[seat].goal
