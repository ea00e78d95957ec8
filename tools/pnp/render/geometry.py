"""Geometry in one place: component sizes, face layouts (named boxes with `extends`), papers
and impositions, read from `templates/layouts/*.yaml` and validated like content.

Everything here is in points, converted once by `units.parse`. Boxes are stored as written
(from the trim's top-left, y downwards); `Box.pdf()` gives reportlab's bottom-left frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnp.content import schema
from pnp.content.loader import Document, load_yaml
from pnp.content.model import Src
from pnp.content.project import display_path
from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.render.text import Style
from pnp.render.units import parse

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"


@dataclass(frozen=True, slots=True)
class Size:
    """A component's trim size, bleed, safe margin and corner radius, in points."""

    name: str
    width: float
    height: float
    bleed: float
    safe: float
    radius: float


@dataclass(frozen=True, slots=True)
class Box:
    """A named place on a face, from the trim's top-left (y down), with optional type."""

    name: str
    x: float
    y: float
    w: float
    h: float
    style: Style | None
    src: Src = field(compare=False, repr=False)

    def pdf(self, origin_x: float, origin_y: float, height: float) -> tuple[float, float]:
        """(left, top) in PDF points for a face whose trim's bottom-left is at origin."""
        return origin_x + self.x, origin_y + height - self.y


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    size: Size
    boxes: dict[str, Box]

    def box(self, name: str) -> Box:
        """A box by name (KeyError names the layout)."""
        try:
            return self.boxes[name]
        except KeyError:
            raise KeyError(f"layout {self.name!r} has no box {name!r}") from None


@dataclass(frozen=True, slots=True)
class Paper:
    id: str
    name: str
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Imposition:
    id: str
    size: Size
    columns: int
    rows: int
    gap: float
    rotate: bool
    fold: bool


@dataclass(frozen=True, slots=True)
class Marks:
    length: float
    offset: float
    edge: float
    weight: float
    ruler: float


@dataclass(slots=True)
class Geometry:
    """Everything the renderers place things with, and the problems found reading it."""

    sizes: dict[str, Size] = field(default_factory=dict)
    layouts: dict[str, Layout] = field(default_factory=dict)
    papers: dict[str, Paper] = field(default_factory=dict)
    impositions: dict[str, Imposition] = field(default_factory=dict)
    marks: Marks | None = None
    files: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def layout(self, name: str) -> Layout:
        return self.layouts[name]


def load(folder: Path = TEMPLATES / "layouts") -> Geometry:
    """Read and validate every layouts and sheets document in `folder`."""
    geo = Geometry()
    docs: list[tuple[Document, str]] = []
    for path in sorted(folder.glob("*.yaml")):
        geo.files.append(display_path(path))
        doc, problems = load_yaml(path, display_path(path))
        geo.diagnostics += problems
        if doc is None or problems:
            continue
        kind = doc.data.get("kind") if isinstance(doc.data, dict) else None
        if kind not in ("layouts", "sheets"):
            geo.diagnostics.append(
                doc.diag(
                    ("kind",), "E104", f"unknown layout kind {kind!r}", "one of: layouts, sheets"
                )
            )
            continue
        found = schema.validate(doc, f"{kind}.schema.json")
        geo.diagnostics += found
        if not found:
            docs.append((doc, str(kind)))
    for doc, kind in docs:
        if kind == "layouts":
            _layouts(doc, geo)
    for doc, kind in docs:
        if kind == "sheets":
            _sheets(doc, geo)
    return geo


@cache
def default() -> Geometry:
    """The shipped geometry, loaded once per process."""
    return load()


def _length(doc: Document, path: tuple[str | int, ...], value: Any) -> float:
    return parse(value)


def _layouts(doc: Document, geo: Geometry) -> None:
    data = doc.data
    for name, s in data["sizes"].items():
        geo.sizes[name] = Size(
            name,
            parse(s["width"]),
            parse(s["height"]),
            parse(s["bleed"]),
            parse(s["safe"]),
            parse(s.get("radius", "0mm")),
        )
    raw: dict[str, dict[str, Any]] = data["layouts"]
    resolving: list[str] = []

    def resolve(name: str) -> Layout | None:
        if name in geo.layouts:
            return geo.layouts[name]
        spec = raw[name]
        boxes: dict[str, Box] = {}
        size_name = spec.get("size")
        if "extends" in spec:
            parent = spec["extends"]
            if parent not in raw or parent in resolving:
                problem = "extends itself" if parent in resolving else f"unknown layout '{parent}'"
                geo.diagnostics.append(
                    doc.diag(
                        ("layouts", name, "extends"),
                        "E204",
                        f"layout '{name}' {problem}",
                        did_you_mean(parent, raw),
                    )
                )
                return None
            resolving.append(name)
            base = resolve(parent)
            resolving.pop()
            if base is None:
                return None
            boxes = dict(base.boxes)
            size_name = size_name or base.size.name
        if size_name not in geo.sizes:
            geo.diagnostics.append(
                doc.diag(
                    ("layouts", name),
                    "E204",
                    f"layout '{name}' has no known size '{size_name}'",
                    did_you_mean(str(size_name), geo.sizes),
                )
            )
            return None
        for box_name, b in spec.get("boxes", {}).items():
            prev = boxes.get(box_name)
            boxes[box_name] = _box(doc, name, box_name, b, prev)
        layout = Layout(name, geo.sizes[size_name], boxes)
        geo.layouts[name] = layout
        return layout

    for name in raw:
        resolve(name)


def _box(doc: Document, layout: str, name: str, b: dict[str, Any], prev: Box | None) -> Box:
    """A box; what it leaves out it keeps from the box of the same name it overrides."""

    def get(key: str, default: float) -> float:
        if key in b:
            return parse(b[key])
        return getattr(prev, key) if prev else default

    style = prev.style if prev else None
    if any(k in b for k in ("face", "size", "min", "align", "leading")):
        base = style or Style()
        size = parse(b["size"]) if "size" in b else base.size
        style = Style(
            face=b.get("face", base.face),
            size=size,
            min_size=parse(b["min"]) if "min" in b else min(base.min_size, size),
            leading=b.get("leading", base.leading),
            align=b.get("align", base.align),
        )
    return Box(
        name,
        get("x", 0),
        get("y", 0),
        get("w", 0),
        get("h", 0),
        style,
        Src.at(doc, ("layouts", layout, "boxes", name)),
    )


def _sheets(doc: Document, geo: Geometry) -> None:
    data = doc.data
    for pid, p in data["papers"].items():
        geo.papers[pid] = Paper(pid, p["name"], parse(p["width"]), parse(p["height"]))
    for iid, i in data["impositions"].items():
        if i["size"] not in geo.sizes:
            geo.diagnostics.append(
                doc.diag(
                    ("impositions", iid, "size"),
                    "E204",
                    f"unknown size '{i['size']}'",
                    did_you_mean(i["size"], geo.sizes),
                )
            )
            continue
        geo.impositions[iid] = Imposition(
            iid,
            geo.sizes[i["size"]],
            i["columns"],
            i["rows"],
            parse(i.get("gap", "0mm")),
            bool(i.get("rotate")),
            bool(i.get("fold")),
        )
    m = data["marks"]
    geo.marks = Marks(
        parse(m["length"]),
        parse(m["offset"]),
        parse(m["edge"]),
        parse(m["weight"]),
        parse(m["ruler"]),
    )
