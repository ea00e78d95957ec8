"""What Diamond Heist's worked examples may say: the set-up, each step of the scenario and
what it can check, and the results (see `pnp.content.examples`)."""

from __future__ import annotations

from pnp.content.examples import FactSpec, FactType, StepSpec, Vocabulary, counts

_C, _F = FactType.COUNT, FactType.FLAG
# What a Diamond Heist step can check once it is played ('handoff' only where the treasure
# is passed on).
_HEIST_EXPECT = (
    *counts("sees_diamonds", "sees_roles", "missing", "apologies"),
    FactSpec("shows", FactType.SHOWN, words=("rule-breaker",)),
    FactSpec("out", FactType.SEATS),
)
_HANDOFF = FactSpec("handoff", _C)


# The scenario of pnp.rulesets.diamond_heist.play.scenario.
VOCABULARY = Vocabulary(
    setup=counts("diamonds", "apologies"),
    steps=(
        StepSpec("keep", (FactSpec("diamonds", _C, True),), (*_HEIST_EXPECT, _HANDOFF)),
        StepSpec(
            "hide",
            (FactSpec("role", FactType.ROLE_CARD, True, words=("nothing",)),),
            _HEIST_EXPECT,
        ),
        StepSpec(
            "take",
            (
                FactSpec("diamonds", _C),
                FactSpec("role", FactType.ROLE_CARD, words=("nothing",)),
            ),
            (*_HEIST_EXPECT, _HANDOFF),
        ),
        StepSpec("questioning", (), _HEIST_EXPECT),
        StepSpec(
            "answer",
            (FactSpec("saw", _C, True), FactSpec("claim", FactType.ROLE)),
            _HEIST_EXPECT,
        ),
        StepSpec("accuse", (FactSpec("target", FactType.SEAT, True),), _HEIST_EXPECT),
        StepSpec("bang", (FactSpec("shoot", _F, True),), _HEIST_EXPECT),
        StepSpec("check", (), _HEIST_EXPECT),
    ),
    result=(
        FactSpec(
            "ending",
            FactType.WORD,
            words=("diamonds_back", "agent_accused", "boss_out", "gunman_shot_agent"),
        ),
        FactSpec("thieves", FactType.SEAT_COUNTS),
        FactSpec("winners", FactType.SEATS),
    ),
    role_cards=True,
)
