"""E501-W505: Diamond Heist's treasure can be dealt from the standard deck at every player
count and variant."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from pnp.checks.common import at
from pnp.content.model import Range
from pnp.content.pieces import Piece
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic
from pnp.rulesets.diamond_heist.model import HeistRules, Variant


def check(game: Game) -> list[Diagnostic]:
    """A table row per player count; every setup fits the deck."""
    out: list[Diagnostic] = []
    rules = game.rules
    if not isinstance(rules, HeistRules) or game.pieces is None:
        return out
    pieces = {p.id: p for p in game.pieces}
    if game.info:
        _rows(rules, game.info.players, out)
    for row in rules.treasure:
        for combo in _combos(rules, row.players):
            _deal(rules, pieces, row.players, combo, out)
    return out


def _rows(rules: HeistRules, players: Range, out: list[Diagnostic]) -> None:
    counts = players.values()
    seen: set[int] = set()
    for row in rules.treasure:
        if row.players in seen:
            out.append(at(row.src, "E503", f"a second treasure row for {row.players} players"))
        elif row.players not in counts:
            out.append(
                at(
                    row.src,
                    "E503",
                    f"treasure row for {row.players} players, outside the game's "
                    f"{counts.start}-{counts.stop - 1}",
                )
            )
        seen.add(row.players)
    missing = [n for n in counts if n not in seen]
    if missing:
        listed = sorted(seen)
        text = "no treasure row for " + ", ".join(map(str, missing)) + " players"
        if listed and all(n < listed[0] or n > listed[-1] for n in missing):
            # the table has no gap: the game's player range grew past it
            out.append(
                at(
                    players.src,
                    "E503",
                    f"{text}: the game is for {players.min}-"
                    f"{players.max} players, the treasure table for {listed[0]}-"
                    f"{listed[-1]}",
                )
            )
            return
        # at the row where the first missing one belongs (a deleted row's place), if any
        later = [r for r in rules.treasure if r.players > missing[0]]
        where = (
            min(later, key=lambda r: r.players).src
            if later
            else (rules.treasure[-1].src if rules.treasure else rules.treasure_src)
        )
        out.append(at(where, "E503", text))


def _combos(rules: HeistRules, players: int) -> Iterator[tuple[Variant, ...]]:
    """The base game and every allowed combination of variants open at this count."""
    open_ = [v for v in rules.variants if players in v.players]
    for size in range(len(open_) + 1):
        for combo in combinations(open_, size):
            ids = {v.id for v in combo}
            if not any(x.id in ids for v in combo for x in v.excludes):
                yield combo


def _problems(
    rules: HeistRules, pieces: dict[str, Piece], players: int, variants: tuple[Variant, ...]
) -> dict[str, tuple[str, int]]:
    """{piece id: (code, count)} for every piece the setup cannot deal."""
    needed, apologies = rules.setup(players, [v.id for v in variants])
    needed[rules.apology_piece.id] = needed.get(rules.apology_piece.id, 0) + apologies
    found: dict[str, tuple[str, int]] = {}
    for piece_id, n in needed.items():
        piece = pieces.get(piece_id)
        if piece is None:
            continue  # an unknown piece: reported by the reference check
        if n < 0:
            found[piece_id] = ("E502", n)
        elif n > len(piece.cards):
            found[piece_id] = ("E501", n)
    return found


def _breaks_elsewhere(
    rules: HeistRules, pieces: dict[str, Piece], variant: Variant, piece_id: str, players: int
) -> bool:
    """Whether the variant alone also breaks this piece at another player count it is open
    at (so the variant, not one row, is the cause), or it is open at no other count."""
    others = [n for n in variant.players.values() if n != players and rules.row(n) is not None]
    return not others or any(piece_id in _problems(rules, pieces, n, (variant,)) for n in others)


def _deal(
    rules: HeistRules,
    pieces: dict[str, Piece],
    players: int,
    combo: tuple[Variant, ...],
    out: list[Diagnostic],
) -> None:
    """Report what this setup cannot deal, once, at its cause: the row for the base game,
    else the variant without which the problem goes away."""
    row = rules.row(players)
    assert row is not None
    label = f"{players} players" + "".join(f" with {v.name}" for v in combo)
    problems = _problems(rules, pieces, players, combo)
    for piece_id, (code, n) in sorted(problems.items()):
        cause = None
        for v in combo:  # the variant whose removal fixes it; skip if another combo owns it
            rest = tuple(x for x in combo if x is not v)
            if piece_id not in _problems(rules, pieces, players, rest):
                cause = v
                break
        if combo and cause is None:
            continue  # already reported for a smaller combination
        piece = pieces[piece_id]
        # A variant that breaks this piece at this player count alone is fine: the row is
        # what is off (a count edited at one row, not the variant's change).
        src = (
            cause.src
            if cause and _breaks_elsewhere(rules, pieces, cause, piece_id, players)
            else row.src
        )
        if code == "E502":
            out.append(at(src, "E502", f"at {label}, {piece.name} comes to {n}"))
        else:
            cards = ", ".join(str(c) for c in piece.cards) or "none"
            hint = (
                f"limit {cause.name}'s player counts, or map more cards"
                if cause
                else "map more cards to this piece, or lower the count"
            )
            out.append(
                at(
                    src,
                    "E501",
                    f"at {label}, the setup needs {n} x {piece.name} but the deck has "
                    f"{len(piece.cards)} ({cards})",
                    hint,
                )
            )
    if len(combo) == 1:
        base, _ = rules.setup(players)
        needed, _ = rules.setup(players, [combo[0].id])
        for piece_id, n in sorted(needed.items()):
            if n == 0 and base.get(piece_id, 0) > 0 and piece_id in pieces:
                out.append(
                    at(
                        combo[0].src,
                        "W505",
                        f"at {label}, no {pieces[piece_id].name} is left in the game",
                    )
                )
