"""One game folder read once: every file pnp uses, as bytes with their digests.

`pnp check` checks this snapshot and `pnp build` renders from it, so what was checked is
what is built: nothing is read from disk again after the check, and a file edited during a
build cannot slip into the PDFs unchecked.

Content is untrusted input. A file is read only when it is a regular file inside the
content folder: a link that leads outside it (E110), a FIFO, socket or device (E111, never
opened, so a FIFO cannot hang the check) and a file past the size limit (E112) are reported
and skipped. YAML documents and the rulebook's Markdown are read when the snapshot is taken;
any other file (card art) the first time something asks for it, and kept.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, cast

from pnp.diagnostics import Diagnostic

YAML_SUFFIXES = (".yaml", ".yml")
RULEBOOK_SINGLE = "rulebook.md"
RULEBOOK_FOLDER = "rulebook"
MAX_BYTES = 64 * 1024 * 1024  # per file: far past any real card list, rulebook or art


def display_path(path: Path) -> str:
    """A path as diagnostics print it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MB"


@dataclass(frozen=True, slots=True)
class File:
    """One file as it was read: its path in the game folder (POSIX), bytes and sha256."""

    rel: str
    display: str
    data: bytes
    sha256: str


# Why a file was not read, and the code a file the game itself holds gets for it.
CODES = {
    "missing": "E102",
    "unreadable": "E102",
    "outside": "E110",
    "special": "E111",
    "large": "E112",
}


@dataclass(frozen=True, slots=True)
class Refused:
    """A file that was not read, and why (a diagnostic for whoever names it)."""

    kind: str  # a key of CODES
    reason: str
    hint: str

    @property
    def code(self) -> str:
        """The diagnostic code of a game file refused for this reason."""
        return CODES[self.kind]


def _is_inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


class _Places:
    """Where the files of one read lead, for a root (the content folder, resolved): each
    folder is resolved once, and a file that is not itself a link is its folder's place
    joined with its name (`os.path.realpath` would resolve every part of every path
    again: most of the cost of reading a game's many small pictures)."""

    def __init__(self, root: Path) -> None:
        self._root = str(root)
        self._prefix = self._root.rstrip(os.sep) + os.sep
        self._folders: dict[str, str] = {}

    def inside(self, real: str) -> bool:
        """Whether a resolved path is the root or inside it."""
        return real == self._root or real.startswith(self._prefix)

    def real(self, path: Path) -> tuple[str, bool]:
        """(where `path` leads, whether its last part is a link). A missing file leads to
        where it would be."""
        folder, name = os.path.split(path)
        if name in ("", ".", ".."):
            return os.path.realpath(path), False
        real_folder = self._folders.get(folder)
        if real_folder is None:
            real_folder = self._folders[folder] = os.path.realpath(folder)
        place = os.path.join(real_folder, name)
        if os.path.islink(place):
            return os.path.realpath(place), True
        return place, False


@dataclass(slots=True)
class Snapshot:
    """The files of one game folder, read once (see the module docstring)."""

    folder: Path  # the game folder as the command line named it
    root: Path  # the content folder, resolved: nothing outside it is read
    files: dict[str, File] = field(default_factory=dict)
    refused: dict[str, Refused] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # every file found, POSIX, sorted
    listing: str = ""  # a digest of the listing `take` found (see `Manifest`)
    _places: _Places | None = field(default=None, repr=False, compare=False)
    _base: str | None = field(default=None, repr=False, compare=False)  # the folder, shown
    _shown: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    _in_cwd: bool | None = field(default=None, repr=False, compare=False)  # see `_holds_cwd`

    def display(self, rel: str) -> str:
        """How diagnostics name a file of this game."""
        shown = self._shown.get(rel)
        if shown is None:
            parts = rel.split("/")
            base = self._base
            if base is None:
                base = self._base = display_path(self.folder)
            plain = not ("" in parts or "." in parts or ".." in parts or "\\" in rel)
            # shown as it was named: the folder is outside the working folder
            outside = base.startswith("..") or os.path.isabs(base)
            if plain and not (outside and self._holds_cwd()):
                # a file of the folder is shown as the folder (its name found once) and the
                # file's path in it, unless the working folder is inside the game folder
                shown = os.path.join(*parts) if base == "." else os.path.join(base, *parts)
            else:
                shown = display_path(self.folder / rel)
            self._shown[rel] = shown
        return shown

    def _holds_cwd(self) -> bool:
        """Whether the working folder is the game folder or inside it (found once)."""
        if self._in_cwd is None:
            folder, cwd = os.path.abspath(self.folder), os.getcwd()
            self._in_cwd = cwd == folder or cwd.startswith(folder.rstrip(os.sep) + os.sep)
        return self._in_cwd

    def yaml(self) -> list[File]:
        """Every YAML document read, in path order."""
        return [self.files[n] for n in self.names if n.endswith(YAML_SUFFIXES) and n in self.files]

    def rulebook(self) -> list[File]:
        """The rulebook's Markdown sources in reading order: `rulebook.md`, then the files
        of `rulebook/` in name order."""
        return [self.files[n] for n in _rulebook_names(self.names) if n in self.files]

    def read(self, rel: str) -> File | Refused:
        """A file of the game folder by its relative path (card art), read on first use and
        kept; a path that leads outside the content folder is refused like a link."""
        kept = self.files.get(rel)
        if kept is not None:
            return kept
        key = PurePosixPath(rel).as_posix()
        if key in self.files:
            return self.files[key]
        if key in self.refused:
            return self.refused[key]
        if self._places is None:
            self._places = _Places(self.root)
        changed = (_OVERLAY.get() or {}).get((str(self.folder), key))
        found = changed if changed is not None else _read(self.folder / rel, self._places)
        if isinstance(found, Refused):
            self.refused[key] = found
            return found
        file = File(key, self.display(key), found, hashlib.sha256(found).hexdigest())
        self.files[key] = file
        return file

    def digests(self) -> dict[str, str]:
        """{path: sha256} of every file read so far."""
        return {rel: f.sha256 for rel, f in sorted(self.files.items())}

    def manifest(self) -> Manifest:
        """What was read so far, as `unchanged` compares it with the folder later."""
        return Manifest(
            self.listing,
            tuple((rel, f.sha256) for rel, f in sorted(self.files.items())),
            tuple((rel, _refusal(r)) for rel, r in sorted(self.refused.items())),
        )


@dataclass(frozen=True, slots=True)
class Manifest:
    """A snapshot's record of a game folder: its listing and every file read (by digest)
    or refused (by why). Equal manifests mean a check of the folder would read the same
    bytes."""

    listing: str  # a digest of where the folder is, the names in it, what could not be listed
    files: tuple[tuple[str, str], ...]  # (path, sha256)
    refused: tuple[tuple[str, str], ...]  # (path, why)

    def as_json(self) -> list[object]:
        return [self.listing, [list(f) for f in self.files], [list(r) for r in self.refused]]

    @staticmethod
    def from_json(data: object) -> Manifest | None:
        """The manifest `as_json` gave, or None for anything else."""
        try:
            where, read, refusals = cast("list[Any]", data)
            return Manifest(
                str(where),
                tuple((str(rel), str(sha)) for rel, sha in read),
                tuple((str(rel), str(why)) for rel, why in refusals),
            )
        except (TypeError, ValueError):
            return None


def unchanged(content: Path, game_id: str, manifest: Manifest) -> bool:
    """Whether the game folder still holds what `manifest` records: the same listing, the
    same bytes in every file read and the same reason for every file refused. Reads what
    the snapshot read, under the same rules (nothing outside the content folder)."""
    folder = content / game_id
    root = Path(os.path.realpath(content))
    places = _Places(root)

    def digest(rel: str) -> str | Refused:
        found = _read(folder / rel, places)
        return found if isinstance(found, Refused) else hashlib.sha256(found).hexdigest()

    return _same(_listing(folder, root), digest, manifest)


def holds(snap: Snapshot, manifest: Manifest) -> bool:
    """Whether a snapshot holds what `manifest` records (as `unchanged`). Reads, through the
    snapshot, each file the manifest names that it has not read yet, so that what is
    compared is what is then used."""

    def digest(rel: str) -> str | Refused:
        found = snap.read(rel)
        return found if isinstance(found, Refused) else found.sha256

    return _same(snap.listing, digest, manifest)


def _same(listing: str, digest: Callable[[str], str | Refused], manifest: Manifest) -> bool:
    """Whether a listing and the files `digest` reads (a sha256, or why one is refused)
    are those `manifest` records."""
    if listing != manifest.listing:
        return False
    for rel, sha in manifest.files:
        if digest(rel) != sha:
            return False
    for rel, why in manifest.refused:
        found = digest(rel)
        if not isinstance(found, Refused) or _refusal(found) != why:
            return False
    return True


def _refusal(refused: Refused) -> str:
    return "\n".join((refused.kind, refused.reason, refused.hint))


def _listing(folder: Path, root: Path) -> str:
    """A digest of what `take` finds before it reads, found again now."""
    real = Path(os.path.realpath(folder))
    inside = _is_inside(real, root) and real != root
    names, errors = _walk(folder) if inside else ([], [])
    return _listing_of(folder, root, real, names, errors)


def _listing_of(
    folder: Path, root: Path, real: Path, names: list[str], errors: list[tuple[str, OSError]]
) -> str:
    """A digest of where a game folder leads, the names in it and the folders that could
    not be listed."""
    h = hashlib.sha256()
    h.update(f"{folder}\0{root}\0{real}\0".encode("utf-8", "surrogateescape"))
    for name in names:
        h.update(f"n\0{name}\0".encode("utf-8", "surrogateescape"))
    for where, exc in errors:
        h.update(f"e\0{where}\0{exc.strerror or exc}\0".encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def _rulebook_names(names: list[str]) -> list[str]:
    single = [n for n in names if n == RULEBOOK_SINGLE]
    chapters = sorted(
        n
        for n in names
        if n.startswith(f"{RULEBOOK_FOLDER}/")
        and n.count("/") == 1
        and n.endswith(".md")
        and not n.rsplit("/", 1)[1].startswith(".")
    )
    return single + chapters


def _read(path: Path, places: _Places) -> bytes | Refused:
    """The bytes of one regular file inside the root of `places`, or why it was not read."""
    real, linked = places.real(path)
    if not places.inside(real):
        what = "links to" if linked else "is"
        return Refused(
            "outside",
            f"{what} a place outside the content folder ({real})",
            "keep every file of a game inside its folder; copy it in instead of linking to it",
        )
    try:
        os.lstat(path)
    except FileNotFoundError:
        return Refused("missing", "does not exist", "paths are relative to the game's folder")
    except OSError as exc:
        return _unreadable(exc)
    # O_NONBLOCK: opening a FIFO that slipped in after the check above must not hang.
    # O_NOFOLLOW: nor may a link that took the place of a file since it was resolved.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(real, flags | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        return _unreadable(exc)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = (
                "a folder"
                if stat.S_ISDIR(st.st_mode)
                else "a FIFO (named pipe)"
                if stat.S_ISFIFO(st.st_mode)
                else "a socket"
                if stat.S_ISSOCK(st.st_mode)
                else "a device"
            )
            return Refused(
                "special",
                f"is {kind}, not a regular file",
                "pnp reads only plain files; remove it or replace it with a file",
            )
        if st.st_size > MAX_BYTES:
            return Refused(
                "large",
                f"is {_megabytes(st.st_size)}; pnp reads files of up to {_megabytes(MAX_BYTES)}",
                "split it, or shrink the image",
            )
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_BYTES:  # it grew while being read
                return Refused(
                    "large",
                    f"is more than {_megabytes(MAX_BYTES)}; pnp reads "
                    f"files of up to {_megabytes(MAX_BYTES)}",
                    "split it",
                )
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        return _unreadable(exc)
    finally:
        os.close(fd)


def _unreadable(exc: OSError) -> Refused:
    reason = exc.strerror or type(exc).__name__
    if exc.errno in (errno.EACCES, errno.EPERM):
        return Refused(
            "unreadable",
            f"cannot be read: {reason}",
            "give yourself read permission on it (chmod u+r)",
        )
    return Refused("unreadable", f"cannot be read: {reason}", "")


def _walk(folder: Path) -> tuple[list[str], list[tuple[str, OSError]]]:
    """Every file under the folder (POSIX, relative), hidden ones and links to folders left
    out, and the folders that could not be listed."""
    names: list[str] = []
    errors: list[tuple[str, OSError]] = []

    def failed(exc: OSError) -> None:
        where = Path(exc.filename).relative_to(folder).as_posix() if exc.filename else "."
        errors.append((where, exc))

    for top, dirs, files in os.walk(folder, onerror=failed):
        # followlinks is off: a linked folder is not entered, wherever it points.
        dirs[:] = sorted(
            d for d in dirs if not d.startswith(".") and not os.path.islink(os.path.join(top, d))
        )
        rel = Path(top).relative_to(folder)
        names.extend((rel / f).as_posix() for f in files if not f.startswith("."))
    return sorted(names), errors


# Files read from memory instead of the disk, by (game folder as named, path in it): a
# variant of a game that exists only in memory (`pnp sweep` changes a number of it and
# checks it like any game, never writing the content).
_OVERLAY: ContextVar[dict[tuple[str, str], bytes] | None] = ContextVar("pnp_overlay", default=None)


@contextmanager
def overlaid(content: Path, game_id: str, files: dict[str, bytes]) -> Iterator[None]:
    """Inside the block, the game's files named in `files` (by their path in the game
    folder) read as those bytes: a snapshot of the game is of the variant."""
    folder = str(content / game_id)
    token = _OVERLAY.set({**(_OVERLAY.get() or {}), **{(folder, k): v for k, v in files.items()}})
    try:
        yield
    finally:
        _OVERLAY.reset(token)


def take(content: Path, game_id: str) -> Snapshot:
    """Read one game folder: list it, then read every YAML document and rulebook source."""
    folder = content / game_id
    root = Path(os.path.realpath(content))
    snap = Snapshot(folder, root)
    where = display_path(folder)
    real = Path(os.path.realpath(folder))
    if not _is_inside(real, root) or real == root:
        snap.problems.append(
            Diagnostic(
                where,
                1,
                1,
                "E110",
                f"the game folder '{game_id}' links to a place outside the content folder ({real})",
                "keep the game's files inside the content folder",
            )
        )
        snap.listing = _listing_of(folder, root, real, [], [])
        return snap
    snap.names, errors = _walk(folder)
    snap.listing = _listing_of(folder, root, real, snap.names, errors)
    for rel, exc in errors:
        shown = where if rel == "." else display_path(folder / rel)
        snap.problems.append(
            Diagnostic(
                shown,
                1,
                1,
                "E102",
                f"cannot read folder: {exc.strerror or exc}",
                "give yourself read and search permission on it (chmod u+rx)",
            )
        )
    wanted = [n for n in snap.names if n.endswith(YAML_SUFFIXES)] + _rulebook_names(snap.names)
    for rel in wanted:
        found = snap.read(rel)
        if isinstance(found, Refused):
            snap.problems.append(
                Diagnostic(
                    snap.display(rel), 1, 1, found.code, f"this file {found.reason}", found.hint
                )
            )
    return snap
