"""Every text a renderer draws from the content is measured against its box by `pnp check`.

The renderers set text through `render.text` (`fit` for a wrapping block, `fit_line` for one
line) and the fit check draws every face on a scratch page, recording each call: so the
check measures exactly what the build draws. Here each newly measured box gets a value too
big for it, which must be E720 at the content line that holds the value; and the shipped
kits, built for real, must draw nothing past its box and nothing the check did not measure.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnp import pipeline, products
from pnp.checks import fit
from pnp.render import build, geometry
from pnp.render import text as rtext
from tests.conftest import CONTENT, FIXTURES, check_json


def _game(tmp_path: Path, base: str, edits: list[tuple[str, str, str]]) -> Path:
    """A copy of a valid fixture game (or of a shipped one, for the games whose names are in
    CONTENT) with each `old` in `file` replaced by `new`."""
    content = tmp_path / "content"
    source = CONTENT if (CONTENT / base).is_dir() else FIXTURES / "valid"
    shutil.copytree(source / base, content / base)
    for file, old, new in edits:
        path = content / base / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {file}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return content


def _line(content: Path, base: str, file: str, needle: str) -> int:
    """The line of `file` (in the edited copy) that holds `needle`."""
    lines = (content / base / file).read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, start=1) if needle in text)


LONG = "of the Most Serene and Extraordinarily Confidential Embassy"

# (id, base game, edits, file and text of the line reported, words of the message)
CASES: list[tuple[str, str, list[tuple[str, str, str]], tuple[str, str], str]] = [
    (
        "payout-9-digits",
        "mini-cards",
        [("street.yaml", "payout: 2", "payout: 123456789")],
        ("street.yaml", "payout: 123456789"),
        "the payout of 'Diplomatic Bag'",
    ),
    (
        "payout-currency-too-long",
        "mini-cards",
        [("game.yaml", 'suffix: "M"', 'suffix: " million"')],
        ("street.yaml", "payout: 2"),
        "the payout of",
    ),
    (
        "back-title",
        "mini-cards",
        [("components.yaml", "name: Headline deck,", f"name: Headlines {LONG} deck,")],
        ("components.yaml", "id: headline-deck"),
        "the name on the back of the Headlines",
    ),
    (
        "footer-deck-name",
        "mini-cards",
        [("components.yaml", "name: Headline deck,", f"name: Headlines {LONG} deck,")],
        ("components.yaml", "id: headline-deck"),
        "the footer of the Headlines",
    ),
    (
        "goal-door-pill",
        "diplomatic-immunity",
        [
            ("departures.yaml", "name: Private Jet", f"name: Private Jet {LONG}"),
            ("politics.yaml", "name: Private Jet", f"name: Private Jet {LONG}"),
        ],
        ("goals.yaml", "doors: [private-jet, slow-boat, diplomatic-marriage]"),
        "the door 'Private Jet of the Most",
    ),
    (
        "coin-value",
        "mini-cards",
        [
            ("components.yaml", "total: 30", "total: 500000005"),
            ("components.yaml", "{value: 5, count: 5}", "{value: 100000000, count: 5}"),
        ],
        ("components.yaml", "value: 100000000"),
        "the value on the $100000000M coins",
    ),
    (
        "game-name-on-chips",
        "mini-cards",
        [
            (
                "game.yaml",
                "title: Mini Immunity",
                "title: Miniature Extraordinarily Plenipotentiary Immunity",
            )
        ],
        ("game.yaml", "kind: game"),
        "the game's name on the back of the Favor chips",
    ),
    (
        "coin-rim",
        "mini-cards",
        [
            (
                "game.yaml",
                "title: Mini Immunity",
                "title: Supercalifragilisticexpialidociously Plenipotentiary Immunity",
            )
        ],
        ("game.yaml", "kind: game"),
        "the game's name on the rim of the $1M coins",
    ),
    (
        "seat-name-on-chips",
        "mini-cards",
        [("components.yaml", "name: Red,", "name: Red of the Old Republic and the Crown,")],
        ("components.yaml", "id: red"),
        "the seat's name on the",
    ),
    (
        "diplomat-name-on-favor-chip",
        "mini-cards",
        [
            (
                "characters.yaml",
                "name: Dame Honoria Vane",
                "name: Dame Honoria Philippa Augusta Wilhelmina Vane-Fitzherbert-Montgomery",
            )
        ],
        ("characters.yaml", "id: honoria-vane"),
        "the name on Dame Honoria",
    ),
    (
        "diplomat-name-on-board",
        "mini-cards",
        [
            (
                "characters.yaml",
                "name: Dame Honoria Vane",
                "name: Dame Honoria Philippa Augusta Wilhelmina Vane-Fitzherbert-Montgomery",
            )
        ],
        ("characters.yaml", "id: honoria-vane"),
        "the name on Dame Honoria",
    ),
    (
        "archetype-on-favor-chip",
        "mini-cards",
        [
            (
                "characters.yaml",
                "name: Ambassador",
                "name: Ambassador Extraordinary and Plenipotentiary to the Court",
            )
        ],
        ("characters.yaml", "id: ambassador"),
        "the archetype on",
    ),
    (
        "heat-track-labels",
        "mini-cards",
        [("rules.yaml", "track_max: 5", "track_max: 60")],
        ("rules.yaml", "limit: {with_immunity"),
        "on the Heat track",
    ),
    (
        "heist-piece-title",
        "mini-heist",
        [("deck.yaml", "name: agent", f"name: agent {LONG}")],
        ("deck.yaml", "id: agent"),
        "the title of 'Agent",
    ),
    (
        "heist-variant-note",
        "mini-heist",
        [
            (
                "rules.yaml",
                "roles: {loyalist: -1, gunman: 1}",
                "roles: {loyalist: -1, gunman: 1}\n    note: "
                + " ".join(["Replace a loyalist."] * 40),
            )
        ],
        ("rules.yaml", "id: gunman"),
        "the variants",
    ),
]


@pytest.mark.parametrize(
    ("base", "edits", "where", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_value_too_big_for_its_box_is_e720_at_its_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    base: str,
    edits: list[tuple[str, str, str]],
    where: tuple[str, str],
    words: str,
) -> None:
    """A 9-digit payout, a currency too long for the coin, a deck name too long for its back
    and its footers, a door too long for its pill on a Goal, a coin's value, the game's name
    round a coin, a seat's name on its chips, a diplomat's name on the Favor chip and on the
    board, an archetype round the Favor chip, a Heat track too long for its numbers, and
    Diamond Heist's card titles and setup notes: each is E720 at the line that writes it."""
    content = _game(tmp_path, base, edits)
    status, diags = check_json(capsys, content, base)
    assert status == 1
    file, needle = where
    line = _line(content, base, file, needle)
    hits = [d for d in diags if d["code"] == "E720" and words in d["message"]]
    assert hits, [(d["code"], d["message"]) for d in diags]
    assert any(Path(d["file"]).name == file and d["line"] == line for d in hits), [
        (d["file"], d["line"], d["message"]) for d in hits
    ]
    assert all("mm" in d["message"] and "box" in d["message"] for d in hits)


def _measured(game: Any, canvas: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """(what the fit check reports, every text it measured in order) with its scratch page
    the one it uses (`canvas` "scratch") or a real PDF page that draws every mark ("real")."""
    from pnp.render import pdf

    if canvas == "real":
        monkeypatch.setattr(
            pdf, "scratch_canvas", lambda w, h: pdf.new_canvas(io.BytesIO(), w, h, "every mark")
        )
    seen: list[list[rtext.Measured]] = []
    measuring = rtext.measuring

    @contextlib.contextmanager
    def spy() -> Iterator[list[rtext.Measured]]:
        with measuring() as found:
            seen.append(found)
            yield found

    monkeypatch.setattr(rtext, "measuring", spy)
    try:
        return fit.check(game), seen
    finally:
        monkeypatch.undo()


def _games(tmp_path: Path) -> Iterator[tuple[str, Path, str]]:
    """(name, content folder, game) for the shipped games, the valid fixtures and every
    E720 case above."""
    for game in ("diplomatic-immunity", "diamond-heist"):
        yield game, CONTENT, game
    for folder in sorted((FIXTURES / "valid").iterdir()):
        yield folder.name, FIXTURES / "valid", folder.name
    for case in CASES:
        yield case[0], _game(tmp_path / case[0], case[1], case[2]), case[1]


def test_the_scratch_page_measures_what_a_real_page_measures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fit check's scratch page keeps no marks and sets no fitted text (it was measured
    when it was fitted): on a real page that draws everything, the check measures the same
    texts, in the same order, with the same results, and reports the same problems."""
    from pnp.content.project import load_game

    for name, content, game_id in _games(tmp_path):
        game = load_game(content, game_id).game
        scratch = _measured(game, "scratch", monkeypatch)
        real = _measured(game, "real", monkeypatch)
        assert scratch[1] and scratch == real, name


def _key(m: rtext.Measured) -> tuple[Any, ...]:
    return (m.what, m.box, m.text, round(m.width, 3), round(m.height, 3), m.src)


@pytest.mark.parametrize("game_id", ["diplomatic-immunity", "diamond-heist"])
def test_the_build_draws_only_what_the_check_measured(game_id: str) -> None:
    """Building a shipped kit draws no text from the content past its box, and every
    (text, box) the renderers fit was measured by the check with the same call."""
    result = pipeline.check(CONTENT, [game_id])
    game = result.games[game_id]
    geo = geometry.default()
    with rtext.measuring() as drawn:
        products.build_game(game, geo, build.Options(papers=("a4",)))
    with rtext.measuring() as measured:
        assert fit.check(game) == []
    assert drawn, "the renderers fitted nothing"
    over = [(m.what, m.text) for m in drawn if not m.fitted.fits]
    assert over == []
    missing = {_key(m) for m in drawn} - {_key(m) for m in measured}
    assert missing == set()


def test_every_kind_of_box_is_measured() -> None:
    """The check measures the badges and coins, backs, footers, Goal pills, chips, boards'
    labels and Heat track, and Diamond Heist's cards, not only rules text."""
    result = pipeline.check(CONTENT, ["diplomatic-immunity", "diamond-heist"])
    boxes: set[str] = set()
    for game in result.games.values():
        with rtext.measuring() as measured:
            fit.check(game)
        boxes |= {m.box for m in measured}
    assert {
        "payout",
        "heat",
        "coin",
        "coin rim",
        "chip",
        "chip rim",
        "title",
        "kicker",
        "rules",
        "flavour",
        "footer",
        "doors",
        "name",
        "archetype",
        "signature",
        "limits",
        "slots",
        "portrait",
        "index",
        "equivalent",
        "notes",
        "variants",
    } <= boxes


def test_a_back_title_too_wide_for_one_line_shrinks_onto_two() -> None:
    """'BRIBES AND FAVORS REFERENCE CARD' no longer runs past the card's trim at 15 pt: it
    is set on two lines, smaller, inside the back's frame."""
    result = pipeline.check(CONTENT, ["diplomatic-immunity"])
    game = result.games["diplomatic-immunity"]
    with rtext.measuring() as measured:
        fit.check(game)
    backs = [m for m in measured if m.what.startswith("the name on the back of the Bribes")]
    assert backs and all(m.fitted.fits for m in backs)
    assert len(backs[0].fitted.lines) == 2 and backs[0].fitted.size < 15
    assert max(line.width for line in backs[0].fitted.lines) <= backs[0].width


def test_coin_values_stay_inside_the_inner_ring() -> None:
    """The payouts ($1M to $6M) and the coins' values are measured against their ring's
    inner diameter, with room for their letters' corners, and shrink to stay inside."""
    result = pipeline.check(CONTENT, ["diplomatic-immunity"])
    game = result.games["diplomatic-immunity"]
    with rtext.measuring() as measured:
        fit.check(game)
    coins = [m for m in measured if m.box in ("payout", "coin")]
    assert {m.text for m in coins} >= {"$1M", "$2M", "$4M", "$6M", "$5M", "$10M"}
    for m in coins:
        assert m.fitted.fits and m.fitted.width <= m.width
        assert m.width < (13 if m.box == "payout" else 24.26) * 72 / 25.4 * 0.82


# (the file, what is replaced, by what, the text of the line a report belongs at)
SQUEEZES = [
    # an archetype that fits its third of the boards' footer but leaves the reminder
    # between the two sides too little room
    (
        "characters.yaml",
        "name: Ambassador\n",
        "name: Ambassador Extraordinary Plenipotent\n",
        "id: ambassador",
    ),
    # one too long for its third as well
    (
        "characters.yaml",
        "name: Ambassador\n",
        "name: Ambassador Extraordinary Plenipotentiary\n",
        "id: ambassador",
    ),
    # a title too long for its half of the cards' footers and for the backs
    (
        "game.yaml",
        "title: Diplomatic Immunity",
        "title: Diplomatic Immunity of the Consular Corps",
        "kind: game",
    ),
]


@pytest.mark.parametrize("edit", SQUEEZES, ids=["archetype", "archetype-overflowing", "title"])
def test_a_long_name_is_reported_at_its_line_not_at_the_words_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, edit: tuple[str, str, str, str]
) -> None:
    """A name printed on a line beside pnp's own words or another content text (the boards'
    footer: the game's title, the reminder, the archetype; a card's footer: the title and
    the deck's note) is reported where it is written, never at pnp's own layouts. The text
    beside it is reported too only if it would not fit beside any name that fits its own
    share of the line."""
    game = "diplomatic-immunity"
    file, old, new, needle = edit
    content = _game(tmp_path, game, [(file, old, new)])
    line = _line(content, game, file, needle)
    status, diags = check_json(capsys, content, game)
    assert status == 1
    shown = [(d["file"], d["line"], d["message"]) for d in diags]
    assert diags and all(content.resolve() in Path(d["file"]).resolve().parents for d in diags), (
        shown
    )
    at_cause = [d for d in diags if (Path(d["file"]).name, d["line"]) == (file, line)]
    assert at_cause and all(d["code"] == "E720" for d in at_cause), shown
    from pnp.render import cards

    geo = geometry.of(pipeline.check(CONTENT, [game]).games[game])
    box = geo.layouts["card"].box("footer")
    assert box.style is not None
    half = box.w / 2 - cards.FOOTER_GAP
    for d in diags:
        if d in at_cause:
            continue
        assert d["code"] == "E720" and "the footer of the" in d["message"], shown
        note = d["message"].split("'")[1]
        assert not rtext.fit_line(note, box.style, half, box=box.name).fits, d
