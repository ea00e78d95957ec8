"""The YAML loader: safe, positioned, and never raising on bad input."""

from __future__ import annotations

from pathlib import Path

from pnp.content.loader import load_yaml, parse_yaml


def _load(tmp_path: Path, text: str | bytes):
    p = tmp_path / "doc.yaml"
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return load_yaml(p, "doc.yaml")


def test_positions_of_keys_and_values(tmp_path: Path) -> None:
    """Every value and key gets its 1-based line and column."""
    doc, problems = _load(tmp_path, "kind: x\nitems:\n  - id: a\n    count: 3\n")
    assert problems == [] and doc is not None
    assert doc.data == {"kind": "x", "items": [{"id": "a", "count": 3}]}
    assert (doc.mark(("items", 0, "count")).line, doc.mark(("items", 0, "count")).col) == (4, 12)
    assert doc.mark(("items", 0, "count"), key=True).col == 5
    assert doc.mark(("items", 0, "missing")).line == 3  # nearest ancestor


def test_duplicate_key_is_reported_not_overwritten(tmp_path: Path) -> None:
    """YAML silently keeps the last of two equal keys; the loader reports the second."""
    doc, problems = _load(tmp_path, "a: 1\nb: 2\na: 3\n")
    assert [(p.code, p.line) for p in problems] == [("E105", 3)]
    assert doc is not None and doc.data["a"] == 1
    assert "first on line 1" in problems[0].message


def test_keys_stay_as_typed(tmp_path: Path) -> None:
    """`no:` and `on:` are the words typed, not YAML 1.1 booleans."""
    doc, _ = _load(tmp_path, "no: 1\non: 2\n")
    assert doc is not None and doc.data == {"no": 1, "on": 2}


def test_unsafe_tags_are_refused(tmp_path: Path) -> None:
    """No Python object construction: a custom tag is a diagnostic."""
    _, problems = _load(tmp_path, "a: !!python/object/apply:os.system ['true']\n")
    assert problems and problems[0].code == "E101"


def test_alias_bomb_is_stopped(tmp_path: Path) -> None:
    """A billion-laughs document ends in E108, quickly, with no memory blow-up."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    doc, problems = _load(tmp_path, "\n".join(lines) + "\n")
    assert doc is None and [p.code for p in problems] == ["E108"]


def test_syntax_error_has_a_position(tmp_path: Path) -> None:
    """An unclosed bracket is E101 at a real line."""
    _, problems = _load(tmp_path, "kind: game\nplayers: {min: 3, max: 6\n")
    assert [p.code for p in problems] == ["E101"] and problems[0].line >= 2


def test_not_utf8_and_control_characters(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are E102 at their line; control characters are E101."""
    _, problems = _load(tmp_path, b"kind: game\ntitle: caf\xe9\n")
    assert [(p.code, p.line) for p in problems] == [("E102", 2)]
    _, problems = _load(tmp_path, "kind: game\ntitle: a\x07b\n")
    assert [(p.code, p.line) for p in problems] == [("E101", 2)]


def test_empty_and_multi_document_files(tmp_path: Path) -> None:
    """An empty file is E103; two documents in one file are E106."""
    assert [p.code for p in _load(tmp_path, "")[1]] == ["E103"]
    assert [p.code for p in _load(tmp_path, "a: 1\n---\nb: 2\n")[1]] == ["E106"]


def test_merge_keys_are_refused(tmp_path: Path) -> None:
    """`<<:` merges hide where a value came from; they are reported, not expanded."""
    _, problems = _load(tmp_path, "base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n")
    assert [(p.code, p.line) for p in problems] == [("E206", 3)]


def test_the_same_bytes_read_again_are_the_same_document_under_their_new_name() -> None:
    """A file parsed again in the same process (a copy of a game, the other version in a
    diff) gives the same data and marks, named as it is read now; one with problems names
    the file it is read as."""
    clean = b"kind: x\nitems:\n  - id: a\n    count: 3\n"
    first, _ = parse_yaml(clean, Path("one/doc.yaml"), "one/doc.yaml")
    again, problems = parse_yaml(clean, Path("two/doc.yaml"), "two/doc.yaml")
    assert first is not None and again is not None and problems == []
    assert (again.display, again.path, again.data) == (
        "two/doc.yaml",
        Path("two/doc.yaml"),
        first.data,
    )
    assert again.mark(("items", 0, "count")) == first.mark(("items", 0, "count"))
    assert again.diag(("items",), "E201", "m").file == "two/doc.yaml"
    assert first.display == "one/doc.yaml"  # the first is not renamed
    broken = b"a: 1\na: 2\n"
    for name in ("one/bad.yaml", "two/bad.yaml", "one/bad.yaml"):
        _, problems = parse_yaml(broken, Path(name), name)
        assert [(p.file, p.code, p.line) for p in problems] == [(name, "E105", 2)]
