"""Benchmark: the print-and-play build, its rulebooks, and the card sheets against bare
reportlab.

Prints one row per target, with the measured figure, the target and "ok" or "MISS":

- the rulebooks' share of `pnp build diplomatic-immunity --paper a4`: the CPU time spent
  making the rulebooks over the whole process's CPU time (target: at most 35%);
- the full kit (`pnp build --paper all`, both games) against `pnp check` plus the card
  sheets alone: the build process's CPU time over that of a `pnp check --fresh` process (a
  check that does the work, as the build's own check does, not one that finds the verdicts
  of an earlier run: see `pnp.verdicts`) plus the
  CPU time the build spends on the card sheets (target: at most 2x);
- Diplomatic Immunity's duplex card sheets (A4) drawn in-process against a bare reportlab
  program drawing the same cards on the same pages (background, band, name, the card's
  picture as reportlab's renderer draws svglib's drawing of it, rules text wrapped with
  reportlab's simpleSplit, back) (target: at most 1x).

Times are CPU time (user + system), the median of `--runs` runs, the runs of the things
compared alternating: the machine is shared, and wall time varies with what else runs. The
full kit's row also shows the build's wall time and peak memory. Exits 1 when a target is
missed.

    python tools/bench/build_speed.py [--runs 5]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK_SHARE = 0.35  # the rulebooks' share of the DI A4 build, at most
FULL_KIT = 2.0  # the full kit against check + card sheets, at most
BARE = 1.0  # the card sheets against bare reportlab, at most


def _child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run(argv: list[str]) -> tuple[float, float, dict[str, float]]:
    """(CPU seconds, wall seconds, what the child reported) of one process."""
    before, start = _child_cpu(), time.perf_counter()
    done = subprocess.run(argv, check=True, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, _child_cpu() - before
    lines = done.stdout.strip().splitlines()
    report = json.loads(lines[-1]) if argv[1:2] == [__file__] else {}
    return cpu, wall, report


def _build(*args: str, out: str) -> list[str]:
    """A `pnp build` run by this script (`--child`), which reports the CPU time it spends
    on the rulebooks and on the card sheets."""
    content = str(ROOT / "content")
    return [sys.executable, __file__, "--child", "build", *args, "--content", content, "--out", out]


def child(argv: list[str]) -> int:
    """Run `pnp` with `argv` as the `pnp` script runs it (`cli.run`), timing the rulebooks
    (`pnp.rulebook.pdf.outputs`) and the card sheets (`pnp.render.build.card_files`, which
    every game's card PDFs go through); print those CPU times as JSON."""
    from pnp import cli
    from pnp.render import build
    from pnp.rulebook import pdf as rulebook_pdf

    spent = {"rulebooks": 0.0, "cards": 0.0}

    def timed(name: str, fn: Any) -> Any:
        def run(*args: Any) -> Any:
            start = time.process_time()
            try:
                return fn(*args)
            finally:
                spent[name] += time.process_time() - start

        return run

    rulebook_pdf.outputs = timed("rulebooks", rulebook_pdf.outputs)  # type: ignore[assignment]
    build.card_files = timed("cards", build.card_files)  # type: ignore[assignment]
    sys.argv = ["pnp", *argv]
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli.run()  # as the `pnp` script runs it, ending as it ends
    print(json.dumps(spent))
    return code


def processes(runs: int) -> tuple[float, float, float, float, float, float, float]:
    """Medians of (DI A4 build CPU, its rulebooks' CPU, full kit CPU, full kit wall, check
    CPU, card sheets' CPU in the full kit), and the full kit's peak memory (MB)."""
    pnp = str(Path(sys.executable).with_name("pnp"))
    check = [pnp, "check", "--fresh", "--content", str(ROOT / "content")]
    a4, a4_books, full, full_wall, checks, cards = [], [], [], [], [], []
    peak = 0.0
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs):
            cpu, _wall, got = _run(_build("diplomatic-immunity", "--paper", "a4", out=out))
            a4.append(cpu)
            a4_books.append(got["rulebooks"])
            cpu, wall, got = _run(_build("--paper", "all", out=out))
            peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
            full.append(cpu)
            full_wall.append(wall)
            cards.append(got["cards"])
            checks.append(_run(check)[0])
    m = statistics.median
    return m(a4), m(a4_books), m(full), m(full_wall), m(checks), m(cards), peak


Art = Any  # a card's picture: a reportlab Drawing (an SVG, parsed once), or image bytes


def bare_cards(cards: list[tuple[str, str, str, str, str, Art]]) -> bytes:
    """The baseline: the same cards on 3 x 3 A4 sheets, fronts then backs, drawn directly
    with plain reportlab calls and the same fonts: background, band, kind line, name, frame,
    the card's picture (an SVG drawn by reportlab's renderer from the drawing svglib made of
    it, each picture parsed once; a PNG or JPEG by drawImage) or a medallion, rules text
    wrapped by simpleSplit at one size (no fitting), flavour, footer, the back's pattern,
    and crop marks. No forms, no measuring, no layouts."""
    from reportlab.graphics import renderPDF
    from reportlab.lib.utils import ImageReader, simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render import fonts
    from pnp.render.units import mm

    fonts.register()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(mm(210), mm(297)), invariant=True, initialFontName=fonts.font("sans"))  # type: ignore[arg-type]
    w, h = mm(63.5), mm(88.9)
    x0, y0 = (mm(210) - 3 * w) / 2, (mm(297) + 3 * h) / 2
    for start in range(0, len(cards), 9):
        chunk = cards[start : start + 9]
        for side in ("front", "back"):
            for k, (name, kind, text, flavour, colour, art) in enumerate(chunk):
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
                if isinstance(art, bytes):
                    side = mm(22)
                    c.drawImage(
                        ImageReader(io.BytesIO(art)),
                        x + w / 2 - side / 2,
                        y + h - mm(43),
                        side,
                        side,
                        preserveAspectRatio=True,
                        mask="auto",
                    )
                elif art is not None:
                    left, bottom, right, top = art.getBounds()
                    scale = mm(22) / max(right - left, top - bottom)
                    c.saveState()
                    c.translate(x + w / 2 - mm(11), y + h - mm(43))
                    c.scale(scale, scale)
                    c.translate(-left, -bottom)
                    renderPDF.draw(art, c, 0, 0)
                    c.restoreState()
                else:
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
    """(median CPU seconds of pnp's card sheets, median CPU seconds of the bare baseline)."""
    from pnp import pipeline
    from pnp.render import build, geometry

    game = pipeline.check(ROOT / "content", ["diplomatic-immunity"]).games["diplomatic-immunity"]
    geo = geometry.default()
    theme = build.card_faces.Theme()
    groups = build.card_groups(game, geo, theme)
    cards = [
        (
            c.name,
            c.kind.value,
            c.text.printed,
            c.flavour,
            build.card_faces.deck_colour(game, c),
            _art(game, c.art.id if c.art else None),
        )
        for c in game.cards or ()
        for _ in range(c.count)
    ]
    cards += [
        (g.name, "goal", g.text.printed if g.text else "", "", "#5b3f8c", None)
        for g in game.goals or ()
    ]
    assert len(cards) == sum(len(g.items) for g in groups)
    bare, duplex = [], []
    for _ in range(runs):
        start = time.process_time()
        bare_cards(cards)
        bare.append(time.process_time() - start)
        start = time.process_time()
        _duplex_only(game, geo)  # the duplex sheets alone, as the baseline draws them
        duplex.append(time.process_time() - start)
    return statistics.median(duplex), statistics.median(bare)


def _art(game: Any, rel: str | None) -> Art:
    """What the baseline draws for a card's picture (parsed here, before it is timed, as
    pnp's were parsed by its check)."""
    from pnp.content import assets

    if rel is None:
        return None
    if assets.is_svg(rel):
        found = assets.svg(game, rel)
        return None if found is None or isinstance(found, assets.Unusable) else found
    return assets.art_bytes(game, rel)


def _duplex_only(game: Any, geo: Any) -> bytes:
    from pnp.render import build, pdf, sheets

    theme = build.card_faces.Theme()
    groups = build.card_groups(game, geo, theme)
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


def _row(what: str, figure: str, target: str, ok: bool) -> bool:
    print(f"{what}: {figure}  [target: {target}]  {'ok' if ok else 'MISS'}")
    return ok


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        return child(sys.argv[2:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    a4, books, full, wall, check, cards, peak = processes(args.runs)
    ours, bare = card_sheets(args.runs)
    share, kit, sheets = books / a4, full / (check + cards), ours / bare
    ok = [
        _row(
            "rulebooks' share of `pnp build diplomatic-immunity --paper a4`",
            f"{share:.0%} ({books:.2f} s of {a4:.2f} s CPU)",
            f"<= {RULEBOOK_SHARE:.0%}",
            share <= RULEBOOK_SHARE,
        ),
        _row(
            "full kit (`pnp build --paper all`) vs `pnp check` + card sheets",
            f"{kit:.2f}x ({full:.2f} s vs {check:.2f} s + {cards:.2f} s CPU; "
            f"wall {wall:.2f} s, peak memory {peak:.0f} MB)",
            f"<= {FULL_KIT:g}x",
            kit <= FULL_KIT,
        ),
        _row(
            "Diplomatic Immunity's card sheets (A4 duplex) vs bare reportlab",
            f"{sheets:.2f}x ({ours:.3f} s vs {bare:.3f} s CPU)",
            f"<= {BARE:g}x",
            sheets <= BARE,
        ),
    ]
    print(f"{args.runs} runs each, medians")
    return 0 if all(ok) else 1


if __name__ == "__main__":
    raise SystemExit(main())
