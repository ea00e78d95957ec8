"""PDF/X-1a:2003 files of CMYK images, for DriveThruCards.

DriveThruCards takes a deck as one PDF/X-1a:2003 file: CMYK only, every card a page its
trim plus the bleed large. reportlab writes neither PDF/X nor CMYK images with an output
intent, and a file of images needs little of a PDF library, so this writes the file by hand:
each page draws one CMYK image (from `cmyk.to_cmyk`) over its whole MediaBox. Identical
images (a back that most cards share) are written once and drawn from every page that
shows them.

What makes the file PDF/X-1a:2003 (ISO 15930-4), and where it is done here:

- a `%PDF-1.4` header, and a comment of binary bytes after it (`HEADER`);
- /Info with /Title, /CreationDate and /ModDate, /Trapped /False (Unknown is not allowed),
  and /GTS_PDFXVersion (PDF/X-1a:2003) (`_info`). That is how part 4 names itself; the
  pair /GTS_PDFXVersion (PDF/X-1:2001) + /GTS_PDFXConformance (PDF/X-1a:2001) would claim
  the older part 1 (PDF 1.3). Part 4 no longer uses /GTS_PDFXConformance; it is written
  anyway, with the same value, for readers that still look for it;
- the catalog's /OutputIntents holding one /GTS_PDFX intent, whose /DestOutputProfile is
  the CMYK output profile the images were separated for, embedded (`_output_intent`);
- on every page a /TrimBox, inside its /BleedBox, inside its /MediaBox;
- a trailer /ID;
- nothing else: only DeviceCMYK images, Flate-compressed, no fonts, no transparency
  (no soft masks, no alpha), no annotations, no encryption.

The same pages give the same bytes: the dates are fixed (`DATE`) and the /ID is a digest of
the file's body, not a random number.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from pnp.export import cmyk
from pnp.export.work import parallel

HEADER = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"  # the binary comment marks the file as binary
DATE = "D:20000101000000+00'00'"  # fixed, so that the same input gives the same bytes
GTS_PDFX_VERSION = "PDF/X-1a:2003"
CREATOR = "pnp"
PRODUCER = "pnp export (pnp.export.pdfx)"
OUTPUT_CONDITION_IDENTIFIER = "Custom"  # not a registered printing condition: ours
REGISTRY = "http://www.color.org"
COMPRESSION = 3  # zlib level: 6 (the default) takes 2.2 times as long for files a quarter smaller

PAGE_ORDER = ("front", "back")
"""The order of a card's pages: DriveThruCards wants each card's front followed by its
back (front 1, back 1, front 2, back 2, ...), a back repeated for every card that shows it
(the file still holds its image once). `in_page_order` makes that order."""


@dataclass(frozen=True)
class Separated:
    """A CMYK image already written as its image XObject (`xobject`): what an export keeps
    between runs, so that a face separated before is not separated and compressed again."""

    size: tuple[int, int]
    data: bytes


def xobject(image: Image.Image) -> Separated:
    """A CMYK image as its image XObject."""
    if image.mode != "CMYK":
        raise ValueError(f"a PDF/X-1a page takes a CMYK image, not {image.mode}")
    return Separated(image.size, _image(image))


@dataclass(frozen=True)
class Page:
    """One page: a CMYK image drawn over the page's whole MediaBox, which is the trim
    (`width_pt` x `height_pt`) plus `bleed_pt` on every side. The image should have the
    MediaBox's proportions (825 x 1125 px for a poker card with 1/8 in of bleed at 300 dpi):
    it is stretched to fill it."""

    image: Image.Image | Separated  # CMYK
    width_pt: float  # the trim
    height_pt: float
    bleed_pt: float

    def __post_init__(self) -> None:
        if isinstance(self.image, Image.Image) and self.image.mode != "CMYK":
            raise ValueError(f"a PDF/X-1a page takes a CMYK image, not {self.image.mode}")
        if not (self.width_pt > 0 and self.height_pt > 0 and self.bleed_pt >= 0):
            raise ValueError(
                f"bad page size: {self.width_pt} x {self.height_pt} pt, bleed {self.bleed_pt}"
            )

    @property
    def media_box(self) -> tuple[float, float, float, float]:
        """The whole page: the trim and the bleed around it."""
        b = self.bleed_pt
        return (0.0, 0.0, self.width_pt + 2 * b, self.height_pt + 2 * b)

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        """The finished card, the bleed in from every edge of the MediaBox."""
        b = self.bleed_pt
        return (b, b, b + self.width_pt, b + self.height_pt)


def in_page_order(cards: Iterable[tuple[Page, Page]]) -> list[Page]:
    """The pages of (front, back) pairs in DriveThruCards' order (`PAGE_ORDER`)."""
    return [page for front, back in cards for page in (front, back)]


def _num(value: float) -> str:
    """A PDF number: at most four decimals, no trailing zeros, no '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _box(box: tuple[float, float, float, float]) -> str:
    return "[" + " ".join(_num(v) for v in box) + "]"


def _text(value: str) -> str:
    """A PDF text string: a literal string for printable ASCII, else UTF-16BE with its byte
    order mark, as hex (which needs no escapes)."""
    if all(" " <= ch <= "~" for ch in value):
        escaped = value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})"
    return "<FEFF" + value.encode("utf-16-be").hex().upper() + ">"


def _stream(entries: str, data: bytes) -> bytes:
    return f"<< {entries} /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream"


def _info(title: str) -> bytes:
    """The document information dictionary, with what PDF/X-1a:2003 requires of it."""
    return (
        f"<< /Title {_text(title)} /Creator {_text(CREATOR)} /Producer {_text(PRODUCER)} "
        f"/CreationDate ({DATE}) /ModDate ({DATE}) /Trapped /False "
        f"/GTS_PDFXVersion ({GTS_PDFX_VERSION}) /GTS_PDFXConformance ({GTS_PDFX_VERSION}) >>"
    ).encode()


def _output_intent(profile: int) -> bytes:
    """The PDF/X output intent: the printing condition the CMYK was separated for, with
    its profile (object `profile`), as ours is no registered characterisation."""
    condition = _text(cmyk.PROFILE_DESCRIPTION)
    info = _text(
        f"{cmyk.PROFILE_DESCRIPTION}: a generic CMYK separation (not a characterised press), "
        "pnp-cmyk-240.icc, made by tools/make_cmyk_profile.py, CC0"
    )
    return (
        f"<< /Type /OutputIntent /S /GTS_PDFX "
        f"/OutputConditionIdentifier {_text(OUTPUT_CONDITION_IDENTIFIER)} "
        f"/OutputCondition {condition} /Info {info} /RegistryName {_text(REGISTRY)} "
        f"/DestOutputProfile {profile} 0 R >>"
    ).encode()


def _object(image: Image.Image | Separated) -> bytes:
    return image.data if isinstance(image, Separated) else _image(image)


def _image(image: Image.Image) -> bytes:
    """An image XObject of a CMYK image: 8 bits a channel, as Pillow holds it (0 is no ink,
    as DeviceCMYK reads it), Flate-compressed."""
    width, height = image.size
    return _stream(
        f"/Type /XObject /Subtype /Image /Width {width} /Height {height} "
        "/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode",
        zlib.compress(image.tobytes(), COMPRESSION),
    )


def pdfx(pages: Sequence[Page], title: str) -> bytes:
    """A PDF/X-1a:2003 file of `pages`, in their order, called `title`."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    if not title.strip():
        raise ValueError("PDF/X requires a title")
    objects: dict[int, bytes] = {}

    def new() -> int:
        number = len(objects) + 1
        objects[number] = b""
        return number

    catalog, tree, info, intent, profile = (new() for _ in range(5))
    objects[info] = _info(title)
    objects[intent] = _output_intent(profile)
    objects[profile] = _stream(
        "/N 4 /Filter /FlateDecode", zlib.compress(cmyk.profile_bytes(), COMPRESSION)
    )
    images: dict[bytes, int] = {}  # an image's digest -> its object
    digests: dict[int, bytes] = {}  # id(image) -> its digest: a copy's page hashes nothing
    unique: dict[int, Image.Image | Separated] = {}  # object -> image, compressed below
    kids: list[int] = []
    for page in pages:
        key = digests.get(id(page.image))
        if key is None:
            img = page.image
            raw = img.data if isinstance(img, Separated) else img.tobytes()
            key = digests[id(img)] = hashlib.sha256(f"{img.size}".encode() + raw).digest()
        if key not in images:
            images[key] = new()
            unique[images[key]] = page.image
        image = images[key]
        number, content = new(), new()
        kids.append(number)
        _, _, width, height = page.media_box
        draw = f"q {_num(width)} 0 0 {_num(height)} 0 0 cm /Im{image} Do Q\n"
        objects[content] = _stream("", draw.encode())
        media = _box(page.media_box)
        objects[number] = (
            f"<< /Type /Page /Parent {tree} 0 R /MediaBox {media} /BleedBox {media} "
            f"/TrimBox {_box(page.trim_box)} "
            f"/Resources << /XObject << /Im{image} {image} 0 R >> >> /Contents {content} 0 R >>"
        ).encode()
    # zlib lets go of the interpreter's lock: the images are compressed on every core
    made = parallel(_object, list(unique.values()))
    for number, data in zip(unique, made, strict=True):
        objects[number] = data
    refs = " ".join(f"{kid} 0 R" for kid in kids)
    objects[tree] = f"<< /Type /Pages /Kids [{refs}] /Count {len(kids)} >>".encode()
    objects[catalog] = (
        f"<< /Type /Catalog /Pages {tree} 0 R /OutputIntents [{intent} 0 R] >>".encode()
    )

    out = bytearray(HEADER)
    offsets: list[int] = []
    for number in sorted(objects):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + objects[number] + b"\nendobj\n"
    file_id = hashlib.sha256(out).hexdigest()[:32].upper()
    xref = len(out)
    out += f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += (
        f"trailer\n<< /Size {len(offsets) + 1} /Root {catalog} 0 R /Info {info} 0 R "
        f"/ID [<{file_id}> <{file_id}>] >>\nstartxref\n{xref}\n%%EOF\n"
    ).encode()
    return bytes(out)
