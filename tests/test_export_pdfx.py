"""`pnp.export.cmyk` and `pnp.export.pdfx`: RGB art separated through pnp's own CMYK profile,
and PDF/X-1a:2003 files of it for DriveThruCards.

The files are checked by `preflight`, which reads a PDF as a print shop's preflight would
(pikepdf for the structure, Pillow for the images and the profile, pdfium for the pages)
and lists what is wrong with it; `test_preflight_catches` feeds it broken files, so that a
clean report means something. The pages are small synthetic images (100 x 140 px).
"""

from __future__ import annotations

import io
import math
import statistics
import subprocess
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from pikepdf import Array, Dictionary, Name, PdfImage
from PIL import Image, ImageCms, ImageDraw, ImageStat

from pnp.export import cmyk, pdfx
from pnp.export.cmyk import INK_LIMIT, max_ink, profile_bytes, to_cmyk
from pnp.export.pdfx import Page

ROOT = Path(__file__).resolve().parent.parent
SIZE = (100, 140)  # pixels, the bleed included: 24 x 33.6 pt at 300 dpi
BLEED = 3.0  # points
TRIM = (SIZE[0] * 72 / 300 - 2 * BLEED, SIZE[1] * 72 / 300 - 2 * BLEED)

RED, BLUE, BLACK, WHITE, TEXT_GREY = (255, 0, 0), (0, 0, 255), (0, 0, 0), (255, 255, 255), 0x1A
DARK = ((128, 0, 0), (0, 0, 128), (0, 90, 0), (90, 40, 0))  # need the ink limit
ALLOWED_OPERATORS = {"q", "Q", "cm", "Do"}  # all a page of ours draws
BAD_COLOUR_SPACES = {"/DeviceRGB", "/CalRGB", "/CalGray", "/Lab", "/ICCBased", "/Indexed"}
BAD_FILTERS = {"/LZWDecode", "/JBIG2Decode", "/JPXDecode"}
BLEND_MODES = {"/Normal", "/Compatible"}


def solid(colour: tuple[int, int, int]) -> Image.Image:
    return Image.new("RGB", SIZE, colour)


def text_like() -> Image.Image:
    """White with strokes like type: dark grey (#1a1a1a) lines and pure black ones."""
    image = solid(WHITE)
    draw = ImageDraw.Draw(image)
    for y in range(20, 120, 12):
        draw.line([(10, y), (90, y)], fill=(TEXT_GREY,) * 3, width=3)
    draw.rectangle([20, 122, 80, 130], fill=BLACK)
    return image


def half_dark() -> Image.Image:
    """Half saturated red, half a dark red and a dark blue, which need the ink limit."""
    image = solid(RED)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 70, 49, 139], fill=DARK[0])
    draw.rectangle([50, 70, 99, 139], fill=DARK[1])
    return image


ARTS: dict[str, Callable[[], Image.Image]] = {
    "red": lambda: solid(RED),
    "blue": lambda: solid(BLUE),
    "text": text_like,
    "black": lambda: solid(BLACK),
    "white": lambda: solid(WHITE),
    "dark": half_dark,
}


def page(image: Image.Image) -> Page:
    return Page(image, TRIM[0], TRIM[1], BLEED)


@pytest.fixture(scope="module")
def separated() -> dict[str, Image.Image]:
    return {name: to_cmyk(art()) for name, art in ARTS.items()}


@pytest.fixture(scope="module")
def deck(separated: dict[str, Image.Image]) -> list[Page]:
    """Each art as a front, followed by the back they share (black), DriveThruCards' order."""
    back = page(separated["black"])
    fronts = [page(separated[name]) for name in ARTS if name != "black"]
    return pdfx.in_page_order((front, back) for front in fronts)


@pytest.fixture(scope="module")
def data(deck: list[Page]) -> bytes:
    return pdfx.pdfx(deck, "Test deck: fronts and backs")


def close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-3


def within(inner: Sequence[float], outer: Sequence[float]) -> bool:
    return (
        inner[0] >= outer[0] - 1e-3
        and inner[1] >= outer[1] - 1e-3
        and inner[2] <= outer[2] + 1e-3
        and inner[3] <= outer[3] + 1e-3
    )


def floats(box: pikepdf.Object) -> list[float]:
    return [float(v) for v in box]


def walk(value: object, seen: set[tuple[int, int]]) -> Iterator[pikepdf.Object]:
    """Every object reachable from `value` (dictionaries, arrays, their items), once."""
    if not isinstance(value, pikepdf.Object):
        return  # a number or a boolean, which pikepdf gives as Python's
    if value.is_indirect:
        if value.objgen in seen:
            return
        seen.add(value.objgen)
    yield value
    if isinstance(value, pikepdf.Stream | Dictionary):
        for key in value.keys():  # noqa: SIM118 (a Stream is no Mapping)
            yield from walk(value[key], seen)
    elif isinstance(value, Array):
        for item in value:
            yield from walk(item, seen)


def _object_problems(obj: pikepdf.Object) -> list[str]:
    """What PDF/X-1a forbids in one dictionary or stream: fonts, transparency, colour
    other than DeviceCMYK or DeviceGray, some filters, and images that break our rules."""
    problems = []
    if isinstance(obj, Name) and str(obj) in BAD_COLOUR_SPACES:
        problems.append(f"colour space {obj}")
    if not isinstance(obj, pikepdf.Stream | Dictionary):
        return problems
    kind, subtype = str(obj.get("/Type", "")), str(obj.get("/Subtype", ""))
    if kind in ("/Font", "/FontDescriptor") or "/FontFile" in obj or "/Font" in obj:
        problems.append("a font")
    for key in ("/SMask", "/SMaskInData", "/Group"):
        if key in obj and not (key == "/SMask" and obj[key] == Name.None_):
            problems.append(f"transparency: {key}")
    for key in ("/CA", "/ca"):
        if key in obj and float(obj[key]) < 1:
            problems.append(f"transparency: {key} {obj[key]}")
    if "/BM" in obj and str(obj["/BM"]) not in BLEND_MODES:
        problems.append(f"transparency: blend mode {obj['/BM']}")
    filters = obj.get("/Filter", Array())
    for name in [filters] if isinstance(filters, Name) else list(filters):
        if str(name) in BAD_FILTERS:
            problems.append(f"filter {name}")
    if subtype == "/Image" and isinstance(obj, pikepdf.Stream):
        problems += _image_problems(obj)
    return problems


def _image_problems(stream: pikepdf.Stream) -> list[str]:
    space = stream.get("/ColorSpace")
    if not isinstance(space, Name) or str(space) not in ("/DeviceCMYK", "/DeviceGray"):
        return [f"image in {space}"]
    problems = []
    if int(stream.get("/BitsPerComponent", 0)) != 8:
        problems.append(f"image of {stream.get('/BitsPerComponent')} bits")
    if bool(stream.get("/Interpolate", False)):
        problems.append("image interpolated")
    try:
        image = PdfImage(stream).as_pil_image()
    except Exception as error:  # a preflight reports, it does not crash
        return [*problems, f"image unreadable: {error}"]
    if image.size != (int(stream["/Width"]), int(stream["/Height"])):
        problems.append(f"image of {image.size}, not its /Width x /Height")
    if image.mode == "CMYK" and max_ink(image) > INK_LIMIT:
        problems.append(f"ink {max_ink(image):.1f} % > {INK_LIMIT} %")
    return problems


def _profile_problems(profile: pikepdf.Object | None) -> list[str]:
    if not isinstance(profile, pikepdf.Stream):
        return ["no /DestOutputProfile stream"]
    problems = [] if int(profile.get("/N", 0)) == 4 else [f"profile /N {profile.get('/N')}"]
    icc = profile.read_bytes()
    if icc[12:20] != b"prtrCMYK" or icc[8] != 2:
        problems.append(f"profile: {icc[12:20]!r}, version {icc[8]}, not a v2 CMYK printer")
    try:
        ImageCms.ImageCmsProfile(io.BytesIO(icc))
    except (OSError, ImageCms.PyCMSError) as error:
        problems.append(f"profile does not load: {error}")
    return problems


def preflight(data: bytes, pages: int, trim: tuple[float, float], bleed: float) -> list[str]:
    """What keeps `data` from being a PDF/X-1a:2003 file of `pages` pages of `trim` (points)
    plus `bleed` on every side, each one image of at most INK_LIMIT % ink; [] when nothing."""
    problems: list[str] = []
    head = data.split(b"\n", 2)
    if head[0] not in (b"%PDF-1.3", b"%PDF-1.4"):
        problems.append(f"header {head[0]!r}")
    if not (head[1].startswith(b"%") and sum(b >= 128 for b in head[1]) >= 4):
        problems.append("no binary comment after the header")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        problems += [f"syntax: {p}" for p in pdf.check_pdf_syntax()]
        if pdf.is_encrypted:
            problems.append("encrypted")
        ids = pdf.trailer.get("/ID")
        if not isinstance(ids, Array) or len(ids) != 2:
            problems.append("no trailer /ID")
        info = pdf.docinfo
        for key in ("/Title", "/CreationDate", "/ModDate"):
            if not str(info.get(key, "")):
                problems.append(f"no {key}")
        if str(info.get("/Trapped", "")) not in ("/True", "/False"):
            problems.append(f"/Trapped {info.get('/Trapped')}")
        if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-1a:2003":
            problems.append(f"/GTS_PDFXVersion {info.get('/GTS_PDFXVersion')}")
        intents = [i for i in pdf.Root.get("/OutputIntents", Array()) if i.get("/S") == "/GTS_PDFX"]
        if len(intents) != 1:
            problems.append(f"{len(intents)} GTS_PDFX output intents")
        for intent in intents:
            for key in ("/OutputConditionIdentifier", "/Info"):
                if not str(intent.get(key, "")):
                    problems.append(f"output intent without {key}")
            problems += _profile_problems(intent.get("/DestOutputProfile"))
        if len(pdf.pages) != pages:
            problems.append(f"{len(pdf.pages)} pages, not {pages}")
        media_want = [0.0, 0.0, trim[0] + 2 * bleed, trim[1] + 2 * bleed]
        trim_want = [bleed, bleed, bleed + trim[0], bleed + trim[1]]
        for number, pg in enumerate(pdf.pages, 1):
            media = floats(pg.obj["/MediaBox"])
            bleed_box = floats(pg.obj.get("/BleedBox", pg.obj["/MediaBox"]))
            trim_box = floats(pg.obj["/TrimBox"]) if "/TrimBox" in pg.obj else None
            if trim_box is None:
                problems.append(f"page {number}: no /TrimBox")
            elif not (within(trim_box, bleed_box) and within(bleed_box, media)):
                problems.append(f"page {number}: boxes not nested {trim_box} {bleed_box} {media}")
            elif not all(map(close, media + trim_box, media_want + trim_want)):
                problems.append(f"page {number}: boxes {media} {trim_box}, not {trim} + {bleed}")
            if "/Annots" in pg.obj:
                problems.append(f"page {number}: annotations")
            for instruction in pikepdf.parse_content_stream(pg):
                if str(instruction.operator) not in ALLOWED_OPERATORS:
                    problems.append(f"page {number}: operator {instruction.operator}")
        seen: set[tuple[int, int]] = set()
        for top in [pdf.trailer, *pdf.objects]:  # what the file links and anything else in it
            for obj in walk(top, seen):
                problems += _object_problems(obj)
    document = pdfium.PdfDocument(data)
    try:
        if len(document) != pages:
            problems.append(f"pdfium: {len(document)} pages, not {pages}")
        for number in range(len(document)):
            width, height = document[number].get_size()
            if not (close(width, media_want[2]) and close(height, media_want[3])):
                problems.append(f"pdfium: page {number + 1} is {width} x {height}")
    finally:
        document.close()
    return problems


def render(data: bytes) -> list[Image.Image]:
    """Every page as pdfium draws it, in RGB at 300 dpi."""
    document = pdfium.PdfDocument(data)
    try:
        return [
            document[i].render(scale=300 / 72, rev_byteorder=True).to_pil()
            for i in range(len(document))
        ]
    finally:
        document.close()


def plain(operand: object) -> object:
    """A content stream's operand as Python compares it: numbers (pikepdf gives int or
    Decimal) as floats."""
    return float(operand) if isinstance(operand, int | Decimal) else operand


def mean(image: Image.Image) -> list[float]:
    return ImageStat.Stat(image).mean


# -- the profile ---------------------------------------------------------------------------


def test_profile_is_what_the_script_makes(tmp_path: Path) -> None:
    out = tmp_path / "profile.icc"
    script = ROOT / "tools" / "make_cmyk_profile.py"
    subprocess.run(
        [sys.executable, str(script), "--output", str(out)], check=True, capture_output=True
    )
    assert out.read_bytes() == profile_bytes()


def test_profile_is_a_v2_cmyk_output_profile() -> None:
    icc = profile_bytes()
    assert int.from_bytes(icc[0:4], "big") == len(icc)
    assert icc[8:12] == bytes([2, 0x10, 0, 0])  # 2.1.0
    assert icc[12:24] == b"prtrCMYKLab "
    assert icc[36:40] == b"acsp"
    count = int.from_bytes(icc[128:132], "big")
    tags = {}
    for i in range(count):
        entry = icc[132 + 12 * i : 144 + 12 * i]
        tags[entry[:4]] = (int.from_bytes(entry[4:8], "big"), int.from_bytes(entry[8:12], "big"))
    assert set(tags) >= {b"desc", b"cprt", b"wtpt", b"A2B0", b"B2A0", b"gamt"}
    assert tags[b"A2B0"] == tags[b"A2B1"] == tags[b"A2B2"]
    assert tags[b"B2A0"] == tags[b"B2A1"] == tags[b"B2A2"]
    assert all(offset + size <= len(icc) for offset, size in tags.values())
    for sig, kind in ((b"A2B0", b"mft2"), (b"B2A0", b"mft2"), (b"gamt", b"mft2")):
        assert icc[tags[sig][0] : tags[sig][0] + 4] == kind
    loaded = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    assert ImageCms.getProfileDescription(loaded).strip() == cmyk.PROFILE_DESCRIPTION
    assert "CC0" in ImageCms.getProfileCopyright(loaded)


def _lab(rgb: Image.Image) -> list[tuple[float, float, float]]:
    """CIELAB of each pixel of an sRGB image, by littleCMS. Pillow's LAB bytes are L 0..255
    for 0..100, and a and b as signed bytes (`getpixel` shows them offset by 128)."""
    lab = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB"
    ).apply(rgb)
    raw = lab.tobytes()
    signed = [v - 256 if v > 127 else v for v in raw]
    return [(raw[i] * 100 / 255, signed[i + 1], signed[i + 2]) for i in range(0, len(raw), 3)]


def inks(image: Image.Image) -> list[float]:
    """The total ink of each pixel of a CMYK image, in percent."""
    raw = image.tobytes()
    return [sum(raw[i : i + 4]) * 100 / 255 for i in range(0, len(raw), 4)]


def test_profile_round_trips() -> None:
    """sRGB -> our CMYK -> sRGB gives the colour back, wherever the ink limit did not have to
    take ink away: within a few ΔE, the dark saturated corners the worst. The way back goes
    through the profile's own tables (NOOPTIMIZE), not littleCMS's coarser resampling of
    them, which misses more in the darkest greys."""
    steps = range(0, 256, 17)
    colours = [(r, g, b) for r in steps for g in steps for b in steps]
    source = Image.new("RGB", (len(colours), 1))
    source.putdata(colours)
    separated = to_cmyk(source)
    ours = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    srgb = ImageCms.createProfile("sRGB")
    flags = ImageCms.Flags.NOOPTIMIZE
    back = ImageCms.buildTransform(ours, srgb, "CMYK", "RGB", cmyk.INTENT, flags).apply(separated)
    pairs = list(zip(_lab(source), _lab(back), inks(separated), colours, strict=True))
    errors = [math.dist(a, b) for a, b, ink, _ in pairs if ink < 230]
    assert len(errors) > 0.8 * len(colours)
    assert statistics.fmean(errors) < 1.5
    assert sorted(errors)[int(0.95 * len(errors))] < 3.5
    greys = [math.dist(a, b) for a, b, _, colour in pairs if len(set(colour)) == 1]
    assert len(greys) == len(steps) and max(greys) < 2


# -- separation ----------------------------------------------------------------------------


def test_white_is_no_ink_and_black_is_black_ink_alone() -> None:
    assert to_cmyk(solid(WHITE)).getextrema() == ((0, 0), (0, 0), (0, 0), (0, 0))
    c, m, y, k = to_cmyk(solid(BLACK)).getpixel((0, 0))  # type: ignore[misc]
    assert (c, m, y) == (0, 0, 0) and k >= 250
    for grey in (TEXT_GREY, 0x33, 0x80, 0xC0):
        c, m, y, k = to_cmyk(solid((grey,) * 3)).getpixel((0, 0))  # type: ignore[misc]
        assert max(c, m, y) <= 2 and k > 0, (grey, (c, m, y, k))


def test_text_is_black_ink_alone(separated: dict[str, Image.Image]) -> None:
    (_, c), (_, m), (_, y), (_, k) = separated["text"].getextrema()  # type: ignore[misc]
    assert max(c, m, y) <= 2
    assert k >= 245  # #1a1a1a is 98 % black, #000 solid


def test_saturated_colours_stay_saturated(separated: dict[str, Image.Image]) -> None:
    c, m, y, k = separated["red"].getpixel((0, 0))  # type: ignore[misc]
    assert m >= 240 and y >= 240 and c <= 5 and k <= 10
    c, m, y, k = separated["blue"].getpixel((0, 0))  # type: ignore[misc]
    assert c >= 240 and m >= 240 and y <= 5 and k <= 10
    assert max_ink(separated["red"]) <= INK_LIMIT and max_ink(separated["blue"]) <= INK_LIMIT


def test_the_ink_limit_binds_on_dark_colours() -> None:
    """Dark saturated colours want more than 240 %: (128, 0, 0) takes full magenta and yellow
    and 70 % black in the model. They come out at the limit (236 % by design), not over."""
    for colour in DARK:
        ink = max_ink(to_cmyk(solid(colour)))
        assert 230 <= ink <= INK_LIMIT, (colour, ink)


def test_no_srgb_colour_exceeds_the_limit() -> None:
    """Every third value of each channel, 86^3 colours: none over 240 %."""
    steps = bytes(range(0, 256, 3))
    n = len(steps)
    gb = b"".join(bytes((0, g, b)) for g in steps for b in steps)
    rows = bytearray()
    for r in steps:
        row = bytearray(gb)
        row[0::3] = bytes([r]) * (n * n)
        rows += row
    image = Image.frombytes("RGB", (n * n, n), bytes(rows))
    assert 230 < max_ink(to_cmyk(image)) <= INK_LIMIT


def test_transparency_is_flattened_on_white() -> None:
    art = Image.new("RGBA", SIZE, (0, 0, 0, 0))
    ImageDraw.Draw(art).rectangle([0, 0, 49, 139], fill=(0, 0, 0, 128))
    separated = to_cmyk(art)
    assert separated.mode == "CMYK" and separated.size == SIZE
    assert separated.getpixel((80, 10)) == (0, 0, 0, 0)
    c, m, y, k = separated.getpixel((10, 10))  # type: ignore[misc]
    assert max(c, m, y) <= 2 and 100 < k < 240  # half black over white: a grey


def test_cmyk_is_not_separated_twice() -> None:
    with pytest.raises(ValueError, match="CMYK"):
        to_cmyk(Image.new("CMYK", SIZE))


def test_max_ink_of_known_images() -> None:
    image = Image.new("CMYK", (3, 2), (0, 0, 0, 0))
    assert max_ink(image) == 0
    image.putpixel((1, 1), (10, 20, 30, 40))
    image.putpixel((2, 0), (100, 0, 0, 0))
    assert max_ink(image) == pytest.approx(100 * 100 / 255)
    image.putpixel((0, 1), (255, 255, 0, 0))
    assert max_ink(image) == pytest.approx(200)
    image.putpixel((2, 1), (255, 255, 255, 255))
    assert max_ink(image) == pytest.approx(400)
    with pytest.raises(ValueError, match="CMYK"):
        max_ink(Image.new("RGB", (1, 1)))


def test_max_ink_is_fast() -> None:
    """A card's worth of pixels, each four bytes of a 0..255 ramp: at most 252 + 253 + 254 +
    255 (397.6 %), measured in well under a second."""
    size = 825 * 1125 * 4
    card = Image.frombytes("CMYK", (825, 1125), (bytes(range(256)) * (size // 256 + 1))[:size])
    start = time.perf_counter()
    ink = max_ink(card)
    assert time.perf_counter() - start < 0.5
    assert ink == pytest.approx((252 + 253 + 254 + 255) * 100 / 255)


# -- the PDF -------------------------------------------------------------------------------


def test_deck_passes_preflight(data: bytes, deck: list[Page]) -> None:
    assert preflight(data, len(deck), TRIM, BLEED) == []


def test_output_intent_carries_our_profile(data: bytes) -> None:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == Name.GTS_PDFX
        assert str(intent.RegistryName) == "http://www.color.org"
        assert intent.DestOutputProfile.read_bytes() == profile_bytes()
        assert str(pdf.docinfo["/Creator"]) == "pnp"
        assert pdf.pdf_version == "1.4"


def _pixels(p: Page) -> Image.Image:
    assert isinstance(p.image, Image.Image)
    return p.image


def test_kept_separations_write_the_same_file(deck: list[Page], data: bytes) -> None:
    """Pages given as image objects made before (`xobject`, what an export keeps between
    runs) make the very file their images make."""
    kept = [Page(pdfx.xobject(_pixels(p)), p.width_pt, p.height_pt, p.bleed_pt) for p in deck]
    assert pdfx.pdfx(kept, "Test deck: fronts and backs") == data
    with pytest.raises(ValueError, match="CMYK"):
        pdfx.xobject(Image.new("RGB", (2, 2)))


def test_pages_draw_what_was_separated(data: bytes, deck: list[Page]) -> None:
    """The images in the file are the separations, byte for byte, and the shared back is
    written once."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images = {}
        for number, pg in enumerate(pdf.pages):
            (name, xobject), *_ = pg.Resources.XObject.items()
            assert len(pg.Resources.XObject) == 1, name
            assert isinstance(xobject, pikepdf.Stream)
            images[xobject.objgen] = xobject
            shown = PdfImage(xobject).as_pil_image()
            assert shown.mode == "CMYK" and shown.tobytes() == _pixels(deck[number]).tobytes()
            operations = pikepdf.parse_content_stream(pg)
            draw = [([plain(v) for v in i.operands], str(i.operator)) for i in operations]
            _, _, width, height = floats(pg.MediaBox)
            assert draw == [
                ([], "q"),
                ([width, 0, 0, height, 0, 0], "cm"),
                ([name], "Do"),
                ([], "Q"),
            ]
        assert len(images) == len(ARTS)  # five fronts and one back for all


def test_pages_render_in_their_colours(data: bytes) -> None:
    """pdfium draws each page the colour of its art: red stays red (not brown), black is
    dark, white is paper, text has ink and paper; no page is blank unless it is white."""
    fronts = [name for name in ARTS if name != "black"]
    pages = render(data)
    assert all(p.size == SIZE for p in pages)
    for name, front, back in zip(fronts, pages[0::2], pages[1::2], strict=True):
        r, g, b = mean(front)
        if name == "red":
            assert r > 150 and r > g + 100 and r > b + 100, (r, g, b)
        elif name == "blue":
            assert b > r + 40 and b > g + 40, (r, g, b)
        elif name == "white":
            assert front.getextrema() == ((255, 255),) * 3
        elif name == "text":
            ((darkest, lightest),) = ImageStat.Stat(front.convert("L")).extrema
            assert darkest < 60 and lightest == 255
        elif name == "dark":
            assert r > g + 60 and r > b + 60  # the top half, red
        assert max(mean(back)) < 60  # the black back


def test_same_input_same_bytes(deck: list[Page], data: bytes) -> None:
    again = pdfx.pdfx([page(_pixels(p).copy()) for p in deck], "Test deck: fronts and backs")
    assert again == data
    assert pdfx.pdfx(deck, "Another title") != data
    changed = _pixels(deck[0]).copy()
    changed.putpixel((0, 0), (0, 0, 0, 255))
    other = pdfx.pdfx([page(changed), *deck[1:]], "Test deck: fronts and backs")
    assert other != data
    assert _file_id(other) != _file_id(data)


def _file_id(data: bytes) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        first, second = pdf.trailer.ID
        assert bytes(first) == bytes(second)
        return bytes(first)


def test_title_may_be_any_text() -> None:
    data = pdfx.pdfx([page(to_cmyk(solid(RED)))], "Cartes (été) \\ 2")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert str(pdf.docinfo["/Title"]) == "Cartes (été) \\ 2"


def test_pages_refuse_what_pdfx_forbids() -> None:
    with pytest.raises(ValueError, match="CMYK"):
        page(solid(RED))
    with pytest.raises(ValueError, match="size"):
        Page(to_cmyk(solid(RED)), 0, 10, 1)
    with pytest.raises(ValueError, match="page"):
        pdfx.pdfx([], "Empty")
    with pytest.raises(ValueError, match="title"):
        pdfx.pdfx([page(to_cmyk(solid(RED)))], " ")


# -- the preflight catches what it must ---------------------------------------------------


def _rgb_image(pdf: pikepdf.Pdf) -> None:
    (name, _), *_ = pdf.pages[0].Resources.XObject.items()
    rgb = pikepdf.Stream(pdf, zlib.compress(bytes(RED) * (SIZE[0] * SIZE[1])))
    rgb.Type, rgb.Subtype, rgb.Filter = Name.XObject, Name.Image, Name.FlateDecode
    rgb.Width, rgb.Height, rgb.ColorSpace, rgb.BitsPerComponent = *SIZE, Name.DeviceRGB, 8
    pdf.pages[0].Resources.XObject[name] = rgb


def _no_output_intent(pdf: pikepdf.Pdf) -> None:
    del pdf.Root.OutputIntents


def _no_version(pdf: pikepdf.Pdf) -> None:
    del pdf.docinfo["/GTS_PDFXVersion"]


def _trim_outside(pdf: pikepdf.Pdf) -> None:
    pdf.pages[0].TrimBox = Array([0, 0, 100, 100])


def _a_font(pdf: pikepdf.Pdf) -> None:
    font = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
    pdf.pages[0].Resources.Font = Dictionary(F1=font)


def _half_transparent(pdf: pikepdf.Pdf) -> None:
    pdf.pages[0].Resources.ExtGState = Dictionary(G1=Dictionary(Type=Name.ExtGState, ca=0.5))


def _rgb_operator(pdf: pikepdf.Pdf) -> None:
    pg = pdf.pages[0]
    pg.Contents = pikepdf.Stream(pdf, b"1 0 0 rg 0 0 10 10 re f\n" + pg.Contents.read_bytes())


def _an_icc_colour_space(pdf: pikepdf.Pdf) -> None:
    profile = pdf.Root.OutputIntents[0].DestOutputProfile
    pdf.pages[0].Resources.ColorSpace = Dictionary(CS1=Array([Name.ICCBased, profile]))


MUTATIONS: dict[str, Callable[[pikepdf.Pdf], None]] = {
    "image in /DeviceRGB": _rgb_image,
    "0 GTS_PDFX output intents": _no_output_intent,
    "/GTS_PDFXVersion": _no_version,
    "boxes not nested": _trim_outside,
    "a font": _a_font,
    "transparency: /ca": _half_transparent,
    "operator rg": _rgb_operator,
    "colour space /ICCBased": _an_icc_colour_space,
}


@pytest.mark.parametrize("problem", MUTATIONS)
def test_preflight_catches(problem: str, data: bytes, deck: list[Page]) -> None:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        MUTATIONS[problem](pdf)
        out = io.BytesIO()
        pdf.save(out, static_id=True)
    found = preflight(out.getvalue(), len(deck), TRIM, BLEED)
    assert any(problem in p for p in found), found


def test_preflight_catches_too_much_ink() -> None:
    """A CMYK image not separated through our profile: 400 % ink, which pdfx writes as it is
    given and the preflight must refuse."""
    data = pdfx.pdfx([page(Image.new("CMYK", SIZE, (255, 255, 255, 255)))], "Too much ink")
    assert preflight(data, 1, TRIM, BLEED) == [f"ink 400.0 % > {INK_LIMIT} %"]


def test_preflight_catches_wrong_sizes(data: bytes, deck: list[Page]) -> None:
    found = preflight(data, len(deck), (TRIM[0] + 1, TRIM[1]), BLEED)
    assert found and all("boxes" in p or "pdfium" in p for p in found), found
    n = len(deck)
    assert preflight(data, n + 1, TRIM, BLEED) == [
        f"{n} pages, not {n + 1}",
        f"pdfium: {n} pages, not {n + 1}",
    ]


def test_one_card_is_quick() -> None:
    """A poker card at 300 dpi (825 x 1125 px) separates and writes in well under a second."""
    art = Image.new("RGB", (825, 1125), RED)
    ImageDraw.Draw(art).rectangle([100, 100, 700, 1000], fill=(20, 60, 200))
    start = time.perf_counter()
    card = to_cmyk(art)
    data = pdfx.pdfx([Page(card, 180, 252, 9)], "One card")
    assert time.perf_counter() - start < 1.0
    assert preflight(data, 1, (180, 252), 9) == []
