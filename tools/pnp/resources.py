"""Files shipped inside the package: the layouts and the rulebook style (`templates/`) and
the schemas (`schemas/`), found through `importlib.resources`, so an installed pnp (not only
a checkout) finds them."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def packaged(*parts: str) -> Path:
    """A file or folder shipped in the `pnp` package, as a path (pnp is installed as files,
    never zipped)."""
    return Path(str(files("pnp").joinpath(*parts)))


TEMPLATES = packaged("templates")
