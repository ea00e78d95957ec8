"""The rulebook's worked examples are data that the rules models play: Diplomatic Immunity's
sample turn is set up from content/diplomatic-immunity/examples.yaml, played step by step on
the rules engine, and every expected number is checked; the rulebook prints the same numbers,
because it renders the example's notes from the same facts.

(Diamond Heist's example is played by tests/test_heist_rules.py; here it is only checked
that the rulebook prints it from the data.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from pnp.content.cards import CardKind
from pnp.content.examples import Example, ExampleStep, Fact
from pnp.content.project import Game as Model
from pnp.content.project import load_game
from pnp.english import word
from pnp.rulebook import book as rb
from pnp.rulebook.context import fact_value
from pnp.rulebook.document import Para
from pnp.rulesets.diplomatic_immunity.play.actions import (
    COMMIT_CRIMES,
    NAY,
    NO,
    NOTHING,
    STOP,
    YES,
    Action,
    Commit,
    DrawFrom,
    ProposeLaw,
)
from pnp.rulesets.diplomatic_immunity.play.bots import HeuristicBot
from pnp.rulesets.diplomatic_immunity.play.game import Game
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def model() -> Model:
    return load_game(CONTENT, "diplomatic-immunity").game


@pytest.fixture(scope="module")
def heist() -> Model:
    return load_game(CONTENT, "diamond-heist").game


def _example(model: Model, key: str) -> Example:
    return next(e for e in model.examples or () if e.id == key)


def _facts(facts: tuple[Fact, ...]) -> dict[str, Any]:
    return {f.key: fact_value(f) for f in facts}


# ---- playing the sample turn ---------------------------------------------------------------


def _inst(game: Game, card_id: str) -> int:
    """A card instance by card id, taken out of wherever it lies."""
    s = game.state
    held = (*[p.hand for p in s.players], *[p.rap_sheet for p in s.players])
    inst = next(
        i
        for i, c in enumerate(s.cards)
        if c.id == card_id and i != s.headline and not any(i in zone for zone in held)
    )
    for zone in (
        s.street,
        s.politics,
        s.street_discard,
        s.politics_discard,
        s.clock,
        s.boxed,
        s.headline_discard,
    ):
        if inst in zone:
            zone.remove(inst)
    if s.headline == inst:
        s.headline = None
    return inst


def _set_up(model: Model, example: Example) -> tuple[Game, Any]:
    """The table of the example: the seat to play has the set-up's archetype, Heat, money,
    Headline and hand; no Laws; everyone holds their own Favor chip; nobody else holds a
    card they could vote with."""
    setup = _facts(example.setup)
    game = Game(model, len(example.seats), 1)
    bot = HeuristicBot()
    while game.ask is not None and game.state.round == 0:  # the set-up itself, by the bots
        game.apply(bot.choose(game.view(game.to_move()), game.rng))
    s = game.state
    me = s.players[s.first]
    for law in s.laws:
        s.politics_discard.append(law.card)
    s.laws.clear()
    if s.headline is not None:
        s.headline_discard.append(s.headline)
    s.headline = _inst(game, setup["headline"])
    for c in me.hand:
        (s.street_discard if s.card(c).deck.id == "street" else s.politics_discard).append(c)
    me.hand = []
    for card_id in setup["hand"]:  # one by one: two copies are two instances
        me.hand.append(_inst(game, card_id))
    for p in s.players:
        s.favor_holder[p.seat] = p.seat
        for c in [c for c in p.hand if s.card(c).kind is CardKind.MANEUVER]:
            p.hand.remove(c)
            s.politics_discard.append(c)
    me.heat, me.money = setup["heat"], setup["money"]
    me.archetype = next(a for a in model.archetypes or () if a.id == setup["archetype"])
    me.diplomat = me.archetype.diplomats[0]
    assert game.invariants() == []
    return game, me


# Answers to every choice the sample turn does not decide itself: nobody reacts, bribes,
# cashes a Favor, Covers a crime, burns cards or uses a Signature.
QUIET: dict[str, Action] = {
    "burn-bag": NO,
    "react": NOTHING,
    "cover": NO,
    "cash-on-crime": NO,
    "signature": NO,
    "bribe": NOTHING,
    "vote-card": NOTHING,
    "cash-on-law": NO,
    "call-vote": NO,
}


def _run(game: Game, until: Callable[[str], bool], answer: Callable[[str], Action | None]) -> None:
    """Answer the engine's choices until `until(kind)` or the turn is over."""
    while game.ask is not None and not until(game.ask.kind):
        kind = game.ask.kind
        action = answer(kind)
        if action is None:
            action = QUIET[kind]
        game.apply(action)


def play_sample_turn(model: Model, example: Example) -> list[str]:
    """Play the example on the rules engine; every expectation that does not hold."""
    game, me = _set_up(model, example)
    s = game.state
    failures: list[str] = []
    started = False

    def check(step: ExampleStep, measured: dict[str, Any]) -> None:
        for fact in step.expect:
            if fact.key not in measured:
                failures.append(
                    f"{fact.src.file}:{fact.src.line}: '{step.do}' cannot check "
                    f"'{fact.key}' (it measures {', '.join(measured)})"
                )
            elif measured[fact.key] != fact_value(fact):
                failures.append(
                    f"{fact.src.file}:{fact.src.line}: {fact.key} is "
                    f"{measured[fact.key]!r}, the example says {fact.value!r}"
                )

    for step in example.steps:
        args = _facts(step.args)
        heat, money, hand = me.heat, me.money, len(me.hand)
        if not started:  # a scenario: one turn, from its Morning
            game._flow = game._turn(me)
            game._ask = next(game._flow)
            started = True
        if step.do == "morning":
            decks = list(args.get("draw_from", ()))

            def morning(kind: str, decks: list[str] = decks) -> Action | None:
                return DrawFrom(decks.pop(0)) if kind == "draw-deck" else None

            _run(game, lambda k: k in ("afternoon", "afternoon-action"), morning)
            check(
                step,
                {
                    "cooled": heat - me.heat,
                    "drawn": len(me.hand) - hand,
                    "heat": me.heat,
                    "hand": len(me.hand),
                },
            )
        elif step.do == "afternoon":
            crimes = [next(i for i in me.hand if s.card(i).id == c) for c in args["crimes"]]
            paid = me.money
            if game.ask is not None and game.ask.kind == "afternoon":  # not if Lay Low is barred
                game.apply(COMMIT_CRIMES)

            def afternoon(kind: str, crimes: list[int] = crimes) -> Action | None:
                if kind == "afternoon-action":
                    return Commit(crimes.pop(0)) if crimes else STOP
                return None

            def done(kind: str, crimes: list[int] = crimes) -> bool:
                return kind == "evening" or (kind == "signature" and not crimes)

            _run(game, done, afternoon)
            check(
                step,
                {
                    "heat_taken": me.heat - heat,
                    "payout": me.money - paid,
                    "heat": me.heat,
                    "money": me.money,
                    "rap_sheet": len(me.rap_sheet),
                    "hand": len(me.hand),
                },
            )
        elif step.do == "evening":
            law = next(i for i in me.hand if s.card(i).id == args["law"])
            vote = YES if args.get("vote", "yes") == "yes" else NAY
            _run(game, lambda k: k == "evening", lambda k: None)
            game.apply(ProposeLaw(law))

            def voting(kind: str, vote: Action = vote) -> Action | None:
                return vote if kind == "vote" else None

            _run(game, lambda k: k == "hand-limit", voting)
            laws = [s.card(x.card).id for x in s.laws if x.owner == me.seat]
            check(
                step,
                {
                    "fee": money - me.money,
                    "passes": args["law"] in laws,
                    "money": me.money,
                    "laws": tuple(laws),
                    "hand": len(me.hand),
                },
            )
        elif step.do == "end-of-turn":
            _run(
                game,
                lambda k: False,
                lambda k: game.ask.options[0] if game.ask and k == "hand-limit" else None,
            )
            check(step, {"discarded": hand - len(me.hand), "hand": len(me.hand)})
        else:
            failures.append(f"{step.src.file}:{step.src.line}: unknown step '{step.do}'")
    return failures


def test_sample_turn_plays_as_the_data_says(model: Model) -> None:
    """The sample turn, played on the rules engine from its data, gives every number the
    data expects: cool one, draw two; two crimes for three Heat and $6M; the Law passes for
    its fee; discard down to seven."""
    example = _example(model, "sample-turn")
    assert play_sample_turn(model, example) == []


def _bumped(example: Example, step_no: int, key: str) -> Example:
    steps = list(example.steps)
    step = steps[step_no]
    expect = tuple(
        dataclasses.replace(f, value=f.value + 1) if f.key == key else f  # type: ignore[operator]
        for f in step.expect
    )
    steps[step_no] = dataclasses.replace(step, expect=expect)
    return dataclasses.replace(example, steps=tuple(steps))


@pytest.mark.parametrize(
    ("step", "key"), [(0, "drawn"), (1, "heat_taken"), (1, "payout"), (2, "fee"), (3, "hand")]
)
def test_a_wrong_number_in_the_example_fails(model: Model, step: int, key: str) -> None:
    """Each number the rulebook prints from the sample turn is checked: one more is caught,
    at its line in examples.yaml."""
    example = _bumped(_example(model, "sample-turn"), step, key)
    failures = play_sample_turn(model, example)
    assert len(failures) == 1 and key in failures[0] and "examples.yaml" in failures[0]


# ---- the rulebook prints them from the data ----------------------------------------------


def test_rulebook_prints_the_sample_turn_from_its_data(model: Model) -> None:
    """The sample turn in the rulebook is made from the example's facts, in the seed's
    words: "Morning: I cool one Heat and draw two cards. ..."."""
    example = _example(model, "sample-turn")
    expect = {f.key: fact_value(f) for s in example.steps for f in s.expect}
    quote = next(n for n in rb.load(model).nodes if isinstance(n, Para) and n.style == "quote")
    text = quote.inline.text
    assert text.startswith("“Morning: I cool one Heat and draw two cards.")
    assert (
        f"Afternoon: I commit two crimes, take {word(expect['heat_taken'])} Heat and "
        f"${expect['payout']}M."
    ) in text
    assert "Evening: I propose Legalise Smuggling, we vote, it passes." in text
    assert text.endswith(f"I discard down to {word(expect['hand'])}. Your turn.”")


def test_rulebook_prints_the_heist_example_from_its_data(heist: Model) -> None:
    """Diamond Heist's worked example is printed from examples.yaml: its notes in order, the
    set-up from its facts and the result from its result."""
    example = _example(heist, "anna-is-the-boss")
    text = "\n".join(n.inline.text for n in rb.load(heist).nodes if isinstance(n, Para))
    for step in example.steps:
        if step.note:
            note = " ".join(step.note.split()).replace(" - ", " – ")
            assert note in " ".join(text.split()).replace("’", "'").replace("“", '"').replace(
                "”", '"'
            )
    assert "Seven players; Anna is the Boss." in text
    assert "The thieves still in the game show their diamonds: Ben 3, Finn 2. Ben wins." in text
