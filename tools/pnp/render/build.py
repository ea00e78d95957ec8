"""`pnp build`: every print-and-play file of a game, gathered in memory, then written.

Read as a short sequence: (1) render every document for every paper into memory, from the
snapshot the check read; (2) if anything failed, write nothing; (3) write the files and
their manifest as one kit, swapped into place whole (`kit.py`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.content.cards import Card
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.render import cards as card_faces
from pnp.render import kit, pdf, sheets
from pnp.render.geometry import Geometry, Size
from pnp.render.sheets import Group, Item
from pnp.render.units import mm

PAPERS = ("a4", "letter")


class RenderError(Exception):
    """A part of the kit could not be drawn from content the check passed: the build
    stops and writes nothing, rather than print a kit with a part missing."""

    def __init__(self, what: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(f"{what} could not be rendered")
        self.what = what
        self.diagnostics = list(diagnostics)


@dataclass(frozen=True, slots=True)
class Options:
    """What `pnp build` was asked for."""

    papers: tuple[str, ...] = PAPERS
    ink_saver: bool = False
    png: bool = False
    html: bool = False  # the proof site, site/ (`pnp.site`)
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)


@dataclass(slots=True)
class Output:
    """One file to write, with what the manifest says of it."""

    path: str  # relative to the game's output folder
    data: bytes
    pages: int = 0
    paper: str = ""
    contents: dict[str, Any] = field(default_factory=dict)


def card_groups(game: Game, geo: Geometry, theme: card_faces.Theme) -> list[Group]:
    """Every deck of a card game as printable items (each copy once), in the order of the
    components list."""
    layouts = geo.layouts
    if game.cards is None and game.goals is None:
        return []
    decks = game.components.decks() if game.components else {}
    by_deck: dict[str, list[Card]] = {}
    for card in game.cards or ():
        by_deck.setdefault(card.deck.id, []).append(card)
    groups: list[Group] = []
    boards: dict[str, sheets.DrawFace] = {}  # a back of its own, drawn once however many carry it
    for deck_id, deck in decks.items():
        items: list[Item] = []
        back = _back(game, deck_id, deck.name, theme)
        if game.goals and deck_id == "goals":
            for goal in game.goals:
                items.append(
                    Item(
                        goal.id,
                        _goal_front(game, goal, layouts["goal"], theme),
                        back,
                        goal.name,
                        _goal_words(game, goal),
                    )
                )
        for card in by_deck.get(deck_id, ()):
            front = (
                sheets.reusable(_front(game, card, card_faces.layout_for(card, layouts), theme))
                if card.count > 1
                else _front(game, card, card_faces.layout_for(card, layouts), theme)
            )
            card_back = back
            if card.back:
                if card.back not in boards:
                    boards[card.back] = _board_back(game, card.back, layouts["reference"], theme)
                card_back = boards[card.back]
            items += [
                Item(
                    f"{card.id}-{n}" if card.count > 1 else card.id,
                    front,
                    card_back,
                    card.name,
                    card.text.printed,
                )
                for n in range(1, card.count + 1)
            ]
        if items:
            groups.append(Group(deck.name, tuple(items)))
    return groups


def _goal_words(game: Game, goal: Any) -> str:
    """A Goal card's words as a line of plain text: its condition and the doors it allows."""
    names = {d.id: d.name for d in game.doors or ()}
    doors = ", ".join(names.get(r.id, r.id) for r in goal.doors)
    text = goal.text.printed if goal.text else ""
    return f"{text} Doors: {doors}." if doors else text


def _front(game: Game, card: Card, layout: Any, theme: card_faces.Theme) -> sheets.DrawFace:
    def draw(canvas: Canvas, size: Size) -> None:
        card_faces.draw_front(canvas, size, game, card, layout, theme)

    return draw


def _goal_front(game: Game, goal: Any, layout: Any, theme: card_faces.Theme) -> sheets.DrawFace:
    def draw(canvas: Canvas, size: Size) -> None:
        card_faces.draw_goal(canvas, size, game, goal, layout, theme)

    return draw


def _back(game: Game, deck_id: str, name: str, theme: card_faces.Theme) -> sheets.DrawFace:
    def draw(canvas: Canvas, size: Size) -> None:
        card_faces.draw_back(canvas, size, game, deck_id, name, theme)

    return sheets.reusable(draw)


def _board_back(game: Game, name: str, layout: Any, theme: card_faces.Theme) -> sheets.DrawFace:
    """The Departures board on a card's back; `name` (the card's `back`) names its PNG."""

    def draw(canvas: Canvas, size: Size) -> None:
        card_faces.draw_departures_board(canvas, size, game, layout, theme)

    draw.pnp_name = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")  # type: ignore[attr-defined]
    return sheets.reusable(draw)


def _title(game: Game) -> str:
    return game.info.label if game.info else game.id


def card_outputs(game: Game, geo: Geometry, opts: Options) -> list[Output]:
    """cards-<paper>.pdf (duplex) and cards-gutterfold-<paper>.pdf for each paper."""
    return card_files(game, geo, opts, card_groups(game, geo, card_faces.Theme(opts.ink_saver)))


def card_files(game: Game, geo: Geometry, opts: Options, groups: Sequence[Group]) -> list[Output]:
    """The card PDFs of any game's card groups: cards-<paper>.pdf (a duplex registration
    test, then fronts and mirrored backs, both printed with the back offset) and
    cards-gutterfold-<paper>.pdf for each paper, each on its paper's imposition."""
    if not groups or geo.marks is None:
        return []
    marks = geo.marks
    title = _title(game)
    contents = {"decks": {g.name: len(g.items) for g in groups}}
    offset = (mm(opts.back_offset_mm[0]), mm(opts.back_offset_mm[1]))
    out: list[Output] = []
    for paper_id in opts.papers:
        paper = geo.papers[paper_id]
        imp = sheets.imposition(geo.impositions, "cards", paper_id)

        def duplex(canvas: Canvas, paper: Any = paper, imp: Any = imp) -> int:
            pages = sheets.registration_pages(canvas, imp, paper, marks, title, opts.flip, offset)
            return pages + sheets.sheet_pages(
                canvas, groups, imp, paper, marks, title, opts.flip, offset
            )

        data, pages = pdf.render(
            paper.width,
            paper.height,
            f"{title}: cards ({paper.name})",
            duplex,
            "cards, fronts and backs for duplex printing",
        )
        out.append(Output(f"cards-{paper_id}.pdf", data, pages, paper_id, contents))
        fold = sheets.imposition(geo.impositions, "gutterfold", paper_id)

        def gutter(canvas: Canvas, paper: Any = paper, fold: Any = fold) -> int:
            return sheets.gutterfold_pages(canvas, groups, fold, paper, marks, title)

        data, pages = pdf.render(
            paper.width,
            paper.height,
            f"{title}: cards, gutterfold ({paper.name})",
            gutter,
            "cards, front and back side by side",
        )
        out.append(Output(f"cards-gutterfold-{paper_id}.pdf", data, pages, paper_id, contents))
    return out


Renderer = Callable[[Game, Geometry, Options], list[Output]]


def write_game(game: Game, outputs: Sequence[Output], folder: Path) -> dict[str, Any]:
    """Replace the kit in `folder` with these files and their manifest, whole (see
    `kit.write`); returns the manifest."""
    files = []
    for o in outputs:
        digest = hashlib.sha256(o.data).hexdigest()
        entry: dict[str, Any] = {"path": o.path, "sha256": digest, "bytes": len(o.data)}
        if o.path.endswith(".pdf"):
            entry.update(pages=o.pages, paper=o.paper)
        if o.contents:
            entry["contents"] = o.contents
        files.append(entry)
    manifest = {
        "game": game.id,
        "title": game.info.title if game.info else game.id,
        "version": game.info.version if game.info else "",
        "files": files,
        "credits": _credits(game),
    }
    text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    kit.write(folder, [*((o.path, o.data) for o in outputs), (kit.MANIFEST, text.encode())])
    return manifest


def kept_files(folder: Path, replaced: Sequence[str]) -> list[Output]:
    """The files of the kit in `folder` that an export keeps: every file its manifest lists
    outside the `replaced` folders, read back and checked against the manifest's digest.

    A kit whose files were changed or deleted since it was written is not added to
    (WriteError naming the file): pnp never writes a manifest that lies."""
    path = folder / kit.MANIFEST
    if not path.is_file():
        return []
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        entries = list(manifest["files"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise kit.WriteError(f"{path} cannot be read as a kit's manifest ({exc})") from None
    out = []
    for entry in entries:
        rel = str(entry["path"])
        if any(rel.startswith(prefix) for prefix in replaced):
            continue
        try:
            data = (folder / rel).read_bytes()
        except OSError as exc:
            raise kit.WriteError(
                f"{folder / rel} is listed in the kit's manifest but cannot be read "
                f"({exc.strerror}); run pnp build again"
            ) from None
        if hashlib.sha256(data).hexdigest() != entry.get("sha256"):
            raise kit.WriteError(
                f"{folder / rel} was changed since pnp wrote it; run pnp build again"
            )
        out.append(
            Output(
                rel,
                data,
                int(entry.get("pages", 0)),
                str(entry.get("paper", "")),
                dict(entry.get("contents", {})),
            )
        )
    return out


def _credits(game: Game) -> list[dict[str, str]]:
    """The manifest's credits: who made each picture the kit prints, under which licence,
    and where it comes from (with what was changed, when the credit says)."""
    from pnp.content.assets import used_credits

    out = []
    for c in used_credits(game):
        entry = {
            "file": c.file,
            "title": c.title,
            "author": c.author,
            "licence": c.licence,
            "source": c.source,
        }
        if c.changes:
            entry["changes"] = c.changes
        out.append(entry)
    return out
