"""Fonts: open-licensed TTF families installed as Python packages, registered once.

Source Sans Pro for text and Source Serif Pro for titles (both SIL Open Font License),
from the `font-source-sans-pro` and `font-source-serif-pro` packages. Nothing depends on
the machine's fonts, and reportlab embeds the subsets it uses in every PDF.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import font_source_sans_pro
import font_source_serif_pro
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# Logical names used by layouts -> (package directory, file stem)
FACES: dict[str, tuple[str, str]] = {
    "sans": (font_source_sans_pro.font_directory, "SourceSansPro-Regular"),
    "sans-bold": (font_source_sans_pro.font_directory, "SourceSansPro-Bold"),
    "sans-italic": (font_source_sans_pro.font_directory, "SourceSansPro-It"),
    "sans-bold-italic": (font_source_sans_pro.font_directory, "SourceSansPro-BoldIt"),
    "sans-semibold": (font_source_sans_pro.font_directory, "SourceSansPro-Semibold"),
    "sans-black": (font_source_sans_pro.font_directory, "SourceSansPro-Black"),
    "serif": (font_source_serif_pro.font_directory, "SourceSerifPro-Regular"),
    "serif-bold": (font_source_serif_pro.font_directory, "SourceSerifPro-Bold"),
    "serif-black": (font_source_serif_pro.font_directory, "SourceSerifPro-Black"),
    "serif-italic": (font_source_serif_pro.font_directory, "SourceSerifPro-It"),
}

# Bold and italic variants of each family, for inline **bold** and _italic_ runs.
STYLES: dict[str, dict[str, str]] = {
    "sans": {"bold": "sans-bold", "italic": "sans-italic", "bold-italic": "sans-bold-italic"},
    "serif": {"bold": "serif-bold", "italic": "serif-italic", "bold-italic": "serif-bold"},
}


def _pdf_name(face: str) -> str:
    return "pnp-" + face


def register() -> None:
    """Register every face with reportlab (each once per process)."""
    for face in FACES:
        _registered(face)


@cache
def _registered(face: str) -> TTFont:
    """One face, read and registered with reportlab on first use (reading a font file is
    most of the cost of a face: a check reads only the faces its texts are set in)."""
    if face not in FACES:
        raise KeyError(f"unknown font face {face!r}; faces: {', '.join(FACES)}")
    folder, stem = FACES[face]
    ttf = TTFont(_pdf_name(face), str(Path(folder) / f"{stem}.ttf"))
    pdfmetrics.registerFont(ttf)
    return ttf


def font(face: str) -> str:
    """The reportlab font name of a logical face such as `sans-bold`, registered."""
    _registered(face)
    return _pdf_name(face)


def styled(face: str, bold: bool, italic: bool) -> str:
    """The face for a bold and/or italic run of a base face."""
    family = face.split("-")[0]
    if not (bold or italic):
        return face
    key = "bold-italic" if bold and italic else "bold" if bold else "italic"
    return STYLES.get(family, {}).get(key, face)


def width(text: str, face: str, size: float) -> float:
    """The width of `text` in points (what `pdfmetrics.stringWidth` says for its font)."""
    return _registered(face).stringWidth(text, size)


def has_glyph(face: str, char: str) -> bool:
    """Whether the face has a glyph for `char`."""
    return ord(char) in _registered(face).face.charToGlyph
