"""Encoded images kept between exports, as a build keeps its verdicts: a face whose pixels
are those of an earlier export is not encoded again (PNG, JPEG, or separated into CMYK and
compressed), so exporting again after an edit encodes only the faces the edit changed.

An entry is keyed by the image's pixels, how it is encoded (`how`: the format and its
settings) and the code and libraries that encode it, so an entry is reused only for the
very bytes it would be made again as. The images themselves are rendered every time
(rendering is cheap; encoding is most of an export's work).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from PIL import Image

from pnp.content import cache_folder
from pnp.export.work import parallel

STORE = "exports"
LIMIT = 4000  # entries: every face of a few games at every target's size
MAX_BYTES = 192 << 20  # a large game's release, with room to spare


@cache
def _signature() -> str:
    """The code and libraries an encoding depends on (the CMYK profile is in `cmyk.py`'s
    reach: its bytes are part of the key too)."""
    from pnp.export import cmyk

    here = Path(__file__).parent
    code = cache_folder.code_signature(
        *(str(here / f) for f in ("faces.py", "pod.py", "pdfx.py", "cmyk.py", "tts.py")),
        libraries=("pillow",),
    )
    return cache_folder.digest(code, cmyk.profile_bytes())


Job = tuple[Image.Image, str, Callable[[Image.Image], bytes]]  # image, how, its encoder


def encode_all(jobs: Sequence[Job]) -> list[bytes]:
    """Each job's encoder on its image, in order: kept ones from the cache folder, the
    others made on every core (`work.parallel`) and kept."""
    if cache_folder.folder() is None:  # the cache is off: nothing to look up or keep
        return parallel(lambda job: job[2](job[0]), jobs)
    store = cache_folder.store(STORE, LIMIT, MAX_BYTES)
    sig = _signature()
    keys = [cache_folder.digest(sig, how, pixels(image)) for image, how, _ in jobs]
    found: list[bytes | None] = [store.get(key) for key in keys]
    todo = [i for i, data in enumerate(found) if data is None]
    made = parallel(lambda i: jobs[i][2](jobs[i][0]), todo)
    for i, data in zip(todo, made, strict=True):
        found[i] = data
        store.put(keys[i], data)
    return [data for data in found if data is not None]


def pixels(image: Image.Image) -> str:
    """The digest of an image's mode, size and pixels, worked out once for each image
    object: the same face, cut to the same size, is encoded for several targets (The Game
    Crafter's and DriveThruCards' poker cards are one image). An image is never changed
    once it is made (`faces.Faces` hands the same object to every target that asks)."""
    key = id(image)
    found = _PIXELS.get(key)
    if found is None:
        found = cache_folder.digest(image.mode, f"{image.size}", image.tobytes())
        _PIXELS[key] = found
        weakref.finalize(image, _PIXELS.pop, key, None)  # an id is reused once it is gone
    return found


_PIXELS: dict[int, str] = {}  # id of a live image -> the digest of its pixels


def encode(image: Image.Image, how: str, encoder: Callable[[Image.Image], bytes]) -> bytes:
    """One image's encoding (see `encode_all`)."""
    return encode_all([(image, how, encoder)])[0]
