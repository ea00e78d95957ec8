"""`pnp build --html`: the game as a static proof site in `site/` of its kit.

Pages (each only where the game has what it shows):

- `index.html`: the game, its version, players and time, its components, links to every
  page and to the kit's PDFs;
- `cards.html`: every deck's cards as the kit draws them (front and back images made by the
  same renderers), their copies, printed words as text, and their data; a filter by deck,
  kind and words (`assets/site.js`, no framework); each card at `cards.html#<card id>`;
- `characters.html`: every board's two faces, its Bend, Cost and Signatures;
- `departures.html`: every door, its price and what it needs, and the Goals that name it;
- `rules.html`: the rulebook as semantic HTML (`site.rules`).

The site opens from the file system: no server, no request outside its folder, no web
fonts. Card images are encoded once and kept between builds (`export.kept`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup
from PIL import Image

from pnp.content.project import Game
from pnp.export import kept
from pnp.export.faces import Card as FaceCard
from pnp.export.faces import Faces, Parts, parts, png_bytes
from pnp.render.build import Output
from pnp.render.cards import Theme
from pnp.render.geometry import Geometry
from pnp.resources import TEMPLATES

FOLDER = "site"
CARD_PX = 360  # a card image's width: sharp at its size in the gallery on a dense screen
BOARD_PX = 1000
ASSETS = ("site.css", "site.js")


@cache
def _env() -> jinja2.Environment:
    """The site's templates (shipped with pnp, not content: content never reaches them as
    templates, only as escaped values)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES / "site")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@dataclass
class Site:
    """The files of one game's site, while it is made."""

    game: Game
    geo: Geometry
    parts: Parts
    faces: Faces
    live: str | None
    files: list[Output]
    jobs: list[tuple[str, Image.Image]]  # (path, image): PNGs encoded at the end
    fronts: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # card id -> image

    def image(self, path: str, image: Image.Image) -> str:
        self.jobs.append((path, image))
        return path

    def render(self, template: str, path: str, **values: Any) -> None:
        page = (
            _env()
            .get_template(template)
            .render(
                game=self.info(), nav=self.nav(), current=path, live=self.live, lang="en", **values
            )
        )
        self.files.append(Output(f"{FOLDER}/{path}", page.encode()))

    def info(self) -> dict[str, Any]:
        info = self.game.info
        facts: list[tuple[str, str]] = []
        if info is not None:
            p = info.players
            facts.append(("Players", f"{p.min}–{p.max}" if p.max != p.min else f"{p.min}"))
            if info.minutes is not None:
                m = info.minutes
                facts.append(
                    ("Time", f"{m.min}–{m.max} minutes" if m.max != m.min else f"{m.min} minutes")
                )
        return {
            "title": info.title if info else self.game.id,
            "version": info.version if info else "",
            "tagline": info.tagline if info else "",
            "facts": facts,
        }

    def nav(self) -> list[tuple[str, str]]:
        out = [("index.html", "Home")]
        if self.parts.decks:
            out.append(("cards.html", "Cards"))
        if self.game.archetypes:
            out.append(("characters.html", "Characters"))
        if self.game.doors:
            out.append(("departures.html", "Departures"))
        if self.has_rules():
            out.append(("rules.html", "Rules"))
        return out

    def has_rules(self) -> bool:
        return bool(self.game.files and self.game.files.rulebook())


def outputs(
    game: Game, geo: Geometry, kit: Sequence[Output] = (), live: str | None = None
) -> list[Output]:
    """Every file of the game's site; `kit` is the rest of the kit (its PDFs are linked);
    `live` a script the pages load (`pnp serve`'s reload), else none."""
    found = parts(game, geo, Theme())
    faces = Faces()
    faces.prepare(found.faces())
    site = Site(game, geo, found, faces, live, [], [])
    anchors = _cards(site)
    if game.archetypes:
        _characters(site)
    if game.doors:
        _departures(site, anchors)
    if site.has_rules():
        _rules(site, anchors)
    _index(site, kit)
    for name in ASSETS:
        site.files.append(
            Output(f"{FOLDER}/assets/{name}", (TEMPLATES / "site" / name).read_bytes())
        )
    encoded = kept.encode_all([(image, "png", png_bytes) for _, image in site.jobs])
    site.files += [
        Output(f"{FOLDER}/{path}", data) for (path, _), data in zip(site.jobs, encoded, strict=True)
    ]
    faces.close()
    return site.files


def _card_data(game: Game) -> dict[str, tuple[str, list[tuple[str, str]], str, str]]:
    """(kind, data, flavour, printed words) of each card and Goal of the model, by id."""
    from pnp.listing import card_details

    money = game.info.currency if game.info else None
    crime_types = {t.id: t.name for t in getattr(game, "crime_types", None) or ()}
    doors = {d.id: d.name for d in game.doors or ()}
    out: dict[str, tuple[str, list[tuple[str, str]], str, str]] = {}
    for card in game.cards or ():
        data: list[tuple[str, str]] = []
        kind = ""
        if money is not None:
            kind, details = card_details(card, crime_types, doors, money)
            data = [("Data", ", ".join(details))] if details else []
        out[card.id] = (kind or card.deck.id, data, card.flavour.strip(), card.text.printed)
    for goal in game.goals or ():
        named = ", ".join(doors.get(d.id, d.id) for d in goal.doors)
        words = goal.text.printed if goal.text else ""
        out[goal.id] = ("goal", [("Doors", named)] if named else [], "", words)
    return out


def _cards(site: Site) -> dict[str, str]:
    """cards.html; the anchor of every card, by the card's id (and its name)."""
    data = _card_data(site.game)
    anchors: dict[str, str] = {}
    decks: list[dict[str, Any]] = []
    kinds: set[str] = set()
    for deck in site.parts.decks:
        w, h = CARD_PX, round(CARD_PX * deck.size.height / deck.size.width)
        backs: dict[int, str] = {}
        cards = []
        for card in deck.cards:
            anchor = card.id if card.id not in anchors.values() else f"{deck.id}-{card.id}"
            anchors[card.id] = anchor
            anchors.setdefault(f"name:{card.name}", anchor)
            kind, facts, flavour, words = data.get(card.id, (deck.name, [], "", card.text))
            kinds.add(kind)
            front = site.image(
                f"img/{deck.id}/{card.id}.png", site.faces.image(card.front, deck.size, (w, h), 0.0)
            )
            site.fronts.setdefault(card.id, (front, w // 2, h // 2))
            if id(card.back) not in backs:
                backs[id(card.back)] = site.image(
                    f"img/{deck.id}/{card.back_id}-back.png",
                    site.faces.image(card.back, deck.size, (w, h), 0.0),
                )
            cards.append(
                _card(
                    card,
                    words,
                    deck.name,
                    anchor,
                    kind,
                    facts,
                    flavour,
                    front,
                    backs[id(card.back)],
                    w,
                    h,
                )
            )
        decks.append({"id": deck.id, "name": deck.name, "total": deck.total, "cards": cards})
    total = sum(int(d["total"]) for d in decks)
    site.render(
        "cards.html",
        "cards.html",
        page_title="Cards",
        decks=decks,
        kinds=sorted(kinds),
        total=total,
        total_faces=sum(len(d["cards"]) for d in decks),
    )
    return anchors


def _card(
    card: FaceCard,
    text: str,
    deck: str,
    anchor: str,
    kind: str,
    facts: list[tuple[str, str]],
    flavour: str,
    front: str,
    back: str,
    w: int,
    h: int,
) -> dict[str, Any]:
    words = " ".join((card.name, kind, deck, text, flavour, *(v for _, v in facts)))
    return {
        "anchor": anchor,
        "name": card.name,
        "kind": kind,
        "count": card.count,
        "text": text,
        "flavour": flavour,
        "data": facts,
        "front": front,
        "back": back,
        "front_alt": f"{card.name}, the front of the card",
        "back_alt": f"the back of {deck}",
        "width": w,
        "height": h,
        "search": words,
    }


def _characters(site: Site) -> None:
    tiles = {t.item.id: t for t in site.parts.tiles}
    boards = []
    for arch in site.game.archetypes or ():
        tile = tiles.get(arch.id)
        faces = []
        if tile is not None:
            w, h = BOARD_PX, round(BOARD_PX * tile.size.height / tile.size.width)
            # the woman's face in front, the man's behind, as the boards print them
            people = sorted(arch.diplomats, key=lambda d: d.face != "woman")
            for side, draw, who in (
                ("front", tile.item.front, people[0] if people else None),
                ("back", tile.item.back, people[-1] if people else None),
            ):
                src = site.image(
                    f"img/boards/{arch.id}-{side}.png",
                    site.faces.image(draw, tile.size, (w, h), 0.0),
                )
                name = who.name if who else arch.name
                faces.append(
                    {
                        "src": src,
                        "width": w // 2,
                        "height": h // 2,
                        "alt": f"{name}'s side of the {arch.name} board",
                        "caption": f"{name} ({side})",
                    }
                )
        abilities = [
            ("Bend", arch.bend.name, arch.bend.text.printed),
            ("Cost", arch.cost.name, arch.cost.text.printed),
            *(
                (f"{d.name}'s Signature", d.signature.name, d.signature.text.printed)
                for d in arch.diplomats
            ),
        ]
        boards.append({"id": arch.id, "name": arch.name, "faces": faces, "abilities": abilities})
    site.render("characters.html", "characters.html", page_title="Characters", boards=boards)


def _departures(site: Site, anchors: dict[str, str]) -> None:
    game = site.game
    money = game.info.currency.format if game.info else str
    doors = []
    for door in game.doors or ():
        goals = [
            {"name": g.name, "anchor": anchors.get(g.id, g.id)}
            for g in game.goals or ()
            if any(d.id == door.id for d in g.doors)
        ]
        doors.append(
            {
                "id": door.id,
                "name": door.name,
                "price": money(door.price) if door.price else "free",
                "text": door.board.printed or door.text.printed,
                "goals": goals,
            }
        )
    site.render("departures.html", "departures.html", page_title="Departures", doors=doors)


def _rules(site: Site, anchors: dict[str, str]) -> None:
    from pnp.rulebook import book as rb
    from pnp.rulebook import faces as rb_faces
    from pnp.rulebook.blocks import Face
    from pnp.rulebook.document import Figure, walk
    from pnp.site.rules import Page

    book = rb.load(site.game)
    theme = Theme()
    pictured: dict[str, tuple[str, int, int]] = {}

    # every card the book pictures, drawn at once into one document (see `Faces.prepare`)
    def shown(face: Face) -> tuple[str, int, int] | None:
        """The gallery's image of a pictured face: a card's front or a Goal's."""
        key = face.goal.id if face.goal else face.card.id if face.card and not face.back else ""
        return site.fronts.get(key)

    # every other face the book pictures, drawn at once into one document (`Faces.prepare`)
    drawers = {
        face.anchor: rb_faces.face_drawer(site.game, site.geo, face, theme)
        for node in walk(book.nodes)
        if isinstance(node, Figure) and node.kind == "cards"
        for face in node.data
        if shown(face) is None
    }
    site.faces.prepare(drawers.values())

    def picture(face: Face) -> tuple[str, int, int]:
        found = shown(face)
        if found is not None:
            return found
        if face.anchor not in pictured:
            if face.anchor not in drawers:
                drawers[face.anchor] = rb_faces.face_drawer(site.game, site.geo, face, theme)
            draw, size = drawers[face.anchor]
            w, h = CARD_PX, round(CARD_PX * size.height / size.width)
            path = site.image(
                f"img/rules/{face.anchor}.png", site.faces.image(draw, size, (w, h), 0.0)
            )
            pictured[face.anchor] = (path, w // 2, h // 2)
        return pictured[face.anchor]

    def card_anchor(face: Face) -> str | None:
        if face.card is not None:
            return anchors.get(face.card.id)
        if face.goal is not None:
            return anchors.get(face.goal.id)
        return None

    page = Page(site.game, site.geo, card_anchor, picture)
    page.nodes(book.nodes)
    for path, image in page.images:
        site.image(path, image)
    site.render(
        "rules.html",
        "rules.html",
        page_title="Rules",
        heading=f"{site.info()['title']}: the rules",
        contents=page.contents,
        body=Markup("\n".join(page.out)),
    )


def _index(site: Site, kit: Sequence[Output]) -> None:
    game = site.game
    components = []
    if game.components is not None:
        for item in game.components.items:
            components.append(
                {
                    "name": item.name,
                    "count": item.count,
                    "detail": getattr(item, "detail", "") or "",
                }
            )
    about = {
        "cards.html": "every card, front and back, with its words and data; search and filter",
        "characters.html": "every character board, both sides, with its Bend, Cost and Signatures",
        "departures.html": "every door out, its price and conditions, and the Goals that name it",
        "rules.html": "the rulebook, with its pictures and links",
    }
    pages = [(href, label, about[href]) for href, label in site.nav() if href in about]
    files = [
        {"path": o.path, "href": f"../{o.path}", "pages": o.pages}
        for o in kit
        if o.path.endswith(".pdf") and "/" not in o.path
    ]
    site.render(
        "index.html",
        "index.html",
        page_title="Home",
        pages=pages,
        components=components,
        files=files,
    )
