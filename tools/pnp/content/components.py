"""The components list: every item in the box with its count, seats, money and groups."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.content.loader import Document
from pnp.content.model import Places, Ref, Src, place, places


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat colour; each seat has a set of per-seat pieces in that colour."""

    id: str
    name: str
    colour: str
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Item:
    """One row of the components list (or one member of a grouped row)."""

    id: str
    name: str
    count: int
    detail: str
    deck: str | None
    holds: tuple[str, ...]
    characters: int
    group: Ref | None
    per_seat: int | None
    per_character: int | None
    enough_per_player: Ref | None  # a dotted path into the rules numbers
    src: Src = field(compare=False, repr=False)
    where: Places = field(default=(), compare=False, repr=False)
    art: Ref | None = None  # the picture on each of its punch-out pieces

    def at(self, name: str) -> Src:
        """Where one of the row's fields is written (`per_seat`), else the row."""
        return place(self.where, name, self.src)


@dataclass(frozen=True, slots=True)
class Denomination:
    """Coins of one value."""

    value: int
    count: int
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Money:
    """The coins in the box and the totals the components list states."""

    name: str
    detail: str
    total: int
    coins: int
    denominations: tuple[Denomination, ...]
    src: Src = field(compare=False, repr=False)  # the stated total
    coins_src: Src = field(compare=False, repr=False, default=Src("", 1, 1))


@dataclass(frozen=True, slots=True)
class Group:
    """A components-list row that adds several items to one stated total."""

    id: str
    name: str
    total: int
    src: Src = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Components:
    """Everything in the box."""

    seats: tuple[Seat, ...]
    items: tuple[Item, ...]
    money: Money | None
    groups: tuple[Group, ...]
    src: Src = field(compare=False, repr=False)

    @property
    def characters(self) -> int:
        """Characters in the box: boards times the characters each board carries."""
        return sum(i.count * i.characters for i in self.items if i.characters)

    def decks(self) -> dict[str, Item]:
        """The items that are decks of cards, by deck id."""
        return {i.deck: i for i in self.items if i.deck}

    @staticmethod
    def build(doc: Document) -> Components:
        """The model from a schema-valid components document."""
        d = doc.data
        seats = tuple(
            Seat(s["id"], s["name"], s["colour"], Src.at(doc, ("seats", i)))
            for i, s in enumerate(d.get("seats", []))
        )
        items = []
        for i, it in enumerate(d["items"]):
            p = ("items", i)
            enough = it.get("enough_per_player")
            items.append(
                Item(
                    id=it["id"],
                    name=it["name"],
                    count=it["count"],
                    detail=it.get("detail", ""),
                    deck=it.get("deck"),
                    holds=tuple(it.get("holds", ())),
                    characters=it.get("characters", 0),
                    group=Ref(it["group"], Src.at(doc, (*p, "group"))) if "group" in it else None,
                    per_seat=it.get("per_seat"),
                    per_character=it.get("per_character"),
                    enough_per_player=Ref(
                        enough["rule"], Src.at(doc, (*p, "enough_per_player", "rule"))
                    )
                    if enough
                    else None,
                    src=Src.at(doc, p),
                    where=places(doc, p),
                    art=Ref(it["art"], Src.at(doc, (*p, "art"))) if "art" in it else None,
                )
            )
        money = None
        if "money" in d:
            m = d["money"]
            money = Money(
                name=m["name"],
                detail=m.get("detail", ""),
                total=m["total"],
                coins=m["coins"],
                denominations=tuple(
                    Denomination(x["value"], x["count"], Src.at(doc, ("money", "denominations", j)))
                    for j, x in enumerate(m["denominations"])
                ),
                src=Src.at(doc, ("money", "total")),
                coins_src=Src.at(doc, ("money", "coins")),
            )
        groups = tuple(
            Group(g["id"], g["name"], g["total"], Src.at(doc, ("groups", i)))
            for i, g in enumerate(d.get("groups", []))
        )
        return Components(seats, tuple(items), money, groups, Src.at(doc, ()))
