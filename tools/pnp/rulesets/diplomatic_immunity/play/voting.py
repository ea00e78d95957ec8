"""Laws and votes: proposing (filing fee, naming a rival, "Take it back"), bribes, "Vote
with me", vote cards, the tally, markers, Repeal. Functions of the running `game.Game`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.content.model import Term
from pnp.rulesets.diplomatic_immunity.play import modifiers
from pnp.rulesets.diplomatic_immunity.play.actions import (
    CALL_VOTE,
    CASH_OR_NOT,
    FAVOR,
    NOTHING,
    OFFER_MONEY,
    REFUSE_OR_ACCEPT,
    YES_OR_NAY,
    Accept,
    Action,
    Cash,
    Flow,
    Nothing,
    OfferMoney,
    PickLaw,
    Rival,
    Vote,
    VoteCard,
    asking,
)
from pnp.rulesets.diplomatic_immunity.play.kinds import AT_VOTE, KIND_LAW
from pnp.rulesets.diplomatic_immunity.play.state import LawInEffect, Player

if TYPE_CHECKING:
    from pnp.content.project import Game as Model
    from pnp.rulesets.diplomatic_immunity.play.game import Game


def law_markers(model: Model) -> int:
    """Law markers per seat, from the components (3 if the box lists none)."""
    comps = model.components
    item = next((i for i in comps.items if i.id == "law-markers"), None) if comps else None
    return (item.per_seat or 3) if item else 3


def proposable(g: Game, inst: int) -> bool:
    card = g.state.cards[inst]
    if card.kind is not KIND_LAW:
        return False
    if not g.rules.laws.same_law_twice and any(
        g.state.cards[law.card].id == card.id for law in g.state.laws
    ):
        return False
    return not (card.law and card.law.names_player and not g.state.rivals(-1))


def propose(g: Game, p: Player, inst: int, fee: int, ties: str) -> Flow:
    s = g.state
    card = s.cards[inst]
    g._play(p, inst)
    g.pay(p, fee)
    g.stats.played(card)
    named: int | None = None
    if card.law and card.law.names_player:
        rival = yield from g._choose(
            p.seat, "name", [Rival(q.seat) for q in s.rivals(p.seat)], (inst,)
        )
        named = rival.seat
    if g.trace is not None:
        g.log(
            f"{g.name(p.seat)} proposes {card.name}"
            + (f" naming {g.name(named)}" if named is not None else "")
        )
    # Take it back: a rival holding the proposer's chip may withdraw the Law unvoted.
    for seat in s.seat_order_from(p.seat):
        if s.favor_holder.get(p.seat) == seat and not s.players[seat].left:
            action = yield asking(seat, "cash-on-law", CASH_OR_NOT, (inst,))
            if isinstance(action, Cash) and (
                yield from g._cash_favor(s.players[seat], p, "take it back")
            ):
                g._discard(inst)
                return
    passed = yield from vote(g, p, inst, named, ties)
    if passed:
        g._off_table(inst)
        s.laws.append(LawInEffect(inst, p.seat, named))
        if g.trace is not None:
            g.log(f"{card.name} passes")
        if card.law and card.law.on_pass:
            s.use("law", card.id)
            yield from g.run_steps(
                p, card.law.on_pass, card, named=s.players[named] if named is not None else None
            )
    else:
        if g.trace is not None:
            g.log(f"{card.name} fails")
        g._discard(inst)


def vote(g: Game, proposer: Player, inst: int, named: int | None, ties: str) -> Flow:
    """Bribes, "Vote with me" and vote cards first, then everyone votes at once."""
    s = g.state
    forced: dict[int, bool] = {}  # seat -> a vote they must cast: yes (True) or nay
    # "Vote with me": holders of chips may call them, in seat order from the proposer.
    for seat in [proposer.seat, *s.seat_order_from(proposer.seat)]:
        holder = s.players[seat]
        for owner, h in list(s.favor_holder.items()):
            if (
                h == seat
                and owner != seat
                and owner not in forced
                and modifiers.vote_count(s, s.players[owner]) > 0
            ):
                action = yield asking(seat, "call-vote", CALL_VOTE, (inst, owner))
                if isinstance(action, Vote):
                    honoured = yield from g._cash_favor(holder, s.players[owner], "vote with me")
                    if honoured:
                        forced[owner] = action.yes
    # Bribes first: the proposer may offer a rival money or their own Favor chip for a
    # yes. A bribe is a promise, not a binding one; the bots keep theirs.
    for seat in s.seat_order_from(proposer.seat):
        q = s.players[seat]
        if q.left or seat in forced or modifiers.vote_count(s, q) == 0 or not proposer.active:
            continue
        offers: list[Action] = [NOTHING]
        offers += [OFFER_MONEY[m] for m in (1, 2) if proposer.money >= m]
        if s.favor_holder.get(proposer.seat) == proposer.seat:
            offers.append(FAVOR)
        if len(offers) == 1:
            continue  # nothing to offer: Nothing, taken without asking (`_choose`, written out)
        offer = yield asking(proposer.seat, "bribe", tuple(offers), (inst, seat))
        if isinstance(offer, Nothing):
            continue
        answer = yield asking(seat, "bribe-offer", REFUSE_OR_ACCEPT, (inst, proposer.seat, offer))
        if isinstance(answer, Accept):
            if isinstance(offer, OfferMoney):
                g.transfer(proposer, q, offer.amount)
            else:
                s.favor_holder[proposer.seat] = seat
            forced[seat] = True
            if g.trace is not None:
                g.log(
                    f"{g.name(seat)} takes {g.name(proposer.seat)}'s bribe "
                    f"({f'${offer.amount}M' if isinstance(offer, OfferMoney) else 'a Favor'})"
                )
    extra_yes = extra_no = 0
    weights: dict[int, int] = {}
    for seat in [proposer.seat, *s.seat_order_from(proposer.seat)]:
        q = s.players[seat]
        # The vote cards in hand, and the Signature (None) when it votes: the Signature
        # comes first, as the lowest.
        cards: list[int | None] = [*sorted(g.sorts.vote.intersection(q.hand))]
        if not q.signature_used and AT_VOTE in q.diplomat.signature.timing:
            cards.insert(0, None)
        if not cards:
            continue
        options: list[Nothing | VoteCard] = [NOTHING]
        for c in cards:
            options += (
                [VoteCard(c, True), VoteCard(c, False)]
                if any(t.name == "votes" for t in vote_steps(g, q, c))
                else [VoteCard(c, None)]
            )
        action = yield from g._choose(seat, "vote-card", options, (inst, proposer.seat))
        if isinstance(action, Nothing):
            continue
        c = action.card
        for t in vote_steps(g, q, c):
            if t.name == "votes":
                if action.yes:
                    extra_yes += int(t.arg("amount"))
                else:
                    extra_no += int(t.arg("amount"))
            elif t.name == "vote_weight":
                weights[seat] = int(t.arg("times"))
        if c is None:
            g.signature(q)
        else:
            q.hand.remove(c)
            g._discard(c)
            g.stats.played(s.cards[c])
    yes = extra_yes
    no = extra_no
    for q in s.players:
        if q.left:
            continue
        weight = weights.get(q.seat, modifiers.vote_count(s, q))
        if weight == 0:
            continue
        if q.seat in forced:
            says_yes = forced[q.seat]
        else:
            vote = yield asking(q.seat, "vote", YES_OR_NAY, (inst, proposer.seat, named))
            assert isinstance(vote, Vote)
            says_yes = vote.yes
        if says_yes:
            yes += weight
        else:
            no += weight
    if g.trace is not None:
        g.log(f"vote: {yes} yes, {no} no")
    return yes > no or (ties == "pass" and yes == no)


def vote_steps(g: Game, q: Player, c: int | None) -> tuple[Term, ...]:
    """What a vote card does (None: the player's Signature)."""
    return q.diplomat.signature.steps if c is None else g.state.cards[c].steps


def repeal(g: Game, p: Player, inst: int | None) -> Flow:
    s = g.state
    if inst is not None:
        g._discard(inst)
    if not s.laws:
        return
    action = yield from g._choose(p.seat, "repeal", [PickLaw(law.card) for law in s.laws])
    law = next(x for x in s.laws if x.card == action.card)
    s.laws.remove(law)
    g._discard(law.card)
    if g.trace is not None:
        g.log(f"{g.name(p.seat)} Repeals {s.cards[law.card].name}")
