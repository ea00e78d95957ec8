"""The Diagnostic record, the table of codes, and how diagnostics are printed.

Every problem the pipeline finds in content becomes a `Diagnostic`. Stages collect them and
return them; only the CLI prints them or decides the exit status.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pnp.english import count


class Severity(enum.StrEnum):
    """How bad a problem is: errors fail `pnp check`, warnings only fail it with `--strict`."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    """A stable diagnostic code with its severity and a one-line meaning for the README."""

    code: str
    severity: Severity
    meaning: str


def _codes(*rows: tuple[str, str]) -> dict[str, Code]:
    table: dict[str, Code] = {}
    for code, meaning in rows:
        severity = Severity.WARNING if code.startswith("W") else Severity.ERROR
        table[code] = Code(code, severity, meaning)
    return table


# The one table of codes. Codes are stable: never renumber, only add. Retired codes are
# never reused: W710 (a text-length estimate) gave way to E720, which measures real glyphs.
CODES: dict[str, Code] = _codes(
    # E1xx: reading files
    ("E101", "YAML syntax error"),
    ("E102", "file cannot be read or is not UTF-8 text"),
    ("E103", "a document must be a mapping with a `kind` field"),
    ("E104", "unknown document kind"),
    ("E105", "the same key appears twice in one mapping"),
    ("E106", "more than one YAML document in one file"),
    ("E107", "a game folder has no `kind: game` document, or more than one"),
    ("E108", "YAML too deeply nested or too large (alias expansion)"),
    ("E109", "a document kind that may appear only once in a game appears again"),
    ("E110", "a content file is a link that leads outside the content folder"),
    ("E111", "a content file is not a regular file (a FIFO, socket or device)"),
    ("E112", "a content file is larger than pnp reads"),
    # E2xx: shape of the data (JSON Schema) and references
    ("E201", "wrong type"),
    ("E202", "missing required field"),
    ("E203", "unknown field"),
    ("E204", "unknown reference: names something that does not exist"),
    ("E205", "number out of range"),
    ("E206", "value not allowed here"),
    ("E207", "duplicate id"),
    ("E208", "too few or too many items, or items repeated"),
    ("E209", "structure does not match the schema"),
    # E3xx: component arithmetic
    ("E301", "money: coins do not add up to the stated total or coin count"),
    ("E302", "a group's items do not add up to its stated total"),
    ("E303", "a per-seat piece count is not seats x pieces per seat"),
    ("E304", "not enough pieces for the largest table"),
    ("E305", "one-per-character pieces do not match the number of characters"),
    ("E306", "seat sets do not cover the largest player count"),
    # E4xx: Goals and Departures
    ("E401", "a Goal must name exactly three doors"),
    ("E402", "a Goal names the same door twice"),
    ("W403", "two Goals name the same three doors"),
    ("W404", "a door is named by no Goal"),
    ("W405", "a Goal that a character can never meet (its Cost forbids what the Goal needs)"),
    # E5xx: standard-deck games (Diamond Heist)
    ("E501", "the treasure needs more cards of a kind than the deck holds"),
    ("E502", "a variant makes a count negative"),
    ("E503", "the treasure table does not cover every player count"),
    ("E504", "a card of the deck is assigned two roles"),
    ("W505", "a variant removes the last card of a role at some player count"),
    # E6xx: game-wide numbers
    ("E601", "a range has its minimum above its maximum"),
    ("E602", "a rules number contradicts another rules number or a component count"),
    # E7xx: printed text
    ("E701", "a text template cannot be filled: unknown field or bad syntax"),
    ("E702", "the copies of a deck's cards do not add up to the deck's count in the components"),
    ("E703", "a card's kind is not one its deck holds"),
    ("E704", "a door has no Departure card, or more than one"),
    ("E705", "a Departure card is not named after its door"),
    ("E706", "a Departure card waives something its door does not have"),
    ("E707", "a number typed in a text contradicts the data of what it is printed on"),
    ("W708", "a number typed in a text should be a field, so that it follows the data"),
    ("W709", "a capitalised word in printed text is not a glossary term or a name in the game"),
    ("E711", "two Goals name the same doors and their conditions differ only in numbers"),
    ("E712", "the content disagrees with a fact quoted from the source rulebook"),
    ("E713", "a fact's number does not appear in the quote it comes from"),
    (
        "E714",
        "a template reaches for something templates may not use (Python internals, "
        "imports, includes)",
    ),
    ("E715", "a template does more work than a text may (a loop or output past its limit)"),
    ("E716", "two cards of one game have the same name"),
    ("E717", "an effect parameter that changes play is not printed by its text"),
    ("E718", "an effect step appears twice but its text does not print it twice"),
    ("E719", "a number word in printed prose contradicts the rules number it stands for"),
    ("E720", "a text does not fit its box even at the smallest size its layout allows"),
    ("W721", "printed text uses a word the glossary says to avoid for one of its terms"),
    ("W722", "a text written over several lines repeats one of its lines"),
    (
        "E723",
        "a text or icon on a card face is outside the print vendor's safe zone "
        "(`pnp check --target`)",
    ),
    # E73x: images
    ("E730", "an image the content names does not exist"),
    ("E731", "an image the content names cannot be read as an image"),
    ("E732", "an image path leads outside the content folder"),
    ("W733", "an image is so large that every build slows down (decompression-bomb size)"),
    ("W734", "an asset's licence is not one pnp knows"),
    ("E735", "an image the content uses has no credit (author, licence, source)"),
    ("E740", "a character board must carry one woman and one man"),
    # E75x: the rulebook (content/<game>/rulebook.md and rulebook/*.md)
    ("E750", "a number typed by hand in rulebook prose: write it as a field of the data"),
    ("E751", "a rulebook heading, or a sentence ending in ':', with nothing under it"),
    ("E752", "a rulebook link names no section, card, door, Goal, character or term"),
    ("W753", "a glossary term the rulebook never uses"),
    ("E754", "a rulebook template or generated block cannot be filled"),
    ("W755", "a ruling the rulebook never prints"),
    # E8xx: simulation (pnp check --sim N)
    ("E801", "a simulated game broke an invariant of the rules model"),
    ("E802", "something that carries effects was never used in the simulated games"),
)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in content, located as file:line:col (1-based)."""

    file: str
    line: int
    col: int
    code: str
    message: str
    hint: str = ""

    @property
    def severity(self) -> Severity:
        """Severity comes from the code table, so a code never changes severity by accident."""
        return CODES[self.code].severity

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Stable order: by file, position, code, message."""
        return (self.file, self.line, self.col, self.code, self.message)

    def format(self) -> str:
        """`file:line:col: severity CODE message (hint)` as in the interfaces document."""
        text = f"{self.file}:{self.line}:{self.col}: {self.severity} {self.code} {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def as_json(self) -> dict[str, object]:
        """The JSON form with the keys the interfaces document fixes."""
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "severity": str(self.severity),
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to a misspelt word (ignoring case), or None if none is close."""
    folded = {c.casefold(): c for c in dict.fromkeys(candidates)}
    if word.casefold() in folded:
        return folded[word.casefold()]
    import difflib  # only a name that names nothing needs it

    matches = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[matches[0]] if matches else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A 'did you mean ...?' hint for a misspelt name, or '' when nothing is close."""
    match = closest(word, candidates)
    return f"did you mean '{match}'?" if match else ""


def counts(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    """(errors, warnings) in a list of diagnostics."""
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    return errors, len(diagnostics) - errors


def summary(diagnostics: Sequence[Diagnostic], files: int, explained: int = 0) -> str:
    """The closing line: `2 errors, 1 warning in 14 files`, and how many findings rulings
    explain (warnings, and never-used things of a simulation)."""
    errors, warnings = counts(diagnostics)
    line = f"{count(errors, 'error')}, {count(warnings, 'warning')} in {count(files, 'file')}"
    if explained:
        line += f" ({explained} explained by rulings)"
    return line


def render_text(diagnostics: Sequence[Diagnostic], files: int, explained: int = 0) -> str:
    """All diagnostics, one per line, then the summary line."""
    lines = [d.format() for d in diagnostics]
    lines.append(summary(diagnostics, files, explained))
    return "\n".join(lines) + "\n"


def render_json(diagnostics: Sequence[Diagnostic]) -> str:
    """All diagnostics as a JSON array of objects."""
    return json.dumps([d.as_json() for d in diagnostics], indent=2, ensure_ascii=False) + "\n"
