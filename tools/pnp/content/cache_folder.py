"""The cache folder: work pnp keeps from one run to the next, as a compiler does (compiled
templates, verdicts on SVG pictures, documents known to be valid).

The folder is `$PNP_CACHE_DIR` when that is set (`off` turns the cache off), else the
user's cache folder: `$XDG_CACHE_HOME/pnp` or `~/.cache/pnp` (`~/Library/Caches/pnp` on
macOS, `%LOCALAPPDATA%\\pnp\\cache` on Windows). It is never the content folder nor inside it
(`avoid`), and nothing in it is needed: an entry that is missing, damaged or out of date is
work done again, so deleting the folder is always safe.

Each kind of entry is one `Store`: one file, read whole when first asked, and written back
when the process ends if the process added entries (merged with what other processes wrote
meanwhile, and replaced at once, so that a reader never sees half a file). A store keeps at
most `limit` entries and `max_bytes` bytes, the oldest going first. Entries are keyed by a
digest of everything that decides them (`digest`), which their callers compute: the
content's bytes, pnp's version and code, the versions of the libraries that did the work.

A store may hold compiled code, so a store file is read only when it is signed with the
folder's key (random bytes made with the folder, that only the user may read) and, on
POSIX, when the folder, the key and the file belong to the user and no one else may write
them. A file copied in from elsewhere, or changed by anyone who cannot read the key, is
ignored (and replaced when the process next writes the store).
"""

from __future__ import annotations

import atexit
import hashlib
import hmac
import marshal
import os
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ENV = "PNP_CACHE_DIR"
MAGIC = b"pnp-cache 1\n"
KEY_BYTES = 32
SIGNATURE_BYTES = hashlib.sha256().digest_size


def folder() -> Path | None:
    """The cache folder of this process (None when the cache is off)."""
    if not _state.located:
        _state.root = _default_root()
        _state.located = True
    return _state.root


def _default_root() -> Path | None:
    given = os.environ.get(ENV, "").strip()
    if given.lower() == "off":
        return None
    if given:
        return Path(given).expanduser().absolute()
    home = Path(os.path.expanduser("~"))
    if sys.platform == "win32":
        found = Path(os.environ.get("LOCALAPPDATA", "")) / "pnp" / "cache"
    elif sys.platform == "darwin":
        found = home / "Library" / "Caches" / "pnp"
    else:
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        found = (Path(xdg) if os.path.isabs(xdg) else home / ".cache") / "pnp"
    return found if found.is_absolute() else None  # no home folder: no cache


def avoid(content: Path) -> None:
    """Turn the cache off for the rest of the process when its folder is the content folder
    or inside it: pnp never writes into content."""
    root = folder()
    if root is None:
        return
    try:
        inside = root.resolve().is_relative_to(content.resolve())
    except OSError:
        inside = True
    if inside:
        _state.root = None


def flush() -> None:
    """Write every store that gained entries now, as the end of the process would."""
    for found in list(_state.stores.values()):
        found.flush()


def reset() -> None:
    """Forget the folder, its key and every store read, as a new process would (for tests)."""
    for found in _state.stores.values():
        found.forget()
    _state.located = False
    _state.root = None
    _state.key = None
    _state.stores.clear()


def digest(*parts: str | bytes) -> str:
    """A key made of parts: the sha256 of each part's length and bytes, in order (with the
    lengths, no two lists of parts run together into the same bytes)."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def code_signature(*modules: str, libraries: tuple[str, ...] = ()) -> str:
    """What work kept by some code depends on besides its own input: pnp's version, the
    code of `modules` (their files) and the installed versions of `libraries`."""
    from pnp import __version__
    from pnp.entry_points import version

    return digest(
        __version__,
        *(file_digest(m) for m in modules),
        *(f"{lib} {version(lib)}" for lib in libraries),
    )


def file_digest(path: str | Path) -> str:
    """The sha256 of a file's bytes ('' when it cannot be read): a module's code, in a key."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


class Store:
    """One kind of entry: bytes by key, kept in the file `<folder>/<name>.bin`."""

    def __init__(self, name: str, limit: int, max_bytes: int) -> None:
        self.name = name
        self.limit = limit
        self.max_bytes = max_bytes
        self._entries: dict[str, bytes] | None = None  # oldest first
        self._size = 0  # bytes of the entries, keys included
        self._added = False
        self._at_exit = False

    def get(self, key: str) -> bytes | None:
        """The entry under `key`, if the cache has one."""
        return self._load().get(key)

    def put(self, key: str, value: bytes) -> None:
        """Keep `value` under `key` (written when the process ends)."""
        entries = self._load()
        if folder() is None:
            return
        old = entries.pop(key, None)
        if old is not None:
            self._size -= len(key) + len(old)
        entries[key] = value
        self._size = _bound(entries, self.limit, self.max_bytes, self._size + len(key) + len(value))
        self._added = True
        if not self._at_exit:
            atexit.register(self.flush)
            self._at_exit = True

    def flush(self) -> None:
        """Write the store if this process added entries: those already in the file (another
        process may have written it meanwhile), then this process's, the oldest going first
        past the limits."""
        root = folder()
        if root is None or not self._added or self._entries is None:
            return
        key = _key(root, create=True)
        if key is None:
            return
        path = root / f"{self.name}.bin"
        merged = _read(path, key)
        for k, v in self._entries.items():
            merged.pop(k, None)
            merged[k] = v
        _bound(merged, self.limit, self.max_bytes, _size(merged))
        _write(path, key, merged)
        self._added = False

    def forget(self) -> None:
        """Drop what was read and added, unwritten."""
        if self._at_exit:
            atexit.unregister(self.flush)
            self._at_exit = False
        self._entries = None
        self._added = False

    def _load(self) -> dict[str, bytes]:
        if self._entries is None:
            root = folder()
            key = _key(root, create=False) if root is not None else None
            self._entries = _read(root / f"{self.name}.bin", key) if root and key else {}
            self._size = _size(self._entries)
        return self._entries


def store(name: str, limit: int, max_bytes: int = 32 << 20) -> Store:
    """The store of one kind of entry, made once per process."""
    found = _state.stores.get(name)
    if found is None:
        found = _state.stores[name] = Store(name, limit, max_bytes)
    return found


def _size(entries: dict[str, bytes]) -> int:
    return sum(len(k) + len(v) for k, v in entries.items())


def _bound(entries: dict[str, bytes], limit: int, max_bytes: int, size: int) -> int:
    """Drop the oldest entries past `limit` entries or `max_bytes` bytes (`size` is what
    they weigh now); what they weigh then."""
    while entries and (len(entries) > limit or size > max_bytes):
        oldest = next(iter(entries))
        size -= len(oldest) + len(entries.pop(oldest))
    return size


# ---- the folder's key, and signed files ------------------------------------------------------


def _private(st: os.stat_result, secret: bool = False) -> bool:
    """On POSIX: the user's own, and no one else may write it (nor read it, if `secret`)."""
    if not hasattr(os, "getuid"):
        return True
    loose = stat.S_IWGRP | stat.S_IWOTH
    if secret:
        loose |= stat.S_IRGRP | stat.S_IROTH
    return st.st_uid == os.getuid() and not st.st_mode & loose


def _key(root: Path, create: bool) -> bytes | None:
    """The folder's signing key, made with the folder when `create` and missing; None when
    there is none, or when the folder or the key cannot be trusted."""
    if _state.key is not None:
        return _state.key
    path = root / "key"
    try:
        if create:
            root.mkdir(mode=0o700, parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(fd, "wb") as f:
                    f.write(os.urandom(KEY_BYTES))
        if not _private(root.stat()):
            return None
        with open(path, "rb") as f:
            if not _private(os.fstat(f.fileno()), secret=True):
                return None
            key = f.read(KEY_BYTES + 1)
    except OSError:
        return None
    if len(key) != KEY_BYTES:
        return None
    _state.key = key
    return key


def _read(path: Path, key: bytes) -> dict[str, bytes]:
    """The entries of a store file that this folder's key signed; {} for anything else."""
    try:
        with open(path, "rb") as f:
            if not _private(os.fstat(f.fileno())):
                return {}
            data = f.read()
    except OSError:
        return {}
    head = len(MAGIC) + SIGNATURE_BYTES
    if len(data) < head or not data.startswith(MAGIC):
        return {}
    signature, payload = data[len(MAGIC) : head], data[head:]
    if not hmac.compare_digest(signature, hmac.new(key, payload, "sha256").digest()):
        return {}
    try:
        entries = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(entries, dict) or not all(
        isinstance(k, str) and isinstance(v, bytes) for k, v in entries.items()
    ):
        return {}
    return entries


def _write(path: Path, key: bytes, entries: dict[str, bytes]) -> None:
    """Replace a store file at once, signed with the folder's key."""
    payload = marshal.dumps(entries)
    signature = hmac.new(key, payload, "sha256").digest()
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + signature + payload)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return  # a full disk or a read-only folder: the work is done again next time


@dataclass
class _State:
    """What this process knows of the cache folder."""

    located: bool = False
    root: Path | None = None
    key: bytes | None = None
    stores: dict[str, Store] = field(default_factory=dict)


_state = _State()
