"""JSON Schema validation (draft 2020-12) with errors translated into located diagnostics.

One schema per kind of document, shipped in `pnp/schemas/`. jsonschema finds the problems;
this module says them the way a designer reads them: which field, what was expected, what
was probably meant.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from pnp.content.loader import Document, Path_
from pnp.diagnostics import Diagnostic, did_you_mean

_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "object": "a mapping (key: value lines)",
    "array": "a list",
    "boolean": "true or false",
    "null": "empty",
}


def _describe(value: Any) -> str:
    """How a YAML value looks to the person who typed it."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


@cache
def _registry() -> Registry:
    registry: Registry = Registry()
    for entry in resources.files("pnp.schemas").iterdir():
        if entry.name.endswith(".schema.json"):
            contents = json.loads(entry.read_text(encoding="utf-8"))
            registry = registry.with_resource(entry.name, Resource.from_contents(contents))
    return registry


def schema_names() -> list[str]:
    """Every schema shipped with the package, by file name."""
    return sorted(
        e.name for e in resources.files("pnp.schemas").iterdir() if e.name.endswith(".schema.json")
    )


@cache
def _validator(name: str) -> Draft202012Validator:
    schema = _registry().contents(name)
    return Draft202012Validator(schema, registry=_registry())


def has_schema(name: str) -> bool:
    """Whether a schema file of this name ships with the package."""
    return name in schema_names()


def validate(doc: Document, schema: str) -> list[Diagnostic]:
    """Every schema problem in `doc`, as diagnostics located at the offending key or value."""
    out: list[Diagnostic] = []
    for error in _validator(schema).iter_errors(doc.data):
        out.extend(_translate(doc, error))
    return out


def _field(path: Path_, data: Any) -> str:
    """`doors[asylum].price` from ('doors', 5, 'price'): list items named by their id."""
    text = ""
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
        if isinstance(part, int):
            ident = node.get("id") if isinstance(node, dict) else None
            text += f"[{ident}]" if isinstance(ident, str) and ident else f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "document"


def _last_name(path: Path_) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return "this value"


def _translate(doc: Document, e: ValidationError) -> Iterator[Diagnostic]:
    path: Path_ = tuple(e.absolute_path)
    kind = str(e.validator)
    schema: dict[str, Any] = e.schema if isinstance(e.schema, dict) else {}
    value: Any = e.validator_value  # jsonschema types these as possibly unset
    instance: Any = e.instance
    where = _field(path, doc.data)
    if kind == "required":
        missing = [k for k in value if k not in instance]
        props = schema.get("properties", {})
        for name in missing:
            desc = props.get(name, {}).get("description", "") if isinstance(props, dict) else ""
            yield doc.diag(path, "E202", f"{where}: missing field '{name}'", desc, key=True)
    elif kind == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        for name in instance:
            if name in allowed:
                continue
            hint = did_you_mean(name, allowed) or (
                f"allowed here: {', '.join(allowed)}" if allowed else "no fields allowed here")
            what = schema.get("title", "field") if "title" in schema and schema.get(
                "maxProperties") == 1 else "field"
            yield doc.diag((*path, name), "E203", f"{where}: unknown {what} '{name}'", hint,
                           key=True)
    elif kind == "type":
        expected = [str(t) for t in (value if isinstance(value, list) else [value])]
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
        hint = ""
        if "string" in expected and isinstance(instance, int | float) and not isinstance(
                instance, bool):
            hint = f"put it in quotes: \"{instance}\""
        elif "array" in expected and not isinstance(instance, list):
            hint = "write it as a list: one '- item' line per entry, or [a, b]"
        yield doc.diag(path, "E201",
                       f"{where} must be {words}, not {_describe(instance)}", hint)
    elif kind in ("enum", "const"):
        options = value if kind == "enum" else [value]
        shown = ", ".join(str(o) for o in options)
        hint = did_you_mean(str(instance), [str(o) for o in options]) if isinstance(
            instance, str) else ""
        yield doc.diag(path, "E206", f"{where}: {instance!r} is not allowed here",
                       hint or f"one of: {shown}")
    elif kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = value
        phrase = {
            "minimum": f"at least {bound}",
            "maximum": f"at most {bound}",
            "exclusiveMinimum": f"more than {bound}",
            "exclusiveMaximum": f"less than {bound}",
        }[kind]
        yield doc.diag(path, "E205", f"{where} must be {phrase}, not {instance}")
    elif kind in ("minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties",
                  "minLength"):
        phrase = {
            "minItems": f"needs at least {value} item(s)",
            "maxItems": f"takes at most {value} item(s)",
            "uniqueItems": _repeated(instance),
            "minProperties": f"needs at least {value} field(s)",
            "maxProperties": f"takes exactly {value} field(s)"
            if schema.get("minProperties") == value
            else f"takes at most {value} field(s)",
            "minLength": "must not be empty",
        }[kind]
        code = "E206" if kind == "minLength" else "E208"
        yield doc.diag(path, code, f"{where} {phrase}")
    elif kind == "pattern":
        hint = schema.get("description", "")
        yield doc.diag(path, "E206", f"{where}: {instance!r} is not in the expected form",
                       hint)
    elif kind in ("anyOf", "oneOf"):
        yield from _alternatives(doc, e, path)
    else:
        yield doc.diag(path, "E209", f"{where}: {e.message}")


def _alternatives(doc: Document, e: ValidationError, path: Path_) -> (
    Iterator[Diagnostic]
):
    """anyOf/oneOf: report the branch that fits the value's type, or name the choices."""
    branches: Any = e.validator_value
    instance: Any = e.instance
    where = _field(path, doc.data)
    if all(set(b) == {"required"} for b in branches):
        names = " or ".join(f"'{b['required'][0]}'" for b in branches)
        yield doc.diag(path, "E209", f"{where}: give exactly one of {names}")
        return
    # A value of the wrong shape for every branch: name the words it could have been.
    words: list[str] = []
    for branch in branches:
        words.extend(str(v) for v in branch.get("enum", []))
        words.extend(branch.get("properties", {}))
    by_branch: dict[int, list[ValidationError]] = {}
    for sub in e.context or []:
        by_branch.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    fitting = [i for i, errs in by_branch.items()
               if not any(s.validator == "type" and not s.relative_path for s in errs)
               and not any(s.validator in ("enum", "const") and not s.relative_path
                           for s in errs)]
    if isinstance(instance, str) and words:
        yield doc.diag(path, "E206", f"{where}: {instance!r} is not allowed here",
                       did_you_mean(instance, words) or f"one of: {', '.join(words)}")
        return
    if len(fitting) == 1:
        for sub in by_branch[fitting[0]]:
            yield from _translate(doc, sub)
        return
    types = [str(b["type"]) for b in branches if "type" in b]
    expected = " or ".join(_TYPE_WORDS.get(t, t) for t in types) or "another form"
    yield doc.diag(path, "E201", f"{where} must be {expected}, not {_describe(instance)}",
                   f"one of: {', '.join(words)}" if words else "")


def _repeated(items: Any) -> str:
    """'lists 'x' twice' for the first repeated item of a list."""
    seen: list[Any] = []
    for item in items if isinstance(items, list) else []:
        if item in seen:
            return f"lists {item!r} twice"
        seen.append(item)
    return "lists the same item twice"
