"""The core never names a ruleset: nothing outside `pnp/rulesets/<name>/` imports one, and no
ruleset imports another. The core reaches a ruleset only through `pnp.rulesets` (its
registry and the `Ruleset` interface), so a third game's ruleset plugs in the same way.
And the core's parts import one another in layers: no cycle between them (`render` draws,
`rulebook` lays out a book with it, `checks` read both), so each can be read, tested and
imported on its own."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pnp

PACKAGE = Path(pnp.__file__).parent
RULESETS = PACKAGE / "rulesets"


def _module(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _statements(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement in `nodes` and in the blocks inside them (an import is always a
    statement: no expression needs walking)."""
    for node in nodes:
        yield node
        for name in ("body", "orelse", "finalbody"):
            yield from _statements(getattr(node, name, []))
        for block in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
            yield from _statements(block.body)


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imports(path: Path, typing: bool = True) -> list[tuple[int, str]]:
    """(line, module) for every import in a file, relative ones resolved, names imported
    from a package counted as its submodules (`from pnp.rulesets import x`); with
    `typing=False`, leaving out those under `if TYPE_CHECKING:` (never run)."""
    tree = _tree(path)
    typed: set[int] = set()
    if not typing:
        for node in _statements(tree.body):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                typed.update(id(n) for n in _statements(node.body))
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in _statements(tree.body):
        if id(node) in typed:
            continue
        if isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{a.name}") for a in node.names)
    return found


def _ruleset_of(module: str) -> str | None:
    """The ruleset package a module belongs to (`diamond_heist`), if any."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["pnp", "rulesets"] and len(parts) > 2 else None


def _rulesets() -> set[str]:
    return {p.name for p in RULESETS.iterdir() if (p / "__init__.py").is_file()}


def test_the_shipped_rulesets_are_packages_under_rulesets() -> None:
    assert {"diplomatic_immunity", "diamond_heist"} <= _rulesets()


def test_nothing_outside_a_ruleset_imports_it() -> None:
    names = _rulesets()
    crossings = []
    for path in sorted(PACKAGE.rglob("*.py")):
        owner = _ruleset_of(_module(path))
        for line, module in _imports(path):
            target = _ruleset_of(module)
            if target in names and target != owner:
                crossings.append(f"{path.relative_to(PACKAGE.parent)}:{line}: imports {module}")
    assert not crossings, "\n".join(sorted(set(crossings)))


def test_the_check_sees_a_crossing(tmp_path: Path) -> None:
    """The walker finds imports in functions and under TYPE_CHECKING, relative ones too."""
    probe = PACKAGE / "render" / "probe_for_boundary_test.py"
    assert not probe.exists()
    try:
        probe.write_text(
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from ..rulesets.diamond_heist import model\n"
            "def f():\n    import pnp.rulesets.diplomatic_immunity.boards\n",
            encoding="utf-8",
        )
        found = {m for _, m in _imports(probe)}
        assert "pnp.rulesets.diamond_heist.model" in found
        assert "pnp.rulesets.diplomatic_immunity.boards" in found
    finally:
        probe.unlink()


def _part(module: str) -> str | None:
    """The part of the core a module belongs to: its subpackage (`render`) or top-level
    module (`pipeline`); None outside pnp and inside a ruleset package."""
    parts = module.split(".")
    if parts[0] != "pnp" or len(parts) < 2 or _ruleset_of(module):
        return None
    return parts[1]


def test_the_core_parts_import_one_another_without_a_cycle() -> None:
    graph: dict[str, dict[str, str]] = {}  # part -> {part it imports: where}
    for path in sorted(PACKAGE.rglob("*.py")):
        me = _part(_module(path))
        if me is None:
            continue
        for line, module in _imports(path, typing=False):
            other = _part(module)
            if other and other != me and other in {p.stem for p in PACKAGE.iterdir()}:
                graph.setdefault(me, {}).setdefault(
                    other, f"{path.relative_to(PACKAGE.parent)}:{line}"
                )
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        for nxt in sorted(graph.get(node, {})):
            if nxt in trail:
                loop = [*trail[trail.index(nxt) :], nxt]
                cycles.append(
                    " -> ".join(loop)
                    + " ("
                    + ", ".join(graph[a][b] for a, b in itertools.pairwise(loop))
                    + ")"
                )
            elif len(trail) < 12:
                visit(nxt, [*trail, nxt])

    for start in sorted(graph):
        visit(start, [start])
    assert not cycles, "\n".join(sorted(set(cycles))[:5])
