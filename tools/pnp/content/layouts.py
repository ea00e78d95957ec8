"""A game's own card layouts (`layouts.yaml`, kind `layouts`), kept as the validated document:
`render.geometry.of(game)` lays them over the shipped layouts."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from pnp.content.loader import Document


@dataclass(frozen=True, slots=True)
class GameLayouts:
    """One layouts document of a game: its data (what two versions compare) and the
    document itself (for positions)."""

    data: str  # canonical JSON of the document's data
    doc: Document = field(compare=False, repr=False)

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data.encode("utf-8")).hexdigest()


def build_layouts(doc: Document) -> GameLayouts:
    return GameLayouts(json.dumps(doc.data, sort_keys=True, ensure_ascii=False), doc)
