"""Play a worked example of the rulebook (content `examples`) and check every number in it.

Each step names who chooses and what (`keep`, `hide`, `take`, `questioning`, `answer`,
`accuse`, `bang`, `check`) and what must be true after it. A failure says where in the
content the wrong number is written. Unknown step kinds or expectations are failures too,
so a typo cannot pass as a silent no-op.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.content.examples import Example, ExampleStep, Fact, Value
from pnp.rules.engine import IllegalAction
from pnp.rulesets.diamond_heist.play.actions import (
    Accuse,
    Action,
    Answer,
    Bang,
    Hide,
    Keep,
    Phase,
    Take,
)
from pnp.rulesets.diamond_heist.play.game import Heist
from pnp.rulesets.diamond_heist.play.table import CARD_OF, CARDS, NO_CARD, Role, Setup, SetupError

if TYPE_CHECKING:
    from pnp.content.project import Game as Model


class _Stop(Exception):
    """The example cannot go on (the failure is already recorded)."""


@dataclass(slots=True)
class Played:
    """An example played: the game as it ended and every disagreement found."""

    game: Heist | None
    failures: list[str] = field(default_factory=list)


def _where(src: object) -> str:
    file, line, col = (getattr(src, k, "?") for k in ("file", "line", "col"))
    return f"{file}:{line}:{col}"


def _fail(out: Played, fact: Fact | ExampleStep | Example, message: str) -> None:
    out.failures.append(f"{_where(fact.src)}: {message}")


def _int(out: Played, fact: Fact) -> int:
    if isinstance(fact.value, bool) or not isinstance(fact.value, int):
        _fail(out, fact, f"'{fact.key}' must be a whole number, not {fact.value!r}")
        raise _Stop
    return fact.value


def _names(value: Value) -> list[str]:
    if isinstance(value, tuple):
        return [str(v) for v in value]
    return [str(value)]


def run_example(model: Model, example: Example) -> Played:
    """Play one example against the rules model; `failures` lists every disagreement."""
    out = Played(None)
    seats = {name: i for i, name in enumerate(example.seats)}
    try:
        setup = Setup.build(model, len(example.seats), example.variants)
    except SetupError as exc:
        _fail(out, example, str(exc))
        return out
    game = out.game = Heist(setup, names=example.seats, trace=True)
    try:
        _check_setup(out, game, example.setup)
        for step in example.steps:
            _play_step(out, game, seats, step)
        _check_result(out, game, seats, example.result)
    except _Stop:
        pass
    return out


def _check_setup(out: Played, game: Heist, facts: tuple[Fact, ...]) -> None:
    setup = game.setup
    for f in facts:
        if f.key == "diamonds":
            got = setup.diamonds
        elif f.key == "apologies":
            got = setup.apologies
        elif f.key in {r.value for r in CARDS}:
            got = setup.cards[CARD_OF[Role(f.key)]]
        else:
            _fail(out, f, f"unknown set-up fact '{f.key}'")
            continue
        if _int(out, f) != got:
            _fail(out, f, f"set-up: {f.key} is {got} by the rules, not {f.value}")


def _card(out: Played, fact: Fact) -> int:
    name = str(fact.value)
    if name == "nothing":
        return NO_CARD
    if name not in {r.value for r in CARDS}:
        _fail(out, fact, f"'{name}' is no role card")
        raise _Stop
    return CARD_OF[Role(name)]


def _action(out: Played, game: Heist, seats: dict[str, int], step: ExampleStep) -> Action:
    args = {f.key: f for f in step.args}

    def arg(key: str) -> Fact:
        if key not in args:
            _fail(out, step, f"'{step.do}' needs '{key}'")
            raise _Stop
        return args[key]

    if step.do == "keep":
        return Keep(_int(out, arg("diamonds")))
    if step.do == "hide":
        return Hide(_card(out, arg("role")))
    if step.do == "take":
        d = _int(out, args["diamonds"]) if "diamonds" in args else 0
        return Take(d, _card(out, args["role"]) if "role" in args else NO_CARD)
    if step.do == "answer":
        claim = args.get("claim")
        return Answer(_int(out, arg("saw")), Role(str(claim.value)) if claim else None)
    if step.do == "accuse":
        target = arg("target")
        if target.value not in seats:
            _fail(out, target, f"no player called {target.value!r}")
            raise _Stop
        return Accuse(seats[str(target.value)])
    if step.do == "bang":
        return Bang(bool(arg("shoot").value))
    _fail(out, step, f"unknown step '{step.do}'")
    raise _Stop


def _play_step(out: Played, game: Heist, seats: dict[str, int], step: ExampleStep) -> None:
    if step.who and step.who not in seats:
        _fail(out, step, f"no player called {step.who!r}")
        raise _Stop
    seat = seats.get(step.who, -1)
    if step.do == "questioning":  # everybody answers; the example does not say what
        while game.phase is Phase.ANSWER:
            _apply(out, game, step, Answer(-1, None))
    elif step.do != "check":
        action = _action(out, game, seats, step)
        if seat >= 0 and game.to_move() != seat:
            mover = game.names[game.to_move()] if game.to_move() >= 0 else "nobody (game over)"
            _fail(out, step, f"it is {mover}'s choice here, not {step.who}'s")
            raise _Stop
        _apply(out, game, step, action)
    for f in step.expect:
        _expect(out, game, seats, seat, step, f)


def _apply(out: Played, game: Heist, step: ExampleStep, action: Action) -> None:
    if game.trace is not None and game.phase is not Phase.OVER:
        game.trace.append(f"{len(game.actions) + 1:>3}. {game.describe(action)}")
    try:
        game.apply(action)
    except IllegalAction as exc:
        _fail(out, step, f"the rules do not allow this: {exc}")
        raise _Stop from None
    broken = game.invariants()
    if broken:
        _fail(out, step, "invariant broken: " + "; ".join(f"{a}: {b}" for a, b in broken))
        raise _Stop


def _expect(
    out: Played, game: Heist, seats: dict[str, int], seat: int, step: ExampleStep, f: Fact
) -> None:
    key = f.key
    got: object
    if key == "handoff":
        if step.do not in ("keep", "take"):
            _fail(out, f, "'handoff' belongs to a keep or take step")
            return
        got = game.handoffs[-1]
    elif key in ("sees_diamonds", "sees_roles"):
        got = (game.saw_d if key == "sees_diamonds" else game.saw_c)[seat]
    elif key == "missing":
        got = game.missing()
    elif key == "apologies":
        got = game.apologies
    elif key == "shows":
        target = next((a.target for a in reversed(game.actions) if isinstance(a, Accuse)), -1)
        got = game.revealed[target] if target >= 0 else None
        if str(f.value) != got:
            _fail(out, f, f"{step.do}: shows {got}, not {f.value}")
        return
    elif key == "out":
        got_names = [game.names[s] for s in range(game.n) if game.out[s]]
        if sorted(_names(f.value)) != sorted(got_names):
            _fail(out, f, f"out: {', '.join(got_names) or 'nobody'}, not {f.value}")
        return
    else:
        _fail(out, f, f"unknown expectation '{key}'")
        return
    if _int(out, f) != got:
        _fail(out, f, f"{step.who or step.do} ({step.do}): {key} is {got}, not {f.value}")


def _check_result(out: Played, game: Heist, seats: dict[str, int], facts: tuple[Fact, ...]) -> None:
    result = game.outcome()
    if facts and result is None:
        _fail(out, facts[0], "the example gives a result, but the game has not ended")
        return
    for f in facts:
        assert result is not None
        if f.key == "ending":
            if str(f.value) != result.ending:
                _fail(out, f, f"ending: {result.ending}, not {f.value}")
        elif f.key == "winners":
            got = sorted(game.names[s] for s in result.winners)
            if sorted(_names(f.value)) != got:
                _fail(out, f, f"winners: {', '.join(got) or 'nobody'}, not {f.value}")
        elif f.key == "thieves":
            shown = {
                game.names[s]: game.hold_d[s]
                for s in range(1, game.n)
                if game.role[s] is Role.THIEF and not game.out[s]
            }
            stated = (
                {str(p[0]): p[1] for p in f.value if isinstance(p, tuple)}
                if isinstance(f.value, tuple)
                else {}
            )
            if stated != shown:
                _fail(out, f, f"thieves still in: {shown}, not {stated}")
        else:
            _fail(out, f, f"unknown result fact '{f.key}'")
