"""Generated blocks: the rulebook's tables, lists and card pictures, made from the model.

A source calls one alone on its line, `{{ departures_table() }}`; nothing in it is typed by
hand, so the rulebook cannot drift from the cards. Each block checks its arguments when it is
called (a wrong one is a template error on that line) and builds its nodes once the parser
knows where it stands. A block applies to any game that has the parts it needs.

| block | what it prints |
|---|---|
| `components_table()` | every item in the box with its count (groups, money: one row) |
| `departures_table()` | each door: cost or condition, its words, the Goals that name it |
| `departure_cards()` | each Departure card: its Use and its Departure bonus |
| `goals_table()` | each Goal: what it needs and its doors |
| `diplomats()` | each archetype's Bend and Cost, and its two diplomats' Signatures |
| `cards(deck)` | every card of a deck as a picture with its copies (text-only: a table) |
| `quick_reference(card=None)` | a Quick Reference card's front: the first, or one by id |
| `departures_board()` | the Departures board on the back of the Quick Reference cards |
| `rulings(topic=None, level=2)` | the rulings of one topic, or all of them under topic headings |
| `glossary()` | every glossary term with its meaning |
| `worked_example(id, style='body')` | a worked example's steps in words, from `examples` |
| `setup_diagram(players=None)` | the table after set-up (`setup_plan.py`) |

A ruleset adds blocks of its own (`RulebookHooks.blocks`), made with the same parts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.content.cards import Card, CardKind
from pnp.content.departures import Goal
from pnp.english import cap
from pnp.rulebook.document import (
    Figure,
    Heading,
    Inline,
    Node,
    Para,
    Table,
    Where,
    anchor,
    bold,
    escape,
    slug,
)

if TYPE_CHECKING:
    from pnp.rulebook.context import BuildNodes, Context

BLOCKS: dict[str, Callable[..., BuildNodes]] = {}  # the blocks of every game


def block(fn: Callable[..., BuildNodes]) -> Callable[..., BuildNodes]:
    """Register a generated block under its function's name."""
    BLOCKS[fn.__name__] = fn
    return fn


def md(text: str) -> Inline:
    """Markdown inline text (emphasis, links) as an inline of a node."""
    from pnp.rulebook.markdown import inline_markdown

    return inline_markdown(text)


def cell(text: str) -> Inline:
    """Plain text as a table cell."""
    return Inline.plain(text)


def need(value: Any, what: str) -> Any:
    """The value, or ValueError saying the game has no `what`."""
    if not value:
        raise ValueError(f"this game has no {what}")
    return value


def _join(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# ---- what is in the box ----------------------------------------------------------------------


@block
def components_table(ctx: Context, item: str = "Item", count: str = "Count") -> BuildNodes:
    """Every item in the box with its count; grouped chips and the money one row each."""
    comps = need(ctx.game.components, "components list")

    def build(where: Where) -> list[Node]:
        rows: list[tuple[Inline, Inline]] = []
        groups = {g.id: g for g in comps.groups}
        done: set[str] = set()
        last_deck = max((i for i, it in enumerate(comps.items) if it.deck), default=-1)
        for i, it in enumerate(comps.items):
            if it.group is not None:
                if it.group.id in done:
                    continue
                done.add(it.group.id)
                members = [m for m in comps.items if m.group and m.group.id == it.group.id]
                parts = [
                    f"{m.name} {m.count}" + (f" ({m.detail})" if m.detail else "") for m in members
                ]
                group = groups.get(it.group.id)
                name = group.name if group else it.group.id
                total = group.total if group else sum(m.count for m in members)
                rows.append((cell(f"{', '.join(parts)}: {name}"), cell(str(total))))
            else:
                detail = f" ({it.detail})" if it.detail else ""
                rows.append(
                    (
                        Inline(f"<b>{escape(it.name)}</b>{escape(detail)}", it.name + detail),
                        cell(str(it.count)),
                    )
                )
            if i == last_deck and comps.money is not None:
                m = comps.money
                coins = ", ".join(f"{ctx.money(d.value)} ×{d.count}" for d in m.denominations)
                detail = f"{m.detail}, {coins}" if m.detail else coins
                rows.append(
                    (
                        Inline(f"<b>{escape(m.name)}</b>: {escape(detail)}", f"{m.name}: {detail}"),
                        cell(ctx.money(m.total)),
                    )
                )
        return [Table((cell(item), cell(count)), tuple(rows), (6.0, 1.0), where)]

    return build


# ---- Departures and Goals --------------------------------------------------------------------


def _goals_naming(goals: tuple[Goal, ...], door_id: str) -> list[str]:
    return [g.name for g in goals if any(r.id == door_id for r in g.doors)]


@block
def departures_table(ctx: Context) -> BuildNodes:
    """Each door: cost or condition, what you tell the table, and the Goals that name it."""
    doors = need(ctx.game.doors, "Departures")
    goals = ctx.game.goals or ()
    for d in doors:
        ctx.blocks.anchors[f"door:{d.id}"] = f"door-{d.id}"

    def build(where: Where) -> list[Node]:
        rows = []
        for d in doors:
            rows.append(
                (
                    anchor(f"door-{d.id}") + bold(d.name),
                    md(d.text.printed),
                    cell(f"“{d.says}”"),
                    cell(", ".join(_goals_naming(goals, d.id))),
                )
            )
        header = (
            "Departure",
            "Cost or condition",
            "You’re telling the table…",
            "Goals that name it",
        )
        return [Table(tuple(map(cell, header)), tuple(rows), (1.15, 2.7, 1.45, 1.7), where)]

    return build


@block
def departure_cards(ctx: Context) -> BuildNodes:
    """Each Departure card: its Use, played in your Evening, and its Departure bonus."""
    cards = [c for c in ctx.game.cards or () if c.kind is CardKind.DEPARTURE_CARD]
    need(cards, "Departure cards")

    def build(where: Where) -> list[Node]:
        rows = []
        for c in cards:
            # the Use, then the bonus after "Departure:" (on its line, or in the same one)
            use, *bonus = re.split(r"\s+Departure: ", c.text.printed, maxsplit=1)
            use = re.sub(r"^Use:\s*", "", use)
            rows.append((bold(c.name), md(cap(use)), md(cap(bonus[0]) if bonus else "")))
        return [
            Table(
                (cell("Card"), cell("Use (your Evening)"), cell("Departure bonus")),
                tuple(rows),
                (1.2, 2.3, 2.3),
                where,
            )
        ]

    return build


@block
def goals_table(ctx: Context) -> BuildNodes:
    """Each Goal: what it needs when you book and when you resolve, and its doors."""
    goals = need(ctx.game.goals, "Goals")
    doors = {d.id: d.name for d in ctx.game.doors or ()}
    for g in goals:
        ctx.blocks.anchors[f"goal:{g.id}"] = f"goal-{g.id}"

    def build(where: Where) -> list[Node]:
        rows = []
        for g in goals:
            rows.append(
                (
                    anchor(f"goal-{g.id}") + bold(g.name),
                    md(g.text.printed if g.text else ""),
                    cell(", ".join(doors.get(r.id, r.id) for r in g.doors)),
                )
            )
        return [
            Table(
                (cell("Goal"), cell("You need"), cell("Your doors out")),
                tuple(rows),
                (1.3, 3.0, 2.2),
                where,
            )
        ]

    return build


# ---- characters --------------------------------------------------------------------------


@block
def diplomats(ctx: Context) -> BuildNodes:
    """Each archetype's Bend and Cost, and its diplomats with their Signatures."""
    archetypes = need(ctx.game.archetypes, "characters")
    for a in archetypes:
        ctx.blocks.anchors[f"archetype:{a.id}"] = f"archetype-{a.id}"
        for d in a.diplomats:
            ctx.blocks.anchors[f"diplomat:{d.id}"] = f"archetype-{a.id}"

    def build(where: Where) -> list[Node]:
        rows: list[tuple[Inline, ...]] = []
        spans: list[tuple[int, int, int]] = []
        for a in archetypes:
            first = len(rows)
            board = (
                anchor(f"archetype-{a.id}")
                + bold(a.name)
                + Inline("<br/>", "\n")
                + Inline(f"Bend <i>{escape(a.bend.name)}</i>: ", f"Bend {a.bend.name}: ")
                + md(a.bend.text.printed)
                + Inline("<br/>", "\n")
                + Inline(f"Cost <i>{escape(a.cost.name)}</i>: ", f"Cost {a.cost.name}: ")
                + md(a.cost.text.printed)
            )
            for n, d in enumerate(a.diplomats):
                sig = d.signature
                rows.append(
                    (
                        board if n == 0 else Inline("", ""),
                        bold(d.name),
                        Inline(f"<i>{escape(sig.name)}</i>: ", f"{sig.name}: ")
                        + md(sig.text.printed),
                    )
                )
            if len(a.diplomats) > 1:
                spans.append((0, first, len(rows) - 1))
        header = ("Archetype: Bend and Cost", "Diplomat", "Signature (once per game)")
        return [
            Table(
                tuple(map(cell, header)), tuple(rows), (2.6, 1.35, 2.6), where, spans=tuple(spans)
            )
        ]

    return build


# ---- cards -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """One picture of the card appendix: a card, a Goal, or a reference card's back."""

    anchor: str
    name: str
    count: int
    card: Card | None = None
    goal: Goal | None = None
    back: bool = False  # the Departures board on the back of a reference card


def _faces(ctx: Context, deck: str) -> list[Face]:
    faces: list[Face] = []
    if deck == "goals":
        for g in ctx.game.goals or ():
            faces.append(Face(f"goal-card-{g.id}", g.name, 1, goal=g))
    for c in ctx.game.cards or ():
        if c.deck.id != deck:
            continue
        faces.append(Face(f"card-{c.id}", c.name, c.count, card=c))
        if c.back:
            faces.append(
                Face(f"card-{c.id}-back", f"{c.name}: {c.back}", c.count, card=c, back=True)
            )
    return faces


@block
def cards(ctx: Context, deck: str) -> BuildNodes:
    """Every card of a deck as a small picture with its copies; the text-only book lists
    each card's name, copies and text instead."""
    decks = ctx.game.components.decks() if ctx.game.components else {}
    if deck not in decks:
        from pnp.diagnostics import closest

        match = closest(deck, decks)
        hint = f" (did you mean '{match}'?)" if match else f" (decks: {', '.join(decks)})"
        raise ValueError(f"no deck '{deck}'{hint}")
    faces = _faces(ctx, deck)
    for f in faces:
        if f.card is not None and not f.back:
            ctx.blocks.anchors.setdefault(f"card:{f.card.id}", f.anchor)

    def build(where: Where) -> list[Node]:
        rows = []
        for f in faces:
            if f.goal is not None:
                text = f.goal.text.printed if f.goal.text else ""
                doors = {d.id: d.name for d in ctx.game.doors or ()}
                text += " Doors: " + ", ".join(doors.get(r.id, r.id) for r in f.goal.doors)
            elif f.back:
                text = "; ".join(f"{d.name}: {d.board.printed}" for d in ctx.game.doors or ())
            else:
                assert f.card is not None
                text = _card_words(ctx, f.card)
            rows.append((anchor(f.anchor) + bold(f.name), cell(f"×{f.count}"), md(text)))
        alt = Table(
            (cell("Card"), cell("Copies"), cell("Text")), tuple(rows), (1.5, 0.6, 4.2), where
        )
        return [Figure("cards", tuple(faces), (alt,), where)]

    return build


def _card_words(ctx: Context, card: Card) -> str:
    """What a card says, as words: its kind line, Heat and payout, text and flavour."""
    parts = []
    if card.crime:
        types = ctx.crime_types
        parts.append(
            f"{types.get(card.crime.type.id, card.crime.type.id)} crime: "
            f"{card.crime.heat} Heat, pays {ctx.money(card.crime.payout)}."
        )
    elif card.price:
        label = "Use price" if card.kind is CardKind.DEPARTURE_CARD else "Price"
        parts.append(f"{label} {ctx.money(card.price)}.")
    if card.text.printed:
        parts.append(card.text.printed)
    if card.flavour:
        parts.append(f"*{card.flavour}*")
    return " ".join(parts)


# ---- the Quick Reference -----------------------------------------------------------------


def _reference_card(ctx: Context, key: str | None = None) -> Card:
    found = [c for c in ctx.game.cards or () if c.kind is CardKind.REFERENCE and c.back]
    if key is not None:
        return ctx.find("reference card", key, found)  # type: ignore[no-any-return]
    return need(found, "Quick Reference card with a Departures board on its back")[0]  # type: ignore[no-any-return]


@block
def quick_reference(ctx: Context, card: str | None = None) -> BuildNodes:
    """The front of a Quick Reference card as a table: each heading and what it says (the
    first reference card with the Departures board on its back, or the one named by id)."""
    chosen = _reference_card(ctx, card)

    def build(where: Where) -> list[Node]:
        rows = []
        for line in chosen.text.printed.splitlines():
            head, sep, rest = line.partition(": ")
            if not sep:
                head, rest = "", line
            rows.append((bold(head), md(rest)))
        return [Table((), tuple(rows), (1.3, 5.0), where)]

    return build


@block
def departures_board(ctx: Context) -> BuildNodes:
    """The back of the Quick Reference card: each door and its short cost or condition."""
    doors = need(ctx.game.doors, "Departures")

    def build(where: Where) -> list[Node]:
        rows = tuple(
            (anchor(f"board-{d.id}") + bold(d.name.upper()), md(d.board.printed)) for d in doors
        )
        return [Table((), rows, (1.8, 4.5), where)]

    return build


# ---- rulings and glossary ----------------------------------------------------------------


@block
def rulings(ctx: Context, topic: str | None = None, level: int = 2) -> BuildNodes:
    """The rulings of one topic, or every topic under its own heading, each with its why."""
    all_rulings = need(ctx.game.rulings, "rulings")
    topics = list(dict.fromkeys(r.topic for r in all_rulings))
    if topic is not None and topic not in topics:
        from pnp.diagnostics import closest

        match = closest(topic, topics)
        hint = f" (did you mean '{match}'?)" if match else f" (topics: {', '.join(topics)})"
        raise ValueError(f"no rulings on '{topic}'{hint}")
    chosen = [topic] if topic is not None else topics
    ctx.blocks.rulings.update(r.id for r in all_rulings if r.topic in chosen)

    def build(where: Where) -> list[Node]:
        nodes: list[Node] = []
        for t in chosen:
            if topic is None:
                nodes.append(Heading(level, cell(t), f"rulings-{slug(t)}", where))
            for r in all_rulings:
                if r.topic != t:
                    continue
                # printed when the model was built; printed words are never filled again
                nodes.append(Para(anchor(f"ruling-{r.id}") + md(r.ruling), where, "ruling"))
                nodes.append(Para(Inline("<i>Why:</i> ", "Why: ") + md(r.why), where, "why"))
        return nodes

    return build


@block
def glossary(ctx: Context) -> BuildNodes:
    """Every term of the glossary with its meaning, in alphabetical order."""
    terms = sorted(need(ctx.game.glossary, "glossary"), key=lambda t: t.term.casefold())
    for t in terms:
        ctx.blocks.anchors[f"term:{t.term}"] = f"term-{slug(t.term)}"

    def build(where: Where) -> list[Node]:
        rows = tuple((anchor(f"term-{slug(t.term)}") + bold(t.term), md(t.means)) for t in terms)
        return [Table((cell("Term"), cell("Meaning")), rows, (1.5, 5.0), where)]

    return build


# ---- worked examples ---------------------------------------------------------------------


@block
def worked_example(ctx: Context, key: str, style: str = "body") -> BuildNodes:
    """A worked example's steps in words. Each step's note is a template whose fields are the
    step's own facts (`crimes`, `heat`, ...), so its numbers are the example's data."""
    from pnp.rulebook.context import TemplateError, fact_value

    example = ctx.find("example", key, ctx.game.examples or ())
    if style not in ("body", "quote"):
        raise ValueError(f"style '{style}': use 'body' or 'quote'")

    def build(where: Where) -> list[Node]:
        words = []
        for step in example.steps:
            if not step.note:
                continue
            facts: dict[str, Any] = {f.key: fact_value(f) for f in step.args}
            expect = {f.key: fact_value(f) for f in step.expect}
            facts.update(expect, who=step.who, expect=expect)
            try:
                words.append(ctx.render(step.note, facts).strip())
            except TemplateError as exc:
                raise TemplateError(f"worked example '{key}': {exc.message}", step.src) from exc
        text = " ".join(words).replace(" - ", " – ")  # a spaced hyphen is a dash
        if style == "quote":
            return [Para(md(f"“{text}”"), where, "quote")]
        return [Para(md(text), where)]

    return build
