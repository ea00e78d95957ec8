"""Shared helpers: run `pnp` in-process and read its JSON diagnostics; the Hypothesis
profiles."""

from __future__ import annotations

import atexit
import fcntl
import gc
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from pnp.cli import main

# Hypothesis profiles: `default` is fast, for `make test` on every edit; `ci` is thorough,
# for CI (`HYPOTHESIS_PROFILE=ci`, as .ci/run sets it). PNP_EXAMPLES=N runs the property
# tests deeper still. Each example of a property test checks (and may build) a whole game.
PROFILES = {"default": 40, "ci": 150}
for _name, _examples in PROFILES.items():
    settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
settings.load_profile(PROFILE)
EXAMPLES = int(os.environ.get("PNP_EXAMPLES", "0")) or settings().max_examples

# The tests keep their cache folder (`pnp.content.cache_folder`) to themselves: a run
# neither reads what earlier runs, or the user's own pnp, kept, nor leaves anything behind.
if not os.environ.get("PNP_CACHE_DIR"):
    _CACHE = tempfile.mkdtemp(prefix="pnp-test-cache-")
    os.environ["PNP_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)

# A test worker lives for the whole run and keeps every module's fixtures (games, kits,
# rendered pages): a full collection of its cycles goes through all of them, 150 ms each
# time, and Python's default set one off every ten middle ones (38 of them, 6 s of the
# workers' time). They run a tenth as often; the younger generations are as Python has them.
_young, _middle, _ = gc.get_threshold()
gc.set_threshold(_young, _middle, 100)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Every test has run: what the worker still holds is kept to its end, so the two full
    collections pytest makes as it closes (to report exceptions raised in finalizers) need
    not go through it all again (half a second or more of a large worker's)."""
    gc.freeze()


ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "heavy: a module that takes seconds (whole kits built, hundreds of checks, a browser);"
        " collected first, so that it starts early on some worker",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The heavy modules' tests first, each module's order kept. `make test` hands whole
    modules to its workers in this order (`--dist loadscope --no-loadscope-reorder`): a
    long module taken last would keep one worker busy after the others have finished."""
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)  # stable


def run_pnp(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command line in-process: (exit status, stdout, stderr)."""
    capsys.readouterr()
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of the test's own (`pnp.content.cache_folder`), as a new
    process finds it."""
    from pnp.content import cache_folder

    root = tmp_path / "cache"
    monkeypatch.setenv(cache_folder.ENV, str(root))
    cache_folder.reset()
    yield root
    cache_folder.reset()


@pytest.fixture
def fresh_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No verdict kept from earlier checks (`pnp.verdicts`): for a test that changes pnp's
    own code in the process (a ruleset registered by monkeypatching), which the verdicts'
    key, made from the code on disk, cannot see."""
    from pnp.content import cache_folder

    monkeypatch.setenv(cache_folder.ENV, "off")
    cache_folder.reset()
    yield
    cache_folder.reset()


@pytest.fixture(scope="session")
def shipped_kit(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The shipped games' kits on both papers with their proof sites (`pnp build --paper all
    --html`), built once per test run and shared by every test that only reads them,
    whichever worker it runs on (the first to ask builds; the others wait on a lock). Never
    write into it."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if worker_id != "master" else base  # the run's, not the worker's
    out = root / "shipped-kit"
    with (root / "shipped-kit.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / ".complete").exists():
            shutil.rmtree(out, ignore_errors=True)
            args = ["build", "--content", str(CONTENT), "--out", str(out), "--paper", "all"]
            status = main([*args, "--html"])
            assert status == 0, f"pnp build exited {status}"
            (out / ".complete").touch()
    return out


@pytest.fixture(scope="session")
def site_kits(shipped_kit: Path) -> Path:
    """The shipped games' kits with their proof sites (the run's shared build, whose sites
    link to the A4 files). Never write into it."""
    return shipped_kit


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
