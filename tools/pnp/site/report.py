"""The simulation report as one web page (`pnp sim --report FILE.html`): the same facts,
sections, tables and charts as the PDF report (`render.report`), the charts as SVG, each
with its numbers in a table beside it, for a reader who cannot see the bars. One file: its
style is inside it, and it fetches nothing.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from pnp.render.report import PALETTE, _step
from pnp.rules.stats import Bars, Section, Table

WIDTH, HEIGHT = 640, 260
LEFT, BOTTOM, TOP, RIGHT = 48, 56, 12, 12

STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; color: #1f2328; margin: 0 auto; max-width: 60rem;
  padding: 1rem 1.5rem 3rem; background: #fff; }
h1 { font-size: 1.8rem; } h2 { margin-top: 2rem; }
.facts { color: #59636e; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; }
th, td { border: 1px solid #c8ccd1; padding: .25rem .6rem; text-align: left; }
thead th { background: #f2f4f6; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.chart { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.chart svg { max-width: 100%; height: auto; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
.legend span { display: inline-block; width: .9rem; height: .9rem; margin-right: .3rem;
  vertical-align: -.1rem; }
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _table(table: Table, caption: str = "") -> str:
    head = "".join(f'<th scope="col">{_e(h)}</th>' for h in table.header)
    rows = []
    for row in table.rows:
        cells = [f'<th scope="row">{_e(row[0])}</th>'] if row else []
        cells += [f'<td class="n">{_e(c)}</td>' for c in row[1:]]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    cap = f"<caption>{_e(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _number(value: float, unit: str) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{text}{unit if unit == '%' else ' ' + unit if unit else ''}"


def chart(bars: Bars, title: str, key: str) -> str:
    """An SVG bar chart, its legend, and the same numbers as a table."""
    values = [v for _, vs in bars.series for v in vs]
    top = bars.top if bars.top is not None else max([*values, 1.0]) * 1.1
    step = _step(top)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n, k = len(bars.categories), max(1, len(bars.series))
    group = plot_w / max(1, n)
    bar = group * 0.8 / k
    out = [
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-labelledby="{key}-t"><title id="{key}-t">{_e(title)}</title>'
    ]
    tick = 0.0
    while tick <= top + 1e-9:
        y = TOP + plot_h - tick / top * plot_h
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e3e6e9"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="#59636e">{_e(_number(tick, bars.unit))}</text>'
        )
        tick += step
    for i, category in enumerate(bars.categories):
        x0 = LEFT + i * group + group * 0.1
        for j, (name, vs) in enumerate(bars.series):
            v = vs[i] if i < len(vs) else 0.0
            h = max(0.0, min(v, top)) / top * plot_h
            out.append(
                f'<rect x="{x0 + j * bar:.1f}" y="{TOP + plot_h - h:.1f}" width="{bar * 0.92:.1f}"'
                f' height="{h:.1f}" fill="{PALETTE[j % len(PALETTE)]}">'
                f"<title>{_e(name)}, {_e(category)}: {_e(_number(v, bars.unit))}</title></rect>"
            )
        out.append(
            f'<text x="{LEFT + i * group + group / 2:.1f}" y="{HEIGHT - BOTTOM + 16}" '
            f'text-anchor="middle" font-size="11" fill="#1f2328">{_e(category)}</text>'
        )
    if bars.axis:
        out.append(
            f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 12}" text-anchor="middle" '
            f'font-size="12" fill="#59636e">{_e(bars.axis)}</text>'
        )
    out.append("</svg>")
    legend = "".join(
        f'<li><span style="background:{PALETTE[j % len(PALETTE)]}"></span>{_e(name)}</li>'
        for j, (name, _) in enumerate(bars.series)
    )
    numbers = Table(
        (bars.axis or "", *(name for name, _ in bars.series)),
        tuple(
            (c, *(_number(vs[i], bars.unit) for _, vs in bars.series))
            for i, c in enumerate(bars.categories)
        ),
    )
    return (
        f'<div class="chart"><figure>{"".join(out)}<ul class="legend">{legend}</ul></figure>'
        f"{_table(numbers, f'{title}: the numbers')}</div>"
    )


def render(
    title: str,
    facts: Sequence[tuple[str, str]],
    not_modelled: Sequence[str],
    sections: Sequence[Section],
) -> str:
    """The report as one HTML page."""
    body = [f"<h1>{_e(title)}</h1>", '<ul class="facts">']
    body += [f"<li>{_e(k)}: {_e(v)}</li>" for k, v in facts]
    body += ["</ul>", "<h2>What the bots do not model</h2>"]
    body += [f"<p>{_e(s)}</p>" for s in not_modelled]
    for n, section in enumerate(sections, start=1):
        body.append(f"<section><h2>{_e(section.heading)}</h2>")
        if section.text:
            body.append(f"<p>{_e(section.text)}</p>")
        if section.table is not None and section.table.rows:
            body.append(_table(section.table))
        if section.chart is not None:
            body.append(chart(section.chart, section.heading, f"chart-{n}"))
        body.append("</section>")
    return page(title, STYLE, body)


def page(title: str, style: str, body: Sequence[str]) -> str:
    """A page of one file: its style inside it, its body in a <main>."""
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{style}</style></head><body><main>"
        + "\n".join(body)
        + "</main></body></html>\n"
    )
