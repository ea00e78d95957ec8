"""The sweep's report, as a web page (SVG) or a PDF (reportlab's graphics): the variants
ranked by balance in a table; across one varied number, a line chart per measure (the
balance score with its interval, each Goal's or archetype's win rate, the game's length,
the endings); across two, a heat map of the balance score and of the length. Every chart
has its numbers in a table beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Line, PolyLine, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, pdf
from pnp.render.report import PALETTE
from pnp.rules.stats import Table
from pnp.site.report import _e, _table, page
from pnp.sweep import Sweep, Variant, _show

W, H = 620, 240
MID = 'font-size="11" text-anchor="middle"'
L, B, T, R = 52, 40, 14, 150  # the plot's margins; the legend at the right


@dataclass(frozen=True, slots=True)
class Chart:
    """Lines across the varied number: (name, one value or None per x)."""

    title: str
    axis: str
    xs: tuple[str, ...]
    lines: tuple[tuple[str, tuple[float | None, ...]], ...]
    unit: str = "%"


def _played(sweep: Sweep) -> list[Variant]:
    return [v for v in sweep.variants if v.summary is not None]


def charts(sweep: Sweep) -> list[Chart]:
    """Line charts across the one varied number (none when two or more vary)."""
    if len(sweep.varies) != 1:
        return []
    vary = sweep.varies[0]
    xs = tuple(_show(v.numbers[0][1]) for v in sweep.variants)
    by_x = {_show(v.numbers[0][1]): v for v in _played(sweep)}

    def line(get: Callable[[Variant], float]) -> tuple[float | None, ...]:
        """One value a variant, None for a variant not played."""
        return tuple(None if (v := by_x.get(x)) is None else get(v) for x in xs)

    found = [
        Chart(
            "Balance: the largest distance from the fair share",
            vary.path,
            xs,
            (
                ("score", line(lambda v: 100 * v.measures["balance"]["score"])),
                ("interval low", line(lambda v: 100 * v.measures["balance"]["ci95"][0])),
                ("interval high", line(lambda v: 100 * v.measures["balance"]["ci95"][1])),
            ),
            " pts",
        )
    ]
    for kind in ("goal", "archetype", "role"):
        keys = list(
            dict.fromkeys(k for v in _played(sweep) for k in v.measures.get(f"by_{kind}", {}))
        )
        if keys:
            lines = tuple(
                (
                    key,
                    line(partial(_share, f"by_{kind}", key, "rate")),
                )
                for key in keys
            )
            found.append(Chart(f"Win rate by {kind}", vary.path, xs, lines))
    found.append(
        Chart(
            "Game length",
            vary.path,
            xs,
            (("rounds, mean", line(lambda v: float(v.measures["rounds"].get("mean", 0.0)))),),
            "",
        )
    )
    endings = list(dict.fromkeys(k for v in _played(sweep) for k in v.measures["endings"]))
    if endings:
        found.append(
            Chart(
                "Endings",
                vary.path,
                xs,
                tuple((e, line(partial(_share, "endings", e, ""))) for e in endings),
            )
        )
    return found


def _share(measure: str, key: str, field: str, v: Variant) -> float:
    """A variant's share (a rate, as a percentage) of one key of a measure: a win rate
    (`field` "rate") or an ending's share of the games (`field` "")."""
    found = v.measures[measure].get(key, {} if field else 0.0)
    return 100 * float(found.get(field, 0.0) if field else found)


def heat(sweep: Sweep, measure: str) -> tuple[list[str], list[str], list[list[float | None]]]:
    """Rows (the first varied number), columns (the second), and the measure in each cell."""
    a, b = sweep.varies[0], sweep.varies[1]
    rows = [_show(x) for x in a.values]
    cols = [_show(x) for x in b.values]
    cells: list[list[float | None]] = [[None] * len(cols) for _ in rows]
    for v in sweep.variants:
        if v.summary is None:
            continue
        i, j = rows.index(_show(v.numbers[0][1])), cols.index(_show(v.numbers[1][1]))
        if measure == "balance":
            cells[i][j] = 100 * v.measures["balance"]["score"]
        else:
            cells[i][j] = float(v.measures["rounds"].get("mean", 0.0))
    return rows, cols, cells


def _x(i: int, count: int, width: float) -> float:
    """The x of the i-th of `count` values across a plot `width` wide."""
    return L + width * i / (count - 1) if count > 1 else L + width / 2


def _fmt(value: float | None, unit: str) -> str:
    return "-" if value is None else f"{value:.1f}{unit}"


def _ranked_rows(sweep: Sweep) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for v in sweep.ranked():
        if v.summary is None:
            first = v.errors[0].format() if v.errors else "not played"
            rows.append((v.label, "not played", first, "", ""))
            continue
        b = v.measures["balance"]
        rows.append(
            (
                v.label,
                f"{100 * b['score']:.1f} pts",
                f"{100 * b['ci95'][0]:.1f} to {100 * b['ci95'][1]:.1f}",
                f"{b['kind']} {b['id']}".strip(),
                f"{v.measures['rounds'].get('mean', 0):.1f}",
            )
        )
    return rows


HEAD = ("variant", "balance", "95% interval", "furthest from fair", "rounds, mean")


def _intro(sweep: Sweep) -> list[str]:
    varied = "; ".join(f"{v.path} = {', '.join(_show(x) for x in v.values)}" for v in sweep.varies)
    return [
        f"Varied: {varied}.",
        f"{sweep.games} games a variant, players {', '.join(map(str, sweep.players))}, seed "
        f"{sweep.seed}: every variant plays the same games (common random numbers), so the "
        "differences are the change's, not the dice's.",
        "Balance is the largest distance of any Goal's or archetype's (a role's) win rate from "
        "the fair share of its kind, in percentage points; the most balanced variant is first.",
    ]


# ---- the web page ------------------------------------------------------------------------------


def _svg_lines(chart: Chart, key: str) -> str:
    values = [x for _, ys in chart.lines for x in ys if x is not None]
    top = max([*values, 1.0]) * 1.1
    pw, ph = W - L - R, H - T - B
    n = max(1, len(chart.xs) - 1)
    out = [
        f'<svg viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
        f'aria-labelledby="{key}"><title id="{key}">{_e(chart.title)}</title>'
    ]
    for k in range(5):
        v = top * k / 4
        y = T + ph - v / top * ph
        out.append(
            f'<line x1="{L}" x2="{L + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e3e6e9"/>'
            f'<text x="{L - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
            f'fill="#59636e">{v:.0f}</text>'
        )
    for i, x in enumerate(chart.xs):
        px = L + pw * i / n if len(chart.xs) > 1 else L + pw / 2
        out.append(f'<text x="{px:.1f}" y="{T + ph + 16}" {MID}>{_e(x)}</text>')
    out.append(
        f'<text x="{L + pw / 2}" y="{H - 6}" font-size="12" text-anchor="middle" '
        f'fill="#59636e">{_e(chart.axis)}</text>'
    )
    for j, (name, ys) in enumerate(chart.lines):
        colour = PALETTE[j % len(PALETTE)]
        points = [
            f"{_x(i, len(chart.xs), pw):.1f},{T + ph - y / top * ph:.1f}"
            for i, y in enumerate(ys)
            if y is not None
        ]
        dash = ' stroke-dasharray="4 3"' if name.startswith("interval") else ""
        out.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash} '
            f'points="{" ".join(points)}"/>'
        )
        out.append(
            f'<text x="{L + pw + 10}" y="{T + 12 + 15 * j}" font-size="11" fill="{colour}">'
            f"{_e(name[:22])}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def _table_html(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    """A table with its header cells (`site.report`'s)."""
    return _table(Table(tuple(head), tuple(tuple(r) for r in rows)), caption)


def _heat_html(sweep: Sweep, measure: str, title: str, unit: str) -> str:
    rows, cols, cells = heat(sweep, measure)
    values = [c for row in cells for c in row if c is not None]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    size = 46
    a, b = sweep.varies[0].path, sweep.varies[1].path
    width, height = 110 + size * len(cols), 40 + size * len(rows)
    out = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{_e(title)}">'
    ]
    for j, c in enumerate(cols):
        out.append(f'<text x="{110 + size * j + size / 2}" y="16" {MID}>{_e(c)}</text>')
    for i, r in enumerate(rows):
        y = 24 + size * i
        out.append(
            f'<text x="100" y="{y + size / 2 + 4}" font-size="11" text-anchor="end">{_e(r)}</text>'
        )
        for j, value in enumerate(cells[i]):
            share = 0.5 if value is None or hi == lo else (value - lo) / (hi - lo)
            fill = "#dddddd" if value is None else _ramp(share)
            out.append(
                f'<rect x="{110 + size * j}" y="{y}" width="{size - 2}" height="{size - 2}" '
                f'fill="{fill}"><title>{_e(a)}={_e(r)}, {_e(b)}={_e(cols[j])}: '
                f"{_e(_fmt(value, unit))}</title></rect>"
                f'<text x="{110 + size * j + size / 2 - 1}" y="{y + size / 2 + 3}" font-size="10" '
                f'text-anchor="middle">{_e(_fmt(value, ""))}</text>'
            )
    out.append("</svg>")
    table = _table_html(
        (f"{a} \\ {b}", *cols),
        [(r, *(_fmt(v, unit) for v in cells[i])) for i, r in enumerate(rows)],
        f"{title}: the numbers",
    )
    return f"<h2>{_e(title)}</h2><p>Rows: {_e(a)}; columns: {_e(b)}.</p>{''.join(out)}{table}"


def _ramp(share: float) -> str:
    """Green (low) to red (high)."""
    r = round(90 + 160 * share)
    g = round(170 - 90 * share)
    return f"#{r:02x}{g:02x}{90:02x}"


def html(sweep: Sweep) -> str:
    """The report as one web page."""
    title = f"{sweep.title}: balance sweep"
    body = [f"<h1>{_e(title)}</h1>", *(f"<p>{_e(p)}</p>" for p in _intro(sweep))]
    body.append(_table_html(HEAD, _ranked_rows(sweep), "The variants, the most balanced first"))
    for n, chart in enumerate(charts(sweep), start=1):
        body.append(f"<h2>{_e(chart.title)}</h2>")
        body.append(_svg_lines(chart, f"c{n}"))
        rows = [
            (x, *(_fmt(ys[i], chart.unit) for _, ys in chart.lines)) for i, x in enumerate(chart.xs)
        ]
        body.append(
            _table_html(
                (chart.axis, *(name for name, _ in chart.lines)),
                rows,
                f"{chart.title}: the numbers",
            )
        )
    if len(sweep.varies) == 2:
        body.append(_heat_html(sweep, "balance", "Balance score", " pts"))
        body.append(_heat_html(sweep, "rounds", "Game length (rounds, mean)", ""))
    style = (
        "body{font:16px/1.5 system-ui,sans-serif;max-width:64rem;margin:0 auto;padding:1rem 1.5rem}"
        "table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #c8ccd1;"
        "padding:.2rem .5rem;text-align:left}thead th{background:#f2f4f6}caption{text-align:left;"
        "font-weight:600}svg{max-width:100%;height:auto}"
    )
    return page(title, style, body)


# ---- the PDF -------------------------------------------------------------------------------------


def _drawing_lines(chart: Chart) -> Drawing:
    d = Drawing(W, H)
    values = [x for _, ys in chart.lines for x in ys if x is not None]
    top = max([*values, 1.0]) * 1.1
    pw, ph = W - L - R, H - T - B
    n = max(1, len(chart.xs) - 1)
    font = fonts.font("sans")
    for k in range(5):
        v = top * k / 4
        y = B + v / top * ph
        d.add(Line(L, y, L + pw, y, strokeColor=HexColor("#e3e6e9")))
        d.add(String(L - 6, y - 3, f"{v:.0f}", fontName=font, fontSize=8, textAnchor="end"))
    for i, x in enumerate(chart.xs):
        px = L + pw * i / n if len(chart.xs) > 1 else L + pw / 2
        d.add(String(px, B - 14, x, fontName=font, fontSize=8, textAnchor="middle"))
    d.add(String(L + pw / 2, 4, chart.axis, fontName=font, fontSize=9, textAnchor="middle"))
    for j, (name, ys) in enumerate(chart.lines):
        colour = HexColor(PALETTE[j % len(PALETTE)])
        pts: list[float] = []
        for i, value in enumerate(ys):
            if value is not None:
                pts += [_x(i, len(chart.xs), pw), B + value / top * ph]
        if len(pts) >= 4:
            line = PolyLine(pts, strokeColor=colour, strokeWidth=1.6)
            if name.startswith("interval"):
                line.strokeDashArray = [4, 3]
            d.add(line)
        d.add(
            String(
                L + pw + 10,
                H - T - 10 - 12 * j,
                name[:24],
                fontName=font,
                fontSize=8,
                fillColor=colour,
            )
        )
    return d


def _drawing_heat(sweep: Sweep, measure: str) -> Drawing:
    rows, cols, cells = heat(sweep, measure)
    size = 36
    d = Drawing(100 + size * len(cols), 30 + size * len(rows))
    font = fonts.font("sans")
    values = [c for row in cells for c in row if c is not None]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    top = 30 + size * len(rows)
    for j, c in enumerate(cols):
        d.add(
            String(
                100 + size * j + size / 2,
                top - 12,
                c,
                fontName=font,
                fontSize=8,
                textAnchor="middle",
            )
        )
    for i, r in enumerate(rows):
        y = top - 22 - size * (i + 1)
        d.add(String(92, y + size / 2 - 3, r, fontName=font, fontSize=8, textAnchor="end"))
        for j, value in enumerate(cells[i]):
            share = 0.5 if value is None or hi == lo else (value - lo) / (hi - lo)
            fill = HexColor("#dddddd" if value is None else _ramp(share))
            cell = Rect(100 + size * j, y, size - 2, size - 2)
            cell.fillColor, cell.strokeColor = fill, None
            d.add(cell)
            d.add(
                String(
                    100 + size * j + size / 2 - 1,
                    y + size / 2 - 3,
                    _fmt(value, ""),
                    fontName=font,
                    fontSize=7.5,
                    textAnchor="middle",
                )
            )
    return d


def pdf_file(sweep: Sweep) -> tuple[bytes, int]:
    """(PDF bytes, pages) of the report: A4 portrait."""
    from pnp.render.report import MARGIN, PAGE_H, PAGE_W, _Pages

    title = f"{sweep.title}: balance sweep"

    def draw(canvas: Canvas) -> int:
        pages = _Pages(canvas, title)
        pages.text(title, "serif-bold", 18, gap=6)
        for p in _intro(sweep):
            pages.text(p, size=9, gap=3)
        pages.heading("The variants, the most balanced first")
        pages.table(Table(HEAD, tuple(_ranked_rows(sweep))))
        drawings: list[tuple[str, Drawing, Table]] = []
        for chart in charts(sweep):
            rows = tuple(
                (x, *(_fmt(ys[i], chart.unit) for _, ys in chart.lines[:6]))
                for i, x in enumerate(chart.xs)
            )
            drawings.append(
                (
                    chart.title,
                    _drawing_lines(chart),
                    Table((chart.axis[-18:], *(n[:14] for n, _ in chart.lines[:6])), rows),
                )
            )
        if len(sweep.varies) == 2:
            for measure, name in (
                ("balance", "Balance score (pts)"),
                ("rounds", "Game length (rounds, mean)"),
            ):
                rows_, cols, cells = heat(sweep, measure)
                table = Table(
                    ("", *cols),
                    tuple((r, *(_fmt(v, "") for v in cells[i])) for i, r in enumerate(rows_)),
                )
                drawings.append(
                    (
                        f"{name}: rows {sweep.varies[0].path}, columns {sweep.varies[1].path}",
                        _drawing_heat(sweep, measure),
                        table,
                    )
                )
        for heading, drawing, table in drawings:
            scale = min(1.0, (PAGE_W - 2 * MARGIN) / drawing.width)
            pages.need(drawing.height * scale + 60)
            pages.heading(heading, 11)
            canvas.saveState()
            canvas.translate(MARGIN, pages.y - drawing.height * scale)
            canvas.scale(scale, scale)
            renderPDF.draw(drawing, canvas, 0, 0)
            canvas.restoreState()
            pages.y -= drawing.height * scale + 8
            pages.table(table)
        pages.finish_page()
        return pages.pages

    return pdf.render(PAGE_W, PAGE_H, title, draw, subject="balance sweep")
