"""The one jinja2 environment every template of a game is filled in: card texts, the rulebook.

Content is untrusted input (it may come from a pull request or a download), and its
templates are filled during a plain `pnp check`. So a template may read data and nothing
else, and may do only a bounded amount of work:

- names: only what the caller puts in scope (the fields and look-ups the README documents);
  jinja2's own globals (`range`, `dict`, `lipsum`, `cycler`, `joiner`, `namespace`) and
  `self` are refused;
- filters: the caller's own (`money`, `word`, ...) and three of jinja2's, `length`, `join`
  and `map`, which the shipped content uses; every other jinja2 filter is refused;
- attributes: the public fields of the model's frozen dataclasses, enums and rulebook
  views, the methods of those model objects, a mapping's `items`, `keys`, `values` and
  `get`, and a loop's `loop.index` and friends. Nothing that starts with `_`, no module,
  class, function, file or path, no method of a text, list or number (so no
  `'{0.__class__}'.format(x)`), and no `%` formatting of text;
- tags: `import`, `from`, `include`, `extends`, `macro`, `call`, `block` and recursive
  loops are refused before anything runs (there is nothing to import: templates are
  strings, not files);
- work: all loops of one filling, and the items `join` and `map` go through, take at most
  `Limits.loops` steps; no text or list grows past `Limits.size` characters or items, no
  number past `Limits.digits` digits, the output past `Limits.size` characters, nor all
  the texts built on the way past `Limits.work` characters. `*`, `**`, `+` and `~` are
  checked before they build anything large.

Refused access raises `TemplateUnsafe` (diagnostic E714), a bound exceeded `TemplateLimit`
(E715). Both carry a message that says the cause first, a hint and the template line.
"""

from __future__ import annotations

import enum
import marshal
import math
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import jinja2
from jinja2 import nodes
from jinja2.defaults import DEFAULT_NAMESPACE
from jinja2.exceptions import SecurityError
from jinja2.filters import FILTERS as DEFAULT_FILTERS
from jinja2.filters import make_attrgetter, sync_do_map
from jinja2.runtime import Context, LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

from pnp.content import cache_folder

T = TypeVar("T")

E_UNSAFE = "E714"
E_LIMIT = "E715"


@dataclass(frozen=True, slots=True)
class Limits:
    """How much work one filling of one template may do."""

    loops: int = 10_000  # loop steps, and items through `join` and `map`, in all
    size: int = 1_000_000  # characters of one text or of the output; items of one list
    work: int = 10_000_000  # characters of every text built on the way, in all
    digits: int = 18  # a number has at most this many digits

    @property
    def largest(self) -> int:
        """The largest number a template may make."""
        return int(10**self.digits) - 1


class TemplateRefused(Exception):
    """A template that may not be filled; `code` is its diagnostic, `line` its template line
    (None until known)."""

    code = ""

    def __init__(self, message: str, hint: str = "", line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.line = line


class TemplateUnsafe(TemplateRefused):
    """A template reaches for something templates may not use: Python internals, a tag that
    reads other templates, a method of a non-data object."""

    code = E_UNSAFE


class TemplateLimit(TemplateRefused):
    """A template does more work than a text may: too many loop steps, too long a text."""

    code = E_LIMIT


# ---- what a template may read ---------------------------------------------------------------

# jinja2's own globals, and `self` (the template itself), are never in scope.
RESERVED = frozenset(DEFAULT_NAMESPACE) | {"self"}
# The tags that would read other templates or define callables.
TAGS: dict[type[nodes.Node], str] = {
    nodes.Import: "{% import %}",
    nodes.FromImport: "{% from ... import %}",
    nodes.Include: "{% include %}",
    nodes.Extends: "{% extends %}",
    nodes.Macro: "{% macro %}",
    nodes.CallBlock: "{% call %}",
    nodes.Block: "{% block %}",
}
TAG_HINT = (
    "a template fills in its own text from the game's data: it cannot import, "
    "include or extend another template, or define macros or blocks"
)
LOOP_FIELDS = frozenset(
    {
        "index",
        "index0",
        "revindex",
        "revindex0",
        "first",
        "last",
        "length",
        "depth",
        "depth0",
        "previtem",
        "nextitem",
    }
)
MAPPING_METHODS = frozenset({"items", "keys", "values", "get"})

_SCALARS = (str, int, float, type(None))
_CONTAINERS: tuple[type, ...] = (
    tuple,
    list,
    dict,
    set,
    frozenset,
    range,
    type({}.keys()),
    type({}.values()),
    type({}.items()),
)
_SIZED = (str, list, tuple, dict, set, frozenset)
_VIEWS: set[type] = set()


def readable(cls: type[T]) -> type[T]:
    """Let templates read the public attributes of this class's objects, as they read a
    model dataclass's (the rulebook's views of model objects)."""
    _VIEWS.add(cls)
    return cls


def is_model(obj: object) -> bool:
    """An object of the game model: a frozen dataclass of this package (never a class)."""
    cls = type(obj)
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and bool(params.frozen) and cls.__module__.startswith("pnp.")


def is_data(value: object) -> bool:
    """A value a template may hold: text, numbers, containers, enums, model objects."""
    return (
        isinstance(value, _SCALARS + _CONTAINERS + (enum.Enum,))
        or is_model(value)
        or type(value) in _VIEWS
    )


def _model_method(value: object) -> bool:
    """A method bound to a model object (`rules.scandal.lose_money.of`); a static or class
    method is not bound to the object, and stays out."""
    return (
        isinstance(value, types.MethodType)
        and not value.__func__.__name__.startswith("_")
        and (is_model(value.__self__) or type(value.__self__) in _VIEWS)
    )


# ---- the budget of one filling --------------------------------------------------------------

BUDGET = "pnp budget"  # a context key no template name can spell (it has a space)


@dataclass(slots=True)
class Budget:
    """What one filling has spent so far."""

    limits: Limits
    what: str
    steps: int = 0
    built: int = 0
    printed: int = 0

    def step(self) -> None:
        """One loop step."""
        self.steps += 1
        if self.steps > self.limits.loops:
            raise TemplateLimit(
                f"{self.what} loops more than {self.limits.loops:,} times",
                "loop over the game's own lists, which are short; a loop this long is a mistake",
            )

    def room(self, size: int, kind: str = "text") -> None:
        """Refuse a text or list of this size before it is built."""
        if size > self.limits.size:
            unit = "characters" if kind == "text" else "items"
            raise TemplateLimit(
                f"{self.what} builds a {kind} longer than {self.limits.size:,} {unit}",
                "no printed text is this long: look for a '*', '+' or '~' "
                "that repeats a text or a list",
            )

    def too_big(self) -> TemplateLimit:
        """The error for a number past the limit."""
        return TemplateLimit(
            f"{self.what} makes a number longer than {self.limits.digits} digits",
            "the game's numbers are small: look for a '*' or '**'",
        )

    def made(self, value: object) -> None:
        """Account for a value a template built; refuse it when it is too large."""
        if isinstance(value, bool):
            return
        if isinstance(value, int | float):
            if (
                not (isinstance(value, int) or math.isfinite(value))
                or abs(value) > self.limits.largest
            ):
                raise self.too_big()
            return
        if isinstance(value, _SIZED):
            self.room(len(value), "text" if isinstance(value, str) else "list")
            self.built += len(value)
            if self.built > self.limits.work:
                raise TemplateLimit(
                    f"{self.what} builds more than {self.limits.work:,} characters in all",
                    "a text is filled in once: look for a loop that builds "
                    "long texts over and over",
                )

    def output(self, size: int) -> None:
        """Account for printed characters."""
        self.printed += size
        if self.printed > self.limits.size:
            raise TemplateLimit(
                f"{self.what} prints more than {self.limits.size:,} characters",
                "no printed text is this long: look for a loop that prints too much",
            )


def _budget(context: Context) -> Budget:
    found = context.get(BUDGET)
    if not isinstance(found, Budget):  # a context made without new_context: start one
        env = context.environment
        assert isinstance(env, Sandbox)
        found = Budget(env.limits, env.what)
        context.parent[BUDGET] = found
    return found


class _Counted(Iterator[Any]):
    """An iterable whose every step is paid for from the budget."""

    def __init__(self, source: Iterable[Any], budget: Budget) -> None:
        self._source = source
        self._it = iter(source)
        self._budget = budget

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        item = next(self._it)
        self._budget.step()
        return item

    def __len__(self) -> int:
        return len(self._source)  # type: ignore[arg-type]  # TypeError when unsized


# ---- the filters templates keep -------------------------------------------------------------


@jinja2.pass_context
def _join(
    context: Context, value: Iterable[Any], d: str = "", attribute: str | int | None = None
) -> str:
    """jinja2's `join`, one item at a time, so that a long result stops early."""
    budget = _budget(context)
    get = make_attrgetter(context.environment, attribute) if attribute is not None else None
    sep = str(d)
    parts: list[str] = []
    size = 0
    for item in _Counted(value, budget):
        text = str(get(item) if get is not None else item)
        size += len(text) + (len(sep) if parts else 0)
        budget.room(size)
        parts.append(text)
    out = sep.join(parts)
    budget.made(out)
    return out


@jinja2.pass_context
def _map(context: Context, value: Iterable[Any], *args: Any, **kwargs: Any) -> Iterable[Any]:
    """jinja2's `map`, each item paid for; attributes are looked up by the sandbox."""
    return sync_do_map(context, _Counted(value, _budget(context)), *args, **kwargs)


# jinja2's filters that templates keep: the ones the shipped content uses.
BUILTINS: dict[str, Callable[..., Any]] = {"length": len, "join": _join, "map": _map}


def _checked(f: Callable[..., Any]) -> Callable[..., Any]:
    """A filter of the caller's whose result is accounted for like any built value."""

    @jinja2.pass_context
    def run(context: Context, value: Any, *args: Any, **kwargs: Any) -> Any:
        out = f(value, *args, **kwargs)
        _budget(context).made(out)
        return out

    run.__name__ = getattr(f, "__name__", "filter")
    run.__doc__ = f.__doc__
    return run


# ---- before compiling: refuse, then bound ---------------------------------------------------


def _call(name: str, args: list[nodes.Expr], lineno: int) -> nodes.Call:
    """A call to one of the environment's bounding helpers (never a name a template has)."""
    return nodes.Call(
        nodes.EnvironmentAttribute(name, lineno=lineno), args, [], None, None, lineno=lineno
    )


class _Bound(NodeTransformer):
    """Every loop counted, every `~` and every printed piece accounted for."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = _call("bounded_loop", [_expr(node.iter)], node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return _call("bounded_concat", list(node.nodes), node.lineno)

    def visit_Output(self, node: nodes.Output) -> nodes.Node:
        self.generic_visit(node)
        node.nodes = [_call("bounded_print", [_expr(child)], child.lineno) for child in node.nodes]
        return node


def _expr(child: nodes.Node) -> nodes.Expr:
    """A printed piece as an expression: literal text becomes a constant."""
    if isinstance(child, nodes.TemplateData):
        return nodes.Const(child.data, lineno=child.lineno)
    assert isinstance(child, nodes.Expr)
    return child


def _underscore(value: object) -> str | None:
    """The part of an attribute path (`a.__class__`) that starts with `_`, if any."""
    if not isinstance(value, str):
        return None
    return next((part for part in value.split(".") if part.startswith("_")), None)


# ---- the environment ------------------------------------------------------------------------


class BoundedTemplate(jinja2.Template):
    """A template whose every filling has its own budget and a bounded output."""

    def new_context(
        self,
        vars: dict[str, Any] | None = None,
        shared: bool = False,
        locals: Mapping[str, Any] | None = None,
    ) -> Context:
        """A fresh context, with a fresh budget in it."""
        env = self.environment
        assert isinstance(env, Sandbox)
        vars = {**(vars or {}), BUDGET: Budget(env.limits, env.what)}
        return super().new_context(vars, shared, locals)

    def render(self, *args: Any, **kwargs: Any) -> str:
        """The filled template, streamed and stopped at the size limit; refusals carry the
        template line they happened at."""
        env = self.environment
        assert isinstance(env, Sandbox)
        out: list[str] = []
        size = 0
        chunks = self.generate(*args, **kwargs)
        try:
            for chunk in chunks:
                size += len(chunk)
                if size > env.limits.size:
                    raise TemplateLimit(
                        f"{env.what} prints more than {env.limits.size:,} characters",
                        "no printed text is this long",
                    )
                out.append(chunk)
        except TemplateRefused as exc:
            if exc.line is None:
                exc.line = template_line(exc)
            raise
        except SecurityError as exc:
            raise TemplateUnsafe(
                f"{env.what} does something templates may not do: {exc.message or exc}",
                env.hint,
                template_line(exc),
            ) from exc
        except RecursionError as exc:
            raise env.nested(template_line(exc)) from None
        except MemoryError as exc:
            raise TemplateLimit(
                f"{env.what} needs more memory than a text may use",
                "look for a loop or a '*' that builds something huge",
                template_line(exc),
            ) from None
        except OverflowError as exc:
            raise TemplateLimit(
                f"{env.what} makes a number too large to compute",
                "the game's numbers are small: look for a '*' or '**'",
                template_line(exc),
            ) from exc
        finally:
            if isinstance(chunks, types.GeneratorType):
                chunks.close()
        return "".join(out)


class Sandbox(ImmutableSandboxedEnvironment):
    """The environment of one kind of template (`what` names it in messages: 'text
    template', 'rulebook template'); `filters` are the caller's own, in addition to
    `length`, `join` and `map`."""

    template_class = BoundedTemplate
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(
        self,
        *,
        what: str,
        hint: str,
        filters: Mapping[str, Callable[..., Any]],
        limits: Limits | None = None,
        **options: Any,
    ) -> None:
        super().__init__(undefined=jinja2.StrictUndefined, autoescape=False, **options)
        self.what = what
        self.hint = hint
        self.limits = limits or Limits()
        self.globals.clear()  # range, dict, lipsum, cycler, joiner, namespace
        self.filters.clear()
        self.filters.update(BUILTINS)
        self.filters.update({name: _checked(f) for name, f in filters.items()})
        self._compiled: dict[str, jinja2.Template] = {}
        self._signature: str | None = None

    def from_string(
        self, source: str | nodes.Template, globals: Any = None, template_class: Any = None
    ) -> jinja2.Template:
        """A template from its source, compiled once per environment: a game's texts and a
        rulebook's sources are filled again by every check and build of the same process,
        and compiling is most of the cost. A refused source is refused every time."""
        if not isinstance(source, str) or globals is not None or template_class is not None:
            return super().from_string(source, globals, template_class)
        found = self._compiled.get(source)
        if found is None:
            if len(self._compiled) >= 4096:
                self._compiled.clear()
            found = self._compiled[source] = super().from_string(source)
        return found

    # -- refusals --

    def refused(self, thing: str, hint: str = "", line: int | None = None) -> TemplateUnsafe:
        """The error for a template that reaches for `thing`."""
        return TemplateUnsafe(
            f"{self.what} reaches for {thing}, which templates may not use", hint or self.hint, line
        )

    def nested(self, line: int | None = None) -> TemplateLimit:
        """The error for a template nested past Python's recursion limit."""
        return TemplateLimit(
            f"{self.what} is nested too deeply",
            "write the text plainly: brackets and tags this deep are a mistake",
            line,
        )

    def check(self, ast: nodes.Template) -> None:
        """Refuse a parsed template that uses a refused tag, name, filter or attribute: the
        first one, by line."""
        found: list[TemplateUnsafe] = []
        for node in ast.find_all(nodes.Node):
            line = node.lineno
            if type(node) in TAGS:
                found.append(
                    TemplateUnsafe(
                        f"{self.what} uses {TAGS[type(node)]}, which templates may not use",
                        TAG_HINT,
                        line,
                    )
                )
            elif isinstance(node, nodes.For) and node.recursive:
                found.append(
                    TemplateUnsafe(
                        f"{self.what} uses a recursive loop, which templates may not use",
                        TAG_HINT,
                        line,
                    )
                )
            elif isinstance(node, nodes.Name) and node.name in RESERVED:
                found.append(self.refused(f"'{node.name}'", line=line))
            elif isinstance(node, nodes.Getattr | nodes.NSRef) and node.attr.startswith("_"):
                found.append(self.refused(f"'{node.attr}'", line=line))
            elif (
                isinstance(node, nodes.Getitem)
                and isinstance(node.arg, nodes.Const)
                and str(node.arg.value).startswith("_")
            ):
                found.append(self.refused(f"'{node.arg.value}'", line=line))
            elif isinstance(node, nodes.Filter):
                problem = self._filter_problem(node)
                if problem:
                    found.append(self.refused(problem, self._filter_hint(), line))
        if found:
            raise min(found, key=lambda e: e.line or 0)

    def _filter_problem(self, node: nodes.Filter) -> str | None:
        if node.name not in self.filters and node.name in DEFAULT_FILTERS:
            return f"the filter '{node.name}'"
        for kw in node.kwargs:
            part = _underscore(kw.value.value) if isinstance(kw.value, nodes.Const) else None
            if kw.key == "attribute" and part:
                return f"'{part}'"
        if node.name == "map" and node.args and isinstance(node.args[0], nodes.Const):
            name = node.args[0].value
            if isinstance(name, str) and name not in self.filters:
                return f"the filter '{name}'"
        return None

    def _filter_hint(self) -> str:
        return "filters here: " + ", ".join(sorted(self.filters))

    def compile(
        self,
        source: str | nodes.Template,
        name: str | None = None,
        filename: str | None = None,
        raw: bool = False,
        defer_init: bool = False,
    ) -> Any:
        """Parse, refuse what templates may not use, bound the rest, then compile. The code
        of a source compiled before, by this version of pnp in an environment set up alike,
        comes from the cache folder (`compiled_code`)."""
        key = ""
        if isinstance(source, str) and not raw:
            key = self._code_key(source, name, filename, defer_init)
            code = compiled_code(key, source)
            if code is not None:
                return code
        try:
            tree = self.parse(source, name, filename) if isinstance(source, str) else source
            self.check(tree)
            bounded = _Bound().visit(tree)
            assert isinstance(bounded, nodes.Template)
            bounded.set_environment(self)
            if raw:
                return super().compile(bounded, name, filename, True, defer_init)
            if not isinstance(source, str):
                return super().compile(bounded, name, filename, False, defer_init)
            python = super().compile(bounded, name, filename, True, defer_init)
            code = self._compile(python, filename or "<template>")
        except RecursionError:
            raise self.nested(_deepest(source) if isinstance(source, str) else None) from None
        keep_code(key, source, code)
        return code

    def _code_key(
        self, source: str, name: str | None, filename: str | None, defer_init: bool
    ) -> str:
        """What decides the code a source compiles to: the source, and the environment's
        `_signature`."""
        if self._signature is None:
            self._signature = _signature(self)
        return cache_folder.digest(
            self._signature, name or "", filename or "", str(defer_init), source
        )

    # -- attributes and calls --

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Data only: see the module's docstring."""
        if attr.startswith("_") or not super().is_safe_attribute(obj, attr, value):
            return False
        if isinstance(obj, LoopContext):
            return attr in LOOP_FIELDS
        if isinstance(obj, dict):
            return attr in MAPPING_METHODS
        if not (is_model(obj) or isinstance(obj, enum.Enum) or type(obj) in _VIEWS):
            return False  # no attribute of a text, number, list, function or anything else
        if is_data(value):
            return True
        return not isinstance(obj, enum.Enum) and _model_method(value)

    def is_safe_callable(self, obj: Any) -> bool:
        """No class (that would make objects) and no loop (recursive loops are refused)."""
        if isinstance(obj, type | LoopContext):
            return False
        return super().is_safe_callable(obj)

    def unsafe_undefined(self, obj: Any, attribute: str) -> jinja2.Undefined:
        """Refuse at once, rather than hand the template an undefined value to trip on."""
        raise self.refused(f"'{attribute}'")

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """No `str.format`: it is refused like every other method of a text."""
        return None

    def call(self, context: Context, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Call a look-up or a model method; what it returns is accounted for."""
        if not self.is_safe_callable(obj):
            name = getattr(obj, "__name__", type(obj).__name__)
            raise TemplateUnsafe(
                f"{self.what} calls '{name}', which templates may not call", self.hint
            )
        out = context.call(obj, *args, **kwargs)
        if getattr(obj, "__self__", None) is not self:  # the helpers account for themselves
            _budget(context).made(out)
        return out

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """`*`, `**`, `+` and `%`, refused before they build anything too large."""
        budget = _budget(context)
        if operator == "%" and isinstance(left, str):
            raise TemplateUnsafe(
                f"{self.what} formats text with '%', which templates may not use",
                "print each value with {{ }} and a filter",
            )
        bits = self.limits.largest.bit_length()
        ints = isinstance(left, int) and isinstance(right, int)
        if operator == "*":
            seq, n = (left, right) if isinstance(right, int) else (right, left)
            if isinstance(seq, str | list | tuple) and isinstance(n, int):
                budget.room(len(seq) * max(n, 0), "text" if isinstance(seq, str) else "list")
            elif ints and abs(left).bit_length() + abs(right).bit_length() > 2 * bits:
                raise budget.too_big()
        elif (
            operator == "**"
            and ints
            and right > 0
            and abs(left) > 1
            and (abs(left).bit_length() - 1) * right > bits
        ):
            raise budget.too_big()
        elif (
            operator == "+"
            and isinstance(left, str | list | tuple)
            and isinstance(right, str | list | tuple)
        ):
            budget.room(len(left) + len(right), "text" if isinstance(left, str) else "list")
        out = self.binop_table[operator](left, right)
        budget.made(out)
        return out

    # -- the helpers the bounding transform calls --

    @jinja2.pass_context
    def bounded_loop(self, context: Context, iterable: Iterable[Any]) -> Iterator[Any]:
        """A loop's list, each step paid for."""
        return _Counted(iterable, _budget(context))

    @jinja2.pass_context
    def bounded_concat(self, context: Context, *parts: Any) -> str:
        """`a ~ b`, stopped as soon as it is too long."""
        budget = _budget(context)
        texts: list[str] = []
        size = 0
        for part in parts:
            text = str(part)
            size += len(text)
            budget.room(size)
            texts.append(text)
        out = "".join(texts)
        budget.made(out)
        return out

    @jinja2.pass_context
    def bounded_print(self, context: Context, value: Any) -> str:
        """A printed piece, counted towards the output limit (also inside `{% set %}`)."""
        text = str(value)
        _budget(context).output(len(text))
        return text


def _deepest(source: str) -> int:
    """The line where brackets nest deepest: where a template nested too deeply to parse
    goes wrong."""
    depth = deepest = 0
    line = found = 1
    for ch in source:
        if ch == "\n":
            line += 1
        elif ch in "([{":
            depth += 1
            if depth > deepest:
                deepest, found = depth, line
        elif ch in ")]}":
            depth -= 1
    return found


def template_line(exc: BaseException) -> int:
    """The template line an error was raised at (jinja2 rewrites the traceback so that its
    frames carry template lines), or 1."""
    line = 1
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


# ---- compiled templates, kept in the cache folder ----------------------------------------------

CODE_STORE = "templates"
CODE_LIMIT = 4096  # templates; a game has a few hundred
CODE_BYTES = 16 << 20  # a game's take about half a megabyte


def _signature(env: Sandbox) -> str:
    """Everything about an environment that the code of its templates depends on: how it
    reads templates (markers, whitespace), what it may refuse (filter and test names, this
    module's code), how it compiles (its class, how each filter is called, jinja2's and
    Python's versions, pnp's), and never what the code looks up as it runs (a game's money
    format). Taken at the first compile: like every jinja2 environment, a sandbox is set up
    before it loads templates, and not changed after."""
    from pnp import __version__

    settings = (
        type(env).__module__,
        type(env).__qualname__,
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.autoescape,
        env.optimized,
        env.is_async,
        env.undefined.__qualname__,
        env.code_generator_class.__qualname__,
        env.context_class.__qualname__,
        None if env.finalize is None else _how_called(env.finalize),
        sorted(env.extensions),
        sorted((name, _how_called(f)) for name, f in env.filters.items()),
        sorted((name, _how_called(f)) for name, f in env.tests.items()),
        sorted((k, repr(v)) for k, v in env.policies.items() if k.startswith("compiler.")),
        sorted(env.intercepted_binops),
        sorted(env.intercepted_unops),
    )
    return cache_folder.digest(
        repr(settings),
        __version__,
        jinja2.__version__,
        sys.version,
        cache_folder.file_digest(__file__),
    )


def _how_called(f: Any) -> str:
    """How compiled code calls a filter or test: with the context, the environment or
    neither (jinja2's `pass_context` and friends)."""
    return repr(getattr(f, "jinja_pass_arg", None))


def compiled_code(key: str, source: str) -> types.CodeType | None:
    """The code kept under `key`, if the cache folder has it and it was compiled from
    exactly `source`."""
    found = cache_folder.store(CODE_STORE, CODE_LIMIT, CODE_BYTES).get(key)
    if found is None:
        return None
    try:
        kept, code = marshal.loads(found)
    except (EOFError, ValueError, TypeError):
        return None
    return code if kept == source and isinstance(code, types.CodeType) else None


def keep_code(key: str, source: str, code: types.CodeType) -> None:
    """Keep a template's code in the cache folder, with the source it was compiled from."""
    cache_folder.store(CODE_STORE, CODE_LIMIT, CODE_BYTES).put(key, marshal.dumps((source, code)))


_ENVIRONMENTS: dict[tuple[Any, str], Sandbox] = {}


def environment(currency: Any, *, what: str, hint: str, **options: Any) -> Sandbox:
    """The one environment of a kind of template for a game's money (`currency`, with its
    `format`), made once: every filter of `pnp.english` (word, nth, ordinal, times, plural,
    cap, share, money), so card text and the rulebook say things alike. `what` names the
    kind in messages; `options` are jinja's (comment markers, trailing newline)."""
    from pnp import english

    key = (currency, what)
    env = _ENVIRONMENTS.get(key)
    if env is None:
        env = _ENVIRONMENTS[key] = Sandbox(
            what=what, hint=hint, filters=english.filters(currency.format), **options
        )
    return env
