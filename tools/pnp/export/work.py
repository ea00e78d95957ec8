"""Work on many images at once: the parts of an export that run outside Python."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def parallel(work: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """`work` on every item, in threads on every core, the results in the items' order.

    For the work of an image that happens outside Python (Pillow's PNG and JPEG encoders,
    zlib, littleCMS: each lets go of the interpreter's lock while it works); pdfium, which
    is not thread-safe, is never called from here."""
    workers = min(len(items), os.cpu_count() or 1, 8)
    if workers < 2:
        return [work(item) for item in items]
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(work, items))
