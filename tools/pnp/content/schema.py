"""JSON Schema validation (draft 2020-12) with errors translated into located diagnostics.

One schema per kind of document, shipped in `pnp/schemas/`. jsonschema finds the problems;
this module says them the way a designer reads them: which field, what was expected, what
was probably meant.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from jsonschema import Draft202012Validator, TypeChecker, validators
from jsonschema.exceptions import ValidationError
from jsonschema.protocols import Validator
from referencing import Registry, Resource

from pnp.content import cache_folder
from pnp.content.loader import Document, Path_
from pnp.diagnostics import Diagnostic, closest, did_you_mean

_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "object": "a mapping (key: value lines)",
    "array": "a list",
    "boolean": "true or false",
    "null": "empty",
}


def _is_integer(_checker: TypeChecker, value: Any) -> bool:
    """A whole number is a Python int: JSON Schema would take 3.0 too, and true is an int to
    Python, but every later stage counts, indexes and multiplies with these."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(_checker: TypeChecker, value: Any) -> bool:
    """A number is an int or a finite float, never true/false, .inf or .nan (.nan passes
    every minimum and maximum, since it compares false with everything)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


_ITEMS = Draft202012Validator.VALIDATORS["items"]

# Entries of a list (a card, a character, a ruling) found valid against the schema of the
# list's items, by that schema and the entry's data: whether an entry is valid depends on
# nothing else, and a document checked again after an edit mostly holds entries that did not
# change (a card file with one card edited). Each schema is held here by its serial, so its
# identity is never taken by another.
_VALID_ENTRIES: set[tuple[int, str]] = set()
_ENTRY_SCHEMAS: dict[int, tuple[Any, int]] = {}  # id(schema) -> (schema, serial)
_SERIALS = itertools.count()
VALID_ENTRIES_LIMIT = 65536


def _entry_key(items: Any, entry: Any) -> tuple[int, str] | None:
    """(the items' schema's serial, the entry's digest (`_json_digest`)), or None for an
    entry not kept: one that is not a mapping, or has no JSON (a date, a set)."""
    if not isinstance(entry, dict):
        return None  # a number or a name: validating it costs less than its key
    held = _ENTRY_SCHEMAS.get(id(items))
    if held is None:
        if len(_ENTRY_SCHEMAS) >= 4096:  # schemas loaded again and again (tests do)
            _ENTRY_SCHEMAS.clear()
        held = _ENTRY_SCHEMAS[id(items)] = (items, next(_SERIALS))
    digest = _json_digest(entry)
    return None if digest is None else (held[1], digest)


def _json_digest(data: Any) -> str | None:
    """The sha256 of `data` as JSON, keys sorted, which tells apart every value the loader
    makes (its keys are always text); None for a value JSON cannot hold (a date)."""
    try:
        text = json.dumps(data, sort_keys=True, allow_nan=True)
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """The draft's `items`, each entry checked as the draft checks it unless the same entry
    was found valid against the same schema before (`_VALID_ENTRIES`)."""
    if items is False or not validator.is_type(instance, "array"):
        yield from _ITEMS(validator, items, instance, schema)
        return
    for index in range(len(schema.get("prefixItems", [])), len(instance)):
        entry = instance[index]
        key = _entry_key(items, entry)
        if key is not None and key in _VALID_ENTRIES:
            continue
        found = list(validator.descend(instance=entry, schema=items, path=index))
        if key is not None and not found:
            if len(_VALID_ENTRIES) >= VALID_ENTRIES_LIMIT:
                _VALID_ENTRIES.clear()
            _VALID_ENTRIES.add(key)
        yield from found


# One validator class for every schema, current and future: the draft's own rules with the
# strict types above.
StrictValidator: type[Validator] = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    validators={"items": _items},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many(
        {"integer": _is_integer, "number": _is_number}
    ),
)


def _describe(value: Any) -> str:
    """How a YAML value looks to the person who typed it."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float) and math.isnan(value):
        return "not a number (.nan)"
    if isinstance(value, float) and math.isinf(value):
        return "infinity"
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
def _files() -> dict[str, Traversable]:
    """Every schema file by name: the core's (`pnp.schemas`), then each registered
    ruleset's own (`Ruleset.schemas`: `rules.<name>.schema.json`, and
    `cards.<name>.schema.json` when its cards have kinds of their own). A ruleset may add
    schemas, never replace one."""
    from pnp import rulesets

    found: dict[str, Traversable] = {}
    packages = [("pnp", "pnp.schemas")]
    packages += [(r.name, r.schemas) for r in rulesets.registry().values() if r.schemas]
    for owner, package in packages:
        for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".schema.json"):
                continue
            if entry.name in found:
                raise rulesets.RulesetError(
                    f"the ruleset '{owner}' ships {entry.name}, which another schema has"
                )
            found[entry.name] = entry
    return found


@cache
def _registry() -> Registry:
    registry: Registry = Registry()
    for name, entry in _files().items():
        contents = json.loads(entry.read_text(encoding="utf-8"))
        registry = registry.with_resource(name, Resource.from_contents(contents))
    return registry


def schema_names() -> list[str]:
    """Every schema pnp knows, its own and its rulesets', by file name."""
    return sorted(_files())


@cache
def _validator(name: str) -> Validator:
    schema = _registry().contents(name)
    return StrictValidator(schema, registry=_registry())


def has_schema(name: str) -> bool:
    """Whether a schema of this name ships with pnp or one of its rulesets."""
    return name in schema_names()


@dataclass(frozen=True, slots=True)
class _Missing:
    """A required field that is not there, before it is said (see `_fields_of`)."""

    path: Path_  # the mapping
    name: str
    hint: str
    order: tuple[str, ...]  # the mapping's fields in the schema's order
    beside: str = ""  # the field present that needs it (dependentRequired)


@dataclass(frozen=True, slots=True)
class _Unknown:
    """A field the schema does not know, before it is said."""

    path: Path_
    name: str
    allowed: tuple[str, ...]
    what: str


_Found = Diagnostic | _Missing | _Unknown


# Documents known to be valid, by schema and content: validation is a pure function of the
# data, and a game checked again in the same process (check then build, `pnp diff`, editors'
# hooks) mostly holds documents that did not change. They are kept in the cache folder too,
# with everything validation depends on besides the data (`_schemas_signature`), so that a
# run validates only the documents that changed since one before.
_VALID: set[tuple[str, str]] = set()
VALID_STORE = "valid-documents"
VALID_LIMIT = 16384  # documents


def _fingerprint(schema: str, doc: Document) -> tuple[str, str] | None:
    """(schema, digest of the document's data), the data's digest worked out once per
    document; None for data JSON cannot hold (a date), which is never kept."""
    if "digest" not in doc.memo:
        doc.memo["digest"] = _json_digest(doc.data)
    digest: str | None = doc.memo["digest"]
    return None if digest is None else (schema, digest)


def _schemas_signature() -> str:
    """What validation depends on besides the data: every schema (the core's and the
    rulesets'), this module's code, and the versions of pnp and of jsonschema."""
    return _signature_of(tuple((name, str(entry)) for name, entry in _files().items()))


@cache
def _signature_of(files: tuple[tuple[str, str], ...]) -> str:
    """`_schemas_signature` for one set of schema files (by name and place)."""
    code = cache_folder.code_signature(__file__, libraries=("jsonschema", "referencing"))
    parts: list[str | bytes] = [code]
    entries = _files()
    for name, _ in files:
        parts += [name, entries[name].read_bytes()]
    return cache_folder.digest(*parts)


def _known_valid(key: tuple[str, str]) -> bool:
    """Whether a document was found valid by this run or, in the cache folder, by one before."""
    if key in _VALID:
        return True
    return (
        cache_folder.store(VALID_STORE, VALID_LIMIT).get(
            cache_folder.digest(_schemas_signature(), *key)
        )
        == b""
    )


def _found_valid(key: tuple[str, str]) -> None:
    if len(_VALID) > 4096:
        _VALID.clear()
    _VALID.add(key)
    cache_folder.store(VALID_STORE, VALID_LIMIT).put(
        cache_folder.digest(_schemas_signature(), *key), b""
    )


def validate(doc: Document, schema: str) -> list[Diagnostic]:
    """Every schema problem in `doc`, as diagnostics located at the offending key or value.
    A misspelt field is one diagnostic (not "unknown 'nmae'" and "missing 'name'"), and the
    fields missing from one mapping are one diagnostic, where the first of them belongs."""
    key = _fingerprint(schema, doc)
    if key is not None and _known_valid(key):
        return []
    found: list[_Found] = []
    for error in _validator(schema).iter_errors(doc.data):
        found.extend(_translate(doc, error))
    if key is not None and not found:
        _found_valid(key)
    out = [d for d in found if isinstance(d, Diagnostic)]
    mappings = dict.fromkeys(f.path for f in found if not isinstance(f, Diagnostic))
    for path in mappings:
        out.extend(
            _fields_of(
                doc, path, [f for f in found if not isinstance(f, Diagnostic) and f.path == path]
            )
        )
    return out


def _fields_of(doc: Document, path: Path_, found: list[_Missing | _Unknown]) -> list[Diagnostic]:
    """The unknown and missing fields of one mapping, said once each."""
    missing = list(dict.fromkeys(f.name for f in found if isinstance(f, _Missing)))
    hints = {f.name: f.hint for f in found if isinstance(f, _Missing)}
    order = next((f.order for f in found if isinstance(f, _Missing)), ())
    where = _field(path, doc.data)
    out: list[Diagnostic] = []
    for u in dict.fromkeys(f for f in found if isinstance(f, _Unknown)):
        meant = closest(u.name, missing)
        if meant is not None:  # a misspelling of a field that is missing: say it once
            missing.remove(meant)
            out.append(
                doc.diag(
                    (*path, u.name),
                    "E203",
                    f"{where}: unknown {u.what} '{u.name}'",
                    f"did you mean '{meant}'?",
                    key=True,
                )
            )
            continue
        hint = did_you_mean(u.name, u.allowed) or (
            f"allowed here: {', '.join(u.allowed)}" if u.allowed else "no fields allowed here"
        )
        out.append(
            doc.diag(
                (*path, u.name), "E203", f"{where}: unknown {u.what} '{u.name}'", hint, key=True
            )
        )
    if missing:
        names = ", ".join(f"'{m}'" for m in missing)
        message = (
            f"{where}: missing field {names}"
            if len(missing) == 1
            else f"{where}: missing fields {names}"
        )
        hint = hints[missing[0]] if len(missing) == 1 else ""
        beside = next(
            (
                f.beside
                for f in found
                if isinstance(f, _Missing) and f.name == missing[0] and f.beside
            ),
            "",
        )
        astray = _astray(doc, path, missing[0]) if len(missing) == 1 else None
        if astray is not None:  # written, but indented into another mapping
            owner = _field(astray[:-1], doc.data) if astray[:-1] else "the document"
            out.append(
                doc.diag(
                    astray,
                    "E202",
                    message,
                    f"'{missing[0]}:' here is indented as part of {owner}: "
                    f"line it up with the other fields of {where}",
                    key=True,
                )
            )
            return out
        place = (*path, beside) if beside else _gap(doc, path, missing[0], order)
        if isinstance(place, int):
            last = doc.text.count("\n") + 1
            out.append(
                Diagnostic(doc.display, min(place, last), doc.mark(path).col, "E202", message, hint)
            )
        else:
            out.append(doc.diag(place, "E202", message, hint, key=True))
    return out


def _astray(doc: Document, path: Path_, name: str) -> Path_ | None:
    """A key `name` written one level off: in a mapping that is one of the mapping's own
    fields (indented too far), or beside the mapping in its parent (not far enough);
    nearest the mapping first."""
    here = tuple(path)
    found = [
        k
        for k in doc.keys
        if k
        and k[-1] == name
        and (
            (
                len(k) == len(here) + 2
                and tuple(k[: len(here)]) == here
                and isinstance(k[len(here)], str)
            )
            or (here and isinstance(here[-1], str) and tuple(k[:-1]) == here[:-1])
        )
    ]
    if not found:
        return None
    line = doc.mark(path).line
    return min(found, key=lambda k: abs(doc.keys[k].line - line))


def _gap(doc: Document, path: Path_, name: str, order: tuple[str, ...]) -> Path_ | int:
    """Where a missing field belongs (a path, or a line): at the first field written after
    it (a deleted line's place is where the next line now stands), else just after the last
    field before it, else at the mapping. Which fields come after it is read from the
    mappings in the same place of the other entries (`cards[*]`,
    `archetypes[*].diplomats[*].signature`), as the designer orders them, else from the
    schema."""
    present = _at(doc.data, path)
    if not isinstance(present, dict) or not present:
        return path
    orders = [tuple(m) for m in _alike(doc.data, path) if name in m and m is not present]
    orders = orders or ([order] if name in order else [])
    after = {k for keys in orders for k in keys[keys.index(name) + 1 :]}
    before = {k for keys in orders for k in keys[: keys.index(name)]}
    line = {k: doc.mark((*path, k), key=True).line for k in present}
    following = [k for k in present if k in after and k not in before]
    if following:
        return (*path, min(following, key=line.__getitem__))
    preceding = [k for k in present if k in before]
    if preceding:
        last = max(preceding, key=line.__getitem__)
        return _end(doc, (*path, last)) + 1
    return path


def _end(doc: Document, path: Path_) -> int:
    """The last line a value is written on."""
    n = len(path)
    lines = [doc.ends.get(p, m.line) for p, m in doc.values.items() if p[:n] == path]
    return max(lines, default=doc.mark(path).line)


def _at(data: Any, path: Path_) -> Any:
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return None
    return data


def _alike(data: Any, path: Path_) -> Iterator[dict[str, Any]]:
    """Every mapping at the same place as `path` with any list index: its cousins."""
    if not path:
        if isinstance(data, dict):
            yield data
        return
    head, rest = path[0], path[1:]
    if isinstance(head, int) and isinstance(data, list):
        for item in data:
            yield from _alike(item, rest)
    elif isinstance(head, str) and isinstance(data, dict) and head in data:
        yield from _alike(data[head], rest)


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


def _properties(e: ValidationError) -> dict[str, Any]:
    """The properties of the mapping an error is about, in the schema's order: those of the
    schema the error came from, else of its parents (an `if`/`then` requirement)."""
    schema: Any = e.schema
    parent = e.parent
    while not (isinstance(schema, dict) and isinstance(schema.get("properties"), dict)):
        if parent is None:
            return {}
        schema, parent = parent.schema, parent.parent
    return dict(schema["properties"])


def _translate(doc: Document, e: ValidationError) -> Iterator[_Found]:
    path: Path_ = tuple(e.absolute_path)
    kind = str(e.validator)
    schema: dict[str, Any] = e.schema if isinstance(e.schema, dict) else {}
    value: Any = e.validator_value  # jsonschema types these as possibly unset
    instance: Any = e.instance
    where = _field(path, doc.data)
    if kind in ("required", "dependentRequired"):
        if kind == "required":
            missing = [(k, "") for k in value if k not in instance]
        else:  # {present field: [fields it needs]}
            missing = [
                (k, have)
                for have, needs in value.items()
                if have in instance
                for k in needs
                if k not in instance
            ]
        props = _properties(e)
        for name, beside in missing:
            desc = props.get(name, {}).get("description", "")
            if beside:
                desc = f"'{beside}' needs '{name}' beside it" + (f": {desc}" if desc else "")
            yield _Missing(path, name, desc if isinstance(desc, str) else "", tuple(props), beside)
    elif kind == "additionalProperties":
        allowed = tuple(schema.get("properties", {}))
        what = (
            schema.get("title", "field")
            if "title" in schema and schema.get("maxProperties") == 1
            else "field"
        )
        for name in instance:
            if name not in allowed:
                yield _Unknown(path, name, allowed, str(what))
    elif kind == "type":
        expected = [str(t) for t in (value if isinstance(value, list) else [value])]
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
        hint = ""
        if (
            "string" in expected
            and isinstance(instance, int | float)
            and not isinstance(instance, bool)
        ):
            hint = f'put it in quotes: "{instance}"'
        elif "integer" in expected:
            hint = _whole_number_hint(instance)
        elif "array" in expected and not isinstance(instance, list):
            hint = "write it as a list: one '- item' line per entry, or [a, b]"
        yield doc.diag(path, "E201", f"{where} must be {words}, not {_describe(instance)}", hint)
    elif kind in ("enum", "const"):
        options = value if kind == "enum" else [value]
        shown = ", ".join(str(o) for o in options)
        hint = (
            did_you_mean(str(instance), [str(o) for o in options])
            if isinstance(instance, str)
            else ""
        )
        yield doc.diag(
            path, "E206", f"{where}: {instance!r} is not allowed here", hint or f"one of: {shown}"
        )
    elif kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = _number(value)
        phrase = {
            "minimum": f"at least {bound}",
            "maximum": f"at most {bound}",
            "exclusiveMinimum": f"more than {bound}",
            "exclusiveMaximum": f"less than {bound}",
        }[kind]
        yield doc.diag(
            path,
            "E205",
            f"{where} must be {phrase}, not {_number(instance)}",
            str(schema.get("description", "")),
        )
    elif kind == "maxLength":
        yield doc.diag(
            path,
            "E206",
            f"{where} is too long: {len(instance):,} characters, at most {value:,}",
            "shorten it",
        )
    elif kind in (
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "minLength",
    ):
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
        if "propertyNames" in e.absolute_schema_path:  # a key, not a value: point at it
            yield doc.diag(
                (*path, instance),
                "E206",
                f"{where}: the key {instance!r} is not in the expected form",
                hint,
                key=True,
            )
        else:
            yield doc.diag(path, "E206", f"{where}: {instance!r} is not in the expected form", hint)
    elif kind in ("anyOf", "oneOf"):
        yield from _alternatives(doc, e, path)
    else:
        yield doc.diag(path, "E209", f"{where}: {e.message}")


def _alternatives(doc: Document, e: ValidationError, path: Path_) -> Iterator[_Found]:
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
    fitting = [
        i
        for i, errs in by_branch.items()
        if not any(s.validator == "type" and not s.relative_path for s in errs)
        and not any(s.validator in ("enum", "const") and not s.relative_path for s in errs)
    ]
    if isinstance(instance, str) and words:
        yield doc.diag(
            path,
            "E206",
            f"{where}: {instance!r} is not allowed here",
            did_you_mean(instance, words) or f"one of: {', '.join(words)}",
        )
        return
    if len(fitting) > 1 and isinstance(instance, dict):
        # mappings of several kinds (a Goal's fact, a door's fact): the kind it is nearest
        # to, with the fewest problems, is the one that was meant
        fewest = min(len(by_branch[i]) for i in fitting)
        nearest = [i for i in fitting if len(by_branch[i]) == fewest]
        if len(nearest) == 1:
            fitting = nearest
    if len(fitting) == 1:
        for sub in by_branch[fitting[0]]:
            yield from _translate(doc, sub)
        return
    types = [str(b["type"]) for b in branches if "type" in b]
    expected = " or ".join(_TYPE_WORDS.get(t, t) for t in types) or "another form"
    hint = f"one of: {', '.join(words)}" if words else ""
    if "integer" in types and isinstance(instance, int | float):
        hint = _whole_number_hint(instance)  # 2.0 or true where a number was meant
    yield doc.diag(path, "E201", f"{where} must be {expected}, not {_describe(instance)}", hint)


def _number(value: Any) -> str:
    """A number as a reader takes it in: 999,999,999; a 35-digit number by its length."""
    if isinstance(value, int) and not isinstance(value, bool):
        digits = len(str(abs(value)))
        return (
            f"a {digits}-digit number"
            if digits > 15
            else f"{value:,}"
            if digits > 4
            else (str(value))
        )
    return str(value)


def _whole_number_hint(value: Any) -> str:
    """What to write instead of a value that is not a whole number: 3 for 3.0."""
    if isinstance(value, float) and math.isfinite(value):
        if value.is_integer():
            return f"write {int(value)}"
        return f"write a whole number: {math.floor(value)} or {math.ceil(value)}"
    if isinstance(value, bool):
        return "write a whole number such as 2; true and false are not numbers"
    return "write a whole number such as 2"


def _repeated(items: Any) -> str:
    """'lists 'x' twice' for the first repeated item of a list."""
    seen: list[Any] = []
    for item in items if isinstance(items, list) else []:
        if item in seen:
            return f"lists {item!r} twice"
        seen.append(item)
    return "lists the same item twice"
