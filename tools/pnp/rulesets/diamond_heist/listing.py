"""What `pnp list` shows of Diamond Heist's own parts: the names of its variants, for the
roles, and the treasure table with the variants."""

from __future__ import annotations

from pnp.content.project import Game
from pnp.listing import ListingHooks, heading, indent, ref_name
from pnp.rulesets.diamond_heist.model import HeistRules, Variant


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _variants(game: Game) -> tuple[Variant, ...]:
    return game.rules.variants if isinstance(game.rules, HeistRules) else ()


def _treasure(game: Game) -> list[str]:
    rules = game.rules
    if not isinstance(rules, HeistRules):
        return []
    pieces = {p.id: p.name for p in game.pieces or ()}
    lines = heading("Treasure")
    lines += [
        f"{rules.diamonds} diamonds ({ref_name(rules.diamond_piece, pieces)} cards) and the role "
        f"cards of the row; apologies ({ref_name(rules.apology_piece, pieces)} cards) lie before "
        "the Boss.",
        f"The Boss hides {rules.boss_hides.min} to {rules.boss_hides.max} diamonds; the first "
        f"player may hide {rules.first_player_may_hide} role card(s).",
        "",
    ]
    columns = list(dict.fromkeys(c.piece.id for row in rules.treasure for c in row.roles))
    header = ["players", *(pieces.get(c, c) for c in columns), "apologies"]
    rows = []
    for row in rules.treasure:
        n = {c.piece.id: c.n for c in row.roles}
        rows.append(
            [
                str(row.players),
                *(str(n.get(c, 0)) for c in columns),
                str(row.apologies),
                "advanced" if row.advanced else "",
            ]
        )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines.append("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip())
    for r in rows:
        cells = [c.rjust(w) for c, w in zip(r[:-1], widths, strict=True)]
        lines.append("  ".join([*cells, r[-1]]).rstrip())  # then "advanced", if it is
    if rules.variants:
        names = {v.id: v.name for v in rules.variants}
        lines += ["", *heading("Variants", 3)]
        for v in rules.variants:
            changes = [f"{pieces.get(c.piece.id, c.piece.id)} {_signed(c.n)}" for c in v.roles]
            if v.apologies:
                changes.append(f"apologies {_signed(v.apologies)}")
            if v.excludes:
                changes.append("not with " + ", ".join(ref_name(x, names) for x in v.excludes))
            lines.append(f"{v.name}  [{v.players.min}-{v.players.max} players]")
            if changes:
                lines += indent("; ".join(changes))
            if v.note:
                lines += indent(v.note)
            lines.append("")
        lines.pop()
    return lines


class _Listing:
    """Diamond Heist's part in `pnp list`."""

    def variant_names(self, game: Game) -> dict[str, str]:
        """The variants' names by id."""
        return {v.id: v.name for v in _variants(game)}

    def sections(self, game: Game) -> list[list[str]]:
        """The treasure table, with the variants."""
        return [_treasure(game)]


HOOKS: ListingHooks = _Listing()
