"""E707 and W708: a number typed into a text template agrees with the data, as a field.

Numbers on cards come from the data through `{{ fields }}`, so that the text and the rules
model cannot disagree. A number typed outside `{{ }}` in a template's source is an error when
the object's data holds no such number (its price, a crime's Heat and payout, any whole-number
parameter of its terms): the text contradicts the data. When the data does hold it, it is a
warning: the text agrees today but will not follow the next change of the data.

Digits that are part of a word or of a name the game defines ('Rule 34', '3rd', '4x4',
'3-player') are not numbers here; ordinals a filter prints ('3rd') appear only in printed
text, which this check does not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from pnp.checks.common import at
from pnp.checks.printed import Printed, defined_names, printed
from pnp.content.model import Currency
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic

# Everything jinja2 reads: expressions, statements and comments.
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
# A whole number standing alone: not inside a word ('3rd', 'x2'), a hyphenated word
# ('3-player', 'Rule-34'), or a decimal ('1.5').
_PLAIN = re.compile(r"(?<![\w.])(?<![^\W\d_]-)\d+(?![\w])(?!-[^\W\d_])(?!\.\d)")


def check(game: Game) -> list[Diagnostic]:
    """Each literal number in each template source, against its object's data numbers."""
    out: list[Diagnostic] = []
    currency = game.info.currency if game.info else Currency()
    names = [n for n in defined_names(game) if any(ch.isdigit() for ch in n)]
    for item in printed(game):
        _check_one(item, currency, names, out)
    return out


def literals(source: str, currency: Currency, names: Iterable[str] = ()) -> list[tuple[str, int]]:
    """(as written, value) for every literal number in a template source, in order."""
    return list(_literals(source, currency, tuple(names)))


@lru_cache(maxsize=20_000)
def _literals(
    source: str, currency: Currency, names: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    """`literals`, found once per process for the same source, currency and names (a game
    checked again mostly prints the same texts)."""
    text = _JINJA.sub(lambda m: " " * len(m.group()), source)
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", lambda m: " " * len(m.group()), text)
    found: list[tuple[int, str, int]] = []
    if currency.prefix or currency.suffix:
        money = re.compile(
            rf"(?<![\w.]){re.escape(currency.prefix)}(\d+)"
            rf"{re.escape(currency.suffix)}(?![\w])"
        )
        for m in money.finditer(text):
            found.append((m.start(), m.group(), int(m.group(1))))
        text = money.sub(lambda m: " " * len(m.group()), text)
    for m in _PLAIN.finditer(text):
        found.append((m.start(), m.group(), int(m.group())))
    return tuple((written, value) for _, written, value in sorted(found))


def _check_one(item: Printed, currency: Currency, names: list[str], out: list[Diagnostic]) -> None:
    seen: set[str] = set()
    for written, value in literals(item.text.source, currency, names):
        if written in seen:
            continue
        seen.add(written)
        fields = [f if n == value else f"(-{f})" for f, n in item.numbers if value in (n, -n)]
        if not fields:
            data = ", ".join(f"{f} {n}" for f, n in item.numbers) or "no numbers"
            out.append(
                at(
                    item.text.src,
                    "E707",
                    f"the text of {item.label} prints {written}, which is not in its data",
                    f"contradicts the data: {data}",
                )
            )
        else:
            money = written != str(value)
            suggest = " or ".join("{{ " + f + ("|money" if money else "") + " }}" for f in fields)
            out.append(
                at(
                    item.text.src,
                    "W708",
                    f"the text of {item.label} types {written} as a literal number",
                    f"write it as a field so it follows the data: {suggest}",
                )
            )
