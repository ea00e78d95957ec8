"""Entry points, read from the installed distributions' own metadata files.

`importlib.metadata` finds the same ones, but loading it loads the email package and more
(a tenth of what `pnp check` imports); this reads the `entry_points.txt` of each
distribution on the import path, the first of each name winning, as it does.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

METADATA = (".dist-info", ".egg-info")


@dataclass(frozen=True, slots=True)
class Point:
    """One entry point: `name = module:attribute` in a group of a distribution."""

    name: str
    value: str  # "module:attribute"
    group: str

    @property
    def module(self) -> str:
        return self.value.split(":", 1)[0].strip()

    def load(self) -> Any:
        """The object the entry point names (importing its module)."""
        module, _, attribute = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            found = getattr(found, part)
        return found


def distributions() -> list[Path]:
    """The metadata folder of every distribution on the import path, the first of each
    name (as Python imports it)."""
    return list(_distributions(tuple(sys.path)))


@functools.cache
def _distributions(path: tuple[str, ...]) -> tuple[Path, ...]:
    """`distributions` for one import path (listed once: several caches ask for versions)."""
    seen_names: set[str] = set()
    seen_folders: set[str] = set()
    out: list[Path] = []
    for entry in path:
        folder = os.path.abspath(entry or ".")
        if folder in seen_folders or not os.path.isdir(folder):
            continue
        seen_folders.add(folder)
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if name.endswith(METADATA) and _named(name)[0] not in seen_names:
                seen_names.add(_named(name)[0])
                out.append(Path(folder) / name)
    return tuple(out)


def _named(folder: str) -> tuple[str, str]:
    """(normalised name, version or "") of a metadata folder: `Some_Thing-1.0.dist-info`."""
    name, _, found = folder.rsplit(".", 1)[0].partition("-")
    return _normal(name), found


def group(name: str) -> list[Point]:
    """Every entry point of the group `name`, in the installed distributions."""
    return [p for dist in distributions() for p in _read(dist, name)]


def _read(dist: Path, wanted: str) -> Iterator[Point]:
    try:
        text = (dist / "entry_points.txt").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == wanted and "=" in line:
            key, value = line.split("=", 1)
            yield Point(key.strip(), value.strip(), wanted)


def version(name: str) -> str:
    """The installed version of a distribution ("?" when it is not installed)."""
    wanted = _normal(name)
    for dist in distributions():
        dist_name, found = _named(dist.name)
        if dist_name != wanted:
            continue
        if found:
            return found
        for meta in ("METADATA", "PKG-INFO"):
            try:
                text = (dist / meta).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            for line in text.splitlines():
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
                if not line:
                    break
        return "?"
    return "?"


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()
