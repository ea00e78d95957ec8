"""The stages run in order for a set of games: load, validate, model, cross-check.

Reads everything, writes nothing. The CLI prints what comes back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.diagnostics import Diagnostic

if TYPE_CHECKING:
    from pnp import simulate as simulate_
    from pnp.content.project import Game, Loaded
    from pnp.render.geometry import Geometry


@dataclass(slots=True)
class CheckResult:
    """Models of the games checked, every diagnostic (sorted) and the number of files read."""

    games: dict[str, Game] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    explained: list[Diagnostic] = field(default_factory=list)
    failed: set[str] = field(default_factory=set)  # games with content errors


@dataclass(slots=True)
class Part:
    """What checking one game found, before the games' diagnostics are put in order."""

    reading: list[Diagnostic]  # reading its files, their shape, its model
    checking: list[Diagnostic]  # cross-checks of its model
    explained: list[Diagnostic]  # explained by its rulings
    failed: bool  # it has content errors
    files: int  # files read
    consumers: frozenset[str]  # files that only use the model: the worked examples
    game: Game | None = None  # its model (None when the part was kept from an earlier run)


@dataclass(frozen=True, slots=True)
class Layouts:
    """The layouts every renderer and the fit check use: their files, and what is wrong
    in them."""

    files: int
    diagnostics: tuple[Diagnostic, ...]


def check(content: Path, game_ids: Sequence[str]) -> CheckResult:
    """Load and cross-check each game; gather every problem before returning."""
    from pnp.render import geometry

    geo = geometry.default()  # read once: every renderer and the fit check use it
    return combine(layouts(geo), [(game_id, check_game(content, game_id)) for game_id in game_ids])


def layouts(geo: Geometry) -> Layouts:
    """The layouts' part of a check."""
    return Layouts(len(geo.files), tuple(geo.diagnostics))


def check_game(content: Path, game_id: str) -> Part:
    """Load and cross-check one game."""
    from pnp.content.project import load_game

    return check_loaded(load_game(content, game_id))


def check_loaded(loaded: Loaded) -> Part:
    """Cross-check one game, loaded."""
    from pnp import checks
    from pnp.checks import renamed

    files = loaded.game.files
    found = checks.run(loaded.game)
    kept, explained = checks.split_explained(loaded.game, found)
    kept_all, renames = renamed.fold(loaded.game, [*loaded.diagnostics, *kept])
    left = set(kept_all)
    return Part(
        reading=[*renames, *(d for d in loaded.diagnostics if d in left)],
        checking=[d for d in kept if d in left],
        explained=explained,
        failed=any(d.severity == "error" for d in (*loaded.diagnostics, *kept)),
        files=len(loaded.files) + len(files.rulebook() if files else ()),
        consumers=frozenset(e.src.file for e in loaded.game.examples or ()),
        game=loaded.game,
    )


def combine(layouts: Layouts, parts: Sequence[tuple[str, Part]]) -> CheckResult:
    """One result of the games' parts (in the order the games were named)."""
    result = CheckResult(files=layouts.files)
    reading: list[Diagnostic] = list(layouts.diagnostics)
    checking: list[Diagnostic] = []
    consumers: set[str] = set()
    for game_id, part in parts:
        result.files += part.files
        reading.extend(part.reading)
        checking.extend(part.checking)
        if part.failed:
            result.failed.add(game_id)
        result.explained.extend(part.explained)
        if part.game is not None:
            result.games[game_id] = part.game
        consumers |= part.consumers
    # A name that names nothing comes before what it breaks (a door "without" its card).
    naming = [d for d in checking if d.code in NAMING]
    # What is printed follows from the data: a text that no longer fits, or a rulebook page
    # that cannot be filled, comes after a problem in the data it prints.
    # A worked example only uses the model: what it cannot find follows from the model too.
    data = [d for d in checking if d.code not in PRINTING and d.file not in consumers]
    naming = [d for d in naming if d.file not in consumers]
    result.diagnostics = ordered(reading, naming, data, checking)
    return result


NAMING = frozenset({"E204", "E207"})  # unknown references and duplicate ids
PRINTING = frozenset(
    {  # printed words and pages that disagree with the data, or do not fit
        "E707",
        "E717",
        "E718",
        "E719",
        "E720",
        "E754",
    }
)


def ordered(*stages: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics stage by stage, each stage sorted by place, each one once. A problem in
    reading a file or in its shape comes before what the cross-checks found, since those
    ran on what could be read: the cause is printed first."""
    seen: set[Diagnostic] = set()
    out: list[Diagnostic] = []
    for stage in stages:
        for d in sorted(set(stage) - seen, key=Diagnostic.sort_key):
            seen.add(d)
            out.append(d)
    return out


COVERAGE_GAMES = 20  # games per player count before `check --sim` reports E802


def simulate(result: CheckResult, games: int, jobs: int = 1, seed: int = 1) -> list[str]:
    """`check --sim N`: N seeded games per player count of every error-free game that has a
    rules model, every invariant on. A broken invariant becomes an E801 diagnostic (with the
    seed to replay it). With N of at least COVERAGE_GAMES and no invariant broken, each thing
    that carries effects and that no game used becomes an E802 error where it is defined,
    unless a ruling explains it (see `split_acknowledged`). Returns one summary line per game
    simulated."""
    from pnp import simulate as sim  # the rules models load only when asked for

    lines: list[str] = []
    for game_id, model in result.games.items():
        if model.info is None or game_id in result.failed:
            continue  # a game with content errors is not simulated
        try:
            counts = sim.simulation_for(model).player_counts(model)
            plan = sim.plan(model, games * len(counts), list(counts), seed=seed)
        except sim.SimError:
            continue
        run = sim.run(plan, jobs=jobs)
        broken = [g for g in run.results if g.violation is not None]
        src = model.info.src
        for g in broken:
            v = g.violation
            assert v is not None
            result.diagnostics.append(
                Diagnostic(
                    src.file,
                    1,
                    1,
                    "E801",
                    f"a simulated game of {g.players} players broke an invariant at step {v.step}: "
                    f"{v.invariant}: {v.detail}",
                    f"replay it: pnp replay {game_id} --seed {v.seed} --players {g.players}",
                )
            )
        # Coverage means something only over enough whole games: E801 comes first.
        judged = games >= COVERAGE_GAMES and not broken
        unused = never_used(model, run) if judged else []
        kept, explained = split_acknowledged(model, unused)
        result.diagnostics.extend(sorted(kept, key=Diagnostic.sort_key))
        result.explained.extend(explained)
        lines.append(
            f"simulated {len(run.results)} games of {game_id} "
            f"({', '.join(map(str, counts))} players): "
            f"{len(broken) or 'no'} invariant{'s' if len(broken) != 1 else ''} broken"
            + (
                ""
                if not judged
                else f", {len(unused)} never used"
                if unused
                else ", everything used"
            )
            + f", {run.elapsed:.1f} s"
        )
    return lines


UNUSED_HINT = (
    "the rules model never offers it, or the bots never choose it: check its timing "
    "and aim, or explain it in a ruling that acknowledges E802 and names it; "
    "something rare may need a larger --sim N"
)


def never_used(model: Game, run: simulate_.Run) -> list[Diagnostic]:
    """An E802 error for each thing that carries effects and that no game of the run used
    (the `never_used` of the simulation JSON), at the place it is defined. Nothing for a
    rules model that does not say what must be used."""
    from pnp import simulate as sim
    from pnp.rules.engine import Covered

    rules = sim.simulation_for(model)
    if not isinstance(rules, Covered):
        return []
    summary = sim.summarise(run)
    unused = {(u["kind"], u["id"]) for u in summary.get("never_used", ())}
    total = len(run.results)
    return [
        Diagnostic(t.src.file, t.src.line, t.src.col, "E802", rules.unused(t, total), UNUSED_HINT)
        for t in rules.usable(model)
        if (t.kind, t.id) in unused
    ]


ACKNOWLEDGED_ERRORS = frozenset({"E802"})  # errors a ruling may explain, as it may warnings


def split_acknowledged(
    game: Game, found: list[Diagnostic]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(kept, explained): `checks.split_explained` for the errors a ruling may explain (E802,
    something the simulated games never used). One is explained when a ruling acknowledges
    its code and its ruling text names everything the message quotes ('Visa Denied')."""
    from pnp.content.project import EVERYTHING

    if game.damaged & {"rulings", EVERYTHING}:
        return list(found), []  # the rulings that may explain these could not be read
    kept: list[Diagnostic] = []
    explained: list[Diagnostic] = []
    for d in found:
        names = re.findall(r"'([^']+)'", d.message)
        if d.code in ACKNOWLEDGED_ERRORS and any(
            d.code in r.acknowledges and all(n in r.ruling for n in names)
            for r in game.rulings or ()
        ):
            explained.append(d)
        else:
            kept.append(d)
    return kept, explained
