"""The rulebook as semantic HTML, from the same nodes as both PDFs (`rulebook.document`).

Headings keep their anchors, so the PDFs' and the page's links agree; lists, tables with
header cells, asides and figures become their HTML elements; a drawing (the turn, the
set-up) is the illustrated book's own, drawn into an image, with the text-only book's words
for it as its alternative text and, in full, under it; a row of card pictures links each
card to its place in the card gallery. Inline markup (reportlab's: bold, italics, links and
anchors) is rebuilt through an HTML parser that lets through those and nothing else, so a
rulebook source can never put a script or an attribute of its own into the page.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser

from PIL import Image
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Spacer

from pnp.content.project import Game
from pnp.export.faces import rasterise
from pnp.render import pdf
from pnp.render.geometry import Geometry
from pnp.rulebook.blocks import Face
from pnp.rulebook.document import (
    Aside,
    Figure,
    Heading,
    Inline,
    Items,
    Node,
    Para,
    Table,
    plain_text,
    walk,
)

FIGURE_WIDTH = 480.0  # points: the drawings' width, about an A4 page's between its margins
FIGURE_SCALE = 2.0  # pixels per point: sharp on a high-density screen
_TAGS = {"b": "strong", "i": "em"}


class _Inline(HTMLParser):
    """Rebuilds reportlab paragraph markup as HTML: <b>, <i>, <a href="#x">, <a name="x"/>
    and <br/> only; every other tag is dropped (its text kept), every text escaped."""

    def __init__(self, ids: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.ids = ids
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in _TAGS:
            self.out.append(f"<{_TAGS[tag]}>")
            self.open.append(_TAGS[tag])
        elif tag == "a" and (values.get("href") or "").startswith("#"):
            self.out.append(f'<a href="{html.escape(values["href"] or "")}">')
            self.open.append("a")
        elif tag == "a" and values.get("name"):
            self.anchor(values["name"] or "")
            self.open.append("")
        elif tag == "br":
            self.out.append("<br>")
        else:
            self.open.append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("name"):
            self.anchor(values["name"] or "")
        elif tag == "br":
            self.out.append("<br>")

    def anchor(self, name: str) -> None:
        if name not in self.ids:
            self.ids.add(name)
            self.out.append(f'<span id="{html.escape(name)}"></span>')

    def handle_endtag(self, tag: str) -> None:
        if tag == "br" or not self.open:
            return
        closing = self.open.pop()
        if closing:
            self.out.append(f"</{closing}>")

    def handle_data(self, data: str) -> None:
        self.out.append(html.escape(data, quote=False))

    def result(self) -> str:
        self.close()
        while self.open:
            closing = self.open.pop()
            if closing:
                self.out.append(f"</{closing}>")
        return "".join(self.out)


@dataclass
class Page:
    """The rules page being written: its HTML, its contents, its pictures."""

    game: Game
    geo: Geometry
    card_anchor: Callable[[Face], str | None]  # a pictured card's place in the gallery
    picture: Callable[[Face], tuple[str, int, int]]  # its image: (src, width, height)
    out: list[str] = field(default_factory=list)
    contents: list[tuple[str, str]] = field(default_factory=list)
    images: list[tuple[str, Image.Image]] = field(default_factory=list)  # (path, image)
    ids: set[str] = field(default_factory=set)
    _flow: object | None = None

    def inline(self, inline: Inline) -> str:
        parser = _Inline(self.ids)
        parser.feed(inline.markup)
        return parser.result()

    def nodes(self, nodes: Sequence[Node]) -> None:
        for node in nodes:
            self.node(node)

    def node(self, node: Node) -> None:
        if isinstance(node, Heading):
            level = min(node.level + 1, 6)
            if node.id in self.ids:
                self.out.append(f"<h{level}>{self.inline(node.inline)}</h{level}>")
            else:
                self.ids.add(node.id)
                if node.level == 1:
                    self.contents.append((node.id, node.inline.text))
                self.out.append(
                    f'<h{level} id="{html.escape(node.id)}">{self.inline(node.inline)}</h{level}>'
                )
        elif isinstance(node, Para):
            style = "" if node.style == "body" else f' class="{html.escape(node.style)}"'
            self.out.append(f"<p{style}>{self.inline(node.inline)}</p>")
        elif isinstance(node, Items):
            tag = "ol" if node.ordered else "ul"
            start = f' start="{node.start}"' if node.ordered and node.start != 1 else ""
            self.out.append(f"<{tag}{start}>")
            for item in node.items:
                self.out.append("<li>")
                self.nodes(item)
                self.out.append("</li>")
            self.out.append(f"</{tag}>")
        elif isinstance(node, Table):
            self.table(node)
        elif isinstance(node, Aside):
            self.out.append("<aside>")
            self.nodes(node.body)
            self.out.append("</aside>")
        elif isinstance(node, Figure):
            self.figure(node)

    def table(self, node: Table) -> None:
        out = self.out
        out.append("<table>")
        if node.caption is not None:
            out.append(f"<caption>{self.inline(node.caption)}</caption>")
        out.append("<thead><tr>")
        out += [f'<th scope="col">{self.inline(c)}</th>' for c in node.header]
        out.append("</tr></thead><tbody>")
        spans = {(col, first): last - first + 1 for col, first, last in node.spans}
        covered = {
            (col, row) for col, first, last in node.spans for row in range(first + 1, last + 1)
        }
        width = len(node.header)
        for r, row in enumerate(node.rows):
            if r in node.groups:
                words = "".join(self.inline(c) for c in row)
                out.append(f'<tr><th scope="colgroup" colspan="{width}">{words}</th></tr>')
                continue
            out.append("<tr>")
            for c, cell in enumerate(row):
                if (c, r) in covered:
                    continue
                span = spans.get((c, r), 1)
                rowspan = f' rowspan="{span}"' if span > 1 else ""
                if c == 0:
                    out.append(f'<th scope="row"{rowspan}>{self.inline(cell)}</th>')
                else:
                    out.append(f"<td{rowspan}>{self.inline(cell)}</td>")
            out.append("</tr>")
        out.append("</tbody></table>")

    def words(self, nodes: Sequence[Node]) -> str:
        """The words of some nodes as one line (an image's alternative text)."""
        return " ".join(" ".join(plain_text(n).split()) for n in walk(list(nodes)) if plain_text(n))

    def figure(self, node: Figure) -> None:
        if node.kind == "page-break":
            return
        if node.kind == "cards":
            self.cards(node.data)
            return
        drawn = self.drawing(node)
        if drawn is None:  # no drawing of its own: its words are the figure
            self.nodes(node.alt)
            return
        n = len(self.images) + 1
        path = f"img/rules/figure-{n}.png"
        self.images.append((path, drawn))
        caption = self.words(node.alt[:1]) if node.kind == "setup" else ""
        alt = (
            self.words(node.alt) if node.kind == "picture" else caption or self.words(node.alt[:1])
        )
        w, h = drawn.width // 2, drawn.height // 2
        self.out.append("<figure>")
        self.out.append(
            f'<img src="{path}" width="{w}" height="{h}" alt="{html.escape(alt)}" loading="lazy">'
        )
        if node.kind == "picture":
            self.out.append(f"<figcaption>{html.escape(node.data.title)}</figcaption>")
        elif node.alt:
            self.out.append("<figcaption><details><summary>The picture in words</summary>")
            self.nodes(node.alt)
            self.out.append("</details></figcaption>")
        self.out.append("</figure>")

    def cards(self, faces: Sequence[Face]) -> None:
        self.out.append('<ul class="cards">')
        for face in faces:
            src, w, h = self.picture(face)
            copies = f" ×{face.count}" if face.count > 1 else ""
            ident = ""
            if face.anchor not in self.ids:
                self.ids.add(face.anchor)
                ident = f' id="{html.escape(face.anchor)}"'
            image = (
                f'<img src="{src}" width="{w}" height="{h}" alt="{html.escape(face.name)}" '
                'loading="lazy">'
            )
            target = self.card_anchor(face)
            if target:
                image = f'<a href="cards.html#{html.escape(target)}">{image}</a>'
            self.out.append(f"<li{ident}>{image}<span>{html.escape(face.name)}{copies}</span></li>")
        self.out.append("</ul>")

    def drawing(self, node: Figure) -> Image.Image | None:
        """The illustrated book's drawing of a figure, as an image; None for one it draws
        as words (or does not draw)."""
        if node.kind not in ("turn", "setup", "picture"):
            return None
        from pnp.rulebook import pdf as book_pdf
        from pnp.rulebook import style as rb_style

        if self._flow is None:
            flow = book_pdf._Flow(self.game, self.geo, rb_style.load(), book_pdf.ILLUSTRATED, False)
            flow.width = flow.wide = FIGURE_WIDTH
            self._flow = flow
        flowables = [
            f
            for f in self._flow.figure(node)  # type: ignore[attr-defined]
            if not isinstance(f, Spacer | Paragraph)
        ]
        if not flowables:
            return None
        return draw_flowables(flowables, FIGURE_WIDTH)


def draw_flowables(flowables: Sequence[Flowable], width: float) -> Image.Image:
    """Flowables one under another on a page of their size, as an image."""
    sizes = [f.wrap(width, 10_000) for f in flowables]
    height = sum(h for _, h in sizes)

    def draw(canvas: Canvas) -> int:
        y = height
        for f, (_, h) in zip(flowables, sizes, strict=True):
            y -= h
            f.drawOn(canvas, 0, y)
        canvas.showPage()
        return 1

    data, _ = pdf.render(width, height, "figure", draw)
    return rasterise(data, round(width * FIGURE_SCALE), round(height * FIGURE_SCALE))
