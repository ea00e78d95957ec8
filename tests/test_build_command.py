"""`pnp build`: writes the kit and its manifest, writes nothing on errors, never touches
content/, and leaves the previous kit intact when a build fails."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pnp import products
from pnp.render import build
from tests.conftest import CONTENT, run_pnp


def _content(tmp_path: Path, game: str = "diplomatic-immunity") -> Path:
    """A copy of a shipped game (Diamond Heist builds in a third of the time, for the
    tests about the kit rather than the game)."""
    dest = tmp_path / "content"
    shutil.copytree(CONTENT / game, dest / game)
    return dest


def test_build_writes_kit_and_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The kit's PDFs and a manifest with each file's pages, paper, sha256 and contents."""
    content = _content(tmp_path)
    out = tmp_path / "out"
    status, stdout, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 0, stdout
    folder = out / "diplomatic-immunity"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "diplomatic-immunity" and manifest["version"] == "0.27"
    files = {f["path"]: f for f in manifest["files"]}
    assert {"cards-a4.pdf", "cards-gutterfold-a4.pdf"} <= set(files)
    for name, f in files.items():
        data = (folder / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        assert f["paper"] == "a4" and f["pages"] > 0
    decks = files["cards-a4.pdf"]["contents"]["decks"]
    assert decks["Street deck"] == 74 and decks["Politics deck"] == 45
    assert decks["Headline deck"] == 18 and decks["Goal cards"] == 12
    assert not list(folder.glob(".*"))  # no temporary files left behind


def test_errors_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Content with an error: exit 1, diagnostics printed, no file written."""
    content = _content(tmp_path)
    goals = content / "diplomatic-immunity" / "goals.yaml"
    goals.write_text(
        goals.read_text(encoding="utf-8").replace("private-jet", "privat-jet", 1), encoding="utf-8"
    )
    out = tmp_path / "out"
    status, stdout, stderr = run_pnp(capsys, "build", "--content", str(content), "--out", str(out))
    assert status == 1 and "E204" in stdout and "nothing was written" in stderr
    assert not out.exists()


def test_failed_build_keeps_previous_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build that fails while rendering leaves the previous good PDFs byte for byte."""
    content = _content(tmp_path, "diamond-heist")
    out = tmp_path / "out"
    assert (
        run_pnp(capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4")[0]
        == 0
    )
    before = {p.name: p.read_bytes() for p in (out / "diamond-heist").iterdir()}

    def broken(*args: object) -> list[build.Output]:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(products, "renderers", lambda game: [build.card_outputs, broken])
    status, _, stderr = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 2 and "disk on fire" in stderr
    after = {p.name: p.read_bytes() for p in (out / "diamond-heist").iterdir()}
    assert after == before


def test_out_inside_content_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """pnp never writes into the content folder, even when asked to."""
    content = _content(tmp_path)
    status, _, stderr = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(content / "kit")
    )
    assert status == 2 and "inside the content folder" in stderr
    assert not (content / "kit").exists()


def test_ink_saver_files_do_not_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--ink-saver writes its own files beside the full-colour kit."""
    content = _content(tmp_path, "diamond-heist")
    out = tmp_path / "out"
    assert (
        run_pnp(
            capsys,
            "build",
            "--content",
            str(content),
            "--out",
            str(out),
            "--paper",
            "letter",
            "--ink-saver",
        )[0]
        == 0
    )
    assert (out / "diamond-heist" / "cards-letter-ink-saver.pdf").is_file()
    assert not (out / "diamond-heist" / "cards-letter.pdf").exists()


def test_card_words_that_read_like_pdf_operators_print(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], copy_game: Any
) -> None:
    """A card may say anything: words that read like a PDF operator setting a font (`/F7 . Tf`)
    are printed as words, and the card's form still names only fonts the file has."""
    game = copy_game("mini-cards")
    content = game.parent
    street = game / "street.yaml"
    text = street.read_text(encoding="utf-8")
    old = 'text: "Play on your {{ covers_name }} crime: it gives no Heat."'  # 3 copies: a form
    assert text.count(old) == 1
    street.write_text(text.replace(old, 'text: "/F7 . Tf (/F8 . Tf"'), encoding="utf-8")
    out = tmp_path / "out"
    status, stdout, stderr = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 0, stdout + stderr
    assert (out / "mini-cards" / "cards-a4.pdf").stat().st_size > 0
