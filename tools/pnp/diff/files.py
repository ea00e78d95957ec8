"""The game's other files: everything in its folder that is not YAML (rulebook prose,
images), compared as files. A text file's changes are given paragraph by paragraph; any
other file's by its size and digest.
"""

from __future__ import annotations

import difflib
import hashlib

from pnp.content.snapshot import YAML_SUFFIXES, File, Snapshot
from pnp.diff.changes import TEXT, Change, Field

TEXT_SUFFIXES = (".md", ".markdown", ".txt")


def _files(snap: Snapshot | None) -> dict[str, bytes]:
    """{path relative to the game folder: contents} of every file but YAML and hidden ones,
    read through the game's snapshot (so a link out of the content folder or a FIFO is never
    opened; such a file is compared by why it was refused)."""
    out: dict[str, bytes] = {}
    for name in snap.names if snap is not None else ():
        if name.endswith(YAML_SUFFIXES):
            continue
        assert snap is not None
        found = snap.read(name)
        out[name] = (
            found.data if isinstance(found, File) else f"(not read: {found.reason})".encode()
        )
    return out


def _paragraphs(data: bytes) -> list[str]:
    text = data.decode("utf-8", "replace").replace("\r\n", "\n")
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def _text_fields(old: bytes, new: bytes) -> list[Field]:
    """The paragraphs that differ, numbered as in the new file (removed ones as in the old)."""
    a, b = _paragraphs(old), _paragraphs(new)
    fields: list[Field] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + k, j1 + k
            o = a[i] if i < i2 else None
            n = b[j] if j < j2 else None
            where = f"paragraph {j + 1}" if n is not None else f"old paragraph {i + 1}"
            fields.append(Field(where, o, n, TEXT))
    return fields


def _fields(data: bytes) -> list[Field]:
    return [
        Field("bytes", len(data), None),
        Field("sha256", hashlib.sha256(data).hexdigest()[:12], None),
    ]


def compare(old_files: Snapshot | None, new_files: Snapshot | None) -> list[Change]:
    """Every file added, removed or changed between two game folders."""
    old, new = _files(old_files), _files(new_files)
    out: list[Change] = []
    for path in sorted(set(old) | set(new)):
        before, after = old.get(path), new.get(path)
        if before == after:
            continue
        text = path.lower().endswith(TEXT_SUFFIXES)
        if before is None or after is None:
            data = after if before is None else before
            assert data is not None
            fields = [
                Field(
                    f.name,
                    None if before is None else f.old,
                    f.old if before is None else None,
                    f.style,
                )
                for f in _fields(data)
            ]
            status = "added" if before is None else "removed"
        elif text:
            fields, status = _text_fields(before, after), "changed"
        else:
            fields = [
                Field(o.name, o.old, n.old)
                for o, n in zip(_fields(before), _fields(after), strict=True)
            ]
            status = "changed"
        out.append(Change("files", "file", path, path, status, tuple(fields)))
    return out
