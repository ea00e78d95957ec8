"""`pnp build --png`: one 300 dpi PNG per distinct card face, with bleed, same bytes each run.

Only a few faces are rendered, to keep the suite fast; which cards get a file is checked on
the groups, without rendering.
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image

from pnp import products
from pnp.content.project import Game, load_game
from pnp.render import build, geometry, png
from pnp.render.build import Options
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def geo() -> Geometry:
    return geometry.load()


def _game(game_id: str) -> Game:
    loaded = load_game(CONTENT, game_id)
    assert [d.format() for d in loaded.diagnostics] == []
    return loaded.game


def test_poker_face_is_825_by_1125(geo: Geometry) -> None:
    size = geo.impositions["cards"].size
    assert png.pixels(size) == (825, 1125)  # (2.5 + 2 x 1/8) x (3.5 + 2 x 1/8) in at 300 dpi


def test_one_file_per_distinct_card(geo: Geometry) -> None:
    game = _game("diplomatic-immunity")
    groups = build.card_groups(game, geo, Theme())
    names = {(g.name, name) for g in groups for name, _ in png.distinct(g)}
    assert len(names) == sum(len(png.distinct(g)) for g in groups)  # no name twice
    assert game.cards and game.components
    decks = game.components.decks()
    for card in game.cards:  # copies ('x-1', 'x-2') give one file, 'x'
        assert (decks[card.deck.id].name, card.id) in names
    copies = Counter(i.front for g in groups for i in g.items)
    assert len(names) == len(copies) < sum(len(g.items) for g in groups)


def test_png_size_path_and_same_bytes(geo: Geometry) -> None:
    game = _game("diplomatic-immunity")
    copied = next(c for c in game.cards or () if c.count > 1)
    wanted = [copied.id, "extravagance"]
    first = png.outputs(game, geo, Options(), only=wanted)
    again = png.outputs(game, geo, Options(), only=wanted)
    assert len(first) == 2
    assert [o.data for o in first] == [o.data for o in again]
    for o in first:
        assert o.path.startswith("png/") and o.path.endswith(".png")
        image = Image.open(io.BytesIO(o.data))
        assert image.format == "PNG"
        assert image.size == (825, 1125)
        assert round(image.info["dpi"][0]) == 300
        assert "tIME" not in image.info and not any(
            str(k).lower().startswith("date") for k in image.info
        )
    assert {o.path.rsplit("/", 1)[1] for o in first} == {f"{w}.png" for w in wanted}
    assert "png/goal-cards/extravagance.png" in {o.path for o in first}


def test_heist_cards_get_pngs(geo: Geometry) -> None:
    game = _game("diamond-heist")
    groups = png.groups(game, geo, Theme())
    names = [name for g in groups for name, _ in png.distinct(g)]
    assert len(names) == len(set(names)) == 3 + 27  # every deck card names its own card
    (out,) = png.outputs(game, geo, Options(), only=["agent-as"])
    assert out.path == "png/printable-deck/agent-as.png"
    image = Image.open(io.BytesIO(out.data))
    assert image.size == (825, 1125)
    # the bleed is drawn: the corner pixel is the face's cream, not blank white
    assert image.convert("RGB").getpixel((2, 2)) != (255, 255, 255)


def test_ink_saver_pngs_differ(geo: Geometry) -> None:
    game = _game("diamond-heist")
    (colour,) = png.outputs(game, geo, Options(), only=["setup"])
    (ink,) = png.outputs(game, geo, Options(ink_saver=True), only=["setup"])
    assert colour.path == ink.path == "png/reference-cards/setup.png"
    assert colour.data != ink.data


def test_deck_folders() -> None:
    assert png.slug("Street deck") == "street-deck"
    assert png.slug("Bribes and Favors reference card") == "bribes-and-favors-reference-card"


def test_only_built_when_asked(geo: Geometry) -> None:
    game = _game("diamond-heist")
    assert not any(
        o.path.startswith("png/") for o in products.build_game(game, geo, Options(papers=("a4",)))
    )
