"""The typed, frozen game model: what every later stage reads instead of YAML.

Each value keeps `src`, where it was written, so that cross-checks can point at the line.
Builders here take documents that already passed their schema, so they may index freely.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pnp.content.loader import Document, Path_
from pnp.content.vocab import TERMS, TermKind, normalise


class Incomplete(Exception):
    """Raised on reading a part of the model that is missing or partial because its
    documents had errors. Whatever needed the part (a text, a cross-check) is left
    unchecked: its cause is already reported, and a second report would only repeat it."""

    def __init__(self, part: str) -> None:
        super().__init__(f"the {part} of this game have errors")
        self.part = part


class Damaged:
    """A part of the model with errors, where a reader expects the part: any use of it
    (an attribute, iterating, its length, its truth) raises Incomplete."""

    __slots__ = ("_part",)

    def __init__(self, part: str) -> None:
        object.__setattr__(self, "_part", part)

    def _stop(self, *args: object, **kwargs: object) -> Any:
        raise Incomplete(object.__getattribute__(self, "_part"))

    __getattr__ = __iter__ = __len__ = __bool__ = __getitem__ = __contains__ = _stop
    __call__ = _stop

    def __repr__(self) -> str:
        return f"Damaged({object.__getattribute__(self, '_part')!r})"


@dataclass(frozen=True, slots=True)
class Src:
    """Where a value was written: a displayable file name and a 1-based line and column."""

    file: str
    line: int
    col: int

    @staticmethod
    def at(doc: Document, path: Path_, *, key: bool = False) -> Src:
        """The position of `path` inside `doc` (worked out once per document)."""
        memo = doc.memo
        k = (tuple(path), key)
        found: Src | None = memo.get(k)
        if found is None:
            m = doc.mark(path, key=key)
            found = memo[k] = Src(doc.display, m.line, m.col)
        return found


Places = tuple[tuple[str, "Src"], ...]  # where each field of an entry is written


def places(doc: Document, path: Path_) -> Places:
    """The position of every field of the mapping at `path`, so that a check can point at
    the field at fault (`per_seat:`), not at the entry that holds it."""
    data: Any = doc.data
    for part in path:
        data = data[part]
    return tuple((k, Src.at(doc, (*path, k))) for k in data) if isinstance(data, dict) else ()


def place(where: Places, name: str, default: Src) -> Src:
    """Where the field `name` is written, else `default`."""
    return next((src for key, src in where if key == name), default)


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference by id to something defined elsewhere, with where it was written."""

    id: str
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive range of whole numbers, such as a player count."""

    min: int
    max: int
    src: Src = field(compare=False, repr=False)

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.min <= n <= self.max

    def values(self) -> range:
        """Every whole number in the range."""
        return range(self.min, self.max + 1)

    @staticmethod
    def build(doc: Document, path: Path_, data: Mapping[str, Any]) -> Range:
        """A Range from a schema-valid `{min, max}` mapping."""
        return Range(int(data["min"]), int(data["max"]), Src.at(doc, path))


@dataclass(frozen=True, slots=True)
class Term:
    """One step, condition or modifier of the effect vocabulary, with every parameter filled.

    `args` holds (parameter, value) pairs in the vocabulary's order, defaults included, so
    terms stay hashable and frozen. The options of `choose` are tuples of Terms.
    """

    name: str
    args: tuple[tuple[str, object], ...]
    src: Src = field(compare=False, repr=False)

    @property
    def kind(self) -> TermKind:
        """Step, condition or modifier."""
        return TERMS[self.name].kind

    def arg(self, name: str) -> Any:
        """One parameter's value."""
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(f"{self.name} has no parameter {name!r}")

    @staticmethod
    def build(doc: Document, path: Path_, data: Any) -> Term:
        """A Term from a schema-valid `word`, `{word: main}` or `{word: {param: value}}`."""
        if isinstance(data, str):
            name, value = data, None
        else:
            ((name, value),) = data.items()
        args = normalise(TERMS[name], value)
        if name == "choose":
            sub = (*path, name, "options") if isinstance(value, dict) else (*path, name)
            raw: list[list[Any]] = list(dict(args)["options"])  # type: ignore[call-overload]
            options = tuple(
                tuple(Term.build(doc, (*sub, i, j), step) for j, step in enumerate(option))
                for i, option in enumerate(raw)
            )
            args = tuple((k, options if k == "options" else v) for k, v in args)
        return Term(name, args, Src.at(doc, path))

    @staticmethod
    def build_all(doc: Document, path: Path_, data: Any) -> tuple[Term, ...]:
        """Terms from a schema-valid list (or nothing)."""
        return tuple(Term.build(doc, (*path, i), t) for i, t in enumerate(data or ()))


@dataclass(frozen=True, slots=True)
class Currency:
    """How money is written: `$` before, `M` after."""

    prefix: str = "$"
    suffix: str = ""

    def format(self, amount: int) -> str:
        """`$8M` for 8."""
        return f"{self.prefix}{amount}{self.suffix}"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The `kind: game` document: title, version and player counts."""

    id: str
    title: str
    version: str
    ruleset: Ref | None
    players: Range
    best: Range | None
    minutes: Range | None
    age: int | None
    tagline: str
    currency: Currency
    src: Src = field(compare=False, repr=False)

    @property
    def label(self) -> str:
        """The title and version as every component prints them: 'Diplomatic Immunity v0.27'."""
        return f"{self.title} v{self.version}"

    @staticmethod
    def build(game_id: str, doc: Document) -> GameInfo:
        """The game's identity from its schema-valid game document."""
        d = doc.data
        opt = {k: Range.build(doc, (k,), d[k]) if k in d else None for k in ("best", "minutes")}
        return GameInfo(
            id=game_id,
            title=d["title"],
            version=d["version"],
            ruleset=Ref(d["ruleset"], Src.at(doc, ("ruleset",))) if "ruleset" in d else None,
            players=Range.build(doc, ("players",), d["players"]),
            best=opt["best"],
            minutes=opt["minutes"],
            age=d.get("age"),
            tagline=d.get("tagline", ""),
            currency=Currency(**d["currency"]) if "currency" in d else Currency(),
            src=Src.at(doc, ()),
        )
