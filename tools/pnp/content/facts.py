"""Facts quoted from a game's source rulebook, which the content must agree with.

A fact pins one number the rulebook states: the value of a Goal's condition term
(`goal: extravagance, term: money_at_least, value: 20`) or a door's price
(`door: private-jet, price: 8`), with the words it comes from. The facts check holds the
content to them, so an edit that drifts from the rulebook is caught.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.content.loader import Document, Path_
from pnp.content.model import Places, Ref, Src, place, places


@dataclass(frozen=True, slots=True)
class Fact:
    """One number the rulebook states, with its quote."""

    goal: Ref | None  # a Goal and one of its condition terms ...
    term: Ref | None
    door: Ref | None  # ... or a door and its price
    value: int
    quote: str
    src: Src = field(compare=False, repr=False)
    quoted: int | None = None  # the number as the quote states it, if the value is derived
    why: str = ""
    where: Places = field(default=(), compare=False, repr=False)

    @property
    def number_src(self) -> Src:
        """Where the fact's number is written (`quoted:`, else `value:` or `price:`)."""
        for name in ("quoted", "value", "price"):
            found = place(self.where, name, self.src)
            if found is not self.src:
                return found
        return self.src

    @property
    def subject(self) -> str:
        """What the fact is about, as a diagnostic says it."""
        if self.goal is not None and self.term is not None:
            return f"Goal '{self.goal.id}' {self.term.id} {self.value}"
        door = self.door.id if self.door else "?"
        return f"door '{door}' price {self.value}"


def build_facts(doc: Document) -> tuple[Fact, ...]:
    """The facts of a schema-valid facts document."""
    out = []
    for i, f in enumerate(doc.data["facts"]):
        p: Path_ = ("facts", i)
        refs = {
            k: Ref(f[k], Src.at(doc, (*p, k))) if k in f else None for k in ("goal", "term", "door")
        }
        out.append(
            Fact(
                goal=refs["goal"],
                term=refs["term"],
                door=refs["door"],
                value=f["price"] if "door" in f else f["value"],
                quote=f["quote"],
                src=Src.at(doc, p),
                quoted=f.get("quoted"),
                why=f.get("why", ""),
                where=places(doc, p),
            )
        )
    return tuple(out)
