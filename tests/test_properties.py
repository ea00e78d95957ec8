"""Property tests: whatever YAML a designer saves, `check` answers with diagnostics.

Never a traceback; exit 1 exactly when there is an error; every diagnostic located.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cli import main
from pnp.diagnostics import Severity
from tests.conftest import EXAMPLES, FIXTURES

BASES = ("mini-di", "mini-heist")
# PNP_EXAMPLES raises the number of examples for a deeper run outside `make test`.
SETTINGS = settings(max_examples=EXAMPLES)  # the profile's, or PNP_EXAMPLES (conftest)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(data: Any, path: tuple[Any, ...], op: str, value: Any) -> Any:
    if not path:
        return value
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if op == "delete":
        del parent[last]
    elif op == "add-key" and isinstance(parent[last], dict):
        parent[last]["surprise"] = value
    else:
        parent[last] = value
    return data


def _game(tmp: Path, base: str) -> Path:
    content = tmp / "content"
    shutil.rmtree(content, ignore_errors=True)
    shutil.copytree(FIXTURES / "valid" / base, content / base)
    return content


def _check(content: Path, base: str) -> list[dict[str, Any]]:
    """Run `pnp check` once, as a user would; assert the contract every run must keep, and
    give its diagnostics."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["check", "--content", str(content), "--format", "json", base])
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()
    text = out.getvalue()
    found: list[dict[str, Any]] = json.loads(text) if text.strip() else []
    assert all(d["line"] >= 1 and d["col"] >= 1 and d["message"] for d in found)
    errors = [d for d in found if d["severity"] == Severity.ERROR.value]
    assert status == (1 if errors else 0)
    return found


@SETTINGS
@given(
    base=st.sampled_from(BASES),
    data=st.data(),
    op=st.sampled_from(["replace", "delete", "add-key"]),
    value=values,
)
def test_mutated_documents_give_diagnostics(
    tmp_path: Path, base: str, data: st.DataObject, op: str, value: Any
) -> None:
    """Replace, delete or add any node of a valid document: diagnostics, never a crash."""
    content = _game(tmp_path, base)
    files = sorted((content / base).glob("*.yaml"))
    target = data.draw(st.sampled_from(files))
    doc = yaml.safe_load(target.read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(_paths(doc)))
    target.write_text(
        yaml.safe_dump(_mutate(doc, path, op, value), allow_unicode=True), encoding="utf-8"
    )
    _check(content, base)


@SETTINGS
@given(
    base=st.sampled_from(BASES),
    data=st.data(),
    cut=st.integers(0, 10_000),
    junk=st.text(max_size=20),
)
def test_mangled_text_gives_diagnostics(
    tmp_path: Path, base: str, data: st.DataObject, cut: int, junk: str
) -> None:
    """Insert random characters anywhere in a file's text: diagnostics, never a crash."""
    content = _game(tmp_path, base)
    files = sorted((content / base).glob("*.yaml"))
    target = data.draw(st.sampled_from(files))
    text = target.read_text(encoding="utf-8")
    at = cut % (len(text) + 1)
    target.write_text(text[:at] + junk + text[at:], encoding="utf-8")
    _check(content, base)


@SETTINGS
@given(text=st.text(max_size=200) | st.binary(max_size=200))
def test_random_files_are_errors(tmp_path: Path, text: str | bytes) -> None:
    """A file of random text or bytes in a game folder is an error (exit 1), not a crash."""
    content = _game(tmp_path, "mini-di")
    extra = content / "mini-di" / "extra.yaml"
    if isinstance(text, bytes):
        extra.write_bytes(text)
    else:
        extra.write_text(text, encoding="utf-8")
    found = _check(content, "mini-di")
    assert any(
        d["severity"] == Severity.ERROR.value and d["file"].endswith("extra.yaml") for d in found
    ) or _is_valid_extra(extra)


def _is_valid_extra(path: Path) -> bool:
    """Random text that happens to be a whole valid document (vanishingly rare)."""
    try:
        data = yaml.safe_load(path.read_bytes())
    except yaml.YAMLError:
        return False
    return isinstance(data, dict) and "kind" in data
