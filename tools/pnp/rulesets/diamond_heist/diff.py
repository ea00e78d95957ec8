"""What `pnp diff` compares of Diamond Heist's own parts: the treasure table and the
variants, each a changelog section, and the faces of the reference cards and the printable
deck."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pnp.content.project import Game
from pnp.diff.changes import Entities, by_id, entity
from pnp.diff.faces import Face, bind, join_lines
from pnp.diff.hooks import DiffHooks, Section
from pnp.render import cards as card_faces
from pnp.render.geometry import Geometry
from pnp.rulesets.diamond_heist import render as heist
from pnp.rulesets.diamond_heist.model import HeistRules


def _treasure(g: Game) -> Entities:
    if not isinstance(g.rules, HeistRules):
        return {}
    return {
        str(r.players): entity("treasure-row", f"{r.players} players", r, drop=("players",))
        for r in g.rules.treasure
    }


def _variants(g: Game) -> Entities:
    if not isinstance(g.rules, HeistRules):
        return {}
    return by_id("variant", g.rules.variants, text=("note",))


def _heist_faces(game: Game, geo: Geometry, theme: card_faces.Theme) -> Iterator[Face]:
    """Diamond Heist's reference cards and printable deck, as `render` groups them."""
    rules = game.rules
    if not game.pieces or not isinstance(rules, HeistRules):
        return
    layouts = geo.layouts
    setup = layouts["heist-setup"]
    table = heist.treasure_table(game)
    rows = [f"{head} {cards}: " + " ".join(map(str, counts)) for head, cards, counts in table.rows]
    variants = [
        f"{v.name} ({v.players.min}-{v.players.max} players). {v.note}" for v in rules.variants
    ]
    yield Face(
        "heist:setup",
        "reference card",
        "Setup: the treasure",
        setup.size,
        bind(heist.draw_setup, game, setup, theme),
        join_lines("Players " + " ".join(map(str, table.players)), *rows, *variants),
        (("treasure", "*"), ("variants", "*"), ("rules", "*")),
    )
    roles_layout = layouts["heist-roles"]
    try:
        pages = heist.role_pages(game, roles_layout)
    except heist.Overflow:  # `pnp check` reports it; there is nothing to draw
        pages = []
    for n, roles in enumerate(pages, start=1):
        key = f"roles-{n}" if len(pages) > 1 else "roles"
        yield Face(
            f"heist:{key}",
            "reference card",
            f"Roles {n} of {len(pages)}" if len(pages) > 1 else "Roles",
            roles_layout.size,
            bind(heist.draw_roles, game, roles, roles_layout, theme, n, len(pages)),
            join_lines(*(f"{r.name}: {r.wins}" for r in roles)),
            tuple(("roles", r.id) for r in roles),
        )
    back = layouts["heist-back"]
    title = game.info.title.upper() if game.info else game.id
    yield Face(
        "heist:back:reference",
        "card back",
        "Reference card back",
        back.size,
        bind(heist.draw_back, game, back, theme, "Reference", "reference"),
        join_lines("REFERENCE", title),
        (),
    )
    counts = heist.deck_counts(game)
    card_layout = layouts["heist-card"]
    printed = False
    for piece in game.pieces:
        kind, name, text = heist.piece_texts(game, piece)
        for card in piece.cards[: counts.get(piece.id, 0)]:
            printed = True
            card_id = f"{card.rank.lower()}{card.suit.value[0]}"
            role = next(
                (r.id for r in game.roles or () if r.piece and r.piece.id == piece.id), None
            )
            yield Face(
                f"heist:{piece.id}-{card_id}",
                "card",
                f"{name} ({card})",
                card_layout.size,
                bind(heist.draw_piece, game, piece, card, card_layout, theme),
                join_lines(kind, name, f"Standard card: {card}", text),
                (("pieces", piece.id), *((("roles", role),) if role else ())),
            )
    if printed:
        yield Face(
            "heist:back:deck",
            "card back",
            "Printable deck back",
            back.size,
            bind(heist.draw_back, game, back, theme, "", "deck"),
            title,
            (),
        )


class _Diff:
    """Diamond Heist's part in `pnp diff`: the treasure table and the variants (the rules
    numbers' `treasure` and `variants`, reported apart), and the faces of the reference
    cards and the printable deck."""

    sections = (
        Section("treasure", "Treasure table", _treasure, rules="treasure"),
        Section("variants", "Variants", _variants, rules="variants"),
    )

    def faces(self, game: Game, geo: Geometry, theme: card_faces.Theme) -> Iterable[Face]:
        """The reference cards, then the printable deck, with their backs."""
        return _heist_faces(game, geo, theme)


HOOKS: DiffHooks = _Diff()
