"""Writing a kit whole: staged beside its destination, then swapped into place.

At every moment `OUT/<game>/` is either the complete previous kit or the complete new one,
and its manifest.json describes exactly the files beside it:

1. The whole kit is written into a staging folder next to the destination (same file
   system, so the swap is a rename).
2. The staging folder and the destination are exchanged in one step (Linux
   `renameat2(RENAME_EXCHANGE)`); where the system cannot, the old kit is renamed aside and
   the new one renamed in, and a run that finds the destination missing and an old kit
   aside puts the old kit back first.
3. The previous kit, now in the staging folder's place, is deleted.

Files a previous build wrote that this one does not (a Letter PDF after `--paper a4`, `png/`
after a build without `--png`) go with the previous kit. A staging folder left by a build
that was killed is deleted by the next build of that kit. Files get the permissions the
user's umask gives. A destination that exists but is not a kit (no manifest.json) is never
replaced: pnp deletes only what it wrote.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import os
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

from pnp.content.snapshot import display_path

MANIFEST = "manifest.json"
_STAGING = ".staging-"
_OLD = ".old-"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


class WriteError(Exception):
    """The kit could not be written (disk full, no permission, a file in the way). The
    previous kit is intact; the message names the path and the cause."""


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step; False where the system cannot."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False  # this file system cannot exchange: fall back to two renames
    raise OSError(code, os.strerror(code), str(b))


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on the destination's parent folder, so that two builds into
    it take turns (and one never deletes the other's staging folder as stale)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no lock
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _leftovers(dest: Path, tag: str) -> list[Path]:
    prefix = f".{dest.name}{tag}"
    return sorted(p for p in dest.parent.iterdir() if p.name.startswith(prefix))


def _recover(dest: Path) -> None:
    """Undo what an interrupted build left: an old kit renamed aside with no new one in its
    place goes back; staging folders and old kits that are not needed are deleted."""
    old = _leftovers(dest, _OLD)
    if old and not dest.exists():
        os.rename(old[-1], dest)
        old = old[:-1]
    for leftover in (*_leftovers(dest, _STAGING), *old):
        shutil.rmtree(leftover, ignore_errors=True)


def _is_kit(dest: Path) -> bool:
    """Whether a folder may be replaced: absent, empty, or a kit pnp wrote."""
    if not dest.exists():
        return True
    if not dest.is_dir() or dest.is_symlink():
        return False
    return (dest / MANIFEST).is_file() or not any(dest.iterdir())


def _write_files(stage: Path, files: Sequence[tuple[str, bytes]]) -> None:
    # mkdir and open apply the umask: 0755 folders and 0644 files under umask 022
    for rel, data in files:
        path = stage / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as f:
            f.write(data)


def write(dest: Path, files: Sequence[tuple[str, bytes]]) -> None:
    """Replace the kit at `dest` with `files` ((path in the kit, bytes), the manifest among
    them) as one step; WriteError when it cannot, the previous kit left as it was."""
    shown = display_path(dest)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise WriteError(
            f"cannot write {shown}: a file stands where a folder is needed "
            f"({display_path(_blocking_file(dest.parent))})"
        ) from None
    except OSError as exc:
        raise WriteError(f"cannot write {shown}: {exc.strerror or exc}") from None
    if dest.exists() and not dest.is_dir():
        raise WriteError(f"cannot write {shown}: it is a file, not a folder")
    try:
        with _locked(dest.parent):
            _recover(dest)
            if not _is_kit(dest):
                raise WriteError(
                    f"will not replace {shown}: it is not a kit pnp wrote (it has "
                    f"no {MANIFEST}); move it away or choose another --out"
                )
            _swap_in(dest, files)
    except WriteError:
        raise
    except OSError as exc:
        where = display_path(Path(exc.filename)) if exc.filename else shown
        raise WriteError(f"cannot write {where}: {exc.strerror or exc}") from None


def _swap_in(dest: Path, files: Sequence[tuple[str, bytes]]) -> None:
    stage = dest.parent / f".{dest.name}{_STAGING}{os.getpid()}"
    shutil.rmtree(stage, ignore_errors=True)
    try:
        stage.mkdir()
        _write_files(stage, files)
        if not dest.exists():
            os.rename(stage, dest)
            return
        if not _exchange(stage, dest):
            old = dest.parent / f".{dest.name}{_OLD}{os.getpid()}"
            os.rename(dest, old)
            os.rename(stage, dest)
            stage = old
    finally:
        # the new kit if it never got into place, else the previous kit
        shutil.rmtree(stage, ignore_errors=True)


def _blocking_file(folder: Path) -> Path:
    """The first path above `folder` that is a file (what stops a mkdir)."""
    for p in (*reversed(folder.parents), folder):
        if p.exists() and not p.is_dir():
            return p
    return folder
