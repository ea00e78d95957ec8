"""Players: a random-legal bot, and a heuristic bot that pursues its Goal, reacts to rivals'
crimes and Departures, and proposes Laws that help it.

Both decide from their own View only. What they do not do is stated in the report: they do
not negotiate (no promises, no bargaining over votes or Favors beyond fixed rules of thumb),
they do not bluff, and they do not remember who did what to them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from pnp.content.cards import Card, CardKind, Timing
from pnp.rulesets.diplomatic_immunity.play.game import Action, Ask, Game, Outcome
from pnp.rulesets.diplomatic_immunity.play.view import Public, View

GOAL_CRIMES = {"crimes_at_least", "crimes_of_one_type", "crime_types"}


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # the game's own generator: a seed replays bots' choices too

    def choose(self, view: View, ask: Ask) -> Action:
        """Any legal action."""
        return self.rng.choice(ask.options)


class HeuristicBot:
    """Plays for its Goal with rules of thumb; see the module docstring for its limits."""

    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # the game's own generator: a seed replays bots' choices too

    def choose(self, view: View, ask: Ask) -> Action:
        """The action its rules of thumb prefer, else a random legal one."""
        handler: Callable[[View, Ask], Action | None] | None = getattr(
            self, "_" + ask.kind.replace("-", "_"), None
        )
        action = handler(view, ask) if handler else None
        if action is None or action not in ask.options:
            return self.rng.choice(ask.options)
        return action

    # ---- helpers -------------------------------------------------------------------------

    def _needs(self, view: View) -> set[str]:
        goal = view.me.goal
        return {t.name for t in goal.condition} if goal else set()

    def _leader(self, view: View) -> Public | None:
        """The rival who looks closest to leaving: Departing first, then the richest with
        the longest Rap Sheet."""
        rivals = view.rivals()
        if not rivals:
            return None
        return max(
            rivals, key=lambda p: (p.departing is not None, p.rap_sheet + p.money / 4, -p.seat)
        )

    def _type_counts(self, view: View) -> Counter[str]:
        return Counter(
            view.card(c).crime.type.id  # type: ignore[union-attr]
            for c in view.me.rap_sheet
            if view.card(c).crime
        )

    def _value(self, view: View, inst: int) -> float:
        """How much a card in hand is worth keeping (for discards)."""
        card = view.card(inst)
        needs = self._needs(view)
        if card.crime:
            v = 3.0 + card.crime.payout / 2
            if needs & GOAL_CRIMES:
                v += 2
            if "crime_types" in needs and card.crime.type.id not in self._type_counts(view):
                v += 2
            return v
        if card.kind is CardKind.COVER:
            return 2.5
        if card.kind is CardKind.LAW:
            if view.has("no_propose"):
                return 0.2
            return 3.5 if "laws_with_your_marker" in needs else 1.5
        if card.kind is CardKind.DEPARTURE_CARD:
            goal = view.me.goal
            if goal and card.door and any(r.id == card.door.id for r in goal.doors):
                return 5.0
            return 1.5
        if card.id in ("shred", "tip-off"):
            return 3.0
        return 2.0

    def _worst(self, view: View, ask: Ask) -> Action | None:
        cards = [o for o in ask.options if o[0] in ("card", "crime")]
        if not cards:
            return None
        return min(cards, key=lambda o: (self._value(view, o[1]), o[1]))

    # ---- setup ---------------------------------------------------------------------------

    def _character(self, view: View, ask: Ask) -> Action:
        return self.rng.choice(ask.options)

    def _goal(self, view: View, ask: Ask) -> Action | None:
        # A board that cannot propose Laws leaves the Goals that need one (W405).
        no_propose = view.has("no_propose")
        goals = {g.id: g for g in ask.about}  # the Goals still to choose from
        options = [
            o
            for o in ask.options
            if not (
                no_propose
                and any(
                    t.name == "laws_with_your_marker" and int(t.arg("laws")) > 0
                    for t in goals[o[1]].condition
                )
            )
        ]
        return self.rng.choice(options or list(ask.options))

    # ---- morning ---------------------------------------------------------------------------

    def _draw_deck(self, view: View, ask: Ask) -> Action:
        needs = self._needs(view)
        street = 0.65
        if "laws_with_your_marker" in needs and not view.has("no_propose"):
            street = 0.45
        if "money_at_least" in needs:
            street = 0.6
        return ("deck", "street") if self.rng.random() < street else ("deck", "politics")

    def _burn_bag(self, view: View, ask: Ask) -> Action:
        junk = sum(1 for c in view.me.hand if self._value(view, c) < 1.6)
        return ("burn",) if junk >= 3 or len(view.me.hand) > 9 else ("no",)

    def _burn(self, view: View, ask: Ask) -> Action | None:
        return self._worst(view, ask)

    def _hand_limit(self, view: View, ask: Ask) -> Action | None:
        return self._worst(view, ask)

    def _discard(self, view: View, ask: Ask) -> Action | None:
        return self._worst(view, ask)

    # ---- afternoon -------------------------------------------------------------------------

    def _afternoon(self, view: View, ask: Ask) -> Action:
        me = view.me
        crimes = [c for c in me.hand if view.card(c).crime]
        if (
            ("lay_low",) in ask.options
            and (me.heat >= view.limit() - 1 or not crimes)
            and me.heat > 0
            and not self._departing_rivals(view)
        ):
            return ("lay_low",)
        return ("crimes",)

    def _departing_rivals(self, view: View) -> list[Public]:
        return [p for p in view.rivals() if p.departing]

    def _afternoon_action(self, view: View, ask: Ask) -> Action:
        me = view.me
        limit = view.limit()
        covers = [c for c in me.hand if view.card(c).kind is CardKind.COVER]
        # Attack a Departing rival first.
        for o in ask.options:
            if o == ("signature", "departure") or (
                o[0] == "trick" and Timing.REACTION in view.card(o[1]).timing
            ):
                return o
        best: Action | None = None
        best_score = 0.0
        for o in ask.options:
            if o[0] == "crime":
                card = view.card(o[1])
                assert card.crime is not None
                heat = view.crime_heat(o[1])
                covered = any(
                    view.card(c).covers is not None
                    and view.card(c).covers.id  # type: ignore[union-attr]
                    in (
                        "any",
                        card.crime.type.id,
                    )
                    for c in covers
                )
                effective = 0 if covered and heat else heat
                if me.heat + effective + 1 >= limit and effective:
                    continue  # one Leak from a Scandal: too hot
                score = card.crime.payout + 2.0 - effective * 0.8
                if self._needs(view) & GOAL_CRIMES:
                    score += 2
                if self._wants_chips(view) and any(t.name == "take_favor" for t in card.steps):
                    score += 3
                if score > best_score:
                    best, best_score = o, score
            elif o[0] == "trick":
                score = self._trick_score(view, view.card(o[1]))
                if score > best_score:
                    best, best_score = o, score
            elif (
                o[0] == "signature"
                and (view.round >= 5 or self.rng.random() < 0.15)
                and best_score < 1.5
            ):
                best, best_score = o, 1.5
            if (
                o == ("signature",)
                and self._wants_chips(view)
                and any(t.name == "take_favor" for t in view.me.diplomat.signature.steps)
            ):
                best, best_score = o, 9.0  # a Favor chip for a Goal that counts them
        if best is not None and self.rng.random() < 0.92:
            return best
        return ("stop",)

    def _trick_score(self, view: View, card: Card) -> float:
        names = {t.name for t in card.steps}
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

    def _aim(self, view: View, ask: Ask) -> Action | None:
        return max(ask.options, key=lambda o: view.public(o[1]).heat)

    def _target_rival(self, view: View, ask: Ask) -> Action | None:
        card_id = ask.about[0] if ask.about else ""
        pubs = {o[1]: view.public(o[1]) for o in ask.options}
        if card_id in ("shakedown", "shell-company") or "money" in card_id:
            return max(ask.options, key=lambda o: (pubs[o[1]].money, -o[1]))
        if card_id in ("honey-trap", "blackmail"):
            home = [o for o in ask.options if pubs[o[1]].favor_home]
            if home:
                return max(home, key=lambda o: (pubs[o[1]].money, -o[1]))
        # Heat and the rest: the rival nearest a Scandal, Departing rivals first.
        return max(
            ask.options,
            key=lambda o: (
                pubs[o[1]].departing is not None,
                pubs[o[1]].heat - pubs[o[1]].limit,
                -o[1],
            ),
        )

    def _target_player(self, view: View, ask: Ask) -> Action | None:
        if (
            ("player", view.seat) in ask.options
            and not (self._needs(view) & GOAL_CRIMES)
            and view.me.rap_sheet
            and self.rng.random() < 0.3
        ):
            return ("player", view.seat)
        rivals = [o for o in ask.options if o[1] != view.seat]
        if not rivals:
            return None
        return max(
            rivals,
            key=lambda o: (
                view.public(o[1]).departing is not None,
                view.public(o[1]).rap_sheet,
                -o[1],
            ),
        )

    # ---- reactions ---------------------------------------------------------------------------

    def _react(self, view: View, ask: Ask) -> Action:
        criminal = view.public(ask.about[1])
        leader = self._leader(view)
        dangerous = leader is not None and leader.seat == criminal.seat
        for o in ask.options:
            if o[0] == "react":
                card = view.card(o[1])
                if any(t.name == "heat" for t in card.steps):
                    if criminal.heat + 1 >= criminal.limit and self.rng.random() < 0.9:
                        return o
                    if self.rng.random() < (0.3 if dangerous else 0.12):
                        return o
                elif any(t.name == "cancel" for t in card.steps) and self.rng.random() < (
                    0.35 if dangerous else 0.1
                ):
                    return o
            elif o[0] == "signature" and self.rng.random() < 0.15:
                return o
        return ("none",)

    def _react_repeal(self, view: View, ask: Ask) -> Action:
        """Repeal a Law that hurts you while a crime resolves (your own crime's Law too)."""
        if self._hurting_law(view) is not None and self.rng.random() < 0.5:
            return next(o for o in ask.options if o[0] == "repeal")
        return ("none",)

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

    def _answer(self, view: View, ask: Ask) -> Action:
        me = view.me
        for o in ask.options:
            if o[0] == "favor" and self._keeps_chips(view):
                continue
            if o[0] in ("shred", "signature", "favor") and (
                me.departing or me.heat + 1 >= view.limit() or self.rng.random() < 0.4
            ):
                return o
        return ("accept",)

    def _honour(self, view: View, ask: Ask) -> Action:
        breakable = view.me.heat + view.rules.favor.break_heat < view.limit() - 1
        return ("break",) if breakable and self.rng.random() < 0.3 else ("honour",)

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
        held = sum(1 for p in view.rivals() if view.favor_holder(p.seat) == view.seat)
        return needed > 0 and held <= needed

    def _cash_on_crime(self, view: View, ask: Ask) -> Action:
        if self._keeps_chips(view):
            return ("no",)
        return ("cash",) if self.rng.random() < 0.2 else ("no",)

    def _cash_on_law(self, view: View, ask: Ask) -> Action:
        if self._keeps_chips(view):
            return ("no",)
        return ("cash",) if self.rng.random() < 0.3 else ("no",)

    def _cash_on_trick(self, view: View, ask: Ask) -> Action:
        return ("no",) if self._keeps_chips(view) else ("cash",)

    def _cover(self, view: View, ask: Ask) -> Action:
        crime = ask.about[0]
        heat = view.crime_heat(crime)
        if heat and (
            view.me.heat + heat >= view.limit() - 1 or heat >= 2 or self.rng.random() < 0.5
        ):
            return next(o for o in ask.options if o[0] == "cover")
        return ("no",)

    def _deny(self, view: View, ask: Ask) -> Action:
        price = view.rules.departure.deny_price
        return ("deny",) if view.goal_met(view.me.money - price) else ("no",)

    def _scandal_discard(self, view: View, ask: Ask) -> Action | None:
        return self._worst(view, ask)

    def _remove_crime(self, view: View, ask: Ask) -> Action | None:
        if ask.about and ask.about[0] == view.seat:
            return self._worst(view, ask)
        return self.rng.choice(ask.options)

    def _move_crime(self, view: View, ask: Ask) -> Action | None:
        return self._worst(view, ask)

    def _choose(self, view: View, ask: Ask) -> Action:
        # Blackmail's options, in order: the Favor chip, money, Heat.
        me = view.me
        indices = [o[1] for o in ask.options]
        if 2 in indices and me.heat + 2 < view.limit() - 1:
            return ("option", 2)
        if 1 in indices and not (self._needs(view) & {"money_at_least"}):
            return ("option", 1)
        if 0 in indices and not (self._needs(view) & {"favors_held", "own_favor_home"}):
            return ("option", 0)
        return self.rng.choice(ask.options)

    # ---- evening -------------------------------------------------------------------------------

    def _signature(self, view: View, ask: Ask) -> Action:
        late = view.round >= 4 or view.clock <= 6
        return ("signature",) if late and self.rng.random() < 0.5 else ("no",)

    def _evening(self, view: View, ask: Ask) -> Action:
        me = view.me
        books = [o for o in ask.options if o[0] == "book"]
        if books and not self._safe_to_book(view):
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
            return min(books, key=lambda o: (o[2] is None, doors.get(o[1], 9)))
        if ("hush",) in ask.options and me.heat >= view.limit() - 1:
            return ("hush",)
        scored: list[tuple[float, Action]] = []
        for o in ask.options:
            if o[0] == "law":
                scored.append((self._law_score(view, view.card(o[1])), o))
            elif o[0] == "maneuver":
                scored.append((self._maneuver_score(view, view.card(o[1])), o))
            elif o[0] == "bend":
                leader = self._leader(view)
                if leader and leader.immunity and leader.heat >= 2:
                    scored.append((3.0, o))
            elif o[0] == "hush" and me.heat >= 2:
                scored.append((1.5, o))
        scored = [x for x in scored if x[0] > 0.9]
        if scored:
            return max(scored, key=lambda x: (x[0], x[1]))[1]
        return ("pass",)

    def _safe_to_book(self, view: View) -> bool:
        """Book with a Shred in hand, money to Deny, or Heat to spare; late, book anyway."""
        me = view.me
        if view.clock <= 3 or self.rng.random() < 0.25:
            return True
        shred = any(Timing.COUNTER in view.card(c).timing for c in me.hand)
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

    def _maneuver_score(self, view: View, card: Card) -> float:
        me = view.me
        names = {t.name for t in card.steps}
        if card.kind is CardKind.DEPARTURE_CARD:
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
            return 1.0 if self.rng.random() < 0.4 else 0.0
        if "pay" in names:
            richest = max((p.money for p in view.rivals()), default=0)
            return 1.8 if richest > me.money + 3 else 0.0
        if "draw" in names:
            return 1.2
        return 1.0

    def _name(self, view: View, ask: Ask) -> Action | None:
        return max(
            ask.options, key=lambda o: (view.public(o[1]).immunity, view.public(o[1]).heat, -o[1])
        )

    def _repeal(self, view: View, ask: Ask) -> Action | None:
        hurting = self._hurting_law(view)  # the options list the Laws in effect, in order
        if hurting is not None and hurting < len(ask.options):
            return ask.options[hurting]
        return None

    def _propose(self, view: View, ask: Ask) -> Action | None:
        return max(ask.options, key=lambda o: self._law_score(view, view.card(o[1])))

    def _call_vote(self, view: View, ask: Ask) -> Action:
        return ("no",)

    def _vote_card(self, view: View, ask: Ask) -> Action:
        inst, proposer = ask.about
        mine = self._law_is_mine(view, inst, proposer)
        for o in ask.options:
            if o[0] == "card" and o[2] in ("yes", "-") and mine:
                return o
        if not mine and self.rng.random() < 0.25:
            for o in ask.options:
                if o[0] == "card" and o[2] == "nay":
                    return o
        return ("none",)

    def _law_is_mine(self, view: View, inst: int, proposer: int) -> bool:
        return proposer == view.seat

    def _vote(self, view: View, ask: Ask) -> Action:
        inst, proposer, named = ask.about
        if proposer == view.seat:
            return ("yes",)
        if named == view.seat:
            return ("nay",)
        card = view.card(inst)
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
        return ("yes",) if score + self.rng.uniform(-0.6, 0.9) > 0 else ("nay",)

    def _bribe(self, view: View, ask: Ask) -> Action:
        inst, seat = ask.about
        card = view.card(inst)
        wants = "laws_with_your_marker" in self._needs(view)
        if not wants and self.rng.random() < 0.65:
            return ("none",)
        rival = view.public(seat)
        if ("favor",) in ask.options and rival.goal is None and self.rng.random() < 0.5:
            return ("favor",)
        money = [o for o in ask.options if o[0] == "money"]
        if money and (wants or (card.law and card.law.names_player)):
            return max(money)
        return ("none",)

    def _bribe_offer(self, view: View, ask: Ask) -> Action:
        inst, _proposer, offer = ask.about
        if offer[0] == "favor":
            return (
                ("accept",)
                if self._needs(view) & {"favors_held"} or self.rng.random() < 0.6
                else ("refuse",)
            )
        card = view.card(inst)
        hurts = card.law is not None and any(
            t.name in ("covered_heat", "leak_heat", "crime_payout", "door_price")
            for t in card.law.while_
        )
        return ("refuse",) if hurts and self.rng.random() < 0.6 else ("accept",)

    def _partner(self, view: View, ask: Ask) -> Action:
        """A partner whose Goal is known to be met, else the likeliest: most crimes."""
        for o in ask.options:
            pub = view.public(o[1])
            if pub.goal is not None:
                return o
        return max(ask.options, key=lambda o: (view.public(o[1]).rap_sheet, -o[1]))

    def _marriage(self, view: View, ask: Ask) -> Action:
        return ("accept",) if self.rng.random() < 0.85 else ("walk",)


Bot = RandomBot | HeuristicBot
BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def play(game: Game, bots: Sequence[Bot]) -> Outcome:
    """Play a game to its end, each bot choosing from its own view."""
    while game.ask is not None:
        ask = game.ask
        game.apply(bots[ask.seat].choose(View(game.state, game.rules, ask.seat), ask))
    outcome = game.outcome()
    assert outcome is not None
    return outcome


def seated(game: Game, kind: str = "heuristic") -> list[Bot]:
    """One bot of a kind for every seat, all drawing from the game's generator."""
    return [BOTS[kind](game.bot_rng) for _ in range(game.n)]
