"""Pictures in the rulebook: a paragraph that is one image alone
(`![what it shows](art/x.svg "caption")`) is a figure of the illustrated book, drawn from the
game's snapshot (SVG as vectors, PNG as one image) over its caption, and the line "Picture:
what it shows" in the text-only book. Every image a source writes is a picture the content
uses: checked at its Markdown line like a card's art (E730-E732), credited (E735), and listed
by the kit's manifest and the rulebook's Credits. An address or an absolute path is refused
without being fetched."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2
import pytest
from PIL import Image, ImageChops

from pnp.content import rulebook_pictures as pictures
from pnp.content.assets import used_credits, uses
from pnp.content.project import load_game
from pnp.render.units import mm
from pnp.rulebook import book as rb
from pnp.rulebook.document import Art, Figure, walk
from tests.conftest import CONTENT, FIXTURES, check_json, run_pnp

GAME = "mini-book"  # a valid fixture game with a one-file rulebook
CRATE = (CONTENT / "diplomatic-immunity" / "art" / "wooden-crate.svg").read_bytes()
ALT = "A wooden crate in the middle of the table"
CAPTION = "The crate, ready to play"
GREEN = (0, 200, 60)


def _png(width: int, height: int) -> bytes:
    """A PNG of one colour, so that the drawn picture can be found on the page."""
    buf = io.BytesIO()
    Image.new("RGB", (width, height), GREEN).save(buf, format="PNG")
    return buf.getvalue()


def _book_with_picture(
    tmp_path: Path,
    name: str = "crate.svg",
    data: bytes = CRATE,
    picture: str | None = None,
    credit: bool = True,
) -> Path:
    """mini-book whose Setup chapter shows `picture` (by default the art `art/<name>`,
    with ALT and CAPTION) alone in its paragraph, the art credited if asked."""
    game = tmp_path / "content" / GAME
    shutil.copytree(FIXTURES / "valid" / GAME, game)
    (game / "art").mkdir()
    (game / "art" / name).write_bytes(data)
    source = game / "rulebook.md"
    text = source.read_text(encoding="utf-8")
    shown = picture if picture is not None else f'![{ALT}](art/{name} "{CAPTION}")'
    source.write_text(
        text.replace(
            "# Setup\n\n",
            f"# Setup\n\nPut the crate in the middle of the table.\n\n{shown}\n\n"
            "Then sit around it: an inline ![crate](art/" + name + ") stays words.\n\n",
            1,
        ),
        encoding="utf-8",
    )
    if credit:
        (game / "art" / "credits.yaml").write_text(
            f"kind: credits\nassets:\n  - {{file: art/{name}, title: Crate picture, "
            "author: Tester, licence: CC0, source: made for this test}\n",
            encoding="utf-8",
        )
    return game


def _line(game: Path, needle: str) -> int:
    """The 1-based line of the rulebook source that holds `needle`."""
    text = (game / "rulebook.md").read_text(encoding="utf-8")
    return text[: text.index(needle)].count("\n") + 1


def _build(capsys: pytest.CaptureFixture[str], game: Path, *more: str) -> Path:
    """`pnp build` of the game, A4 only: its output folder."""
    out = game.parent.parent / "out"
    status, _, err = run_pnp(
        capsys,
        "build",
        "--content",
        str(game.parent),
        "--out",
        str(out),
        "--paper",
        "a4",
        *more,
        GAME,
    )
    assert status == 0, err
    return out / GAME


def _texts(pdf: Path) -> list[str]:
    doc = pypdfium2.PdfDocument(pdf)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def _page_with(pdf: Path, words: str) -> int:
    """The first page (0-based) whose text holds `words`."""
    flat = [" ".join(t.split()) for t in _texts(pdf)]
    return next(i for i, t in enumerate(flat) if words in t)


def _page_operators(pdf: Path, index: int) -> tuple[int, list[str]]:
    """(image XObjects on a page, its content stream's operators)."""
    with pikepdf.open(pdf) as doc:
        page = doc.pages[index]
        ops = [str(i.operator) for i in pikepdf.parse_content_stream(page)]
        found = page.get_images() if hasattr(page, "get_images") else page.images
        return len(found), ops


# -- the model ---------------------------------------------------------------------------------


def test_the_picture_is_a_figure_and_a_use_at_its_line(tmp_path: Path) -> None:
    """The image alone in its paragraph is a `picture` figure; both images of the source
    (that one and the inline one) are pictures the content uses, each at its own line and
    column of the Markdown source, and their credit is one the kit lists."""
    game_dir = _book_with_picture(tmp_path)
    game = load_game(game_dir.parent, GAME).game
    book = rb.load(game)
    assert not book.diagnostics
    figures = [n for n in walk(book.nodes) if isinstance(n, Figure) and n.kind == "picture"]
    assert [(f.data, f.where.line) for f in figures] == [
        (Art("art/crate.svg", ALT, CAPTION), _line(game_dir, f"![{ALT}]"))
    ]
    assert figures[0].alt[0].inline.text == f"Picture: {ALT} ({CAPTION})"  # type: ignore[union-attr]
    found = [(u.rel, Path(u.src.file).name, u.src.line, u.src.col, u.what) for u in uses(game)]
    inline = (game_dir / "rulebook.md").read_text(encoding="utf-8").split("\n")[
        _line(game_dir, "![crate]") - 1
    ].index("![crate]") + 1
    assert found == [
        (
            "art/crate.svg",
            "rulebook.md",
            _line(game_dir, f"![{ALT}]"),
            1,
            f"the picture '{ALT}' in the rulebook",
        ),
        (
            "art/crate.svg",
            "rulebook.md",
            _line(game_dir, "![crate]"),
            inline,
            "the picture 'crate' in the rulebook",
        ),
    ]
    assert [c.key for c in used_credits(game)] == ["art/crate.svg"]


def test_pictures_are_found_as_written() -> None:
    """Images in lists, asides and tables are found at their line and column; code, jinja2
    comments and HTML comments hold none; `{{ }}` in the words does not get in the way; an
    address markdown-it will not read (`file:`) is still a picture the source names."""
    text = (
        "# Title\n\n"  # 1
        "- ![in a list](art/a.svg)\n"  # 3
        "> ![in an aside](<art/my b.svg>)\n\n"  # 4
        "| x | y |\n|---|---|\n"  # 6, 7
        "| ![c](art/c.svg) | ![d](art/d.svg) |\n\n"  # 8
        "`![code](art/code.svg)`\n\n"  # 10
        "```\n![fenced](art/fenced.svg)\n```\n\n"  # 12-14
        "{## ![commented](art/comment.svg) ##}\n\n"  # 16
        "<!-- ![html](file:///x) -->\n\n"  # 18
        "![The {{ game.title }} box](art/box.svg)\n\n"  # 20
        "![secret](file:///etc/passwd)\n"
    )  # 22
    assert [(f.rel, f.alt, f.line, f.col) for f in pictures.find(text)] == [
        ("art/a.svg", "in a list", 3, 3),
        ("art/my b.svg", "in an aside", 4, 3),
        ("art/c.svg", "c", 8, 3),
        ("art/d.svg", "d", 8, 21),
        ("art/box.svg", "The {{ game.title }} box", 20, 1),
        ("file:///etc/passwd", "secret", 22, 1),
    ]


# -- the books ---------------------------------------------------------------------------------


def test_svg_picture_is_drawn_as_vectors_over_its_caption(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The illustrated book draws the SVG as paths (no image) on the page of its caption; the
    text-only book prints "Picture: <alt>" there instead, and draws nothing."""
    out = _build(capsys, _book_with_picture(tmp_path))
    illustrated = out / "rulebook-a4.pdf"
    page = _page_with(illustrated, CAPTION)
    images, ops = _page_operators(illustrated, page)
    assert images == 0
    assert ops.count("c") > 100  # the crate's curves (the page's text draws none)
    assert "Picture:" not in " ".join(_texts(illustrated))

    text = out / "rulebook-text-a4.pdf"
    page = _page_with(text, f"Picture: {ALT} ({CAPTION})")
    images, ops = _page_operators(text, page)
    assert images == 0 and ops.count("c") == 0
    with pikepdf.open(text) as pdf:
        for p in pdf.pages:
            resources: Any = p.obj.get("/Resources", {})
            assert not resources.get("/XObject")


def test_png_picture_is_one_image_centred_in_the_column_and_at_most_60mm_tall(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PNG is one image XObject. A square picture is 60 mm tall (the style's
    `picture_height`), as wide, centred on the text column; the caption sits under it."""
    out = _build(capsys, _book_with_picture(tmp_path, "table.png", _png(90, 90)))
    illustrated = out / "rulebook-a4.pdf"
    index = _page_with(illustrated, CAPTION)
    images, _ = _page_operators(illustrated, index)
    assert images == 1
    scale = 200 / 72  # pixels per point
    page = pypdfium2.PdfDocument(illustrated)[index]
    bitmap = page.render(scale=scale, rev_byteorder=True).to_pil()
    left, top, right, bottom = _same(bitmap, GREEN).getbbox() or (0, 0, 0, 0)
    assert abs((right - left) / scale - mm(60)) < 2
    assert abs((bottom - top) / scale - mm(60)) < 2
    centre = (left + right) / 2 / scale
    assert abs(centre - page.get_width() / 2) < 2  # the column is centred on the page
    textpage = page.get_textpage()
    found = textpage.search(CAPTION).get_next()
    assert found is not None
    box = textpage.get_charbox(found[0])  # (left, bottom, right, top) in points, from below
    caption_top = page.get_height() - box[3]
    assert 0 < caption_top - bottom / scale < mm(6)  # just under the picture, not on it


def _same(image: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """A mask of the pixels of `image` that are (nearly) `colour`."""
    diff = ImageChops.difference(image, Image.new("RGB", image.size, colour)).convert("L")
    return diff.point(lambda v: 255 if v < 24 else 0)


def test_the_picture_s_credit_reaches_the_manifest_and_the_credits_chapter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _build(capsys, _book_with_picture(tmp_path))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["credits"] == [
        {
            "file": "art/crate.svg",
            "title": "Crate picture",
            "author": "Tester",
            "licence": "CC0",
            "source": "made for this test",
        }
    ]
    for name in ("rulebook-a4.pdf", "rulebook-text-a4.pdf"):
        pages = [" ".join(t.split()) for t in _texts(out / name)]
        credits = next(t for t in pages[::-1] if "Credits" in t)
        assert "Crate picture" in credits and "Tester" in credits, name
        assert f"The picture '{ALT}'" in credits, name


def test_an_image_in_running_text_prints_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _build(capsys, _book_with_picture(tmp_path))
    for name in ("rulebook-a4.pdf", "rulebook-text-a4.pdf"):
        assert "an inline crate stays words" in " ".join(" ".join(_texts(out / name)).split())


def test_the_ink_saver_book_draws_a_one_colour_svg_as_outlines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _build(capsys, _book_with_picture(tmp_path), "--ink-saver")
    pdf = out / "rulebook-a4-ink-saver.pdf"
    _, ops = _page_operators(pdf, _page_with(pdf, CAPTION))
    assert ops.count("c") > 100 and "S" in ops


# -- the checks --------------------------------------------------------------------------------


def test_a_missing_picture_is_e730_at_its_markdown_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _book_with_picture(tmp_path, picture=f"![{ALT}](art/nowhere.svg)")
    status, diags = check_json(capsys, game.parent, GAME)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"], d["col"]) for d in diags] == [
        ("E730", "rulebook.md", _line(game, "art/nowhere.svg"), 1)
    ], diags
    assert f"the picture '{ALT}' in the rulebook ('art/nowhere.svg')" in diags[0]["message"]
    out = tmp_path / "out"
    status, _, err = run_pnp(
        capsys, "build", "--content", str(game.parent), "--out", str(out), "--paper", "a4", GAME
    )
    assert status == 1 and "Traceback" not in err and not (out / GAME).exists()


def test_an_uncredited_picture_is_e735_at_its_markdown_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _book_with_picture(tmp_path, credit=False)
    status, diags = check_json(capsys, game.parent, GAME)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        ("E735", "rulebook.md", _line(game, f"![{ALT}]")),
        ("E735", "rulebook.md", _line(game, "![crate]")),
    ], diags


@pytest.mark.parametrize(
    "path",
    [
        "https://example.com/crate.svg",
        "http://127.0.0.1:1/crate.svg",
        "file:///etc/passwd",
        "data:image/png;base64,iVBORw0KGgo=",
        "/etc/passwd",
        "C:/art/crate.svg",
    ],
)
def test_an_address_or_absolute_path_is_refused_at_its_line(
    path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture is a file of the game folder: an address or an absolute path is E732 at
    its line, and nothing is fetched or opened (no socket is made)."""
    import socket

    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("pnp opened a network connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    game = _book_with_picture(tmp_path, picture=f"![{ALT}]({path})")
    status, diags = check_json(capsys, game.parent, GAME)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        ("E732", "rulebook.md", _line(game, path))
    ], diags
    assert "outside the content folder" in diags[0]["message"]
    assert "root:" not in json.dumps(diags)


def test_a_path_only_a_template_makes_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A picture is checked where its source writes it: one whose path is filled in by a
    template could not be, so it is E754 at its line, not printed unchecked."""
    game = _book_with_picture(tmp_path, picture="![A box]({{ 'art/' ~ 'crate-2.svg' }})")
    (game / "art" / "crate-2.svg").write_bytes(CRATE)
    status, diags = check_json(capsys, game.parent, GAME)
    assert status == 1
    assert [(d["code"], d["line"]) for d in diags] == [("E754", _line(game, "![A box]"))]


def test_digits_in_a_picture_s_path_are_not_typed_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The path is not prose (E750 reads prose): `art/01-crate.svg` is no number typed by
    hand; the words and caption are read as prose as ever."""
    game = _book_with_picture(tmp_path, "01-crate.svg")
    status, diags = check_json(capsys, game.parent, GAME)
    assert status == 0, diags
    source = game / "rulebook.md"
    source.write_text(
        source.read_text(encoding="utf-8").replace(CAPTION, "Crate 2"), encoding="utf-8"
    )
    status, diags = check_json(capsys, game.parent, GAME)
    assert [(d["code"], d["line"]) for d in diags] == [("E750", _line(game, "Crate 2"))]
    assert re.search(r"\b2\b", diags[0]["message"])
