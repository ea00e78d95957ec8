"""Benchmark: the full print-and-play build, and the card sheets against bare reportlab.

Prints:
- the median wall time of `pnp build` (both games, both papers) as a whole process, and
  its peak memory (max RSS of the child process);
- the median time to render Diplomatic Immunity's duplex card sheets (A4) in-process, and
  the median time a bare reportlab program takes to draw the same cards on the same
  pages (background, band, name, rules text wrapped with reportlab's simpleSplit, back),
  and their ratio.

Targets: full build under 10 s with peak memory under 400 MB; card sheets no more than
1.5x the bare baseline.

    python tools/bench/build_speed.py [--runs 5]
"""

from __future__ import annotations

import argparse
import io
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from pnp import pipeline
from pnp.render import build, fonts, geometry
from pnp.render.units import mm

ROOT = Path(__file__).resolve().parents[2]


def full_build(runs: int) -> tuple[float, float]:
    """(median seconds, peak MB) of `pnp build` as a process."""
    exe = Path(sys.executable).with_name("pnp")
    times = []
    peak = 0.0
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(
                [str(exe), "build", "--content", str(ROOT / "content"), "--out", out],
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - start)
            peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    return statistics.median(times), peak


def bare_cards(cards: list[tuple[str, str, str, str, str]]) -> bytes:
    """The baseline: the same cards on 3 x 3 A4 sheets, fronts then backs, drawn directly
    with plain reportlab calls and the same fonts: background, band, kind line, name, frame,
    medallion, rules text wrapped by simpleSplit at one size (no fitting), flavour, footer,
    the back's pattern, and crop marks. No forms, no measuring, no layouts."""
    fonts.register()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(mm(210), mm(297)), invariant=True, initialFontName=fonts.font("sans"))  # type: ignore[arg-type]
    w, h = mm(63.5), mm(88.9)
    x0, y0 = (mm(210) - 3 * w) / 2, (mm(297) + 3 * h) / 2
    for start in range(0, len(cards), 9):
        chunk = cards[start : start + 9]
        for side in ("front", "back"):
            for k, (name, kind, text, flavour, colour) in enumerate(chunk):
                col, row = k % 3, k // 3
                if side == "back":
                    col = 2 - col
                x, y = x0 + col * w, y0 - (row + 1) * h
                if side == "back":
                    c.setFillColor(colour)
                    c.rect(x, y, w, h, stroke=0, fill=1)
                    c.setStrokeColor("#ffffff")
                    for i in range(-40, 40):
                        c.line(x + i * mm(4), y, x + i * mm(4) + h / 3, y + h / 3)
                    c.setFillColor("#ffffff")
                    c.setFont(fonts.font("serif-bold"), 15)
                    c.drawCentredString(x + w / 2, y + h / 2, kind.upper())
                    continue
                c.setFillColor("#f7f1e3")
                c.rect(x, y, w, h, stroke=0, fill=1)
                c.setFillColor(colour)
                c.rect(x, y + h - mm(17), w, mm(17), stroke=0, fill=1)
                c.setStrokeColor(colour)
                c.roundRect(x + mm(2.4), y + mm(2.4), w - mm(4.8), h - mm(20), mm(2))
                c.circle(x + w / 2, y + h - mm(32), mm(11), stroke=1, fill=1)
                c.setFillColor("#ffffff")
                c.setFont(fonts.font("sans-bold"), 6)
                c.drawCentredString(x + w / 2, y + h - mm(7), kind.upper())
                c.setFont(fonts.font("serif-bold"), 12.5)
                c.drawCentredString(x + w / 2, y + h - mm(13), name)
                c.setFillColor("#1d1d1b")
                c.setFont(fonts.font("sans"), 9.5)
                lines = simpleSplit(text, fonts.font("sans"), 9.5, w - mm(12))
                for i, line in enumerate(lines):
                    c.drawString(x + mm(6), y + h - mm(51) - i * 11.2, line)
                c.setFont(fonts.font("sans-italic"), 7)
                for i, line in enumerate(
                    simpleSplit(flavour, fonts.font("sans-italic"), 7, w - mm(12))
                ):
                    c.drawCentredString(x + w / 2, y + mm(14) - i * 8.4, line)
                c.setFont(fonts.font("sans"), 5.5)
                c.drawString(x + mm(5), y + mm(4), "Diplomatic Immunity v0.27")
                c.drawRightString(x + w - mm(5), y + mm(4), kind)
            c.setStrokeColor("#000000")
            for i in range(4):
                for edge_y in (y0 + mm(1), y0 - 3 * h - mm(5)):
                    c.line(x0 + i * w, edge_y, x0 + i * w, edge_y + mm(4))
                for edge_x in (x0 - mm(5), x0 + 3 * w + mm(1)):
                    c.line(edge_x, y0 - i * h, edge_x + mm(4), y0 - i * h)
            c.showPage()
    c.save()
    return buf.getvalue()


def card_sheets(runs: int) -> tuple[float, float]:
    """(median seconds of pnp's card sheets, median seconds of the bare baseline)."""
    game = pipeline.check(ROOT / "content", ["diplomatic-immunity"]).games["diplomatic-immunity"]
    geo = geometry.default()
    theme = build.card_faces.Theme()
    groups = build.card_groups(game, geo, theme)
    cards = [
        (c.name, c.kind.value, c.text.printed, c.flavour, build.card_faces.deck_colour(game, c))
        for c in game.cards or ()
        for _ in range(c.count)
    ]
    cards += [
        (g.name, "goal", g.text.printed if g.text else "", "", "#5b3f8c") for g in game.goals or ()
    ]
    assert len(cards) == sum(len(g.items) for g in groups)
    bare, duplex = [], []
    for _ in range(runs):
        start = time.perf_counter()
        bare_cards(cards)
        bare.append(time.perf_counter() - start)
        start = time.perf_counter()
        _duplex_only(game, geo)  # the duplex sheets alone, as the baseline draws them
        duplex.append(time.perf_counter() - start)
    return statistics.median(duplex), statistics.median(bare)


def _duplex_only(game: object, geo: geometry.Geometry) -> bytes:
    from pnp.render import pdf, sheets

    theme = build.card_faces.Theme()
    groups = build.card_groups(game, geo, theme)  # type: ignore[arg-type]
    paper, imp = geo.papers["a4"], geo.impositions["cards"]
    assert geo.marks is not None
    marks = geo.marks
    data, _ = pdf.render(
        paper.width,
        paper.height,
        "bench",
        lambda c: sheets.sheet_pages(c, groups, imp, paper, marks, "bench"),
    )
    assert data
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    wall, peak = full_build(args.runs)
    print(
        f"pnp build (both games, A4 and Letter), {args.runs} runs: median {wall:.2f} s, "
        f"peak memory {peak:.0f} MB  [targets: < 10 s, < 400 MB]"
    )
    ours, bare = card_sheets(args.runs)
    print(
        f"card sheets, Diplomatic Immunity, A4 duplex: pnp median {ours:.3f} s, bare "
        f"reportlab median {bare:.3f} s, ratio {ours / bare:.2f}x  [target: <= 1.5x]"
    )
    ok = wall < 10 and peak < 400 and ours / bare <= 1.5
    print("ok" if ok else "OVER TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
