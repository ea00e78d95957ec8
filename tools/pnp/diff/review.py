"""The review of an edit, gathered in memory: read and check both versions, then compare
every game in words, in printed faces and (on request) in play.

Reads everything, writes nothing; the CLI prints what comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp import pipeline
from pnp.content.folders import find_games
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, counts
from pnp.diff import faces, files
from pnp.diff.changes import TEMPLATE, Change, check_data, compare, heading
from pnp.diff.play import Play, simulate
from pnp.diff.versions import Request, Version, VersionError
from pnp.render import geometry


@dataclass(slots=True)
class GameDiff:
    """Everything that changed in one game between the two versions."""

    game: str
    title: str
    status: str  # "changed", "unchanged", "added" (only in the new version) or "removed"
    old_version: str | None
    new_version: str | None
    changes: list[Change] = field(default_factory=list)
    check_data: list[Change] = field(default_factory=list)
    printed: list[faces.FaceChange] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    play: Play | None = None
    old: Game | None = None
    new: Game | None = None

    def money(self, amount: int) -> str:
        """An amount in the game's money format (the new version's, else the old's)."""
        game = self.new or self.old
        return game.info.currency.format(amount) if game and game.info else str(amount)


@dataclass(slots=True)
class Problems:
    """Content errors in one version: its diagnostics (files named as the user finds them),
    the number of files read and the warnings that rulings explain."""

    version: Version
    diagnostics: list[Diagnostic]
    files: int
    explained: int


@dataclass(slots=True)
class Review:
    """The comparison of two versions, or the content errors that stopped it."""

    old: Version
    new: Version
    games: list[GameDiff] = field(default_factory=list)
    problems: list[Problems] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """Whether anything changed at all, check data included."""
        return any(g.status != "unchanged" or g.check_data for g in self.games)


def _games(request: Request) -> list[str]:
    have = set(find_games(request.old.content)) | set(find_games(request.new.content))
    if not request.games:
        return sorted(have)
    missing = [g for g in request.games if g not in have]
    if missing:
        raise VersionError(
            f"no game '{missing[0]}' in {request.old.describe()} or in {request.new.describe()}"
        )
    return list(request.games)


def _check(version: Version, games: Sequence[str]) -> tuple[dict[str, Game], Problems | None]:
    """The models of the games a version has; its problems when it has content errors."""
    present = [g for g in games if g in find_games(version.content)]
    if not present:
        return {}, None
    result = pipeline.check(version.content, present)
    errors, _ = counts(result.diagnostics)
    if not errors:
        return result.games, None
    shown = [
        Diagnostic(
            version.show(d.file),
            d.line,
            d.col,
            d.code,
            version.scrub(d.message),
            version.scrub(d.hint),
        )
        for d in result.diagnostics
    ]
    return result.games, Problems(version, shown, result.files, len(result.explained))


def _warnings(diff: GameDiff) -> list[str]:
    """Old and new prints must never be mixed at a table: a printed change needs a new
    version."""
    if (
        diff.old is None
        or diff.new is None
        or diff.new_version is None
        or diff.old_version != diff.new_version
    ):
        return []
    printed = len(diff.printed)
    # a template rewritten to print the same words reprints nothing: no new version needed
    other = list(
        dict.fromkeys(
            heading(c.section).lower()
            for c in diff.changes
            if not all(f.name.endswith(TEMPLATE.format("")) for f in c.fields)
        )
    )
    if not printed and not other:
        return []
    parts = (
        (", ".join(other[:-1]) + " and " + other[-1] if len(other) > 1 else other[0])
        if other
        else "the printed components"
    )
    reprint = (
        f" ({printed} printed component{'s' if printed != 1 else ''} to reprint)" if printed else ""
    )
    return [
        f"{parts} changed{reprint} but the version is still {diff.new_version}: bump the "
        "version in the game document, so that old and new prints are never mixed at a "
        "table"
    ]


def review(request: Request, sim: int = 0, seed: int = 0, jobs: int = 1) -> Review:
    """Check both versions; unless either has content errors, compare every game."""
    games = _games(request)
    out = Review(request.old, request.new)
    old_models, old_problems = _check(request.old, games)
    new_models, new_problems = _check(request.new, games)
    out.problems = [p for p in (old_problems, new_problems) if p is not None]
    if out.problems:
        return out
    geo = geometry.default()
    for game_id in games:
        old, new = old_models.get(game_id), new_models.get(game_id)
        either = new or old
        assert either is not None
        diff = GameDiff(
            game_id,
            either.info.title if either.info else game_id,
            "unchanged",
            old.info.version if old and old.info else None,
            new.info.version if new and new.info else None,
            old=old,
            new=new,
        )
        before, after = old or Game(game_id), new or Game(game_id)
        diff.changes = compare(before, after) + files.compare(before.files, after.files)
        diff.check_data = check_data(before, after)
        diff.printed = faces.changed(before, after, geo)
        if old is None or new is None:
            diff.status = "added" if old is None else "removed"
        elif diff.changes or diff.printed:
            diff.status = "changed"
        diff.warnings = _warnings(diff)
        if sim > 0 and old is not None and new is not None:
            if diff.status == "unchanged":  # the same content plays the same seeded games
                diff.play = Play(
                    sim,
                    seed,
                    (),
                    (),
                    (0, 0),
                    "not simulated: the game did not change, so both versions play the same games",
                )
            else:
                diff.play = simulate(old, new, sim, seed, jobs)
        out.games.append(diff)
    return out
