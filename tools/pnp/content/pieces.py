"""Games played with a standard 52-card deck: which playing cards stand for which piece
(`standard-deck`), and the roles players can be (`roles`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pnp.content.loader import Document
from pnp.content.model import Ref, Src


class Suit(enum.StrEnum):
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}[self.value]


RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass(frozen=True, slots=True, order=True)
class PlayingCard:
    """One card of a standard 52-card deck."""

    suit: Suit
    rank: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.symbol}"


STANDARD_DECK: tuple[PlayingCard, ...] = tuple(PlayingCard(s, r) for s in Suit for r in RANKS)


@dataclass(frozen=True, slots=True)
class Piece:
    """A kind of game piece and the playing cards that stand for it."""

    id: str
    name: str
    cards: tuple[PlayingCard, ...]
    src: Src = field(compare=False, repr=False)
    art: Ref | None = None  # its picture on its printable cards (and its role's)


@dataclass(frozen=True, slots=True)
class Role:
    """Who a player can be and how they win."""

    id: str
    name: str
    piece: Ref | None
    variant: Ref | None
    wins: str
    src: Src = field(compare=False, repr=False)
    art: Ref | None = None  # its picture on the roles card; else its piece's


def build_pieces(doc: Document) -> tuple[Piece, ...]:
    """The pieces from a schema-valid standard-deck document, with their cards expanded."""
    pieces = []
    for i, p in enumerate(doc.data["pieces"]):
        cards: list[PlayingCard] = []
        for spec in p["cards"]:
            if "suits" in spec:
                suits = [Suit(s) for s in spec["suits"]]
            else:
                suits = [s for s in Suit if s.red == (spec["colour"] == "red")]
            ranks = [str(r) for r in spec["ranks"]]
            cards.extend(PlayingCard(s, r) for s in suits for r in ranks)
        ordered = sorted(set(cards), key=lambda c: (list(Suit).index(c.suit), RANKS.index(c.rank)))
        pieces.append(
            Piece(
                p["id"],
                p["name"],
                tuple(ordered),
                Src.at(doc, ("pieces", i)),
                _art(doc, ("pieces", i), p),
            )
        )
    return tuple(pieces)


def build_roles(doc: Document) -> tuple[Role, ...]:
    """The roles from a schema-valid roles document."""
    out = []
    for i, r in enumerate(doc.data["roles"]):
        p = ("roles", i)
        out.append(
            Role(
                r["id"],
                r["name"],
                Ref(r["piece"], Src.at(doc, (*p, "piece"))) if "piece" in r else None,
                Ref(r["variant"], Src.at(doc, (*p, "variant"))) if "variant" in r else None,
                r["wins"],
                Src.at(doc, p),
                _art(doc, p, r),
            )
        )
    return tuple(out)


def _art(doc: Document, path: tuple[str | int, ...], data: dict[str, object]) -> Ref | None:
    """The picture an entry names (`art:`), where it names it."""
    rel = data.get("art")
    return Ref(rel, Src.at(doc, (*path, "art"))) if isinstance(rel, str) else None
