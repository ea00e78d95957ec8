"""E201-E206 for a card's own data (`fields:`), against the game's `card-fields` declaration.

Once a deck's cards have a declaration (their deck's own, else the game-wide one), a field a
card writes that is not declared is E203 at its key, with the declared name it is closest
to; a declared field without a default that a card leaves out is E202 at the card; a value of
the wrong type is E201, outside its range E205, not one of its values E206, each at the
value. A declaration for a deck the components do not list is E204, and a default that does
not fit its own field E201. Cards of a deck without a declaration are not held to anything
(their text still fails on a name that is none of their fields: E701).
"""

from __future__ import annotations

from pnp.checks.common import at, resolve
from pnp.content.fields import declared, fits
from pnp.content.model import place
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic, closest, did_you_mean


def check(game: Game) -> list[Diagnostic]:
    """Every card's fields against its declaration."""
    decls = game.card_fields
    if not decls:
        return []
    out: list[Diagnostic] = []
    decks = {
        d: item.name for d, item in (game.components.decks() if game.components else {}).items()
    }
    for decl in decls:
        if decl.deck is not None and game.components is not None:
            resolve(decl.deck, "deck", decks, out)
        for spec in decl.fields:
            if spec.default is not None and (wrong := fits(spec, spec.default)):
                out.append(at(spec.src, "E201", f"the default {wrong[1]}"))
    for card in game.cards or ():
        held = declared(decls, card.deck.id)
        if held is None:
            continue
        values = dict(card.fields)
        written = [name for name, _ in card.fields_where]
        names = [f.name for f in held.fields]
        taken: set[str] = set()  # declared names a misspelling stands for: said once
        for name in written:
            found = held.spec(name)
            where = place(card.fields_where, name, card.fields_src)
            if found is None:
                free = [n for n in names if n not in written]
                meant = closest(name, free)
                if meant is not None:
                    taken.add(meant)
                out.append(
                    at(
                        where,
                        "E203",
                        f"'{card.name}': unknown field '{name}'",
                        did_you_mean(name, free) or f"its fields: {', '.join(names)}",
                    )
                )
                continue
            wrong = fits(found, values[name])
            if wrong is not None:
                code, problem = wrong
                out.append(at(where, code, f"'{card.name}': {name} {problem}"))
        missing = [
            f.name
            for f in held.fields
            if f.required and f.name not in written and f.name not in taken
        ]
        if missing:
            out.append(
                at(
                    card.fields_src if written else card.src,
                    "E202",
                    f"'{card.name}': missing field{'s' if len(missing) > 1 else ''} "
                    + ", ".join(f"'{m}'" for m in missing),
                    f"add it under `fields:` (declared in {held.src.file}), or give it "
                    "a default there",
                )
            )
    return out
