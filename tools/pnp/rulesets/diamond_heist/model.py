"""Diamond Heist's rules numbers: the treasure at each player count, its variants, and how
many diamonds the Boss may hide."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pnp.content.loader import Document
from pnp.content.model import Range, Ref, Src


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
