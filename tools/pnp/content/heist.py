"""Standard-deck games (Diamond Heist): which cards are which piece, roles, and the treasure."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from pnp.content.loader import Document
from pnp.content.model import Range, Ref, Src


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


@dataclass(frozen=True, slots=True)
class Count:
    """How many of one piece (or by how many a variant changes it)."""

    piece: Ref
    n: int


@dataclass(frozen=True, slots=True)
class TreasureRow:
    """The treasure's role cards and the Boss's apologies at one player count."""

    players: int
    roles: tuple[Count, ...]
    apologies: int
    advanced: bool
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Variant:
    """An optional rule that changes the treasure or the apologies."""

    id: str
    name: str
    players: Range
    roles: tuple[Count, ...]
    apologies: int
    excludes: tuple[Ref, ...]
    note: str
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class HeistRules:
    """The treasure rules of Diamond Heist."""

    diamonds: int
    diamond_piece: Ref
    apology_piece: Ref
    boss_hides: Range
    first_player_may_hide: int
    treasure: tuple[TreasureRow, ...]
    variants: tuple[Variant, ...]
    treasure_src: Src
    src: Src = field(compare=False, repr=False)

    def row(self, players: int) -> TreasureRow | None:
        """The table row for a player count."""
        return next((r for r in self.treasure if r.players == players), None)

    def setup(self, players: int, variants: Iterable[str] = ()) -> tuple[dict[str, int], int]:
        """Cards needed at a player count with some variants: ({piece: n}, apologies).

        Diamonds are included under the diamond piece; apologies are returned separately
        because they lie before the Boss, not in the treasure. Counts may come out negative
        when a variant does not fit; the checks report that.
        """
        row = self.row(players)
        if row is None:
            raise KeyError(players)
        pieces = {self.diamond_piece.id: self.diamonds}
        for c in row.roles:
            pieces[c.piece.id] = pieces.get(c.piece.id, 0) + c.n
        apologies = row.apologies
        chosen = set(variants)
        for v in self.variants:
            if v.id in chosen:
                for c in v.roles:
                    pieces[c.piece.id] = pieces.get(c.piece.id, 0) + c.n
                apologies += v.apologies
        return pieces, apologies

    @staticmethod
    def build(doc: Document) -> HeistRules:
        """The model from a schema-valid rules document."""
        d = doc.data

        def counts(path: tuple[str | int, ...], data: dict[str, int]) -> tuple[Count, ...]:
            return tuple(
                Count(Ref(k, Src.at(doc, (*path, k), key=True)), v) for k, v in data.items()
            )

        rows = tuple(
            TreasureRow(
                r["players"],
                counts(("treasure", i, "roles"), r["roles"]),
                r["apologies"],
                bool(r.get("advanced", False)),
                Src.at(doc, ("treasure", i)),
            )
            for i, r in enumerate(d["treasure"])
        )
        variants = tuple(
            Variant(
                v["id"],
                v["name"],
                Range.build(doc, ("variants", i, "players"), v["players"]),
                counts(("variants", i, "roles"), v.get("roles", {})),
                v.get("apologies", 0),
                tuple(
                    Ref(x, Src.at(doc, ("variants", i, "excludes", j)))
                    for j, x in enumerate(v.get("excludes", []))
                ),
                v.get("note", ""),
                Src.at(doc, ("variants", i)),
            )
            for i, v in enumerate(d.get("variants", []))
        )
        return HeistRules(
            diamonds=d["diamonds"],
            diamond_piece=Ref(d["diamond_piece"], Src.at(doc, ("diamond_piece",))),
            apology_piece=Ref(d["apology_piece"], Src.at(doc, ("apology_piece",))),
            boss_hides=Range.build(doc, ("boss_hides",), d["boss_hides"]),
            first_player_may_hide=d.get("first_player_may_hide", 0),
            treasure=rows,
            variants=variants,
            treasure_src=Src.at(doc, ("treasure",), key=True),
            src=Src.at(doc, ()),
        )


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
