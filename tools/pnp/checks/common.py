"""Helpers shared by the checks: diagnostics at a model position, and reference lookups."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pnp.content.model import Ref, Src
from pnp.diagnostics import Diagnostic, closest


def at(src: Src, code: str, message: str, hint: str = "") -> Diagnostic:
    """A diagnostic at a model value's source position."""
    return Diagnostic(src.file, src.line, src.col, code, message, hint)


def resolve(ref: Ref, what: str, known: Mapping[str, str], out: list[Diagnostic]) -> bool:
    """Check that `ref` names a known id, else report E204 with a hint.

    `known` maps ids to display names, so that a reference written as the name
    ('Private Jet' for 'private-jet') or misspelt either way is pointed at the right id.
    """
    if ref.id in known:
        return True
    by_name = {name: key for key, name in known.items()}
    match = closest(ref.id, known)
    if match is None:
        name = closest(ref.id, by_name)
        match = by_name[name] if name is not None else None
    if match is not None:
        hint = f"did you mean '{match}'?"
    elif known:
        hint = "known: " + ", ".join(list(known)[:12]) + (", ..." if len(known) > 12 else "")
    else:
        hint = f"no {what} is defined in this game"
    out.append(at(ref.src, "E204", f"unknown {what} '{ref.id}'", hint))
    return False


def names(items: Iterable[object]) -> dict[str, str]:
    """{id: name} for model objects that have `id` and `name`."""
    return {getattr(i, "id"): getattr(i, "name", getattr(i, "id")) for i in items}  # noqa: B009
