"""Players: a random-legal bot, and a heuristic bot that pursues its Goal, reacts to rivals'
crimes and Departures, and proposes Laws that help it.

Both decide from their own View only. What they do not do is stated in the report: they do
not negotiate (no promises, no bargaining over votes or Favors beyond fixed rules of thumb),
they do not bluff, and they do not remember who did what to them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from pnp.content.cards import Card
from pnp.content.departures import Goal
from pnp.rules.engine import Outcome
from pnp.rulesets.diplomatic_immunity.play.actions import (
    ACCEPT,
    BREAK,
    BURN,
    CASH,
    COMMIT_CRIMES,
    DENY,
    FAVOR,
    HONOUR,
    HUSH_MONEY,
    LAY_LOW,
    NAY,
    NO,
    NOTHING,
    PASS,
    POLITICS,
    REFUSE,
    SIGNATURE,
    STOP,
    STREET,
    TARGET,
    WALK_OUT,
    YES,
    Action,
    Aim,
    Ask,
    Book,
    Commit,
    Cover,
    Discard,
    Favor,
    HushMoney,
    OfferMoney,
    Option,
    PickCrime,
    PlayManeuver,
    PlayTrick,
    ProposeLaw,
    React,
    Repeal,
    Rival,
    Shred,
    TakeGoal,
    Target,
    UseBend,
    UseSignature,
    VoteCard,
    among,
)
from pnp.rulesets.diplomatic_immunity.play.facts import (
    WORTH_CRIME,
    WORTH_FIXED,
    WORTH_LAW,
)
from pnp.rulesets.diplomatic_immunity.play.game import Game
from pnp.rulesets.diplomatic_immunity.play.kinds import (
    AT_COUNTER,
    AT_REACTION,
    KIND_DEPARTURE_CARD,
)
from pnp.rulesets.diplomatic_immunity.play.view import Public, View

GOAL_CRIMES = {"crimes_at_least", "crimes_of_one_type", "crime_types"}


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        """Any legal action, drawn from the game's generator."""
        assert view.ask is not None, "a bot chooses only when it is asked"
        return rng.choice(view.ask.options)


class HeuristicBot:
    """Plays for its Goal with rules of thumb; see the module docstring for its limits.

    Each kind of choice has its rule in `RULES`; a kind without one is an error, not a
    random move. A rule that has no preference (None) or prefers what is not open gives a
    random legal action."""

    name = "heuristic"

    def __init__(self) -> None:
        self._needs_of: Goal | None = None  # the Goal `_goal_needs` was read from
        self._goal_needs: frozenset[str] = frozenset()

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action its rules of thumb prefer, else a random legal one."""
        ask = view.ask
        assert ask is not None, "a bot chooses only when it is asked"
        rule = RULES.get(ask.kind)
        if rule is None:
            raise LookupError(f"the heuristic bot has no rule for a {ask.kind!r} choice")
        action = rule(self, view, ask, rng)
        if action is not None:
            # The rule's action if it is open (`among`, written out: a call fewer for every
            # choice), else a random one of the options.
            for option in ask.options:
                if option is action:
                    return action
            if action in ask.options:
                return action
        return rng.choice(ask.options)

    # ---- helpers -------------------------------------------------------------------------

    def _needs(self, view: View) -> frozenset[str]:
        """The conditions my Goal names (read again only when my Goal is another)."""
        goal = view.me.goal
        if goal is not self._needs_of:
            self._needs_of = goal
            self._goal_needs = frozenset(t.name for t in goal.condition) if goal else frozenset()
        return self._goal_needs

    def _leader(self, view: View) -> Public | None:
        """The rival who looks closest to leaving: Departing first, then the richest with
        the longest Rap Sheet."""
        # (`max` with a key, written out: the first of the largest keys, as `max` gives)
        leader: Public | None = None
        most: tuple[bool, float, int] = (False, 0.0, 0)
        for p in view.rivals():
            key = (p.departing is not None, p.rap_sheet + p.money / 4, -p.seat)
            if leader is None or key > most:
                leader, most = p, key
        return leader

    def _type_counts(self, view: View) -> dict[str, int]:
        """My crimes by type (in the order of my Rap Sheet)."""
        counts: dict[str, int] = {}
        facts = view.facts
        for c in view.me.rap_sheet:
            kind = facts[c].crime_type
            if kind is not None:
                counts[kind] = counts.get(kind, 0) + 1
        return counts

    def _values(self, view: View, insts: Iterable[int]) -> list[float]:
        """How much each card in hand is worth keeping (for discards); what the cards'
        worth depends on (my Goal, my crimes, whether I may propose) is read once."""
        needs = self._needs(view)
        goal = view.me.goal
        crimes_count = bool(needs & GOAL_CRIMES)
        count_types = "crime_types" in needs
        types: dict[str, int] | None = None  # my crimes by type, once a card needs them
        law: float | None = None  # a Law's worth, once a card needs it
        doors: set[str] | None = None  # my Goal's doors, once a card needs them
        facts = view.facts
        values = []
        for inst in insts:
            f = facts[inst]
            v = f.worth  # a crime's from its payout, a Cover's, a Shred's ...
            worth_of = f.worth_of
            if worth_of == WORTH_FIXED:
                pass
            elif worth_of == WORTH_CRIME:
                if crimes_count:
                    v += 2
                if count_types:
                    types = self._type_counts(view) if types is None else types
                    if f.crime_type not in types:
                        v += 2
            elif worth_of == WORTH_LAW:
                if law is None:
                    no_propose = view.has("no_propose")
                    law = 0.2 if no_propose else 3.5 if "laws_with_your_marker" in needs else 1.5
                v = law
            else:  # a Departure card
                if doors is None:
                    doors = {r.id for r in goal.doors} if goal else set()
                v = 5.0 if f.door in doors else 1.5
            values.append(v)
        return values

    def _worst(self, view: View, ask: Ask) -> Action | None:
        """The card worth least to me (the lowest of equal ones) among the options."""
        cards = [o for o in ask.options if isinstance(o, (Discard, PickCrime))]
        if not cards:
            return None
        worst: Discard | PickCrime | None = None
        least = (0.0, 0)
        for value, o in zip(self._values(view, [o.card for o in cards]), cards, strict=True):
            if worst is None or (value, o.card) < least:
                worst, least = o, (value, o.card)
        return worst

    # ---- setup ---------------------------------------------------------------------------

    def _character(self, view: View, ask: Ask, rng: random.Random) -> Action:
        return rng.choice(ask.options)

    def _goal(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        # A board that cannot propose Laws leaves the Goals that need one (W405).
        no_propose = view.has("no_propose")
        goals = {g.id: g for g in ask.about}  # the Goals still to choose from
        options = [
            o
            for o in ask.options
            if isinstance(o, TakeGoal)
            and not (
                no_propose
                and any(
                    t.name == "laws_with_your_marker" and int(t.arg("laws")) > 0
                    for t in goals[o.goal].condition
                )
            )
        ]
        return rng.choice(options or list(ask.options))

    # ---- morning ---------------------------------------------------------------------------

    def _draw_deck(self, view: View, ask: Ask, rng: random.Random) -> Action:
        needs = self._needs(view)
        street = 0.65
        if "laws_with_your_marker" in needs and not view.has("no_propose"):
            street = 0.45
        if "money_at_least" in needs:
            street = 0.6
        return STREET if rng.random() < street else POLITICS

    def _burn_bag(self, view: View, ask: Ask, rng: random.Random) -> Action:
        hand = view.me.hand
        if len(hand) > 9:
            return BURN
        # Only a Law or a Departure card is ever worth less than 1.6 (`facts.Facts.worth`):
        # the others are not weighed.
        maybe = view.sorts.maybe_junk.intersection(hand)  # (how many is all that counts)
        if len(maybe) < 3:  # fewer than three cards that could be junk: not three junk
            return NO
        junk = sum(1 for v in self._values(view, maybe) if v < 1.6)
        return BURN if junk >= 3 else NO

    def _burn(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        return self._worst(view, ask)

    def _hand_limit(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        return self._worst(view, ask)

    def _discard(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        return self._worst(view, ask)

    # ---- afternoon -------------------------------------------------------------------------

    def _afternoon(self, view: View, ask: Ask, rng: random.Random) -> Action:
        me = view.me
        if (
            among(LAY_LOW, ask.options)
            and (me.heat >= view.limit() - 1 or view.sorts.crime.isdisjoint(me.hand))
            and me.heat > 0
            and not self._departing_rivals(view)
        ):
            return LAY_LOW
        return COMMIT_CRIMES

    def _departing_rivals(self, view: View) -> list[Public]:
        return [p for p in view.rivals() if p.departing]

    def _afternoon_action(self, view: View, ask: Ask, rng: random.Random) -> Action:
        me = view.me
        # Attack a Departing rival first.
        for o in ask.options:
            if (isinstance(o, UseSignature) and o.at_departure) or (
                isinstance(o, PlayTrick) and AT_REACTION in view.cards[o.card].timing
            ):
                return o
        facts = view.facts
        covered_types: set[str] | None = None  # what my Covers cover, read for a crime
        for_goal = bool(self._needs(view) & GOAL_CRIMES)
        wants_chips = self._wants_chips(view)
        best: Action | None = None
        best_score = 0.0
        for o in ask.options:
            if isinstance(o, Commit):
                card = view.cards[o.card]
                assert card.crime is not None
                heat = view.crime_heat(o.card)
                if covered_types is None:  # the crime types my Covers cover ("any" for all)
                    covered_types = {
                        covers
                        for c in view.sorts.cover.intersection(me.hand)
                        if (covers := facts[c].covers) is not None
                    }
                covered = "any" in covered_types or card.crime.type.id in covered_types
                effective = 0 if covered and heat else heat
                if effective and me.heat + effective + 1 >= view.limit():
                    continue  # one Leak from a Scandal: too hot
                score = card.crime.payout + 2.0 - effective * 0.8
                if for_goal:
                    score += 2
                if wants_chips and "take_favor" in facts[o.card].step_names:
                    score += 3
                if score > best_score:
                    best, best_score = o, score
            elif isinstance(o, PlayTrick):
                score = self._trick_score(view, o.card)
                if score > best_score:
                    best, best_score = o, score
            elif isinstance(o, UseSignature):
                if (view.round >= 5 or rng.random() < 0.15) and best_score < 1.5:
                    best, best_score = o, 1.5
                if (
                    not o.at_departure
                    and wants_chips
                    and any(t.name == "take_favor" for t in me.diplomat.signature.steps)
                ):
                    best, best_score = o, 9.0  # a Favor chip for a Goal that counts them
        if best is not None and rng.random() < 0.92:
            return best
        return STOP

    def _trick_score(self, view: View, inst: int) -> float:
        names = view.facts[inst].step_names
        rivals = view.rivals()
        if not rivals:
            return 0.0
        if self._wants_chips(view) and ("take_favor" in names or "choose" in names):
            return 4.0
        if "take_money" in names:
            return 3.0 if max(p.money for p in rivals) >= 3 else 0.5
        if "remove_crimes" in names:
            leader = self._leader(view)
            return 2.0 if leader and leader.rap_sheet >= 3 else 0.8
        if "move_crime" in names:
            return 1.2 if view.me.rap_sheet and not (self._needs(view) & GOAL_CRIMES) else 0.3
        if "choose" in names:
            return 2.5
        return 1.0

    def _aim(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        aims = [o for o in ask.options if isinstance(o, Aim)]
        return max(aims, key=lambda o: view.public(o.seat).heat)

    def _target_rival(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        card_id = ask.about[0] if ask.about else ""
        targets = [o for o in ask.options if isinstance(o, Target)]
        pubs = {o.seat: view.public(o.seat) for o in targets}
        if card_id in ("shakedown", "shell-company") or "money" in card_id:
            return max(targets, key=lambda o: (pubs[o.seat].money, -o.seat))
        if card_id in ("honey-trap", "blackmail"):
            home = [o for o in targets if pubs[o.seat].favor_home]
            if home:
                return max(home, key=lambda o: (pubs[o.seat].money, -o.seat))
        # Heat and the rest: the rival nearest a Scandal, Departing rivals first.
        return max(
            targets,
            key=lambda o: (
                pubs[o.seat].departing is not None,
                pubs[o.seat].heat - pubs[o.seat].limit,
                -o.seat,
            ),
        )

    def _target_player(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        myself = TARGET[view.seat]
        if (
            among(myself, ask.options)
            and not (self._needs(view) & GOAL_CRIMES)
            and view.me.rap_sheet
            and rng.random() < 0.3
        ):
            return myself
        rivals = [o for o in ask.options if isinstance(o, Target) and o.seat != view.seat]
        if not rivals:
            return None
        return max(
            rivals,
            key=lambda o: (
                view.public(o.seat).departing is not None,
                view.public(o.seat).rap_sheet,
                -o.seat,
            ),
        )

    # ---- reactions ---------------------------------------------------------------------------

    def _react(self, view: View, ask: Ask, rng: random.Random) -> Action:
        criminal = view.public(ask.about[1])
        dangerous: bool | None = None  # whether the criminal leads (read for a card only)
        for o in ask.options:
            if isinstance(o, React):
                if dangerous is None:
                    leader = self._leader(view)
                    dangerous = leader is not None and leader.seat == criminal.seat
                names = view.facts[o.card].step_names
                if "heat" in names:
                    if criminal.heat + 1 >= criminal.limit and rng.random() < 0.9:
                        return o
                    if rng.random() < (0.3 if dangerous else 0.12):
                        return o
                elif "cancel" in names and rng.random() < (0.35 if dangerous else 0.1):
                    return o
            elif isinstance(o, UseSignature) and rng.random() < 0.15:
                return o
        return NOTHING

    def _react_repeal(self, view: View, ask: Ask, rng: random.Random) -> Action:
        """Repeal a Law that hurts you while a crime resolves (your own crime's Law too)."""
        if self._hurting_law(view) is not None and rng.random() < 0.5:
            return next(o for o in ask.options if isinstance(o, Repeal))
        return NOTHING

    def _hurting_law(self, view: View) -> int | None:
        for i, (card, owner, _named) in enumerate(view.laws):
            if owner == view.seat:
                continue
            names = {t.name for t in card.law.while_} if card.law else set()
            if names & {"covered_heat", "leak_heat", "crime_payout", "door_price"}:
                return i
            if view.me.goal and any(
                t.name == "laws_with_your_marker" for t in view.me.goal.condition
            ):
                continue
            if view.public(owner).departing is not None:
                return i
        return None

    def _answer(self, view: View, ask: Ask, rng: random.Random) -> Action:
        me = view.me
        for o in ask.options:
            if isinstance(o, Favor) and self._keeps_chips(view):
                continue
            if isinstance(o, (Shred, UseSignature, Favor)) and (
                me.departing or me.heat + 1 >= view.limit() or rng.random() < 0.4
            ):
                return o
        return ACCEPT

    def _honour(self, view: View, ask: Ask, rng: random.Random) -> Action:
        breakable = view.me.heat + view.rules.favor.break_heat < view.limit() - 1
        return BREAK if breakable and rng.random() < 0.3 else HONOUR

    def _wants_chips(self, view: View) -> bool:
        """A Goal that counts rivals' Favor chips, while a rival still has their own."""
        return "favors_held" in self._needs(view) and any(p.favor_home for p in view.rivals())

    def _keeps_chips(self, view: View) -> bool:
        """A Goal that counts rivals' Favor chips, and no chip to spare: cashing one gives
        it back, and a Departing player's Goal would fail with it."""
        goal = view.me.goal
        needed = (
            max((int(t.arg("chips")) for t in goal.condition if t.name == "favors_held"), default=0)
            if goal
            else 0
        )
        if needed <= 0:
            return False
        held = sum(1 for p in view.rivals() if view.favor_holder(p.seat) == view.seat)
        return held <= needed

    def _cash_on_crime(self, view: View, ask: Ask, rng: random.Random) -> Action:
        if self._keeps_chips(view):
            return NO
        return CASH if rng.random() < 0.2 else NO

    def _cash_on_law(self, view: View, ask: Ask, rng: random.Random) -> Action:
        if self._keeps_chips(view):
            return NO
        return CASH if rng.random() < 0.3 else NO

    def _cash_on_trick(self, view: View, ask: Ask, rng: random.Random) -> Action:
        return NO if self._keeps_chips(view) else CASH

    def _cover(self, view: View, ask: Ask, rng: random.Random) -> Action:
        crime = ask.about[0]
        heat = view.crime_heat(crime)
        if heat and (view.me.heat + heat >= view.limit() - 1 or heat >= 2 or rng.random() < 0.5):
            return next(o for o in ask.options if isinstance(o, Cover))
        return NO

    def _deny(self, view: View, ask: Ask, rng: random.Random) -> Action:
        price = view.rules.departure.deny_price
        return DENY if view.goal_met(view.me.money - price) else NO

    def _scandal_discard(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        return self._worst(view, ask)

    def _remove_crime(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        if ask.about and ask.about[0] == view.seat:
            return self._worst(view, ask)
        return rng.choice(ask.options)

    def _move_crime(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        return self._worst(view, ask)

    def _choose(self, view: View, ask: Ask, rng: random.Random) -> Action:
        # Blackmail's options, in order: the Favor chip, money, Heat.
        me = view.me
        indices = [o.index for o in ask.options if isinstance(o, Option)]
        if 2 in indices and me.heat + 2 < view.limit() - 1:
            return Option(2)
        if 1 in indices and not (self._needs(view) & {"money_at_least"}):
            return Option(1)
        if 0 in indices and not (self._needs(view) & {"favors_held", "own_favor_home"}):
            return Option(0)
        return rng.choice(ask.options)

    # ---- evening -------------------------------------------------------------------------------

    def _signature(self, view: View, ask: Ask, rng: random.Random) -> Action:
        late = view.round >= 4 or view.clock <= 6
        return SIGNATURE if late and rng.random() < 0.5 else NO

    def _evening(self, view: View, ask: Ask, rng: random.Random) -> Action:
        me = view.me
        books: list[Book] = []
        hush = False  # Hush Money offered
        for o in ask.options:
            if isinstance(o, Book):
                books.append(o)
            elif isinstance(o, HushMoney):
                hush = True
        if books and not self._safe_to_book(view, rng):
            books = []
        if books:
            doors = {
                d: i
                for i, d in enumerate(
                    (
                        "private-jet",
                        "pardon",
                        "defect",
                        "elected",
                        "medical-evacuation",
                        "asylum",
                        "witness-protection",
                        "slow-boat",
                        "diplomatic-marriage",
                    )
                )
            }
            return min(books, key=lambda o: (o.card is None, doors.get(o.door, 9)))
        if hush and me.heat >= view.limit() - 1:
            return HUSH_MONEY
        # Each choice scored, with its place among equal scores: the later in the order
        # Bend, Hush Money, Law, Maneuver (and the higher the card) the better.
        scored: list[tuple[float, int, int, Action]] = []
        for o in ask.options:
            if isinstance(o, ProposeLaw):
                scored.append((self._law_score(view, view.cards[o.card]), 2, o.card, o))
            elif isinstance(o, PlayManeuver):
                scored.append((self._maneuver_score(view, o.card, rng), 3, o.card, o))
            elif isinstance(o, UseBend):
                leader = self._leader(view)
                if leader and leader.immunity and leader.heat >= 2:
                    scored.append((3.0, 0, 0, o))
            elif isinstance(o, HushMoney) and me.heat >= 2:
                scored.append((1.5, 1, 0, o))
        scored = [x for x in scored if x[0] > 0.9]
        if scored:
            return max(scored, key=lambda x: x[:3])[3]
        return PASS

    def _safe_to_book(self, view: View, rng: random.Random) -> bool:
        """Book with a Shred in hand, money to Deny, or Heat to spare; late, book anyway."""
        me = view.me
        if view.clock <= 3 or rng.random() < 0.25:
            return True
        shred = any(AT_COUNTER in view.cards[c].timing for c in me.hand)
        deny = view.goal_met(me.money - view.rules.departure.deny_price - 8)
        cool = me.heat + 2 < view.limit()
        return (shred or deny) and cool

    def _law_score(self, view: View, card: Card) -> float:
        if card.law is None:
            return 0.0
        needs = self._needs(view)
        score = 2.5 if "laws_with_your_marker" in needs else 1.0
        for t in card.law.while_:
            if t.name == "legal" and self._type_counts(view).get(str(t.arg("type")), 0) >= 1:
                score += 1.5
            if t.name in ("door_price", "crime_payout"):
                score -= 0.5
        if card.law.names_player:
            score += 0.5
        return score

    def _maneuver_score(self, view: View, inst: int, rng: random.Random) -> float:
        me = view.me
        card = view.cards[inst]
        names = view.facts[inst].step_names
        if card.kind is KIND_DEPARTURE_CARD:
            goal = view.me.goal
            if goal and card.door and any(r.id == card.door.id for r in goal.doors):
                return 0.0  # keep it for booking
        if "cool" in names and me.heat >= 2:
            return 2.5
        if "gain" in names:
            return 2.0
        if "heat" in names and self._leader(view) is not None:
            return 2.0
        if "repeal" in names:
            return 2.0 if self._hurting_law(view) is not None else 0.0
        if "propose_law" in names:
            return 2.2
        if "reverse_play" in names:
            return 1.0 if rng.random() < 0.4 else 0.0
        if "pay" in names:
            richest = max((p.money for p in view.rivals()), default=0)
            return 1.8 if richest > me.money + 3 else 0.0
        if "draw" in names:
            return 1.2
        return 1.0

    def _name(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        rivals = [o for o in ask.options if isinstance(o, Rival)]
        return max(
            rivals, key=lambda o: (view.public(o.seat).immunity, view.public(o.seat).heat, -o.seat)
        )

    def _repeal(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        hurting = self._hurting_law(view)  # the options list the Laws in effect, in order
        if hurting is not None and hurting < len(ask.options):
            return ask.options[hurting]
        return None

    def _propose(self, view: View, ask: Ask, rng: random.Random) -> Action | None:
        laws = [o for o in ask.options if isinstance(o, ProposeLaw)]
        return max(laws, key=lambda o: self._law_score(view, view.cards[o.card]))

    def _call_vote(self, view: View, ask: Ask, rng: random.Random) -> Action:
        return NO

    def _vote_card(self, view: View, ask: Ask, rng: random.Random) -> Action:
        inst, proposer = ask.about
        mine = self._law_is_mine(view, inst, proposer)
        for o in ask.options:
            if isinstance(o, VoteCard) and o.yes is not False and mine:
                return o
        if not mine and rng.random() < 0.25:
            for o in ask.options:
                if isinstance(o, VoteCard) and o.yes is False:
                    return o
        return NOTHING

    def _law_is_mine(self, view: View, inst: int, proposer: int) -> bool:
        return proposer == view.seat

    def _vote(self, view: View, ask: Ask, rng: random.Random) -> Action:
        inst, proposer, named = ask.about
        if proposer == view.seat:
            return YES
        if named == view.seat:
            return NAY
        card = view.cards[inst]
        score = 0.0
        if card.law:
            for t in card.law.while_:
                if t.name == "legal" and self._type_counts(view).get(str(t.arg("type")), 0):
                    score += 1
                if t.name in ("covered_heat", "leak_heat", "crime_payout", "door_price"):
                    score -= 0.7
        pub = view.public(proposer)
        if pub.goal is not None or pub.departing:
            score -= 1.5
        return YES if score + rng.uniform(-0.6, 0.9) > 0 else NAY

    def _bribe(self, view: View, ask: Ask, rng: random.Random) -> Action:
        inst, seat = ask.about
        card = view.cards[inst]
        wants = "laws_with_your_marker" in self._needs(view)
        if not wants and rng.random() < 0.65:
            return NOTHING
        rival = view.public(seat)
        offers_favor = any(isinstance(o, Favor) for o in ask.options)
        if offers_favor and rival.goal is None and rng.random() < 0.5:
            return FAVOR
        money = [o for o in ask.options if isinstance(o, OfferMoney)]
        if money and (wants or (card.law and card.law.names_player)):
            return max(money, key=lambda o: o.amount)
        return NOTHING

    def _bribe_offer(self, view: View, ask: Ask, rng: random.Random) -> Action:
        inst, _proposer, offer = ask.about
        if isinstance(offer, Favor):
            return ACCEPT if self._needs(view) & {"favors_held"} or rng.random() < 0.6 else REFUSE
        card = view.cards[inst]
        hurts = card.law is not None and any(
            t.name in ("covered_heat", "leak_heat", "crime_payout", "door_price")
            for t in card.law.while_
        )
        return REFUSE if hurts and rng.random() < 0.6 else ACCEPT

    def _partner(self, view: View, ask: Ask, rng: random.Random) -> Action:
        """A partner whose Goal is known to be met, else the likeliest: most crimes."""
        rivals = [o for o in ask.options if isinstance(o, Rival)]
        for o in rivals:
            pub = view.public(o.seat)
            if pub.goal is not None:
                return o
        return max(rivals, key=lambda o: (view.public(o.seat).rap_sheet, -o.seat))

    def _marriage(self, view: View, ask: Ask, rng: random.Random) -> Action:
        return ACCEPT if rng.random() < 0.85 else WALK_OUT


Rule = Callable[[HeuristicBot, View, Ask, random.Random], Action | None]

# The heuristic bot's rule for each kind of choice the rules ask (`Ask.kind`).
RULES: dict[str, Rule] = {
    # the set-up
    "character": HeuristicBot._character,
    "goal": HeuristicBot._goal,
    # the Morning, the Burn Bag and discards
    "draw-deck": HeuristicBot._draw_deck,
    "burn-bag": HeuristicBot._burn_bag,
    "burn": HeuristicBot._burn,
    "hand-limit": HeuristicBot._hand_limit,
    "discard": HeuristicBot._discard,
    # the Afternoon and card effects
    "afternoon": HeuristicBot._afternoon,
    "afternoon-action": HeuristicBot._afternoon_action,
    "aim": HeuristicBot._aim,
    "target-rival": HeuristicBot._target_rival,
    "target-player": HeuristicBot._target_player,
    "scandal-discard": HeuristicBot._scandal_discard,
    "remove-crime": HeuristicBot._remove_crime,
    "move-crime": HeuristicBot._move_crime,
    "choose": HeuristicBot._choose,
    # reactions, answers and Favors
    "react": HeuristicBot._react,
    "react-repeal": HeuristicBot._react_repeal,
    "answer": HeuristicBot._answer,
    "honour": HeuristicBot._honour,
    "cash-on-crime": HeuristicBot._cash_on_crime,
    "cash-on-law": HeuristicBot._cash_on_law,
    "cash-on-trick": HeuristicBot._cash_on_trick,
    "cover": HeuristicBot._cover,
    # the Evening, Laws and votes
    "signature": HeuristicBot._signature,
    "evening": HeuristicBot._evening,
    "name": HeuristicBot._name,
    "repeal": HeuristicBot._repeal,
    "propose": HeuristicBot._propose,
    "call-vote": HeuristicBot._call_vote,
    "vote-card": HeuristicBot._vote_card,
    "vote": HeuristicBot._vote,
    "bribe": HeuristicBot._bribe,
    "bribe-offer": HeuristicBot._bribe_offer,
    # Departures
    "deny": HeuristicBot._deny,
    "partner": HeuristicBot._partner,
    "marriage": HeuristicBot._marriage,
}

Bot = RandomBot | HeuristicBot
BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def play(game: Game, bots: Sequence[Bot]) -> Outcome:
    """Play a game to its end, each bot choosing from its own view and the game's `rng`.

    The game checks every choice and (with `check`) every invariant as it applies it; a
    broken one raises InvariantViolation."""
    apply, rng, state, rules = game.apply, game.rng, game.state, game.rules
    # The choice waiting (`game.ask`), read here without the call. The set-up's first
    # choices come before there are players, and so a seat of one's own to view: each has
    # a view of its own (what `game.view(seat)` gives).
    ask = game._ask
    while ask is not None and not state.players:
        apply(bots[ask.seat].choose(View(state, rules, ask.seat, ask), rng))
        ask = game._ask
    # Then each seat has one view, renewed for each of its choices (`View.renew`: a new
    # `ask` is all it takes).
    views = [View(state, rules, seat) for seat in range(len(state.players))]
    chooses = [bot.choose for bot in bots]  # each seat's bot's choice, looked up once
    while ask is not None:
        seat = ask.seat
        view = views[seat]
        view.ask = ask
        apply(chooses[seat](view, rng))
        ask = game._ask
    outcome = game.outcome()
    assert outcome is not None
    return outcome


def seated(game: Game, kind: str = "heuristic") -> list[Bot]:
    """One bot of a kind for every seat (they all draw from the game's `rng`)."""
    return [BOTS[kind]() for _ in range(game.n)]
