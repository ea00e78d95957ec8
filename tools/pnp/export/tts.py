"""`pnp export --target tts`: the whole game as one Tabletop Simulator saved object.

What is written, under `export/tts/`:

- `images/<deck>-<n>.jpg`: each deck's faces on sheets of at most 10 x 7 slots and at most
  4096 px a side (the card resolution is the largest that fits, up to 300 dpi), one sheet
  per back the deck's cards carry, and `images/<deck>-<back>.jpg` for that back;
- `images/<tile>-front.jpg` and `-back.jpg` for each double-sided board (a Custom Tile);
- `images/<token>.png` for each kind of coin or chip: a transparent PNG cut to the piece's
  shape (Tabletop Simulator cuts a Custom Token from the image's alpha); a piece whose two
  faces differ is a round or square Custom Tile instead, which shows both;
- `<game>-rulebook.pdf`, the illustrated rulebook, as a Custom PDF object;
- `<game>.json` (the saved object: `ObjectStates` with every deck as a `Deck` whose
  `DeckIDs` repeat each card once per copy, the boards, the stacks of tokens with their
  counts and the rulebook, laid out for four players) and `<game>.png`, its thumbnail.

Image URLs are `file:///` paths of the files where the export is written, or, with
`--base-url URL`, the same relative paths under URL (upload the `tts` folder there).
Every card carries its name (`Nickname`) and its printed words (`Description`), so a player
can search the deck at the virtual table. The same content gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from pnp.export import kept
from pnp.export.faces import Card, Deck, Faces, Parts, jpeg_bytes, png_bytes
from pnp.render.build import Output
from pnp.render.pieces import Tile, Token
from pnp.render.units import PT_PER_IN

MAX_SIDE = 4096  # pixels: the largest image Tabletop Simulator loads
MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_CARDS = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is left free, as the game's own decks do
CARD_DPI = 300  # the finest a card is drawn at, when the sheet has room
TILE_DPI = 200
TOKEN_PX = 256
FOLDER = "export/tts"

# Where a seat sits (x, z) and how a thing there is turned to face it, for four players.
SEATS = ((0.0, -13.0, 0.0), (19.0, 0.0, 270.0), (0.0, 13.0, 180.0), (-19.0, 0.0, 90.0))


@dataclass(frozen=True, slots=True)
class Sheet:
    """One face sheet of a deck: which cards are on it, its grid and card size."""

    key: int  # the CustomDeck key: a card's id is key * 100 + its slot
    file: str
    back_file: str
    cards: tuple[Card, ...]
    columns: int
    rows: int
    card_px: tuple[int, int]


def grid(n: int) -> tuple[int, int]:
    """Columns and rows for `n` cards: one row of up to ten, then more rows; at least 2 x 2
    for more than one card (the smallest grid the game's deck importer offers)."""
    if n <= 1:
        return 1, 1
    columns = max(2, min(MAX_COLUMNS, n))
    return columns, max(2, math.ceil(n / columns))


def card_pixels(width: float, height: float, columns: int, rows: int) -> tuple[int, int]:
    """The largest card image (width, height) whose sheet fits MAX_SIDE both ways, at most
    CARD_DPI, keeping the card's proportions."""
    w = min(
        round(width / PT_PER_IN * CARD_DPI),
        MAX_SIDE // columns,
        int(MAX_SIDE // rows * width / height),
    )
    return w, round(w * height / width)


def _jpeg(image: Image.Image) -> bytes:
    """JPEG bytes, kept between exports (`kept`)."""
    return kept.encode(image, "jpeg 90", jpeg_bytes)


def _png(image: Image.Image) -> bytes:
    """PNG bytes, kept between exports (`kept`)."""
    return kept.encode(image, "png", png_bytes)


def _guid(*parts: str) -> str:
    """A stable six-hex-digit GUID, as the game writes them."""
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:6]


def _transform(
    x: float,
    z: float,
    y: float = 1.0,
    rot_y: float = 0.0,
    face_down: bool = False,
    scale: float = 1.0,
) -> dict[str, float]:
    return {
        "posX": round(x, 3),
        "posY": round(y, 3),
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": rot_y,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }


def _object(
    name: str, guid: str, transform: dict[str, float], nickname: str = "", description: str = ""
) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "HideWhenFaceDown": name in ("Card", "Deck"),
        "Hands": name in ("Card", "Deck"),
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


class Export:
    """Builds the images and the saved object of one game."""

    def __init__(self, game_id: str, parts: Parts, faces: Faces, base_url: str) -> None:
        self.game_id = game_id
        self.parts = parts
        self.faces = faces
        self.base_url = base_url.rstrip("/")
        self.files: list[Output] = []
        self.written: dict[str, str] = {}  # sha256 of a file's bytes -> its URL
        self.next_key = 1

    def url(self, name: str) -> str:
        return f"{self.base_url}/{name}"

    def add(self, name: str, data: bytes, contents: dict[str, Any] | None = None) -> str:
        """Write `data` as `name` and give its URL; an image already written under another
        name (the back every Favor chip shares) is not written twice: its URL is given."""
        digest = hashlib.sha256(data).hexdigest()
        if digest in self.written:
            return self.written[digest]
        self.files.append(Output(f"{FOLDER}/{name}", data, contents=contents or {}))
        url = self.written[digest] = self.url(name)
        return url

    # ---- decks -----------------------------------------------------------------------------

    def sheets(self, deck: Deck) -> list[Sheet]:
        """The deck's face sheets: its cards grouped by back, MAX_CARDS to a sheet."""
        by_back: dict[str, list[Card]] = {}
        for card in deck.cards:
            by_back.setdefault(card.back_id, []).append(card)
        out: list[Sheet] = []
        many = len(deck.cards) > MAX_CARDS or len(by_back) > 1
        for back_id, cards in by_back.items():
            for start in range(0, len(cards), MAX_CARDS):
                chunk = tuple(cards[start : start + MAX_CARDS])
                columns, rows = grid(len(chunk))
                n = len(out) + 1
                out.append(
                    Sheet(
                        self.next_key,
                        f"images/{deck.id}-{n}.jpg" if many else f"images/{deck.id}.jpg",
                        f"images/{deck.id}-{back_id}.jpg",
                        chunk,
                        columns,
                        rows,
                        card_pixels(deck.size.width, deck.size.height, columns, rows),
                    )
                )
                self.next_key += 1
        return out

    def draw_sheet(self, deck: Deck, sheet: Sheet) -> tuple[str, str]:
        """The sheet's face image and its back image; their URLs."""
        cw, ch = sheet.card_px
        image = Image.new("RGB", (cw * sheet.columns, ch * sheet.rows), "white")
        for slot, card in enumerate(sheet.cards):
            face = self.faces.image(card.front, deck.size, (cw, ch), 0.0)
            image.paste(face, ((slot % sheet.columns) * cw, (slot // sheet.columns) * ch))
        contents = {
            "deck": deck.name,
            "grid": [sheet.columns, sheet.rows],
            "card": [cw, ch],
            "cards": [c.id for c in sheet.cards],
        }
        face_url = self.add(sheet.file, _jpeg(image), contents)
        back = self.faces.image(sheet.cards[0].back, deck.size, (cw, ch), 0.0)
        return face_url, self.add(sheet.back_file, _jpeg(back), {"back of": deck.name})

    def deck_object(self, deck: Deck, x: float, z: float) -> dict[str, Any]:
        """A `Deck` (or a lone `Card`) of every copy of every card, face down."""
        custom: dict[str, dict[str, Any]] = {}
        contained: list[dict[str, Any]] = []
        ids: list[int] = []
        for sheet in self.sheets(deck):
            face_url, back_url = self.draw_sheet(deck, sheet)
            entry = {
                "FaceURL": face_url,
                "BackURL": back_url,
                "NumWidth": sheet.columns,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            custom[str(sheet.key)] = entry
            for slot, card in enumerate(sheet.cards):
                card_id = sheet.key * 100 + slot
                for copy in range(card.count):
                    ids.append(card_id)
                    obj = _object(
                        "Card",
                        _guid(self.game_id, deck.id, card.id, str(copy)),
                        _transform(x, z, face_down=True),
                        card.name,
                        card.text,
                    )
                    obj.update(
                        CardID=card_id, SidewaysCard=False, CustomDeck={str(sheet.key): entry}
                    )
                    contained.append(obj)
        if len(contained) == 1:
            return contained[0]
        deck_obj = _object(
            "Deck",
            _guid(self.game_id, deck.id),
            _transform(x, z, face_down=True),
            deck.name,
            f"{deck.total} cards",
        )
        deck_obj.update(
            SidewaysCard=False, DeckIDs=ids, CustomDeck=custom, ContainedObjects=contained
        )
        return deck_obj

    # ---- tiles and tokens ------------------------------------------------------------------

    def tile_object(
        self, tile: Tile, x: float, z: float, rot_y: float, y: float = 1.0
    ) -> dict[str, Any]:
        """A double-sided board as a Custom Tile (its image stretched to its proportions)."""
        size = tile.size
        w = round(size.width / PT_PER_IN * TILE_DPI)
        h = round(size.height / PT_PER_IN * TILE_DPI)
        item = tile.item
        front = self.add(
            f"images/{item.id}-front.jpg",
            _jpeg(self.faces.image(item.front, size, (w, h), 0.0)),
            {"tile": item.name or item.id, "side": "front"},
        )
        back = self.add(
            f"images/{item.id}-back.jpg",
            _jpeg(self.faces.image(item.back, size, (w, h), 0.0)),
            {"tile": item.name or item.id, "side": "back"},
        )
        obj = _object(
            "Custom_Tile",
            _guid(self.game_id, "tile", item.id),
            _transform(x, z, y, rot_y, scale=size.width / PT_PER_IN / 2),
            item.name or item.id,
            item.text,
        )
        obj["CustomImage"] = {
            "ImageURL": front,
            "ImageSecondaryURL": back,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True},
        }
        return obj

    def token_image(self, token: Token, front: bool = True) -> Image.Image:
        """The piece's face cut to its shape: transparent outside its cut line."""
        draw = token.front if front else token.back
        face = self.faces.image(draw, token.size, (TOKEN_PX, TOKEN_PX), 0.0).convert("RGBA")
        if token.shape == "round":
            mask = Image.new("L", (TOKEN_PX * 4, TOKEN_PX * 4), 0)
            ImageDraw.Draw(mask).ellipse((0, 0, TOKEN_PX * 4 - 1, TOKEN_PX * 4 - 1), fill=255)
            face.putalpha(mask.resize((TOKEN_PX, TOKEN_PX), Image.Resampling.LANCZOS))
        return face

    def token_object(self, token: Token, x: float, z: float) -> dict[str, Any]:
        """A stack of `count` pieces: a Custom Token (one face, both sides) or, when its two
        faces differ, a Custom Tile of its shape (which shows both)."""
        scale = token.size.width / PT_PER_IN
        same = token.front is token.back
        front = self.add(
            f"images/{token.id}.png",
            _png(self.token_image(token)),
            {"token": token.name, "count": token.count},
        )
        if same:
            name = "Custom_Token_Stack" if token.count > 1 else "Custom_Token"
            image: dict[str, Any] = {
                "ImageURL": front,
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomToken": {
                    "Thickness": 0.2,
                    "MergeDistancePixels": 15.0,
                    "StandUp": False,
                    "Stackable": True,
                },
            }
        else:
            back = self.add(
                f"images/{token.id}-back.png",
                _png(self.token_image(token, front=False)),
                {"token": token.name, "side": "back"},
            )
            name = "Custom_Tile_Stack" if token.count > 1 else "Custom_Tile"
            image = {
                "ImageURL": front,
                "ImageSecondaryURL": back,
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {
                    "Type": 2 if token.shape == "round" else 0,
                    "Thickness": 0.2,
                    "Stackable": True,
                    "Stretch": True,
                },
            }
        obj = _object(
            name,
            _guid(self.game_id, "token", token.id),
            _transform(x, z, scale=scale),
            token.name,
            f"{token.count} x {token.group}",
        )
        obj["CustomImage"] = image
        if token.count > 1:
            obj["Number"] = token.count
        return obj

    # ---- the whole table -------------------------------------------------------------------

    def objects(self, rulebook: bytes | None) -> list[dict[str, Any]]:
        """Every object, laid out for four players: decks in the middle, a board at each
        seat (the rest stacked beside the decks), the bank's coins and chips in a row, each
        seat's own pieces before it, the rulebook to one side."""
        out: list[dict[str, Any]] = []
        decks = self.parts.decks
        for i, deck in enumerate(decks):
            out.append(self.deck_object(deck, (i - (len(decks) - 1) / 2) * 3.2, 0.0))
        for i, tile in enumerate(self.parts.tiles):
            if i < len(SEATS):
                sx, sz, rot = SEATS[i]
                out.append(self.tile_object(tile, sx, sz, rot))
            else:  # the boards no one plays this time, stacked beside the decks
                out.append(self.tile_object(tile, -12.0, 6.0, 0.0, 1.0 + 0.3 * (i - len(SEATS))))
        seats: dict[str, int] = {}  # seat colour -> its place at the table
        placed: dict[str, int] = {}  # seat colour -> its pieces placed so far
        bank = aside = 0
        for token in self.parts.tokens:
            if token.seat is None:  # the bank's: a row between the decks and the first seat
                x, z = (bank - 4) * 1.6, -5.0
                bank += 1
            elif seats.setdefault(token.seat, len(seats)) < len(SEATS):
                sx, sz, _ = SEATS[seats[token.seat]]
                k = placed[token.seat] = placed.get(token.seat, 0) + 1
                # in a row before the seat's board, toward the middle of the table
                r = math.hypot(sx, sz)
                ux, uz = -sx / r, -sz / r  # toward the middle
                along, inward = (k - 3) * 1.3, 3.4
                x, z = sx + inward * ux - along * uz, sz + inward * uz + along * ux
            else:  # the colours no one plays this time: set aside
                x, z = 14.0 + (aside % 6) * 1.3, 9.0 + (aside // 6) * 1.3
                aside += 1
            out.append(self.token_object(token, x, z))
        if rulebook is not None:
            url = self.add(f"{self.game_id}-rulebook.pdf", rulebook, {"rulebook": "illustrated"})
            obj = _object(
                "Custom_PDF",
                _guid(self.game_id, "rulebook"),
                _transform(-26.0, 0.0),
                f"{self.parts.title}: rules",
                "the illustrated rulebook",
            )
            obj["CustomPDF"] = {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0}
            out.append(obj)
        return out

    def thumbnail(self) -> bytes:
        """The saved object's picture: the first card's front (or board), on a square."""
        image = Image.new("RGB", (256, 256), "white")
        face = None
        if self.parts.decks and self.parts.decks[0].cards:
            deck = self.parts.decks[0]
            w, h = card_pixels(deck.size.width, deck.size.height, 1, 1)
            face = self.faces.image(deck.cards[0].front, deck.size, (w, h), 0.0)
        elif self.parts.tiles:
            t = self.parts.tiles[0]
            face = self.faces.image(t.item.front, t.size, (512, 256), 0.0)
        if face is not None:
            face = face.copy()  # the face is shared (`Faces.image`): never changed in place
            face.thumbnail((256, 256), Image.Resampling.LANCZOS)
            image.paste(face, ((256 - face.width) // 2, (256 - face.height) // 2))
        return png_bytes(image)


def outputs(
    game_id: str,
    parts: Parts,
    faces: Faces,
    rulebook: bytes | None,
    folder: Path,
    base_url: str | None = None,
) -> list[Output]:
    """Every file of the Tabletop Simulator export of one game; `folder` is where
    `export/tts/` will be once written (for the `file:///` URLs)."""
    root = base_url or (folder / FOLDER).resolve().as_uri()
    export = Export(game_id, parts, faces, root)
    objects = export.objects(rulebook)
    save = {
        "SaveName": parts.title,
        "GameMode": parts.title,
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "ObjectStates": objects,
    }
    text = json.dumps(save, indent=2, ensure_ascii=False) + "\n"
    counts = {d.name: d.total for d in parts.decks}
    export.files.append(
        Output(f"{FOLDER}/{game_id}.json", text.encode(), contents={"decks": counts})
    )
    export.files.append(Output(f"{FOLDER}/{game_id}.png", export.thumbnail()))
    return export.files
