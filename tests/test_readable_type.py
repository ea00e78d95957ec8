"""Nothing prints too small to read: rules text at 7.5 pt or more, everything else (names,
kind lines, labels, footers, numbers, suit symbols, the words on coins and chips) at 6 pt or
more, on every face of both games, in full colour and ink-saver.

The floors are data (`floors` in `templates/layouts/components.yaml`), every layout box's
own floor (`min`) is at least its kind's, and `render.text` holds every text it sets to them:
one that would need to go smaller does not fit, which `pnp check` reports as E720. These
tests read what is really set: every text the fit check measures (what `render.text` set,
and in which box) and every string and suit symbol the faces draw on the canvas (so type a
renderer draws without `render.text` is held to the floor too).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp import pipeline
from pnp.checks import fit
from pnp.content.model import Src
from pnp.content.project import Game
from pnp.render import geometry
from pnp.render import text as rtext
from pnp.render.cards import Theme
from tests import drawn
from tests.conftest import CONTENT

RULES = 7.5  # the smallest rules text, in points
LABEL = 6.0  # the smallest of anything else
GAMES = ("diplomatic-immunity", "diamond-heist")

# Type drawn straight on the canvas by render/cards.py (which this change may not edit): the
# words HEAT and PAYOUT under a crime's badges, at 0.3 of the badge's radius (5.5 pt). The
# fix is for cards.py to draw its badges with icons.heat_badge and icons.coin_badge, which
# set these words through render.text at 6 pt or more; then these tests fail until the
# entries below are removed.
BADGE_WORDS = frozenset({"HEAT", "PAYOUT"})  # drawn by icons.heat_badge and coin_badge


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    result = pipeline.check(CONTENT, list(GAMES))
    return {g: result.games[g] for g in GAMES}


def _measured(game: Game) -> list[rtext.Measured]:
    with rtext.measuring() as seen:
        fit.check(game)
    return seen


def _pending(m: rtext.Measured) -> float | None:
    """The floor a pending exception allows this text, if one names it."""
    for box, start, least in rtext.floors().pending:
        if m.box == box and m.text.startswith(start):
            return least
    return None


def test_the_floors_are_data_and_at_least_the_readable_minimum() -> None:
    """The layouts say 7.5 pt for rules text and 6 pt for anything else, and name the boxes
    that hold rules text; no box may shrink below its kind's floor."""
    floors = rtext.floors()
    assert floors.rules >= RULES and floors.label >= LABEL
    assert {
        "rules",
        "bend",
        "cost",
        "signature",
        "roles",
        "notes",
        "variants",
    } <= floors.rules_boxes
    pending = {box: least for box, _, least in floors.pending}
    low = []
    for layout in geometry.default().layouts.values():
        for box in layout.boxes.values():
            if box.style is None:
                continue
            need = RULES if box.name in floors.rules_boxes else LABEL
            if box.style.min_size < need and box.style.min_size < pending.get(box.name, need):
                low.append((layout.name, box.name, box.style.min_size))
            assert box.style.size >= box.style.min_size, (layout.name, box.name)
    assert low == []


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_is_set_below_its_floor(games: dict[str, Game], game_id: str) -> None:
    """Every text the faces set through `render.text`: rules text at 7.5 pt or more, the
    rest at 6 pt or more (the Quick Reference, the Departures board, Diamond Heist's setup
    notes and variants among the rules; its treasure table, suit symbols and chips' colour
    names among the rest)."""
    small = []
    for m in _measured(games[game_id]):
        need = RULES if m.box in rtext.floors().rules_boxes else LABEL
        allowed = _pending(m)
        if m.fitted.size < need - 1e-6 and (allowed is None or m.fitted.size < allowed - 1e-6):
            small.append((m.what, m.box, m.text[:30], round(m.fitted.size, 2)))
    assert small == []


def _drawn(game: Game, theme: Theme) -> Iterator[drawn.Text]:
    yield from drawn.record(game, theme, "ground").texts


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_string_and_symbol_drawn_is_at_least_6pt(
    games: dict[str, Game], game_id: str, ink_saver: bool
) -> None:
    """On the canvas itself: every string any face draws, and every suit symbol (drawn as a
    shape), is 6 pt or more, whoever draws it."""
    pending = rtext.floors().pending
    small = {
        (t.face.split(":")[0], t.text, round(t.size, 2))
        for t in _drawn(games[game_id], Theme(ink_saver))
        if t.size < LABEL - 1e-6
        and not any(
            t.text.startswith(start) and t.size >= least - 1e-6 for _, start, least in pending
        )
    }
    assert small == set()


def test_the_badges_words_are_at_least_6pt(games: dict[str, Game]) -> None:
    texts = list(_drawn(games["diplomatic-immunity"], Theme()))
    words = [t for t in texts if t.text in BADGE_WORDS]
    assert words and all(t.size >= LABEL for t in words)


def test_suit_symbols_and_chip_labels_are_readable(games: dict[str, Game]) -> None:
    """The two that were smallest: Diamond Heist's suit symbols in the treasure table (4.7 pt)
    and the seat colours' names on the Heat markers (4.3 pt)."""
    suits = [t for t in _drawn(games["diamond-heist"], Theme()) if t.font == "suit"]
    assert suits and min(t.size for t in suits) >= LABEL
    table = [
        m
        for m in _measured(games["diamond-heist"])
        if m.what.startswith("the standard cards of the")
    ]
    assert table and min(m.fitted.size for m in table) >= LABEL
    markers = [
        m
        for m in _measured(games["diplomatic-immunity"])
        if "heat markers" in m.what or "law markers" in m.what
    ]
    assert len(markers) == 12 and min(m.fitted.size for m in markers) >= LABEL
    assert all(m.fitted.fits for m in markers)


def test_the_pending_exceptions_are_still_needed(games: dict[str, Game]) -> None:
    """Each exception the layouts allow (`floors.pending`) still names a text that would not
    fit at the floor; once its renderer changes, remove it."""
    floors = rtext.floors()
    measured = [m for g in GAMES for m in _measured(games[g])]
    for box, start, least in floors.pending:
        hits = [m for m in measured if m.box == box and m.text.startswith(start)]
        assert hits, f"no text in a '{box}' box starts {start!r}: remove the exception"
        assert least < floors.label
        assert any(m.fitted.size < floors.label for m in hits), (
            f"{start!r} now fits at {floors.label:g} pt: remove its exception from the layouts"
        )


def test_a_text_asked_for_below_its_floor_does_not_fit() -> None:
    """A renderer that asks for type below the floor gets it, but the text does not fit:
    `pnp check` reports it (E720), saying the size and the floor."""
    tiny = rtext.Style(face="sans-bold", size=4.3, min_size=3.0, align="center")
    fitted = rtext.fit_line("CRIMSON", tiny, 100.0, what="the seat's name", box="chip")
    assert fitted.size == pytest.approx(4.3) and fitted.below_floor and not fitted.fits
    assert fitted.floor == LABEL
    wide = rtext.Style(face="sans-bold", size=9.0, min_size=3.0, align="center")
    shrunk = rtext.fit_line("CRIMSON", wide, 10.0, what="the seat's name", box="chip")
    assert shrunk.size == LABEL and not shrunk.fits  # stops at the floor, too wide there
    rules = rtext.Style(face="sans", size=9.5, min_size=6.0)
    block = rtext.fit("Draw 1 Street card. " * 12, rules, 100.0, 40.0, box="rules")
    assert block.size == RULES and not block.fits
    m = rtext.Measured(
        "the seat's name on the Crimson heat markers", "chip", "CRIMSON", 100.0, 0.0, fitted, None
    )
    diag = fit._report(m, Src(str(Path("content/g/components.yaml")), 6, 5))
    assert diag.code == "E720" and "4.3 pt" in diag.message and "6 pt floor" in diag.message
