"""Art on the cards: every shipped card has a picture of its own, credited; SVG is drawn as
vectors and hostile SVG is refused with a diagnostic; credits reach the kit's manifest;
each deck's back can be told apart in greyscale."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.checks.credits import known_licence
from pnp.content.assets import Unusable, art, svg, used_credits, uses
from pnp.content.credits import art_key
from pnp.content.project import Game, load_game
from pnp.content.snapshot import File
from pnp.render import cards, geometry, palette
from pnp.render.art import mix
from tests.conftest import CONTENT, FIXTURES, check_json, run_pnp

DI = "diplomatic-immunity"
GEO = geometry.default()
SIZE = GEO.layouts["card"].size
CRATE = (CONTENT / DI / "art" / "wooden-crate.svg").read_bytes()


@pytest.fixture(scope="module")
def di() -> Game:
    return load_game(CONTENT, DI).game


def _cards_and_goals(game: Game) -> list[tuple[str, str | None]]:
    """(name, art) of every card and Goal of a game."""
    return [(c.name, c.art.id if c.art else None) for c in game.cards or ()] + [
        (g.name, g.art.id if g.art else None) for g in game.goals or ()
    ]


def test_every_shipped_card_has_art_that_exists_and_is_credited(di: Game) -> None:
    """Each Diplomatic Immunity card and Goal names a picture that the game folder holds,
    that is a usable SVG, and that the credits list."""
    credited = {c.key for c in di.credits or ()}
    faces = _cards_and_goals(di)
    assert len(faces) == 88
    for name, rel in faces:
        assert rel is not None, f"{name} has no art"
        assert isinstance(art(di, rel), File), rel
        assert not isinstance(svg(di, rel), Unusable | None), rel
        assert art_key(rel) in credited, f"{rel} ({name}) has no credit"


def test_no_two_shipped_cards_share_a_picture(di: Game) -> None:
    """A picture of its own for every card and Goal, not one per kind."""
    pictures = [rel for _, rel in _cards_and_goals(di)]
    repeated = sorted({p for p in pictures if pictures.count(p) > 1 and p is not None})
    assert repeated == []


def test_shipped_credits_name_their_source_honestly() -> None:
    """Every game-icons credit points at the icon's own page under its author's folder
    (game-icons.net/1x1/<author>/<icon>.html), and every credited file is in the game."""
    for game in (DI, "diamond-heist"):
        loaded = load_game(CONTENT, game).game
        assert loaded.credits
        for c in loaded.credits:
            assert (CONTENT / game / c.file).is_file(), c.file
            assert known_licence(c.licence), c.licence
            m = re.fullmatch(
                r"https://game-icons\.net/1x1/([a-z0-9-]+)/([a-z0-9-]+)\.html", c.source
            )
            assert m, c.source
            assert m.group(1).replace("-", "") == c.author.lower().replace(" ", ""), c
            if not Path(c.file).stem.startswith(("back-", "reference-")):  # found by name
                assert Path(c.file).stem == m.group(2), c


def test_diamond_heist_art_is_ready_and_credited() -> None:
    """Diamond Heist's pictures (for its roles, pieces, reference cards and backs) are
    usable SVGs, each credited; those found by name are counted as used, so the kit's
    manifest credits them."""
    game = load_game(CONTENT, "diamond-heist").game
    credited = {c.key for c in game.credits or ()}
    files = sorted(
        p.relative_to(CONTENT / "diamond-heist").as_posix()
        for p in (CONTENT / "diamond-heist" / "art").glob("*.svg")
    )
    assert len(files) >= 12
    for rel in files:
        assert rel in credited, rel
        assert not isinstance(svg(game, rel), Unusable | None), rel
    assert {u.rel for u in uses(game)} >= {
        "art/back-deck.svg",
        "art/back-reference.svg",
        "art/reference-setup.svg",
        "art/reference-roles.svg",
    }


def test_every_picture_used_is_credited_once_in_the_manifest_order(di: Game) -> None:
    """The credits a kit lists are exactly those of the pictures the content uses: every
    card's and Goal's art and each deck's back."""
    used = {art_key(u.rel) for u in uses(di)}
    listed = [c.key for c in used_credits(di)]
    assert sorted(listed) == sorted(used)
    assert len(listed) == len(set(listed))
    assert {
        "art/back-street.svg",
        "art/back-politics.svg",
        "art/back-headline.svg",
        "art/back-goals.svg",
    } <= used


def test_known_licences() -> None:
    """Licences are compared as people write them: SPDX ids, case and 'licence' aside."""
    for name in ("CC BY 3.0", "CC-BY-3.0", "cc by-sa 4.0 license", "CC0", "OFL", "public domain"):
        assert known_licence(name), name
    for name in ("GPL", "all rights reserved", "found it online", ""):
        assert not known_licence(name), name


# -- drawing ---------------------------------------------------------------------------------


def _face(draw: object, *args: object) -> bytes:
    """One face drawn on a page of its own, as a PDF."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(SIZE.width, SIZE.height))
    draw(canvas, SIZE, *args)  # type: ignore[operator]
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _operators(pdf: bytes) -> tuple[int, list[str]]:
    """(image XObjects on the page, its content stream's operators)."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        ops = [str(i.operator) for i in pikepdf.parse_content_stream(page)]
        found = page.get_images() if hasattr(page, "get_images") else page.images
        return len(found), ops


def _game_with_art(tmp_path: Path, name: str, data: bytes, credit: bool = True) -> Path:
    """mini-cards with its first card's art `art/<name>`, credited."""
    game = tmp_path / "content" / "mini-cards"
    shutil.copytree(FIXTURES / "valid" / "mini-cards", game)
    (game / "art").mkdir()
    (game / "art" / name).write_bytes(data)
    street = game / "street.yaml"
    text = street.read_text(encoding="utf-8")
    first = text.index("    text:")
    street.write_text(text[:first] + f"    art: art/{name}\n" + text[first:], encoding="utf-8")
    if credit:
        (game / "art" / "unused.svg").write_bytes(CRATE)
        (game / "art" / "credits.yaml").write_text(
            f"kind: credits\nassets:\n  - {{file: art/{name}, title: Test, author: Tester, "
            "licence: CC0, source: made for this test}\n"
            "  - {file: art/unused.svg, title: Unused, author: Nobody, licence: CC0, "
            "source: a picture the kit does not print}\n",
            encoding="utf-8",
        )
    return game


def test_svg_art_is_drawn_as_vectors(tmp_path: Path) -> None:
    """A card with SVG art carries the picture as paths in its page, no image XObject; the
    same card with PNG art carries one image."""
    vector = _game_with_art(tmp_path / "svg", "crate.svg", CRATE)
    game = load_game(vector.parent, "mini-cards").game
    card = next(c for c in game.cards or () if c.art)
    layout = cards.layout_for(card, GEO.layouts)
    images, ops = _operators(_face(cards.draw_front, game, card, layout, cards.Theme()))
    bare = dataclasses.replace(card, art=None)
    _, plain = _operators(_face(cards.draw_front, game, bare, layout, cards.Theme()))
    assert images == 0
    assert ops.count("c") > plain.count("c") + 20  # the crate's curves and lines
    assert ops.count("f") + ops.count("f*") > plain.count("f") + plain.count("f*")

    png = io.BytesIO()
    Image.new("RGB", (60, 60), "#884422").save(png, format="PNG")
    raster = _game_with_art(tmp_path / "png", "crate.png", png.getvalue())
    game = load_game(raster.parent, "mini-cards").game
    card = next(c for c in game.cards or () if c.art)
    images, _ = _operators(_face(cards.draw_front, game, card, layout, cards.Theme()))
    assert images == 1


def _image_sizes(pdf: bytes) -> list[tuple[int, int]]:
    """The pixel size of every image the first page draws."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        found = page.get_images() if hasattr(page, "get_images") else page.images
        return sorted((int(x.Width), int(x.Height)) for x in found.values())


def _card_with_photo(tmp_path: Path, width: int, height: int) -> tuple[Game, Any, Any]:
    """mini-cards whose first card's art is a `width` x `height` PNG: (game, card, layout)."""
    png = io.BytesIO()
    Image.new("RGB", (width, height), "#884422").save(png, format="PNG")
    game = load_game(_game_with_art(tmp_path, "photo.png", png.getvalue()).parent, "mini-cards")
    card = next(c for c in game.game.cards or () if c.art)
    return game.game, card, cards.layout_for(card, GEO.layouts)


def test_a_raster_picture_finer_than_600_ppi_is_embedded_at_600(tmp_path: Path) -> None:
    """A photo of far more pixels than its art panel can print goes into the PDF resampled
    to 600 pixels per inch at its printed size, keeping its proportions (not whole: a
    12000-pixel picture would make every sheet hundreds of megabytes); a coarser one goes in
    as it is; a larger drawing of the same face keeps 600 ppi at its larger size."""
    game, card, layout = _card_with_photo(tmp_path / "big", 3000, 1500)
    ((w, h),) = _image_sizes(_face(cards.draw_front, game, card, layout, cards.Theme()))
    assert 100 < w < 3000 and h * 2 in (w - 1, w, w + 1)
    assert 0.3 < w / 600 < 2.5  # the panel's width in inches, as the picture prints in it

    def twice(canvas: Any, *args: Any) -> None:
        canvas.scale(2, 2)
        cards.draw_front(canvas, *args)

    ((w2, _),) = _image_sizes(_face(twice, game, card, layout, cards.Theme()))
    assert abs(w2 - 2 * w) <= 2

    game, card, layout = _card_with_photo(tmp_path / "small", 120, 60)
    assert _image_sizes(_face(cards.draw_front, game, card, layout, cards.Theme())) == [(120, 60)]


def test_one_coloured_svg_takes_the_cards_colours(tmp_path: Path) -> None:
    """A black game-icon is printed in a deep shade of the card's colour, not black; in the
    ink-saver print, as black outlines with no fill."""
    game_dir = _game_with_art(tmp_path, "crate.svg", CRATE)
    game = load_game(game_dir.parent, "mini-cards").game
    card = next(c for c in game.cards or () if c.art)
    layout = cards.layout_for(card, GEO.layouts)
    colour = mix(cards.deck_colour(game, card), palette.INK, 0.25)
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    stream = _stream(_face(cards.draw_front, game, card, layout, cards.Theme()))
    assert f"{_num(red)} {_num(green)} {_num(blue)} rg" in stream
    ink = _stream(_face(cards.draw_front, game, card, layout, cards.Theme(ink_saver=True)))
    assert " S" in ink or "\nS" in ink


def _num(v: float) -> str:
    from reportlab.lib.rl_accel import fp_str

    return str(fp_str(v))


def _stream(pdf: bytes) -> str:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return b"".join(
            pikepdf.unparse_content_stream(pikepdf.parse_content_stream(doc.pages[0])).splitlines(
                keepends=True
            )
        ).decode("latin-1")


# -- hostile SVG -----------------------------------------------------------------------------

XLINK = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
    + f']><svg {XLINK} viewBox="0 0 10 10"><title>&i;</title>'
    '<path d="M0 0h10v10z"/></svg>'
)
HOSTILE = {
    "external-image": f'<svg {XLINK} viewBox="0 0 10 10"><image xlink:href="/etc/passwd" '
    'width="10" height="10"/></svg>',
    "remote-image": f'<svg {XLINK} viewBox="0 0 10 10"><image href="https://example.com/x.png"'
    ' width="10" height="10"/></svg>',
    "href-to-file": f'<svg {XLINK} viewBox="0 0 10 10"><linearGradient id="g" '
    'xlink:href="other.svg#g"/><path d="M0 0h10v10z"/></svg>',
    "url-to-address": f'<svg {XLINK} viewBox="0 0 10 10"><path fill="url(http://e.x/a.svg#g)" '
    'd="M0 0h10v10z"/></svg>',
    "entity-expansion": LAUGHS,
    "external-entity": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM '
    f'"file:///etc/passwd">]><svg {XLINK} viewBox="0 0 10 10"><title>&x;'
    '</title><path d="M0 0h10v10z"/></svg>',
    "use-bomb": f'<svg {XLINK} viewBox="0 0 10 10"><g id="a0"><path d="M0 0h1v1z"/></g>'
    + "".join(f'<g id="a{i + 1}">' + f'<use href="#a{i}"/>' * 10 + "</g>" for i in range(9))
    + "</svg>",
    "script": f'<svg {XLINK} viewBox="0 0 10 10"><script>alert(1)</script>'
    '<path d="M0 0h10v10z"/></svg>',
    "stylesheet": '<?xml-stylesheet href="http://e.x/s.css"?>'
    f'<svg {XLINK} viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg>',
    "huge": f'<svg {XLINK} viewBox="0 0 10 10">' + '<path d="M0 0h10v10z"/>' * 50_000 + "</svg>",
    "too-many-elements": f'<svg {XLINK} viewBox="0 0 10 10">' + "<g/>" * 25_000 + "</svg>",
    "too-deep": f'<svg {XLINK} viewBox="0 0 10 10">' + "<g>" * 3000 + "</g>" * 3000 + "</svg>",
    "not-xml": "\x89PNG not really",
    "draws-nothing": f'<svg {XLINK} viewBox="0 0 10 10"></svg>',
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_svg_is_refused_with_a_diagnostic(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An SVG that reaches outside itself, expands entities or is too big is E731 at the
    card's art line, quickly, and `pnp build` writes nothing: never a crash or a read."""
    game = _game_with_art(tmp_path, "bad.svg", HOSTILE[case].encode())
    started = time.monotonic()
    status, diags = check_json(capsys, game.parent, "mini-cards")
    assert time.monotonic() - started < 30
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        ("E731", "street.yaml", 9)
    ], diags
    assert "root:" not in json.dumps(diags)  # nothing of /etc/passwd was read into it
    out = tmp_path / "out"
    status, _, err = run_pnp(
        capsys,
        "build",
        "--content",
        str(game.parent),
        "--out",
        str(out),
        "--paper",
        "a4",
        "mini-cards",
    )
    assert status == 1 and "Traceback" not in err and not (out / "mini-cards").exists()


def test_art_without_credit_is_e735_and_an_unknown_licence_w734(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Art with no credits document at all is E735 at its line; a credit whose licence pnp
    does not know is W734 at the licence."""
    game = _game_with_art(tmp_path, "crate.svg", CRATE, credit=False)
    status, diags = check_json(capsys, game.parent, "mini-cards")
    assert status == 1 and [(d["code"], d["line"]) for d in diags] == [("E735", 9)]
    (game / "art" / "credits.yaml").write_text(
        "kind: credits\nassets:\n  - file: art/crate.svg\n    title: Crate\n    author: Me\n"
        "    licence: ask me\n    source: me\n",
        encoding="utf-8",
    )
    status, diags = check_json(capsys, game.parent, "mini-cards")
    assert status == 0 and [(d["code"], d["line"]) for d in diags] == [("W734", 6)]


# -- the kit ---------------------------------------------------------------------------------


def test_credits_reach_the_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """manifest.json lists the credit of every picture the kit prints (file, title, author,
    licence, source), and not the credits of files it does not print."""
    game = _game_with_art(tmp_path, "crate.svg", CRATE)
    out = tmp_path / "out"
    status, _, err = run_pnp(
        capsys,
        "build",
        "--content",
        str(game.parent),
        "--out",
        str(out),
        "--paper",
        "a4",
        "mini-cards",
    )
    assert status == 0, err
    manifest = json.loads((out / "mini-cards" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["credits"] == [
        {
            "file": "art/crate.svg",
            "title": "Test",
            "author": "Tester",
            "licence": "CC0",
            "source": "made for this test",
        }
    ]


# -- deck backs ------------------------------------------------------------------------------


def _back(game: Game, deck: str, theme: cards.Theme) -> Image.Image:
    """A deck's back, rendered and made grey."""
    name = game.components.decks()[deck].name if game.components else deck
    pdf = _face(cards.draw_back, game, deck, name, theme)
    page = pypdfium2.PdfDocument(pdf)[0]
    image: Image.Image = page.render(scale=1).to_pil().convert("L")
    return image


def _printed_backs(game: Game) -> list[str]:
    """The decks whose own back is printed (not the Quick Reference, whose cards carry the
    Departures board)."""
    decks = game.components.decks() if game.components else {}
    own = {c.deck.id for c in game.cards or () if not c.back} | {"goals"}
    return [d for d in decks if d in own]


def _mean(image: Image.Image) -> float:
    hist = image.histogram()
    return sum(i * n for i, n in enumerate(hist)) / max(1, sum(hist))


def test_deck_backs_differ_in_greyscale(di: Game) -> None:
    """Street, Politics, Headline, Goals and the reference cards have backs of clearly
    different lightness once printed in grey, so that a player tells the decks apart
    across the table without colour."""
    decks = _printed_backs(di)
    assert {"street", "politics", "headline", "goals", "bribes-and-favors"} <= set(decks)
    means = {d: _mean(_back(di, d, cards.Theme())) for d in decks}
    for a, b in itertools.combinations(decks, 2):
        assert abs(means[a] - means[b]) >= 15, (a, b, means)


def test_deck_backs_differ_in_pattern_in_the_ink_saver_print(di: Game) -> None:
    """Printed with no fills, the backs still differ: each deck has its own pattern and
    emblem, so the grey images differ pixel by pixel."""
    decks = _printed_backs(di)
    images = {d: _back(di, d, cards.Theme(ink_saver=True)) for d in decks}
    for a, b in itertools.combinations(decks, 2):
        diff = Image.frombytes(
            "L",
            images[a].size,
            bytes(
                abs(x - y) for x, y in zip(images[a].tobytes(), images[b].tobytes(), strict=True)
            ),
        )
        assert _mean(diff) >= 8, (a, b, _mean(diff))


def test_each_deck_back_has_its_own_look() -> None:
    """No two decks share a ground colour or a pattern."""
    styles = [
        cards.back_style(d)
        for d in ("street", "politics", "headline", "goals", "bribes-and-favors", "blank")
    ]
    assert len({s.ground for s in styles}) == len(styles)
    assert len({s.pattern for s in styles}) == len(styles)


# -- Diamond Heist ---------------------------------------------------------------------------

HEIST = "diamond-heist"


@pytest.fixture(scope="module")
def heist_game() -> Game:
    return load_game(CONTENT, HEIST).game


def _grey(pdf: bytes) -> Image.Image:
    image: Image.Image = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    return image


def _differ(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two grey images of one size, 0-255."""
    return _mean(
        Image.frombytes(
            "L", a.size, bytes(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes(), strict=True))
        )
    )


def test_every_heist_piece_and_role_prints_its_own_picture(heist_game: Game) -> None:
    """Each piece of the printable deck and each role names a picture of its own, which
    the check finds and the credits name; its card looks different from the same card
    without it (so the picture is drawn, not the fallback icon)."""
    from pnp.rulesets.diamond_heist import render as heist

    pieces, roles = heist_game.pieces or (), heist_game.roles or ()
    piece_art = [p.art.id for p in pieces if p.art]
    assert len(piece_art) == len(pieces) == len(set(piece_art))
    role_art = [r.art.id for r in roles if r.art]
    assert len(role_art) == len(roles) == len(set(role_art))
    credited = {c.key for c in heist_game.credits or ()}
    assert set(piece_art) | set(role_art) <= credited
    assert set(piece_art) | set(role_art) <= {u.rel for u in uses(heist_game)}
    layout = GEO.layouts["heist-card"]
    for piece in pieces:
        card = piece.cards[0]
        for theme in (cards.Theme(), cards.Theme(ink_saver=True)):
            drawn = _grey(_face(heist.draw_piece, heist_game, piece, card, layout, theme))
            bare = dataclasses.replace(piece, art=None)
            plain = _grey(_face(heist.draw_piece, heist_game, bare, card, layout, theme))
            assert _differ(drawn, plain) > 0.3, (piece.id, theme)


def test_heist_reference_cards_carry_their_pictures(heist_game: Game, tmp_path: Path) -> None:
    """The setup and roles cards draw `art/reference-setup.svg` and
    `art/reference-roles.svg` faintly under their text: without the files they differ."""
    from pnp.rulesets.diamond_heist import render as heist

    bare_dir = tmp_path / HEIST
    shutil.copytree(CONTENT / HEIST, bare_dir)
    for name in ("reference-setup", "reference-roles"):
        (bare_dir / "art" / f"{name}.svg").unlink()
    credits = bare_dir / "art" / "credits.yaml"
    text = credits.read_text(encoding="utf-8")
    credits.write_text(
        re.sub(r"  - file: art/reference-(setup|roles)\.svg\n(    .*\n)+", "", text),
        encoding="utf-8",
    )
    bare = load_game(tmp_path, HEIST).game
    setup = GEO.layouts["heist-setup"]
    with_art = _grey(_face(heist.draw_setup, heist_game, setup, cards.Theme()))
    without = _grey(_face(heist.draw_setup, bare, setup, cards.Theme()))
    assert _differ(with_art, without) > 0.5
    roles_layout = GEO.layouts["heist-roles"]
    roles = heist.role_pages(heist_game, roles_layout)[0]
    with_art = _grey(_face(heist.draw_roles, heist_game, roles, roles_layout, cards.Theme(), 1, 2))
    without = _grey(_face(heist.draw_roles, bare, roles, roles_layout, cards.Theme(), 1, 2))
    assert _differ(with_art, without) > 0.5


def test_heist_backs_differ_in_greyscale_and_in_the_ink_saver_print(heist_game: Game) -> None:
    """The printable deck's back and the reference cards' back are told apart across the
    table: in grey (lightness), and printed without fills (pattern and picture)."""
    from pnp.rulesets.diamond_heist import render as heist

    layout = GEO.layouts["heist-back"]

    def back(deck: str, theme: cards.Theme) -> Image.Image:
        return _grey(_face(heist.draw_back, heist_game, layout, theme, "", deck))

    assert abs(_mean(back("deck", cards.Theme())) - _mean(back("reference", cards.Theme()))) >= 15
    ink = cards.Theme(ink_saver=True)
    assert _differ(back("deck", ink), back("reference", ink)) >= 8


def test_a_changed_back_picture_is_a_changed_face_and_a_new_rulebook(
    heist_game: Game, tmp_path: Path
) -> None:
    """`pnp diff` and the rulebook's cache look at every picture the content uses (a
    back's, found by name), not at card art only."""
    from pnp.diff.faces import same
    from pnp.rulebook import pdf as render_rulebook
    from pnp.rulebook.book import Book

    other = tmp_path / HEIST
    shutil.copytree(CONTENT / HEIST, other)
    (other / "art" / "back-deck.svg").write_bytes(
        (CONTENT / HEIST / "art" / "rose.svg").read_bytes()
    )
    # the same model, read from a folder whose deck back is another picture
    changed = dataclasses.replace(heist_game, files=load_game(tmp_path, HEIST).game.files)
    assert same(heist_game, dataclasses.replace(heist_game))
    assert not same(heist_game, changed)
    keys = {render_rulebook._key(g, Book(g), GEO, False).hexdigest() for g in (heist_game, changed)}
    assert len(keys) == 2


# -- portraits on boards and Favor chips, pictures on punch-out pieces -------------------------


def _di_with_portrait(tmp_path: Path, portrait: str = "art/ample-dress.svg") -> Path:
    """A copy of Diplomatic Immunity whose first woman has a portrait and whose Immunity
    chips have a picture of their own (both credited pictures of the game)."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / DI, content / DI)
    chars = content / DI / "characters.yaml"
    text = chars.read_text(encoding="utf-8")
    chars.write_text(
        text.replace("        face: woman\n", f"        face: woman\n        art: {portrait}\n", 1),
        encoding="utf-8",
    )
    comps = content / DI / "components.yaml"
    text = comps.read_text(encoding="utf-8")
    comps.write_text(
        text.replace(
            "    name: Immunity chips\n", "    name: Immunity chips\n    art: art/abacus.svg\n", 1
        ),
        encoding="utf-8",
    )
    return content


def _piece_image(piece: object, side: bool = True) -> Image.Image:
    """One chip's face (`front` when side), drawn alone and made grey."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(80, 80))
    draw = piece.front if side else piece.back  # type: ignore[attr-defined]
    draw(canvas, 40, 40, 36)
    canvas.showPage()
    canvas.save()
    return _grey(buf.getvalue())


def test_a_portrait_shows_on_the_board_and_the_favor_chip(di: Game, tmp_path: Path) -> None:
    """A diplomat's `art:` replaces the drawn cameo on their board face and the silhouette
    on their Favor chip; a components row's `art:` replaces its pieces' icon. Both are
    used pictures (so checked and credited), named at their lines."""
    from pnp.rulesets.diplomatic_immunity import boards, chips

    game = load_game(_di_with_portrait(tmp_path), DI).game
    honoria = game.diplomats[0]
    assert honoria.art is not None and honoria.art.id == "art/ample-dress.svg"
    used = {u.rel: u for u in uses(game)}
    assert used["art/ample-dress.svg"].src.line > 0
    assert "art/abacus.svg" in used
    assert {"art/ample-dress.svg", "art/abacus.svg"} <= {c.key for c in used_credits(game)}

    layout = GEO.layouts["board"]
    front_with = boards.faces(game)[0][0]
    front_without = boards.faces(di)[0][0]
    assert front_with.diplomat.id == front_without.diplomat.id

    def board(g: Game, face: object) -> Image.Image:
        buf = io.BytesIO()
        canvas = Canvas(buf, pagesize=(layout.size.width, layout.size.height))
        boards.draw_face(canvas, layout.size, g, face, layout, cards.Theme())  # type: ignore[arg-type]
        canvas.showPage()
        canvas.save()
        return _grey(buf.getvalue())

    assert _differ(board(game, front_with), board(di, front_without)) > 0.05
    # the first piece of each kind and seat (the first Favor chip is the first diplomat's)
    with_art: dict[tuple[str, str | None], chips.Piece] = {}
    plain: dict[tuple[str, str | None], chips.Piece] = {}
    for found, game_ in ((with_art, game), (plain, di)):
        for piece in chips.pieces(game_):
            found.setdefault((piece.key, piece.seat), piece)
    favor = next(k for k in with_art if k[0] == "favor-chips")
    assert _differ(_piece_image(with_art[favor]), _piece_image(plain[favor])) > 0.5
    immunity = next(k for k in with_art if k[0] == "immunity-chips")
    assert _differ(_piece_image(with_art[immunity]), _piece_image(plain[immunity])) > 0.5
    other = next(k for k in with_art if k[0] == "heat-markers")
    assert _differ(_piece_image(with_art[other]), _piece_image(plain[other])) == 0


def test_a_missing_portrait_is_e730_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = _di_with_portrait(tmp_path, "art/nobody.svg")
    status, diags = check_json(capsys, content, DI)
    assert status == 1
    text = (content / DI / "characters.yaml").read_text(encoding="utf-8")
    line = text[: text.index("art: art/nobody.svg")].count("\n") + 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags][:1] == [
        ("E730", "characters.yaml", line)
    ]
