"""The `pnp` command line: argument parsing and exit codes only; the stages do the work.

Exit status: 0 no errors (warnings allowed unless --strict); 1 content errors; 2 usage error
or internal failure.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import json
import math
import os
import re
import signal
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp import __version__
from pnp.content.folders import find_games, is_game_folder
from pnp.content.snapshot import display_path
from pnp.diagnostics import CODES, counts, did_you_mean, render_json, render_text
from pnp.rulesets import RulesetError

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.pipeline import CheckResult

# The stages are imported by the commands that use them: `pnp check` of games checked
# before, unchanged, loads none of them (see `pnp.verdicts`).

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A mistake in how the command was called (exit 2), not in the content."""


@functools.cache  # the same for every call: made once per process
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pnp",
        description="Print-and-play content pipeline and rules checker for tabletop games.",
    )
    parser.add_argument("--version", action="version", version=f"pnp {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="show the Python traceback of an internal failure"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = sub.add_parser("check", help="validate content and run every static cross-check")
    check.add_argument(
        "games",
        nargs="*",
        metavar="GAME",
        help="game folders under the content folder (default: every game)",
    )
    check.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder (default: ./content)",
    )
    check.add_argument("--strict", action="store_true", help="warnings fail the check too")
    check.add_argument(
        "--fresh",
        action="store_true",
        help="check every game again, even one unchanged since an earlier check "
        "(whose verdict is otherwise reused)",
    )
    check.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="how diagnostics are printed (default: text)",
    )
    check.add_argument(
        "--sim",
        type=int,
        default=0,
        metavar="N",
        help="also play N seeded games per player count, invariants on",
    )
    check.add_argument(
        "--target",
        metavar="T",
        help="also check every printed text and icon against the safe zone of export "
        "target T (tgc, mpc, dtc; several joined by commas, or all)",
    )

    listing = sub.add_parser(
        "list",
        help="print every card, character, Goal, Departure and "
        "ruling of one game with its printed text",
    )
    listing.add_argument("game", metavar="GAME", help="a game folder under the content folder")
    listing.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder (default: ./content)",
    )

    vocab = sub.add_parser("vocab", help="print the effect vocabulary reference (Markdown)")
    vocab.add_argument(
        "--schema", action="store_true", help="print the generated JSON Schema of effects instead"
    )

    build = sub.add_parser("build", help="check, then write the print-and-play PDFs")
    _kit_arguments(build, "OUT/<game>/")
    build.add_argument(
        "--paper", choices=("a4", "letter", "all"), default="all", help="paper size (default: all)"
    )
    build.add_argument(
        "--ink-saver",
        action="store_true",
        help="white backgrounds, no full-bleed fills (files end -ink-saver)",
    )
    build.add_argument(
        "--png", action="store_true", help="also one 300 dpi PNG per card face, with bleed"
    )
    build.add_argument(
        "--html",
        action="store_true",
        help="also the proof site: every card, board and rule as web pages, in OUT/<game>/site/",
    )
    build.add_argument(
        "--flip",
        choices=("long", "short"),
        default="long",
        help="the edge your printer turns the sheet on for duplex (default long)",
    )
    build.add_argument(
        "--back-offset",
        default="0,0",
        metavar="X,Y",
        help="move backs by X,Y mm to correct a printer's duplex offset",
    )
    build.add_argument("--strict", action="store_true", help="warnings stop the build too")
    build.add_argument(
        "--target",
        metavar="T",
        help="also write the release files of export target T (tts, tgc, mpc, dtc; "
        "several joined by commas, or all) under OUT/<game>/export/T/",
    )
    build.add_argument("--base-url", metavar="URL", help=BASE_URL_HELP)

    export = sub.add_parser(
        "export",
        help="check, then write release files: a Tabletop Simulator mod or print-on-demand "
        "files for The Game Crafter, MakePlayingCards or DriveThruCards",
    )
    _kit_arguments(export, "OUT/<game>/export/<target>/")
    export.add_argument(
        "--target",
        required=True,
        metavar="T",
        help="tts, tgc, mpc, dtc, several joined by commas, or all",
    )
    export.add_argument("--base-url", metavar="URL", help=BASE_URL_HELP)
    export.add_argument("--strict", action="store_true", help="warnings stop the export too")

    serve = sub.add_parser(
        "serve",
        help="serve the proof site on localhost, made again on every save, the page reloading",
    )
    _game_arguments(serve)
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only)",
    )

    sim = sub.add_parser(
        "sim",
        help="play seeded simulated games with every invariant on; "
        "print a summary, write JSON and a PDF report",
    )
    sim.add_argument("game", metavar="GAME", help="a game folder under the content folder")
    sim.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder (default: ./content)",
    )
    sim.add_argument(
        "--games",
        type=int,
        default=1000,
        metavar="N",
        help="how many games in all, the player counts in turn (default 1000)",
    )
    sim.add_argument(
        "--players",
        metavar="P,P,...",
        help="player counts, e.g. 5,6,7 (default: every count the game has)",
    )
    sim.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="the run's seed; game i is replayable on its own (default 0)",
    )
    sim.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="play with a variant (repeat, or V,V), e.g. gunman",
    )
    _executor_arguments(sim)
    sim.add_argument("--json", type=Path, metavar="FILE", help="write the statistics as JSON")
    sim.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="write the report: a PDF, or a web page when FILE ends .html",
    )

    sweep = sub.add_parser(
        "sweep",
        help="vary numbers of a game, check each variant and play the same games with each; "
        "rank the variants by balance",
    )
    sweep.add_argument("game", metavar="GAME", help="a game folder under the content folder")
    sweep.add_argument(
        "--vary",
        action="append",
        required=True,
        metavar="PATH=VALUES",
        help="a number and its values: departures.private-jet.price=6..10, cards.leak.count=1,2,3, "
        "rules.heat.limit.with_immunity=4..6, 0.25..0.75:0.25 (repeat for a grid)",
    )
    sweep.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder (default: ./content)",
    )
    sweep.add_argument(
        "--games", type=int, default=400, metavar="N", help="games per variant (default 400)"
    )
    sweep.add_argument(
        "--players", metavar="P,P,...", help="player counts (default: every count the game has)"
    )
    sweep.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    sweep.add_argument(
        "--allow",
        action="append",
        default=[],
        metavar="CODE",
        help="play a variant despite errors of this code (repeat), e.g. E712 where a fact "
        "quoting the rulebook pins the number varied",
    )
    _executor_arguments(sweep)
    sweep.add_argument("--json", type=Path, metavar="FILE", help="write every variant's figures")
    sweep.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="write the report: a PDF, or a web page when FILE ends .html",
    )

    replay = sub.add_parser("replay", help="print one seeded game as a readable trace")
    replay.add_argument("game", metavar="GAME", help="a game folder under the content folder")
    replay.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder (default: ./content)",
    )
    replay.add_argument(
        "--seed",
        type=int,
        required=True,
        metavar="S",
        help="the game's seed (as `pnp sim` prints it)",
    )
    replay.add_argument("--players", type=int, required=True, metavar="P", help="the player count")
    replay.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="play with a variant (repeat, or V,V)",
    )

    diff = sub.add_parser(
        "diff",
        help="what changed between two versions of the content: "
        "in words, pictures (--pdf) and play (--sim)",
    )
    diff.add_argument(
        "words",
        nargs="*",
        metavar="[A] [B] [GAME]",
        help="versions, then games: a version is a folder if one exists at that "
        "path, else a git revision; a game is a game folder's name "
        "(default: HEAD against the working tree, every game)",
    )
    diff.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder, and the repository it is in (default: ./content)",
    )
    diff.add_argument(
        "--format",
        choices=("text", "md", "json"),
        default="text",
        help="text for the terminal, md for release notes, json for tools",
    )
    diff.add_argument(
        "--pdf",
        type=Path,
        metavar="FILE",
        help="write one page per changed printed face: old beside new",
    )
    diff.add_argument(
        "--html",
        type=Path,
        metavar="FILE",
        help="write a web page of the changed printed faces: old beside new, words marked",
    )
    diff.add_argument(
        "--sim",
        type=int,
        default=0,
        metavar="N",
        help="play N seeded games on each version and report the win rates that moved",
    )
    diff.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="the seed of both versions' games (default 0)",
    )
    diff.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="worker processes for --sim (default 1)"
    )

    sub.add_parser("codes", help="print the table of diagnostic codes (Markdown)")
    new = sub.add_parser("new", help="start a content-only game that checks and builds at once")
    new.add_argument("name", metavar="NAME", help="the game's id: lowercase, digits, hyphens")
    new.add_argument(
        "--content", type=Path, default=Path("content"), help="where to make it (default ./content)"
    )
    return parser


def _new(args: argparse.Namespace) -> int:
    """`pnp new NAME`: write the starter game and say what to type next."""
    from pnp.scaffold import NewError, new_game

    try:
        folder = new_game(args.content, args.name)
    except NewError as exc:
        raise UsageError(str(exc)) from None
    where = "" if args.content == Path("content") else f" --content {args.content}"
    print(f"made {display_path(folder)}: a deck of cards, their fields and a rulebook")
    print(f"next: pnp check{where} {args.name}   then: pnp build{where} {args.name}")
    return EXIT_OK


def _games(content: Path, wanted: Sequence[str]) -> list[str]:
    if not content.is_dir():
        raise UsageError(f"no content folder at '{content}' (use --content DIR)")
    if not os.access(content, os.R_OK | os.X_OK):
        raise UsageError(f"cannot read the content folder '{content}': permission denied")
    if is_game_folder(content):
        parent = display_path(content.resolve().parent) or "."
        raise UsageError(
            f"'{content}' is a game folder, not a content folder of games (use "
            f"--content {parent} {content.resolve().name})"
        )
    available = find_games(content)
    if not wanted:
        if not available:
            raise UsageError(f"no games in '{content}': a game is a folder of YAML files")
        return available
    for name in wanted:
        if name not in available:
            hint = did_you_mean(name, available) or f"games: {', '.join(available) or 'none'}"
            raise UsageError(f"unknown game '{name}' ({hint})")
    return list(dict.fromkeys(wanted))


def _check(args: argparse.Namespace) -> int:
    if args.sim < 0:
        raise UsageError(f"--sim must be 0 or more, not {args.sim}")
    from pnp import pipeline
    from pnp.verdicts import checked

    games = _games(args.content, args.games)
    chosen = _targets(args.target)
    # A simulation needs the models: it, like --fresh, reuses no earlier verdict.
    fresh = args.fresh or args.sim > 0
    if fresh:
        result = pipeline.check(args.content, games)
    elif chosen:  # the safe zones are checked on the models' faces
        from pnp.verdicts import checked_models

        result = checked_models(args.content, games)
    else:
        result = checked(args.content, games)
    if chosen:
        _safe_zones(result, chosen)
    notes: list[str] = []
    if args.sim > 0:
        notes = pipeline.simulate(result, args.sim, jobs=min(2, os.cpu_count() or 1))
    if args.format == "json":
        sys.stdout.write(render_json(result.diagnostics))
    else:
        sys.stdout.write("".join(f"{line}\n" for line in notes))
        sys.stdout.write(render_text(result.diagnostics, result.files, len(result.explained)))
    errors, warnings = counts(result.diagnostics)
    return EXIT_CONTENT if errors or (args.strict and warnings) else EXIT_OK


def _safe_zones(result: CheckResult, chosen: Sequence[str]) -> None:
    """Add each target's safe-zone errors for every game that checked without errors (a
    face that cannot be drawn is already reported)."""
    from pnp.checks import safe_zone
    from pnp.diagnostics import Diagnostic

    found: list[Diagnostic] = []
    for game_id, game in result.games.items():
        if game_id not in result.failed:
            found += safe_zone.check_targets(game, chosen)
    new = set(found) - set(result.diagnostics)
    result.diagnostics.extend(sorted(new, key=Diagnostic.sort_key))


def _list(args: argparse.Namespace) -> int:
    """One game as printed; content errors are printed as `check` prints them instead."""
    from pnp.verdicts import checked_models

    (game_id,) = _games(args.content, [args.game])
    result = checked_models(args.content, [game_id])
    errors, warnings = counts(result.diagnostics)
    if errors:
        sys.stdout.write(render_text(result.diagnostics, result.files, len(result.explained)))
        return EXIT_CONTENT
    if warnings:  # stdout stays the listing alone, so that it can be diffed
        sys.stderr.write(render_text(result.diagnostics, result.files))
    from pnp.listing import render_listing

    sys.stdout.write(render_listing(result.games[game_id]))
    return EXIT_OK


MAX_BACK_OFFSET_MM = 20.0  # a duplex printer is off by a few mm; more is a typo


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset takes X,Y in millimetres, not {text!r}") from None
    for v in (x, y):
        if not math.isfinite(v) or abs(v) > MAX_BACK_OFFSET_MM:
            raise UsageError(
                f"--back-offset takes X,Y in millimetres between "
                f"-{MAX_BACK_OFFSET_MM:g} and {MAX_BACK_OFFSET_MM:g}, not {text!r}"
            )
    return x, y


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    """The games and --content of a command about some games of a content folder."""
    parser.add_argument(
        "games",
        nargs="*",
        metavar="GAME",
        help="game folders under the content folder (default: every game)",
    )
    parser.add_argument(
        "--content",
        type=Path,
        default=Path("content"),
        help="the content folder (default: ./content)",
    )


def _executor_arguments(parser: argparse.ArgumentParser) -> None:
    """--jobs, --executor and --scheduler: where the games are played."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help="worker processes; results do not depend on it (default 1)",
    )
    parser.add_argument(
        "--executor",
        choices=("local", "dask"),
        default="local",
        help="where the games are played: local processes (default) or a Dask cluster; "
        "the results are the same",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --executor dask: the scheduler (tcp://host:8786); default: a local cluster "
        "of one worker per core",
    )


def _kit_arguments(parser: argparse.ArgumentParser, where: str) -> None:
    """The games, --content and --out of a command that writes kits (`where`: its files)."""
    _game_arguments(parser)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("build"),
        help=f"where to write: {where} (default: ./build)",
    )


BASE_URL_HELP = (
    "for tts: where you will host the export's files (its images' URLs are URL/images/...; "
    "default: file:/// paths of the written files)"
)


def _targets(value: str | None) -> tuple[str, ...]:
    """The export targets named by --target (none when it is not given)."""
    if value is None:
        return ()
    from pnp.export.run import TargetError, targets

    try:
        chosen = targets(value)
    except TargetError as exc:
        raise UsageError(str(exc)) from None
    if not chosen:
        raise UsageError("--target needs a target: tts, tgc, mpc, dtc or all")
    return chosen


def _base_url(value: str | None) -> str | None:
    if value is None:
        return None
    if not re.match(r"^(https?|file)://\S+$", value):
        raise UsageError(f"--base-url takes an http://, https:// or file:// URL, not {value!r}")
    return value.rstrip("/")


def _jobs(jobs: int) -> int:
    """Worker processes: at least 1, at most one per CPU (more only adds overhead)."""
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    return min(jobs, os.cpu_count() or 1)


def _build(args: argparse.Namespace) -> int:
    """Check; on errors write nothing; else render everything in memory, then write it."""
    from pnp import products
    from pnp.render import build, geometry, kit

    games = _games(args.content, args.games)
    out = _out(args)
    chosen = _targets(args.target)
    base_url = _base_url(args.base_url)
    opts = build.Options(
        papers=build.PAPERS if args.paper == "all" else (args.paper,),
        ink_saver=args.ink_saver,
        png=args.png,
        html=args.html,
        flip=args.flip,
        back_offset_mm=_offset(args.back_offset),
    )
    from pnp.verdicts import checked_models

    result = checked_models(args.content, games)
    errors, warnings = counts(result.diagnostics)
    if errors or (args.strict and warnings):
        sys.stdout.write(render_text(result.diagnostics, result.files, len(result.explained)))
        print("pnp: nothing was written", file=sys.stderr)
        return EXIT_CONTENT
    try:
        rendered = {
            g: products.build_game(result.games[g], geometry.of(result.games[g]), opts)
            for g in games
        }
        if chosen:
            from pnp.export import run as export_run

            for g in games:
                game = result.games[g]
                rendered[g] += export_run.outputs(
                    game, geometry.of(game), chosen, out / g, base_url
                )
    except build.RenderError as exc:
        sys.stdout.write(render_text(exc.diagnostics, result.files))
        print(f"pnp: {exc.what} could not be rendered; nothing was written", file=sys.stderr)
        return EXIT_CONTENT
    for game_id, outputs in rendered.items():
        try:
            manifest = build.write_game(result.games[game_id], outputs, out / game_id)
        except kit.WriteError as exc:
            raise UsageError(f"{exc} (the previous kit is as it was)") from None
        for f in manifest["files"]:
            pages = f" ({f['pages']} pages)" if "pages" in f else ""
            if not f["path"].startswith(("png/", "export/", "site/")):
                print(f"wrote {display_path(out / game_id / f['path'])}{pages}")
        pngs = sum(1 for f in manifest["files"] if f["path"].startswith("png/"))
        if pngs:
            print(f"wrote {pngs} PNG files under {display_path(out / game_id / 'png')}")
        site = [f for f in manifest["files"] if f["path"].startswith("site/")]
        if site:
            index = display_path(out / game_id / "site" / "index.html")
            print(f"wrote the proof site ({len(site)} files): {index}")
        _print_exports(manifest, out / game_id, chosen)
    return EXIT_OK


def _out(args: argparse.Namespace) -> Path:
    """The --out folder, resolved; never inside the content folder."""
    out: Path = args.out.resolve()
    content = args.content.resolve()
    if out == content or content in out.parents:
        raise UsageError(f"--out {args.out} is inside the content folder; pnp never writes there")
    return out


def _print_exports(manifest: dict[str, Any], folder: Path, chosen: Sequence[str]) -> None:
    """One line per export target: how many files, and where."""
    for target in chosen:
        prefix = f"export/{target}/"
        files = [f for f in manifest["files"] if f["path"].startswith(prefix)]
        size = sum(int(f["bytes"]) for f in files) / 1e6
        print(
            f"wrote {len(files)} files ({size:.1f} MB) for {target} under "
            f"{display_path(folder / 'export' / target)}"
        )


def _serve(args: argparse.Namespace) -> int:
    """Serve the proof site until interrupted."""
    from pnp.site.serve import serve

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port takes 0 to 65535, not {args.port}")
    games = _games(args.content, args.games)
    try:
        return serve(args.content, games, args.host, args.port)
    except OSError as exc:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None


def _export(args: argparse.Namespace) -> int:
    """Check; on errors write nothing; else add the chosen targets' files to each game's
    kit (its other files kept as they are), written whole like a build."""
    from pnp.export import run as export_run
    from pnp.render import build, geometry, kit
    from pnp.verdicts import checked_models

    chosen = _targets(args.target)
    base_url = _base_url(args.base_url)
    games = _games(args.content, args.games)
    out = _out(args)
    result = checked_models(args.content, games)
    errors, warnings = counts(result.diagnostics)
    if errors or (args.strict and warnings):
        sys.stdout.write(render_text(result.diagnostics, result.files, len(result.explained)))
        print("pnp: nothing was written", file=sys.stderr)
        return EXIT_CONTENT
    try:
        rendered = {
            g: export_run.outputs(
                result.games[g], geometry.of(result.games[g]), chosen, out / g, base_url
            )
            for g in games
        }
    except build.RenderError as exc:
        sys.stdout.write(render_text(exc.diagnostics, result.files))
        print(f"pnp: {exc.what} could not be rendered; nothing was written", file=sys.stderr)
        return EXIT_CONTENT
    for game_id, outputs in rendered.items():
        folder = out / game_id
        try:
            kept = build.kept_files(folder, export_run.folders(chosen))
            manifest = build.write_game(result.games[game_id], [*kept, *outputs], folder)
        except kit.WriteError as exc:
            raise UsageError(f"{exc} (the previous kit is as it was)") from None
        _print_exports(manifest, folder, chosen)
    return EXIT_OK


def _model(content: Path, game: str) -> tuple[Game | None, int]:
    """The typed model of one game for the rules model; on content errors, print them."""
    from pnp.content.project import load_game

    (game_id,) = _games(content, [game])
    loaded = load_game(content, game_id)
    errors, _ = counts(loaded.diagnostics)
    if errors:
        sys.stdout.write(render_text(loaded.diagnostics, len(loaded.files)))
        return None, EXIT_CONTENT
    return loaded.game, EXIT_OK


def _variants(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(v.strip() for value in values for v in value.split(",") if v.strip())


def _outside(path: Path, content: Path, option: str) -> Path:
    """`path`, unless it is inside the content folder (pnp never writes there)."""
    resolved, folder = path.resolve(), content.resolve()
    if resolved == folder or folder in resolved.parents:
        raise UsageError(f"{option} {path} is inside the content folder; pnp never writes there")
    return path


def _progress(done: int, total: int) -> None:
    """A plain-text progress bar on a terminal."""
    filled = 30 * done // total
    sys.stdout.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
    if done == total:
        sys.stdout.write("\r" + " " * 60 + "\r")
    sys.stdout.flush()


@contextlib.contextmanager
def _executor(args: argparse.Namespace, jobs: int) -> Iterator[Any]:
    """The executor --executor and --scheduler ask for (None: this process plays)."""
    from pnp.executors import ExecutorError, executor

    try:
        made = executor(args.executor, jobs, args.scheduler)
    except ExecutorError as exc:
        raise UsageError(str(exc)) from None
    if made is None:
        yield None
        return
    try:
        with made as found:
            yield found
    except ExecutorError as exc:
        raise UsageError(str(exc)) from None


def _sweep(args: argparse.Namespace) -> int:
    """Check and play every variant; the table, JSON and a report. 1 when no variant could
    be played."""
    from pnp import simulate, sweep

    (game_id,) = _games(args.content, [args.game])
    players = _players(args.players)
    jobs = _jobs(args.jobs)
    for path, option in ((args.json, "--json"), (args.report, "--report")):
        if path is not None:
            _outside(path, args.content, option)
    try:
        spots = sweep.numbers(args.content, game_id)
        varies = [sweep.parse_vary(text, spots) for text in args.vary]
        total = len(sweep.grid(varies)) * args.games
    except sweep.SweepError as exc:
        raise UsageError(str(exc)) from None
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    model, status = _model(args.content, game_id)  # the game as it is: its rules model?
    if model is None:
        return status
    try:
        simulate.simulation_for(model)
    except simulate.SimError as exc:
        raise UsageError(str(exc)) from None
    bar = _bar(total, "games")
    with _executor(args, jobs) as executor:

        def play(p: Any) -> Any:
            return simulate.run(p, jobs, None, executor)

        try:
            found = sweep.run(
                args.content,
                game_id,
                varies,
                args.games,
                players,
                args.seed,
                play,
                bar.update,
                [c.strip().upper() for a in args.allow for c in a.split(",") if c.strip()],
            )
        except simulate.SimError as exc:
            raise UsageError(str(exc)) from None
        finally:
            bar.close()
    sys.stdout.write(sweep.table(found))
    from pnp.render import pdf

    if args.json:
        text = json.dumps(sweep.as_json(found), indent=2, ensure_ascii=False) + "\n"
        pdf.write_atomic(args.json, text.encode("utf-8"))
        print(f"wrote {display_path(args.json)}")
    if args.report:
        from pnp.site import sweep_report

        if args.report.suffix.lower() in (".html", ".htm"):
            pdf.write_atomic(args.report, sweep_report.html(found).encode("utf-8"))
            print(f"wrote {display_path(args.report)}")
        else:
            data, pages = sweep_report.pdf_file(found)
            pdf.write_atomic(args.report, data)
            print(f"wrote {display_path(args.report)} ({pages} pages)")
    played = [v for v in found.variants if v.summary is not None]
    return EXIT_OK if played else EXIT_CONTENT


def _players(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise UsageError(f"--players takes counts like 5,6,7, not {text!r}") from None


def _bar(total: int, unit: str) -> Any:
    """A progress bar (games done, games a second, the time left) on a terminal; a silent
    one elsewhere."""
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, disable=not sys.stderr.isatty(), smoothing=0.1, leave=False)


def _sim(args: argparse.Namespace) -> int:
    """Seeded games, a summary table, JSON and a PDF report; 1 when an invariant broke."""
    from pnp import simulate

    players = _players(args.players)
    jobs = _jobs(args.jobs)
    for path, option in ((args.json, "--json"), (args.report, "--report")):
        if path is not None:
            _outside(path, args.content, option)
    model, status = _model(args.content, args.game)
    if model is None:
        return status
    try:
        plan = simulate.plan(model, args.games, players, args.seed, _variants(args.variant))
    except simulate.SimError as exc:
        raise UsageError(str(exc)) from None
    with _executor(args, jobs) as executor:
        run = simulate.run(plan, jobs, _progress if sys.stdout.isatty() else None, executor)
    summary = simulate.summarise(run)
    sys.stdout.write(simulate.summary_text(summary))
    if args.json or args.report:
        from pnp.render import pdf
    if args.json:
        text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
        pdf.write_atomic(args.json, text.encode("utf-8"))
        print(f"wrote {display_path(args.json)}")
    if args.report:
        from pnp.render import report

        title = f"{summary['title']} {summary['version']}: simulation report"
        facts = [
            ("games", str(summary["games"])),
            ("player counts", ", ".join(map(str, summary["players"]))),
            ("variants", ", ".join(summary["variants"]) or "none"),
            (
                "seed",
                f"{summary['seed']} (replay one game: pnp replay {summary['game']} "
                "--seed SEED --players P)",
            ),
        ]
        not_modelled = simulate.simulation_for(model).not_modelled
        sections = simulate.report_sections(model, summary)
        if args.report.suffix.lower() in (".html", ".htm"):  # a web page, charts as SVG
            from pnp.site import report as html_report

            page = html_report.render(title, facts, not_modelled, sections)
            pdf.write_atomic(args.report, page.encode("utf-8"))
            print(f"wrote {display_path(args.report)}")
        else:
            data, pages = report.render(title, facts, not_modelled, sections)
            pdf.write_atomic(args.report, data)
            print(f"wrote {display_path(args.report)} ({pages} pages)")
    broken = [g for g in run.results if g.violation is not None]
    for g in broken:
        v = g.violation
        assert v is not None
        variants = "".join(f" --variant {x}" for x in plan.setting(g.index).variants)
        print(
            f"pnp: invariant broken in game {g.index}, seed {v.seed}, step {v.step}: "
            f"{v.invariant}: {v.detail} (pnp replay {model.id} --seed {v.seed} "
            f"--players {g.players}{variants})",
            file=sys.stderr,
        )
    return EXIT_CONTENT if broken else EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    """One seeded game as a readable trace."""
    from pnp import simulate
    from pnp.rules.engine import Setting

    model, status = _model(args.content, args.game)
    if model is None:
        return status
    try:
        sim = simulate.simulation_for(model)
        setting = Setting(args.players, _variants(args.variant))
        problem = sim.problem(model, setting)
    except simulate.SimError as exc:
        raise UsageError(str(exc)) from None
    if problem:
        raise UsageError(problem)
    title = model.info.title if model.info else model.id
    print(
        f"{title}: seed {args.seed}, {args.players} players"
        + (f", variants {', '.join(setting.variants)}" if setting.variants else "")
    )
    lines = sim.trace(model, setting, args.seed)
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_CONTENT if any(line.startswith("INVARIANT BROKEN") for line in lines) else EXIT_OK


def _diff(args: argparse.Namespace) -> int:
    """Compare two versions; 1 when either has content errors (printed as `check` does)."""
    from pnp.diff import output, pages, review, versions
    from pnp.render import pdf

    if args.sim < 0:
        raise UsageError(f"--sim must be 0 or more, not {args.sim}")
    args.jobs = _jobs(args.jobs)
    for path, option in ((args.pdf, "--pdf"), (args.html, "--html")):
        if path is not None:
            _outside(path, args.content, option)
            if path.is_dir():
                raise UsageError(f"{option} {path} is a folder; give a file name")
    try:
        with versions.open_versions(args.content, args.words) as request:
            for side in (request.old, request.new):
                for path, option in ((args.pdf, "--pdf"), (args.html, "--html")):
                    if path is not None and side.kind != "revision":
                        _outside(path, side.content, option)
            found = review.review(request, args.sim, args.seed, args.jobs)
            if found.problems:
                if args.format == "json":
                    sys.stdout.write(
                        render_json([d for p in found.problems for d in p.diagnostics])
                    )
                for p in found.problems:
                    if args.format != "json":
                        sys.stdout.write(render_text(p.diagnostics, p.files, p.explained))
                    print(
                        f"pnp: {p.version.describe()} has content errors; nothing was "
                        "compared or written",
                        file=sys.stderr,
                    )
                return EXIT_CONTENT
            text = output.render(found, args.format)  # everything in memory, then out
            drawn = pages.render(found) if args.pdf is not None else None
            page = None
            if args.html is not None:  # drawn while the versions' files are open
                from pnp.site import diff_page

                page = diff_page.render(found)
            sys.stdout.write(text)
            if drawn is not None:
                pdf.write_atomic(args.pdf, drawn[0])
                print(f"wrote {display_path(args.pdf)} ({drawn[1]} pages)", file=sys.stderr)
            if page is not None:
                pdf.write_atomic(args.html, page.encode("utf-8"))
                print(f"wrote {display_path(args.html)}", file=sys.stderr)
    except versions.VersionError as exc:
        raise UsageError(str(exc)) from None
    return EXIT_OK


def _vocab(args: argparse.Namespace) -> int:
    from pnp.content.vocab import effects_schema_text, reference_markdown

    sys.stdout.write(effects_schema_text() if args.schema else reference_markdown())
    return EXIT_OK


def codes_table() -> str:
    """The Markdown table of every diagnostic code, as the README prints it."""
    rows = ["| code | severity | meaning |", "|---|---|---|"]
    rows += [f"| {c.code} | {c.severity} | {c.meaning} |" for c in CODES.values()]
    return "\n".join(rows) + "\n"


class _Terminated(Exception):
    """SIGTERM, raised where the process is, so that half-written output is cleaned up."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return _command(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


GC_THRESHOLDS = (200_000, 30, 30)  # new objects between collections; younger ones between older


def run() -> int:
    """`main` as a process of its own runs it: the `pnp` script and `python -m pnp`.

    A command makes many objects and lets go of nearly all of them as it goes; those that
    refer to each other in a cycle are few. So the collector of cycles looks for them after
    every 200,000 new objects rather than Python's 700 (a check made 262 collections, 12%
    of its time; it now makes none, and a full kit's peak memory grows by 8%).

    When the command is done the process ends, and everything it made goes with it. Python
    would first look through every object it still holds for cycles, 0.3 s after a full kit
    (9% of the build) for nothing; frozen, they are left to the system. Files are closed
    where they are written, and exit handlers still run."""
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        return main()
    finally:
        gc.freeze()


def _command(args: argparse.Namespace) -> int:
    """Run one command; every failure becomes a message and an exit status."""
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "list":
            return _list(args)
        if args.command == "vocab":
            return _vocab(args)
        if args.command == "build":
            return _build(args)
        if args.command == "export":
            return _export(args)
        if args.command == "serve":
            return _serve(args)
        if args.command == "sweep":
            return _sweep(args)
        if args.command == "sim":
            return _sim(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "diff":
            return _diff(args)
        if args.command == "new":
            return _new(args)
        sys.stdout.write(codes_table())  # the only other command: codes
        return EXIT_OK
    except UsageError as exc:
        print(f"pnp: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `pnp ... | head`: the reader has gone; nothing is wrong
        return EXIT_OK
    except RulesetError as exc:  # an installed ruleset plugin that is broken: name it
        print(f"pnp: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (KeyboardInterrupt, _Terminated):
        print("pnp: interrupted; nothing half-written was left behind", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # the file system said no: name the path and the cause
        where = f"{display_path(Path(exc.filename))}: " if exc.filename else ""
        print(f"pnp: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:  # an internal failure is a bug: say so briefly, exit 2
        if args.debug:
            traceback.print_exc()
        print(
            f"pnp: internal error: {type(exc).__name__}: {exc} "
            "(this is a bug in pnp; --debug shows the traceback)",
            file=sys.stderr,
        )
        return EXIT_USAGE
