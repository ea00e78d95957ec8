"""A content-only game: no ruleset, plain cards with data of their own (`fields`), checked
and built like the shipped games; a `card-fields` declaration holds every card to it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from tests.conftest import CONTENT, FIXTURES, check_json, run_pnp

GAME = "orchard"


def _copy(tmp_path: Path, game: str) -> Path:
    """A copy of a valid fixture game in a fresh content folder; the folder."""
    shutil.copytree(FIXTURES / "valid" / game, tmp_path / "content" / game)
    return tmp_path / "content"


@pytest.fixture
def orchard(tmp_path: Path) -> Path:
    """The minimal content-only game."""
    return _copy(tmp_path, GAME)


def _write(content: Path, name: str, text: str) -> None:
    (content / GAME / name).write_text(text, encoding="utf-8")


def _edit(content: Path, name: str, old: str, new: str, game: str = GAME) -> int:
    """Replace `old` once in a file of a game; the line it was on."""
    path = content / game / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


DECLARED = """kind: card-fields
fields:
  points: {type: integer, minimum: 0, maximum: 9}
  season: {type: text, one_of: [spring, autumn], default: autumn}
"""


def test_the_minimal_game_checks_with_no_diagnostic(
    orchard: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, diags = check_json(capsys, orchard, GAME, strict=True)
    assert (status, diags) == (0, [])


def test_it_builds_sheets_on_both_papers_pngs_and_a_manifest(
    orchard: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "build"
    status, _, err = run_pnp(
        capsys, "build", "--content", str(orchard), "--out", str(out), "--png", GAME
    )
    assert status == 0, err
    kit = out / GAME
    for paper in ("a4", "letter"):
        for name in (f"cards-{paper}.pdf", f"cards-gutterfold-{paper}.pdf"):
            doc = pypdfium2.PdfDocument(kit / name)
            assert len(doc) >= 2, name
    pngs = sorted(p.name for p in (kit / "png").rglob("*.png"))
    assert pngs == ["apple.png", "back.png", "pear.png"]
    manifest: dict[str, Any] = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert "cards-a4.pdf" in json.dumps(manifest)
    text = "".join(
        page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(kit / "cards-a4.pdf")
    )
    assert "Score 2 points." in text and "Score 1 point." in text


def test_list_prints_each_card_with_its_fields(
    orchard: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run_pnp(capsys, "list", "--content", str(orchard), GAME)
    assert status == 0
    assert "Pear  x2  [points 2]" in out and "Score 2 points." in out


def test_diff_between_two_folders_says_what_changed(
    orchard: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = tmp_path / "new"
    shutil.copytree(orchard, new)
    _edit(new, "cards.yaml", "fields: {points: 2}", "fields: {points: 3}")
    status, out, err = run_pnp(
        capsys, "diff", "--content", str(orchard), str(orchard), str(new), GAME
    )
    assert status in (0, 3), err  # 3: the versions differ, when diff says so by its status
    assert "Pear" in out and "3" in out


def test_a_misspelt_name_in_a_text_is_e701_with_the_field_it_meant(
    orchard: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _edit(orchard, "cards.yaml", "Score {{ points }} points.", "Score {{ pionts }} points.")
    status, diags = check_json(capsys, orchard, GAME)
    assert status == 1
    (d,) = diags
    assert (d["code"], d["line"]) == ("E701", line)
    assert "did you mean 'points'?" in d["hint"]


def test_a_refused_text_hints_at_what_this_game_offers(
    orchard: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """E714's hint lists the game's own data and look-ups: a content-only game has no
    ruleset's `limit()`; Diplomatic Immunity's texts have it."""
    line = _edit(orchard, "cards.yaml", "Score {{ points }} points.", "{{ points.__class__ }}")
    _, diags = check_json(capsys, orchard, GAME)
    (d,) = diags
    assert (d["code"], d["line"]) == ("E714", line)
    assert "rules, game, term()" in d["hint"] and "limit()" not in d["hint"]
    di = tmp_path / "di"
    shutil.copytree(CONTENT / "diplomatic-immunity", di / "diplomatic-immunity")
    street = di / "diplomatic-immunity" / "street.yaml"
    text = street.read_text(encoding="utf-8")
    street.write_text(text.replace("{{ draw.cards }}", "{{ draw.__class__ }}", 1), encoding="utf-8")
    _, diags = check_json(capsys, di, "diplomatic-immunity")
    assert [d["code"] for d in diags][:1] == ["E714"] and "limit()" in diags[0]["hint"]


def test_declared_fields_hold_every_card(orchard: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With a declaration: a misspelt field is one E203 at its key (not also E202 for the
    field it meant); a value outside the range E205, not one of the values E206, of the wrong
    type E201; a default fills what a card leaves out, in its text too."""
    _write(orchard, "card-fields.yaml", DECLARED)
    status, diags = check_json(capsys, orchard, GAME, strict=True)
    assert (status, diags) == (0, [])
    line = _edit(orchard, "cards.yaml", "fields: {points: 2}", "fields: {pionts: 2}")
    status, diags = check_json(capsys, orchard, GAME)
    assert status == 1
    assert [(d["code"], d["line"]) for d in diags] == [("E203", line)]
    assert "did you mean 'points'?" in diags[0]["hint"]
    for value, code in (("12", "E205"), ("two", "E201")):
        _edit(
            orchard,
            "cards.yaml",
            "fields: {pionts: 2}" if value == "12" else "fields: {points: 12}",
            f"fields: {{points: {value}}}",
        )
        status, diags = check_json(capsys, orchard, GAME)
        assert status == 1
        assert [(d["code"], d["line"]) for d in diags] == [(code, line)], value
    _edit(orchard, "cards.yaml", "fields: {points: two}", "fields: {points: 2, season: winter}")
    status, diags = check_json(capsys, orchard, GAME)
    assert status == 1
    assert [(d["code"], d["line"]) for d in diags] == [("E206", line)]
    _edit(orchard, "cards.yaml", "season: winter}", "season: spring}")
    _edit(orchard, "cards.yaml", "Score {{ points }} point.", "Score {{ points }} in {{ season }}.")
    status, out, _ = run_pnp(capsys, "list", "--content", str(orchard), GAME)
    assert status == 0 and "Score 1 in autumn." in out  # the default


def test_a_missing_declared_field_is_e202_at_the_card(
    orchard: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(orchard, "card-fields.yaml", DECLARED)
    line = _edit(orchard, "cards.yaml", ", fields: {points: 2}", "")
    status, diags = check_json(capsys, orchard, GAME)
    assert status == 1
    assert [(d["code"], d["line"]) for d in diags] == [("E202", line)]
    assert "'points'" in diags[0]["message"]


def test_a_declaration_for_a_deck_that_is_none_is_e204(
    orchard: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(
        orchard,
        "card-fields.yaml",
        "kind: card-fields\ndeck: fruits\nfields:\n  points: {type: integer}\n",
    )
    status, diags = check_json(capsys, orchard, GAME)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        ("E204", "card-fields.yaml", 2)
    ]
    assert "did you mean 'fruit'?" in diags[0]["hint"]


def test_a_ruleset_game_keeps_its_own_card_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Diplomatic Immunity's cards still need their kind: the plain schema is for games
    without a card schema of their own."""
    shutil.copytree(FIXTURES / "valid" / "mini-cards", tmp_path / "content" / "mini-cards")
    path = tmp_path / "content" / "mini-cards" / "street.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("    kind: crime")].count("\n") + 1
    path.write_text(text.replace("    kind: crime\n", "", 1), encoding="utf-8")
    status, diags = check_json(capsys, tmp_path / "content", "mini-cards")
    assert status == 1
    assert ("E202", line) in {(d["code"], d["line"]) for d in diags} or any(
        d["code"] == "E202" and "'kind'" in d["message"] for d in diags
    )


def test_pnp_new_makes_a_game_that_checks_and_builds_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pnp new fruit-salad` writes a content-only game (cards with a declared field, a
    rulebook) with no diagnostic; it builds its sheets and both rulebooks; a second `new`
    of the same name, or a name that is no id, writes nothing and exits 2."""
    content = tmp_path / "content"
    status, out, err = run_pnp(capsys, "new", "fruit-salad", "--content", str(content))
    assert status == 0, err
    assert "pnp build" in out
    status, diags = check_json(capsys, content, "fruit-salad", strict=True)
    assert (status, diags) == (0, [])
    game = (content / "fruit-salad" / "game.yaml").read_text(encoding="utf-8")
    assert "title: Fruit Salad" in game
    build = tmp_path / "build"
    status, _, err = run_pnp(
        capsys,
        "build",
        "--content",
        str(content),
        "--out",
        str(build),
        "--paper",
        "a4",
        "fruit-salad",
    )
    assert status == 0, err
    names = {p.name for p in (build / "fruit-salad").iterdir()}
    assert {
        "cards-a4.pdf",
        "cards-gutterfold-a4.pdf",
        "rulebook-a4.pdf",
        "rulebook-text-a4.pdf",
        "manifest.json",
    } <= names
    before = sorted(p.name for p in (content / "fruit-salad").iterdir())
    status, _, err = run_pnp(capsys, "new", "fruit-salad", "--content", str(content))
    assert status == 2 and "already exists" in err
    assert sorted(p.name for p in (content / "fruit-salad").iterdir()) == before
    status, _, err = run_pnp(capsys, "new", "../escape", "--content", str(content))
    assert status == 2 and "cannot name a game" in err
    assert sorted(p.name for p in content.iterdir()) == ["fruit-salad"]


# -- a game's own layout ---------------------------------------------------------------------

LAID_OUT = "orchard-layout"


@pytest.fixture
def laid_out(tmp_path: Path) -> Path:
    """The minimal game with a layout of its own."""
    return _copy(tmp_path, LAID_OUT)


def _layout_edit(content: Path, old: str, new: str) -> int:
    return _edit(content, "layouts.yaml", old, new, LAID_OUT)


def test_a_layout_of_its_own_binds_boxes_to_fields(
    laid_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """layouts.yaml extends the shipped card layout: the band is the layout's colour, the
    badge prints each card's points, the rules box its text; it checks clean and builds."""
    status, diags = check_json(capsys, laid_out, LAID_OUT, strict=True)
    assert (status, diags) == (0, [])
    out = tmp_path / "build"
    status, _, err = run_pnp(
        capsys, "build", "--content", str(laid_out), "--out", str(out), "--paper", "a4", LAID_OUT
    )
    assert status == 0, err
    doc = pypdfium2.PdfDocument(out / LAID_OUT / "cards-a4.pdf")
    words = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    fronts = next(w for w in words if "Apple" in w)
    assert "Score 1 point." in fronts and "1" in fronts.replace("Score 1 point.", "")
    image = doc[2].render(scale=1, rev_byteorder=True).to_pil()
    w, h = image.size
    # the band's colour (#2f5d50) at the top of the first card, not the deck's default
    r, g, b = image.getpixel((int(w * 0.15), int(h * 0.04)))
    assert abs(r - 0x2F) < 12 and abs(g - 0x5D) < 12 and abs(b - 0x50) < 12


@pytest.mark.parametrize(
    ("old", "new", "code", "meant"),
    [
        ('text: "{{ text }}"', 'text: "{{ txet }}"', "E701", "text"),  # a name in a box
        ("extends: card", "extends: cart", "E204", "card"),  # the layout it extends
        ("face: serif-bold", "face: serif-blod", "E204", "serif-bold"),  # a type face
    ],
    ids=["box-name", "extends", "face"],
)
def test_a_slip_in_a_layout_is_one_diagnostic_at_its_line(
    laid_out: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, code: str, meant: str
) -> None:
    """One diagnostic, at the line of layouts.yaml that has the slip, with what it meant;
    nothing about the cards that use the layout."""
    line = _layout_edit(laid_out, old, new)
    status, diags = check_json(capsys, laid_out, LAID_OUT)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        (code, "layouts.yaml", line)
    ]
    assert f"did you mean '{meant}'?" in diags[0]["hint"]


def test_a_field_too_long_for_its_badge_is_e720_at_the_card(
    laid_out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = laid_out / LAID_OUT / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("fields: {points: 2}", "fields: {points: 222222}"), encoding="utf-8"
    )
    line = text[: text.index("fields: {points: 2}")].count("\n") + 1
    status, diags = check_json(capsys, laid_out, LAID_OUT)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        ("E720", "cards.yaml", line)
    ]


def test_a_card_naming_a_layout_that_is_none_is_e204(
    laid_out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = laid_out / LAID_OUT / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("layout: fruit,", "layout: friut,", 1), encoding="utf-8")
    status, diags = check_json(capsys, laid_out, LAID_OUT)
    assert status == 1
    assert [d["code"] for d in diags] == ["E204"]
    assert "did you mean 'fruit'?" in diags[0]["hint"]


@pytest.mark.parametrize(
    "template",
    ["{{ name.__class__ }}", "{{ name.upper() }}", "{% for i in range(9) %}x{% endfor %}"],
)
def test_a_box_that_reaches_past_its_names_is_refused_at_its_line(
    laid_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], template: str
) -> None:
    """A layout is content, so untrusted: a box's template that reaches for Python's
    internals, a method or a function is E714 at the box, once, and nothing else (no
    text printed from the raw template, so no knock-on E720); nothing is built."""
    line = _layout_edit(laid_out, 'text: "{{ name }}"', f'text: "{template}"')
    status, diags = check_json(capsys, laid_out, LAID_OUT)
    assert status == 1
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in diags] == [
        ("E714", "layouts.yaml", line)
    ]
    out = tmp_path / "build"
    status, _, _ = run_pnp(capsys, "build", "--content", str(laid_out), "--out", str(out), LAID_OUT)
    assert status == 1 and not out.exists()
