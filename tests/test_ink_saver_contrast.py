"""Every value a face prints can be read against what it is printed on, in full colour and in
the ink-saver print: a WCAG contrast of 4.5:1, or 3:1 for large type (18 pt, or 14 pt bold:
the numbers on a crime's badges, on the Heat track, on the coins).

The measurement (`tests/drawn.py`) is the page itself: each face is rasterised once without
its texts (the ground) and once with only its texts, in black (the ink). A text's letters are
the ink's dark pixels in its box, and the colours under them in the ground are what it is
printed on: the flame under a Heat number, the coin under a payout, the hatching on a back.
Its contrast is that of its fill colour against those colours, at the 20th percentile of its
letters' area.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp import pipeline
from pnp.checks import fit
from pnp.content.project import Game
from pnp.render import fonts, icons
from pnp.render import text as rtext
from pnp.render.cards import Theme
from tests import drawn
from tests.conftest import CONTENT

pytestmark = pytest.mark.heavy  # collected first: see conftest

GAMES = ("diplomatic-immunity", "diamond-heist")


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    result = pipeline.check(CONTENT, list(GAMES))
    return {g: result.games[g] for g in GAMES}


@pytest.fixture(scope="module")
def measure(games: dict[str, Game]) -> Callable[[str, bool], list[drawn.Measured]]:
    """Every text of a game's faces with its contrast, in one print (measured once)."""
    done: dict[tuple[str, bool], list[drawn.Measured]] = {}

    def get(game_id: str, ink_saver: bool) -> list[drawn.Measured]:
        if (game_id, ink_saver) not in done:
            done[game_id, ink_saver] = drawn.contrast(games[game_id], Theme(ink_saver))
        return done[game_id, ink_saver]

    return get


def _heat_numbers(game: Game) -> set[tuple[str, str]]:
    """(face, text) of every crime's Heat number."""
    return {
        (f"{deck}: {card.id}{suffix}, front", str(card.crime.heat))
        for card in game.cards or ()
        if card.crime
        for deck in {
            i.name
            for i in (game.components.items if game.components else ())
            if i.deck == card.deck.id
        }
        for suffix in ([f"-{n}" for n in range(1, card.count + 1)] if card.count > 1 else [""])
    }


def _low(measured: list[drawn.Measured]) -> list[drawn.Measured]:
    return [m for m in measured if m.contrast < m.needed]


def _show(measured: list[drawn.Measured]) -> list[tuple[str, str, float, float]]:
    return [
        (m.text.face, m.text.text, round(m.text.size, 1), round(m.contrast, 2)) for m in measured
    ]


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_reads_against_what_it_is_printed_on(
    games: dict[str, Game],
    measure: Callable[[str, bool], list[drawn.Measured]],
    game_id: str,
    ink_saver: bool,
) -> None:
    """No text on any face falls short of 4.5:1 (3:1 for large type): kind lines and names on
    their bands, rules text, footers, the Heat track, chip and coin words, Diamond Heist's
    gold type on cream and felt."""
    measured = measure(game_id, ink_saver)
    assert len(measured) > 100
    assert all(m.pixels > 0 for m in measured)
    assert _show(_low(measured)) == []


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
def test_every_crimes_heat_and_payout_reads_on_its_badge(
    games: dict[str, Game], measure: Callable[[str, bool], list[drawn.Measured]], ink_saver: bool
) -> None:
    """The crimes' Heat numbers, each found on its card: in the ink-saver print it was black
    on a black flame (1:1); it must read (3:1 at least, large type), as must the payouts."""
    game = games["diplomatic-immunity"]
    heat = _heat_numbers(game)
    measured = [
        m for m in measure("diplomatic-immunity", ink_saver) if (m.text.face, m.text.text) in heat
    ]
    crimes = [c for c in game.cards or () if c.crime]
    assert len({m.text.face for m in measured}) == len(crimes)
    assert all(m.text.large for m in measured)
    assert _show(_low(measured)) == []


def _badges(ink_saver: bool) -> list[fit.Sketch]:
    """icons.heat_badge and icons.coin_badge with every Heat from 0 to 9 and a few payouts,
    at a crime card's badge size."""
    r = 18.43  # a 13 mm badge

    def sketch(what: str, draw: Callable[[Canvas], None]) -> fit.Sketch:
        return fit.Sketch(what, 2 * r, 2 * r + 12, 2.0, draw)

    def heat(number: rtext.Fitted) -> Callable[[Canvas], None]:
        return lambda c: icons.heat_badge(c, r, r + 12, r, number, ink_saver)

    def coin(money: rtext.Fitted) -> Callable[[Canvas], None]:
        return lambda c: icons.coin_badge(c, r, r + 12, r, money, ink_saver)

    out = []
    for value in [*map(str, range(10)), "12"]:
        number = rtext.fit_line(
            value,
            rtext.Style("sans-black", r * 0.95, 9.0, align="center"),
            rtext.ring_room(r * 0.9, r * 0.95, 1.13),
        )
        out.append(sketch(f"Heat {value}", heat(number)))
    for value in ("$1M", "$6M", "$10M"):
        money = rtext.fit_line(
            value,
            rtext.Style("sans-black", r * 0.78, 9.0, align="center"),
            rtext.ring_room(r * 0.82, r * 0.78, 1.13),
        )
        out.append(sketch(f"payout {value}", coin(money)))
    return out


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
def test_the_badges_numbers_read_in_both_prints(ink_saver: bool) -> None:
    """icons.heat_badge and icons.coin_badge, which render/cards.py is to draw its badges
    with: the Heat on its flame and the payout on its coin read in both prints, and so do
    the words under them."""
    measured = drawn.contrast_of(_badges(ink_saver))
    words = {m.text.text for m in measured}
    assert {"HEAT", "PAYOUT", "0", "9", "$10M"} <= words
    assert _show(_low(measured)) == []
    assert min(m.text.size for m in measured) >= 6.0


def test_the_measurement_sees_what_a_reader_sees() -> None:
    """The measurement itself: black on white is 21:1, black on a black disc 1:1, the
    crimes' badge inks as designed, and a thin hatching under white type barely matters."""

    def text_on(fill: str, ink: str, hatch: bool = False) -> fit.Sketch:
        def draw(c: Canvas) -> None:
            c.setFillColor(fill)
            c.rect(0, 0, 60, 30, stroke=0, fill=1)
            if hatch:
                c.setStrokeColor("#ffffff")
                c.setStrokeAlpha(0.16)
                c.setLineWidth(0.5)
                for x in range(-30, 60, 11):
                    c.line(x, 0, x + 30, 30)
                c.setStrokeAlpha(1)
            c.setFillColor(ink)
            c.setFont(fonts.font("sans-bold"), 12)
            c.drawString(4, 10, "Heat 3")

        return fit.Sketch(f"{ink} on {fill}", 60, 30, 0, draw)

    found = drawn.contrast_of(
        [
            text_on("#ffffff", "#000000"),
            text_on("#1d1d1b", "#1d1d1b"),
            text_on(icons.FLAME, icons.HEAT_NUMBER),
            text_on("#8a6d1d", "#ffffff", hatch=True),
        ]
    )
    black, same, flame, hatched = (m.contrast for m in found)
    assert black == pytest.approx(21.0, abs=0.1)
    assert same == pytest.approx(1.0, abs=0.01)
    assert flame == pytest.approx(
        drawn.ratio(drawn.rgb(icons.FLAME), drawn.rgb(icons.HEAT_NUMBER)), abs=0.05
    )
    assert 4.5 < hatched < drawn.ratio((1.0, 1.0, 1.0), drawn.rgb("#8a6d1d")) + 0.01
    assert drawn.ratio((1.0, 1.0, 1.0), (0.0, 0.0, 0.0)) == pytest.approx(21.0)
