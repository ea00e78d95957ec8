"""W405: a Goal that a character board can never meet, because its Bend or Cost forbids
what the Goal needs.

The check reads two small tables. `NEEDS` says which Goal condition needs which capability
(a count of 1 or more of `laws_with_your_marker` needs proposing a Law; a count of 0 needs
nothing). `CAPABILITIES` says, for each capability, how the rules model gives it: the
rules' own way and the modifiers that close it (the Evening's proposal, closed by
`no_propose`), and the steps that give it too, with the modifiers that close those as well
(`propose_law` is a proposal, and `no_propose` forbids it just the same). A board can never
meet the Goal only when its own Bend or Cost closes the rules' way and no step it can ever
use gives the capability another way. The steps a board can use are those of the cards
(a Law's `on_pass` only for a board that may propose it, and no Leak for a board that may
not play one), of its own Bend and of its own two diplomats' Signatures; another board's
Signature is not its to use, and a door's booking steps come after the Goal is checked.
Laws and Headlines hold only for a while, so only a board's own modifiers count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from pnp.checks.common import at
from pnp.content.cards import Ability, Archetype, Card
from pnp.content.departures import Goal
from pnp.content.model import Term
from pnp.content.project import Game
from pnp.diagnostics import Diagnostic


@dataclass(frozen=True, slots=True)
class Capability:
    """Something a player must be able to do for a condition to ever hold."""

    rules_way: frozenset[str]  # modifiers that close the rules' own way to it
    steps: tuple[tuple[str, frozenset[str]], ...]  # steps that give it, and what closes each
    otherwise: str  # said when a step could give it, but none the board can use does


CAPABILITIES: dict[str, Capability] = {
    # game.py, the Evening: no Law may be proposed under `no_propose`; the step
    # `propose_law` (effects.py) is a proposal too, and stops under it as well.
    "propose": Capability(
        rules_way=frozenset({"no_propose"}),
        steps=(("propose_law", frozenset({"no_propose"})),),
        otherwise="no card, Bend or Signature it can use proposes a Law",
    ),
    # voting.py: the rules hand a rival's Favor chip over only as a bribe for a vote, never
    # offered to a player who does not vote; `take_favor` takes one whatever you are.
    "favor": Capability(
        rules_way=frozenset({"no_vote"}),
        steps=(("take_favor", frozenset()),),
        otherwise="no card, Bend or Signature it can use takes a Favor chip",
    ),
}

# condition -> (its count parameter, the capability a count of 1 or more needs, what the
# Goal then needs, in words)
NEEDS: dict[str, tuple[str, str, str]] = {
    "laws_with_your_marker": ("laws", "propose", "a Law with your marker in effect"),
    "favors_held": ("chips", "favor", "the Favor chip of a rival"),
}

# what a modifier that closes a capability forbids, in words
FORBIDS: dict[str, str] = {
    "no_propose": "proposing Laws",
    "no_vote": "voting",
}


def _is_leak(card: Card) -> bool:
    """A card that plays as a Leak, as the rules model tells one (game.py, `_may_play`)."""
    return card.id == "leak" or any(t.name == "heat" and t.arg("to") == "aimed" for t in card.steps)


# modifiers that keep a board from playing a card at all
CARD_GATES: dict[str, Callable[[Card], bool]] = {"no_leak": _is_leak}

HINT = (
    "let the character meet it another way, change the Goal, or explain the pair in a "
    "ruling that acknowledges W405"
)


def check(game: Game) -> list[Diagnostic]:
    """Each Goal and board where the board's own modifiers forbid what the Goal needs."""
    if not game.archetypes or not game.goals:
        return []  # no boards or no Goals (Diamond Heist): no pairs
    out: list[Diagnostic] = []
    for goal in game.goals:
        for arch in game.archetypes:
            found = _never(game, arch, goal)
            if found is not None:
                term, reason = found
                out.append(
                    at(
                        term.src,
                        "W405",
                        f"'{arch.name}' can never meet the Goal '{goal.name}': {reason}",
                        HINT,
                    )
                )
    return out


def _never(game: Game, arch: Archetype, goal: Goal) -> tuple[Term, str] | None:
    """The first condition of the Goal the board can never meet, with the reason."""
    for term in goal.condition:
        if term.name not in NEEDS:
            continue
        param, cap, need = NEEDS[term.name]
        if int(term.arg(param)) < 1:
            continue  # needing none of something needs nothing
        closed = _closed_by(arch, CAPABILITIES[cap].rules_way)
        if closed is None or _given(game, arch, cap):
            continue
        part, ability, modifier = closed
        reason = f"its {part} {_plain(ability.name)} forbids {FORBIDS[modifier]}"
        if any(modifier not in shut for _, shut in CAPABILITIES[cap].steps):
            reason += f", {CAPABILITIES[cap].otherwise}"  # the step is open, but not to it
        return term, f"{reason}, and the Goal needs {need}"
    return None


def _own(arch: Archetype) -> Iterator[tuple[str, Ability, Term]]:
    """The board's own modifiers, the Cost's first: (Cost or Bend, the ability, the term)."""
    for part, ability in (("Cost", arch.cost), ("Bend", arch.bend)):
        for t in ability.while_:
            yield part, ability, t


def _closed_by(arch: Archetype, modifiers: Iterable[str]) -> tuple[str, Ability, str] | None:
    """The first of the board's own modifiers among `modifiers`, or None."""
    wanted = set(modifiers)
    return next(
        ((part, ability, t.name) for part, ability, t in _own(arch) if t.name in wanted), None
    )


def _given(game: Game, arch: Archetype, cap: str, asking: frozenset[str] = frozenset()) -> bool:
    """Whether some step the board can use gives the capability despite its modifiers."""
    if cap in asking:
        return False  # a capability that needs itself gives nothing
    own = {t.name for _, _, t in _own(arch)}
    open_steps = {name for name, shut in CAPABILITIES[cap].steps if not shut & own}
    if not open_steps:
        return False
    return any(t.name in open_steps for t in _usable_steps(game, arch, asking | {cap}))


def _usable_steps(game: Game, arch: Archetype, asking: frozenset[str]) -> Iterator[Term]:
    """Every step the board can ever use, the options of `choose` included. Damaged cards
    stop the whole check here (Incomplete): that a card it cannot read gives nothing is a
    guess."""
    own = {t.name for _, _, t in _own(arch)}
    sources: list[Iterable[Term]] = [arch.bend.steps]
    sources += [d.signature.steps for d in arch.diplomats]
    for card in game.cards or ():
        if any(gate in own and blocks(card) for gate, blocks in CARD_GATES.items()):
            continue
        sources.append(card.steps)
        if card.headline:
            sources.append(card.headline.on_flip)  # the flipper may be anyone
        if card.law and card.law.on_pass and _may_propose(game, arch, asking):
            sources.append(card.law.on_pass)  # run by the Law's proposer
    for steps in sources:
        yield from _flat(steps)


def _may_propose(game: Game, arch: Archetype, asking: frozenset[str]) -> bool:
    """Whether the board can ever propose a Law (and so pass one)."""
    return _closed_by(arch, CAPABILITIES["propose"].rules_way) is None or _given(
        game, arch, "propose", asking
    )


def _flat(steps: Iterable[Term]) -> Iterator[Term]:
    for t in steps:
        yield t
        if t.name == "choose":
            for option in t.arg("options"):
                yield from _flat(option)


def _plain(name: str) -> str:
    """A name said in plain words: a straight quote in it would read as a quoted name."""
    return name.replace("'", "\u2019")
