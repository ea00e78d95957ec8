"""Worked examples are held to the game: every name resolves, every value has its type.

The rulebook prints each example and the tests play it on the rules model, so an example
that names nothing, or a word where a count belongs, must fail `pnp check` at its own line,
not later in the rulebook that prints it. Each ruleset declares what its examples may say
(its `Ruleset.examples`, a `pnp.content.examples.Vocabulary`); against it:

- E204: a step kind, a seat (`who`, a target, the players out or winning), a card, deck,
  archetype, door, piece, role, role card or variant that the game does not have, with a
  did-you-mean;
- E203: a fact a step, the set-up or the result does not take (`morning` cannot check
  `heat_taken`); E202: one it must have;
- E201: a value of the wrong type (a word where a count belongs); E205: a negative count,
  or more seats than the game's players; E206: a word that is not one of its choices;
- E701: a step's note (a template filled from the step's facts) that cannot be filled.

The rulebook check leaves these to this one: a worked example that cannot be printed is
reported here, at the example's line, once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pnp import rulesets
from pnp.checks import hooks
from pnp.checks.common import at, resolve
from pnp.content.examples import (
    Example,
    ExampleStep,
    Fact,
    FactSpec,
    FactType,
    Value,
    Vocabulary,
)
from pnp.content.model import Ref, Src
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, closest
from pnp.rulebook.context import Context, TemplateError, fact_value

_SHOWN = re.compile(r"\d+ \S+")


@dataclass(frozen=True, slots=True)
class Known:
    """What the game's examples may name, by type: id -> display name."""

    cards: dict[str, dict[str, str]]  # by card kind; "" holds every card
    decks: dict[str, str] | None
    archetypes: dict[str, str] | None
    doors: dict[str, str] | None
    pieces: dict[str, str] | None
    roles: dict[str, str] | None
    role_cards: dict[str, str] | None
    variants: dict[str, str] | None

    @staticmethod
    def of(game: Game) -> Known:
        """What one game holds (None for a part it does not have)."""
        cards: dict[str, dict[str, str]] = {"": {}}
        for c in game.cards or ():
            cards[""][c.id] = c.name
            cards.setdefault(c.kind.value, {})[c.id] = c.name
        ruleset = hooks.of(game)
        role_cards = None
        if game.roles is not None:
            skip = ruleset.not_role_card(game) if ruleset else ""
            role_cards = {
                r.piece.id: r.name for r in game.roles if r.piece is not None and r.piece.id != skip
            }
        return Known(
            cards=cards if game.cards is not None else {},
            decks=(
                {d: i.name for d, i in game.components.decks().items()}
                if game.components is not None
                else None
            ),
            archetypes=(
                {a.id: a.name for a in game.archetypes} if game.archetypes is not None else None
            ),
            doors={d.id: d.name for d in game.doors} if game.doors is not None else None,
            pieces={p.id: p.name for p in game.pieces} if game.pieces is not None else None,
            roles={r.id: r.name for r in game.roles} if game.roles is not None else None,
            role_cards=role_cards,
            variants=ruleset.variants(game) if ruleset else None,
        )


def check(game: Game) -> list[Diagnostic]:
    """Every example of the game against its ruleset's vocabulary and the game's parts."""
    out: list[Diagnostic] = []
    if not game.examples:
        return out
    ruleset = rulesets.of(game)
    vocab = ruleset.examples() if ruleset is not None else None
    known = Known.of(game)
    ctx = Context(game)  # the notes are filled as the rulebook fills them
    for example in game.examples:
        _example(game, ctx, example, vocab, known, out)
    return out


def _example(
    game: Game,
    ctx: Context,
    example: Example,
    vocab: Vocabulary | None,
    known: Known,
    out: list[Diagnostic],
) -> None:
    seats = {s: s for s in example.seats}
    if game.info is not None and len(seats) not in game.info.players:
        players = game.info.players
        out.append(
            at(
                example.seats_src,
                "E205",
                f"the example '{example.id}' seats {len(seats)} players; the game is "
                f"for {players.min} to {players.max}",
                "give it a seat for each player, in seating order",
            )
        )
    if known.variants is not None:
        for variant, src in zip(example.variants, example.variants_src, strict=False):
            resolve(Ref(variant, src), "variant", known.variants, out)
    if vocab is None:
        return  # a game without a rules model: its examples are not played
    setup = list(vocab.setup)
    if vocab.role_cards:
        setup += [FactSpec(p, FactType.COUNT) for p in known.role_cards or ()]
    _facts(example.setup, setup, "the set-up", example.src, seats, known, out)
    steps = {s.do: s for s in vocab.steps}
    for step in example.steps:
        if step.who and step.who not in seats:
            resolve(Ref(step.who, step.who_src), "seat", seats, out)
        spec = steps.get(step.do)
        if spec is None:
            resolve(Ref(step.do, step.do_src), "kind of step", {s: s for s in steps}, out)
            continue
        before = len(out)
        _facts(
            step.args,
            spec.args,
            f"the step '{step.do}'",
            step.src,
            seats,
            known,
            out,
            takes="takes",
        )
        _facts(
            step.expect,
            spec.expect,
            f"the step '{step.do}'",
            step.src,
            seats,
            known,
            out,
            takes="can check",
        )
        if len(out) == before and step.note:
            _note(ctx, example, step, out)
    _facts(example.result, vocab.result, "the result", example.src, seats, known, out)


def _facts(
    facts: tuple[Fact, ...],
    specs: Iterable[FactSpec],
    where: str,
    owner: Src,
    seats: dict[str, str],
    known: Known,
    out: list[Diagnostic],
    takes: str = "takes",
) -> None:
    """Each fact is one the specs name, and of its type; the required ones are there."""
    by_name = {s.name: s for s in specs}
    given = {f.key for f in facts}
    for f in facts:
        spec = by_name.get(f.key)
        if spec is None:
            match = closest(f.key, by_name)
            hint = (
                f"did you mean '{match}'?"
                if match
                else f"it {takes}: " + ", ".join(by_name)
                if by_name
                else f"it {takes} nothing"
            )
            out.append(at(f.src, "E203", f"{where} {takes} no '{f.key}'", hint))
            continue
        _value(f, spec, seats, known, out)
    order = list(by_name)
    for spec in by_name.values():
        if spec.required and spec.name not in given:
            # where it belongs: at the fact written after it (a deleted line's place)
            later = [
                f for f in facts if f.key in by_name and order.index(f.key) > order.index(spec.name)
            ]
            place = min((f.src for f in later), key=lambda s: (s.line, s.col), default=owner)
            out.append(
                at(place, "E202", f"{where} needs '{spec.name}'", f"{spec.name}: {spec.type.value}")
            )


def _wrong(f: Fact, spec: FactSpec, src: Src | None = None) -> Diagnostic:
    return at(
        src or f.src,
        "E201",
        f"'{f.key}' must be {spec.type.value}, not {_shape(f.value)}",
        "write it without quotes"
        if spec.type is FactType.COUNT and isinstance(f.value, str) and f.value.isdigit()
        else "",
    )


def _shape(value: Value | object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return f"the word '{value}'"
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return "a mapping"
    return "a list" if isinstance(value, tuple) else type(value).__name__


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _value(
    f: Fact, spec: FactSpec, seats: dict[str, str], known: Known, out: list[Diagnostic]
) -> None:
    """One fact's value against its type, and every name in it against the game."""
    t, value = spec.type, f.value
    if t is FactType.COUNT:
        if not _count(value):
            out.append(_wrong(f, spec))
        elif isinstance(value, int) and value < 0:
            out.append(at(f.src, "E205", f"'{f.key}' must be 0 or more, not {value}"))
    elif t is FactType.FLAG:
        if not isinstance(value, bool):
            out.append(_wrong(f, spec))
    elif t is FactType.WORD:
        if not isinstance(value, str):
            out.append(_wrong(f, spec))
        elif value not in spec.words:
            match = closest(value, spec.words)
            out.append(
                at(
                    f.src,
                    "E206",
                    f"'{f.key}': '{value}' is not allowed here",
                    f"did you mean '{match}'?" if match else "one of: " + ", ".join(spec.words),
                )
            )
    elif t is FactType.SEAT_COUNTS:
        if not isinstance(value, tuple) or not all(isinstance(v, tuple) for v in value):
            out.append(_wrong(f, spec))
            return
        pairs = [v for v in value if isinstance(v, tuple)]
        for (seat, n), src in zip(pairs, f.items or (f.src,) * len(pairs), strict=False):
            resolve(Ref(str(seat), src), "seat", seats, out)
            if not _count(n):
                out.append(
                    at(src, "E201", f"'{f.key}': {seat} must have a whole number, not {_shape(n)}")
                )
    elif t in (FactType.SEATS, FactType.CARDS, FactType.DECKS):
        if not isinstance(value, tuple) or any(isinstance(v, tuple) for v in value):
            out.append(_wrong(f, spec))
            return
        srcs = f.items or (f.src,) * len(value)
        for item, src in zip(value, srcs, strict=False):
            _name(f, spec, item, src, seats, known, out)
    else:
        _name(f, spec, value, f.src, seats, known, out)


def _name(
    f: Fact,
    spec: FactSpec,
    value: object,
    src: Src,
    seats: dict[str, str],
    known: Known,
    out: list[Diagnostic],
) -> None:
    """A value that names something: a seat, card, deck, archetype, role or role card."""
    if not isinstance(value, str):
        out.append(at(src, "E201", f"'{f.key}' must name {_what(spec)}, not {_shape(value)}"))
        return
    if value in spec.words:
        return
    if spec.type is FactType.SHOWN and _SHOWN.fullmatch(value):
        return
    names, what = _known(spec, seats, known)
    if names is not None:
        resolve(Ref(value, src), what, {**names, **{w: w for w in spec.words}}, out)


def _what(spec: FactSpec) -> str:
    return {
        FactType.SEAT: "a seat",
        FactType.SEATS: "a seat",
        FactType.CARD: "a card",
        FactType.CARDS: "a card",
        FactType.DECKS: "a deck",
        FactType.ARCHETYPE: "an archetype",
        FactType.DOOR: "a door",
        FactType.PIECE: "a piece",
        FactType.ROLE: "a role",
        FactType.ROLE_CARD: "a role card",
        FactType.SHOWN: "a role",
    }.get(spec.type, "something")


def _known(
    spec: FactSpec, seats: dict[str, str], known: Known
) -> tuple[dict[str, str] | None, str]:
    """The names a value of this type may take (None: the game lacks that part), and how a
    diagnostic calls one."""
    t = spec.type
    if t in (FactType.SEAT, FactType.SEATS):
        return seats, "seat"
    if t in (FactType.CARD, FactType.CARDS):
        if not known.cards:
            return None, "card"
        return known.cards.get(spec.kind, {}), f"{spec.kind} card" if spec.kind else "card"
    if t is FactType.DECKS:
        return known.decks, "deck"
    if t is FactType.ARCHETYPE:
        return known.archetypes, "archetype"
    if t is FactType.DOOR:
        return known.doors, "door"
    if t is FactType.PIECE:
        return known.pieces, "piece"
    if t is FactType.ROLE_CARD:
        return known.role_cards, "role card"
    return known.roles, "role"  # ROLE, SHOWN


def _note(ctx: Context, example: Example, step: ExampleStep, out: list[Diagnostic]) -> None:
    """E701 for a note that cannot be filled from its step's facts, as the rulebook fills it."""
    facts = {f.key: fact_value(f) for f in step.args}
    expect = {f.key: fact_value(f) for f in step.expect}
    facts.update(expect, who=step.who, expect=expect)
    try:
        ctx.render(step.note, facts)
    except TemplateError as exc:
        out.append(
            at(
                step.note_src,
                "E701",
                f"the note of a step of the example '{example.id}' cannot be filled: {exc.message}",
                "fields: " + ", ".join(sorted(facts)),
            )
        )
