"""The steps of the effect vocabulary, executed. One function per step; the table at the end
is what the implementation-coverage report compares with the vocabulary."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pnp.content.cards import Card
from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.play import modifiers, voting
from pnp.rulesets.diplomatic_immunity.play.actions import (
    CASH_OR_NOT,
    PICK_CRIME,
    PROPOSE_LAW,
    TARGET,
    Cash,
    Flow,
    Option,
    asking,
)
from pnp.rulesets.diplomatic_immunity.play.kinds import AT_REACTION
from pnp.rulesets.diplomatic_immunity.play.state import Player

if TYPE_CHECKING:
    from pnp.rulesets.diplomatic_immunity.play.game import Game


class Context:
    """What one card's steps share: who plays it, who it answers, whom it names, and the
    rival chosen for it (one card, one chosen rival)."""

    __slots__ = ("actor", "aimed", "answerable", "card", "chosen", "fizzled", "game", "named")

    def __init__(
        self,
        game: Game,
        actor: Player,
        card: Card | None,
        aimed: Player | None,
        named: Player | None,
        chosen: dict[str, Player],
        answerable: bool,
    ) -> None:
        self.game = game
        self.actor = actor
        self.card = card
        self.aimed = aimed
        self.named = named
        self.chosen = chosen
        self.answerable = answerable
        self.fizzled = False

    def targets(self, who: str) -> Flow:
        """The players a target word names now; asks the actor to choose where needed."""
        g, s, a = self.game, self.game.state, self.actor
        if who == "you":
            return [a] if a.active else []
        if who in ("rival", "player"):
            if who in self.chosen:
                return [self.chosen[who]]
            pool = s.rivals(a.seat) + ([a] if who == "player" and a.active else [])
            if not pool:
                return []
            action = yield from g._choose(
                a.seat,
                f"target-{who}",
                [TARGET[q.seat] for q in pool],
                (self.card.id if self.card else "",),
            )
            target = s.players[action.seat]
            self.chosen[who] = target
            if (
                self.answerable
                and target.seat != a.seat
                and s.favor_holder.get(a.seat) == target.seat
            ):
                # "Take it back": a trick aimed at the holder of your chip may be cancelled.
                answer = yield asking(target.seat, "cash-on-trick", CASH_OR_NOT, (a.seat,))
                if isinstance(answer, Cash) and (
                    yield from g._cash_favor(target, a, "take it back")
                ):
                    self.fizzled = True
            return [target]
        if who == "aimed":
            return [self.aimed] if self.aimed and self.aimed.active else []
        if who == "named":
            return [self.named] if self.named and self.named.active else []
        if who == "each_rival":
            return s.rivals(a.seat)
        if who == "each_player":
            return [p for p in s.players if p.active]
        if who == "richest":
            active = [p for p in s.players if p.active]
            top = max((p.money for p in active), default=0)
            return [p for p in active if p.money == top and top > 0]
        if who == "most_crimes":
            active = [p for p in s.players if p.active]
            top = max((len(p.rap_sheet) for p in active), default=0)
            return [p for p in active if len(p.rap_sheet) == top and top > 0]
        raise NotImplementedError(f"target {who}")


def run(
    game: Game,
    actor: Player,
    steps: Sequence[Term],
    card: Card | None,
    aimed: Player | None,
    named: Player | None,
    chosen: dict[str, Player],
    answerable: bool,
) -> Flow:
    """Run steps in order; a step whose targets are gone does nothing."""
    ctx = Context(game, actor, card, aimed, named, chosen, answerable)
    for term in steps:
        if ctx.fizzled or game.state.ending is not None:
            return
        yield from STEPS[term.name](ctx, dict(term.args))


def _gain(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["who"])):
        ctx.game.gain(p, int(a["amount"]))


def _pay(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["who"])):
        ctx.game.pay(p, int(a["amount"]))


def _take_money(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["from"])):
        if not ctx.fizzled and p.seat != ctx.actor.seat:
            moved = ctx.game.transfer(p, ctx.actor, int(a["amount"]))
            if ctx.game.trace is not None:
                ctx.game.log(
                    f"{ctx.game.name(ctx.actor.seat)} takes ${moved}M from {ctx.game.name(p.seat)}"
                )


def _heat(ctx: Context, a: dict[str, Any]) -> Flow:
    amount = int(a["amount"])
    reaction = (ctx.card is not None and AT_REACTION in ctx.card.timing) or (
        ctx.card is None and a["to"] == "aimed"
    )
    if a["to"] == "aimed" and reaction:  # a Leak: Leak modifiers apply, the leaker's too
        amount = modifiers.leak_heat(ctx.game.state, ctx.actor, amount)
    why = ctx.card.name if ctx.card else "effect"
    for p in (yield from ctx.targets(a["to"])):
        if not ctx.fizzled:
            yield from ctx.game.take_heat(p, amount, why)


def _cool(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["who"])):
        ctx.game.cool(p, int(a["amount"]))


def _draw(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["who"])):
        yield from ctx.game.draw(p, int(a["cards"]), str(a["deck"]))


def _discard(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["who"])):
        if not ctx.fizzled:
            yield from ctx.game.discard_from_hand(p, int(a["cards"]))


def _discard_hand(ctx: Context, a: dict[str, Any]) -> Flow:
    for p in (yield from ctx.targets(a["who"])):
        for c in list(p.hand):
            p.hand.remove(c)
            ctx.game._discard(c)


def _remove_crimes(ctx: Context, a: dict[str, Any]) -> Flow:
    g = ctx.game
    for p in (yield from ctx.targets(a["from"])):
        for _ in range(int(a["crimes"])):
            if not p.rap_sheet or ctx.fizzled:
                break
            action = yield from g._choose(
                ctx.actor.seat,
                "remove-crime",
                [PICK_CRIME[c] for c in sorted(set(p.rap_sheet))],
                (p.seat,),
            )
            p.rap_sheet.remove(action.card)
            g.state.street_discard.append(action.card)


def _move_crime(ctx: Context, a: dict[str, Any]) -> Flow:
    g, actor = ctx.game, ctx.actor
    for p in (yield from ctx.targets(a["to"])):
        if not actor.rap_sheet or ctx.fizzled or p.seat == actor.seat:
            return
        action = yield from g._choose(
            actor.seat,
            "move-crime",
            [PICK_CRIME[c] for c in sorted(set(actor.rap_sheet))],
            (p.seat,),
        )
        actor.rap_sheet.remove(action.card)
        p.rap_sheet.append(action.card)
        if g.trace is not None:
            g.log(f"{g.name(actor.seat)} frames {g.name(p.seat)}")


def _cancel(ctx: Context, a: dict[str, Any]) -> Flow:
    # The callers that know what is being answered (a crime's reactions, a Departure, a Leak
    # or Tip-Off aimed at you) apply `cancel` themselves.
    yield from ()


def _lose_immunity(ctx: Context, a: dict[str, Any]) -> Flow:
    g = ctx.game
    for p in (yield from ctx.targets(a["who"])):
        if p.immunity and not ctx.fizzled:
            p.immunity = False
            if g.trace is not None:
                g.log(f"{g.name(p.seat)} loses Immunity: Limit {g.limit(p)}")
            yield from g.scandal_check(p)


def _reverse_play(ctx: Context, a: dict[str, Any]) -> Flow:
    ctx.game.state.direction *= -1
    ctx.game.log("play reverses")
    yield from ()


def _repeal(ctx: Context, a: dict[str, Any]) -> Flow:
    yield from voting.repeal(ctx.game, ctx.actor, None)


def _vote_only(ctx: Context, a: dict[str, Any]) -> Flow:
    # `votes` and `vote_weight` act inside a vote (game._vote); outside one they do nothing.
    yield from ()


def _take_favor(ctx: Context, a: dict[str, Any]) -> Flow:
    g, s = ctx.game, ctx.game.state
    for p in (yield from ctx.targets(a["from"])):
        if not ctx.fizzled and s.favor_holder.get(p.seat) == p.seat and p.seat != ctx.actor.seat:
            s.favor_holder[p.seat] = ctx.actor.seat
            if g.trace is not None:
                g.log(f"{g.name(ctx.actor.seat)} takes {g.name(p.seat)}'s Favor chip")


def _propose_law(ctx: Context, a: dict[str, Any]) -> Flow:
    g, p = ctx.game, ctx.actor
    laws = [c for c in sorted(set(p.hand)) if voting.proposable(g, c)]
    markers_out = sum(1 for law in g.state.laws if law.owner == p.seat)
    if not laws or modifiers.has(g.state, p, "no_propose") or markers_out >= g.markers:
        return  # no Law to propose, or no Law marker left to put on it
    action = yield from g._choose(p.seat, "propose", [PROPOSE_LAW[c] for c in laws])
    yield from voting.propose(g, p, action.card, int(a["fee"]), str(a["ties"]))


def _open(ctx: Context, chooser: Player, option: tuple[Term, ...]) -> bool:
    """An option its chooser cannot pay in full is not open to them."""
    s = ctx.game.state
    for t in option:
        if t.name == "take_favor" and s.favor_holder.get(chooser.seat) != chooser.seat:
            return False
        if t.name == "take_money" and chooser.money < int(t.arg("amount")):
            return False
        if t.name == "pay" and chooser.money < int(t.arg("amount")):
            return False
    return True


def _choose(ctx: Context, a: dict[str, Any]) -> Flow:
    g = ctx.game
    choosers = yield from ctx.targets(a["by"])
    if ctx.fizzled:
        return
    for chooser in choosers:
        options = list(a["options"])
        open_ = [i for i, opt in enumerate(options) if _open(ctx, chooser, opt)]
        if not open_:
            open_ = [len(options) - 1]
        pick = yield from g._choose(
            chooser.seat,
            "choose",
            [Option(i) for i in open_],
            (ctx.card.id if ctx.card else "",),
        )
        for term in options[pick.index]:
            yield from STEPS[term.name](ctx, dict(term.args))


STEPS: dict[str, Callable[[Context, dict[str, Any]], Flow]] = {
    "gain": _gain,
    "pay": _pay,
    "take_money": _take_money,
    "heat": _heat,
    "cool": _cool,
    "draw": _draw,
    "discard": _discard,
    "discard_hand": _discard_hand,
    "remove_crimes": _remove_crimes,
    "move_crime": _move_crime,
    "cancel": _cancel,
    "lose_immunity": _lose_immunity,
    "reverse_play": _reverse_play,
    "repeal": _repeal,
    "votes": _vote_only,
    "vote_weight": _vote_only,
    "take_favor": _take_favor,
    "propose_law": _propose_law,
    "choose": _choose,
}
