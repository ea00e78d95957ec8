"""Shared helpers: run `pnp` in-process and read its JSON diagnostics."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pnp.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def run_pnp(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command line in-process: (exit status, stdout, stderr)."""
    capsys.readouterr()
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def check_json(
    capsys: pytest.CaptureFixture[str], content: Path, *games: str, strict: bool = False
) -> tuple[int, list[dict[str, Any]]]:
    """`pnp check --format json` on a content folder: (exit status, diagnostics). Options
    (starting with --) may be mixed in with the games."""
    args = ["check", "--content", str(content), "--format", "json", *games]
    if strict:
        args.append("--strict")
    status, out, err = run_pnp(capsys, *args)
    assert "Traceback" not in err
    return status, json.loads(out) if out.strip() else []


@pytest.fixture
def copy_game(tmp_path: Path):
    """Copy a valid fixture game (or a shipped game) into a fresh content folder."""

    def copy(name: str, source: Path | None = None) -> Path:
        src = (source or FIXTURES / "valid") / name
        dest = tmp_path / "content" / name
        shutil.copytree(src, dest)
        return dest

    return copy
