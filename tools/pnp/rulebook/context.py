"""What a rulebook source may use inside `{{ }}`: the typed model, a few look-ups and filters.

Every number and name of the rules comes from here, never typed by hand. The context is
small and documented (the README repeats it):

Values
    `game`        title, version, players.min/max, best, minutes, age, tagline
    `rules`       the rules numbers (`rules.start.money`, `rules.morning.draw`, ...)
    `components`  the components list (`components.seats|length`)

Look-ups by id (an unknown id is an error that suggests the nearest one)
    `door(id)`, `goal(id)`, `card(id)`, `archetype(id)`, `diplomat(id)`, `item(id)`,
    `crime_type(id)`, `role(id)`, `piece(id)`, `example(id)`. Each gives the object's own
    fields (`door('private-jet').price`, `card('tip-off').count`,
    `item('law-markers').per_seat`) and the parameters of its effect terms by term name
    (`door('defect').heat_at_least.heat`, `goal('extravagance').money_at_least.money`);
    texts come out as printed.

Helpers
    `literal('2015')` a number that is explicitly not data.

A game's ruleset adds look-ups, helpers and blocks of its own (`RulebookHooks.values` and
`.blocks`, made with the views below), such as `treasure(players)` or `limit()`.

Lists
    `doors`, `goals`: every door and Goal, as the look-ups give them.

Filters
    `money` ($8M), `word` (3 -> three), `nth` (3 -> third), `ordinal` (3rd), `times`
    (2 -> double), `share` (0.5 -> half), `plural(n)` ('crime'|plural(2) -> crimes), `cap`
    (first letter in capitals); and jinja2's `length`, `join` and `map`.

Sources are filled in the sandbox (`pnp.content.sandbox`): nothing else is in scope and a
template reads data only, or it is refused (E714); it does a bounded amount of work, or it
is stopped (E715); either at the source's line.

Generated blocks (each alone on its line; they return a placeholder that the Markdown
parser replaces with tables, lists or drawings built from the model): see `blocks.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import jinja2

from pnp.content import sandbox
from pnp.content.cards import Ability, Card, Text
from pnp.content.examples import Example, Fact
from pnp.content.model import Currency, Src
from pnp.content.project import Game
from pnp.content.text import term_fields
from pnp.diagnostics import closest
from pnp.rulebook import hooks
from pnp.rulebook.document import Node, Where

RULEBOOK_HINT = "see the template context in the README (Rulebook)"


class TemplateError(Exception):
    """A rulebook template that cannot be filled; `src` is a content line to blame, if any
    (a worked example's note), else the caller uses the Markdown line. When the sandbox
    refused the template, `refusal` finds why."""

    def __init__(self, message: str, src: Src | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.src = src


# ---- views --------------------------------------------------------------------------------


@sandbox.readable
class View:
    """A model object as a template sees it: its effect terms' parameters by term name, its
    own attributes, and texts as printed."""

    __slots__ = ("_fields", "_obj")

    def __init__(self, obj: Any, fields: Mapping[str, Any] | None = None) -> None:
        self._obj = obj
        self._fields = dict(fields or {})

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        fields = object.__getattribute__(self, "_fields")
        if name in fields:
            return fields[name]
        value = getattr(object.__getattribute__(self, "_obj"), name)
        if isinstance(value, Text):
            return value.printed
        if isinstance(value, Ability):
            return ability_view(value)
        return value

    def __str__(self) -> str:
        return str(getattr(self._obj, "name", self._obj))


def ability_view(ability: Ability) -> View:
    """A Bend, Cost or Signature with its terms' parameters."""
    return View(ability, {"price": ability.price, **term_fields(ability.terms())})


def card_fields(card: Card, crime_types: Mapping[str, str]) -> dict[str, Any]:
    """The fields a card's own text may use, as the card builder gives them."""
    fields: dict[str, Any] = {"price": card.price}
    if card.crime:
        fields.update(
            heat=card.crime.heat,
            payout=card.crime.payout,
            type_name=crime_types.get(card.crime.type.id, card.crime.type.id),
        )
    if card.covers:
        fields["covers_name"] = crime_types.get(card.covers.id, card.covers.id)
    for key, value in term_fields(card.terms()).items():
        fields.setdefault(key, value)
    return fields


def fact_value(fact: Fact) -> Any:
    """A worked example's fact as a template uses it (a mapping stays a mapping)."""
    value = fact.value
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return dict(value)  # type: ignore[arg-type]
    return value


def example_view(example: Example) -> View:
    """A worked example: `seats`, `setup.<fact>`, `result.<fact>`, `steps`."""
    return View(
        example,
        {
            "setup": {f.key: fact_value(f) for f in example.setup},
            "result": {f.key: fact_value(f) for f in example.result},
        },
    )


# ---- generated blocks ---------------------------------------------------------------------

BuildNodes = Callable[[Where], list[Node]]


@dataclass(slots=True)
class Blocks:
    """Generated blocks waiting for the Markdown parser: a placeholder names each one."""

    builders: list[BuildNodes] = field(default_factory=list)
    anchors: dict[str, str] = field(default_factory=dict)  # a name -> where it is shown
    rulings: set[str] = field(default_factory=set)  # the rulings the book prints
    names: list[str] = field(default_factory=list)  # which block each placeholder is

    def add(self, name: str, build: BuildNodes) -> str:
        """Register a block; returns the placeholder to put in the Markdown."""
        self.builders.append(build)
        self.names.append(name)
        return f"<!--pnp-block:{len(self.builders) - 1}-->"


PLACEHOLDER = re.compile(r"<!--pnp-block:(\d+)-->")


# ---- the context --------------------------------------------------------------------------


def _environment(currency: Currency) -> sandbox.Sandbox:
    """The rulebook's environment for one currency, made once, so that what it compiled is
    kept from one filling of a rulebook to the next (check, then build)."""
    return sandbox.environment(
        currency,
        what="rulebook template",
        hint=RULEBOOK_HINT,
        keep_trailing_newline=True,
        comment_start_string="{##",
        comment_end_string="##}",
    )


class Context:
    """The template context of one game, and the jinja2 environment that fills sources."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.currency = game.info.currency if game.info else Currency()
        self.blocks = Blocks()
        # Comments are `{## ... ##}`: `{#id}` fixes a heading's anchor, as in Pandoc.
        self.env = _environment(self.currency)
        self.crime_types = {t.id: t.name for t in game.crime_types or ()}
        self.values: dict[str, Any] = self._values()

    # -- formatting --

    def money(self, n: int) -> str:
        """$8M for 8, in the game's currency."""
        return self.currency.format(int(n))

    # -- look-ups --

    def find(self, what: str, key: str, items: Iterable[Any]) -> Any:
        """The model object with this id, or ValueError naming the nearest id."""
        found = {getattr(i, "id"): i for i in items}  # noqa: B009
        if key in found:
            return found[key]
        match = closest(str(key), found)
        hint = (
            f" (did you mean '{match}'?)"
            if match
            else (f" ({what}s: {', '.join(list(found)[:8])})" if found else "")
        )
        raise ValueError(f"no {what} '{key}' in this game{hint}")

    def door(self, key: str) -> View:
        """A door: `door('defect').heat_at_least.heat`."""
        d = self.find("door", key, self.game.doors or ())
        return View(d, term_fields((*d.requires, *d.booking)))

    def goal(self, key: str) -> View:
        """A Goal: `goal('extravagance').money_at_least.money`."""
        g = self.find("Goal", key, self.game.goals or ())
        return View(g, term_fields(g.condition))

    def card(self, key: str) -> View:
        """A card: its price, Heat, payout, count and its terms' parameters."""
        c = self.find("card", key, self.game.cards or ())
        return View(c, card_fields(c, self.crime_types))

    def archetype(self, key: str) -> View:
        """An archetype: `archetype('heir').bend.name`."""
        return View(self.find("archetype", key, self.game.archetypes or ()))

    def diplomat(self, key: str) -> View:
        """A diplomat and their Signature."""
        return View(self.find("diplomat", key, self.game.diplomats))

    def item(self, key: str) -> View:
        """A row of the components list: `item('law-markers').per_seat`."""
        items = self.game.components.items if self.game.components else ()
        return View(self.find("component", key, items))

    def crime_type(self, key: str) -> View:
        """A type of crime."""
        return View(self.find("crime type", key, self.game.crime_types or ()))

    def role(self, key: str) -> View:
        """A role of a standard-deck game."""
        return View(self.find("role", key, self.game.roles or ()))

    def piece(self, key: str) -> View:
        """A piece of a standard-deck game and its cards."""
        return View(self.find("piece", key, self.game.pieces or ()))

    def example(self, key: str) -> View:
        """A worked example."""
        return example_view(self.find("example", key, self.game.examples or ()))

    @staticmethod
    def literal(text: object) -> str:
        """Text typed on purpose, not data: `{{ literal('2015') }}`."""
        return str(text)

    def _values(self) -> dict[str, Any]:
        values: dict[str, Any] = {
            "game": self.game.info,
            "rules": self.game.rules,
            "components": self.game.components,
            "door": self.door,
            "goal": self.goal,
            "card": self.card,
            "archetype": self.archetype,
            "diplomat": self.diplomat,
            "item": self.item,
            "crime_type": self.crime_type,
            "role": self.role,
            "piece": self.piece,
            "example": self.example,
            "literal": self.literal,
            "doors": [self.door(d.id) for d in self.game.doors or ()],
            "goals": [self.goal(g.id) for g in self.game.goals or ()],
        }
        found = hooks.of(self.game)
        if found is not None:
            values.update(found.values(self))
        for name, make in blocks_of(self.game).items():
            values[name] = self._block(name, make)
        return values

    def _block(self, name: str, make: Callable[..., BuildNodes]) -> Callable[..., str]:
        def call(*args: Any, **kwargs: Any) -> str:
            return self.blocks.add(name, make(self, *args, **kwargs))

        call.__name__ = name
        return call

    # -- filling templates --

    def render(self, source: str, extra: Mapping[str, Any] | None = None) -> str:
        """Fill a template, or raise TemplateError with the line of the source at fault."""
        try:
            template = self.env.from_string(source)
            return template.render({**self.values, **(extra or {})})
        except sandbox.TemplateRefused as exc:  # never run, or stopped: E714, E715
            raise TemplateError(exc.message) from _at_line(exc, exc.line or 1)
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(f"template error: {exc.message}", None) from _at_line(
                exc, exc.lineno
            )
        except jinja2.UndefinedError as exc:
            message = exc.message or "undefined"
            match = re.search(r"has no attribute '([^']+)'", message)
            if match:
                message = f"no field '.{match.group(1)}' here"
            raise TemplateError(f"unknown field: {message}") from _at_line(exc, _line(exc))
        except TemplateError:
            raise
        except (
            jinja2.TemplateError,
            ArithmeticError,
            TypeError,
            ValueError,
            LookupError,
            AttributeError,
        ) as exc:
            raise TemplateError(str(exc).strip("'\"")) from _at_line(exc, _line(exc))


def blocks_of(game: Game) -> dict[str, Callable[..., BuildNodes]]:
    """Every generated block a source of this game may call: the core's and its ruleset's."""
    from pnp.rulebook import (
        blocks,  # the blocks use this module's views
        setup_plan,  # noqa: F401  (registers `setup_diagram()`)
    )

    found = hooks.of(game)
    return {**blocks.BLOCKS, **(found.blocks if found is not None else {})}


class _Line(Exception):
    """Carries the template line of an error as the cause of a TemplateError."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def _at_line(exc: BaseException, line: int) -> _Line:
    cause = _Line(line)
    cause.__cause__ = exc
    return cause


_line = sandbox.template_line


def error_line(exc: TemplateError) -> int:
    """The template line of a TemplateError (1 when unknown)."""
    cause = exc.__cause__
    return cause.line if isinstance(cause, _Line) else 1


def refusal(exc: BaseException) -> sandbox.TemplateRefused | None:
    """Why the sandbox refused a template (E714, E715), even when a block wrapped the error
    in its own; None for any other error (E754)."""
    found: BaseException | None = exc
    while found is not None:
        if isinstance(found, sandbox.TemplateRefused):
            return found
        found = found.__cause__
    return None
