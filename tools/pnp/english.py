"""The English every printed and reported text is written in, said one way everywhere:
numbers as words, ordinals, shares, multipliers, plurals and money. Card text, the
rulebook, the check's summary, `pnp diff` and the rules models' descriptions all use these,
so a card and the rulebook print `times(6)` alike ("six times").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
NTH = (
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
)
SHARES = {
    0.25: "a quarter of",
    1 / 3: "a third of",
    0.5: "half",
    2 / 3: "two thirds of",
    0.75: "three quarters of",
    1.0: "all",
}


def word(n: int) -> str:
    """3 -> 'three', 24 -> 'twenty-four'; a hundred and more stay digits."""
    n = int(n)
    if 0 <= n < len(WORDS):
        return WORDS[n]
    if 0 < n < 100:
        return TENS[n // 10] + (f"-{WORDS[n % 10]}" if n % 10 else "")
    return str(n)


def ordinal(n: int) -> str:
    """3 -> '3rd'."""
    n = int(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def nth(n: int) -> str:
    """3 -> 'third' (past the twelfth, '13th')."""
    n = int(n)
    return NTH[n] if 0 <= n < len(NTH) else ordinal(n)


def share(x: float) -> str:
    """A share as words before a noun: 0.5 -> 'half' (half your money)."""
    for value, words in SHARES.items():
        if abs(float(x) - value) < 1e-9:
            return words
    return f"{round(float(x) * 100)}% of"


def times(n: int) -> str:
    """How a multiplier reads: 1 -> 'once', 2 -> 'double', 3 -> 'three times'."""
    n = int(n)
    return {1: "once", 2: "double"}.get(n, f"{word(n)} times")


def plural(noun: str, n: int = 2) -> str:
    """The noun for n things: ('crime', 2) -> 'crimes', ('apology', 2) -> 'apologies'."""
    if int(n) == 1:
        return noun
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str) -> str:
    """n and its noun, in digits: (1, 'error') -> '1 error', (3, 'apology') -> '3 apologies'."""
    return f"{n} {plural(noun, n)}"


def cap(text: str) -> str:
    """The first letter in capitals, the rest as it is (jinja's `capitalize` lowers it)."""
    text = str(text)
    return text[:1].upper() + text[1:]


def filters(money: Callable[[int], str]) -> dict[str, Callable[..., Any]]:
    """The filters every template may use (card text and the rulebook alike), with the
    game's way of writing money."""
    return {
        "money": lambda n: money(int(n)),
        "word": word,
        "ordinal": ordinal,
        "nth": nth,
        "times": times,
        "plural": plural,
        "cap": cap,
        "share": share,
    }
