"""What `pnp check` found in a game, kept from one run to the next, as a compiler keeps its
objects: a game whose files and whose checker are the same as in an earlier run gets that
run's verdict again without being loaded, modelled or cross-checked.

An entry in the cache folder (`pnp.content.cache_folder`, store `verdicts`) is found by a
key made of everything else that decides the verdict:

- pnp's code: every file of the `pnp` package and of every ruleset plugin's package, the
  names and versions of every installed distribution (the libraries that do the work, the
  fonts it measures with), pnp's version and the Python that runs it (`code_digest`);
- where the game is: the content folder, the game's name and the working folder (which
  every diagnostic's path is relative to).

The entry records what the check read: the game folder's listing, and the digest of every
file read (or why it was refused). It is used only when the folder still gives the same
listing and the same bytes (`snapshot.unchanged`): a file edited, added, removed or renamed,
a picture changed, a link retargeted, each makes the game be checked again. What is kept is
the verdict only (diagnostics, the count of files, what the rulings explain).

`pnp build` (and `list`, `export`, `serve`) needs the model, so it loads each game; it
then reuses a verdict kept for the very files the game's snapshot holds instead of
cross-checking the game again (`checked_models`): every file the earlier check read is read
into the snapshot and compared, so the files the kit is rendered from are those the verdict
was about. `diff` and `check --sim` check afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from pnp import entry_points
from pnp.content import cache_folder
from pnp.content.snapshot import Manifest, holds, unchanged
from pnp.diagnostics import Diagnostic
from pnp.pipeline import CheckResult, Layouts, Part, combine
from pnp.rulesets import GROUP

STORE = "verdicts"
LIMIT = 64  # games (one entry per game folder, working folder and version of pnp)
MAX_BYTES = 16 << 20


def checked(content: Path, game_ids: Sequence[str]) -> CheckResult:
    """`pipeline.check` without the models: each game's verdict comes from the cache
    folder when an earlier run checked the very same files with the very same pnp, and
    from a check otherwise (which is then kept)."""
    return _checked(content, game_ids, models=False)


def checked_models(content: Path, game_ids: Sequence[str]) -> CheckResult:
    """`pipeline.check`, models and all, for a command that uses them (`pnp build`): each
    game is loaded, and cross-checked unless a verdict kept for the very files its snapshot
    holds (every file the earlier check read is read into the snapshot and compared, so
    what is built is what that verdict was about) says what the cross-checks would."""
    return _checked(content, game_ids, models=True)


def _checked(content: Path, game_ids: Sequence[str], models: bool) -> CheckResult:
    from pnp import pipeline

    cache_folder.avoid(content)  # a cache folder in the content is turned off
    store = cache_folder.store(STORE, LIMIT, MAX_BYTES)
    where = str(content.absolute())
    here = os.getcwd()
    layouts: Layouts | None = None
    parts: list[tuple[str, Part]] = []
    for game_id in game_ids:
        key = cache_folder.digest(code_digest(), where, here, game_id)
        entry = store.get(key) if cache_folder.folder() is not None else None
        kept = _load(entry) if entry is not None else None
        if models:
            from pnp.content.project import load_game

            loaded = load_game(content, game_id)
            snap = loaded.game.files
            if kept is not None and snap is not None and holds(snap, kept[0]):
                layouts = layouts or kept[1]
                parts.append((game_id, replace(kept[2], game=loaded.game)))
                continue
            layouts = _layouts()
            part = pipeline.check_loaded(loaded)
        else:
            if kept is not None and unchanged(content, game_id, kept[0]):
                layouts = layouts or kept[1]
                parts.append((game_id, kept[2]))
                continue
            layouts = _layouts()
            part = pipeline.check_game(content, game_id)
        snap = part.game.files if part.game is not None else None
        if snap is not None:
            store.put(key, _dump(layouts, part, snap.manifest()))
        parts.append((game_id, part))
    return combine(layouts or _layouts(), parts)


def _layouts() -> Layouts:
    """The layouts' part of a check (loading the layouts: a check that reuses every
    verdict does not)."""
    from pnp import pipeline
    from pnp.render import geometry

    return pipeline.layouts(geometry.default())


# ---- entries ---------------------------------------------------------------------------------


def _diagnostics(ds: Sequence[Diagnostic]) -> list[list[object]]:
    return [[d.file, d.line, d.col, d.code, d.message, d.hint] for d in ds]


def _dump(layouts: Layouts, part: Part, manifest: Manifest) -> bytes:
    return json.dumps(
        {
            "manifest": manifest.as_json(),
            "layouts": [layouts.files, _diagnostics(layouts.diagnostics)],
            "reading": _diagnostics(part.reading),
            "checking": _diagnostics(part.checking),
            "explained": _diagnostics(part.explained),
            "failed": part.failed,
            "files": part.files,
            "consumers": sorted(part.consumers),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()


def _undiagnose(rows: object) -> list[Diagnostic]:
    out = []
    for file, line, col, code, message, hint in rows:  # type: ignore[attr-defined]
        d = Diagnostic(file, line, col, code, message, hint)
        if not all(isinstance(x, str) for x in (file, code, message, hint)) or not all(
            isinstance(x, int) for x in (line, col)
        ):
            raise ValueError("not a diagnostic")
        out.append(d)
    return out


def _load(entry: bytes) -> tuple[Manifest, Layouts, Part] | None:
    """What an entry keeps: the manifest of what its check read, the layouts' part and the
    game's part (None for anything else)."""
    try:
        data = json.loads(entry)
        manifest = Manifest.from_json(data["manifest"])
        if manifest is None:
            return None
        files, layout_diagnostics = data["layouts"]
        layouts = Layouts(int(files), tuple(_undiagnose(layout_diagnostics)))
        part = Part(
            reading=_undiagnose(data["reading"]),
            checking=_undiagnose(data["checking"]),
            explained=_undiagnose(data["explained"]),
            failed=bool(data["failed"]),
            files=int(data["files"]),
            consumers=frozenset(str(f) for f in data["consumers"]),
        )
    except (KeyError, TypeError, ValueError):
        return None
    return manifest, layouts, part


# ---- the checker's code ------------------------------------------------------------------------


@cache
def code_digest() -> str:
    """A digest of everything in the checker that decides a verdict: see the module's
    docstring."""
    import pnp

    h = hashlib.sha256()
    for part in (pnp.__version__, sys.version, sys.implementation.cache_tag):
        h.update(f"{part}\0".encode())
    roots = {Path(pnp.__file__).resolve().parent}
    for point in entry_points.group(GROUP):
        root = _top_level(point.module.split(".", 1)[0])
        if root is not None:
            roots.add(root)
    for dist in sorted(d.name for d in entry_points.distributions()):
        h.update(f"d\0{dist}\0".encode("utf-8", "surrogateescape"))
    for root in sorted(roots):
        h.update(f"r\0{root}\0".encode("utf-8", "surrogateescape"))
        for rel, path in _code_files(root):
            h.update(f"f\0{rel}\0".encode("utf-8", "surrogateescape"))
            h.update(cache_folder.file_digest(path).encode())
    return h.hexdigest()


def _top_level(name: str) -> Path | None:
    """Where a top-level module or package is, without importing it."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve()
    return Path(spec.origin).resolve() if spec.origin else None


def _code_files(root: Path) -> list[tuple[str, Path]]:
    """Every file of a package (or the module file itself), bytecode left out."""
    if root.is_file():
        return [(root.name, root)]
    out: list[tuple[str, Path]] = []
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if not f.endswith((".pyc", ".pyo")):
                path = Path(top) / f
                out.append((path.relative_to(root).as_posix(), path))
    return out
