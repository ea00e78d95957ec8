"""Numbers `pnp check` passes are numbers `build` and `sim` can use.

A whole number is a Python int: YAML reads `3.0` as a float and `true` as a bool, and both
are E201 at their line wherever a schema says integer (card copies, Heat, prices, payouts,
effect parameters, rules numbers). Every number has a maximum a real game could want, and
a value past it is E205; a value the schema allows but that cannot be printed (a payout too
wide for its coin) is E720. Either way `build` and `sim` stop with exit 1, never an internal
error (exit 2).
"""

from __future__ import annotations

import contextlib
import io
import math
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.cli import main
from tests.conftest import CONTENT, EXAMPLES, FIXTURES, check_json, run_pnp

BASE = "mini-cards"

# (file, text as written, text with the wrong number, line, code)
FLOATS = [
    ("street.yaml", "count: 4", "count: 3.0", 7),
    ("street.yaml", "heat: 1", "heat: 2.0", 8),
    ("departures.yaml", "price: 8", "price: 1.5", 5),
    ("street.yaml", "payout: 2", "payout: true", 8),
    ("politics.yaml", "draw: {cards: 2,", "draw: {cards: 2.0,", 18),
    ("rules.yaml", "hand_limit: 7", "hand_limit: 7.0", 42),
]
TOO_BIG = [
    ("street.yaml", "payout: 2", "payout: 1000", 8),
    ("street.yaml", "payout: 2", "payout: " + "9" * 35, 8),
    ("street.yaml", "heat: 1", f"heat: {10**12}", 8),
    ("street.yaml", "count: 4", "count: 100000000", 7),
]


def _game(
    tmp_path: Path,
    file: str,
    old: str,
    new: str,
    source: Path = FIXTURES / "valid",
    base: str = BASE,
) -> Path:
    """A copy of a valid game with the first `old` in `file` replaced by `new`."""
    content = tmp_path / "content"
    shutil.rmtree(content, ignore_errors=True)
    shutil.copytree(source / base, content / base)
    path = content / base / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return content


def _build(
    capsys: pytest.CaptureFixture[str], content: Path, out: Path, base: str = BASE
) -> tuple[int, str, str]:
    return run_pnp(
        capsys, "build", "--content", str(content), "--out", str(out), "--paper", "a4", base
    )


@pytest.mark.parametrize(
    ("file", "old", "new", "line"), FLOATS, ids=[new for _, _, new, _ in FLOATS]
)
def test_a_decimal_or_true_where_a_whole_number_goes_is_e201(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, file: str, old: str, new: str, line: int
) -> None:
    """3.0, 2.0, 1.5 and true in a whole-number field (a card's copies, Heat, a price, a
    payout, an effect parameter, a rules number) are E201 at their line, and build stops
    with exit 1."""
    content = _game(tmp_path, file, old, new)
    status, diags = check_json(capsys, content, BASE)
    assert status == 1
    hits = [d for d in diags if d["code"] == "E201"]
    assert [(Path(d["file"]).name, d["line"]) for d in hits] == [(file, line)], diags
    assert "whole number" in hits[0]["message"]
    if new.endswith(".0"):  # 3.0 was meant as 3
        assert f"write {new.split(': ')[-1].split('.')[0]}" in hits[0]["hint"]
    status, _out, err = _build(capsys, content, tmp_path / "out")
    assert status == 1 and "internal error" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [("street.yaml", "count: 3", "count: 3.0"), ("street.yaml", "heat: 1", "heat: 1.0")],
    ids=["count", "heat"],
)
def test_sim_stops_on_a_decimal_with_a_content_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, file: str, old: str, new: str
) -> None:
    """`pnp sim` on a game whose card has 3.0 copies or 2.0 Heat prints the E201 and exits 1,
    where it used to fail with an internal error."""
    content = _game(tmp_path, file, old, new, CONTENT, "diplomatic-immunity")
    status, out, err = run_pnp(
        capsys, "sim", "--content", str(content), "diplomatic-immunity", "--games", "2"
    )
    assert status == 1, err
    assert "E201" in out and "internal error" not in err


@pytest.mark.parametrize(
    ("file", "old", "new", "line"),
    TOO_BIG,
    ids=["payout-1000", "payout-35-digits", "heat-10e12", "count-1e8"],
)
def test_numbers_past_what_prints_or_plays_are_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, file: str, old: str, new: str, line: int
) -> None:
    """A payout of 1000 (too wide for its coin), a 35-digit payout, Heat 10^12 and 10^8
    copies of a card are each an error at their line (E205 past the schema's maximum, E720
    past what its box can print), and build stops with exit 1."""
    content = _game(tmp_path, file, old, new)
    status, diags = check_json(capsys, content, BASE)
    assert status == 1
    assert {d["code"] for d in diags} <= {"E205", "E720"}, diags
    assert any(Path(d["file"]).name == file and d["line"] == line for d in diags), diags
    status, _out, err = _build(capsys, content, tmp_path / "out")
    assert status == 1 and "internal error" not in err


def test_the_shipped_content_is_within_every_maximum(capsys: pytest.CaptureFixture[str]) -> None:
    """Every shipped game validates under the bounded schemas, warnings included."""
    status, diags = check_json(capsys, CONTENT, strict=True)
    assert (status, diags) == (0, [])


# ---- the property: check passing means build passing --------------------------------------

# A fifth of the other property tests' examples: each one here may build a kit.
SETTINGS = settings(max_examples=max(1, EXAMPLES // 5))

SAME_AS_DECIMAL = "the same number, written 4.0"  # keeps totals such as a deck's count
numbers = (
    st.integers(-3, 12)
    | st.integers(13, 2000)
    | st.integers(10**9, 10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.booleans()
    | st.integers(0, 40).map(float)
    | st.just(SAME_AS_DECIMAL)
)


def _numeric_paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where a document holds a number (not true/false)."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _numeric_paths(v, (*prefix, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _numeric_paths(v, (*prefix, i))]
    if isinstance(data, int | float) and not isinstance(data, bool):
        return [prefix]
    return []


def _targets() -> list[tuple[str, tuple[Any, ...]]]:
    """Every (file, path) of the base game that holds a number, in a stable order."""
    out = []
    for f in sorted((FIXTURES / "valid" / BASE).glob("*.yaml")):
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        out += [(f.name, path) for path in _numeric_paths(doc)]
    return out


TARGETS = _targets()
FIRST_COUNT = TARGETS.index(("street.yaml", ("cards", 0, "count")))


def _run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, err.getvalue()


@SETTINGS
@given(target=st.integers(0, len(TARGETS) - 1), value=numbers)
@example(target=FIRST_COUNT, value=SAME_AS_DECIMAL)  # copies as 4.0: it used to crash build
def test_check_passing_means_build_passing(tmp_path: Path, target: int, value: Any) -> None:
    """Put an int, a float, true/false or a huge number in any numeric field of a valid
    game: if `check` exits 0, `build` exits 0; otherwise `check` exits 1, never with an
    internal error."""
    content = tmp_path / "content"
    shutil.rmtree(content, ignore_errors=True)
    shutil.copytree(FIXTURES / "valid" / BASE, content / BASE)
    file, path = TARGETS[target]
    doc = yaml.safe_load((content / BASE / file).read_text(encoding="utf-8"))
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    whole = isinstance(parent[path[-1]], int)  # a whole-number field, not a share
    parent[path[-1]] = float(parent[path[-1]]) if value == SAME_AS_DECIMAL else value
    (content / BASE / file).write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    status, err = _run("check", "--content", str(content), BASE)
    assert "internal error" not in err and "Traceback" not in err
    if status == 0:
        assert not (whole and value == SAME_AS_DECIMAL)
        assert not (isinstance(value, float) and not math.isfinite(value))
        out = tmp_path / "out"
        shutil.rmtree(out, ignore_errors=True)
        built, err = _run(
            "build", "--content", str(content), "--out", str(out), "--paper", "a4", BASE
        )
        assert (built, err.count("internal error")) == (0, 0), err
    else:
        assert status == 1
