"""What was checked is what is built: `pnp build` renders from the files the check read,
never from disk again, and anything that fails while rendering fails the build whole."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from pnp import verdicts
from pnp.rulebook import book as rb_book
from pnp.rulebook import context
from tests.conftest import FIXTURES, run_pnp

GAME = "mini-book"


def _content(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(FIXTURES / "valid" / GAME, dest / GAME)
    return dest


def _text(pdf: Path) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def _after_check(monkeypatch: pytest.MonkeyPatch, act: Callable[[], None]) -> None:
    """Run `act` right after the check of a build returns (as an edit made during the
    build would land)."""
    real = verdicts.checked_models  # the check `pnp build` runs

    def check(content: Path, games: Sequence[str]) -> Any:
        result = real(content, games)
        act()
        return result

    monkeypatch.setattr(verdicts, "checked_models", check)


def test_edit_during_build_does_not_reach_the_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rulebook edited after the check (here: a broken template and new words) does not
    get into the kit: the rulebook is the one that was checked."""
    content = _content(tmp_path)
    book = content / GAME / "rulebook.md"
    checked = book.read_text(encoding="utf-8")

    def edit() -> None:
        book.write_text(checked + "\n\nUNCHECKED WORDS {{ no_such_field }}\n", encoding="utf-8")

    _after_check(monkeypatch, edit)
    out = tmp_path / "out"
    status, _, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 0
    text = _text(out / GAME / "rulebook-text-a4.pdf")
    assert "UNCHECKED" not in text and "Overview" in text


def test_deleted_rulebook_still_builds_what_was_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deleting the rulebook during the build neither drops it from the kit nor leaves an
    old one in place: the kit holds the rulebook that was checked."""
    content = _content(tmp_path)
    _after_check(monkeypatch, lambda: (content / GAME / "rulebook.md").unlink())
    out = tmp_path / "out"
    status, _, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 0 and (out / GAME / "rulebook-a4.pdf").is_file()


def test_section_failing_to_render_fails_the_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rulebook source that cannot be filled while rendering (though the check filled it)
    fails the build, exit 1 with a diagnostic, and writes nothing: never a rulebook with a
    chapter missing. (The build reuses the book the check filled; the check's is dropped
    here, so that the build fills it again and fails.)"""
    content = _content(tmp_path)
    real = context.Context.render

    def broken(self: context.Context, source: str, extra: Any = None) -> str:
        raise context.TemplateError("the source changed under the renderer")

    def act() -> None:
        context.Context.render = broken  # type: ignore[method-assign]
        rb_book._LOADED.clear()

    _after_check(monkeypatch, act)
    out = tmp_path / "out"
    try:
        status, stdout, stderr = run_pnp(
            capsys, "build", "--content", str(content), "--out", str(out)
        )
    finally:
        context.Context.render = real  # type: ignore[method-assign]
    assert status == 1
    assert "E754" in stdout and "nothing was written" in stderr
    assert not out.exists()
