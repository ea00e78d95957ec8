"""Regenerate the generated parts of the docs: the README's table of diagnostic codes, the
effect vocabulary page and the effects JSON Schema. `make docs` runs it; tests check that
the committed files match.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.cli import codes_table
from pnp.content.vocab import effects_schema_text, reference_markdown

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- codes:start -->", "<!-- codes:end -->"


def main() -> None:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    block = f"{START}\n{codes_table()}{END}"
    text = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    readme.write_text(text, encoding="utf-8")
    (ROOT / "docs" / "vocabulary.md").write_text(reference_markdown(), encoding="utf-8")
    (ROOT / "tools" / "pnp" / "schemas" / "effects.schema.json").write_text(
        effects_schema_text(), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
