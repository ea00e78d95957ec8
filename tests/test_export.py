"""`pnp export`: the Tabletop Simulator mod and the print-on-demand files, checked as their
readers would check them: the saved object's cards, sheets and URLs, the vendors' pixel
sizes and quantities, and the kit's manifest kept whole."""

from __future__ import annotations

import csv
import hashlib
import json
import math
import shutil
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pikepdf
import pytest
from PIL import Image

from pnp.cli import main
from pnp.content.project import load_game
from pnp.export import tts, vendors
from tests.conftest import CONTENT, run_pnp

pytestmark = pytest.mark.heavy  # collected first: see conftest

HEIST = "diamond-heist"
DI = "diplomatic-immunity"


def _export(out: Path, *args: str) -> None:
    assert main(["export", "--content", str(CONTENT), "--out", str(out), *args]) == 0


@pytest.fixture(scope="module")
def heist(tmp_path_factory: pytest.TempPathFactory, shipped_kit: Path) -> Path:
    """Diamond Heist's kit (a copy of the run's shared build), then every export target
    added to it."""
    out = tmp_path_factory.mktemp("heist")
    shutil.copytree(shipped_kit / HEIST, out / HEIST)
    _export(out, "--target", "all", HEIST)
    return out / HEIST


@pytest.fixture(scope="module")
def di_tts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Diplomatic Immunity's Tabletop Simulator export alone (no kit before it)."""
    out = tmp_path_factory.mktemp("di")
    _export(out, "--target", "tts", DI)
    return out / DI


def _save(kit: Path, game: str) -> dict[str, Any]:
    save: dict[str, Any] = json.loads(
        (kit / "export" / "tts" / f"{game}.json").read_text(encoding="utf-8")
    )
    return save


def _walk(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for obj in objects:
        out.append(obj)
        out += _walk(obj.get("ContainedObjects", []))
    return out


def _file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def _urls(obj: Any) -> list[str]:
    if isinstance(obj, dict):
        found = [v for k, v in obj.items() if k.endswith(("URL", "Url")) and v]
        return found + [u for v in obj.values() for u in _urls(v)]
    if isinstance(obj, list):
        return [u for v in obj for u in _urls(v)]
    return []


def _deck_counts(game: str) -> dict[str, int]:
    """Cards per deck as the kit prints them, from the manifest of a fresh build."""
    from pnp.export import faces
    from pnp.render import geometry
    from pnp.render.cards import Theme

    model = load_game(CONTENT, game).game
    assert model is not None
    return {d.name: d.total for d in faces.parts(model, geometry.of(model), Theme()).decks}


@pytest.mark.parametrize("game", [HEIST, DI])
def test_every_card_is_in_its_deck_once_per_copy(game: str, heist: Path, di_tts: Path) -> None:
    """Each deck's DeckIDs hold every card once per copy, as the kit prints it, and each
    contained card is one of them, with its name."""
    kit = heist if game == HEIST else di_tts
    decks = {
        o["Nickname"]: o for o in _save(kit, game)["ObjectStates"] if o["Name"] in ("Deck", "Card")
    }
    expected = _deck_counts(game)
    assert {
        name: (len(o["DeckIDs"]) if o["Name"] == "Deck" else 1) for name, o in decks.items()
    } == expected
    for deck in decks.values():
        if deck["Name"] != "Deck":
            continue
        contained = Counter(c["CardID"] for c in deck["ContainedObjects"])
        assert contained == Counter(deck["DeckIDs"])
        assert all(c["Nickname"] for c in deck["ContainedObjects"])
        keys = {str(i // 100) for i in deck["DeckIDs"]}
        assert keys == set(deck["CustomDeck"])


def test_sheets_match_their_grids(di_tts: Path) -> None:
    """Every CustomDeck's face sheet is NumWidth x NumHeight cards of the card's
    proportions, at most 10 x 7 and 4096 px a side; every card id is a slot on it."""
    save = _save(di_tts, DI)
    seen = 0
    for obj in _walk(save["ObjectStates"]):
        for key, entry in obj.get("CustomDeck", {}).items():
            cols, rows = entry["NumWidth"], entry["NumHeight"]
            assert 1 <= cols <= 10 and 1 <= rows <= 7
            with Image.open(_file(entry["FaceURL"])) as sheet:
                assert sheet.mode == "RGB" and max(sheet.size) <= 4096
                cw, ch = sheet.width / cols, sheet.height / rows
                assert cw == int(cw) and ch == int(ch)
                assert math.isclose(ch / cw, 88.9 / 63.5, rel_tol=0.01)
            with Image.open(_file(entry["BackURL"])) as back:
                assert back.size == (int(cw), int(ch))
            if "CardID" in obj:
                assert obj["CardID"] // 100 == int(key)
                assert obj["CardID"] % 100 < cols * rows
                seen += 1
    assert seen == sum(_deck_counts(DI).values())


def test_every_url_is_a_file_that_exists(heist: Path, di_tts: Path) -> None:
    for kit, game in ((heist, HEIST), (di_tts, DI)):
        urls = _urls(_save(kit, game))
        assert urls
        for url in urls:
            assert _file(url).is_file(), url
            assert kit.resolve() in _file(url).parents


def test_cards_carry_their_printed_words(di_tts: Path) -> None:
    """A card's Description is its printed text, so the table's search finds it."""
    model = load_game(CONTENT, DI).game
    assert model is not None and model.cards
    leak = next(c for c in model.cards if c.name == "Leak")
    cards = [o for o in _walk(_save(di_tts, DI)["ObjectStates"]) if o["Name"] == "Card"]
    found = [c for c in cards if c["Nickname"] == "Leak"]
    assert len(found) == leak.count
    assert found[0]["Description"] == leak.text.printed


def test_boards_tokens_and_rulebook(di_tts: Path) -> None:
    """Twelve two-sided boards, every coin and chip in stacks of their counts, and the
    rulebook as a PDF: one saved object holds the whole game."""
    model = load_game(CONTENT, DI).game
    assert model is not None and model.components
    objects = _save(di_tts, DI)["ObjectStates"]
    boards = [o for o in objects if o["Name"] == "Custom_Tile" and o["Transform"]["scaleX"] > 2]
    assert len(boards) == len(model.archetypes or ())
    for board in boards:
        image = board["CustomImage"]
        assert image["ImageURL"] != image["ImageSecondaryURL"]
    coins = {o["Nickname"]: o.get("Number", 1) for o in objects if o["Nickname"].endswith("coins")}
    money = model.components.money
    assert money is not None
    fmt = model.info.currency.format if model.info else str
    assert coins == {f"{fmt(d.value)} coins": d.count for d in money.denominations}
    stacks = [o for o in objects if o["Name"].startswith(("Custom_Token", "Custom_Tile"))]
    pieces = sum(o.get("Number", 1) for o in stacks) - len(boards)
    printed = json.loads((di_tts / "manifest.json").read_text())
    assert pieces > 100
    pdfs = [o for o in objects if o["Name"] == "Custom_PDF"]
    assert len(pdfs) == 1
    with pikepdf.open(_file(pdfs[0]["CustomPDF"]["PDFUrl"])) as book:
        assert len(book.pages) > 20
    assert printed["game"] == DI


def test_tokens_are_cut_to_their_shape(di_tts: Path) -> None:
    """A round token's PNG is transparent outside its circle (Tabletop Simulator cuts a
    Custom Token from the alpha) and opaque at its middle."""
    objects = _save(di_tts, DI)["ObjectStates"]
    coin = next(o for o in objects if o["Nickname"] == "$1M coins")
    assert coin["Name"] == "Custom_Token_Stack" and coin["Number"] > 1
    with Image.open(_file(coin["CustomImage"]["ImageURL"])) as image:
        assert image.mode == "RGBA"
        w, h = image.size
        corner, middle = image.getpixel((1, 1)), image.getpixel((w // 2, h // 2))
        assert isinstance(corner, tuple) and isinstance(middle, tuple)
        assert corner[3] == 0 and middle[3] == 255


def test_base_url_replaces_the_file_urls(tmp_path: Path) -> None:
    _export(tmp_path, "--target", "tts", "--base-url", "https://example.org/heist/", HEIST)
    urls = _urls(_save(tmp_path / HEIST, HEIST))
    assert urls and all(u.startswith("https://example.org/heist/") for u in urls)
    for url in urls:
        assert (
            tmp_path / HEIST / "export" / "tts" / url.removeprefix("https://example.org/heist/")
        ).is_file()


@pytest.mark.parametrize("target", ["tgc", "mpc"])
def test_vendor_pngs_have_the_vendors_sizes(heist: Path, target: str) -> None:
    """Every card face is a 300 dpi RGB PNG of the vendor's size, fronts and backs; the
    quantities add up to the decks."""
    product = vendors.PRODUCTS[target][0]
    folder = heist / "export" / target
    with (folder / "quantities.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    totals: Counter[str] = Counter()
    for row in rows:
        totals[row["folder"]] += int(row["copies"])
        for side in ("front", "back"):
            with Image.open(folder / row["folder"] / row[side]) as image:
                assert image.size == product.pixels
                assert image.mode == "RGB"
                assert round(image.info["dpi"][0]) == 300
    assert sorted(totals.values()) == sorted(_deck_counts(HEIST).values())
    assert product.pixels == ((825, 1125) if target == "tgc" else (822, 1122))


def test_the_export_joins_the_kit_and_its_manifest(heist: Path) -> None:
    """The kit built before is still there and listed; every exported file is listed with
    its digest."""
    manifest = json.loads((heist / "manifest.json").read_text(encoding="utf-8"))
    paths = {f["path"]: f for f in manifest["files"]}
    assert "cards-a4.pdf" in paths and "rulebook-a4.pdf" in paths
    for target in vendors.TARGETS:
        assert any(p.startswith(f"export/{target}/") for p in paths), target
    on_disk = {
        str(p.relative_to(heist))
        for p in heist.rglob("*")
        if p.is_file() and p.name != "manifest.json"
    }
    assert on_disk == set(paths)
    for path, entry in paths.items():
        assert hashlib.sha256((heist / path).read_bytes()).hexdigest() == entry["sha256"]


def test_export_is_deterministic_and_replaces_its_folder(tmp_path: Path) -> None:
    _export(tmp_path, "--target", "tgc,tts", HEIST)
    first = json.loads((tmp_path / HEIST / "manifest.json").read_text())
    stray = tmp_path / HEIST / "export" / "tgc" / "stray.png"
    _export(tmp_path, "--target", "tgc", HEIST)
    second = json.loads((tmp_path / HEIST / "manifest.json").read_text())
    assert {f["path"]: f["sha256"] for f in first["files"]} == {
        f["path"]: f["sha256"] for f in second["files"]
    }
    assert not stray.exists()


def test_a_changed_kit_file_stops_the_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file of the kit changed since it was built is not carried into a new manifest:
    the export stops, names it, and leaves the kit as it was."""
    _export(tmp_path, "--target", "tts", HEIST)
    kit = tmp_path / HEIST
    sheet = next((kit / "export" / "tts" / "images").iterdir())
    sheet.write_bytes(b"edited")
    before = (kit / "manifest.json").read_bytes()
    status, _, err = run_pnp(
        capsys,
        "export",
        "--content",
        str(CONTENT),
        "--out",
        str(tmp_path),
        "--target",
        "tgc",
        HEIST,
    )
    assert status == 2
    assert sheet.name in err and "changed" in err
    assert (kit / "manifest.json").read_bytes() == before
    assert not (kit / "export" / "tgc").exists()


def test_content_errors_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / HEIST, content / HEIST)
    deck = content / HEIST / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\nbroken: [\n", encoding="utf-8")
    status, out, err = run_pnp(
        capsys,
        "export",
        "--content",
        str(content),
        "--out",
        str(tmp_path / "out"),
        "--target",
        "all",
    )
    assert status == 1
    assert "deck.yaml:" in out and "nothing was written" in err
    assert not (tmp_path / "out").exists()


def test_unknown_target_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_pnp(capsys, "export", "--content", str(CONTENT), "--target", "tgx")
    assert status == 2 and "unknown export target 'tgx'" in err


def test_build_with_a_target_writes_the_export(tmp_path: Path) -> None:
    args = ["build", "--content", str(CONTENT), "--out", str(tmp_path), "--paper", "letter"]
    assert main([*args, "--target", "mpc", HEIST]) == 0
    manifest = json.loads((tmp_path / HEIST / "manifest.json").read_text())
    paths = [f["path"] for f in manifest["files"]]
    assert "cards-letter.pdf" in paths
    assert any(p.startswith("export/mpc/") and p.endswith(".png") for p in paths)


def test_every_kit_pdf_page_has_trim_and_bleed_boxes(shipped_kit: Path) -> None:
    """Print shops' preflights look for TrimBox and BleedBox on every page."""
    pdfs = sorted(shipped_kit.rglob("*.pdf"))
    assert len(pdfs) > 10
    for path in pdfs:
        with pikepdf.open(path) as doc:
            for page in doc.pages:
                media = [float(v) for v in page.MediaBox]
                trim = [float(v) for v in page.TrimBox]
                bleed = [float(v) for v in page.BleedBox]
                assert bleed == media, path
                assert media[0] <= trim[0] < trim[2] <= media[2], path


def test_grid_and_card_size_stay_in_bounds() -> None:
    """However many cards, a sheet is at most 10 x 7 and 4096 px a side."""
    for n in (1, 2, 3, 10, 11, 45, 69):
        cols, rows = tts.grid(n)
        assert cols * rows >= n and cols <= 10 and rows <= 7
        w, h = tts.card_pixels(180.0, 252.0, cols, rows)
        assert w * cols <= 4096 and h * rows <= 4096
        assert w <= 750


def test_kept_encodings_give_the_same_files(tmp_path: Path, cache_dir: Path) -> None:
    """An export again, its images' encodings read from the cache folder, writes the very
    bytes of the first; an image whose pixels changed is encoded again (its key is its
    pixels)."""
    from pnp.content import cache_folder
    from pnp.export import kept

    _export(tmp_path / "a", "--target", "tgc,dtc", HEIST)
    cache_folder.flush()
    assert (cache_dir / f"{kept.STORE}.bin").is_file()
    cache_folder.reset()
    _export(tmp_path / "b", "--target", "tgc,dtc", HEIST)

    def digests(root: Path) -> dict[str, str]:
        manifest = json.loads((root / HEIST / "manifest.json").read_text(encoding="utf-8"))
        return {f["path"]: f["sha256"] for f in manifest["files"]}

    assert digests(tmp_path / "a") == digests(tmp_path / "b")
    red, blue = Image.new("RGB", (4, 4), "red"), Image.new("RGB", (4, 4), "blue")
    made = kept.encode_all(
        [(red, "test", lambda i: i.tobytes()), (blue, "test", lambda i: i.tobytes())]
    )
    assert made == [red.tobytes(), blue.tobytes()]


def test_dtc_files_pass_the_preflight(heist: Path) -> None:
    """DriveThruCards' PDFs of a shipped game, as a print shop's preflight reads them:
    PDF/X-1a:2003 with its output intent, every page's boxes, only CMYK images, no fonts to
    embed, no transparency, at most 240% ink at every pixel, each card's front then back."""
    from pikepdf import PdfImage

    from pnp.export import cmyk

    pdfs = sorted((heist / "export" / "dtc").glob("*.pdf"))
    assert len(pdfs) == len(_deck_counts(HEIST))
    for path in pdfs:
        raw = path.read_bytes()
        assert b"/DeviceRGB" not in raw and b"/SMask" not in raw and b"/Font" not in raw
        with pikepdf.open(path) as doc:
            assert str(doc.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
            (intent,) = doc.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and int(intent.DestOutputProfile.N) == 4
            assert len(doc.pages) % 2 == 0
            seen: set[tuple[int, int]] = set()
            for page in doc.pages:
                media = [float(v) for v in page.MediaBox]
                assert [float(v) for v in page.BleedBox] == media
                trim = [float(v) for v in page.TrimBox]
                assert math.isclose(trim[0], 9.0) and math.isclose(media[2] - trim[2], 9.0)
                for _, image in page.Resources.XObject.items():
                    assert isinstance(image, pikepdf.Stream)
                    assert image.ColorSpace == "/DeviceCMYK"
                    if image.objgen not in seen:
                        seen.add(image.objgen)
                        pixels = PdfImage(image).as_pil_image()
                        assert pixels.size == (825, 1125)
                        assert cmyk.max_ink(pixels) <= 240.0


def test_the_save_s_picture_leaves_the_shared_face_as_it_was(tmp_path: Path) -> None:
    """The saved object's picture is made from the first card's front, which every target
    asking for that face at that size shares (`Faces.image`): the face is not shrunk in
    place, so whatever is cut or encoded from it afterwards is the full face."""
    from PIL import ImageChops

    from pnp.export import faces
    from pnp.render import geometry
    from pnp.render.cards import Theme

    game = load_game(CONTENT, HEIST).game
    parts = faces.parts(game, geometry.of(game), Theme())
    made = faces.Faces()
    made.prepare(parts.faces())
    try:
        deck = parts.decks[0]
        size = tts.card_pixels(deck.size.width, deck.size.height, 1, 1)
        before = made.image(deck.cards[0].front, deck.size, size, 0.0).copy()
        tts.outputs(game.id, parts, made, None, tmp_path)
        after = made.image(deck.cards[0].front, deck.size, size, 0.0)
        assert after.size == size
        assert ImageChops.difference(after, before).getbbox() is None
    finally:
        made.close()


def test_cuts_at_one_resolution_come_from_one_rasterisation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A face two vendors want at 300 dpi but with different bleed (The Game Crafter's
    825 x 1125 px, MakePlayingCards' 822 x 1122 px) is rasterised once when both were
    expected, and each cut is the image rasterising it for that cut alone gives; a cut at
    another resolution, or one nobody said would come, is rasterised on its own."""
    from PIL import ImageChops

    from pnp.export import faces, vendors
    from pnp.render import geometry
    from pnp.render.cards import Theme

    game = load_game(CONTENT, HEIST).game
    parts = faces.parts(game, geometry.of(game), Theme())
    deck = parts.decks[0]
    wants = [
        (p.pixels, p.bleed)
        for p in (
            vendors.nearest(t, "card", deck.size.width, deck.size.height) for t in ("tgc", "mpc")
        )
        if p is not None
    ]
    assert len({w for w, _ in wants}) == 2  # two cuts of one face
    rasterised: list[float] = []
    whole = faces._rasterised

    def counting(page: Any, scale: float) -> Any:
        rasterised.append(scale)
        return whole(page, scale)

    monkeypatch.setattr(faces, "_rasterised", counting)
    made, alone = faces.Faces(), faces.Faces()
    try:
        made.prepare(parts.faces())
        alone.prepare(parts.faces())
        for pixels, bleed in wants:
            made.expect(deck.size, pixels, bleed)
        front = deck.cards[0].front
        shared = [made.image(front, deck.size, pixels, bleed) for pixels, bleed in wants]
        assert len(rasterised) == 1
        doc, index, room = alone._where[id(front)]
        page = alone._docs[doc][index]
        for image, (pixels, bleed) in zip(shared, wants, strict=True):
            cut = room - bleed
            own = faces._render(page, pixels[0], pixels[1], (cut, cut, cut, cut))  # alone
            assert image.size == own.size == pixels
            assert ImageChops.difference(image, own).getbbox() is None
            # and a Faces that expected nothing rasterises it for this cut alone
            assert (
                ImageChops.difference(alone.image(front, deck.size, pixels, bleed), own).getbbox()
                is None
            )
        assert len(rasterised) == 5
        made.image(front, deck.size, (300, 420), 0.0)  # another resolution
        assert len(rasterised) == 6
    finally:
        made.close()
        alone.close()


def test_a_pixel_digest_belongs_to_its_image_alone() -> None:
    """An encoding is kept by its image's pixels: equal pixels give one digest, any other
    size or colour another, and an image's digest goes with it (a later image given the
    same id is digested afresh)."""
    import gc

    from pnp.export import kept

    white = Image.new("RGB", (40, 30), "white")
    digest = kept.pixels(white)
    assert kept.pixels(white) == digest
    assert kept.pixels(Image.new("RGB", (40, 30), "white")) == digest
    assert kept.pixels(Image.new("RGB", (40, 30), (255, 255, 254))) != digest
    assert kept.pixels(Image.new("RGB", (30, 40), "white")) != digest
    assert kept.pixels(Image.new("RGBA", (40, 30), "white")) != digest
    ident = id(white)
    del white
    gc.collect()
    assert ident not in kept._PIXELS
