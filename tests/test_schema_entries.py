"""Entries of a list found valid are trusted again only for the same schema and the same data
(`pnp.content.schema._items`): a document checked again after an edit says exactly what a
first check of it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.content import schema
from pnp.content.loader import parse_yaml
from tests.conftest import FIXTURES

STREET = FIXTURES / "valid" / "mini-cards" / "street.yaml"
CARDS = "cards.diplomatic-immunity.schema.json"  # the schema the ruleset gives its cards


def _said(text: str) -> list[tuple[int, int, str, str]]:
    doc, problems = parse_yaml(text.encode(), Path("street.yaml"), "street.yaml")
    assert doc is not None and problems == []
    schema._VALID.clear()  # the document-level verdicts, which would hide the entries' work
    return [(d.line, d.col, d.code, d.message) for d in schema.validate(doc, CARDS)]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("count: 3", 'count: "three"'),  # a wrong type in one entry
        ("kind: cover\n    count: 1", "kind: cover\n    cuont: 1"),  # a misspelt field
        ("heat: 1, payout: 1", "heat: 1"),  # a missing field deep in an entry
        ("name: Scapegoat", "name: Scapegoat\n    name2: x"),  # an unknown field
    ],
)
def test_an_edited_entry_is_judged_afresh_among_kept_ones(old: str, new: str) -> None:
    """Every entry of the file found valid first; then one entry broken: the same
    diagnostics as when nothing is kept, and the file put back is valid again."""
    text = STREET.read_text(encoding="utf-8")
    assert text.count(old) == 1
    broken = text.replace(old, new)
    schema._VALID_ENTRIES.clear()
    fresh = _said(broken)
    assert fresh, "the edit is a mistake the schema sees"
    assert _said(text) == []  # every entry kept as valid
    assert _said(broken) == fresh
    assert _said(text) == []


def test_an_entry_valid_against_one_schema_is_checked_against_another() -> None:
    """The same entry under two list schemas: found valid under the first, it is still held
    to the second."""
    loose = {"type": "array", "items": {"type": "object"}}
    strict = {"type": "array", "items": {"type": "object", "required": ["name"]}}
    entry = [{"id": "a"}]
    assert list(schema.StrictValidator(loose).iter_errors(entry)) == []
    errors = list(schema.StrictValidator(strict).iter_errors(entry))
    assert [e.validator for e in errors] == ["required"]
    assert list(errors[0].absolute_path) == [0]
