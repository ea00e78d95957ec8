"""A game's rulebook sources, as the snapshot of its folder holds them.

A game's rulebook is `rulebook.md` in its folder, then the Markdown files of its `rulebook/`
folder in name order (`01-overview.md`, `02-components.md`, ...). A game with neither has no
rulebook. The sources come from the game's snapshot (read once, when the game was loaded),
never from disk again. A source that is not UTF-8 text is a diagnostic at the bad byte's line
and column (E102), never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.content.snapshot import Snapshot
from pnp.diagnostics import Diagnostic


@dataclass(frozen=True, slots=True)
class Source:
    """One Markdown source: where it is, how diagnostics name it, and its text."""

    path: Path
    display: str
    text: str


def read(files: Snapshot | None) -> tuple[list[Source], list[Diagnostic]]:
    """Every source that is UTF-8 text, and a diagnostic for each one that is not."""
    sources: list[Source] = []
    problems: list[Diagnostic] = []
    for file in files.rulebook() if files is not None else ():
        try:
            text = file.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            before = file.data[: exc.start]
            line = before.count(b"\n") + 1
            col = exc.start - (before.rfind(b"\n") + 1) + 1
            problems.append(
                Diagnostic(
                    file.display,
                    line,
                    col,
                    "E102",
                    f"rulebook source is not UTF-8 text: byte 0x{file.data[exc.start]:02x} here",
                    "save it as UTF-8 text",
                )
            )
            continue
        assert files is not None
        sources.append(Source(files.folder / file.rel, file.display, text.replace("\r\n", "\n")))
    return sources, problems
