"""`rulebook-<paper>.pdf` and `rulebook-text-<paper>.pdf`: a game's rulebook, illustrated and
text-only, on each paper of the build (A4, Letter).

Both are made from the same nodes (`pnp.rulebook.book`), then the Credits (`credits.py`), so
they say the same words. The illustrated book has a cover drawn from the game (`cover.py`), a
table of contents, the text in a centred column of about seventy characters a line with wide
tables and drawings reaching out to the margins, tinted tables, the turn diagram, the set-up
diagram (`setup_figure.py`), every card as a small picture drawn by the card renderer, and
the game's own pictures its Markdown shows (`pictures.py`). The text-only book is one column
of large type with no pictures (each drawing is replaced by the words it shows) for screen
readers and quick printing. Only a chapter may open a new page
(`pages.py`). Both carry PDF bookmarks, a running header with the game's version, page
numbers, a document title and a language, and embed every font they use. Layout is data:
`templates/rulebook/style.yaml`. Output is deterministic (reportlab's invariant mode) and
written through `build.Output` like every other file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import jinja2
from reportlab.lib.colors import toColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus.doctemplate import ActionFlowable

from pnp.content.assets import art_digests, uses
from pnp.diagnostics import Severity
from pnp.render import cards as card_faces
from pnp.render import fonts, glyphs
from pnp.render.art import art_size, draw_art
from pnp.render.palette import INK
from pnp.render.units import mm
from pnp.rulebook import accel, cover, figures, pages
from pnp.rulebook import book as rb
from pnp.rulebook import contents as kept_pages
from pnp.rulebook import credits as rb_credits
from pnp.rulebook import faces as rb_faces
from pnp.rulebook import style as rb_style
from pnp.rulebook.blocks import Face
from pnp.rulebook.document import Art, Aside, Figure, Heading, Items, Node, Para, Table, escape

if TYPE_CHECKING:
    from pnp.content.project import Game
    from pnp.render.build import Options, Output
    from pnp.render.geometry import Geometry

ILLUSTRATED, TEXT = "illustrated", "text"
STEMS = {ILLUSTRATED: "rulebook", TEXT: "rulebook-text"}


def file_name(edition: str, paper: str) -> str:
    """`rulebook-a4.pdf`, `rulebook-text-letter.pdf`: named like every other file of the kit
    that is printed on a paper (`cards-a4.pdf`)."""
    return f"{STEMS[edition]}-{paper}.pdf"


SUITS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_SUIT_RUN = re.compile(r"(\S+?) ?([♠♥♦♣]+)")
_SUIT = re.compile(r"[♠♥♦♣]")


def suits_in_words(text: str) -> str:
    """Playing-card suits as words, for the text-only book: 'Q♠' -> 'Q of spades',
    '2–10 ♥♦' -> '2–10 of hearts and diamonds'."""

    def words(m: re.Match[str]) -> str:
        names = [SUITS[s] for s in m.group(2)]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{m.group(1)} of {joined}"

    if not _SUIT.search(text):  # most text has none, and the run's pattern is slow to fail
        return text
    return _SUIT_RUN.sub(words, text)


def register_families() -> None:
    """Bold and italic runs (`<b>`, `<i>`) in paragraphs switch to the family's own faces."""
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    for family, bold_italic in (("sans", "sans-bold-italic"), ("serif", "serif-bold")):
        registerFontFamily(
            fonts.font(family),
            normal=fonts.font(family),
            bold=fonts.font(f"{family}-bold"),
            italic=fonts.font(f"{family}-italic"),
            boldItalic=fonts.font(bold_italic),
        )


def _suit_callback(canvas: Any, kind: str | None, label: str) -> None:
    """Draws a suit where a paragraph placed its mark (the fonts have no suit glyphs)."""
    info = canvas._curr_tx_info
    size = info["xs"].style.fontSize
    glyphs.suit(canvas, label, info["cur_x"], info["cur_y"], size)


class _Heading(pages.Para):
    """A heading paragraph that knows its level, words and anchor, for the outline."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, words: str, key: str) -> None:
        super().__init__(text, style)
        self.level = level
        self.words = words
        self.key = key


class _Doc(BaseDocTemplate):
    """A document that notes its headings (outline, contents, running header) and writes
    each pass of a multi-pass build into a fresh buffer."""

    def __init__(
        self,
        pagesize: tuple[float, float],
        header: jinja2.Template,
        footer: jinja2.Template,
        game: Game,
        edition: rb_style.Edition,
        accent: str,
        **kw: Any,
    ) -> None:
        super().__init__(
            io.BytesIO(), pagesize=pagesize, keepTogetherClass=pages.KeepWithNext, **kw
        )
        self.header = header
        self.footer = footer
        self._header: str | None = None
        self.game = game
        self.edition = edition
        self.accent = accent
        self.chapter = ""
        self._level = -1
        self.passes = 0
        self.sketch_first = False  # set when a first pass can never be the one kept
        self.sketch = False

    def build(
        self, flowables: list[Flowable], filename: Any = None, canvasmaker: Any = None
    ) -> None:
        self.filename = io.BytesIO()
        if canvasmaker is None:
            super().build(flowables)
        else:
            super().build(flowables, canvasmaker=canvasmaker)

    def handle_documentBegin(self) -> None:
        super().handle_documentBegin()
        self.passes += 1
        # The contents start with every entry at page 0, which no heading is on, so the
        # first pass is never the last: its pages are thrown away, so nothing is drawn on
        # them (`pages.BookFrame`); it only finds the page each heading is on.
        self.sketch = self.sketch_first and self.passes == 1
        self.chapter = ""
        self._level = -1
        self.canv.setNamedCB("pnpsuit", _suit_callback)

    def handle_pageBegin(self) -> None:
        super().handle_pageBegin()
        self._page_chapter = self.chapter  # the chapter the page opens in ...
        self._page_top = True

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Spacer | ActionFlowable):  # breaks and spaces: not content
            return
        top, self._page_top = getattr(self, "_page_top", False), False
        if not isinstance(flowable, _Heading):
            return
        if top and flowable.level == 1:  # ... or the one it opens with
            self._page_chapter = flowable.words
        level = min(flowable.level - 1, self._level + 1)
        self._level = level
        self.canv.addOutlineEntry(flowable.words, flowable.key, level=level, closed=level >= 1)
        if flowable.level <= 2 and flowable.key != "contents":
            self.notify("TOCEntry", (flowable.level - 1, flowable.words, self.page, flowable.key))
        if flowable.level == 1:
            self.chapter = flowable.words

    def page_furniture(self, canvas: Any, doc: Any) -> None:
        """The running header (title, version, chapter) and the page number (not on a pass
        whose pages are thrown away)."""
        if self.sketch:
            return
        t = self.edition.type("header")
        left, right = self.leftMargin, self.pagesize[0] - self.rightMargin
        top = self.pagesize[1] - self.topMargin + mm(9)
        canvas.saveState()
        canvas.setFont(fonts.font(t.face), t.size)
        canvas.setFillColor(self.edition.colours.get("muted", "#333333"))
        if self._header is None:  # the same on every page
            self._header = self.header.render(game=self.game.info)
        canvas.drawString(left, top, self._header)
        chapter = getattr(self, "_page_chapter", self.chapter)
        if chapter:
            canvas.drawRightString(right, top, chapter)
        canvas.setStrokeColor(self.accent)
        canvas.setLineWidth(0.6)
        canvas.line(left, top - mm(2), right, top - mm(2))
        canvas.drawCentredString(
            self.pagesize[0] / 2,
            self.bottomMargin - mm(10),
            self.footer.render(game=self.game.info, page=doc.page, chapter=chapter),
        )
        canvas.restoreState()


class _Flow:
    """Turns rulebook nodes into flowables for one edition."""

    def __init__(
        self, game: Game, geo: Geometry, style: rb_style.BookStyle, edition: str, ink_saver: bool
    ) -> None:
        self.game = game
        self.geo = geo
        self.edition = style.illustrated if edition == ILLUSTRATED else style.text
        self.illustrated = edition == ILLUSTRATED
        self.ink_saver = ink_saver
        self.accent = INK if ink_saver or not self.illustrated else style.accent(game.id)
        self.colours = self.edition.colours
        self.styles = {name: self._style(name) for name in self.edition.types}
        self.styles["head-on-accent"] = ParagraphStyle(
            "head-on-accent",
            parent=self.styles["head"],
            textColor=toColor(
                self.colours["white"] if self.illustrated and not ink_saver else self.colours["ink"]
            ),
        )
        self.theme = card_faces.Theme(ink_saver)
        self.chapters = 0
        self.width = 0.0  # the text column's width (the frame's), set by the caller
        self.wide = 0.0  # the width between the page's margins, set by the caller
        self._checked: set[str] | None = None  # the pictures the check looked at

    def widen(self, flowable: Flowable) -> Flowable:
        """A flowable set across the whole width between the margins, not just the text's."""
        extra = (self.wide - self.width) / 2
        return pages.Wide(flowable, extra, extra) if extra > 0 else flowable

    def _style(self, name: str) -> ParagraphStyle:
        t = self.edition.type(name)
        colour = self.colours["ink"]
        if name in ("h1", "h2", "title") and self.illustrated:
            colour = self.accent
        elif name in ("note", "why", "caption", "kicker"):
            colour = self.colours["muted"]
        return ParagraphStyle(
            name,
            fontName=fonts.font(t.face),
            fontSize=t.size,
            leading=t.leading,
            spaceBefore=t.before,
            spaceAfter=t.after,
            textColor=toColor(colour),
            keepWithNext=1 if name in ("h1", "h2", "h3", "ruling") else 0,
            allowWidows=0,
            allowOrphans=0,
            alignment=1 if name in ("title", "kicker", "tagline", "facts") else 0,
        )

    # -- text --

    def markup(self, markup: str, style: ParagraphStyle) -> str:
        """Paragraph markup for this edition: coloured links, suits drawn or in words."""
        link = self.colours["link"]
        extra = "" if self.illustrated else ' underline="1"'
        markup = markup.replace('<a href="#', f'<a color="{link}"{extra} href="#')
        if not self.illustrated:
            return suits_in_words(markup)
        if not _SUIT.search(markup):
            return markup
        # the suit is drawn over no-break spaces as wide as it (at the text's own size, so
        # that the line keeps its height)
        space = fonts.width("\u00a0", fonts_face(style), style.fontSize)
        room = "&#160;" * max(1, round(glyphs.suit_width(style.fontSize) / space))
        return _SUIT.sub(lambda m: f'<onDraw name="pnpsuit" label="{m.group()}"/>' + room, markup)

    def para(self, markup: str, name: str) -> Paragraph:
        style = self.styles[name]
        return pages.Para(self.markup(markup, style), style)

    # -- nodes --

    def nodes(self, nodes: Sequence[Node]) -> list[Flowable]:
        out: list[Flowable] = []
        for node in nodes:
            out += self.node(node)
        return out

    def node(self, node: Node) -> list[Flowable]:
        if isinstance(node, Heading):
            return self.heading(node)
        if isinstance(node, Para):
            return [
                self.para(node.inline.markup, node.style if node.style in self.styles else "body")
            ]
        if isinstance(node, Items):
            return [self.items(node)]
        if isinstance(node, Table):
            return self.table(node)
        if isinstance(node, Aside):
            return [self.aside(node)]
        return self.figure(node)

    def heading(self, node: Heading) -> list[Flowable]:
        level = min(node.level, 3)
        style = self.styles[f"h{level}"]
        text = f'<a name="{node.id}"/>' + self.markup(node.inline.markup, style)
        flow: list[Flowable] = []
        if level == 1:
            if self.chapters:  # the only place the book may start a new page by itself
                flow.append(
                    pages.ChapterBreak(self.edition.chapter_room, self.edition.keep_chapters)
                )
            self.chapters += 1
        elif level == 2:
            flow.append(CondPageBreak(mm(30)))
        flow.append(_Heading(text, style, node.level, node.inline.text, node.id))
        return flow

    def items(self, node: Items) -> ListFlowable:
        body = self.styles["body"]
        entries: list[Any] = [ListItem(self.nodes(item) or [Spacer(1, 1)]) for item in node.items]
        kwargs: dict[str, Any] = {
            "bulletFontName": fonts.font("sans-bold" if node.ordered else "sans"),
            "bulletFontSize": body.fontSize,
            "leftIndent": body.fontSize * 1.8,
            "bulletColor": self.accent,
            "spaceAfter": body.spaceAfter,
        }
        if node.ordered:
            return ListFlowable(
                entries, bulletType="1", start=node.start, bulletFormat="%s.", **kwargs
            )
        return ListFlowable(entries, bulletType="bullet", start="•", **kwargs)

    def table(self, node: Table) -> list[Flowable]:
        columns = max(len(node.header), *(len(r) for r in node.rows))
        # columns of short values (counts, prices) are centred
        short = {
            c
            for c in range(columns)
            if node.rows and c > 0 and all(len(r[c].text) <= 5 for r in node.rows if c < len(r))
        }
        cell, head = self.styles["cell"], self.styles["head-on-accent"]
        centred = {s: ParagraphStyle(f"{s.name}-c", parent=s, alignment=1) for s in (cell, head)}
        rows: list[list[Any]] = []
        if node.header:
            rows.append(
                [
                    pages.Para(self.markup(c.markup, head), centred[head] if i in short else head)
                    for i, c in enumerate(node.header)
                ]
            )
        for row in node.rows:
            cells = [
                pages.Para(self.markup(c.markup, cell), centred[cell] if i in short else cell)
                for i, c in enumerate(row)
            ]
            rows.append(cells + [""] * (columns - len(cells)))
        total = sum(node.widths[:columns]) or 1.0
        wide = columns >= 3  # a table of three columns or more spans the page's width
        width = self.wide if wide else self.width
        widths = [width * w / total for w in node.widths[:columns]]
        off = 1 if node.header else 0
        rule = self.colours["rule"]
        commands: list[tuple[Any, ...]] = [
            pages.table_font(),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, rule),
        ]
        if node.header:
            if self.illustrated and not self.ink_saver:
                commands.append(("BACKGROUND", (0, 0), (-1, 0), self.accent))
            else:
                commands.append(("LINEBELOW", (0, 0), (-1, 0), 1.2, self.colours["ink"]))
        if self.illustrated and not self.ink_saver:
            spanned = {r for _, a, b in node.spans for r in range(a, b + 1)}
            stripe = 0
            for r in range(len(node.rows)):
                if node.spans:
                    # a group of rows joined by a span shares one tint
                    first = next((a for _, a, b in node.spans if a <= r <= b), r)
                    stripe = sorted(
                        {a for _, a, _b in node.spans} | (set(range(len(node.rows))) - spanned)
                    ).index(first)
                else:
                    stripe = r
                if stripe % 2 == 1:
                    commands.append(
                        ("BACKGROUND", (0, r + off), (-1, r + off), self.colours["tint"])
                    )
        for c, a, b in node.spans:
            commands.append(("SPAN", (c, a + off), (c, b + off)))

        table = pages.Grid(
            rows,
            colWidths=widths,
            repeatRows=off,
            style=commands,
            hAlign="LEFT",
            spaceBefore=3,
            spaceAfter=8,
        )
        return [self.widen(table) if wide else table]

    def aside(self, node: Aside) -> Flowable:
        body = self.nodes(node.body)
        box = pages.Grid(
            [[body]],
            colWidths=[self.width],
            hAlign="LEFT",
            spaceBefore=2,
            spaceAfter=8,
            style=[
                pages.table_font(),
                ("LINEBEFORE", (0, 0), (0, -1), 2.2, self.accent),
                ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                *(
                    [("BACKGROUND", (0, 0), (-1, -1), self.colours["tint"])]
                    if self.illustrated and not self.ink_saver
                    else []
                ),
            ],
        )
        return box

    def figure(self, node: Figure) -> list[Flowable]:
        if not self.illustrated or (not self.edition.card_columns and node.kind == "cards"):
            words = self.nodes(node.alt)
            if node.kind == "setup" and words:  # the caption stays with its table
                words[0].keepWithNext = 1
            return words
        if node.kind == "turn":
            steps, footer = node.data
            t_head = self.edition.type("head").face
            diagram = figures.TurnDiagram(
                steps,
                footer,
                self.accent,
                self.colours["ink"],
                self.colours["tint"],
                t_head,
                "sans",
                self.ink_saver,
            )
            return [Spacer(1, 4), self.widen(diagram), Spacer(1, 8)]
        if node.kind == "cards":
            return self.cards(node.data)
        if node.kind == "setup":  # the drawing, then its caption (the first of its words)
            from pnp.rulebook.setup_figure import SetupDiagram

            money = self.game.info.currency.format if self.game.info else str
            setup = SetupDiagram(
                self.game,
                self.geo,
                node.data,
                self.theme,
                money,
                self.accent,
                self.colours["ink"],
                self.colours["muted"],
                self.colours["tint"],
            )
            return [Spacer(1, 4), self.widen(setup), Spacer(1, 3), *self.nodes(node.alt[:1])]
        if node.kind == "page-break":
            return [PageBreak()]
        if node.kind == "picture":
            return self.picture(node)
        return self.nodes(node.alt)

    def picture(self, node: Figure) -> list[Flowable]:
        """A picture of the game's, centred over its caption (the image's title); a
        one-colour SVG in the accent colour (as outlines in the ink-saver print). Only a
        picture the check looked at is drawn: any other prints its words."""
        art: Art = node.data
        if self._checked is None:
            self._checked = {u.rel for u in uses(self.game)}
        size = art_size(self.game, art.rel) if art.rel in self._checked else None
        if size is None:
            return self.nodes(node.alt)
        game, colour, outline = self.game, self.accent, self.ink_saver

        def draw(canvas: Any, rect: tuple[float, float, float, float]) -> None:
            draw_art(canvas, game, art.rel, rect, colour, outline=outline)

        caption = None
        if art.title:
            style = self.styles["caption"]
            centred = ParagraphStyle(
                "picture-caption", parent=style, alignment=1, spaceBefore=0, spaceAfter=0
            )
            caption = pages.Para(self.markup(escape(art.title), centred), centred)
        figure = figures.ArtFigure(
            draw, size[0] / size[1], self.edition.picture_height, caption, mm(2)
        )
        return [Spacer(1, mm(2)), figure, Spacer(1, mm(4))]

    def cards(self, faces: Sequence[Face]) -> list[Flowable]:
        columns = self.edition.card_columns
        caption = self.edition.type("caption")
        pictures = []
        for f in faces:
            draw, size = rb_faces.face_drawer(self.game, self.geo, f, self.theme)
            pictures.append(figures.Picture(draw, size, f"{f.name} ×{f.count}", f.anchor))
        out: list[Flowable] = []
        for i in range(0, len(pictures), columns):
            out.append(
                self.widen(
                    figures.CardRow(
                        pictures[i : i + columns],
                        columns,
                        mm(5),
                        caption.face,
                        caption.size,
                        self.colours["muted"],
                    )
                )
            )
            out.append(Spacer(1, mm(3)))
        return out


def fonts_face(style: ParagraphStyle) -> str:
    """The logical face of a paragraph style's font ('pnp-serif' -> 'serif')."""
    name = str(style.fontName)
    return name[4:] if name.startswith("pnp-") else "sans"


def _title_flowables(
    flow: _Flow, style: rb_style.BookStyle, env: jinja2.Environment
) -> list[Flowable]:
    """The illustrated book's cover (a page of its own), or the text-only book's title:
    title, kicker, tagline and facts, in words only."""
    game = flow.game
    info = game.info
    assert info is not None
    tp = style.title_page
    kicker = env.from_string(tp["kicker"]).render(game=info) if tp.get("kicker") else ""
    facts = (
        " ".join(env.from_string(tp["facts"]).render(game=info).split()) if tp.get("facts") else ""
    )
    if flow.illustrated:
        words = cover.Words(
            info.title,
            kicker,
            info.tagline,
            tuple(f.strip() for f in facts.split(" · ") if f.strip()),
        )
        faces = rb_faces.cover_faces(game, flow.geo, flow.theme)
        return [cover.Cover(game, words, faces, flow.accent, flow.ink_saver)]
    out: list[Flowable] = [
        Spacer(1, mm(10)),
        flow.para(_esc(info.title), "title"),
        Spacer(1, mm(3)),
    ]
    if kicker:
        out.append(flow.para(_esc(kicker), "kicker"))
    out.append(Spacer(1, mm(6)))
    if info.tagline:
        out.append(flow.para(_esc(info.tagline), "tagline"))
    if facts:
        out += [Spacer(1, mm(4)), flow.para(_esc(facts), "facts")]
    return out


def _esc(text: str) -> str:
    return escape(text)


def render_book(
    game: Game, book: rb.Book, geo: Geometry, edition: str, paper: str, ink_saver: bool = False
) -> tuple[bytes, int]:
    """(PDF bytes, pages) of one edition of a game's rulebook on one paper."""
    with accel.fast():
        return _render_book(game, book, geo, edition, paper, ink_saver)


def _render_book(
    game: Game, book: rb.Book, geo: Geometry, edition: str, paper: str, ink_saver: bool
) -> tuple[bytes, int]:
    style = rb_style.load()
    register_families()
    from pnp.content.sandbox import Sandbox  # style.yaml's page templates: the same sandbox

    env = Sandbox(what="page template", hint="see templates/rulebook/style.yaml", filters={})
    flow = _Flow(game, geo, style, edition, ink_saver)
    info = game.info
    assert info is not None
    page = geo.papers[paper]
    top, bottom, left, right = style.margins
    title = f"{info.title}: Rulebook v{info.version}" + (" (text only)" if edition == TEXT else "")
    doc = _Doc(
        (page.width, page.height),
        env.from_string(style.header),
        env.from_string(style.footer),
        game,
        flow.edition,
        flow.accent,
        title=title,
        author="pnp",
        creator="pnp",
        subject=f"{info.title} rulebook, "
        + ("illustrated" if edition == ILLUSTRATED else "text only"),
        invariant=1,
        pageCompression=1,
        lang=style.lang,
        displayDocTitle=1,
        initialFontName=fonts.font("sans"),
        initialFontSize=10,
        leftMargin=left,
        rightMargin=right,
        topMargin=top,
        bottomMargin=bottom,
    )
    # The text runs in a centred column of the edition's measure; wide tables and drawings
    # reach out to the margins (`_Flow.widen`).
    wide = page.width - left - right
    measure = min(flow.edition.measure, wide)
    frame = pages.BookFrame(
        left + (wide - measure) / 2,
        bottom,
        measure,
        page.height - top - bottom,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    flow.width, flow.wide = measure, wide
    cover_frame = pages.BookFrame(
        0,
        0,
        page.width,
        page.height,
        id="cover",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.addPageTemplates(
        [
            PageTemplate("title", [cover_frame if flow.illustrated else frame]),
            PageTemplate("body", [frame], onPageEnd=doc.page_furniture),
        ]
    )
    # the Credits close the book, after the rules
    ending = rb_credits.nodes(game, (n.id for n in book.nodes if isinstance(n, Heading)))
    nodes = [*book.nodes, *ending]
    toc = pages.Contents(
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                pages.table_font(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
        levelStyles=[
            ParagraphStyle("toc1", parent=flow.styles["toc1"], leftIndent=0, firstLineIndent=0),
            ParagraphStyle("toc2", parent=flow.styles["toc2"], leftIndent=mm(6), firstLineIndent=0),
        ],
    )
    # The contents start out with every entry at page 0, so the first pass already gives
    # them their room and a second pass only fills in the page numbers: unless an earlier
    # build of this book, with these very headings, left the pages it found (`kept_pages`).
    headings = [
        (min(n.level, 2) - 1, n.inline.text, 0, n.id)
        for n in nodes
        if isinstance(n, Heading) and n.level <= 2
    ]
    remembered = kept_pages.recall(game.id, edition, paper, ink_saver, headings)
    toc._entries = remembered or headings  # type: ignore[attr-defined]
    doc.sketch_first = bool(headings) and remembered is None
    story: list[Flowable] = _title_flowables(flow, style, env)
    story += [NextPageTemplate("body"), PageBreak() if flow.illustrated else Spacer(1, mm(8))]
    contents = _Heading(
        f'<a name="contents"/>{_esc(style.contents)}',
        flow.styles["h1"],
        1,
        style.contents,
        "contents",
    )
    story += [contents, toc]
    body = flow.nodes(nodes)
    story += [PageBreak() if flow.illustrated else Spacer(1, mm(6)), *body]
    pages.chapters(story)
    doc.multiBuild(story, canvasmaker=pages.BookCanvas)
    found = list(toc._entries)  # type: ignore[attr-defined]
    if found != remembered:
        kept_pages.keep(game.id, edition, paper, ink_saver, headings, found)
    return doc.filename.getvalue(), doc.page


# Rendering is a pure function of the model, the sources, the style and the options, so a
# process that builds the same game twice (tests, `--paper all`) renders it once.
_RENDERED: dict[str, tuple[bytes, int]] = {}


def _key(game: Game, book: rb.Book, geo: Geometry, ink_saver: bool) -> Any:
    """A digest of all a game's rulebooks are drawn from but the edition and the paper,
    which each book adds to a copy of it."""
    digest = hashlib.sha256()
    # where the content lies does not change what is drawn (positions are for diagnostics)
    model = re.sub(r"Src\(file='[^']*'", "Src(", repr(dataclasses.replace(game, folder=None)))
    art = [f"{rel}={sha}" for rel, sha in art_digests(game).items()]
    for part in (
        model,
        *book.texts,
        *art,
        repr(rb_style.load()),
        repr(geo.layouts),
        str(ink_saver),
    ):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest


def outputs(game: Game, geo: Geometry, opts: Options) -> list[Output]:
    """rulebook-<paper>.pdf and rulebook-text-<paper>.pdf for each paper, for a game that
    has a rulebook."""
    return editions(game, geo, opts, (ILLUSTRATED, TEXT))


def editions(
    game: Game, geo: Geometry, opts: Options, which: tuple[str, ...] = (ILLUSTRATED, TEXT)
) -> list[Output]:
    """The rulebooks of `which` editions for each paper (see `outputs`): an export wants the
    illustrated book alone."""
    with accel.fast():
        return _editions(game, geo, opts, which)


def _editions(game: Game, geo: Geometry, opts: Options, which: tuple[str, ...]) -> list[Output]:
    from pnp.render.build import Output, RenderError

    book = rb.load(game)
    if not book.complete or any(d.severity is Severity.ERROR for d in book.diagnostics):
        # The check filled this same snapshot without a problem, so this is a bug; never
        # print a rulebook with a section missing.
        raise RenderError("the rulebook", book.diagnostics)
    if book.empty or game.info is None:
        return []
    chapters = [n.inline.text for n in book.nodes if isinstance(n, Heading) and n.level == 1]
    out = []
    drawn_from = _key(game, book, geo, opts.ink_saver)
    for paper in opts.papers:
        for edition in which:
            digest = drawn_from.copy()
            digest.update(f"{edition}\0{paper}".encode())
            key = digest.hexdigest()
            if key not in _RENDERED:
                if len(_RENDERED) >= 8:
                    _RENDERED.pop(next(iter(_RENDERED)))
                _RENDERED[key] = render_book(game, book, geo, edition, paper, opts.ink_saver)
            data, pages = _RENDERED[key]
            out.append(
                Output(
                    file_name(edition, paper),
                    data,
                    pages,
                    paper,
                    {"rulebook": edition, "chapters": chapters},
                )
            )
    return out
