"""The core never names a ruleset: nothing outside `pnp/rulesets/<name>/` imports one, and no
ruleset imports another. The core reaches a ruleset only through `pnp.rulesets` (its
registry and the `Ruleset` interface), so a third game's ruleset plugs in the same way."""

from __future__ import annotations

import ast
from pathlib import Path

import pnp

PACKAGE = Path(pnp.__file__).parent
RULESETS = PACKAGE / "rulesets"


def _module(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in a file, relative ones resolved, names imported
    from a package counted as its submodules (`from pnp.rulesets import x`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
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
