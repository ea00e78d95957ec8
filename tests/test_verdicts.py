"""`pnp check` keeps each game's verdict (`pnp.verdicts`): a game checked before, whose files
and checker are unchanged, is not checked again, and anything that could change the verdict
makes it be checked again. A kept verdict is exactly what a fresh check says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pnp
from pnp import pipeline, verdicts
from pnp.content import cache_folder
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, render_json
from tests.conftest import CONTENT, FIXTURES

HEIST = "diamond-heist"


@pytest.fixture
def folder(cache_dir: Path) -> Iterator[Path]:
    """An empty cache folder of the test's own; pnp's code digest worked out afresh."""
    verdicts.code_digest.cache_clear()
    yield cache_dir
    verdicts.code_digest.cache_clear()


@pytest.fixture
def content(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(CONTENT / HEIST, dest / HEIST)
    return dest


def _next_process() -> None:
    cache_folder.flush()
    cache_folder.reset()
    verdicts.code_digest.cache_clear()


class Counted:
    """Counts the games `pipeline.check_game` really checks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games: list[str] = []
        real = pipeline.check_game

        def check_game(content: Path, game_id: str) -> pipeline.Part:
            self.games.append(game_id)
            return real(content, game_id)

        monkeypatch.setattr(pipeline, "check_game", check_game)


def _said(result: pipeline.CheckResult) -> tuple[str, int, int, set[str]]:
    return render_json(result.diagnostics), result.files, len(result.explained), result.failed


def _same_as_fresh(content: Path, games: list[str]) -> pipeline.CheckResult:
    """The kept verdict, asserted equal to what a fresh check says."""
    kept = verdicts.checked(content, games)
    assert _said(kept) == _said(pipeline.check(content, games))
    return kept


def test_an_unchanged_game_is_not_checked_again(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = Counted(monkeypatch)
    first = verdicts.checked(content, [HEIST])
    _next_process()
    again = verdicts.checked(content, [HEIST])
    assert counted.games == [HEIST]  # the second run found the first run's verdict
    assert _said(again) == _said(first)
    assert again.games == {}  # a verdict, not a model


@pytest.mark.parametrize(
    "edit",
    ["text", "new file", "removed file", "renamed file", "picture", "folder mode"],
)
def test_any_change_to_what_was_read_checks_again(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch, edit: str
) -> None:
    """Each change that could change the verdict is seen, and the verdict then is what a
    fresh check says; the change undone, the first verdict is found again."""
    game = content / HEIST
    verdicts.checked(content, [HEIST])
    _next_process()
    counted = Counted(monkeypatch)
    deck = game / "deck.yaml"
    before = deck.read_bytes()
    if edit == "text":
        deck.write_bytes(before.replace(b"ranks: [A]", b"ranks: [Z]", 1))
    elif edit == "new file":
        (game / "extra.yaml").write_text("kind: nonsense\n", encoding="utf-8")
    elif edit == "removed file":
        deck.unlink()
    elif edit == "renamed file":
        deck.rename(game / "deck.yaml.old")  # no longer a YAML document
    elif edit == "picture":
        art = sorted(p for p in game.rglob("*") if p.suffix in (".svg", ".png"))
        if not art:
            pytest.skip("the game has no pictures")
        art[0].write_bytes(b"<svg xmlns='http://www.w3.org/2000/svg'><path d='M 0 0 L'/></svg")
    elif edit == "folder mode":
        if not hasattr(os, "getuid") or os.getuid() == 0:
            pytest.skip("permissions do not bind root")
        sub = game / "sub"
        sub.mkdir()
        (sub / "more.yaml").write_text("kind: nonsense\n", encoding="utf-8")
        verdicts.checked(content, [HEIST])
        _next_process()
        sub.chmod(0)
    try:
        changed = _same_as_fresh(content, [HEIST])
    finally:
        if edit == "folder mode":
            (game / "sub").chmod(0o755)
    assert HEIST in counted.games
    assert changed.diagnostics, "each edit here makes the game wrong"


def test_an_edit_undone_is_clean_again(folder: Path, content: Path) -> None:
    """A game keeps one verdict (its latest): an edit and its undoing each give what a
    fresh check says, the same size of file in both (a digest, not a size, decides)."""
    deck = content / HEIST / "deck.yaml"
    before = deck.read_bytes()
    verdicts.checked(content, [HEIST])
    deck.write_bytes(before.replace(b"ranks: [A]", b"ranks: [Z]", 1))
    assert _same_as_fresh(content, [HEIST]).diagnostics
    _next_process()
    deck.write_bytes(before)
    assert _same_as_fresh(content, [HEIST]).diagnostics == []


def test_another_checker_checks_again(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another version of pnp, or of anything installed, does not reuse a verdict."""
    verdicts.checked(content, [HEIST])
    _next_process()
    monkeypatch.setattr(pnp, "__version__", pnp.__version__ + ".another")
    counted = Counted(monkeypatch)
    verdicts.checked(content, [HEIST])
    assert counted.games == [HEIST]


def test_the_code_digest_covers_pnp_and_ruleset_plugins(tmp_path: Path) -> None:
    """Every file of the pnp package is in the digest; so is a ruleset plugin's package,
    found through its distribution's entry points without importing it."""
    site = tmp_path / "site"
    plugin = site / "pnp_plugged"
    plugin.mkdir(parents=True)
    (plugin / "__init__.py").write_text("RULESET = None\n", encoding="utf-8")
    info = site / "pnp_plugged-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text(
        "[console_scripts]\nx = other:main\n\n[pnp.rulesets]\nplugged = pnp_plugged:RULESET\n",
        encoding="utf-8",
    )
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); from pnp import verdicts; "
        "print(verdicts.code_digest()); print('pnp_plugged' in sys.modules)"
    )

    def digest() -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", probe, str(site)], capture_output=True, text=True, check=True
        )
        return out.stdout.split()

    first, imported = digest()
    assert imported == "False"
    (plugin / "rules.py").write_text("X = 1\n", encoding="utf-8")
    assert digest()[0] != first
    assert len(set(first)) > 1 and len(first) == 64
    roots = {Path(pnp.__file__).resolve().parent}
    files = {rel for root in roots for rel, _ in verdicts._code_files(root)}
    assert "cli.py" in files and "schemas/effects.schema.json" in files
    assert not any("__pycache__" in f for f in files)


def test_the_working_folder_is_part_of_the_key(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Diagnostics name files relative to the working folder: a run from another folder
    prints its own paths."""
    deck = content / HEIST / "deck.yaml"
    deck.write_bytes(deck.read_bytes().replace(b"ranks: [A]", b"ranks: [Z]", 1))
    monkeypatch.chdir(content)
    here = verdicts.checked(content, [HEIST])
    _next_process()
    monkeypatch.chdir(content.parent)
    there = _same_as_fresh(content, [HEIST])
    assert here.diagnostics[0].file != there.diagnostics[0].file


def test_a_cache_hit_loads_no_stage(folder: Path) -> None:
    """`pnp check` of unchanged games loads neither the model, the checks nor a ruleset."""
    probe = (
        "import sys; from pnp.cli import main; code = main(['check', '--content', sys.argv[1]]);"
        "print(code, sorted(m for m in sys.modules if m.startswith(('pnp.checks', "
        "'pnp.content.project', 'pnp.rulesets.', 'reportlab', 'jsonschema'))))"
    )
    env = {**os.environ, cache_folder.ENV: str(folder)}

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", probe, str(CONTENT)],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        return done.stdout.splitlines()[-1]

    cold = run()
    assert cold.startswith("0 ") and "pnp.checks" in cold
    assert run() == "0 []"


def test_json_and_text_formats_agree_warm(folder: Path, tmp_path: Path) -> None:
    """A broken game warm: `--format json` gives what the cold run gave."""
    content = tmp_path / "broken"
    for game in sorted((FIXTURES / "broken").iterdir())[:6]:
        shutil.copytree(game, content / game.name)
    env = {**os.environ, cache_folder.ENV: str(folder)}
    argv = [sys.executable, "-m", "pnp", "check", "--content", str(content), "--format", "json"]
    cold = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    warm = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    assert cold.returncode == warm.returncode == 1
    assert json.loads(cold.stdout) == json.loads(warm.stdout) != []


def test_fresh_checks_again(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pnp check --fresh` does not reuse a verdict; plain `pnp check` does."""
    from tests.conftest import run_pnp

    counted = Counted(monkeypatch)
    for args in ([], [], ["--fresh"]):
        status, out, _ = run_pnp(capsys, "check", "--content", str(content), *args)
        assert status == 0 and "0 errors" in out
    assert counted.games == [HEIST, HEIST]  # the first run and the fresh one


class CountedRuns:
    """Counts the games `checks.run` cross-checks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from pnp import checks

        self.games: list[str] = []
        real = checks.run

        def run(game: Game) -> list[Diagnostic]:
            self.games.append(game.id)
            return real(game)

        monkeypatch.setattr(checks, "run", run)


def test_a_build_after_a_check_does_not_cross_check_again(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pnp build` loads the game (it needs the model) and reuses the verdict the check
    left for the same files: the kit is the one a fresh build makes."""
    from tests.conftest import run_pnp

    status, _, _ = run_pnp(capsys, "check", "--content", str(content))
    assert status == 0
    _next_process()
    runs = CountedRuns(monkeypatch)
    out = content.parent / "out"
    status, _, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert status == 0 and runs.games == []
    monkeypatch.setenv(cache_folder.ENV, "off")
    cache_folder.reset()
    fresh = content.parent / "fresh"
    status, _, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(fresh), "--paper", "a4"
    )
    assert status == 0 and runs.games == [HEIST]
    assert sorted(p.name for p in (out / HEIST).iterdir()) == sorted(
        p.name for p in (fresh / HEIST).iterdir()
    )
    for pdf in (out / HEIST).glob("*.pdf"):
        assert pdf.read_bytes() == (fresh / HEIST / pdf.name).read_bytes(), pdf.name


def test_a_build_after_an_edit_checks_again_and_writes_nothing_when_wrong(
    folder: Path, content: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A picture broken after the check: the build's snapshot does not hold what the verdict
    was about, so the game is cross-checked again, and the build stops at its error."""
    from tests.conftest import run_pnp

    run_pnp(capsys, "check", "--content", str(content))
    _next_process()
    art = sorted((content / HEIST).rglob("*.svg"))
    if not art:
        pytest.skip("the game has no SVG pictures")
    art[0].write_text("<svg xmlns='http://www.w3.org/2000/svg'><path d='M 0 0 L'/></svg")
    runs = CountedRuns(monkeypatch)
    out = content.parent / "out"
    status, stdout, _ = run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert runs.games == [HEIST]
    assert status == 1 and "E731" in stdout and not (out / HEIST).exists()
