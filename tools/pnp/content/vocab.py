"""The effect vocabulary: the closed set of terms every effect in the game is written in.

Four kinds of term (after the card-script engines that keep effects as data):

- a **step** happens now, in order (gain money, take Heat, cancel the crime ...);
- a **condition** is a yes/no question about a player (Heat at least 2, 4 crimes of one type);
- a **modifier** holds while its source is in effect (a Law, a Headline, a Bend or a Cost);
- a **target** says who a step or modifier applies to.

This table is the one definition: the JSON Schema for effects is generated from it
(`pnp vocab --schema`), the model reads terms through it, the reference page is printed from
it (`pnp vocab`), and the rules model executes exactly these names. A card that needs
something this table cannot say is the signal to add one term here, with a test.

In YAML a term is written as a bare word (`discard_hand`), with its main parameter
(`cool: 2`), or with named parameters (`heat: {to: rival, amount: 2}`).
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Any


class TermKind(enum.StrEnum):
    STEP = "step"
    CONDITION = "condition"
    MODIFIER = "modifier"


class Target(enum.StrEnum):
    """Who a step or modifier applies to."""

    YOU = "you"
    RIVAL = "rival"
    PLAYER = "player"
    AIMED = "aimed"
    EACH_RIVAL = "each_rival"
    EACH_PLAYER = "each_player"
    NAMED = "named"
    RICHEST = "richest"
    MOST_CRIMES = "most_crimes"


TARGETS: dict[Target, str] = {
    Target.YOU: "you",
    Target.RIVAL: "a rival of your choice (not a Recalled player)",
    Target.PLAYER: "a player of your choice, you included (not a Recalled player)",
    Target.AIMED: "the player whose crime, Departure or card this card answers",
    Target.EACH_RIVAL: "each rival who is not Recalled",
    Target.EACH_PLAYER: "each player who is not Recalled, you included",
    Target.NAMED: "the player named when the Law was proposed",
    Target.RICHEST: "each player tied for the most money",
    Target.MOST_CRIMES: "each player tied for the most crimes on their Rap Sheet",
}


class ParamType(enum.StrEnum):
    AMOUNT = "amount"  # a whole number, 1 or more
    COUNT = "count"  # a whole number, 0 or more
    DELTA = "delta"  # a whole number that may be negative
    TARGET = "target"
    CRIME_TYPE = "crime_type"  # a crime type id, checked against the game's crime types
    DECK = "deck"  # a deck id, or `any`
    CHOICE = "choice"  # one of a fixed set of words
    FLAG = "flag"  # true or false
    OPTIONS = "options"  # a list of step lists, one of which is chosen


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a term. `default` None means the parameter must be given."""

    name: str
    type: ParamType
    default: object = None
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TermDef:
    """One term of the vocabulary. The first parameter is the one a short form sets."""

    name: str
    kind: TermKind
    params: tuple[Param, ...]
    summary: str
    example: str

    @property
    def bare(self) -> bool:
        """Whether the term may be written as a bare word (every parameter has a default)."""
        return all(p.default is not None for p in self.params)


def _p(name: str, type_: ParamType, default: object = None, words: tuple[str, ...] = ()) -> Param:
    return Param(name, type_, default, words)


A, C, D, T = ParamType.AMOUNT, ParamType.COUNT, ParamType.DELTA, ParamType.TARGET
S, K, M = TermKind.STEP, TermKind.CONDITION, TermKind.MODIFIER

VOCABULARY: tuple[TermDef, ...] = (
    # ---- steps -------------------------------------------------------------------------
    TermDef(
        "gain", S, (_p("amount", A), _p("who", T, "you")), "take money from the bank", "gain: 3"
    ),
    TermDef(
        "pay",
        S,
        (_p("amount", A), _p("who", T, "you")),
        "pay money to the bank (as much as the player has, if less)",
        "pay: {amount: 2, who: richest}",
    ),
    TermDef(
        "take_money",
        S,
        (_p("amount", A), _p("from", T, "rival")),
        "take money from another player (as much as they have, if less)",
        "take_money: {amount: 3, from: rival}",
    ),
    TermDef(
        "heat",
        S,
        (_p("amount", A), _p("to", T, "you")),
        "a player takes Heat (Recalled players take none)",
        "heat: {amount: 1, to: aimed}",
    ),
    TermDef(
        "cool",
        S,
        (_p("amount", A), _p("who", T, "you")),
        "a player removes Heat, never below 0",
        "cool: 2",
    ),
    TermDef(
        "draw",
        S,
        (_p("cards", A), _p("who", T, "you"), _p("deck", ParamType.DECK, "any")),
        "draw cards from a deck (`any`: the drawer picks the deck for each card)",
        "draw: {cards: 2, deck: politics}",
    ),
    TermDef(
        "discard",
        S,
        (_p("cards", A), _p("who", T, "you")),
        "a player discards cards of their choice from their hand",
        "discard: {cards: 1, who: rival}",
    ),
    TermDef(
        "discard_hand",
        S,
        (_p("who", T, "you"),),
        "a player discards their whole hand",
        "discard_hand",
    ),
    TermDef(
        "remove_crimes",
        S,
        (_p("crimes", A), _p("from", T, "you")),
        "crimes leave a Rap Sheet for the discard pile (the sheet's owner chooses which)",
        "remove_crimes: {crimes: 2, from: player}",
    ),
    TermDef(
        "move_crime",
        S,
        (_p("to", T, "rival"),),
        "move one crime of your choice from your Rap Sheet to another player's",
        "move_crime: {to: rival}",
    ),
    TermDef(
        "cancel",
        S,
        (_p("what", ParamType.CHOICE, "aimed", ("aimed", "leak_or_tip_off")),),
        "cancel what this card answers: a crime never happens; a Departure is Tipped Off "
        "(it fails when it resolves unless the Tip-Off is answered); a Leak or Tip-Off "
        "fizzles",
        "cancel",
    ),
    TermDef(
        "lose_immunity",
        S,
        (_p("who", T, "you"),),
        "a player returns their Immunity chip to the box; their Limit drops at once",
        "lose_immunity: named",
    ),
    TermDef(
        "reverse_play",
        S,
        (),
        "the direction of play reverses; nobody gets a second turn in the same round",
        "reverse_play",
    ),
    TermDef(
        "repeal",
        S,
        (),
        "a Law in effect of your choice is removed; its marker goes back to its owner",
        "repeal",
    ),
    TermDef(
        "votes",
        S,
        (_p("amount", A),),
        "during a vote, add this many votes, yes or no as you choose",
        "votes: 1",
    ),
    TermDef(
        "vote_weight",
        S,
        (_p("times", A),),
        "during a vote, your one vote counts this many times (even if you never vote)",
        "vote_weight: 3",
    ),
    TermDef(
        "take_favor",
        S,
        (_p("from", T, "rival"),),
        "a player gives you their own Favor chip, if they still have it",
        "take_favor: {from: aimed}",
    ),
    TermDef(
        "propose_law",
        S,
        (_p("fee", C, 0), _p("ties", ParamType.CHOICE, "fail", ("fail", "pass"))),
        "propose a Law from your hand now, with this filing fee; ties may pass",
        "propose_law: {fee: 0, ties: pass}",
    ),
    TermDef(
        "choose",
        S,
        (_p("options", ParamType.OPTIONS), _p("by", T, "aimed")),
        "a player picks one of the options and does its steps (an option they cannot "
        "pay in full is not open to them)",
        "choose: {by: rival, options: [[{pay: 2}], [{heat: 2}]]}",
    ),
    # ---- conditions --------------------------------------------------------------------
    TermDef("heat_at_least", K, (_p("heat", C),), "your Heat is at least this", "heat_at_least: 3"),
    TermDef("heat_at_most", K, (_p("heat", C),), "your Heat is at most this", "heat_at_most: 0"),
    TermDef(
        "heat_below_limit",
        K,
        (_p("limit", ParamType.CHOICE, None, ("with_immunity", "without_immunity")),),
        "your Heat is below your Limit with, or without, Immunity",
        "heat_below_limit: without_immunity",
    ),
    TermDef(
        "money_at_least",
        K,
        (_p("money", C),),
        "you hold at least this much money",
        "money_at_least: 20",
    ),
    TermDef(
        "crimes_at_least",
        K,
        (_p("crimes", C),),
        "your Rap Sheet holds at least this many crimes",
        "crimes_at_least: 6",
    ),
    TermDef(
        "crimes_of_one_type",
        K,
        (_p("crimes", C),),
        "your Rap Sheet holds at least this many crimes of one type",
        "crimes_of_one_type: 4",
    ),
    TermDef(
        "crime_types",
        K,
        (_p("types", C),),
        "your Rap Sheet holds crimes of at least this many types",
        "crime_types: 4",
    ),
    TermDef(
        "laws_with_your_marker",
        K,
        (_p("laws", C),),
        "at least this many Laws in effect carry your marker",
        "laws_with_your_marker: 2",
    ),
    TermDef(
        "favors_held",
        K,
        (_p("chips", C),),
        "you hold at least this many other players' Favor chips",
        "favors_held: 3",
    ),
    TermDef("own_favor_home", K, (), "your own Favor chip is with you", "own_favor_home"),
    TermDef(
        "scandals_at_least",
        K,
        (_p("tokens", C),),
        "you have at least this many Scandal tokens",
        "scandals_at_least: 2",
    ),
    TermDef(
        "scandals_at_most",
        K,
        (_p("tokens", C),),
        "you have at most this many Scandal tokens",
        "scandals_at_most: 0",
    ),
    TermDef(
        "rival_scandals_at_least",
        K,
        (_p("tokens", C),),
        "some rival has at least this many Scandal tokens",
        "rival_scandals_at_least: 2",
    ),
    TermDef(
        "has_immunity",
        K,
        (_p("value", ParamType.FLAG, True),),
        "you still have (true) or have lost (false) your Immunity chip",
        "has_immunity: false",
    ),
    # ---- modifiers ---------------------------------------------------------------------
    TermDef(
        "legal",
        M,
        (_p("type", ParamType.CRIME_TYPE),),
        "crimes of this type are legal: they give no Heat",
        "legal: smuggling",
    ),
    TermDef(
        "crime_heat",
        M,
        (_p("delta", D), _p("type", ParamType.CRIME_TYPE, "any")),
        "crimes (of a type) give this much more Heat (less if negative; never below 0)",
        "crime_heat: {delta: 1, type: espionage}",
    ),
    TermDef(
        "crime_payout",
        M,
        (_p("delta", D), _p("type", ParamType.CRIME_TYPE, "any")),
        "crimes (of a type) pay this much more (less if negative; never below 0)",
        "crime_payout: {delta: -1}",
    ),
    TermDef(
        "covered_heat",
        M,
        (_p("heat", A),),
        "a Covered crime still gives this much Heat",
        "covered_heat: 1",
    ),
    TermDef("leak_heat", M, (_p("delta", D),), "Leaks give this much more Heat", "leak_heat: 1"),
    TermDef(
        "vote_count", M, (_p("times", A),), "your vote counts this many times", "vote_count: 2"
    ),
    TermDef("no_vote", M, (), "you never vote", "no_vote"),
    TermDef("no_propose", M, (), "you cannot propose Laws", "no_propose"),
    TermDef("no_lay_low", M, (), "you cannot Lay Low", "no_lay_low"),
    TermDef("no_leak", M, (), "you cannot play Leaks", "no_leak"),
    TermDef("no_hush_money", M, (), "you cannot pay Hush Money", "no_hush_money"),
    TermDef(
        "limit",
        M,
        (_p("without_immunity", C, 0), _p("with_immunity", C, 0)),
        "your Heat Limit is this (0 leaves the rulebook's Limit)",
        "limit: {without_immunity: 4}",
    ),
    TermDef(
        "morning_draw",
        M,
        (_p("delta", D),),
        "draw this many more cards in the Morning",
        "morning_draw: 1",
    ),
    TermDef(
        "lay_low_cool", M, (_p("delta", D),), "Lay Low cools this much more Heat", "lay_low_cool: 1"
    ),
    TermDef(
        "hush_money_price",
        M,
        (_p("delta", D),),
        "Hush Money costs this much more",
        "hush_money_price: -1",
    ),
    TermDef(
        "law_fee", M, (_p("delta", D),), "the filing fee for a Law is this much more", "law_fee: -1"
    ),
    TermDef(
        "door_price",
        M,
        (_p("delta", D),),
        "every Departure's price is this much more",
        "door_price: 2",
    ),
    TermDef(
        "hand_limit", M, (_p("delta", D),), "your hand limit is this much more", "hand_limit: -2"
    ),
    TermDef("deny_price", M, (_p("delta", D),), "Deny costs this much more", "deny_price: -5"),
)

TERMS: dict[str, TermDef] = {t.name: t for t in VOCABULARY}


def terms_of(kind: TermKind) -> list[TermDef]:
    """Every term of one kind, in table order."""
    return [t for t in VOCABULARY if t.kind is kind]


# ---- the JSON Schema, generated -------------------------------------------------------------

_INT = {ParamType.AMOUNT: 1, ParamType.COUNT: 0}

# The largest number a parameter takes: money as the schemas allow it anywhere (in the game's
# units); anything else (Heat, cards, crimes, votes, tokens) is counted one by one in play,
# so it stays below 100. A delta may be as far below 0 as above.
MONEY_MAX = 999_999_999
SMALL_MAX = 99
MONEY_TERMS = frozenset(
    {
        "gain",
        "pay",
        "take_money",
        "propose_law",
        "money_at_least",
        "crime_payout",
        "hush_money_price",
        "law_fee",
        "door_price",
        "deny_price",
    }
)


def _most(term: str) -> int:
    return MONEY_MAX if term in MONEY_TERMS else SMALL_MAX


def _param_schema(p: Param, term: str) -> dict[str, Any]:
    if p.type in _INT:
        return {"type": "integer", "minimum": _INT[p.type], "maximum": _most(term)}
    if p.type is ParamType.DELTA:
        return {"type": "integer", "minimum": -_most(term), "maximum": _most(term)}
    if p.type is ParamType.TARGET:
        return {"enum": [t.value for t in Target]}
    if p.type is ParamType.CHOICE:
        return {"enum": list(p.words)}
    if p.type is ParamType.FLAG:
        return {"type": "boolean"}
    if p.type is ParamType.OPTIONS:
        return {
            "type": "array",
            "minItems": 2,
            "maxItems": 10,
            "items": {
                "type": "array",
                "minItems": 1,
                "maxItems": 20,
                "items": {"$ref": "#/$defs/step"},
            },
        }
    return {"$ref": "common.schema.json#/$defs/ref"}  # crime types and decks: checked later


def _term_schema(t: TermDef) -> dict[str, Any]:
    if not t.params:
        return {"type": "null", "description": t.summary}
    full: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": [p.name for p in t.params if p.default is None],
        "properties": {p.name: _param_schema(p, t.name) for p in t.params},
    }
    short = _param_schema(t.params[0], t.name)
    if t.bare:  # `discard_hand:` with nothing after it means the same as the bare word
        return {"description": t.summary, "anyOf": [{"type": "null"}, short, full]}
    return {"description": t.summary, "anyOf": [short, full]}


def effects_schema() -> dict[str, Any]:
    """The JSON Schema of steps, conditions and modifiers, generated from the table."""
    defs: dict[str, Any] = {}
    for kind in TermKind:
        terms = terms_of(kind)
        defs[kind.value] = {
            "anyOf": [
                {"enum": [t.name for t in terms if t.bare]},
                {
                    "title": kind.value,
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "additionalProperties": False,
                    "properties": {t.name: _term_schema(t) for t in terms},
                },
            ]
        }
        defs[f"{kind.value}s"] = {"type": "array", "items": {"$ref": f"#/$defs/{kind.value}"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "effects.schema.json",
        "title": "effects",
        "description": "Generated by `pnp vocab --schema` from pnp/content/vocab.py. "
        "Do not edit by hand.",
        "$defs": defs,
    }


def effects_schema_text() -> str:
    """The generated schema as the text of `schemas/effects.schema.json`."""
    return json.dumps(effects_schema(), indent=2) + "\n"


def normalise(term: TermDef, value: Any) -> tuple[tuple[str, object], ...]:
    """Every parameter of a schema-valid term, defaults filled, in table order."""
    if value is None:
        given: dict[str, Any] = {}
    elif isinstance(value, dict):
        given = dict(value)
    else:
        given = {term.params[0].name: value}
    return tuple((p.name, given.get(p.name, p.default)) for p in term.params)


def reference_markdown() -> str:
    """The vocabulary reference page: every term, its parameters and one example."""
    lines = [
        "# Effect vocabulary",
        "",
        "Generated by `pnp vocab` from the one table the schema, the model and the rules "
        "model share. A term is written as a bare word, with its main parameter "
        "(`cool: 2`), or with named parameters (`heat: {amount: 2, to: rival}`).",
        "",
    ]
    titles = {
        TermKind.STEP: "Steps: what happens, in order",
        TermKind.CONDITION: "Conditions: yes/no questions about a player",
        TermKind.MODIFIER: "Modifiers: rules that hold while their source is in effect",
    }
    for kind in TermKind:
        lines += [
            f"## {titles[kind]}",
            "",
            "| term | parameters | meaning | example |",
            "|---|---|---|---|",
        ]
        for t in terms_of(kind):
            params = (
                ", ".join(
                    f"`{p.name}`" + (f" ({p.type})" if p.default is None else f" = {p.default}")
                    for p in t.params
                )
                or "none"
            )
            lines.append(f"| `{t.name}` | {params} | {t.summary} | `{t.example}` |")
        lines.append("")
    lines += ["## Targets", "", "| target | who |", "|---|---|"]
    lines += [f"| `{t.value}` | {desc} |" for t, desc in TARGETS.items()]
    return "\n".join(lines) + "\n"
