"""Files the content refers to (card art): read from the game's snapshot, never from
outside the content folder.

A picture is PNG or JPEG (Pillow reads it) or SVG, drawn as vectors. SVG is untrusted input
like every content file: it is parsed from the snapshot's bytes with entities, DTDs and the
network off, and refused unless it draws only shapes of its own: no `<image>`, `<use>`,
`<script>`, `<style>`, `<foreignObject>` or text, no reference to another file or address
(`href`, `url()`), at most `SVG_MAX_BYTES` and `SVG_MAX_ELEMENTS`. What it draws is turned into
a reportlab drawing once per file content (by its sha256) and kept; whether it can be drawn
at all is also kept in the cache folder (`refusal`), so that a check converts only the
pictures a face draws.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.content import cache_folder
from pnp.content import rulebook_pictures as pictures
from pnp.content import rulebook_sources as sources
from pnp.content.credits import Credit, art_key
from pnp.content.model import Incomplete, Src
from pnp.content.snapshot import File, Refused

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

    from pnp.content.project import Game

SVG_MAX_BYTES = 1024 * 1024  # far past any icon (game-icons' are 1-10 KB)
SVG_MAX_ELEMENTS = 20_000
IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")
ART = "art/{name}"  # a picture found by its name, by convention: art/back-street.svg

# The SVG elements a picture may use: shapes, groups and what styles them. Matched by local
# name whatever the namespace, as svglib draws them (an `<x:image>` is an image to it).
SVG_ALLOWED = frozenset(
    {
        "svg",
        "g",
        "path",
        "circle",
        "ellipse",
        "rect",
        "line",
        "polyline",
        "polygon",
        "defs",
        "title",
        "desc",
        "metadata",
        "linearGradient",
        "radialGradient",
        "stop",
        "clipPath",
    }
)
# Elements refused in any namespace: they load other files or addresses, run code, set
# text in the machine's fonts (so the same content would print differently elsewhere), or
# repeat other elements (a few nested `<use>` can ask for billions of shapes).
SVG_REFUSED = frozenset(
    {
        "image",
        "use",
        "script",
        "style",
        "foreignObject",
        "a",
        "text",
        "tspan",
        "textPath",
        "switch",
        "symbol",
        "pattern",
        "filter",
        "feImage",
        "iframe",
        "video",
        "audio",
        "animate",
        "animateMotion",
        "animateTransform",
        "set",
        "mask",
        "font",
        "font-face",
    }
)
SVG_NS = "http://www.w3.org/2000/svg"
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)


def art(game: Game, relative: str) -> File | Refused:
    """The bytes of an image a card names, read once (the check reads it; the renderers
    and `pnp diff` get the same bytes), or why they could not be read."""
    if game.files is None:
        return Refused("missing", "is not part of a game folder", "")
    return game.files.read(relative)


def art_bytes(game: Game, relative: str) -> bytes | None:
    """An image's bytes, or None when it cannot be read (the check has said why)."""
    found = art(game, relative)
    return found.data if isinstance(found, File) else None


def art_digest(game: Game, relative: str) -> str:
    """The sha256 of an image's bytes ('' when it cannot be read): what a cached drawing
    of a card depends on besides the model."""
    found = art(game, relative)
    return found.sha256 if isinstance(found, File) else ""


def is_svg(relative: str) -> bool:
    """Whether a picture is SVG (by its name, as the content writes it)."""
    return relative.lower().endswith(".svg")


@dataclass(frozen=True, slots=True)
class Use:
    """One picture the content uses: its path as written, where it is named, and what it
    is the picture of (for messages: "the art of 'Arms Shipment'")."""

    rel: str
    src: Src
    what: str


def named_art(game: Game, name: str) -> str | None:
    """The picture `art/<name>.svg` (or .png, .jpg, .jpeg) when the game folder has one:
    how a face that no document describes (a deck's back, a generated reference card)
    finds its picture."""
    names = set(game.files.names) if game.files is not None else set()
    stem = ART.format(name=name)
    return next((stem + s for s in IMAGE_SUFFIXES if stem + s in names), None)


def back_art(game: Game, deck: str) -> str | None:
    """The picture of a deck's back, `art/back-<deck>.svg` (or .png, .jpg)."""
    return named_art(game, f"back-{deck}")


def uses(game: Game) -> list[Use]:
    """Every picture the content uses: each card's, Goal's, role's and piece's art, then
    the pictures found by name (each deck's back; a standard-deck game's reference cards).
    A part of the model with errors is left out (its pictures are looked at once it has
    none)."""
    out: list[Use] = []
    for part in (_card_uses, _goal_uses, _piece_uses, _component_uses, _back_uses, _rulebook_uses):
        try:
            out.extend(part(game))
        except Incomplete:
            continue
    return out


def _card_uses(game: Game) -> Iterator[Use]:
    for card in game.cards or ():
        if card.art is not None:
            yield Use(card.art.id, card.art.src, f"the art of '{card.name}'")


def _goal_uses(game: Game) -> Iterator[Use]:
    for goal in game.goals or ():
        if goal.art is not None:
            yield Use(goal.art.id, goal.art.src, f"the art of Goal '{goal.name}'")


def _piece_uses(game: Game) -> Iterator[Use]:
    """A standard-deck game's roles' and pieces' pictures (their `art`)."""
    for role in game.roles or ():
        if role.art is not None:
            yield Use(role.art.id, role.art.src, f"the art of the role '{role.name}'")
    for piece in game.pieces or ():
        if piece.art is not None:
            yield Use(piece.art.id, piece.art.src, f"the art of the piece '{piece.name}'")


def _component_uses(game: Game) -> Iterator[Use]:
    """The diplomats' portraits (on their boards and Favor chips) and the pictures of
    components rows (on their punch-out pieces)."""
    for d in game.diplomats:
        if d.art is not None:
            yield Use(d.art.id, d.art.src, f"the portrait of {d.name}")
    for item in game.components.items if game.components else ():
        if item.art is not None:
            yield Use(item.art.id, item.art.src, f"the picture of the {item.name}")


def _rulebook_uses(game: Game) -> Iterator[Use]:
    """The pictures the rulebook's Markdown shows (`![what it shows](art/x.svg)`): every
    image written in a source, at its line there (found in the sources as written, before
    they are filled; see `pnp.content.rulebook_pictures`)."""
    found, _ = sources.read(game.files)  # (a source that is not UTF-8 is E102 already)
    for source in found:
        for image in pictures.find(source.text):
            yield Use(
                image.rel,
                Src(source.display, image.line, image.col),
                f"the picture '{image.words}' in the rulebook",
            )


# A standard-deck game (Diamond Heist) has no decks in a components list: its printed deck
# and its reference cards have a back each, and its two reference cards are made from the
# rules, not described by a document. Their pictures are found by name.
STANDARD_DECK_ART = {
    "back-deck": "the back of the printable deck",
    "back-reference": "the back of the reference cards",
    "reference-setup": "the setup card",
    "reference-roles": "the roles card",
}


def _back_uses(game: Game) -> Iterator[Use]:
    named = {
        f"back-{deck}": f"the back of the {item.name}"
        for deck, item in (game.components.decks() if game.components else {}).items()
    }
    if not named and game.pieces is not None:
        named = STANDARD_DECK_ART
    for name, what in named.items():
        found = named_art(game, name)
        if found is not None and game.files is not None:
            yield Use(found, Src(game.files.display(found), 1, 1), what)


def art_digests(game: Game) -> dict[str, str]:
    """Every picture the content uses, by its path, with the sha256 of its bytes ('' when
    unreadable): what a face depends on besides the model (a card's, a Goal's, a role's
    art; a back or reference card found by name)."""
    return {u.rel: art_digest(game, u.rel) for u in sorted(uses(game), key=lambda u: u.rel)}


def used_credits(game: Game) -> tuple[Credit, ...]:
    """The credits of the pictures the content uses, each once, in the order the credits
    list them: what a kit's manifest lists."""
    used = {art_key(u.rel) for u in uses(game)}
    seen: set[str] = set()
    out = []
    for credit in game.credits or ():
        if credit.key in used and credit.key not in seen:
            seen.add(credit.key)
            out.append(credit)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Unusable:
    """Why an SVG picture is refused: a reason that completes "the art of 'X' ..." and a
    hint."""

    reason: str
    hint: str


_drawings: dict[str, Drawing | Unusable] = {}


def svg(game: Game, relative: str) -> Drawing | Unusable | None:
    """An SVG picture as a reportlab drawing (the same object for the same bytes: never
    change it), why it is refused, or None when it cannot be read at all (the check has
    said why)."""
    found = art(game, relative)
    if not isinstance(found, File):
        return None
    return svg_from(found.data, found.sha256)


def svg_from(data: bytes, digest: str) -> Drawing | Unusable:
    """`data` (whose sha256 is `digest`) as a drawing, or why it is refused; kept per
    digest, so each file is parsed once however many faces print it."""
    if digest not in _drawings:
        if len(_drawings) >= 4096:  # a long-lived process reading many versions
            _drawings.clear()
        _drawings[digest] = _convert(data)
    return _drawings[digest]


def drawable(game: Game, relative: str) -> bool:
    """Whether a picture can be drawn, found without drawing it: an SVG that is not refused
    (see `refusal`), or the bytes of a PNG or JPEG. What a face that is measured rather than
    printed (the fit check's scratch page) needs to know of its pictures: whether the
    renderer would draw it or fall back to something else."""
    found = art(game, relative)
    if not isinstance(found, File):
        return False
    return refusal(found.data, found.sha256) is None if is_svg(relative) else True


VERDICT_STORE = "svg-verdicts"
VERDICT_LIMIT = 16384  # pictures


def refusal(data: bytes, digest: str) -> Unusable | None:
    """Why an SVG picture (`data`, whose sha256 is `digest`) is refused, or None when it can
    be drawn: what `svg_from` finds, kept in the cache folder by the picture's digest and
    the versions of what reads and draws it, so that a picture is converted only when a
    face draws it."""
    drawn = _drawings.get(digest)
    if drawn is not None:
        return drawn if isinstance(drawn, Unusable) else None
    key = cache_folder.digest(_verdict_signature(), digest)
    store = cache_folder.store(VERDICT_STORE, VERDICT_LIMIT)
    kept = store.get(key)
    if kept is not None:
        try:
            found = json.loads(kept)
        except ValueError:
            found = False
        if found is None:
            return None
        if isinstance(found, list) and len(found) == 2 and all(isinstance(s, str) for s in found):
            return Unusable(found[0], found[1])
    converted = svg_from(data, digest)
    refused = converted if isinstance(converted, Unusable) else None
    store.put(key, json.dumps(None if refused is None else [refused.reason, refused.hint]).encode())
    return refused


@functools.cache
def _verdict_signature() -> str:
    """What a verdict depends on besides the picture: this module's code and the versions of
    pnp and of the libraries that read and draw SVG."""
    return cache_folder.code_signature(__file__, libraries=("svglib", "lxml", "reportlab"))


def _convert(data: bytes) -> Drawing | Unusable:
    """Check an SVG's bytes and draw it (see the module docstring)."""
    if len(data) > SVG_MAX_BYTES:
        return Unusable(
            f"is an SVG of {len(data):,} bytes; pictures may have at most {SVG_MAX_BYTES:,}",
            "simplify it, or save it as PNG",
        )
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_blank_text=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        return Unusable(
            f"cannot be read as SVG: {exc.msg or 'not XML'}", "save it again as plain SVG"
        )
    problem = _refusal(root)
    if problem is not None:
        return problem
    return _draw(root)


def _refusal(root: Any) -> Unusable | None:
    """Why a parsed SVG is refused, or None when it draws only shapes of its own."""
    from lxml import etree

    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and (list(dtd.entities()) or list(dtd.elements())):
        # a plain <!DOCTYPE svg PUBLIC ...> is harmless: nothing is loaded
        return Unusable(
            "is an SVG that declares a DTD of its own (entities are not expanded)",
            "remove the [ ... ] part of its <!DOCTYPE>",
        )
    for node in (*root.itersiblings(preceding=True), *root.itersiblings()):
        if node.tag is etree.ProcessingInstruction:
            return Unusable(
                f"is an SVG with a processing instruction (<?{node.target} ...?>)", "remove it"
            )
    if _local(root.tag) != "svg":
        return Unusable(f"is XML but not SVG (its root is <{_local(root.tag)}>)", "save it as SVG")
    count = 0
    for node in root.iter():
        count += 1
        if count > SVG_MAX_ELEMENTS:
            return Unusable(
                f"is an SVG of more than {SVG_MAX_ELEMENTS:,} elements",
                "simplify it, or save it as PNG",
            )
        if node.tag is etree.Entity:
            return Unusable(
                f"is an SVG that uses an entity (&{node.name};)", "write the text out instead"
            )
        if node.tag is etree.ProcessingInstruction:
            return Unusable(
                f"is an SVG with a processing instruction (<?{node.target} ...?>)", "remove it"
            )
        if not isinstance(node.tag, str):  # a comment
            continue
        name = _local(node.tag)
        in_svg = node.tag.startswith(f"{{{SVG_NS}}}") or not node.tag.startswith("{")
        if name in SVG_REFUSED or (in_svg and name not in SVG_ALLOWED):
            return Unusable(
                f"is an SVG with a <{name}> element; pictures may use only shapes and groups",
                _HINTS.get(name, "remove it, or save the picture as PNG"),
            )
        for key, value in node.attrib.items():
            refused = _attribute(_local(key), value)
            if refused is not None:
                return refused
    return None


_HINTS = {
    "image": "embed no pictures in it: name a PNG as the card's art instead",
    "use": "unlink the clones (Inkscape: Edit > Clone > Unlink Clone)",
    "text": "convert the text to paths (Inkscape: Path > Object to Path)",
    "tspan": "convert the text to paths (Inkscape: Path > Object to Path)",
    "style": "set styles as attributes (Inkscape: save as Optimized SVG)",
}


def _attribute(name: str, value: str) -> Unusable | None:
    """Why one attribute is refused: a reference to another file or address."""
    if name == "href" and not value.strip().startswith("#"):
        shown = value if len(value) <= 60 else value[:59] + "…"
        return Unusable(
            f"is an SVG that refers to another file or address ({shown!r})",
            "pictures draw only what they hold; embed nothing by reference",
        )
    for target in _URL.findall(value):
        if not target.startswith("#"):
            return Unusable(
                f"is an SVG that refers to another file or address ({target!r})",
                "pictures draw only what they hold; embed nothing by reference",
            )
    if name == "style" and "@import" in value:
        return Unusable("is an SVG whose style imports another file", "remove the @import")
    return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _Captured(logging.Handler):
    """svglib's errors while drawing, kept rather than printed (its warnings, about what
    it leaves out, are not printed either)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _draw(root: Any) -> Drawing | Unusable:
    """A checked SVG tree as a reportlab drawing."""
    from svglib.svglib import SvgRenderer

    log = logging.getLogger("svglib.svglib")
    captured = _Captured()
    log.addHandler(captured)
    propagate, log.propagate = log.propagate, False
    try:
        drawing = SvgRenderer("").render(root)
    except Exception as exc:  # svglib on input it does not expect: a problem, not a crash
        return Unusable(
            f"is an SVG that cannot be drawn ({type(exc).__name__})", "save it again as plain SVG"
        )
    finally:
        log.removeHandler(captured)
        log.propagate = propagate
    errors = [m for m in captured.messages if m]
    if errors:
        return Unusable(
            f"is an SVG that cannot be drawn as it is: {errors[0]}", "save it again as plain SVG"
        )
    bounds = drawing.getBounds()
    if (
        not bounds
        or not all(math.isfinite(v) for v in bounds)
        or bounds[2] - bounds[0] <= 0
        or bounds[3] - bounds[1] <= 0
    ):
        return Unusable("is an SVG that draws nothing", "check that it has shapes")
    return drawing
