"""The files of `pnp export` (and `pnp build --target`) for one game and some targets.

Every target draws from the same faces (`faces.parts`), each face rasterised once per size
(`faces.Faces`); the files go under `export/<target>/` in the game's kit, and into its
manifest, written whole like a build (see `render.build.kept_files` and `write_game`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from pnp.content.project import Game
from pnp.export import faces, vendors
from pnp.render.build import Options, Output
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry, Size

ALL = "all"


class TargetError(ValueError):
    """An export target that is not one of `vendors.TARGETS`."""


def targets(value: str) -> tuple[str, ...]:
    """The targets a `--target` value names: one, several joined by commas, or `all`."""
    names = [v.strip() for v in value.split(",") if v.strip()]
    if not names or ALL in names:
        return vendors.TARGETS if ALL in names else ()
    unknown = [n for n in names if n not in vendors.TARGETS]
    if unknown:
        raise TargetError(
            f"unknown export target {unknown[0]!r} (targets: {', '.join(vendors.TARGETS)}, all)"
        )
    return tuple(dict.fromkeys(names))


def folders(chosen: Sequence[str]) -> tuple[str, ...]:
    """The kit's folders these targets write, each replaced whole."""
    return tuple(f"export/{t}/" for t in chosen)


def rulebook(game: Game, geo: Geometry, paper: str = "a4") -> bytes | None:
    """The illustrated rulebook for a virtual table (A4), or None for a game without one."""
    from pnp.rulebook import pdf as rulebook_pdf

    if paper not in geo.papers:
        paper = next(iter(geo.papers), paper)
    books = rulebook_pdf.editions(game, geo, Options(papers=(paper,)), (rulebook_pdf.ILLUSTRATED,))
    return books[0].data if books else None


def outputs(
    game: Game,
    geo: Geometry,
    chosen: Sequence[str],
    folder: Path,
    base_url: str | None = None,
    shared: faces.Faces | None = None,
) -> list[Output]:
    """Every file of the chosen targets for one game; `folder` is where the game's kit is
    written (the Tabletop Simulator export's `file:///` URLs point into it)."""
    parts = faces.parts(game, geo, Theme())
    made = shared or faces.Faces()
    made.prepare(parts.faces())  # every face drawn once, in one document
    # what the print-on-demand targets will ask for: each face they want at one
    # resolution is rasterised once for all of them
    for target in chosen:
        for size, pixels, bleed in _wants(target, parts):
            made.expect(size, pixels, bleed)
    out: list[Output] = []
    try:
        for target in chosen:
            if target == "tts":
                from pnp.export import tts

                out += tts.outputs(game.id, parts, made, rulebook(game, geo), folder, base_url)
            elif target in ("tgc", "mpc"):
                from pnp.export import pod

                out += pod.outputs(target, parts, made)
            elif target == "dtc":
                from pnp.export import dtc

                out += dtc.outputs(parts, made)
            else:
                raise TargetError(f"unknown export target {target!r}")
    finally:
        if shared is None:  # the pdfium documents it opened
            made.close()
    return out


def _wants(target: str, parts: faces.Parts) -> Iterable[tuple[Size, tuple[int, int], float]]:
    """The (size, pixels, bleed) a print-on-demand target asks the faces for (the Tabletop
    Simulator export works out its sizes as it lays out its sheets, and declares none)."""
    if target in ("tgc", "mpc"):
        from pnp.export import pod

        return pod.wants(target, parts)
    if target == "dtc":
        from pnp.export import dtc

        return dtc.wants(parts)
    return ()
