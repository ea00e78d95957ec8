"""`pnp diff --html FILE`: the changelog in pictures as one web page.

For each printed face that changed, the old face beside the new one (drawn by the same
renderers as `pnp build`, embedded as images so the page is one file that fetches
nothing), the changelog entries it shows, and its printed words with the changed words
marked: struck through under the old face (<del>), underlined under the new (<ins>).
"""

from __future__ import annotations

import base64
import html

from pnp.diff import words
from pnp.diff.faces import Face, FaceChange
from pnp.diff.pages import _related
from pnp.diff.review import GameDiff, Review
from pnp.export.faces import png_bytes, rasterise
from pnp.render.png import face_pdf
from pnp.site.report import page as one_page

FACE_PX = 420  # an image's width: a card shown at about 280 px, sharp on a dense screen

STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; color: #1f1b16; margin: 0 auto; max-width: 70rem;
  padding: 1rem 1.5rem 3rem; background: #fbf8f2; }
.change { border-top: 1px solid #d8ccb4; padding: 1rem 0; }
.status { display: inline-block; padding: 0 .5rem; border-radius: .3rem; color: #fff;
  font-size: .8rem; font-weight: 700; text-transform: uppercase; vertical-align: .15rem; }
.changed { background: #8a6d1d; } .added { background: #2e7d32; } .removed { background: #b3261e; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 2rem; }
.side img { max-width: 100%; height: auto; border-radius: 6px;
  box-shadow: 0 1px 4px rgba(0,0,0,.3); }
.side.old h3 { color: #b3261e; } .side.new h3 { color: #2e7d32; }
.missing { border: 2px dashed #c9c0b0; padding: 3rem 1rem; text-align: center; color: #5b5349; }
del { background: #f6c9c4; color: #8a1c12; }
ins { background: #cdebc5; color: #1f5f16; text-decoration: underline; }
.words { white-space: pre-wrap; }
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _image(face: Face, alt: str) -> str:
    size = face.size
    h = round(FACE_PX * size.height / size.width)
    image = rasterise(face_pdf(face.draw, size, face.name, bleed=0.0), FACE_PX, h)
    data = base64.b64encode(png_bytes(image)).decode("ascii")
    return (
        f'<img src="data:image/png;base64,{data}" width="{FACE_PX * 2 // 3}" '
        f'height="{h * 2 // 3}" alt="{_e(alt)}">'
    )


def _marked(old: str, new: str, side: str) -> str:
    """One side's printed words, the words changed on that side marked."""
    out = []
    for op, text in words.diff(old, new):
        if op == "=":
            out.append(_e(text))
        elif op == side:
            tag = "del" if side == "-" else "ins"
            out.append(f"<{tag}>{_e(text)}</{tag}>")
    return "".join(out)


def _change(diff: GameDiff, change: FaceChange, describe: dict[str, str]) -> str:
    related = _related(change, diff)
    parts = [
        f'<section class="change" aria-labelledby="{_e(change.key)}">',
        f'<h2 id="{_e(change.key)}"><span class="status {change.status}">{change.status}</span> '
        f"{_e(change.kind)} {_e(change.name)}</h2>",
    ]
    if related:
        parts.append("<ul>" + "".join(f"<li>{_e(r)}</li>" for r in related) + "</ul>")
    parts.append('<div class="sides">')
    for side, face, other, cls in (
        ("-", change.old, change.new, "old"),
        ("+", change.new, change.old, "new"),
    ):
        label = "Before" if side == "-" else "After"
        parts.append(f'<div class="side {cls}"><h3>{label}: {_e(describe[side])}</h3>')
        if face is None:
            parts.append(f'<p class="missing">not in {_e(describe[side])}</p></div>')
            continue
        parts.append(_image(face, f"{change.name}, {label.lower()}"))
        if other is not None:
            old, new = (face.text, other.text) if side == "-" else (other.text, face.text)
            words_html = _marked(old, new, side)
        else:
            words_html = _e(face.text)
        parts.append(f'<p class="words">{words_html}</p></div>')
    parts.append("</div></section>")
    return "\n".join(parts)


def render(review: Review) -> str:
    """The page: every changed face of every game, or a sentence that none changed."""
    describe = {"-": review.old.describe(), "+": review.new.describe()}
    title = f"pnp diff: {describe['-']} → {describe['+']}"
    body = [f"<h1>{_e(title)}</h1>"]
    changes = [(d, f) for d in review.games for f in d.printed]
    if not changes:
        games = ", ".join(d.title for d in review.games) or "no game"
        body.append(f"<p>No printed component changed. Compared: {_e(games)}.</p>")
    for diff, change in changes:
        body.append(_change(diff, change, describe))
    return one_page(title, STYLE, body)
