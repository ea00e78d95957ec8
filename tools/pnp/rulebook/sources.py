"""Finding and reading a game's rulebook sources.

A game's rulebook is `rulebook.md` in its folder, then the Markdown files of its `rulebook/`
folder in name order (`01-overview.md`, `02-components.md`, ...). A game with neither has no
rulebook. A file that cannot be read as UTF-8 text is a diagnostic (E102), never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.content.project import display_path
from pnp.diagnostics import Diagnostic

SINGLE = "rulebook.md"
FOLDER = "rulebook"


@dataclass(frozen=True, slots=True)
class Source:
    """One Markdown source: where it is, how diagnostics name it, and its text."""

    path: Path
    display: str
    text: str


def paths(folder: Path | None) -> list[Path]:
    """The rulebook's Markdown files of a game folder, in reading order."""
    if folder is None:
        return []
    found: list[Path] = []
    single = folder / SINGLE
    if single.is_file():
        found.append(single)
    book = folder / FOLDER
    if book.is_dir():
        found += sorted(p for p in book.iterdir()
                        if p.suffix == ".md" and p.is_file() and not p.name.startswith("."))
    return found


def read(folder: Path | None) -> tuple[list[Source], list[Diagnostic]]:
    """Every readable source, and a diagnostic for each one that is not."""
    sources: list[Source] = []
    problems: list[Diagnostic] = []
    for path in paths(folder):
        display = display_path(path)
        try:
            text = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = "not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else str(exc)
            problems.append(Diagnostic(display, 1, 1, "E102",
                                       f"cannot read rulebook source: {reason}",
                                       "save it as UTF-8 text"))
            continue
        sources.append(Source(path, display, text.replace("\r\n", "\n")))
    return sources, problems
