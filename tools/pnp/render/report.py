"""The simulation report as a PDF: tables and bar charts with reportlab's own graphics.

It draws what `pnp.rules.stats` describes (sections of text, tables and bars) and says
plainly what the bots do not model. No timings go in, and the canvas is reportlab's
invariant one, so the same simulation gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, pdf
from pnp.render.units import mm
from pnp.rules.stats import Bars, Section, Table

PAGE_W, PAGE_H = mm(210), mm(297)  # A4
MARGIN = mm(18)
TEXT_W = PAGE_W - 2 * MARGIN
INK, MUTED, RULE, ZEBRA = "#1f2328", "#59636e", "#c8ccd1", "#f2f4f6"
PALETTE = (
    "#3b6ea8",
    "#d08c2e",
    "#4e9a5b",
    "#b5473c",
    "#7a5aa6",
    "#8c6d4f",
    "#c25b94",
    "#5b8c8c",
    "#9a9a3b",
)
ROW_H = 13.0
CHART_H = mm(62)


class _Pages:
    """A cursor down the page that starts a new page when something does not fit."""

    def __init__(self, canvas: Canvas, footer: str) -> None:
        self.c = canvas
        self.footer = footer
        self.pages = 1
        self.y = PAGE_H - MARGIN

    def need(self, height: float) -> None:
        """Start a new page unless `height` points fit below the cursor."""
        if self.y - height < MARGIN + 14:
            self.finish_page()
            self.c.showPage()
            self.pages += 1
            self.y = PAGE_H - MARGIN

    def finish_page(self) -> None:
        """The page's footer: the report's name and the page number."""
        self.c.setFont(fonts.font("sans"), 7.5)
        self.c.setFillColor(MUTED)
        self.c.drawString(MARGIN, MARGIN - 4, self.footer)
        self.c.drawRightString(PAGE_W - MARGIN, MARGIN - 4, f"page {self.pages}")

    def text(
        self, text: str, face: str = "sans", size: float = 9.5, colour: str = INK, gap: float = 4.0
    ) -> None:
        """A wrapped paragraph."""
        font = fonts.font(face)
        lines = simpleSplit(text, font, size, TEXT_W)
        lead = size * 1.3
        for line in lines:
            self.need(lead)
            self.c.setFont(font, size)
            self.c.setFillColor(colour)
            self.c.drawString(MARGIN, self.y - size, line)
            self.y -= lead
        self.y -= gap

    def heading(self, text: str, size: float = 13.0) -> None:
        """A section heading, kept with the first lines after it."""
        self.need(size * 1.6 + 4 * ROW_H)
        self.y -= 4
        self.text(text, "serif-bold", size, gap=3.0)

    def table(self, table: Table) -> None:
        """A table with a bold header, light rules and zebra rows; numbers right-aligned."""
        font, bold, size = fonts.font("sans"), fonts.font("sans-bold"), 8.5
        cols = len(table.header)
        widths = [
            max(
                [stringWidth(table.header[i], bold, size)]
                + [stringWidth(r[i], font, size) for r in table.rows]
            )
            + 12
            for i in range(cols)
        ]
        scale = min(1.0, TEXT_W / sum(widths))
        widths = [w * scale for w in widths]
        xs = [MARGIN + sum(widths[:i]) for i in range(cols)]
        right = xs[-1] + widths[-1]

        def row(cells: Sequence[str], face: str, shade: bool) -> None:
            self.need(ROW_H)
            if shade:
                self.c.setFillColor(ZEBRA)
                self.c.rect(MARGIN, self.y - ROW_H, right - MARGIN, ROW_H, stroke=0, fill=1)
            self.c.setFont(face, size)
            self.c.setFillColor(INK)
            base = self.y - ROW_H + 3.8
            for i, cell in enumerate(cells):
                if i == 0:
                    self.c.drawString(xs[i] + 3, base, cell)
                else:
                    self.c.drawRightString(xs[i] + widths[i] - 3, base, cell)
            self.y -= ROW_H

        self.need(2 * ROW_H)
        row(table.header, bold, False)
        self.c.setStrokeColor(RULE)
        self.c.setLineWidth(0.6)
        self.c.line(MARGIN, self.y, right, self.y)
        for n, cells in enumerate(table.rows):
            row(cells, font, n % 2 == 1)
        self.c.line(MARGIN, self.y, right, self.y)
        self.y -= 8

    def chart(self, bars: Bars) -> None:
        """A vertical bar chart with a legend when there is more than one series."""
        self.need(CHART_H + 6)
        drawing = Drawing(TEXT_W, CHART_H)
        chart = VerticalBarChart()
        legend_w = 84.0 if len(bars.series) > 1 else 0.0
        chart.x, chart.y = 34, 26
        chart.width, chart.height = int(TEXT_W - 44 - legend_w), int(CHART_H - 40)
        chart.data = [list(values) for _, values in bars.series]
        chart.categoryAxis.categoryNames = list(bars.categories)
        chart.categoryAxis.labels.fontName = fonts.font("sans")
        chart.categoryAxis.labels.fontSize = 7.5
        label_w = max((fonts.width(c, "sans", 7.5) for c in bars.categories), default=0.0)
        if label_w * len(bars.categories) > 0.85 * chart.width:  # slant names that would touch
            chart.categoryAxis.labels.angle = 35
            chart.categoryAxis.labels.boxAnchor = "ne"
            chart.categoryAxis.labels.dx, chart.categoryAxis.labels.dy = 2, -2
            chart.y = 58
            chart.height = int(CHART_H - 72)
        chart.categoryAxis.strokeColor = HexColor(MUTED)
        chart.valueAxis.labels.fontName = fonts.font("sans")
        chart.valueAxis.labels.fontSize = 7.5
        chart.valueAxis.strokeColor = HexColor(MUTED)
        chart.valueAxis.valueMin = 0
        top = bars.top or max([v for _, values in bars.series for v in values] + [1.0])
        chart.valueAxis.valueMax = top
        chart.valueAxis.valueStep = _step(top)
        chart.valueAxis.labelTextFormat = "%d" + bars.unit.replace("%", "%%")
        chart.valueAxis.visibleGrid = True
        chart.valueAxis.gridStrokeColor = HexColor(RULE)
        chart.valueAxis.gridStrokeWidth = 0.4
        chart.barSpacing = 1
        chart.groupSpacing = 6
        for i in range(len(bars.series)):
            chart.bars[i].fillColor = HexColor(PALETTE[i % len(PALETTE)])
            chart.bars[i].strokeColor = None
        drawing.add(chart)
        if bars.axis:
            drawing.add(
                String(
                    chart.x + chart.width / 2,
                    4,
                    bars.axis,
                    textAnchor="middle",
                    fontName=fonts.font("sans-italic"),
                    fontSize=7.5,
                    fillColor=HexColor(MUTED),
                )
            )
        if legend_w:
            legend = Legend()
            legend.x, legend.y = int(TEXT_W - legend_w + 14), int(CHART_H - 14)
            legend.columnMaximum = len(bars.series)
            legend.fontName = fonts.font("sans")
            legend.fontSize = 7.5
            legend.dx = legend.dy = 7
            legend.deltay = 10
            legend.alignment = "right"
            legend.boxAnchor = "nw"
            legend.colorNamePairs = [
                (HexColor(PALETTE[i % len(PALETTE)]), name)
                for i, (name, _) in enumerate(bars.series)
            ]
            drawing.add(legend)
        renderPDF.draw(drawing, self.c, MARGIN, self.y - CHART_H)
        self.y -= CHART_H + 8


def _step(top: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if top / step <= 6:
            return float(step)
    return top / 5


def render(
    title: str,
    facts: Sequence[tuple[str, str]],
    not_modelled: Sequence[str],
    sections: Sequence[Section],
) -> tuple[bytes, int]:
    """(PDF bytes, pages) of a simulation report: facts, what is not modelled, sections."""

    def draw(canvas: Canvas) -> int:
        pages = _Pages(canvas, title)
        pages.text(title, "serif-bold", 18, gap=6)
        for key, value in facts:
            pages.text(f"{key}: {value}", size=9.5, colour=MUTED, gap=0)
        pages.y -= 6
        pages.heading("What the bots do not model", 11.5)
        for sentence in not_modelled:
            pages.text(sentence, size=9, gap=3)
        for section in sections:
            rows = len(section.table.rows) + 1 if section.table is not None else 0
            keep = rows * ROW_H + (CHART_H + 8 if section.chart is not None else 0)
            if keep < PAGE_H - 2 * MARGIN - 80:  # keep a table and its chart together
                pages.need(keep + 60)
            pages.heading(section.heading)
            if section.text:
                pages.text(section.text, size=9, colour=MUTED)
            if section.table is not None and section.table.rows:
                pages.table(section.table)
            if section.chart is not None:
                pages.chart(section.chart)
        pages.finish_page()
        return pages.pages

    return pdf.render(PAGE_W, PAGE_H, title, draw, subject="simulation report")
