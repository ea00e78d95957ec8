"""The tool never writes into content/: a check leaves every file and folder as it was."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import CONTENT


def _snapshot(root: Path) -> dict[str, tuple[int, int, str]]:
    snap = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath, name)
            st = p.stat()
            digest = hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            snap[str(p.relative_to(root))] = (st.st_size, st.st_mtime_ns, digest)
    return snap


def test_check_leaves_content_untouched(tmp_path: Path) -> None:
    """`pnp check` (a real process, both output formats) adds, changes and removes nothing."""
    before = _snapshot(CONTENT)
    for fmt in ("text", "json"):
        subprocess.run(
            [sys.executable, "-m", "pnp", "check", "--content", str(CONTENT), "--format", fmt],
            capture_output=True,
            check=False,
            cwd=tmp_path,
        )
    assert _snapshot(CONTENT) == before
