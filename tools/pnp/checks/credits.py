"""E735, W734, E730: every picture the content uses is credited, under a licence pnp knows,
and every credit names a file the game holds.

A picture that cannot be printed (missing, outside the folder, not an image) is reported by
the images check alone: its credit is asked for once it can be printed.
"""

from __future__ import annotations

import re

from pnp.checks.common import at
from pnp.checks.images import usable
from pnp.content.assets import art, uses
from pnp.content.credits import Credit, art_key
from pnp.content.project import Game
from pnp.content.snapshot import Refused
from pnp.diagnostics import Diagnostic, did_you_mean

# Licences a print-and-play kit may use pictures under, as people write them; compared
# without case, spaces, hyphens or a trailing "licence"/"license" (so the SPDX id
# "CC-BY-3.0" is "CC BY 3.0").
KNOWN_LICENCES = (
    "CC0",
    "CC0 1.0",
    "CC BY 2.0",
    "CC BY 2.5",
    "CC BY 3.0",
    "CC BY 4.0",
    "CC BY-SA 2.0",
    "CC BY-SA 2.5",
    "CC BY-SA 3.0",
    "CC BY-SA 4.0",
    "OFL",
    "OFL 1.1",
    "SIL OFL 1.1",
    "public domain",
    "MIT",
    "Apache 2.0",
)


def licence_key(licence: str) -> str:
    """A licence as licences are compared: `CC-BY-3.0` and `cc by 3.0` are one."""
    text = re.sub(r"\b(licen[cs]e|version)\b", "", licence.casefold())
    return re.sub(r"[\s_-]+", "", text)


_KNOWN = {licence_key(name): name for name in KNOWN_LICENCES}


def known_licence(licence: str) -> bool:
    """Whether a licence is one pnp knows (see KNOWN_LICENCES)."""
    return licence_key(licence) in _KNOWN


def check(game: Game) -> list[Diagnostic]:
    """Credits for every picture used; known licences; credited files that exist."""
    credits = game.credits or ()
    out: list[Diagnostic] = []
    by_file: dict[str, Credit] = {}
    for credit in credits:
        first = by_file.setdefault(credit.key, credit)
        if first is not credit:
            out.append(
                at(
                    credit.at("file"),
                    "E207",
                    f"'{credit.file}' is credited twice",
                    f"the first credit is at line {first.src.line} of {first.src.file}",
                )
            )
            continue
        if not known_licence(credit.licence):
            near = did_you_mean(credit.licence, KNOWN_LICENCES)
            out.append(
                at(
                    credit.at("licence"),
                    "W734",
                    f"the licence of '{credit.file}' is '{credit.licence}', which pnp "
                    "does not know",
                    near or "known: " + ", ".join(KNOWN_LICENCES),
                )
            )
    used: set[str] = set()
    for use in uses(game):
        key = art_key(use.rel)
        used.add(key)
        if key in by_file or not usable(game, use.rel):
            continue  # credited, or not printable (the images check says why)
        hint = (
            f"add it to {credits[0].src.file}: file, title, author, licence, source"
            if credits
            else "add art/credits.yaml (kind: credits) with the file, title, "
            "author, licence and source of every picture"
        )
        out.append(at(use.src, "E735", f"{use.what} ('{use.rel}') has no credit", hint))
    for key, credit in by_file.items():
        if key in used:
            continue  # the images check reports a used picture that cannot be read
        found = art(game, credit.file)
        if isinstance(found, Refused) and found.kind == "missing":
            out.append(
                at(
                    credit.at("file"),
                    "E730",
                    f"'{credit.file}' is credited but does not exist",
                    "paths are relative to the game's folder",
                )
            )
        elif isinstance(found, Refused) and found.kind == "outside":
            out.append(
                at(
                    credit.at("file"),
                    "E732",
                    f"the credited '{credit.file}' is outside the content folder",
                    "credit only the game's own files",
                )
            )
        elif isinstance(found, Refused):
            out.append(
                at(
                    credit.at("file"),
                    "E731",
                    f"the credited '{credit.file}' {found.reason}",
                    found.hint,
                )
            )
    return out
