"""Printed text from data: card text is a jinja2 template whose fields come from the model.

A designer writes `Take {{ take_money.amount|money }} from a rival.`; the number is the
step's own parameter, so the text and the rules model can never disagree. Undefined fields
are errors (StrictUndefined), reported as diagnostics by the caller. Texts are filled in the
sandbox (`sandbox.py`): a template reads data and does a bounded amount of work, or is
refused (E714, E715).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import jinja2

from pnp.content import sandbox
from pnp.content.model import Currency, Term
from pnp.content.sandbox import Sandbox, TemplateRefused

FILTERS = "money, word, nth, ordinal, times, share, plural, cap, length, join and map"
TEXT_HINT = (  # the environment's own; a game's texts say what that game offers (`hint`)
    f"a text prints its own fields, the game's data and the filters {FILTERS} (README: Content)"
)


def hint(globals_: Mapping[str, Any]) -> str:
    """What a text of a game may use: its own fields, the game's data and look-ups (as
    this game has them: a ruleset may add its own, such as `limit()`), and the filters."""
    names = ", ".join(f"{k}()" if callable(v) else k for k, v in globals_.items())
    data = f"the game's data ({names})" if names else "the game's data"
    return f"a text prints its own fields, {data} and the filters {FILTERS} (README: Content)"


class TextError(Exception):
    """A template that cannot be rendered: unknown field, bad syntax (E701), or refused by
    the sandbox (E714, E715, with its own hint)."""

    def __init__(self, message: str, code: str = "E701", hint: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.hint = hint


def term_fields(terms: Iterable[Term]) -> dict[str, dict[str, Any]]:
    """{term name: {parameter: value}} for each use of a term: the first as `heat`, later
    ones as `heat_2`, `heat_3`. The options of `choose` count as uses, in order."""
    out: dict[str, dict[str, Any]] = {}
    for term in _flatten(terms):
        key = term.name
        n = 2
        while key in out:
            key = f"{term.name}_{n}"
            n += 1
        out[key] = dict(term.args)
    return out


def _flatten(terms: Iterable[Term]) -> list[Term]:
    flat: list[Term] = []
    for term in terms:
        flat.append(term)
        if term.name == "choose":
            for option in term.arg("options"):
                flat.extend(_flatten(option))
    return flat


@dataclass(frozen=True, slots=True)
class Texts:
    """Renders templates with the game's money format and its rules numbers in scope."""

    currency: Currency
    globals: Mapping[str, Any]

    def render(self, source: str, fields: Mapping[str, Any]) -> str:
        """The printed text of one template, or TextError."""
        if "{" not in source:
            return source
        env = _environment(self.currency)
        try:
            template = env.from_string(source)
            return template.render({**self.globals, **fields}).strip()
        except TemplateRefused as exc:
            line = exc.line or 1
            where = f" (line {line} of the text)" if line > 1 else ""
            said = hint(self.globals) if exc.hint == TEXT_HINT else exc.hint
            raise TextError(exc.message + where, exc.code, said) from exc
        except jinja2.UndefinedError as exc:
            message = exc.message or ""
            match = re.search(r"has no attribute '([^']+)'", message)
            if match:
                message = f"no field '.{match.group(1)}' here"
            raise TextError(f"unknown field in text: {message}") from exc
        except jinja2.TemplateSyntaxError as exc:
            raise TextError(f"text template error: {exc.message}") from exc
        except (jinja2.TemplateError, ArithmeticError, LookupError, TypeError, ValueError) as exc:
            raise TextError(f"text template error: {exc}") from exc


def _environment(currency: Currency) -> Sandbox:
    return sandbox.environment(
        currency, what="text template", hint=TEXT_HINT, keep_trailing_newline=False
    )


def field_names(fields: Mapping[str, Any]) -> list[str]:
    """Every field a template may use, dotted for terms: `cool.amount`, `price`."""
    names: list[str] = []
    for key, value in sorted(fields.items()):
        if isinstance(value, dict):
            names += [f"{key}.{sub}" for sub in value]
        else:
            names.append(key)
    return names
