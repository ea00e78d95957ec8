"""Diamond Heist's printed cards: the numbers come from the rules, every text fits, the
pages are the paper's size, and the same content gives the same bytes."""

from __future__ import annotations

import dataclasses
import re

import pypdfium2 as pdfium
import pytest

from pnp.content.pieces import PlayingCard, Suit
from pnp.content.project import Game, load_game
from pnp.render import build, geometry, png
from pnp.render.build import Options, Output
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry
from pnp.rulesets.diamond_heist import render as heist
from pnp.rulesets.diamond_heist.model import HeistRules
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def geo() -> Geometry:
    g = geometry.load()
    assert g.diagnostics == []
    return g


@pytest.fixture(scope="module")
def game() -> Game:
    loaded = load_game(CONTENT, "diamond-heist")
    assert [d.format() for d in loaded.diagnostics] == []
    return loaded.game


@pytest.fixture(scope="module")
def outputs(game: Game, geo: Geometry) -> list[Output]:
    return heist.outputs(game, geo, Options())


def _rules(game: Game) -> HeistRules:
    assert isinstance(game.rules, HeistRules)
    return game.rules


def _text(data: bytes) -> str:
    doc = pdfium.PdfDocument(data)
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def _face_text(game: Game, geo: Geometry, item_id: str) -> str:
    for group in heist.card_groups(game, geo, Theme()):
        for item in group.items:
            if item.id == item_id:
                return _text(png.face_pdf(item.front, geo.impositions["cards"].size))
    raise AssertionError(f"no card {item_id}")


def test_files_papers_and_contents(outputs: list[Output], geo: Geometry) -> None:
    assert [o.path for o in outputs] == [
        "cards-a4.pdf",
        "cards-gutterfold-a4.pdf",
        "cards-letter.pdf",
        "cards-gutterfold-letter.pdf",
    ]
    for o in outputs:
        assert o.contents == {"decks": {"Reference cards": 3, "Printable deck": 27}}
        paper = geo.papers[o.paper]
        doc = pdfium.PdfDocument(o.data)
        assert len(doc) == o.pages
        for i in range(len(doc)):
            w, h = doc[i].get_size()
            assert w == pytest.approx(paper.width, abs=1e-3)
            assert h == pytest.approx(paper.height, abs=1e-3)
    by_path = {o.path: o for o in outputs}
    # duplex: a registration test, then fronts and backs of 1 reference and 3 deck sheets
    assert by_path["cards-a4.pdf"].pages == 2 + 2 * (1 + 3)
    # gutterfold: 4 pairs a page
    assert by_path["cards-gutterfold-letter.pdf"].pages == 1 + 7


def test_letter_and_a4_sizes_are_exact(outputs: list[Output]) -> None:
    sizes = {o.paper: pdfium.PdfDocument(o.data)[0].get_size() for o in outputs}
    assert sizes["letter"] == (612.0, 792.0)
    assert sizes["a4"] == pytest.approx((595.2756, 841.8898), abs=1e-3)


def test_setup_card_has_every_player_count_and_its_numbers(game: Game, geo: Geometry) -> None:
    text = _face_text(game, geo, "setup")
    rules = _rules(game)
    players = [r.players for r in sorted(rules.treasure, key=lambda r: r.players)]
    assert players == list(range(5, 13))
    head = re.search(r"Players\s+((?:\d+\s+(?:adv\.\s+)?)+)", text)
    assert head is not None
    assert [int(n) for n in re.findall(r"\d+", head.group(1))] == players
    assert "adv." in head.group(1)  # the 5-player row is marked advanced
    assert "advanced" in text

    def row(heading: str) -> dict[int, int]:
        found = re.search(heading + r"\s+\S+\s+((?:\d+\s+){7}\d+)", text)
        assert found is not None, heading
        return dict(zip(players, map(int, found.group(1).split()), strict=True))

    loyalists, apologies = row("Loyalists"), row("Apologies")
    assert loyalists[8] == 3 and apologies[8] == 1  # 8 players: 3 loyalists, 1 apology
    for n in players:
        pieces, sorry = rules.setup(n)
        assert row("Diamonds")[n] == pieces["diamond"] == 15
        assert loyalists[n] == pieces["loyalist"]
        assert row("Agents")[n] == pieces["agent"]
        assert row("Drivers")[n] == pieces["driver"]
        assert apologies[n] == sorry
    assert "The Boss hides 0–5 diamonds" in text
    for v in rules.variants:
        assert f"{v.name} ({v.players.min}–{v.players.max} players)" in text


def test_role_cards_name_every_role_and_its_cards(
    game: Game, geo: Geometry, outputs: list[Output]
) -> None:
    text = _text(outputs[0].data)
    assert game.roles
    for role in game.roles:
        assert role.name in text
    assert "no card" in text  # the Boss and the street kid have none
    pieces = {p.id: p for p in game.pieces or ()}
    agent = pieces["agent"]
    assert heist.cards_text(agent.cards) == "A♠ A♣"
    assert heist.cards_text(pieces["diamond"].cards) == "2–10♥ 2–10♦"
    assert heist.compact_cards(pieces["apology"].cards) == "K ♥♦"
    layout = geo.layouts["heist-roles"]
    pages = heist.role_pages(game, layout)
    assert [r.id for page in pages for r in page] == [r.id for r in game.roles]
    assert 1 < len(pages) <= 3


def test_long_roles_spread_over_more_cards(game: Game, geo: Geometry) -> None:
    layout = geo.layouts["heist-roles"]
    assert game.roles
    longer = tuple(dataclasses.replace(r, wins=" ".join([r.wins] * 3)) for r in game.roles)
    pages = heist.role_pages(dataclasses.replace(game, roles=longer), layout)
    assert len(pages) > len(heist.role_pages(game, layout))
    assert [r.id for page in pages for r in page] == [r.id for r in game.roles]
    endless = (dataclasses.replace(game.roles[0], wins="Wins. " * 400),)
    with pytest.raises(heist.Overflow):
        heist.role_pages(dataclasses.replace(game, roles=endless), layout)


def test_printable_deck_counts_come_from_the_rules(game: Game, geo: Geometry) -> None:
    assert heist.deck_counts(game) == {
        "diamond": 15,
        "loyalist": 5,
        "agent": 2,
        "driver": 2,
        "apology": 2,
        "gunman": 1,
    }
    rules = _rules(game)
    rows = list(rules.treasure)
    last = rows[-1]
    more = dataclasses.replace(
        last,
        roles=tuple(
            dataclasses.replace(c, n=7) if c.piece.id == "loyalist" else c for c in last.roles
        ),
    )
    changed = dataclasses.replace(
        rules,
        diamonds=12,
        treasure=(*rows[:-1], more),
        variants=tuple(v for v in rules.variants if v.id != "gunman"),
    )
    counts = heist.deck_counts(dataclasses.replace(game, rules=changed))
    assert counts["diamond"] == 12
    assert counts["loyalist"] == 7
    assert "gunman" not in counts
    # a setup asking for more than the deck has is capped by the piece's cards
    many = dataclasses.replace(
        rules,
        variants=tuple(
            dataclasses.replace(v, apologies=5) if v.id == "easier" else v for v in rules.variants
        ),
    )
    assert heist.deck_counts(dataclasses.replace(game, rules=many))["apology"] == 2

    (deck,) = [g for g in heist.card_groups(game, geo, Theme()) if g.name == heist.DECK]
    ids = [i.id for i in deck.items]
    assert len(ids) == len(set(ids)) == 27
    assert [i for i in ids if i.startswith("agent-")] == ["agent-as", "agent-ac"]
    assert [i for i in ids if i.startswith("gunman-")] == ["gunman-qs"]


def test_a_deck_card_shows_its_role_and_standard_card(game: Game, geo: Geometry) -> None:
    text = _face_text(game, geo, "agent-ac")
    assert "Undercover agent" in text
    assert "Standard card: A" in text  # the ♣ is drawn as a shape
    assert "Wins alone" in text
    diamond = _face_text(game, geo, "diamond-2h")
    assert "Thief" in diamond and "TREASURE" in diamond


def test_renders_are_byte_identical(game: Game, geo: Geometry, outputs: list[Output]) -> None:
    again = heist.outputs(game, geo, Options())
    assert [o.data for o in again] == [o.data for o in outputs]


def test_ink_saver_renders_too(game: Game, geo: Geometry, outputs: list[Output]) -> None:
    ink = heist.outputs(game, geo, Options(papers=("a4",), ink_saver=True))
    assert [o.path for o in ink] == ["cards-a4.pdf", "cards-gutterfold-a4.pdf"]
    assert ink[0].data != outputs[0].data


def test_nothing_for_other_games(geo: Geometry) -> None:
    di = load_game(CONTENT, "diplomatic-immunity").game
    assert heist.outputs(di, geo, Options()) == []
    assert heist.card_groups(di, geo, Theme()) == []
    assert heist.outputs(Game("empty"), geo, Options()) == []


def test_card_group_helpers_match_build(game: Game, geo: Geometry) -> None:
    """The heist cards are found by `png` and not by the Diplomatic Immunity renderer."""
    assert build.card_groups(game, geo, Theme()) == []
    names = [g.name for g in png.groups(game, geo, Theme())]
    assert names == [heist.REFERENCE, heist.DECK]


def test_card_text_helpers() -> None:
    cards = (PlayingCard(Suit.SPADES, "Q"),)
    assert heist.cards_text(cards) == "Q♠"
    run = tuple(PlayingCard(Suit.HEARTS, r) for r in ("2", "3", "4", "K"))
    assert heist.cards_text(run) == "2–4♥ K♥"
    assert heist.compact_cards(run) == "2–4, K ♥"


def test_a_long_role_name_shrinks_or_stops(game: Game, geo: Geometry) -> None:
    layout = geo.layouts["heist-roles"]
    assert game.roles
    roles = (dataclasses.replace(game.roles[0], name="Boss of the Whole Casino"), *game.roles[1:])
    pages = heist.role_pages(dataclasses.replace(game, roles=roles), layout)
    assert sum(len(p) for p in pages) == len(roles)
    endless = (dataclasses.replace(game.roles[0], name="Boss " * 30),)
    with pytest.raises(heist.Overflow):
        heist.role_pages(dataclasses.replace(game, roles=endless), layout)
