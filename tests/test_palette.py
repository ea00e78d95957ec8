"""The shared colours are named once (render/palette.py): no module writes them again."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.render import palette

PACKAGE = Path(palette.__file__).resolve().parent.parent


def test_the_shared_colours_are_written_only_in_the_palette() -> None:
    shared = {
        value.lower(): name
        for name, value in vars(palette).items()
        if name.isupper() and isinstance(value, str) and value.startswith("#")
    }
    assert len(shared) == len([n for n in vars(palette) if n.isupper()])  # no two alike
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "palette.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for colour in re.findall(r"[\"'](#[0-9a-fA-F]{6})[\"']", line):
                if colour.lower() in shared and colour.lower() != "#ffffff":
                    found.append(
                        f"{path.relative_to(PACKAGE)}:{n} {colour} "
                        f"is palette.{shared[colour.lower()]}"
                    )
    assert found == []
