"""E301-E306: the components list adds up, and covers the largest table."""

from __future__ import annotations

from pnp.checks import hooks
from pnp.checks.common import at
from pnp.content.components import Components
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


def check(game: Game) -> list[Diagnostic]:
    """Money, group totals, per-seat and per-character pieces, pieces for the largest table."""
    comps = game.components
    if comps is None:
        return []
    out: list[Diagnostic] = []
    _money(comps, game, out)
    _groups(comps, out)
    players = game.info.players.max if game.info else None
    seats = len(comps.seats)
    if players is not None and comps.seats and seats < players:
        out.append(
            at(
                comps.seats[-1].src,
                "E306",
                f"{seats} seat colours for up to {players} players",
                "add a seat colour for every player",
            )
        )
    characters = _characters(game, comps, out)
    ruleset = hooks.of(game)
    for item in comps.items:
        if item.per_seat is not None:
            if not comps.seats:
                out.append(
                    at(
                        item.src,
                        "E303",
                        f"'{item.id}' is counted per seat, but no seats are listed",
                        "add a 'seats:' list to the components",
                    )
                )
            elif item.count != seats * item.per_seat:
                out.append(
                    at(
                        item.at("per_seat"),
                        "E303",
                        f"{item.name}: {item.count} is not {seats} seats x "
                        f"{item.per_seat} = {seats * item.per_seat}",
                    )
                )
        if item.per_character is not None:
            want = characters * item.per_character
            if item.count != want:
                out.append(
                    at(
                        item.at("per_character"),
                        "E305",
                        f"{item.name}: {item.count} for {characters} characters "
                        f"x {item.per_character} = {want}",
                    )
                )
        if item.enough_per_player and ruleset and players is not None:
            each = ruleset.rules_number(game, item.enough_per_player.id)
            if each is not None and item.count < players * each:
                out.append(
                    at(
                        item.src,
                        "E304",
                        f"{item.name}: {item.count} is not enough for {players} players "
                        f"x {each} ({item.enough_per_player.id}) = {players * each}",
                    )
                )
    return out


def _money(comps: Components, game: Game, out: list[Diagnostic]) -> None:
    money = comps.money
    if money is None:
        return
    fmt = game.info.currency.format if game.info else str
    value = sum(d.value * d.count for d in money.denominations)
    coins = sum(d.count for d in money.denominations)
    if value != money.total:
        parts = " + ".join(f"{fmt(d.value)} x {d.count}" for d in money.denominations)
        out.append(
            at(
                money.src,
                "E301",
                f"{money.name}: {parts} = {fmt(value)}, not the stated {fmt(money.total)}",
            )
        )
    if coins != money.coins:
        out.append(
            at(
                money.coins_src,
                "E301",
                f"{money.name}: the denominations hold {coins} coins, not the stated {money.coins}",
            )
        )


def _groups(comps: Components, out: list[Diagnostic]) -> None:
    for group in comps.groups:
        members = [i for i in comps.items if i.group and i.group.id == group.id]
        total = sum(i.count for i in members)
        if total != group.total:
            parts = " + ".join(str(i.count) for i in members) or "nothing"
            short = group.total - total
            # one row outside every group that is just what is missing, and like the
            # members (counted per seat or per character when they are): its `group:` line
            # was lost
            per_seat = any(i.per_seat for i in members)
            lost = [
                i
                for i in comps.items
                if i.group is None
                and i.deck is None
                and not i.characters
                and i.count == short
                and (not per_seat or i.per_seat is not None)
            ]
            if short > 0 and len(lost) == 1:
                # at the row's last field, where its `group:` line would be
                end = max(
                    (src for _, src in lost[0].where), key=lambda s: s.line, default=lost[0].src
                )
                out.append(
                    at(
                        end,
                        "E302",
                        f"{group.name}: {parts} = {total}, {short} short of the stated "
                        f"{group.total}, and '{lost[0].id}' ({short}) is in no group",
                        f"add `group: {group.id}` to '{lost[0].id}'",
                    )
                )
                continue
            out.append(
                at(
                    group.src,
                    "E302",
                    f"{group.name}: {parts} = {total}, not the stated {group.total}",
                )
            )


def _characters(game: Game, comps: Components, out: list[Diagnostic]) -> int:
    """The number of characters: the boards' (boards x characters on each), held to the
    characters the game writes when it writes them (E305 at the boards' row when they
    differ; pieces per character are then counted for the characters written)."""
    written = len(game.diplomats)
    boards = [i for i in comps.items if i.characters]
    if not written or not boards or game.archetypes is None or comps.characters == written:
        return comps.characters
    row = boards[0]
    out.append(
        at(
            row.at("count"),
            "E305",
            f"{row.name}: {row.count} x {row.characters} = {comps.characters} "
            f"characters, but the game's characters are {written}",
            "count the boards the characters are printed on",
        )
    )
    return written
