"""Preflight of every PDF a build writes, as a print shop's checker would do it.

Both games' whole kits are built once (both papers, and the ink-saver variant), then every
PDF must:

- name only resources that are defined where the name is looked up: a page's content in the
  page's /Resources (inherited through the page tree, as the PDF spec allows), and a form
  XObject's (or tiling pattern's, Type 3 glyph's, annotation appearance's) content in that
  stream's own /Resources. A form that leans on its page's resources is an error, since
  that is exactly what poppler reports ("ExtGState 'gRLs0' is unknown") and why the 16%
  hatching on deck backs printed solid;
- embed every font it declares (no standard-14 font by reference);
- open and render every page with pdfium, and, where they are installed, with poppler
  (`pdftoppm` or `pdftocairo`) and MuPDF (`mutool`) without a word on stderr.

The checker itself is tested on PDFs made broken on purpose (reportlab's own canvas), so a
checker that finds nothing cannot pass unnoticed.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
import pytest
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, String
from reportlab.pdfgen.canvas import Canvas

from pnp.cli import main
from pnp.render import fonts, pdf
from tests.conftest import CONTENT

pytestmark = pytest.mark.heavy  # collected first: see conftest

# --- the checker ------------------------------------------------------------------------

# The resource category that names an operator takes are looked up in, and which operand
# is the name (scn/SCN, whose last operand may name a pattern, and inline images' colour
# spaces are handled apart).
_NAMED: dict[str, tuple[str, int]] = {
    "Tf": ("/Font", 0),
    "gs": ("/ExtGState", 0),
    "Do": ("/XObject", 0),
    "sh": ("/Shading", 0),
    "cs": ("/ColorSpace", 0),
    "CS": ("/ColorSpace", 0),
    "BDC": ("/Properties", 1),
    "DP": ("/Properties", 1),
}
_DEVICE_SPACES = {
    "/DeviceGray",
    "/DeviceRGB",
    "/DeviceCMYK",
    "/Pattern",
    "/G",
    "/RGB",
    "/CMYK",
    "/I",
    "/Indexed",
}
_STANDARD_14 = {
    "/Times-Roman",
    "/Times-Bold",
    "/Times-Italic",
    "/Times-BoldItalic",
    "/Helvetica",
    "/Helvetica-Bold",
    "/Helvetica-Oblique",
    "/Helvetica-BoldOblique",
    "/Courier",
    "/Courier-Bold",
    "/Courier-Oblique",
    "/Courier-BoldOblique",
    "/Symbol",
    "/ZapfDingbats",
}


# the operators that name a resource: only their instructions are made into objects
_NAMING = " ".join([*_NAMED, "scn", "SCN"])


def _names_used(content: pikepdf.Object | pikepdf.Page) -> Iterator[tuple[str, str]]:
    """(resource category, name) for every resource a content stream names. The stream
    is parsed whole, but only the instructions of `_NAMING` come back as objects (a
    page's thousands of path and text operators do not), unless the stream may hold an
    inline image (whose colour space is looked up too, and which such a filter drops)."""
    inline = any(b"ID" in data for data in _data(content))
    for ins in pikepdf.parse_content_stream(content, "" if inline else _NAMING):
        if isinstance(ins, pikepdf.ContentStreamInlineImage):
            image = ins.iimage.obj
            space = image.get("/ColorSpace", image.get("/CS"))
            if isinstance(space, pikepdf.Name) and str(space) not in _DEVICE_SPACES:
                yield "/ColorSpace", str(space)
            continue
        op, operands = str(ins.operator), list(ins.operands)
        if op in ("scn", "SCN"):
            if operands and isinstance(operands[-1], pikepdf.Name):
                yield "/Pattern", str(operands[-1])
            continue
        named = _NAMED.get(op)
        if named is None or len(operands) <= named[1]:
            continue
        category, name = named[0], operands[named[1]]
        if not isinstance(name, pikepdf.Name):
            continue  # an inline property list (BDC), say
        if category == "/ColorSpace" and str(name) in _DEVICE_SPACES:
            continue
        yield category, str(name)


def _data(content: pikepdf.Object | pikepdf.Page) -> list[bytes]:
    """The decoded bytes of a content stream, or of each stream of a page's contents."""
    if isinstance(content, pikepdf.Page):
        parts = content.obj.get("/Contents")
        streams = [] if parts is None else [parts] if isinstance(parts, pikepdf.Stream) else parts
        return [stream.read_bytes() for stream in streams]
    return [content.read_bytes()]


def _page_resources(page: pikepdf.Page) -> pikepdf.Object | None:
    """A page's /Resources, inherited from the page tree when the page has none."""
    node: pikepdf.Object | None = page.obj
    while node is not None:
        resources = node.get("/Resources")
        if resources is not None:
            return resources
        node = node.get("/Parent")
    return None


def _entries(resources: pikepdf.Object | None, category: str) -> list[tuple[str, Any]]:
    """The (name, object) pairs of one category of a resource dictionary."""
    if not isinstance(resources, pikepdf.Dictionary):
        return []
    table = resources.get(category)
    return list(table.items()) if isinstance(table, pikepdf.Dictionary) else []


def _font_problem(font: pikepdf.Object) -> str | None:
    """Why a font dictionary is not embedded, or None when it is (or need not be)."""
    subtype = str(font.get("/Subtype"))
    base = str(font.get("/BaseFont", "?"))
    if subtype == "/Type3":
        return None  # its glyphs are content streams in the file
    target = font
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return f"Type0 font {base} without DescendantFonts"
        target = descendants[0]
    descriptor = target.get("/FontDescriptor")
    if descriptor is None:
        what = "standard-14 font" if base in _STANDARD_14 else "font"
        return f"{what} {base} ({subtype}) is not embedded (no FontDescriptor)"
    if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
        return f"font {base} ({subtype}) is not embedded (no FontFile in its descriptor)"
    return None


@dataclass
class Preflight:
    """What is wrong with one PDF: each entry names the file, and the page and stream."""

    resources: list[str]
    fonts: list[str]
    pages: int


class _Walk:
    """Every content stream of a document, each checked against the resources that apply to
    it: a page's own (or inherited), anything else's its own only."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.problems: list[str] = []
        self.fonts: list[pikepdf.Object] = []
        self.seen: set[tuple[int, int]] = set()

    def first_time(self, obj: pikepdf.Object) -> bool:
        if not obj.is_indirect:
            return True
        if obj.objgen in self.seen:
            return False
        self.seen.add(obj.objgen)
        return True

    def content(
        self, stream: pikepdf.Object | pikepdf.Page, resources: pikepdf.Object | None, where: str
    ) -> None:
        for category, name in _names_used(stream):
            if name not in dict(_entries(resources, category)):
                whose = "no /Resources" if resources is None else "the /Resources that apply"
                self.problems.append(
                    f"{self.label}: {where} uses {category} {name}, not defined in {whose}"
                )
        self.reachable(resources, where)

    def stream(self, obj: pikepdf.Object, where: str) -> None:
        """A stream with /Resources of its own: a form, a tiling pattern, an appearance."""
        if self.first_time(obj):
            self.content(obj, obj.get("/Resources"), where)

    def reachable(self, resources: pikepdf.Object | None, where: str) -> None:
        for name, font in _entries(resources, "/Font"):
            self.fonts.append(font)
            if font.get("/Subtype") == "/Type3":
                for glyph, proc in font.CharProcs.items():
                    if self.first_time(proc):
                        self.content(
                            proc,
                            font.get("/Resources"),
                            f"glyph {glyph} of Type3 font {name} (from {where})",
                        )
        for name, xobject in _entries(resources, "/XObject"):
            if xobject.get("/Subtype") == "/Form":
                self.stream(xobject, f"form {name} (from {where})")
        for name, pattern in _entries(resources, "/Pattern"):
            if pattern.get("/PatternType") == 1:
                self.stream(pattern, f"tiling pattern {name} (from {where})")
        for name, state in _entries(resources, "/ExtGState"):
            mask = state.get("/SMask")
            if isinstance(mask, pikepdf.Dictionary) and "/G" in mask:
                self.stream(mask.G, f"soft mask of {name} (from {where})")


def preflight(data: bytes, label: str) -> Preflight:
    """Check every content stream's resource names and every font of one PDF."""
    walk = _Walk(label)
    with pikepdf.open(io.BytesIO(data)) as doc:
        for number, page in enumerate(doc.pages, start=1):
            where = f"page {number}"
            walk.content(page, _page_resources(page), where)
            for annot in page.obj.get("/Annots") or ():
                for key, appearance in (annot.get("/AP") or {}).items():
                    for state in (
                        [appearance]
                        if isinstance(appearance, pikepdf.Stream)
                        else appearance.values()
                    ):
                        walk.stream(state, f"appearance {key} of an annotation on {where}")
        # and every font in the file, used or not
        walk.fonts += [
            obj
            for obj in doc.objects
            if isinstance(obj, pikepdf.Dictionary)
            and obj.get("/Type") == "/Font"
            and obj.get("/Subtype") not in ("/CIDFontType0", "/CIDFontType2")
        ]
        fonts = sorted(
            {
                f"{label}: {problem}"
                for font in walk.fonts
                if (problem := _font_problem(font)) is not None
            }
        )
        return Preflight(walk.problems, fonts, len(doc.pages))


# --- the kits ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory, shipped_kit: Path) -> list[Path]:
    """Every PDF of both games' kits: both papers (the run's shared build), and the
    ink-saver variant on A4 (it changes the fills, not the imposition, which the plain build
    checks on both papers)."""
    out = tmp_path_factory.mktemp("preflight")
    shutil.copytree(shipped_kit, out / "plain")
    extra = ["--paper", "a4", "--ink-saver"]
    status = main(["build", "--content", str(CONTENT), "--out", str(out / "ink-saver"), *extra])
    assert status == 0, f"pnp build (ink-saver) exited {status}"
    files = sorted(out.rglob("*.pdf"))
    games = {p.parent.name for p in files}
    assert {"diplomatic-immunity", "diamond-heist"} <= games, games
    assert any("ink-saver" in p.name for p in files)
    assert any("-a4" in p.name for p in files) and any("-letter" in p.name for p in files)
    return files


@pytest.fixture(scope="module")
def reports(kits: list[Path]) -> dict[Path, Preflight]:
    root = kits[0].parents[2]
    return {p: preflight(p.read_bytes(), str(p.relative_to(root))) for p in kits}


def test_every_name_a_content_stream_uses_is_defined_where_it_is_looked_up(
    reports: dict[Path, Preflight],
) -> None:
    problems = [p for report in reports.values() for p in report.resources]
    assert not problems, f"{len(problems)} undefined resource names, first ones:\n" + "\n".join(
        problems[:30]
    )


def test_every_font_is_embedded(reports: dict[Path, Preflight]) -> None:
    problems = [p for report in reports.values() for p in report.fonts]
    assert not problems, "\n".join(problems)


def test_pdfium_opens_and_renders_every_page(
    kits: list[Path], reports: dict[Path, Preflight]
) -> None:
    for path in kits:
        doc = pdfium.PdfDocument(path)
        try:
            assert len(doc) == reports[path].pages > 0, path
            for i in range(len(doc)):
                # 12 dpi, as poppler and MuPDF render them below: opening and drawing
                # every object is what is tested, and pixels add time, not coverage
                image = doc[i].render(scale=12 / 72, grayscale=True).to_pil().convert("L")
                low, high = image.getextrema()
                assert low < high, f"{path.name} page {i + 1} renders blank"
        finally:
            doc.close()


def _poppler() -> list[str] | None:
    if shutil.which("pdftoppm"):
        return ["pdftoppm", "-r", "12"]  # PPM: the same rendering, a quarter quicker than PNG
    if shutil.which("pdftocairo"):
        return ["pdftocairo", "-r", "12", "-png"]
    return None


def _mupdf() -> list[str] | None:
    # -N: no colour management (Debian's MuPDF says "ICC support is not available" for
    # every coloured page otherwise, which is about the tool, not the file)
    return (
        ["mutool", "draw", "-q", "-N", "-r", "12", "-F", "ppm"] if shutil.which("mutool") else None
    )


def _complaints(command: list[str], path: Path, scratch: Path) -> str:
    """What a renderer prints on stderr while rendering every page of a PDF."""
    if command[0] == "mutool":
        args = [*command, "-o", str(scratch / "page-%d.ppm"), str(path)]
    else:  # pdftoppm, pdftocairo: one image per page, named from a root
        args = [*command, str(path), str(scratch / "page")]
    done = subprocess.run(args, capture_output=True, timeout=120, check=False)
    err = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode and not err:
        err = f"exit status {done.returncode}"
    return err


def _no_complaints(command: list[str] | None, tool: str, kits: list[Path], scratch: Path) -> None:
    if command is None:
        pytest.skip(f"{tool} is not installed")
    problems = []
    for path in kits:
        err = _complaints(command, path, scratch)
        if err:
            lines = err.splitlines()
            problems.append(
                f"{path.parent.name}/{path.name}: {len(lines)} lines, e.g. "
                + " | ".join(sorted(set(lines))[:3])
            )
    assert not problems, "\n".join(problems)


def test_poppler_renders_every_page_without_complaint(kits: list[Path], tmp_path: Path) -> None:
    _no_complaints(_poppler(), "poppler (pdftoppm, pdftocairo)", kits, tmp_path)


def test_mupdf_renders_every_page_without_complaint(kits: list[Path], tmp_path: Path) -> None:
    _no_complaints(_mupdf(), "MuPDF (mutool)", kits, tmp_path)


# --- the fix and the checker, on small drawings -------------------------------------------


def _hatched(canvas: Canvas, form: bool) -> None:
    """White lines at 16% over purple, in a form or drawn on the page."""

    def draw() -> None:
        canvas.setFillColor("#5b3f8c")
        canvas.rect(0, 0, 100, 100, stroke=0, fill=1)
        canvas.saveState()
        canvas.setStrokeColor("#ffffff")
        canvas.setStrokeAlpha(0.16)
        canvas.setLineWidth(4)
        for x in range(-100, 100, 10):
            canvas.line(x, 0, x + 100, 100)
        canvas.restoreState()
        canvas.setFont(fonts.font("sans"), 9)
        canvas.drawString(10, 10, "back")

    if form:
        canvas.beginForm("hatch", 0, 0, 100, 100)
        draw()
        canvas.endForm()
        canvas.doForm("hatch")
    else:
        draw()
    canvas.showPage()


def _drawn(make: type[Canvas]) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    canvas = make(buffer, pagesize=(100, 100), invariant=True, initialFontName=fonts.font("sans"))  # type: ignore[arg-type]
    _hatched(canvas, form=True)
    _hatched(canvas, form=False)
    canvas.save()
    return buffer.getvalue()


def test_a_form_carries_its_own_transparency_states() -> None:
    data = _drawn(pdf._Canvas)
    assert preflight(data, "ours").resources == []
    with pikepdf.open(io.BytesIO(data)) as doc:
        form = doc.pages[0].Resources.XObject["/FormXob.hatch"]
        states = form.Resources.ExtGState
        assert [float(s.get("/CA", 1)) for s in states.values()] == [pytest.approx(0.16)]
    assert _drawn(pdf._Canvas) == data  # the same drawing gives the same bytes


def test_a_form_names_the_fonts_it_sets_and_no_others() -> None:
    """A form's /Font holds the fonts its own stream sets (each subset of a font that needs
    more than one), a form without text none: readers make every font listed ready each
    time a form is drawn. The page still finds all of them, and every reader draws it. Text
    that reads like an operator (a card may say anything) is not taken for one."""
    fonts.register()
    buffer = io.BytesIO()
    sans, serif = fonts.font("sans"), fonts.font("serif-bold")
    canvas = pdf._Canvas(buffer, pagesize=(200, 200), invariant=True, initialFontName=sans)  # type: ignore[arg-type]
    canvas.beginForm("words")
    canvas.setFont(serif, 9)
    canvas.drawString(5, 5, "".join(chr(c) for c in range(0x20, 0x17F)))  # a second subset
    canvas.drawString(5, 15, "/F7 3 Tf) \\ (/F8 2 Tf")  # words that read like operators
    canvas.endForm()
    canvas.beginForm("shapes")
    canvas.rect(0, 0, 10, 10, fill=1)
    canvas.doForm("words")  # a form drawn inside it: its fonts are its own
    canvas.endForm()
    canvas.setFont(sans, 9)
    canvas.drawString(5, 100, "page")
    canvas.doForm("shapes")
    canvas.showPage()
    canvas.save()
    data = buffer.getvalue()
    assert preflight(data, "fonts").resources == []
    with pikepdf.open(io.BytesIO(data)) as doc:
        page = doc.pages[0].Resources
        shapes = page.XObject["/FormXob.shapes"].Resources
        words = shapes.XObject["/FormXob.words"].Resources
        assert "/Font" not in shapes
        named = sorted(str(f.BaseFont).split("+")[1] for f in words.Font.values())
        assert len(named) == 2 and len(set(named)) == 1, named  # two subsets of one font
        assert len(page.Font) == 3  # the page's dictionary has every font of the file
    assert _complaints_of(data) == ""


def _complaints_of(data: bytes) -> str:
    """What the installed readers (poppler, MuPDF) say drawing a PDF, '' when nothing."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "drawn.pdf"
        path.write_bytes(data)
        said = [
            _complaints(command, path, Path(scratch))
            for command in (_poppler(), _mupdf())
            if command is not None
        ]
    return "".join(said)


def test_a_form_looks_as_the_same_drawing_on_the_page() -> None:
    """The 16% hatching is as faint in a form as on the page (reportlab's own canvas drew it
    at full strength in the form)."""

    def pages(data: bytes) -> tuple[bytes, bytes]:
        doc = pdfium.PdfDocument(data)
        try:
            form, page = (doc[i].render(scale=2, rev_byteorder=True).to_pil() for i in (0, 1))
            return form.tobytes(), page.tobytes()
        finally:
            doc.close()

    form, page = pages(_drawn(pdf._Canvas))
    assert form == page
    broken_form, broken_page = pages(_drawn(Canvas))
    assert broken_form != broken_page  # the comparison would have caught the bug


def test_the_checker_catches_a_form_without_its_resources() -> None:
    found = preflight(_drawn(Canvas), "reportlab").resources
    assert found and all("form /FormXob.hatch" in p and "/ExtGState /gRLs" in p for p in found), (
        found
    )


def test_the_checker_reads_an_inline_image_among_the_drawing() -> None:
    """An inline image's colour space is looked up in the page's resources too, in a page
    of many other operators (which the checker does not make into objects)."""
    doc = pikepdf.new()
    doc.add_blank_page()
    page = doc.pages[0]
    drawing = b"0 0 m 10 10 l S " * 50
    image = b"q BI /W 1 /H 1 /CS /Spot /BPC 8 ID \x00 EI Q "
    page.Contents = doc.make_stream(drawing + image + drawing)
    buffer = io.BytesIO()
    doc.save(buffer)
    found = preflight(buffer.getvalue(), "inline").resources
    assert found == [
        "inline: page 1 uses /ColorSpace /Spot, not defined in the /Resources that apply"
    ], found


def test_the_checker_catches_a_standard_font_by_reference() -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 100), invariant=True)
    canvas.drawString(10, 10, "Helvetica")
    canvas.save()
    report = preflight(buffer.getvalue(), "plain")
    assert report.fonts == [
        "plain: standard-14 font /Helvetica (/Type1) is not embedded (no FontDescriptor)"
    ]


def test_a_drawing_in_a_standard_font_is_set_in_ours() -> None:
    """reportlab's renderPDF sets Helvetica before it draws any drawing (an SVG picture, say);
    our canvas sets our face of the same family and style instead."""
    drawing = Drawing(100, 100)
    drawing.add(String(10, 40, "Bold", fontName="Helvetica-Bold", fontSize=9))
    drawing.add(String(10, 20, "Roman", fontName="Times-Roman", fontSize=9))

    def draw(canvas: Canvas) -> int:
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.showPage()
        return 1

    data, _ = pdf.render(100, 100, "drawing", draw)
    assert preflight(data, "drawing") == Preflight([], [], 1)
    with pikepdf.open(io.BytesIO(data)) as doc:
        names = {str(f.BaseFont) for f in doc.pages[0].Resources.Font.values()}
    assert any(n.endswith("SourceSansPro-Bold") for n in names), names
    assert any(n.endswith("SourceSerifPro-Regular") for n in names), names


@pytest.mark.parametrize("tool", ["poppler", "mupdf"])
def test_the_renderers_complain_about_a_form_without_its_resources(
    tool: str, tmp_path: Path
) -> None:
    command = _poppler() if tool == "poppler" else _mupdf()
    if command is None:
        pytest.skip(f"{tool} is not installed")
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(_drawn(Canvas))
    assert "gRLs" in _complaints(command, broken, tmp_path)
    fixed = tmp_path / "fixed.pdf"
    fixed.write_bytes(_drawn(pdf._Canvas))
    assert _complaints(command, fixed, tmp_path) == ""
