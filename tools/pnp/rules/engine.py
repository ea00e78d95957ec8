"""Shared machinery of the rules models: the game protocol, the play loop, invariants,
seeds, replay and the record the simulator keeps of one game.

A rules model is a game object in python-chess's shape (`Rules`):

    game.to_move()          the seat whose choice it is
    game.legal_actions()    every choice open to that seat (generation)
    game.is_legal(action)   whether one choice is allowed (legality, apart from generation)
    game.apply(action)      play it and run the rules up to the next choice
    game.outcome()          None until the game ends, then the ending and the winners
    game.view(seat)         everything that seat may know, and nothing else
    game.invariants()       every broken invariant as (name, detail)

The game owns one `random.Random` (`game.rng`), seeded from `game.seed`; bots draw from it and
from nothing else, so a seed replays a game. The actions played are kept in `game.actions`,
and applying them to a fresh game replays it without any seed at all.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from pnp.rules.stats import Section

if TYPE_CHECKING:
    from pnp.content.model import Src
    from pnp.content.project import Game as Model

A = TypeVar("A")
V = TypeVar("V")
V_co = TypeVar("V_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended and who won (seats)."""

    ending: str
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken invariant: the game's seed, the step it broke at, which one, and how."""

    seed: int
    step: int
    invariant: str
    detail: str

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: {seed, step, invariant, detail}."""
        return {
            "seed": self.seed,
            "step": self.step,
            "invariant": self.invariant,
            "detail": self.detail,
        }


class InvariantViolation(Exception):
    """Raised by the play loop when an invariant breaks; the game stops there."""

    def __init__(self, violation: Violation) -> None:
        v = violation
        super().__init__(f"seed {v.seed}, step {v.step}: {v.invariant}: {v.detail}")
        self.violation = violation


class IllegalAction(ValueError):
    """An action that cannot be played at all in this state (a bug in a bot or a script)."""


class Rules(Protocol[A, V_co]):
    """A game in python-chess's shape; see the module docstring."""

    seed: int
    rng: random.Random
    actions: list[A]
    trace: list[str] | None
    max_steps: int

    def to_move(self) -> int:
        """The seat whose choice it is (-1 once the game is over)."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """Every choice open to the seat to move."""
        ...

    def is_legal(self, action: A) -> bool:
        """Whether the rules allow this choice now."""
        ...

    def apply(self, action: A) -> None:
        """Play the choice and run the rules up to the next one."""
        ...

    def outcome(self) -> Outcome | None:
        """None until the game ends; then the ending and the winners."""
        ...

    def view(self, seat: int) -> V_co:
        """Everything `seat` may know now, as a copy, and nothing else."""
        ...

    def invariants(self) -> list[tuple[str, str]]:
        """Every broken invariant as (name, detail); empty when all hold."""
        ...

    def describe(self, action: A) -> str:
        """The choice as one readable line of a trace."""
        ...


class Bot(Protocol[V_contra, A_co]):
    """A player: chooses an action from what its seat may know, drawing only from `rng`."""

    def choose(self, view: V_contra, rng: random.Random) -> A_co:
        """The bot's choice, from its view and the game's rng only."""
        ...


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: the same on every machine and process."""
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def step(game: Rules[A, V], bots: Sequence[Bot[V, A]], check: bool = True) -> A:
    """One choice: the bot to move chooses from its view, the game applies it.

    With `check`, an illegal choice, a broken invariant or too many steps raises
    InvariantViolation with the game's seed and the step number.
    """
    n = len(game.actions) + 1
    if n > game.max_steps:
        raise InvariantViolation(
            Violation(game.seed, n, "ends in time", f"no outcome within {game.max_steps} steps")
        )
    seat = game.to_move()
    action = bots[seat].choose(game.view(seat), game.rng)
    if check and not game.is_legal(action):
        raise InvariantViolation(
            Violation(game.seed, n, "legal action", f"seat {seat} chose {action!r}")
        )
    if game.trace is not None:
        game.trace.append(f"{n:>3}. {game.describe(action)}")
    game.apply(action)
    if check:
        broken = game.invariants()
        if broken:
            name, detail = broken[0]
            raise InvariantViolation(Violation(game.seed, n, name, detail))
    return action


def play(game: Rules[A, V], bots: Sequence[Bot[V, A]], check: bool = True) -> Outcome:
    """Play to the end; raises InvariantViolation (with seed and step) if one breaks."""
    outcome = game.outcome()
    while outcome is None:
        step(game, bots, check)
        outcome = game.outcome()
    return outcome


def replay(game: Rules[A, V], actions: Sequence[A], check: bool = True) -> Outcome | None:
    """Apply recorded actions to a fresh game (no bots, no randomness): the same game again.

    Recorded choices are applied as they were, so a scripted rule-breaking take replays too;
    `apply` still refuses anything impossible."""
    for n, action in enumerate(actions, start=1):
        if game.trace is not None:
            game.trace.append(f"{n:>3}. {game.describe(action)}")
        game.apply(action)
        if check and (broken := game.invariants()):
            raise InvariantViolation(Violation(game.seed, n, *broken[0]))
    return game.outcome()


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the simulator keeps of one game: enough for every statistic, nothing hidden.

    `roles` names each seat's part at the end (a role, an archetype, a Goal: the model
    decides); `rounds` is the model's measure of length; `plays` counts cards played;
    `extra` holds the model's own numbers for its statistics.
    """

    index: int
    seed: int
    players: int
    ending: str
    winners: tuple[int, ...]
    roles: tuple[str, ...]
    steps: int
    rounds: int
    plays: tuple[tuple[str, int], ...] = ()
    extra: tuple[tuple[str, int], ...] = ()
    violation: Violation | None = None

    def extra_value(self, key: str, default: int = 0) -> int:
        """One of the model's own numbers."""
        return next((v for k, v in self.extra if k == key), default)


@dataclass(frozen=True, slots=True)
class Setting:
    """What one simulated game is played with: the player count and the variants."""

    players: int
    variants: tuple[str, ...] = ()


class Simulation(Protocol):
    """What a rules package offers the simulator, as its module attribute `SIMULATION`."""

    @property
    def not_modelled(self) -> tuple[str, ...]:
        """Plain sentences on what the bots and the model leave out (printed in reports)."""
        ...

    @property
    def endings(self) -> tuple[str, ...]:
        """Every way a game can end (counted even when it never happens)."""
        ...

    def player_counts(self, model: Model) -> tuple[int, ...]:
        """The player counts the model can play."""
        ...

    def problem(self, model: Model, setting: Setting) -> str | None:
        """Why the game cannot be played like this (a usage error), or None."""
        ...

    def play(
        self, model: Model, setting: Setting, seed: int, index: int = 0, check: bool = True
    ) -> GameResult:
        """Play one seeded game to its end; a broken invariant is recorded, not raised."""
        ...

    def trace(self, model: Model, setting: Setting, seed: int) -> list[str]:
        """One seeded game as readable lines: every choice and every change."""
        ...

    def card_ids(self, model: Model, settings: Sequence[Setting]) -> tuple[str, ...]:
        """Every card that could be played in these settings (for `never_played`)."""
        ...

    def summarise(self, model: Model, results: Sequence[GameResult]) -> dict[str, Any]:
        """The model's own statistics, added to the simulation JSON."""
        ...

    def report(self, summary: Mapping[str, Any]) -> list[Section]:
        """The model's own sections of the PDF report, from the simulation JSON."""
        ...


@dataclass(frozen=True, slots=True)
class Usable:
    """Something of the content that carries effect terms, and so must be used in play:
    a card, a Signature, a Bend, a Law in effect, a Goal... `kind` and `id` name it in the
    simulation JSON (`never_used`) and in a game's record (`use:<kind>:<id>`); `name` is its
    printed name, `of` whose it is (a diplomat, an archetype), `src` where it is defined."""

    kind: str
    id: str
    name: str
    src: Src = field(compare=False, repr=False)
    of: str = ""

    @property
    def key(self) -> str:
        """`<kind>:<id>`, as the model counts uses."""
        return f"{self.kind}:{self.id}"

    @property
    def display(self) -> str:
        """The name as a reader knows it: 'Visa Denied (Rafael Ortega)'."""
        return f"{self.name} ({self.of})" if self.of else self.name

    def as_dict(self) -> dict[str, str]:
        """The JSON form: {kind, id, name}."""
        return {"kind": self.kind, "id": self.id, "name": self.display}


@runtime_checkable
class Covered(Protocol):
    """A `Simulation` that also says what must be used in play (for `never_used` and E802).
    Its `summarise` then gives `never_used`: the `as_dict` of each one no game used."""

    def usable(self, model: Model) -> tuple[Usable, ...]:
        """Everything of the content that carries effects, in a stable order."""
        ...

    def unused(self, thing: Usable, games: int) -> str:
        """A sentence saying no game of `games` used it; quotes only its name."""
        ...
