"""Units, parsed in one place: "63mm", "2.5in", "8pt", "3.175mm". Past here, all is points."""

from __future__ import annotations

import re

PT_PER_IN = 72.0
PT_PER_MM = 72.0 / 25.4

_UNITS = {"pt": 1.0, "mm": PT_PER_MM, "cm": PT_PER_MM * 10, "in": PT_PER_IN}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|mm|cm|in)\s*$")


class UnitError(ValueError):
    """A length that is not a number followed by pt, mm, cm or in."""


def parse(length: str | float | int) -> float:
    """A length in points. Bare numbers are points."""
    if isinstance(length, int | float) and not isinstance(length, bool):
        return float(length)
    match = _LENGTH.match(str(length))
    if not match:
        raise UnitError(f"{length!r} is not a length such as 63mm, 2.5in or 8pt")
    return float(match.group(1)) * _UNITS[match.group(2)]


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / PT_PER_MM


def inch(value: float) -> float:
    """Inches to points."""
    return value * PT_PER_IN
