"""The numbers in rings, the tabs and the small labels are held to their room like rules text.

`tests/test_fit_everything.py` makes each kind of box overflow and expects E720; this adds the
cases it leaves out: what is drawn inside a ring is checked on the canvas (each value's
letters, corners included, stay a margin inside the ring it sits in: a crime's Heat in its
flame's disc, its payout in the coin's inner ring, a coin's value in its ring), a Limit's tab
too narrow for its words, the colour names on the smallest chips, and that the texts that were
drawn unmeasured (the word FAVOR round the Favor chips, Diamond Heist's treasure table) are
now measured, with names.
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from pnp import pipeline
from pnp.checks import fit
from pnp.content.project import Game
from pnp.render import geometry
from pnp.render import text as rtext
from pnp.render.cards import Theme
from pnp.render.units import mm
from pnp.rulesets.diplomatic_immunity import chips
from tests import drawn
from tests.conftest import CONTENT, FIXTURES, check_json

MARGIN = mm(0.4)  # between a value's letters and its ring (cards.BADGE_MARGIN, chips')
CAP, DROP = 0.76, 0.1  # how far a value's glyphs reach above and below its baseline ('$')


@pytest.fixture(scope="module")
def game() -> Game:
    return pipeline.check(CONTENT, ["diplomatic-immunity"]).games["diplomatic-immunity"]


def _corners(t: drawn.Text) -> list[tuple[float, float]]:
    """The corners of a value's letters on its page: its advance width, from a little below
    its baseline to the top of a '$'."""
    left, bottom, right, _ = t.box
    baseline = bottom + 0.25 * t.size
    return [
        (x, y) for x in (left, right) for y in (baseline - DROP * t.size, baseline + CAP * t.size)
    ]


def _inside(t: drawn.Text, cx: float, cy: float, ring: float) -> float:
    """How far inside `ring` (less the margin) its farthest corner is (negative: outside)."""
    return ring - MARGIN - max(math.hypot(x - cx, y - cy) for x, y in _corners(t))


def test_every_badge_and_coin_value_stays_a_margin_inside_its_ring(game: Game) -> None:
    """On the faces as drawn: each crime's Heat inside 0.9 of its disc, each payout inside the
    coin's inner ring (0.82 of it), each coin's value inside its ring (0.66), all with the
    margin, including '$10M' on the largest coin and the two-digit payouts."""
    recording = drawn.record(game, Theme())
    layout = geometry.default().layouts["crime"]
    size = layout.size
    heat, pay = layout.box("heat"), layout.box("payout")
    crimes = {c.id: c for c in game.cards or () if c.crime}
    money = game.info.currency.format if game.info else str
    checked: dict[str, float] = {}
    for t in recording.texts:
        name = t.face.split(": ")[-1].removesuffix(", front")
        card = crimes.get(name) or crimes.get(name.rsplit("-", 1)[0])
        if card is not None and card.crime is not None and t.face.endswith(", front"):
            b = size.bleed
            for box, ring, value in (
                (heat, 0.9, str(card.crime.heat)),
                (pay, 0.82, money(card.crime.payout)),
            ):
                r = box.w / 2
                if t.text == value and t.size > 8:
                    checked[f"{card.name} {value}"] = _inside(
                        t, b + box.x + r, b + size.height - box.y - box.h / 2, ring * r
                    )
        if t.face.endswith("coins, front") and t.text.startswith("$"):
            half = chips.QUARTER / 2
            checked[t.face] = _inside(t, chips.BLEED + half, chips.BLEED + half, 0.66 * half)
    assert {"$1M coins, front", "$5M coins, front", "$10M coins, front"} <= set(checked)
    assert sum(1 for k in checked if "$" in k and "coins" not in k) >= len(crimes)
    assert {k: round(v, 2) for k, v in checked.items() if v < -0.05} == {}


def _game(tmp_path: Path, base: str, edits: list[tuple[str, str, str]]) -> Path:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "valid" / base, content / base)
    for file, old, new in edits:
        path = content / base / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {file}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return content


def _line(content: Path, base: str, file: str, needle: str) -> int:
    lines = (content / base / file).read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, start=1) if needle in text)


def test_a_heat_track_too_long_for_the_limit_tabs_is_e720(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seven boxes on the Heat track still hold their numbers, but no longer a Limit's tab
    ('LIMIT · WITH IMMUNITY' at 6 pt, beside its shield): E720 at the line that sets the
    Limit (the rules, or the archetype that changes it), naming the tab; the note under the
    Scandal box, at 6 pt too, is reported at the Heat rules."""
    content = _game(tmp_path, "mini-cards", [("rules.yaml", "track_max: 5", "track_max: 6")])
    status, diags = check_json(capsys, content, "mini-cards")
    assert status == 1
    hits = [d for d in diags if d["code"] == "E720"]
    assert hits and all(
        "on the Heat track" in d["message"] or "Heat track's" in d["message"] for d in hits
    ), hits
    tabs = [d for d in hits if "a Limit's tab on the Heat track" in d["message"]]
    line = _line(content, "mini-cards", "rules.yaml", "limit: {with_immunity")
    assert ("rules.yaml", line) in {(Path(d["file"]).name, d["line"]) for d in tabs}
    assert all(Path(d["file"]).name in ("rules.yaml", "characters.yaml") for d in hits)
    assert all("too wide" in d["message"] and "at 6 pt" in d["message"] for d in hits)
    assert not any("a number of the Heat track" in d["message"] for d in hits)


def test_a_seat_name_too_long_for_the_smallest_chips_is_e720(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A seat colour's name is set at 6 pt at least on the Heat markers (12.7 mm) and Law
    markers, never shrunk to a speck: one too long for them is E720 at the seat's line."""
    content = _game(
        tmp_path, "mini-cards", [("components.yaml", "name: Red,", "name: Vermilion Red,")]
    )
    status, diags = check_json(capsys, content, "mini-cards")
    assert status == 1
    line = _line(content, "mini-cards", "components.yaml", "id: red")
    hits = [d for d in diags if d["code"] == "E720"]
    assert any("heat markers" in d["message"] for d in hits), hits
    assert all((Path(d["file"]).name, d["line"]) == ("components.yaml", line) for d in hits)
    assert all("at 6 pt" in d["message"] for d in hits)


def test_labels_that_were_drawn_unmeasured_are_measured(game: Game) -> None:
    """The word FAVOR round every Favor chip, the Limit tabs and the treasure table's
    headings, counts, player counts and suit symbols are set through `render.text` and named,
    so the fit check holds them to their room and their floor."""
    heist = pipeline.check(CONTENT, ["diamond-heist"]).games["diamond-heist"]
    whats: set[str] = set()
    for g in (game, heist):
        with rtext.measuring() as seen:
            fit.check(g)
        assert all(m.what != "a text" for m in seen), {m.text for m in seen if m.what == "a text"}
        whats |= {m.what for m in seen}
    assert {
        "the word FAVOR on the Favor chips",
        "a Limit's tab on the Heat track on the boards",
        "the treasure table's heading",
        "a count in the treasure table",
        "a player count in the treasure table",
        "'adv.' in the treasure table",
        "the standard cards of the Diamonds in the treasure table",
        "the variants' heading",
    } <= whats
