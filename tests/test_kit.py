"""A kit is replaced whole: at every moment OUT/<game>/ is the complete old kit or the
complete new one, its manifest describes exactly the files beside it, nothing temporary is
left behind, and every way writing can fail is one line naming the path and the cause."""

from __future__ import annotations

import errno
import hashlib
import json
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from pnp.render import kit
from tests.conftest import FIXTURES, ROOT, run_pnp

pytestmark = pytest.mark.heavy  # collected first: see conftest

GAME = "mini-book"


def _content(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(FIXTURES / "valid" / GAME, dest / GAME)
    return dest


def _whole(folder: Path) -> dict[str, str]:
    """The kit's files by path, asserting that the manifest lists exactly the files there
    with their digests; {} for no kit."""
    if not folder.exists():
        return {}
    manifest = json.loads((folder / kit.MANIFEST).read_text(encoding="utf-8"))
    listed = {f["path"]: f["sha256"] for f in manifest["files"]}
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert present == {*listed, kit.MANIFEST}, (present, listed)
    for path, digest in listed.items():
        assert hashlib.sha256((folder / path).read_bytes()).hexdigest() == digest, path
    return listed


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("."))


def _kit_files(tag: str, n: int) -> list[tuple[str, bytes]]:
    files = [(f"f{i:03}.pdf", f"{tag}-{i}".encode() * 20_000) for i in range(n)]
    listed = [{"path": p, "sha256": hashlib.sha256(d).hexdigest()} for p, d in files]
    return [*files, (kit.MANIFEST, json.dumps({"files": listed}).encode())]


def _writer(dest: Path, ready: Any) -> None:
    """The killed process: makes its kit in memory, says so, then writes it over the old."""
    files = _kit_files("new", 150)
    ready.set()
    kit.write(dest, files)


def test_killed_writer_never_leaves_a_mixed_kit(tmp_path: Path) -> None:
    """SIGKILL at random moments while a kit of 150 files is written over another: the
    folder is always one whole kit, and the next write clears what the killed one left.
    (Each writer is a forked process: it starts at once, where a new interpreter would
    spend a third of a second importing.)"""
    dest = tmp_path / "out" / GAME
    old_files = _kit_files("old", 150)
    kit.write(dest, old_files)
    old, new = _whole(dest), _whole_of(_kit_files("new", 150))
    rng = random.Random(7)
    seen = set()
    fork = multiprocessing.get_context("fork")
    for _ in range(12):
        ready = fork.Event()
        proc = fork.Process(target=_writer, args=(dest, ready))
        proc.start()
        assert ready.wait(30)  # the files are made: the write begins now
        time.sleep(rng.uniform(0.0, 0.25))
        proc.kill()
        proc.join()
        now = _whole(dest)
        assert now in (old, new)
        seen.add("old" if now == old else "new")
        if now != old:
            kit.write(dest, old_files)
    print(f"kills that left the old kit / the new one: {sorted(seen)}")
    kit.write(dest, old_files)
    assert _whole(dest) == old and _leftovers(dest.parent) == []


def _whole_of(files: list[tuple[str, bytes]]) -> dict[str, str]:
    return {p: hashlib.sha256(d).hexdigest() for p, d in files if p != kit.MANIFEST}


def test_sigterm_during_build_cleans_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pnp build` stopped by SIGTERM in the write phase exits 2, leaves the previous kit
    as it was and no staging folder behind."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    assert run_pnp(capsys, "build", "--content", str(content), "--out", str(out))[0] == 0
    before = _whole(out / GAME)
    script = f"""
import sys, time
sys.path.insert(0, {str(ROOT / "tools")!r})
from pnp.render import kit
real = kit._write_files
def slow(stage, files):
    print("writing", flush=True)
    time.sleep(30)
    real(stage, files)
kit._write_files = slow
from pnp.cli import main
sys.exit(main(["build", "--content", {str(content)!r}, "--out", {str(out)!r}, "--paper", "a4"]))
"""
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "writing"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "interrupted" in err
    assert _whole(out / GAME) == before and _leftovers(out) == []


def test_stale_staging_is_cleared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A staging folder a killed build left is deleted by the next build of that kit."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    stale = out / f".{GAME}.staging-99999"
    stale.mkdir(parents=True)
    (stale / "cards-a4.pdf").write_bytes(b"half")
    status, _, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 0 and _leftovers(out) == []
    _whole(out / GAME)


def test_files_of_other_builds_go(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A build replaces the kit: Letter files after `--paper a4`, and `png/` after a build
    without `--png`, are gone, and the manifest matches what is there."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    assert run_pnp(capsys, "build", "--content", str(content), "--out", str(out), "--png")[0] == 0
    assert (out / GAME / "png").is_dir() and (out / GAME / "cards-letter.pdf").is_file()
    assert (
        run_pnp(capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4")[0]
        == 0
    )
    files = _whole(out / GAME)
    assert not (out / GAME / "png").exists()
    assert all("letter" not in f for f in files)


def test_permissions_follow_the_umask(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Under umask 022 the kit's files are 0644 and its folders 0755, readable by others."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    old = os.umask(0o022)
    try:
        assert (
            run_pnp(
                capsys,
                "build",
                "--content",
                str(content),
                "--out",
                str(out),
                "--png",
                "--paper",
                "a4",
            )[0]
            == 0
        )
    finally:
        os.umask(old)
    for p in (out / GAME).rglob("*"):
        assert p.stat().st_mode & 0o777 == (0o755 if p.is_dir() else 0o644), p
    assert (out / GAME).stat().st_mode & 0o777 == 0o755


def test_disk_full_keeps_the_previous_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No space left halfway through the kit: exit 2, one line naming the file and the
    cause, the previous kit intact, nothing temporary left."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    assert run_pnp(capsys, "build", "--content", str(content), "--out", str(out))[0] == 0
    before = _whole(out / GAME)
    written = 0
    real_open = open

    def full(path: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        nonlocal written
        if "x" in mode:
            written += 1
            if written == 3:
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_open(path, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", full)
    status, _, err = run_pnp(capsys, "build", "--content", str(content), "--out", str(out))
    monkeypatch.undo()
    assert status == 2
    (line,) = err.strip().splitlines()
    assert "No space left on device" in line and "previous kit" in line
    assert "internal error" not in line
    assert _whole(out / GAME) == before and _leftovers(out) == []


def test_read_only_destination(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A destination the system will not write to is one line with the path and cause."""
    content = _content(tmp_path)
    out = tmp_path / "out"

    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    status, _, err = run_pnp(capsys, "build", "--content", str(content), "--out", str(out))
    assert status == 2
    (line,) = err.strip().splitlines()
    assert "Read-only file system" in line and str(out.name) in line


def test_out_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--out naming a file: exit 2 and one line saying so; the file is untouched."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    out.write_text("keep me", encoding="utf-8")
    status, _, err = run_pnp(capsys, "build", "--content", str(content), "--out", str(out))
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "file" in err and "internal error" not in err
    assert out.read_text(encoding="utf-8") == "keep me"


def test_a_folder_that_is_not_a_kit_is_never_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """OUT/<game>/ holding someone's files but no manifest is left alone: exit 2."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    (out / GAME).mkdir(parents=True)
    (out / GAME / "notes.txt").write_text("mine", encoding="utf-8")
    status, _, err = run_pnp(capsys, "build", "--content", str(content), "--out", str(out))
    assert status == 2 and "not a kit" in err
    assert (out / GAME / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_single_files_follow_the_umask(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file written alone (`pnp sim --json`) is 0644 under umask 022, not 0600."""
    old = os.umask(0o022)
    try:
        status, _, _ = run_pnp(
            capsys, "sim", "diamond-heist", "--games", "2", "--json", str(tmp_path / "sim.json")
        )
    finally:
        os.umask(old)
    assert status == 0 and (tmp_path / "sim.json").stat().st_mode & 0o777 == 0o644
    assert _leftovers(tmp_path) == []
