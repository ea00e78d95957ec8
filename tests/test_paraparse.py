"""`pnp.rulebook.paraparse` reads a paragraph's markup into the runs reportlab's own parser
makes of it: for every paragraph both games' books set, in both editions, and for any
markup of the tags the rulebook writes (`<b>`, `<i>`, `<br/>`, anchors, links with their
colour and underline, `<onDraw>`), nested as they may be. Runs are compared attribute by
attribute, down to each link, underline and callback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText

from pnp.content.project import load_game
from pnp.render import fonts, geometry
from pnp.rulebook import book as rb
from pnp.rulebook import pages, paraparse
from pnp.rulebook import pdf as render
from tests.conftest import CONTENT, EXAMPLES


def _deep(value: Any) -> Any:
    """A run (or anything in it) as plain values: each object as its class and attributes."""
    if isinstance(value, Color):
        return ("Color", value.rgba())
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, {k: _deep(v) for k, v in vars(value).items()})
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_deep(v) for v in value])
    return value


def _reportlab(text: str, style: ParagraphStyle) -> Any:
    """The runs reportlab's own parser makes (a plain `Paragraph`, not pnp's)."""
    return _deep(Paragraph(text, style).frags)


@pytest.fixture(scope="module")
def typeset() -> list[tuple[str, Any]]:
    """Every (markup, style) a book hands the parser: both games, both editions."""
    seen: list[tuple[str, Any]] = []
    parse = paraparse.parse

    def noting(text: str, style: Any) -> paraparse.Parsed | None:
        seen.append((text, style))
        return parse(text, style)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(paraparse, "parse", noting)
        for game_id in ("diplomatic-immunity", "diamond-heist"):
            game = load_game(CONTENT, game_id).game
            book, geo = rb.load(game), geometry.of(game)
            for edition in (render.ILLUSTRATED, render.TEXT):
                pages._TYPESET.clear()
                render.render_book(game, book, geo, edition, "a4")
    return seen


def test_every_paragraph_of_the_books_has_reportlabs_runs(typeset: list[tuple[str, Any]]) -> None:
    """Headings, body text, lists, table cells, captions and the contents, as the books set
    them."""
    tagged = built = 0
    for text, style in typeset:
        parsed = paraparse.parse(text, style)
        if parsed is None:  # (an empty paragraph, say: reportlab's parser reads it)
            continue
        assert parsed[1] is style
        assert _deep(parsed[2]) == _reportlab(text, style), text
        cleaned = cleanBlockQuotedText(text)
        if "<" in cleaned:
            tagged += 1
            built += paraparse._built(cleaned, style) is not None
    # the markup of the books is the rulebook's own: all of it is read without reportlab's
    # parser (so the comparison above is of the runs made here)
    assert tagged > 1000 and built == tagged


# ---- any markup of the rulebook's tags ---------------------------------------------------

WORDS = st.lists(
    st.sampled_from(["Heat", "the", "Goal,", "pays", "3", "Favor", "chip.", "(once)", "—", "é"]),
    min_size=1,
    max_size=4,
).map(" ".join)
HREFS = st.sampled_from(["#term-heat", "#cards", " #spaced ", "https://example.org/x"])
COLOURS = st.sampled_from(["#23395b", "#0b3d91", "red"])


def _link(parts: tuple[str, str | None, str | None, str]) -> str:
    href, colour, underline, inner = parts
    attrs = [f'href="{href}"']
    if colour is not None:
        attrs.insert(0, f'color="{colour}"')
    if underline is not None:
        attrs.append(f'underline="{underline}"')
    return f"<a {' '.join(attrs)}>{inner}</a>"


def _markup(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    inner = st.lists(children, min_size=1, max_size=3).map(" ".join)
    return st.one_of(
        inner.map(lambda s: f"<b>{s}</b>"),
        inner.map(lambda s: f"<i>{s}</i>"),
        st.tuples(
            HREFS, st.none() | COLOURS, st.none() | st.sampled_from(["1", "0", "true"]), inner
        ).map(_link),
    )


LEAVES = st.one_of(
    WORDS,
    st.just("<br/>"),
    st.sampled_from(["term-heat", "cards", "x1"]).map(lambda n: f'<a name="{n}"/>'),
    st.sampled_from(["0,1,None", "2,0,'k'"]).map(
        lambda label: f'<onDraw name="drawTOCEntryEnd" label="{label}"/>'
    ),
)
MARKUP = st.lists(st.recursive(LEAVES, _markup, max_leaves=8), min_size=1, max_size=4).map(" ".join)


def _styles() -> Iterator[ParagraphStyle]:
    fonts.register()
    yield ParagraphStyle("serif", fontName=fonts.font("serif"), fontSize=10.5, leading=13.5)
    yield ParagraphStyle(
        "sans-bold",
        fontName=fonts.font("sans-bold"),
        fontSize=9,
        leading=11,
        textColor=Color(0.48, 0.18, 0.15),
    )
    yield ParagraphStyle(
        "underlined", fontName=fonts.font("sans"), fontSize=8, leading=10, linkUnderline=1
    )


STYLES = list(_styles())


@settings(max_examples=max(EXAMPLES, 200))
@given(markup=MARKUP, style=st.sampled_from(STYLES))
def test_any_markup_of_the_rulebooks_tags_has_reportlabs_runs(
    markup: str, style: ParagraphStyle
) -> None:
    """Bold, italics and links nested in any order, around words, line breaks, anchors and
    callbacks, in a plain style, a coloured bold one and one that underlines its links:
    read here, and handed to reportlab's parser tag by tag, the runs are reportlab's."""
    cleaned = cleanBlockQuotedText(markup)
    built = paraparse._built(cleaned, style)
    assert built is not None, markup  # read here, not by reportlab's parser
    expected = _reportlab(markup, style)
    assert _deep(built[2]) == expected, markup
    # and handed to reportlab's parser tag by tag, as other markup is
    handed = paraparse._tagged(cleaned, style)
    assert handed is not None and _deep(handed[2]) == expected, markup


@pytest.mark.parametrize(
    "markup",
    [
        '<b class="x">a tag with an attribute the rulebook never writes</b>',
        '<a href="#x" fontSize="12">a link of another size</a>',
        '<a name="x">an anchor holding words</a>',
        "<u>an underline tag</u>",
        "a <b>tag left open",
    ],
)
def test_other_markup_is_left_to_reportlab(markup: str) -> None:
    """Markup beyond the rulebook's own is not read here; `parse` hands it to reportlab's
    parser, whose runs (or whose error) it then gets."""
    style = STYLES[0]
    assert paraparse._built(cleanBlockQuotedText(markup), style) is None
    parsed = paraparse.parse(markup, style)
    try:
        expected = _reportlab(markup, style)
    except ValueError:
        assert parsed is None
    else:
        assert parsed is None or _deep(parsed[2]) == expected
