"""Options that would exhaust the machine or mean nothing are usage errors or capped, and
images too large to open safely are content errors, not Python warnings or crashes."""

from __future__ import annotations

import io
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from pnp import simulate
from tests.conftest import FIXTURES, check_json, run_pnp


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "-inf,1", "5000,0", "0,-21"])
def test_back_offset_must_be_a_few_millimetres(
    offset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--back-offset of nan, inf or metres is a usage error (exit 2), nothing written."""
    status, _, err = run_pnp(
        capsys,
        "build",
        "--content",
        str(FIXTURES / "valid"),
        "mini-book",
        "--out",
        str(tmp_path / "out"),
        f"--back-offset={offset}",
    )
    assert status == 2 and "--back-offset" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [["check"], ["diff", "HEAD", "HEAD"]])
def test_negative_sim_is_a_usage_error(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """--sim -5 is a usage error, not zero games."""
    status, _, err = run_pnp(capsys, *command, "--sim", "-5")
    assert status == 2 and "--sim" in err


def test_jobs_are_capped_at_the_cpus(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--jobs 1000 starts no more worker processes than there are CPUs."""
    asked: list[int] = []
    real = simulate.run

    def run(
        plan: simulate.Plan, jobs: int = 1, progress: object = None, executor: object = None
    ) -> simulate.Run:
        asked.append(jobs)
        return real(plan, 1)

    monkeypatch.setattr(simulate, "run", run)
    status, _, _ = run_pnp(capsys, "sim", "diamond-heist", "--games", "4", "--jobs", "1000")
    assert status == 0 and asked == [min(1000, os.cpu_count() or 1)]


def _art_game(tmp_path: Path, image: Path) -> Path:
    game = tmp_path / "content" / "mini-cards"
    shutil.copytree(FIXTURES / "valid" / "mini-cards", game)
    (game / "art").mkdir()
    shutil.copy(image, game / "art" / "bag.png")
    street = game / "street.yaml"
    text = street.read_text(encoding="utf-8")
    first = text.index("    text:")
    street.write_text(text[:first] + "    art: art/bag.png\n" + text[first:], encoding="utf-8")
    (game / "art" / "credits.yaml").write_text(
        "kind: credits\nassets:\n  - {file: art/bag.png, title: Bag, author: The designer, "
        "licence: CC0, source: drawn for this game}\n",
        encoding="utf-8",
    )
    return game


def _blank_png(side: int) -> bytes:
    """A black one-bit PNG of `side` x `side` pixels, written chunk by chunk: its rows are
    compressed one at a time (Pillow would first make the whole picture in memory, a byte
    a pixel: 400 MB for the larger one)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    row = b"\0" * (1 + (side + 7) // 8)  # filter "none", then the row's bits
    pack = zlib.compressobj(9)
    rows = b"".join([pack.compress(row) for _ in range(side)]) + pack.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)  # 1 bit, grey
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")
    )


@pytest.fixture(scope="module")
def huge_images(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A 20000 x 20000 and a 12000 x 12000 one-bit PNG (small files, huge pictures)."""
    folder = tmp_path_factory.mktemp("images")
    out = {}
    for side in (20_000, 12_000):
        path = folder / f"{side}.png"
        path.write_bytes(_blank_png(side))
        out[str(side)] = path
    return out


def test_the_huge_pictures_are_what_they_say(huge_images: dict[str, Path]) -> None:
    """The made PNG is one Pillow reads as a one-bit black picture of that size; at the
    sizes the tests use, one Pillow refuses as a decompression bomb and one it warns of."""
    with Image.open(io.BytesIO(_blank_png(64))) as image:
        assert (image.size, image.mode) == ((64, 64), "1")
        assert image.getextrema() == (0, 0)
    with pytest.raises(Image.DecompressionBombError):
        Image.open(io.BytesIO(_blank_png(20_000)))
    with (
        pytest.warns(Image.DecompressionBombWarning),
        Image.open(io.BytesIO(_blank_png(12_000))) as image,
    ):
        assert (image.size, image.mode) == ((12_000, 12_000), "1")


def test_decompression_bomb_is_e731(
    tmp_path: Path, huge_images: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Art of 20000 x 20000 pixels is E731 at the art line, not an internal error."""
    game = _art_game(tmp_path, huge_images["20000"])
    status, diags = check_json(capsys, game.parent, "mini-cards")
    assert status == 1
    (d,) = diags
    assert d["code"] == "E731" and "decompression bomb" in d["message"]


def test_very_large_image_is_w733_not_a_python_warning(
    tmp_path: Path, huge_images: dict[str, Path]
) -> None:
    """Art of 12000 x 12000 pixels is warned about as W733 (exit 0 without --strict), and
    Pillow's own warning is never printed, by `check` or by `build`."""
    game = _art_game(tmp_path, huge_images["12000"])
    env = {**os.environ, "PYTHONWARNINGS": "default"}
    for command in (["check"], ["build", "--out", str(tmp_path / "out"), "--paper", "a4"]):
        proc = subprocess.run(
            [sys.executable, "-m", "pnp", *command, "--content", str(game.parent), "mini-cards"],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "DecompressionBombWarning" not in proc.stderr + proc.stdout
        if command == ["check"]:
            assert "W733" in proc.stdout and "12000 x 12000" in proc.stdout
