"""W405: a Goal that a character board can never meet, because its own Bend or Cost forbids
what the Goal needs, and nothing it can use gives that another way."""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from pnp import checks
from pnp.checks import goal_pairs
from pnp.content.cards import Archetype, Card, Law, Ruling
from pnp.content.departures import Goal
from pnp.content.model import Src, Term
from pnp.content.project import Game, load_game
from pnp.content.vocab import TERMS, TermKind
from pnp.diagnostics import CODES, Severity
from tests.conftest import CONTENT

DI = "diplomatic-immunity"
SPOUSE_GOALS = {"pillar-of-society", "puppet-master", "quid-pro-quo"}
AT = Src("test", 1, 1)


@cache
def _game() -> Game:
    return load_game(CONTENT, DI).game


def _arch(game: Game, arch_id: str) -> Archetype:
    return next(a for a in game.archetypes or () if a.id == arch_id)


def _goal(game: Game, goal_id: str) -> Goal:
    return next(g for g in game.goals or () if g.id == goal_id)


def _term(name: str, **args: object) -> Term:
    """A term with every parameter filled, as the model builds them."""
    params = TERMS[name].params
    return Term(name, tuple((p.name, args.get(p.name, p.default)) for p in params), AT)


def _with_arch(game: Game, arch: Archetype) -> Game:
    return dataclasses.replace(
        game, archetypes=tuple(arch if a.id == arch.id else a for a in game.archetypes or ())
    )


def _with_goal(game: Game, goal: Goal) -> Game:
    return dataclasses.replace(
        game, goals=tuple(goal if g.id == goal.id else g for g in game.goals or ())
    )


def _cost(arch: Archetype, *modifiers: str) -> Archetype:
    return dataclasses.replace(
        arch, cost=dataclasses.replace(arch.cost, while_=tuple(_term(m) for m in modifiers))
    )


def _no_favor_steps(card: Card) -> bool:
    """A card none of whose steps (choices included) takes a Favor chip."""

    def flat(steps: tuple[Term, ...]) -> list[str]:
        out = []
        for t in steps:
            out.append(t.name)
            if t.name == "choose":
                for option in t.arg("options"):
                    out += flat(option)
        return out

    return "take_favor" not in flat(card.steps)


def _pairs(game: Game) -> set[tuple[str, str]]:
    """(board name, Goal name) of every W405."""
    found = set()
    for d in goal_pairs.check(game):
        assert d.code == "W405"
        quoted = re.findall(r"'([^']+)'", d.message)
        assert len(quoted) == 2, d.message
        found.add((quoted[0], quoted[1]))
    return found


# ---- the shipped game ----------------------------------------------------------------------


def test_code_is_a_warning() -> None:
    assert CODES["W405"].severity is Severity.WARNING


def test_shipped_game_flags_exactly_the_spouse_law_goals() -> None:
    """The Spouse may not propose Laws, and three Goals need a Law with your marker: those
    three pairs, and nothing else (the boards that never vote can still take a Favor chip
    with Honey Trap or Blackmail)."""
    game = _game()
    spouse = _arch(game, "spouse")
    found = goal_pairs.check(game)
    assert len(found) == 3
    for d in found:
        goal = next(g for g in game.goals or () if f"'{g.name}'" in d.message)
        assert goal.id in SPOUSE_GOALS
        term = next(t for t in goal.condition if t.name == "laws_with_your_marker")
        assert (d.file, d.line, d.col) == (term.src.file, term.src.line, term.src.col)
        assert d.file.endswith("goals.yaml")
        assert d.message == (
            f"'Spouse' can never meet the Goal '{goal.name}': its Cost {spouse.cost.name} "
            f"forbids proposing Laws, and the Goal needs a Law with your marker in effect"
        )
        assert "ruling that acknowledges W405" in d.hint
    assert _pairs(game) == {("Spouse", _goal(game, g).name) for g in SPOUSE_GOALS}


def test_the_check_runs_with_the_others() -> None:
    """The check is one of the cross-checks `pnp check` runs."""
    assert goal_pairs.check in checks.CHECKS
    assert {d.message for d in checks.run(_game()) if d.code == "W405"} == {
        d.message for d in goal_pairs.check(_game())
    }


def test_a_ruling_naming_both_explains_the_warning() -> None:
    """The message quotes the board and the Goal only, so a ruling that names both and
    acknowledges W405 explains it (and only that pair)."""
    ruling = Ruling(
        "spouse-puppet",
        "Goals",
        "The Spouse never draws Puppet Master.",
        "why",
        (),
        (),
        ("W405",),
        AT,
    )
    # the shipped rulings without those that already explain W405, and this one
    others = tuple(r for r in _game().rulings or () if "W405" not in r.acknowledges)
    game = dataclasses.replace(_game(), rulings=(*others, ruling))
    kept, explained = checks.split_explained(game, goal_pairs.check(game))
    assert [d.message for d in explained] == [
        d.message for d in goal_pairs.check(game) if "'Puppet Master'" in d.message
    ]
    assert len(kept) == 2


def test_diamond_heist_has_no_pairs() -> None:
    heist = load_game(CONTENT, "diamond-heist").game
    assert not heist.archetypes
    assert goal_pairs.check(heist) == []


# ---- what makes a pair, and what does not --------------------------------------------------


def test_a_board_without_the_cost_gives_none() -> None:
    game = _game()
    spouse = _arch(game, "spouse")
    freed = _with_arch(game, _cost(spouse, "no_hush_money"))
    assert _pairs(freed) == set()


def test_a_goal_that_needs_zero_laws_gives_none() -> None:
    game = _game()
    puppet = _goal(game, "puppet-master")
    none_needed = dataclasses.replace(puppet, condition=(_term("laws_with_your_marker", laws=0),))
    pairs = _pairs(_with_goal(game, none_needed))
    assert ("Spouse", "Puppet Master") not in pairs
    assert len(pairs) == 2


def test_a_bend_that_forbids_counts_too() -> None:
    """A board's own modifiers hold all game, whether printed as its Bend or its Cost."""
    game = _game()
    heir = _arch(game, "heir")
    bent = dataclasses.replace(
        heir, bend=dataclasses.replace(heir.bend, while_=(*heir.bend.while_, _term("no_propose")))
    )
    found = [d for d in goal_pairs.check(_with_arch(game, bent)) if "'Heir'" in d.message]
    assert len(found) == 3
    assert all(f"its Bend {heir.bend.name} forbids proposing Laws" in d.message for d in found)


def test_a_propose_law_step_does_not_help() -> None:
    """`propose_law` is a proposal, and `no_propose` forbids it too (effects.py): even the
    board's own Signature proposing a Law does not make the Goal possible."""
    game = _game()
    spouse = _arch(game, "spouse")
    woman = spouse.diplomats[0]
    proposing = dataclasses.replace(
        woman,
        signature=dataclasses.replace(
            woman.signature, steps=(_term("propose_law", fee=0, ties="pass"),)
        ),
    )
    armed = dataclasses.replace(spouse, diplomats=(proposing, *spouse.diplomats[1:]))
    assert len(_pairs(_with_arch(game, armed))) == 3


def test_no_favor_chip_for_a_board_that_never_votes() -> None:
    """The rules hand a rival's Favor chip over only as a bribe for a vote. Without a card
    that takes one, the Envoy (never votes, no such Signature) can never hold one; the
    Spook can, with its own Signature Burn Notice. Other boards' Signatures that take a
    Favor chip (the Spouse's, the Cultural Attaché's) are not the Envoy's to use."""
    game = _game()
    bare = dataclasses.replace(game, cards=tuple(c for c in game.cards or () if _no_favor_steps(c)))
    pairs = _pairs(bare)
    assert {p for p in pairs if p[0] != "Spouse"} == {
        ("Envoy", "Tell-All"),
        ("Envoy", "Quid Pro Quo"),
        ("Envoy", "Everyone Owes Me"),
    }
    envoy = _arch(game, "envoy")
    message = next(
        d.message
        for d in goal_pairs.check(bare)
        if d.message.startswith("'Envoy' can never meet the Goal 'Tell-All'")
    )
    assert message.endswith(
        f"its Cost {envoy.cost.name} forbids voting, no card, Bend or Signature it can use "
        f"takes a Favor chip, and the Goal needs the Favor chip of a rival"
    )
    # Spook's own Signature takes one: take it away, and the Spook joins the Envoy
    spook = _arch(game, "spook")
    vera = dataclasses.replace(
        spook.diplomats[0],
        signature=dataclasses.replace(
            spook.diplomats[0].signature, steps=(_term("draw", cards=1),)
        ),
    )
    plain_spook = dataclasses.replace(spook, diplomats=(vera, *spook.diplomats[1:]))
    assert ("Spook", "Tell-All") in _pairs(_with_arch(bare, plain_spook))


def test_a_leak_is_no_help_to_a_board_that_may_not_play_one() -> None:
    game = _game()
    honey = next(c for c in game.cards or () if c.id == "honey-trap")
    leaky = dataclasses.replace(
        honey, steps=(_term("heat", amount=1, to="aimed"), _term("take_favor", **{"from": "rival"}))
    )
    cards = tuple(
        leaky if c.id == honey.id else c
        for c in game.cards or ()
        if c.id == honey.id or _no_favor_steps(c)
    )
    envoy = _arch(game, "envoy")
    voteless = _with_arch(dataclasses.replace(game, cards=cards), _cost(envoy, "no_vote"))
    assert ("Envoy", "Tell-All") not in _pairs(voteless)
    silenced = _with_arch(voteless, _cost(envoy, "no_vote", "no_leak"))
    assert ("Envoy", "Tell-All") in _pairs(silenced)


def test_a_law_passed_is_no_help_to_a_board_that_may_not_propose() -> None:
    """A Law's `on_pass` steps are its proposer's: they give nothing to the Spouse."""
    game = _game()
    law = next(c for c in game.cards or () if c.law)
    favor_law = dataclasses.replace(
        law, law=Law(False, (), (_term("take_favor", **{"from": "rival"}),))
    )
    cards = tuple(
        favor_law if c.id == law.id else c
        for c in game.cards or ()
        if c.id == law.id or _no_favor_steps(c)
    )
    spouse = _arch(game, "spouse")
    woman = spouse.diplomats[0]
    quiet = dataclasses.replace(
        spouse,
        diplomats=(
            dataclasses.replace(
                woman,
                signature=dataclasses.replace(woman.signature, steps=(_term("cool", amount=1),)),
            ),
            *spouse.diplomats[1:],
        ),
    )
    game2 = _with_arch(
        dataclasses.replace(game, cards=cards), _cost(quiet, "no_propose", "no_vote")
    )
    pairs = _pairs(game2)
    assert ("Spouse", "Everyone Owes Me") in pairs
    assert ("Envoy", "Everyone Owes Me") not in pairs  # the Envoy may propose that Law


def test_damaged_parts_are_not_judged() -> None:
    """A part whose documents had errors stops the check (checks.run), instead of guessing
    that a card it could not read gives nothing."""
    for part in ("cards", "goals", "archetypes"):
        damaged = dataclasses.replace(_game(), damaged=frozenset({part}))
        assert [d for d in checks.run(damaged) if d.code == "W405"] == []


def test_names_with_a_straight_quote_stay_plain() -> None:
    """A Cost's name is said unquoted: a straight quote in it is printed as a curly one, so
    that only the board and the Goal read as quoted names."""
    game = _game()
    spouse = _arch(game, "spouse")
    renamed = dataclasses.replace(
        spouse, cost=dataclasses.replace(spouse.cost, name="Minister's Shadow")
    )
    for d in goal_pairs.check(_with_arch(game, renamed)):
        assert re.findall(r"'([^']+)'", d.message)[0] == "Spouse"
        assert len(re.findall(r"'([^']+)'", d.message)) == 2


# ---- the tables ----------------------------------------------------------------------------


def test_tables_speak_the_vocabulary() -> None:
    """Every condition, step and modifier the tables name is a term of that kind."""
    for cond, (param, cap, _need) in goal_pairs.NEEDS.items():
        assert TERMS[cond].kind is TermKind.CONDITION
        assert param in {p.name for p in TERMS[cond].params}
        assert cap in goal_pairs.CAPABILITIES
    for capability in goal_pairs.CAPABILITIES.values():
        for mod in capability.rules_way:
            assert TERMS[mod].kind is TermKind.MODIFIER
            assert mod in goal_pairs.FORBIDS
        for step, shut in capability.steps:
            assert TERMS[step].kind is TermKind.STEP
            assert all(TERMS[m].kind is TermKind.MODIFIER for m in shut)
    for mod in goal_pairs.CARD_GATES:
        assert TERMS[mod].kind is TermKind.MODIFIER
    assert all("'" not in words for words in goal_pairs.FORBIDS.values())
    assert all("'" not in need for _, _, need in goal_pairs.NEEDS.values())
