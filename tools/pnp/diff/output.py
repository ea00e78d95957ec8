"""How a review is printed: text for the terminal, Markdown for release notes, JSON for tools.

The JSON form is the reference; README.md documents it (`pnp diff --format json`). Text and
Markdown say the same things: per game, the version, any warning, the changes section by
section (field by field, changed words marked), the printed components to reprint, the
check data that changed, and with `--sim` the win rates that moved.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from pnp.diff import words
from pnp.diff.changes import MONEY, TEXT, Change, Field, Value, heading
from pnp.diff.play import MEASURES, TEST, Move, Play
from pnp.diff.review import GameDiff, Review
from pnp.english import count

FORMAT_VERSION = 1
MARK = {"added": "+", "removed": "-", "changed": "~"}
Money = Callable[[int], str]


def show(value: Value, style: str, money: Money) -> str:
    """One value as a person reads it: money as money, yes/no, a dash for nothing."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if style == MONEY and isinstance(value, int):
        return money(value)
    return str(value)


SUMMARY = ("kind", "deck", "count", "Heat", "payout", "value", "doors", "players", "bytes")


def shown_fields(c: Change) -> tuple[Field, ...]:
    """The fields text and Markdown print: every changed field; for an entity added or
    removed, its top-level texts, money and counts (JSON has every field)."""
    if c.status == "changed":
        return c.fields
    return tuple(
        f
        for f in c.fields
        if "." not in f.name
        and (f.new if c.status == "added" else f.old) != c.name
        and (f.style in (TEXT, MONEY) or f.name in SUMMARY)
    )


def _versions(diff: GameDiff) -> str:
    old, new = diff.old_version, diff.new_version
    if diff.status == "added":
        return f"added, version {new}"
    if diff.status == "removed":
        return f"removed (was version {old})"
    return f"version {old} → {new}" if old != new else f"version {old}"


def _counts(items: Sequence[Change]) -> str:
    """`cards: 3 added; goals: 12 added` for a game added or removed as a whole."""
    tally: dict[str, int] = {}
    for c in items:
        tally[c.section] = tally.get(c.section, 0) + 1
    return "; ".join(f"{heading(s).lower()}: {n}" for s, n in tally.items())


# ---- text -----------------------------------------------------------------------------------


def _text_field(f: Field, money: Money, status: str) -> str:
    if status != "changed":
        return f"{f.name}: {show(f.new if status == 'added' else f.old, f.style, money)}"
    if f.style == TEXT:
        pieces = f.pieces()
        marked = words.mark_text(pieces)
        return f"{f.name}: {marked}" + ("" if words.changed(pieces) else " (spacing only)")
    return f"{f.name}: {show(f.old, f.style, money)} → {show(f.new, f.style, money)}"


def _indent(text: str, pad: str) -> list[str]:
    lines = text.split("\n")
    return [pad + lines[0], *(pad + "  " + line for line in lines[1:])]


def _text_change(c: Change, money: Money) -> list[str]:
    if c.kind == "rule" and len(c.fields) == 1 and c.fields[0].name == "value":
        return _indent(
            f"{MARK[c.status]} {c.id}: "
            + _text_field(c.fields[0], money, c.status).partition(": ")[2],
            "    ",
        )
    label = c.name if c.name == c.id else f"{c.name} ({c.id})"
    lines = [f"    {MARK[c.status]} {c.kind} {label}"]
    for f in shown_fields(c):
        lines += _indent(_text_field(f, money, c.status), "        ")
    return lines


def _text_play(p: Play) -> list[str]:
    head = (
        f"  Play: {p.games} seeded games on each version (seed {p.seed}, players "
        f"{','.join(map(str, p.players))})"
    )
    if p.note:
        return [f"  Play: {p.note}"]
    lines = [head, f"    * = larger than the noise ({TEST}); rates with 95% Wilson intervals"]
    if not p.moves:
        lines.append("    no win rate moved")
    labels = dict(MEASURES)
    rows = [
        (
            f"{labels[m.measure]} {m.key}",
            _rate(m, "old"),
            _rate(m, "new"),
            f"{100 * (m.new.rate - m.old.rate):+.1f} pts",
            "*" if m.significant else "",
        )
        for m in p.moves
    ]
    if rows:
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        lines += [
            "    "
            + "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r[:4], widths, strict=True))
            )
            + (f"  {r[4]}" if r[4] else "")
            for r in rows
        ]
        moved = sum(m.significant for m in p.moves)
        lines.append(
            f"    {count(moved, 'move')} larger than the noise, {len(p.moves) - moved} within it"
        )
    if any(p.broken):
        lines.append(
            f"    invariants broken: {p.broken[0]} before, {p.broken[1]} after "
            "(pnp sim on each version finds the seeds)"
        )
    return lines


def _rate(m: Move, side: str) -> str:
    r = m.old if side == "old" else m.new
    lo, hi = r.as_json()["ci95"]
    return f"{100 * r.rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def _text_game(d: GameDiff) -> list[str]:
    head = f"{d.title} ({d.game}): {_versions(d)}"
    lines = [head]
    lines += [f"  warning: {w}" for w in d.warnings]
    if d.status in ("added", "removed"):
        lines.append(f"  {_counts(d.changes)}")
    elif d.status == "unchanged":
        lines.append("  no changes")
    else:
        section = ""
        for c in d.changes:
            if c.section != section:
                section = c.section
                lines.append(f"  {heading(section)}")
            lines += _text_change(c, d.money)
    if d.printed and d.status in ("added", "removed"):
        lines.append(f"  printed components: {len(d.printed)} {d.status}")
    elif d.printed:
        lines.append(f"  Printed components to reprint ({len(d.printed)}):")
        lines += [f"    {MARK[f.status]} {f.kind} {f.name}" for f in d.printed]
    if d.check_data:
        lines.append(
            "  Check data changed (facts `pnp check` holds the content to; not "
            "printed, not played):"
        )
        for c in d.check_data:
            lines += _text_change(c, d.money)
    if d.play is not None:
        lines += _text_play(d.play)
    return lines


def _total(review: Review) -> str:
    changed = [g for g in review.games if g.status != "unchanged"]
    if not changed:
        return "no changes (but check data changed)" if review.changed else "no changes"
    n = sum(len(g.changes) for g in changed)
    return f"{count(n, 'change')} in {len(changed)} of {count(len(review.games), 'game')}"


def render_text(review: Review) -> str:
    """The terminal form."""
    lines = [f"pnp diff: {review.old.describe()} → {review.new.describe()}", ""]
    for d in review.games:
        lines += [*_text_game(d), ""]
    lines.append(_total(review))
    return "\n".join(lines) + "\n"


# ---- Markdown -------------------------------------------------------------------------------


def _md_value(value: Value, style: str, money: Money) -> str:
    return words.md_escape(show(value, style, money))


def _md_field(f: Field, money: Money, status: str) -> str:
    if status != "changed":
        return f"{f.name}: {_md_value(f.new if status == 'added' else f.old, f.style, money)}"
    if f.style == TEXT:
        return f"{f.name}: {words.mark_md(f.pieces())}"
    return (
        f"{f.name}: ~~{_md_value(f.old, f.style, money)}~~ **{_md_value(f.new, f.style, money)}**"
    )


def _md_change(c: Change, money: Money) -> list[str]:
    verb = {"added": "Added", "removed": "Removed", "changed": "Changed"}[c.status]
    if c.kind == "rule" and len(c.fields) == 1 and c.fields[0].name == "value":
        return [f"- {verb} `{c.id}`: {_md_field(c.fields[0], money, c.status).partition(': ')[2]}"]
    name = f"**{words.md_escape(c.name)}**" + ("" if c.name == c.id else f" (`{c.id}`)")
    lines = [f"- {verb} {c.kind} {name}"]
    lines += [f"  - {_md_field(f, money, c.status)}" for f in shown_fields(c)]
    return lines


def _md_play(p: Play) -> list[str]:
    if p.note:
        return ["### Play", "", words.md_escape(p.note), ""]
    lines = [
        "### Play",
        "",
        f"{p.games} seeded games on each version (seed {p.seed}, players "
        f"{', '.join(map(str, p.players))}). Rates with their 95% Wilson intervals; "
        f"**bold** moves are larger than the noise ({TEST}).",
        "",
    ]
    if not p.moves:
        return [*lines, "No win rate moved.", ""]
    labels = dict(MEASURES)
    lines += ["| measure | before | after | change |", "|---|---|---|---|"]
    for m in p.moves:
        change = f"{100 * (m.new.rate - m.old.rate):+.1f} pts"
        if m.significant:
            change = f"**{change}**"
        lines.append(
            f"| {labels[m.measure]} {words.md_escape(m.key)} | {_rate(m, 'old')} | "
            f"{_rate(m, 'new')} | {change} |"
        )
    if any(p.broken):
        lines += ["", f"Invariants broken: {p.broken[0]} before, {p.broken[1]} after."]
    return [*lines, ""]


def render_md(review: Review) -> str:
    """Release notes."""
    lines = [f"# Changes: {review.old.describe()} → {review.new.describe()}", ""]
    if not review.changed:
        lines += ["No changes.", ""]
    for d in review.games:
        lines += [f"## {words.md_escape(d.title)}: {_versions(d)}", ""]
        lines += [f"> **Warning:** {words.md_escape(w)}" for w in d.warnings]
        if d.warnings:
            lines.append("")
        if d.status in ("added", "removed"):
            lines += [_counts(d.changes), ""]
        elif d.status == "unchanged":
            lines += ["No changes.", ""]
        section = ""
        for c in d.changes if d.status == "changed" else ():
            if c.section != section:
                if section:
                    lines.append("")
                section = c.section
                lines += [f"### {heading(section)}", ""]
            lines += _md_change(c, d.money)
        if section:
            lines.append("")
        if d.printed and d.status in ("added", "removed"):
            lines += [f"Printed components: {len(d.printed)} {d.status}.", ""]
        elif d.printed:
            lines += ["### To reprint", ""]
            lines += [f"- {f.status} {f.kind}: {words.md_escape(f.name)}" for f in d.printed]
            lines.append("")
        if d.check_data:
            lines += ["### Check data (not printed, not played)", ""]
            for c in d.check_data:
                lines += _md_change(c, d.money)
            lines.append("")
        if d.play is not None:
            lines += _md_play(d.play)
    return "\n".join(lines).rstrip("\n") + "\n"


# ---- JSON -----------------------------------------------------------------------------------


def _json_field(f: Field) -> dict[str, Any]:
    out: dict[str, Any] = {"field": f.name, "old": f.old, "new": f.new}
    if f.style:
        out["style"] = f.style
    if f.style == TEXT and f.old is not None and f.new is not None:
        out["words"] = [list(p) for p in f.pieces()]
    return out


def _json_change(c: Change) -> dict[str, Any]:
    return {
        "section": c.section,
        "kind": c.kind,
        "id": c.id,
        "name": c.name,
        "status": c.status,
        "fields": [_json_field(f) for f in c.fields],
    }


def as_json(review: Review) -> dict[str, Any]:
    """The documented JSON structure (README: `pnp diff --format json`)."""
    return {
        "format": FORMAT_VERSION,
        "old": review.old.as_json(),
        "new": review.new.as_json(),
        "changed": review.changed,
        "games": [
            {
                "game": d.game,
                "title": d.title,
                "status": d.status,
                "version": {"old": d.old_version, "new": d.new_version},
                "warnings": d.warnings,
                "changes": [_json_change(c) for c in d.changes],
                "printed": [
                    {"component": f.key, "kind": f.kind, "name": f.name, "status": f.status}
                    for f in d.printed
                ],
                "check_data": [_json_change(c) for c in d.check_data],
                "simulation": d.play.as_json() if d.play is not None else None,
            }
            for d in review.games
        ],
    }


def render_json(review: Review) -> str:
    """The JSON form, indented, keys in a fixed order."""
    return json.dumps(as_json(review), indent=2, ensure_ascii=False) + "\n"


def render(review: Review, fmt: str) -> str:
    """The review in one of the formats: text, md or json."""
    if fmt == "json":
        return render_json(review)
    if fmt == "md":
        return render_md(review)
    return render_text(review)
