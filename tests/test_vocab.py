"""The effect vocabulary: its generated schema and reference page, and what the schema accepts."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from pnp.content.vocab import (
    VOCABULARY,
    Param,
    ParamType,
    TermDef,
    TermKind,
    effects_schema_text,
    normalise,
    reference_markdown,
)
from tests.conftest import ROOT, run_pnp

SCHEMAS = ROOT / "tools" / "pnp" / "schemas"
EFFECTS = SCHEMAS / "effects.schema.json"
DOCS = ROOT / "docs" / "vocabulary.md"

# A value of each parameter type that the schema accepts.
SAMPLE: dict[ParamType, object] = {
    ParamType.AMOUNT: 1,
    ParamType.COUNT: 0,
    ParamType.DELTA: -1,
    ParamType.TARGET: "rival",
    ParamType.CRIME_TYPE: "smuggling",
    ParamType.DECK: "politics",
    ParamType.OPTIONS: [[{"gain": 1}], [{"cool": 1}]],
}
REFS = (ParamType.CRIME_TYPE, ParamType.DECK)
REF_PARAMS = [(t, p) for t in VOCABULARY for p in t.params if p.type in REFS]


@cache
def _registry() -> Registry:
    registry: Registry = Registry()
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        registry = registry.with_resource(path.name, Resource.from_contents(contents))
    return registry


@cache
def _validator(kind: TermKind) -> Draft202012Validator:
    schema = {"$ref": f"effects.schema.json#/$defs/{kind.value}"}
    return Draft202012Validator(schema, registry=_registry())


def _valid(kind: TermKind, value: Any) -> bool:
    return _validator(kind).is_valid(value)


def _sample(p: Param) -> object:
    return p.words[0] if p.type is ParamType.CHOICE else SAMPLE[p.type]


def _required(t: TermDef) -> dict[str, object]:
    """A value for every parameter of `t` that has no default."""
    return {p.name: _sample(p) for p in t.params if p.default is None}


def _names(value: tuple[tuple[str, object], ...]) -> list[str]:
    return [name for name, _ in value]


def test_shipped_schema_is_generated() -> None:
    """The shipped effects schema is byte for byte what the vocabulary table generates."""
    assert EFFECTS.read_text(encoding="utf-8") == effects_schema_text(), (
        "tools/pnp/schemas/effects.schema.json is generated from pnp/content/vocab.py; "
        "do not edit it by hand. Run: pnp vocab --schema > tools/pnp/schemas/effects.schema.json"
    )


def test_reference_page_is_generated() -> None:
    """docs/vocabulary.md is exactly the reference page printed from the vocabulary table."""
    assert DOCS.is_file() and DOCS.read_text(encoding="utf-8") == reference_markdown(), (
        "docs/vocabulary.md is generated from pnp/content/vocab.py. "
        "Run: pnp vocab > docs/vocabulary.md"
    )


def test_vocab_command_prints_page_and_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """`pnp vocab` prints the reference page and `pnp vocab --schema` the effects schema."""
    assert run_pnp(capsys, "vocab") == (0, reference_markdown(), "")
    assert run_pnp(capsys, "vocab", "--schema") == (0, effects_schema_text(), "")


@pytest.mark.parametrize("term", [pytest.param(t, id=t.name) for t in VOCABULARY])
def test_example_is_valid_and_normalises(term: TermDef) -> None:
    """Each term's example loads as YAML, passes its kind's schema and fills every parameter."""
    data = yaml.safe_load(term.example)
    errors = [e.message for e in _validator(term.kind).iter_errors(data)]
    assert errors == [], f"{term.name}: example {term.example!r} loads as {data!r}"
    if isinstance(data, str):
        name, value = data, None
    else:
        assert isinstance(data, dict) and len(data) == 1
        ((name, value),) = data.items()
    assert name == term.name
    assert _names(normalise(term, value)) == [p.name for p in term.params]


def test_bare_words_are_the_terms_with_every_parameter_defaulted() -> None:
    """A bare word passes the schema exactly when every parameter of its term has a default."""
    for t in VOCABULARY:
        defaulted = all(p.default is not None for p in t.params)
        assert t.bare is defaulted, t.name
        assert _valid(t.kind, t.name) is defaulted, t.name
        if defaulted:
            assert normalise(t, None) == tuple((p.name, p.default) for p in t.params)
    assert not _valid(TermKind.STEP, "no_such_term")


def test_terms_without_parameters_take_no_value() -> None:
    """A term with no parameters is a bare word or `name:` with nothing after it."""
    for t in (t for t in VOCABULARY if not t.params):
        assert _valid(t.kind, {t.name: None}), t.name
        assert not _valid(t.kind, {t.name: 1}), t.name
        assert normalise(t, None) == ()


def test_there_are_crime_type_and_deck_parameters() -> None:
    """The table has parameters that name a crime type and a deck (the next test checks them)."""
    assert {p.type for _, p in REF_PARAMS} == set(REFS)


@pytest.mark.parametrize(
    ("term", "param"), REF_PARAMS, ids=[f"{t.name}.{p.name}" for t, p in REF_PARAMS]
)
def test_crime_type_and_deck_parameters(term: TermDef, param: Param) -> None:
    """A crime-type or deck parameter takes any non-empty id (checked later), never a number."""
    base = _required(term)
    for ident in ("espionage", "any", "street"):
        assert _valid(term.kind, {term.name: {**base, param.name: ident}}), ident
        args = dict(normalise(term, {**base, param.name: ident}))
        assert args[param.name] == ident
    for bad in ("", 3, None, ["smuggling"]):
        assert not _valid(term.kind, {term.name: {**base, param.name: bad}}), bad
    if param is term.params[0]:  # the short form sets the first parameter
        assert _valid(term.kind, {term.name: "smuggling"})
        assert dict(normalise(term, "smuggling"))[param.name] == "smuggling"
        assert not _valid(term.kind, {term.name: 3})
    if param.default is not None:  # may be left out; normalise fills the default
        without = {k: v for k, v in base.items() if k != param.name}
        assert _valid(term.kind, {term.name: without})
        assert dict(normalise(term, without))[param.name] == param.default
    else:
        assert not _valid(term.kind, {term.name: {}})
