"""Write pnp's own CMYK output profile, `tools/pnp/export/data/pnp-cmyk-240.icc`.

Why our own: DriveThruCards wants CMYK files in PDF/X-1a, and a PDF/X file names the
output profile its CMYK was separated for (its OutputIntent carries the profile). The
profiles of characterised presses (FOGRA, GRACoL, SWOP) may not be shipped under a free
licence, so pnp computes a generic separation from a stated model instead and ships the
result as CC0. It describes no real press: it is a sound, ink-limited separation whose
blacks are black ink alone, which a print shop's own RIP then prints on its press.

The model
---------
Forward, CMYK -> Lab (the A2B tables): an ink's value t prints a slightly larger area, a
mild dot gain `t + 4 DOT_GAIN t (1 - t)` (+10 % at 50 %); the inks then act as ideal block
filters on linear-light sRGB reflectance,

    r = (1 - c)(1 - k),   g = (1 - m)(1 - k),   b = (1 - y)(1 - k),

which goes to XYZ through sRGB's primaries adapted from D65 to the D50 of the profile
connection space (Bradford), and on to CIELAB. Paper is sRGB white (Lab 100, 0, 0); solid
black ink is L* 0.

Inverse, Lab -> CMYK (the B2A tables): Lab -> XYZ -> linear sRGB reflectance, each channel
clipped into [0, 1] (colours outside sRGB are clipped); full grey component replacement,
`k = 1 - max(r, g, b)`, `c = 1 - r / (1 - k)` and alike, so that a neutral (black text)
is black ink alone and no colour uses more than two of c, m and y; the dot gain undone;
then the total-ink limit: where c + m + y + k is over it, c, m and y are scaled down
together (k is kept) until the sum is the limit. The table is built to 236 %, below the
240 % DriveThruCards allows: a colour transform interpolates linearly between table entries
that each keep the limit (the output curves are the identity), so it keeps it too, and the
4 % margin absorbs the rounding to 16 and then 8 bits.

Two details keep the tables honest where a grid is weakest. Below a reflectance of 1e-4
(L* 0.1) a colour is black ink alone: its hue there would be a ratio of two rounding
errors, and pure black came out as 88 % cyan. And the A2B grid's nodes are closer together
in the dark tones, where Lab changes fastest (`shape`).

The encoding is ICC v2 (2.1.0), which PDF/X-1a:2003 (PDF 1.4) expects: lut16 tables with
the legacy 16-bit Lab, L 0..100 as 0..0xFF00 and a, b as (v + 128) * 256. The B2A input
curve of L stretches 0..0xFF00 onto the whole grid, so that L = 100 (white paper) lands on
the last grid node and comes out as no ink at all, not as a trace of black. The grids:
A2B 11^4, B2A 33^3 (a 25^3 one would be 160 kB smaller and half again as far off), gamut
17^3.

Run it from the repository root: `python tools/make_cmyk_profile.py`. The bytes depend on
nothing but this file (the header's date is fixed), so the profile can be checked against it.
"""

from __future__ import annotations

import argparse
import itertools
import math
import struct
from collections.abc import Callable, Sequence
from pathlib import Path

OUT = Path(__file__).resolve().parent / "pnp" / "export" / "data" / "pnp-cmyk-240.icc"

DESCRIPTION = "pnp generic CMYK, GCR, 240% total ink"
COPYRIGHT = "No copyright, use freely (CC0 1.0 Universal, public domain dedication)"
DATE = (2026, 1, 1, 0, 0, 0)  # the header's creation date: fixed, so the bytes are too

INK_LIMIT = 2.40  # what the profile promises (DriveThruCards: at most 240 % total ink)
TABLE_LIMIT = 2.36  # what the B2A table is built to: a margin for rounding
DOT_GAIN = 0.10  # tone value increase at 50 %
A2B_GRID = 11  # grid points per channel, CMYK -> Lab
B2A_GRID = 33  # grid points per channel, Lab -> CMYK
GAMUT_GRID = 17  # grid points per channel, Lab -> in gamut or not
GAMUT_DELTA_E = 2.0  # a colour reproduced further off than this is out of gamut
BLACK = 1e-4  # a reflectance this low (L* 0.1) is black
CURVE_ENTRIES = 1024  # entries of each A2B input curve

# The PCS illuminant, D50, for the arithmetic; and as the ICC specification encodes it
# (s15Fixed16, the last digit rounded its way), for the header and the media white point.
D50 = (0.9642, 1.0, 0.8249)
D50_ENCODED = struct.pack(">3i", 0xF6D6, 0x10000, 0xD32D)

Vector = tuple[float, float, float]
Matrix = tuple[Vector, Vector, Vector]
Ink = tuple[float, float, float, float]


def _mul(m: Matrix, v: Sequence[float]) -> Vector:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def _columns(vectors: Sequence[Sequence[float]]) -> Matrix:
    """The matrix whose columns are `vectors` (of a matrix's rows: its transpose)."""
    v = vectors
    return ((v[0][0], v[1][0], v[2][0]), (v[0][1], v[1][1], v[2][1]), (v[0][2], v[1][2], v[2][2]))


def _matmul(a: Matrix, b: Matrix) -> Matrix:
    bt = _columns(b)
    return (_mul(bt, a[0]), _mul(bt, a[1]), _mul(bt, a[2]))


def _inverse(m: Matrix) -> Matrix:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return (
        ((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det),
        ((f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det),
        ((d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det),
    )


def _xyz(x: float, y: float) -> Vector:
    """XYZ (Y = 1) of a chromaticity."""
    return (x / y, 1.0, (1 - x - y) / y)


def srgb_to_d50() -> Matrix:
    """Linear sRGB -> XYZ relative to D50: sRGB's primaries and D65 white (IEC 61966-2-1),
    adapted to D50 with the Bradford transform, as littleCMS builds its own sRGB profile,
    so that sRGB white lands on the PCS white."""
    primaries = [_xyz(0.64, 0.33), _xyz(0.30, 0.60), _xyz(0.15, 0.06)]
    white = _xyz(0.3127, 0.3290)
    p = _columns(primaries)
    scale = _mul(_inverse(p), white)
    rgb_to_d65 = _columns([[v * s for v in col] for col, s in zip(primaries, scale, strict=True)])
    bradford: Matrix = (
        (0.8951, 0.2664, -0.1614),
        (-0.7502, 1.7135, 0.0367),
        (0.0389, -0.0685, 1.0296),
    )
    src, dst = _mul(bradford, white), _mul(bradford, D50)
    gain: Matrix = ((dst[0] / src[0], 0, 0), (0, dst[1] / src[1], 0), (0, 0, dst[2] / src[2]))
    adapt = _matmul(_inverse(bradford), _matmul(gain, bradford))
    return _matmul(adapt, rgb_to_d65)


RGB_TO_XYZ = srgb_to_d50()
XYZ_TO_RGB = _inverse(RGB_TO_XYZ)

_EPS = (6 / 29) ** 3


def _f(t: float) -> float:
    return t ** (1 / 3) if t > _EPS else t / (3 * (6 / 29) ** 2) + 4 / 29


def _f_inv(t: float) -> float:
    return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)


def lab_from_xyz(xyz: Vector) -> Vector:
    """CIELAB of an XYZ colour, relative to D50 (the profile connection space)."""
    fx, fy, fz = (_f(v / w) for v, w in zip(xyz, D50, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def xyz_from_lab(lab: Vector) -> Vector:
    """XYZ (D50) of a CIELAB colour, the inverse of `lab_from_xyz`."""
    fy = (lab[0] + 16) / 116
    fx, fz = fy + lab[1] / 500, fy - lab[2] / 200
    return (D50[0] * _f_inv(fx), D50[1] * _f_inv(fy), D50[2] * _f_inv(fz))


def dot_gain(t: float) -> float:
    """The area an ink value `t` (0..1) prints: `t` plus the tone value increase."""
    return t + 4 * DOT_GAIN * t * (1 - t)


def undo_dot_gain(area: float) -> float:
    """The ink value that prints `area`: the root in [0, 1] of `dot_gain(t) = area`."""
    g = 4 * DOT_GAIN
    if g == 0:
        return area
    return ((1 + g) - math.sqrt((1 + g) ** 2 - 4 * g * area)) / (2 * g)


def cmyk_to_lab(ink: Ink) -> Vector:
    """The forward model: the Lab colour that inks c, m, y, k (0..1 each) print."""
    c, m, y, k = (dot_gain(v) for v in ink)
    rgb = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return lab_from_xyz(_mul(RGB_TO_XYZ, rgb))


def lab_to_cmyk(lab: Vector, limit: float) -> Ink:
    """The inverse: the inks (0..1 each, at most `limit` in all) for a Lab colour. Below
    BLACK, a reflectance's hue is rounding noise (a ratio of two tiny numbers): it is black
    ink alone."""
    r, g, b = (min(1.0, max(0.0, v)) for v in _mul(XYZ_TO_RGB, xyz_from_lab(lab)))
    top = max(r, g, b)
    if top < BLACK:
        c, m, y, k = 0.0, 0.0, 0.0, 1.0
    else:
        c, m, y, k = 1 - r / top, 1 - g / top, 1 - b / top, 1 - top
    c, m, y, k = (undo_dot_gain(min(1.0, max(0.0, v))) for v in (c, m, y, k))
    if c + m + y + k > limit:
        scale = (limit - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return (c, m, y, k)


def delta_e(a: Vector, b: Vector) -> float:
    """The CIE 1976 colour difference."""
    return math.dist(a, b)


# -- encoding --------------------------------------------------------------------------


def _u16(v: float) -> int:
    return min(0xFFFF, max(0, round(v * 0xFFFF)))


def lab16(lab: Vector) -> tuple[int, int, int]:
    """Legacy (ICC v2) 16-bit Lab: L 0..100 -> 0..0xFF00, a and b (v + 128) * 256."""
    lum = min(0xFF00, max(0, round(lab[0] * 0xFF00 / 100)))
    a, b = (min(0xFFFF, max(0, round((v + 128) * 256))) for v in lab[1:])
    return (lum, a, b)


def lab_of_node(node: Sequence[int], grid: int) -> Vector:
    """The Lab colour at a node of a B2A (or gamut) grid: L spread over the whole grid by
    the input curve (`_stretch_l`), a and b as encoded."""
    u = [i * 0xFFFF / (grid - 1) for i in node]
    return (u[0] / 0xFFFF * 100, u[1] / 256 - 128, u[2] / 256 - 128)


def _stretch_l() -> list[int]:
    """The B2A input curve of L: 0..0xFF00 (L 0..100) onto 0..0xFFFF, flat above. Its 258
    entries put 0xFF00 exactly on an entry (256 / 257 of the way), so L = 100 maps to the
    last grid node."""
    return [min(0xFFFF, round(j * 0xFFFF / 256)) for j in range(258)]


def _identity(entries: int) -> list[int]:
    return [round(j * 0xFFFF / (entries - 1)) for j in range(entries)]


def _s15f16(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def lut16(
    inputs: Sequence[Sequence[int]],
    grid: int,
    clut: Sequence[Sequence[int]],
    outputs: int,
) -> bytes:
    """An ICC lut16Type ('mft2'): one input curve per input channel, the grid (first input
    channel varying slowest), and identity output curves; the matrix, used only for XYZ
    input, is the identity."""
    entries = len(inputs[0])
    out = bytearray(b"mft2\0\0\0\0")
    out += struct.pack(">BBBB", len(inputs), outputs, grid, 0)
    for row in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
        out += b"".join(_s15f16(v) for v in row)
    out += struct.pack(">HH", entries, 2)
    for curve in inputs:
        out += struct.pack(f">{entries}H", *curve)
    for values in clut:
        out += struct.pack(f">{outputs}H", *values)
    out += struct.pack(f">{2 * outputs}H", *[0, 0xFFFF] * outputs)
    return bytes(out)


def shape(t: float) -> float:
    """Where an ink value `t` sits on the A2B grid's axis: `1 - sqrt(1 - dot_gain(t))`.
    Lab changes fastest in the dark tones (L* goes as the cube root of reflectance), so the
    grid's nodes are spaced evenly in the square root of what the ink lets through, not in
    ink: a quarter of each axis goes to its darkest tenth (90..100 % ink). Against the model,
    this halves the tables' mean error (0.6 ΔE), at the price of a 1024-entry input curve.
    """
    return 1 - math.sqrt(max(0.0, 1 - dot_gain(t)))


def unshape(u: float) -> float:
    """The ink value at position `u` of the A2B grid's axis, the inverse of `shape`."""
    return undo_dot_gain(1 - (1 - u) ** 2)


def a2b() -> bytes:
    """CMYK -> Lab: the forward model at every node of an A2B_GRID^4 grid, its axes shaped
    by `shape` (each input curve is `shape`, each node sits at `unshape` of its place)."""
    curve = [_u16(shape(j / (CURVE_ENTRIES - 1))) for j in range(CURVE_ENTRIES)]
    steps = [unshape(i / (A2B_GRID - 1)) for i in range(A2B_GRID)]
    clut = [lab16(cmyk_to_lab(ink)) for ink in itertools.product(steps, steps, steps, steps)]
    return lut16([curve] * 4, A2B_GRID, clut, 3)


def _over_grid(grid: int, value: Callable[[Vector], Sequence[int]]) -> list[Sequence[int]]:
    return [value(lab_of_node(n, grid)) for n in itertools.product(range(grid), repeat=3)]


def b2a() -> bytes:
    """Lab -> CMYK: the inverse model, to TABLE_LIMIT, at every node of a B2A_GRID^3 grid."""
    curves = [_stretch_l(), _identity(258), _identity(258)]
    clut = _over_grid(B2A_GRID, lambda lab: [_u16(v) for v in lab_to_cmyk(lab, TABLE_LIMIT)])
    return lut16(curves, B2A_GRID, clut, 4)


def in_gamut(lab: Vector) -> bool:
    """Whether the separation prints `lab` to within GAMUT_DELTA_E."""
    return delta_e(cmyk_to_lab(lab_to_cmyk(lab, TABLE_LIMIT)), lab) <= GAMUT_DELTA_E


def gamut() -> bytes:
    """Lab -> 0 where the separation reproduces the colour, 0xFFFF where it cannot."""
    curves = [_stretch_l(), _identity(258), _identity(258)]
    clut = _over_grid(GAMUT_GRID, lambda lab: [0 if in_gamut(lab) else 0xFFFF])
    return lut16(curves, GAMUT_GRID, clut, 1)


def text_description(text: str) -> bytes:
    """An ICC v2 textDescriptionType ('desc'): ASCII, no Unicode, no ScriptCode."""
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(ascii_)) + ascii_ + bytes(8 + 3 + 67)


def text_type(text: str) -> bytes:
    return b"text\0\0\0\0" + text.encode("ascii") + b"\0"


def xyz_type(encoded: bytes) -> bytes:
    return b"XYZ \0\0\0\0" + encoded


def build() -> bytes:
    """The whole profile: header, tag table, tag data (each on a 4-byte boundary). The
    rendering intents share one pair of tables, as a generic profile has only one way to
    separate."""
    if not TABLE_LIMIT < INK_LIMIT:
        raise ValueError("the table must be built below the ink limit it promises")
    a2b_data, b2a_data = a2b(), b2a()
    blobs: list[tuple[list[bytes], bytes]] = [
        ([b"desc"], text_description(DESCRIPTION)),
        ([b"cprt"], text_type(COPYRIGHT)),
        ([b"wtpt"], xyz_type(D50_ENCODED)),
        ([b"A2B0", b"A2B1", b"A2B2"], a2b_data),
        ([b"B2A0", b"B2A1", b"B2A2"], b2a_data),
        ([b"gamt"], gamut()),
    ]
    count = sum(len(sigs) for sigs, _ in blobs)
    offset = 128 + 4 + 12 * count
    table = bytearray(struct.pack(">I", count))
    data = bytearray()
    for sigs, blob in blobs:
        for sig in sigs:
            table += sig + struct.pack(">II", offset + len(data), len(blob))
        data += blob + bytes(-len(blob) % 4)
    size = 128 + len(table) + len(data)
    header = bytearray(128)
    struct.pack_into(">I", header, 0, size)
    struct.pack_into(">I", header, 8, 0x02100000)  # version 2.1.0
    header[12:24] = b"prtrCMYKLab "
    struct.pack_into(">6H", header, 24, *DATE)
    header[36:40] = b"acsp"
    struct.pack_into(">I", header, 64, 0)  # perceptual
    header[68:80] = D50_ENCODED
    return bytes(header + table + data)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--output", type=Path, default=OUT, help=f"where to write (default {OUT})")
    args = parser.parse_args(argv)
    data = build()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(data)
    print(f"{args.output}: {len(data)} bytes")


if __name__ == "__main__":
    main()
