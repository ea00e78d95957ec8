"""E301-E306: the components list adds up, and covers the largest table."""

from __future__ import annotations

from pnp.checks.common import at
from pnp.content.components import Components
from pnp.content.project import Game
from pnp.content.rules_di import DIRules
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
        out.append(at(comps.seats[-1].src, "E306",
                      f"{seats} seat colours for up to {players} players",
                      "add a seat colour for every player"))
    for item in comps.items:
        if item.per_seat is not None:
            if not comps.seats:
                out.append(at(item.src, "E303",
                              f"'{item.id}' is counted per seat, but no seats are listed",
                              "add a 'seats:' list to the components"))
            elif item.count != seats * item.per_seat:
                out.append(at(item.at("per_seat"), "E303",
                              f"{item.name}: {item.count} is not {seats} seats x "
                              f"{item.per_seat} = {seats * item.per_seat}"))
        if item.per_character is not None:
            want = comps.characters * item.per_character
            if item.count != want:
                out.append(at(item.at("per_character"), "E305",
                              f"{item.name}: {item.count} for {comps.characters} characters "
                              f"x {item.per_character} = {want}"))
        rules = game.rules
        if item.enough_per_player and isinstance(rules, DIRules) and players is not None:
            each = rules.number(item.enough_per_player.id)
            if each is not None and item.count < players * each:
                out.append(at(item.src, "E304",
                              f"{item.name}: {item.count} is not enough for {players} players "
                              f"x {each} ({item.enough_per_player.id}) = {players * each}"))
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
        out.append(at(money.src, "E301",
                      f"{money.name}: {parts} = {fmt(value)}, not the stated {fmt(money.total)}"))
    if coins != money.coins:
        out.append(at(money.coins_src, "E301",
                      f"{money.name}: the denominations hold {coins} coins, not the stated "
                      f"{money.coins}"))


def _groups(comps: Components, out: list[Diagnostic]) -> None:
    for group in comps.groups:
        members = [i for i in comps.items if i.group and i.group.id == group.id]
        total = sum(i.count for i in members)
        if total != group.total:
            parts = " + ".join(str(i.count) for i in members) or "nothing"
            out.append(at(group.src, "E302",
                          f"{group.name}: {parts} = {total}, not the stated {group.total}"))
