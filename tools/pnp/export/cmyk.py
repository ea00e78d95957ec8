"""CMYK for print on demand: our RGB art separated through pnp's own CMYK profile.

DriveThruCards prints from CMYK and takes at most 240 % total ink (c + m + y + k) at any
point; more ink than that does not dry on its press. pnp draws in sRGB, so the files for it
are separated here, by littleCMS (Pillow's ImageCms), from sRGB to `data/pnp-cmyk-240.icc`,
a generic profile that `tools/make_cmyk_profile.py` computes from a stated model (see the
script's docstring) and that is shipped as CC0, as no press profile may be. Its tables do
full grey component replacement, so black text and greys are black ink alone (no
registration fringes), and keep the ink limit themselves, with a margin: nothing separated
through it exceeds 240 %. `max_ink` measures that on the result, for the preflight.

The same profile is the PDF/X OutputIntent of the files (`pdfx`), so the file says what its
CMYK means.
"""

from __future__ import annotations

import io
from functools import cache
from importlib.resources import files

from PIL import Image, ImageCms, ImageMath

PROFILE = "pnp-cmyk-240.icc"
PROFILE_DESCRIPTION = "pnp generic CMYK, GCR, 240% total ink"  # its 'desc' tag
INK_LIMIT = 240  # DriveThruCards' total ink limit, in percent

# The profile's tables are the same for every rendering intent. Relative colorimetric uses
# them as they are; perceptual would have littleCMS add a black point compensation (forced
# for a v4 source such as its sRGB), which changes nothing here (both blacks are L* 0) but
# is one more step between the tables and the ink.
INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC


@cache
def profile_bytes() -> bytes:
    """The shipped ICC profile (`data/pnp-cmyk-240.icc`), read once."""
    return (files("pnp.export") / "data" / PROFILE).read_bytes()


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    """The sRGB -> our CMYK transform, built once: building it costs more than using it on a
    card. littleCMS precomputes the whole sRGB -> Lab -> CMYK chain into one table; a finer
    one (HIGHRESPRECALC) halves its departure from the profile's own tables, which is worst
    in the hues of near-blacks, at no cost per pixel."""
    srgb = ImageCms.createProfile("sRGB")
    ours = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(
        srgb, ours, "RGB", "CMYK", renderingIntent=INTENT, flags=ImageCms.Flags.HIGHRESPRECALC
    )


def flatten(image: Image.Image) -> Image.Image:
    """`image` as opaque RGB: anything transparent composited on white paper, as it prints
    (PDF/X-1a allows no transparency). A CMYK image is refused: it was separated for some
    other press and its ink is not ours to know."""
    if image.mode == "CMYK":
        raise ValueError("already CMYK: separate the RGB original instead")
    if image.mode == "RGB":
        return image
    rgba = image.convert("RGBA")
    paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    return Image.alpha_composite(paper, rgba).convert("RGB")


def to_cmyk(image: Image.Image) -> Image.Image:
    """`image` (RGB, or RGBA flattened on white; pixel values read as sRGB) separated into
    CMYK through our profile: the same size, at most INK_LIMIT % ink at any pixel."""
    out = _transform().apply(flatten(image))
    out.info.pop("icc_profile", None)  # the PDF's OutputIntent carries the profile, once
    return out


def max_ink(image: Image.Image) -> float:
    """The largest total ink (c + m + y + k) of any pixel of a CMYK image, in percent
    (0..400). numpy is not a dependency: the channels are summed as 32-bit images by
    ImageMath and the maximum read from the sum's extrema, about 20 ms for a card."""
    if image.mode != "CMYK":
        raise ValueError(f"not a CMYK image: {image.mode}")
    c, m, y, k = (band.convert("I") for band in image.split())
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    if not isinstance(total, Image.Image):
        raise TypeError("ImageMath gave no image")
    extrema = total.getextrema()
    top = extrema[1]
    if not isinstance(top, int | float):
        raise TypeError("ImageMath gave no single-band image")
    return top * 100 / 255
