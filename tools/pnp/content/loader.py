"""YAML loading that keeps the line and column of every node.

Only the safe loader is used. The node tree is walked by hand so that every value gets a
position (for diagnostics), duplicate keys are reported instead of silently overwritten, and
aliases cannot blow up memory. Nothing here raises on bad content: problems come back as
diagnostics.
"""

from __future__ import annotations

import dataclasses
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.diagnostics import Diagnostic

# The safe loader, libyaml's when PyYAML has it: much faster, the same values and marks.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# A JSON-style path to a value inside a document: keys and list indices.
Path_ = tuple[str | int, ...]

# Aliases may add at most this many values to a document: a YAML file is as big as it is
# written (the size limit is the snapshot's), but an alias repeats a whole subtree, so a
# few lines can stand for billions of values (the "billion laughs").
MAX_ALIAS_VALUES = 100_000
MAX_DEPTH = 64
_MERGE_TAG = "tag:yaml.org,2002:merge"
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


@dataclass(frozen=True, slots=True)
class Mark:
    """A 1-based line and column."""

    line: int
    col: int


_TOP = Mark(1, 1)  # where a value found nowhere is placed: the file's first character


@dataclass(slots=True)
class Document:
    """One YAML file: its data as plain Python values, and where each value stands."""

    path: Path
    display: str
    data: Any
    values: dict[Path_, Mark] = field(default_factory=dict)
    keys: dict[Path_, Mark] = field(default_factory=dict)
    ends: dict[Path_, int] = field(default_factory=dict)  # last line of a multi-line text
    text: str = ""  # the file as read
    _lines: list[str] = field(default_factory=list, repr=False)  # its lines, once split
    # what is worked out from it once, by those who read it (a document is never changed
    # once parsed, and the same one is handed out again for the same bytes): the `Src` of
    # each path, the digest of its data
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def text_line(self, n: int) -> str:
        """Line `n` (1-based) of the file as written."""
        if not self._lines:
            self._lines.extend(self.text.split("\n"))
        return self._lines[n - 1] if 0 < n <= len(self._lines) else ""

    def line_of(self, path: Path_, *words: str) -> int:
        """The line of a value; for a text written over several lines, the first of its
        lines that holds one of `words` (where a problem inside the text is)."""
        start = self.mark(path).line
        end = self.ends.get(tuple(path), start)
        if end > start and words:
            for n in range(start + 1, end + 1):  # the first holds the key, `>-` or `|`
                line = self.text_line(n)
                tags = "".join(re.findall(r"\{\{.*?\}\}|\{%.*?%\}", line))
                # a word anywhere; a single mark (`:`) only inside a tag
                if any(w in (line if len(w) > 1 else tags) for w in words if w):
                    return n
        return start

    def mark(self, path: Path_, *, key: bool = False) -> Mark:
        """Position of the value at `path` (or of its key), else of the nearest ancestor."""
        p = tuple(path)
        if key and p in self.keys:
            return self.keys[p]
        while p not in self.values and p:
            p = p[:-1]
        return self.values.get(p, _TOP)

    def diag(
        self, path: Path_, code: str, message: str, hint: str = "", *, key: bool = False
    ) -> Diagnostic:
        """A diagnostic located at the value (or key) at `path` in this document."""
        m = self.mark(path, key=key)
        return Diagnostic(self.display, m.line, m.col, code, message, hint)


class _TooBig(Exception):
    def __init__(self, node: yaml.Node, reason: str) -> None:
        super().__init__(reason)
        self.node = node
        self.reason = reason


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


class _Walker:
    """Turns a composed node tree into plain values, recording positions and duplicates."""

    def __init__(self, doc: Document, loader: yaml.SafeLoader) -> None:
        self.doc = doc
        self.loader = loader
        self.aliased = 0  # values reached a second time, through an alias
        self.seen: set[int] = set()
        self.stack: set[int] = set()
        self.problems: list[Diagnostic] = []

    def value(self, node: yaml.Node, path: Path_, repeat: bool = False) -> Any:
        repeat = repeat or id(node) in self.seen
        self.seen.add(id(node))
        if repeat:
            self.aliased += 1
            if self.aliased > MAX_ALIAS_VALUES:
                raise _TooBig(
                    node, f"aliases repeat more than {MAX_ALIAS_VALUES} values (an alias bomb?)"
                )
        if len(path) > MAX_DEPTH or id(node) in self.stack:
            raise _TooBig(node, "nested too deeply, or an alias refers to itself")
        self.doc.values.setdefault(path, _mark(node))
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if node.tag not in _PLAIN_TAGS:
            m = _mark(node)
            self.problems.append(
                Diagnostic(
                    self.doc.display,
                    m.line,
                    m.col,
                    "E101",
                    f"unsupported YAML tag '{node.tag}'",
                    "only plain YAML values are allowed (no custom tags)",
                )
            )
            return None
        self.stack.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.value(item, (*path, i), repeat) for i, item in enumerate(node.value)]
            assert isinstance(node, yaml.MappingNode)
            return self.mapping(node, path, repeat)
        finally:
            self.stack.discard(id(node))

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> Any:
        if node.end_mark.line > node.start_mark.line:
            # 1-based; a block scalar ends at the start of the line after its last one
            self.doc.ends[path] = node.end_mark.line + (1 if node.end_mark.column else 0)
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            m = _mark(node)
            self.problems.append(
                Diagnostic(
                    self.doc.display,
                    m.line,
                    m.col,
                    "E101",
                    f"cannot read value {node.value!r}: {_problem(exc)}",
                    "only plain YAML values are allowed (no custom tags)",
                )
            )
            return None

    def mapping(self, node: yaml.MappingNode, path: Path_, repeat: bool) -> dict[str, Any]:
        out: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            km = _mark(key_node)
            if key_node.tag == _MERGE_TAG:
                self.problems.append(
                    Diagnostic(
                        self.doc.display,
                        km.line,
                        km.col,
                        "E206",
                        "merge keys ('<<') are not supported",
                        "write the fields out in full",
                    )
                )
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(
                    Diagnostic(
                        self.doc.display,
                        km.line,
                        km.col,
                        "E201",
                        "a key must be plain text, not a list or mapping",
                    )
                )
                continue
            # The key as typed, so `no:` and `on:` stay the words the designer wrote.
            key = str(key_node.value)
            if key in out:
                self.problems.append(
                    Diagnostic(
                        self.doc.display,
                        km.line,
                        km.col,
                        "E105",
                        f"key '{key}' appears twice in this mapping "
                        f"(first on line {first_line[key]})",
                        "delete one of them; YAML would silently keep only the last",
                    )
                )
                continue
            first_line[key] = km.line
            self.doc.keys[(*path, key)] = km
            out[key] = self.value(value_node, (*path, key), repeat)
        return out


def _problem(exc: BaseException) -> str:
    if isinstance(exc, yaml.MarkedYAMLError):
        parts = [p for p in (exc.context, exc.problem) if p]
        return "; ".join(parts) or str(exc)
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def load_yaml(path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
    """Read one YAML file. Returns the document (None if unreadable) and every problem found."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [Diagnostic(display, 1, 1, "E102", f"cannot read file: {exc.strerror}")]
    return parse_yaml(raw, path, display)


# Documents parsed in this process, by their bytes: a game checked again in the same
# process (a sweep's variants, `pnp serve` after a save, `pnp diff`'s two versions, check
# then build, a copy of a game) mostly holds files that did not change. A document is read,
# never changed, by what uses it, so the same one is handed out again, under the path and
# name it is read by now. A file with problems is kept by its name too: they quote it.
_PARSED: OrderedDict[bytes, tuple[Document | None, tuple[Diagnostic, ...]]] = OrderedDict()
_PROBLEMS: OrderedDict[tuple[bytes, str], tuple[Document | None, tuple[Diagnostic, ...]]] = (
    OrderedDict()
)
PARSED_LIMIT = 64 * 1024 * 1024  # bytes of YAML kept, of each kind
_kept = {"clean": 0, "problems": 0}


def parse_yaml(raw: bytes, path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
    """One YAML file's bytes as a document (None if they cannot be one) and every problem;
    parsed once per process for the same bytes."""
    found = _PARSED.get(raw) or _PROBLEMS.get((raw, display))
    if found is None:
        doc, problems = _parse_yaml(raw, path, display)
        found = (doc, tuple(problems))
        if problems or doc is None:
            _keep(_PROBLEMS, "problems", (raw, display), found, len(raw))
        else:
            _keep(_PARSED, "clean", raw, found, len(raw))
        return doc, problems
    kept, said = found
    if kept is not None and (kept.path != path or kept.display != display):
        kept = dataclasses.replace(kept, path=path, display=display, _lines=[], memo={})
    return kept, list(said)


def _keep(kept: OrderedDict[Any, Any], kind: str, key: Any, value: Any, size: int) -> None:
    """Keep a parsed document, forgetting the least recently parsed past `PARSED_LIMIT`."""
    kept[key] = value
    _kept[kind] += size
    while _kept[kind] > PARSED_LIMIT and len(kept) > 1:
        old, _ = kept.popitem(last=False)
        _kept[kind] -= len(old if isinstance(old, bytes) else old[0])


def _parse_yaml(raw: bytes, path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [
            Diagnostic(
                display,
                line,
                col,
                "E102",
                f"file is not UTF-8 text: byte 0x{raw[exc.start]:02x} here",
                "save the file as UTF-8",
            )
        ]
    doc = Document(path=path, display=display, data=None, text=text)
    loader = SAFE_LOADER(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.composer.ComposerError as exc:
            if exc.problem and "single document" in (exc.context or "") + exc.problem:
                m = exc.problem_mark
                line, col = (m.line + 1, m.column + 1) if m else (1, 1)
                return None, [
                    Diagnostic(
                        display,
                        line,
                        col,
                        "E106",
                        "more than one YAML document in this file",
                        "remove the '---' line, or split the file in two",
                    )
                ]
            return None, [_syntax(display, text, exc)]
        except yaml.YAMLError as exc:
            return None, [_syntax(display, text, exc)]
        except RecursionError:
            return None, [Diagnostic(display, 1, 1, "E108", "YAML nested too deeply")]
        if node is None:
            return None, [
                Diagnostic(
                    display, 1, 1, "E103", "file is empty", "start the file with a 'kind:' line"
                )
            ]
        walker = _Walker(doc, loader)
        try:
            doc.data = walker.value(node, ())
        except _TooBig as exc:
            at = _mark(exc.node)
            return None, [Diagnostic(display, at.line, at.col, "E108", f"YAML {exc.reason}")]
        except RecursionError:
            return None, [Diagnostic(display, 1, 1, "E108", "YAML nested too deeply")]
        return doc, walker.problems
    finally:
        loader.dispose()


_SWALLOWED = re.compile(r"\n\s*(- |[A-Za-z_][\w-]*:|#)")  # a line of YAML inside a string


def _open_quote(text: str, error_line: int) -> yaml.Mark | None:
    """Where a quote opened that was closed only lines later, swallowing lines of YAML: the
    parser fails far below it, but the stray quote is the mistake. (libyaml's scanner, where
    PyYAML has it, gives the same tokens and marks, in characters, ten times as fast.)"""
    found = None
    try:
        for token in yaml.scan(text, Loader=SAFE_LOADER):
            if token.start_mark.line >= error_line:
                break
            if (
                isinstance(token, yaml.ScalarToken)
                and token.style in ("'", '"')
                and token.end_mark.line > token.start_mark.line
                and _SWALLOWED.search(text[token.start_mark.index : token.end_mark.index])
            ):
                found = token.start_mark
    except yaml.YAMLError:
        pass
    return found


def _syntax(display: str, text: str, exc: yaml.YAMLError) -> Diagnostic:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    context = getattr(exc, "context", None) or ""
    if "flow" in context or "simple key" in context or "quoted scalar" in context:
        # An unclosed bracket or quote, or a missing ':', is found lines later; where it
        # began is where the mistake is.
        mark = getattr(exc, "context_mark", None) or mark
    if mark is not None:
        mark = _open_quote(text, mark.line) or mark
    if mark is not None:
        line, col = mark.line + 1, mark.column + 1
    elif isinstance(exc, yaml.reader.ReaderError):
        # The reader counts characters; turn the offset into a line and column.
        before = text[: exc.position]
        line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
    else:
        line, col = 1, 1
    last = text.count("\n") + (0 if text.endswith("\n") else 1)
    line = max(1, min(line, last))
    if "maximum nesting depth" in _problem(exc):
        return Diagnostic(display, line, col, "E108", "YAML nested too deeply")
    return Diagnostic(
        display,
        line,
        col,
        "E101",
        f"YAML syntax error: {_problem(exc)}",
        "check the indentation and quoting on this line and the one above",
    )
