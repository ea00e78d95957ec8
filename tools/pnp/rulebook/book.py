"""A game's rulebook, put together: sources filled from the model, parsed, blocks spliced in.

The order is: read the Markdown sources; fill each as a jinja2 template with the typed model
in scope (`context.py`); parse every source and note its headings, so that links can point
anywhere in the book; build the generated blocks where they stand; convert the Markdown to
nodes. Problems come back as diagnostics with the Markdown file and line, never raised.
Both the checks and the PDF renderer read the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.token import Token

from pnp.content import rulebook_pictures as pictures
from pnp.content import rulebook_sources as rb_sources
from pnp.content.project import Game
from pnp.content.rulebook_markdown import parse
from pnp.diagnostics import Diagnostic
from pnp.rulebook.context import (
    PLACEHOLDER,
    RULEBOOK_HINT,
    Context,
    TemplateError,
    error_line,
    refusal,
)
from pnp.rulebook.document import Art, Figure, Heading, Node, Where, slug, walk
from pnp.rulebook.markdown import Converter, scan_headings

# A jinja2 tag: expression, statement or comment.
TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{##.*?##\}", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Link:
    """A `[[reference]]` or `(#link)` of a source, and whether it names anything."""

    target: str
    where: Where
    known: bool


@dataclass(slots=True)
class Book:
    """The rulebook of one game, ready to check and to render."""

    game: Game
    files: list[str] = field(default_factory=list)  # the sources, as diagnostics name them
    texts: list[str] = field(default_factory=list)  # the sources as written
    nodes: list[Node] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)  # words typed in the sources
    rulings: set[str] = field(default_factory=set)  # ids of the rulings the book prints
    diagnostics: list[Diagnostic] = field(default_factory=list)
    complete: bool = True  # False when a source or a block could not be filled

    @property
    def empty(self) -> bool:
        """A game without a rulebook."""
        return not self.files


def keep_lines(text: str) -> str:
    """The source with a blank line added after each jinja2 tag that spans several lines and
    stands alone on its line, so that filling it keeps every later line where it was."""
    out: list[str] = []
    pos = 0
    for m in TAG.finditer(text):
        lines = m.group().count("\n")
        if not lines:
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        if text[start : m.start()].strip() or text[m.end() : end].strip():
            continue
        out.append(text[pos:end])
        out.append("\n" * lines)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def load(game: Game) -> Book:
    """Read, fill and parse the rulebook of a game (an empty Book when it has none); once
    per model, which the check and the build both read it from (the Book is not to be
    changed by its readers)."""
    found = _LOADED.get(id(game))
    if found is not None and found[0] is game:
        return found[1]
    book = _load(game)
    if len(_LOADED) >= 8:
        _LOADED.pop(next(iter(_LOADED)))
    _LOADED[id(game)] = (game, book)  # the model is kept, so its id is not reused
    return book


_LOADED: dict[int, tuple[Game, Book]] = {}


def _load(game: Game) -> Book:
    book = Book(game)
    found, problems = rb_sources.read(game.files)
    book.diagnostics += problems
    book.files = [s.display for s in found]
    book.texts = [s.text for s in found]
    if not found:
        return book
    ctx = Context(game)
    # 1. Fill every source from the model.
    filled: list[tuple[str, list[Token]]] = []
    for src in found:
        try:
            text = ctx.render(keep_lines(src.text))
        except TemplateError as exc:
            refused = refusal(exc)  # E714, E715: refused before it ran, or stopped
            book.diagnostics.append(
                Diagnostic(
                    src.display,
                    error_line(exc),
                    1,
                    refused.code if refused else "E754",
                    refused.message if refused else f"the rulebook cannot be filled: {exc.message}",
                    refused.hint if refused else RULEBOOK_HINT,
                )
            )
            book.complete = False
            continue
        filled.append((src.display, parse(text)))
    # 2. Headings first, so that a link may point forwards.
    sections: dict[str, str] = {}  # heading text (casefolded) or id -> anchor
    ids: dict[str, dict[int, str]] = {}
    used: set[str] = set()
    for display, tokens in filled:
        ids[display] = {}
        for h in scan_headings(tokens):
            anchor = h.id
            n = 2
            while anchor in used:
                anchor = f"{h.id}-{n}"
                n += 1
            used.add(anchor)
            ids[display][h.line] = anchor
            sections.setdefault(h.text.strip().casefold(), anchor)
            sections.setdefault(anchor, anchor)
    # 3. The generated blocks, where they stand.
    built: list[list[Node] | None] = [None] * len(ctx.blocks.builders)
    for display, tokens in filled:
        for t in tokens:
            if t.type != "html_block":
                continue
            for n in PLACEHOLDER.findall(t.content):
                where = Where(display, (t.map or [0])[0] + 1)
                try:
                    built[int(n)] = ctx.blocks.builders[int(n)](where)
                except (TemplateError, ValueError) as exc:
                    message = exc.message if isinstance(exc, TemplateError) else str(exc)
                    blame = exc.src if isinstance(exc, TemplateError) else None
                    block = f"{ctx.blocks.names[int(n)]}()"
                    refused = refusal(exc)
                    book.diagnostics.append(
                        Diagnostic(
                            blame.file if blame else display,
                            blame.line if blame else where.line,
                            blame.col if blame else 1,
                            refused.code if refused else "E754",
                            f"{refused.message} (in the block {block})"
                            if refused
                            else f"the block {block} cannot be made: {message}",
                            refused.hint if refused else "",
                        )
                    )
                    book.complete = False
                    continue
                for node in built[int(n)] or []:
                    if isinstance(node, Heading):
                        sections.setdefault(node.inline.text.strip().casefold(), node.id)
                        sections.setdefault(node.id, node.id)
    book.rulings = set(ctx.blocks.rulings)
    names = _names(game)

    def resolve(target: str, where: Where) -> str | None:
        if target.startswith("#"):
            found = sections.get(target[1:])
            book.links.append(Link(target, where, found is not None))
            return found
        key = target.strip().casefold()
        if key in sections or slug(target) in sections:
            book.links.append(Link(target, where, True))
            return sections.get(key) or sections[slug(target)]
        thing = names.get(key)
        book.links.append(Link(target, where, thing is not None))
        return ctx.blocks.anchors.get(thing) if thing else None

    # 4. Every source as nodes.
    for display, tokens in filled:
        converter = Converter(display, resolve, built, book.diagnostics, ids[display])
        book.nodes += converter.convert(tokens)
        book.prose += converter.prose
    # 5. A picture is checked and credited where its source names it, as written
    # (`content.assets.uses`): one whose path only filling the source makes is not.
    written = {s.display: {f.rel for f in pictures.find(s.text)} for s in found}
    for node in walk(book.nodes):
        if (
            isinstance(node, Figure)
            and isinstance(node.data, Art)
            and node.data.rel not in written.get(node.where.file, set())
        ):
            book.diagnostics.append(
                Diagnostic(
                    node.where.file,
                    node.where.line,
                    1,
                    "E754",
                    f"the picture '{node.data.rel}' is named by a template, so it cannot be "
                    "checked",
                    "write its path out: ![what it shows](art/name.svg)",
                )
            )
    return book


def _names(game: Game) -> dict[str, str]:
    """Every name a `[[link]]` may use (casefolded) -> 'kind:id', the first kind winning:
    doors before the Departure cards named after them."""
    found: dict[str, str] = {}

    def add(kind: str, items: object) -> None:
        for item in items or ():  # type: ignore[attr-defined]
            found.setdefault(str(item.name).casefold(), f"{kind}:{item.id}")

    add("door", game.doors)
    add("goal", game.goals)
    add("archetype", game.archetypes)
    add("diplomat", game.diplomats)
    add("card", game.cards)
    add("role", game.roles)
    add("piece", game.pieces)
    add("crime-type", game.crime_types)
    for t in game.glossary or ():
        for form in (t.term, *t.forms):
            found.setdefault(form.casefold(), f"term:{t.term}")
    return found
