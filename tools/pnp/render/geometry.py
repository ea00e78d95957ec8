"""Geometry in one place: component sizes, face layouts (named boxes with `extends`), papers
and impositions, read from `templates/layouts/*.yaml` and validated like content.

Everything here is in points, converted once by `units.parse`. Boxes are stored as written
(from the trim's top-left, y downwards); `Box.pdf()` gives reportlab's bottom-left frame.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnp import resources
from pnp.content import schema
from pnp.content.loader import Document, load_yaml
from pnp.content.model import Src
from pnp.content.project import Game, display_path
from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.render import fonts
from pnp.render.text import Style
from pnp.render.units import parse

TEMPLATES = resources.TEMPLATES


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
    # what a game's own layout binds the box to (None: the renderer's own use of the box)
    shape: str | None = None  # band, badge, image, text
    text: str | None = None  # a template of the card's names
    field: str | None = None  # a card field
    fill: str | None = None
    colour: str | None = None

    @property
    def bound(self) -> bool:
        """Whether a layout says what this box shows (a game's own layout)."""
        return any(v is not None for v in (self.shape, self.text, self.field))

    @property
    def template(self) -> str | None:
        """What the box prints, as a template (a field is `{{ field }}`)."""
        return f"{{{{ {self.field} }}}}" if self.field is not None else self.text

    def pdf(self, origin_x: float, origin_y: float, height: float) -> tuple[float, float]:
        """(left, top) in PDF points for a face whose trim's bottom-left is at origin."""
        return origin_x + self.x, origin_y + height - self.y


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    size: Size
    boxes: dict[str, Box]

    @property
    def bound(self) -> bool:
        """Whether it is a game's own layout that binds its boxes (drawn by `render.bound`)."""
        return any(b.bound for b in self.boxes.values())

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


def of(game: Game) -> Geometry:
    """The geometry a game is drawn with: the shipped one, with the game's own layouts
    (`layouts.yaml` in its folder) added, or replacing shipped ones of the same name."""
    docs = game.layouts or ()
    if not docs:
        return default()
    key = tuple(d.digest for d in docs)  # what a game adds is its layouts, nothing else
    if key not in _OF:
        if len(_OF) > 64:
            _OF.clear()
        base = default()
        geo = dataclasses.replace(
            base,
            sizes=dict(base.sizes),
            layouts=dict(base.layouts),
            files=list(base.files),
            diagnostics=list(base.diagnostics),
        )
        for doc in docs:
            _layouts(doc.doc, geo, dict(base.layouts))
        _OF[key] = geo
    return _OF[key]


_OF: dict[tuple[str, ...], Geometry] = {}


def _length(doc: Document, path: tuple[str | int, ...], value: Any) -> float:
    return parse(value)


def _layouts(doc: Document, geo: Geometry, shipped: dict[str, Layout] | None = None) -> None:
    """The sizes and layouts of one document into `geo`; a game's own may extend the
    `shipped` ones."""
    shipped = shipped or {}
    data = doc.data
    for name, s in data.get("sizes", {}).items():
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
    done: dict[str, Layout | None] = {}

    def resolve(name: str) -> Layout | None:
        if name in done:
            return done[name]
        spec = raw[name]
        boxes: dict[str, Box] = {}
        size_name = spec.get("size")
        if "extends" in spec:
            parent = spec["extends"]
            base: Layout | None
            if parent not in raw and parent in shipped:
                base = shipped[parent]  # a game's layout extends a shipped one
            elif parent not in raw or parent in resolving or parent == name:
                problem = (
                    "extends itself"
                    if parent in resolving or parent == name
                    else f"extends '{parent}', which is no layout"
                )
                geo.diagnostics.append(
                    doc.diag(
                        ("layouts", name, "extends"),
                        "E204",
                        f"layout '{name}' {problem}",
                        did_you_mean(parent, [*raw, *shipped]),
                    )
                )
                done[name] = None
                return None
            else:
                resolving.append(name)
                base = resolve(parent)
                resolving.pop()
            if base is None:
                done[name] = None
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
            done[name] = None
            return None
        for box_name, b in spec.get("boxes", {}).items():
            prev = boxes.get(box_name)
            box = _box(doc, name, box_name, b, prev)
            if box.style is not None and box.style.face not in fonts.FACES:
                geo.diagnostics.append(
                    doc.diag(
                        ("layouts", name, "boxes", box_name, "face"),
                        "E204",
                        f"box '{box_name}': no font face '{box.style.face}'",
                        did_you_mean(box.style.face, fonts.FACES)
                        or f"faces: {', '.join(fonts.FACES)}",
                    )
                )
                box = dataclasses.replace(box, style=dataclasses.replace(box.style, face="sans"))
            boxes[box_name] = box
        layout = Layout(name, geo.sizes[size_name], boxes)
        geo.layouts[name] = layout
        done[name] = layout
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

    def bind(key: str) -> Any:
        if key in b:
            return b[key]
        if key in ("text", "field") and ("text" in b or "field" in b):
            return None  # one replaces the other
        return getattr(prev, key) if prev else None

    return Box(
        name,
        get("x", 0),
        get("y", 0),
        get("w", 0),
        get("h", 0),
        style,
        Src.at(doc, ("layouts", layout, "boxes", name)),
        shape=bind("shape"),
        text=bind("text"),
        field=bind("field"),
        fill=bind("fill"),
        colour=bind("colour"),
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
