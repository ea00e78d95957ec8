"""Every name the rulebook mentions exists in the shipped model and does what the rulebook says.

One test per name. The rulebook's own text is not in this repository. A docstring states what
the rulebook says of the name; words in quotes are the rulebook's only where a ruling or
rules.yaml records them as quoted, and otherwise the words of the ruling named with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

from pnp import pipeline
from pnp.content.cards import Ability, Aim, Archetype, Card, CardKind, Timing
from pnp.content.model import Term
from pnp.content.project import Game
from pnp.rulesets.diplomatic_immunity.model import DIRules
from tests.conftest import CONTENT

GAME = "diplomatic-immunity"


@pytest.fixture(scope="module")
def game() -> Game:
    result = pipeline.check(CONTENT, [GAME])
    assert [d.format() for d in result.diagnostics if d.severity == "error"] == []
    return result.games[GAME]


def _card(game: Game, name: str) -> Card:
    found = [
        c for c in game.cards or () if c.name == name and c.kind is not CardKind.DEPARTURE_CARD
    ]
    assert len(found) == 1, f"no single card named {name!r}"
    return found[0]


def _archetype(game: Game, name: str) -> Archetype:
    found = [a for a in game.archetypes or () if a.name == name]
    assert len(found) == 1, f"no archetype named {name!r}"
    return found[0]


def _flat(terms: Iterable[Term]) -> Iterator[Term]:
    for t in terms:
        yield t
        if t.name == "choose":
            for option in t.arg("options"):
                yield from _flat(option)


def _names(terms: Iterable[Term]) -> set[str]:
    return {t.name for t in _flat(terms)}


def _terms(card: Card | Ability, name: str) -> list[Term]:
    return [t for t in _flat(card.terms()) if t.name == name]


# ---- characters ----------------------------------------------------------------------------


def test_spouse_cannot_propose(game: Game) -> None:
    """Rulebook: the Spouse cannot propose Laws (its Cost). A ruling (vote-and-winning) adds
    that "A Spouse, who cannot propose Laws, can still hold such a Goal"."""
    spouse = _archetype(game, "Spouse")
    assert "no_propose" in _names(spouse.cost.while_)


def test_heir_no_immunity_limit_is_4(game: Game) -> None:
    """Rulebook: the Heir's Limit without Immunity is 4 ("The rules give only the Heir's
    no-Immunity Limit", ruling heir-limits); everyone's is 3, and 5 with Immunity."""
    heir = _archetype(game, "Heir")
    (limit,) = [t for t in heir.bend.while_ if t.name == "limit"]
    assert limit.arg("without_immunity") == 4
    rules = game.rules
    assert isinstance(rules, DIRules)
    mods = (*heir.bend.while_, *heir.cost.while_)
    assert (rules.limit_for(mods, False), rules.limit_for(mods, True)) == (4, 5)
    assert rules.limit_for((), False) == 3


def test_spook_never_votes(game: Game) -> None:
    """Rulebook: "the Spook and the Envoy never vote" (quoted in the ruling who-votes)."""
    assert "no_vote" in _names(_archetype(game, "Spook").cost.while_)


def test_envoy_never_votes(game: Game) -> None:
    """Rulebook: "the Spook and the Envoy never vote" (quoted in the ruling who-votes)."""
    assert "no_vote" in _names(_archetype(game, "Envoy").cost.while_)


def test_ambassador_vote_counts_double(game: Game) -> None:
    """Rulebook: the Ambassador's vote counts double."""
    ambassador = _archetype(game, "Ambassador")
    (count,) = [t for t in ambassador.bend.while_ if t.name == "vote_count"]
    assert count.arg("times") == 2


def test_chaplain_excommunication_removes_a_rivals_immunity(game: Game) -> None:
    """Rulebook: the Chaplain's Excommunication makes a rival lose their Immunity, one of the
    ways Immunity leaves the board "in only three ways" (quoted in the ruling repeal)."""
    chaplain = _archetype(game, "Chaplain")
    excommunication = chaplain.bend
    assert excommunication.name == "Excommunication"
    (step,) = _terms(excommunication, "lose_immunity")
    assert step.arg("who") == "rival"


# ---- the Street deck -----------------------------------------------------------------------


def test_smuggling_is_a_crime_type(game: Game) -> None:
    """Rulebook: Smuggling is a type of crime (Legalise Smuggling makes it legal)."""
    assert "Smuggling" in {t.name for t in game.crime_types or ()}
    assert any(c.crime and c.crime.type.id == "smuggling" for c in game.cards or ())


def test_covers_typed_and_wild(game: Game) -> None:
    """Rulebook: a Cover cancels "the crime's printed Heat" (quoted in the ruling
    covers-and-heat), for crimes of its type, or of any type if it is wild."""
    covers = [c for c in game.cards or () if c.kind is CardKind.COVER]
    types = {t.id for t in game.crime_types or ()}
    typed = {c.covers.id for c in covers if c.covers and c.covers.id in types}
    assert typed == types  # a typed Cover for every crime type
    assert any(c.covers and c.covers.id == "any" for c in covers)  # and a wild one


def test_dirty_tricks_marked_afternoon(game: Game) -> None:
    """Rulebook: some Dirty Tricks are played in your Afternoon, and say so."""
    afternoon = [
        c
        for c in game.cards or ()
        if c.kind is CardKind.DIRTY_TRICK and Timing.AFTERNOON in c.timing
    ]
    assert afternoon
    assert all(c.deck.id == "street" for c in afternoon)


def test_tip_off_cancels_a_crime_or_a_departure(game: Game) -> None:
    """Rulebook: a Tip-Off cancels a crime as it is committed, or makes a Departure fail unless
    it is answered ("unless it is answered", quoted in the ruling deny)."""
    tip_off = _card(game, "Tip-Off")
    assert tip_off.kind is CardKind.DIRTY_TRICK
    assert Timing.REACTION in tip_off.timing
    assert tip_off.aim is Aim.CRIME_OR_DEPARTURE
    (cancel,) = _terms(tip_off, "cancel")
    assert cancel.arg("what") == "aimed"


def test_leak_gives_the_aimed_player_one_heat(game: Game) -> None:
    """Rulebook: a Leak gives the criminal, or the Departing player, +1 Heat at once."""
    leak = _card(game, "Leak")
    assert leak.aim is Aim.CRIME_OR_DEPARTURE
    (heat,) = _terms(leak, "heat")
    assert (heat.arg("amount"), heat.arg("to")) == (1, "aimed")


def test_shred_cancels_a_leak_or_tip_off(game: Game) -> None:
    """Rulebook: a Shred cancels a Leak or a Tip-Off aimed at you or your Departure."""
    shred = _card(game, "Shred")
    assert Timing.COUNTER in shred.timing
    assert shred.aim is Aim.LEAK_OR_TIP_OFF
    (cancel,) = _terms(shred, "cancel")
    assert cancel.arg("what") == "leak_or_tip_off"


def test_shakedown_takes_money(game: Game) -> None:
    """Rulebook: a Shakedown takes money from a rival (one of the things that can leave a
    Goal no longer met, ruling three-stops)."""
    (take,) = _terms(_card(game, "Shakedown"), "take_money")
    assert take.arg("amount") > 0 and take.arg("from") == "rival"


def _aims_at_a_player(card: Card) -> bool:
    return any(
        value in ("rival", "player", "aimed")
        for t in _flat(card.steps)
        for key, value in t.args
        if key in ("to", "from", "who", "by")
    )


def test_blackmail_aims_at_a_player(game: Game) -> None:
    """Rulebook: Blackmail is played against a player ("Frame and Blackmail name their target
    twice", ruling one-rival-per-card)."""
    blackmail = _card(game, "Blackmail")
    assert blackmail.kind is CardKind.DIRTY_TRICK
    assert _aims_at_a_player(blackmail)
    assert _terms(blackmail, "choose")[0].arg("by") == "rival"


def test_frame_aims_at_a_player(game: Game) -> None:
    """Rulebook: Frame moves your crime onto a player ("Frame and Blackmail name their target
    twice", ruling one-rival-per-card)."""
    frame = _card(game, "Frame")
    assert _aims_at_a_player(frame)
    assert _terms(frame, "move_crime")


def test_expunge_the_record_removes_a_players_crimes(game: Game) -> None:
    """Rulebook: Expunge the Record can be aimed at a player and removes crimes from their Rap
    Sheet (ruling three-stops names it among what rivals do to your Goal)."""
    expunge = _card(game, "Expunge the Record")
    (remove,) = _terms(expunge, "remove_crimes")
    assert remove.arg("crimes") > 0 and remove.arg("from") == "player"


# ---- the Politics deck ---------------------------------------------------------------------


def test_repeal_in_the_reaction_step(game: Game) -> None:
    """Rulebook: a Repeal may be played "during the reaction step" (quoted in the ruling
    repeal-in-reactions)."""
    repeal = _card(game, "Repeal")
    assert Timing.REACTION in repeal.timing
    assert _terms(repeal, "repeal")


def test_dawn_raid_adds_heat(game: Game) -> None:
    """Rulebook: a Dawn Raid is a source of Heat; the ruling headline-names makes it a
    Maneuver ("The rules name them as Heat sources without saying what they are")."""
    raid = _card(game, "Dawn Raid")
    assert raid.kind is CardKind.MANEUVER
    assert any(t.arg("amount") > 0 for t in _terms(raid, "heat"))


def test_lobbyist_adds_a_vote(game: Game) -> None:
    """Rulebook: a Lobbyist adds a vote (a vote card, ruling vote-order)."""
    lobbyist = _card(game, "Lobbyist")
    assert Timing.VOTE in lobbyist.timing
    (votes,) = _terms(lobbyist, "votes")
    assert votes.arg("amount") == 1


def test_change_of_protocol_reverses_play(game: Game) -> None:
    """Rulebook: a Change of Protocol reverses the direction of play (ruling reversal)."""
    assert _terms(_card(game, "Change of Protocol"), "reverse_play")


def test_legalise_smuggling_makes_smuggling_legal(game: Game) -> None:
    """Rulebook: the Law Legalise Smuggling makes Smuggling crimes legal."""
    law = _card(game, "Legalise Smuggling")
    assert law.kind is CardKind.LAW and law.law is not None
    assert [(t.name, t.arg("type")) for t in law.law.while_] == [("legal", "smuggling")]


def test_persona_non_grata_removes_the_named_players_immunity(game: Game) -> None:
    """Rulebook: Persona Non Grata names a player and, when it passes, removes their Immunity
    ("The rules name the Law and its victim but not when the name is given", ruling
    persona-non-grata)."""
    law = _card(game, "Persona Non Grata")
    assert law.kind is CardKind.LAW and law.law is not None
    assert law.law.names_player
    assert [(t.name, t.arg("who")) for t in law.law.on_pass] == [("lose_immunity", "named")]


def test_zero_tolerance_adds_heat(game: Game) -> None:
    """Rulebook: Zero Tolerance is a source of Heat; the ruling headline-names makes it a Law
    under which a Covered crime still gives Heat."""
    law = _card(game, "Zero Tolerance")
    assert law.kind is CardKind.LAW and law.law is not None
    (covered,) = [t for t in law.law.while_ if t.name == "covered_heat"]
    assert covered.arg("heat") > 0


def test_double_agent_counts_a_vote_three_times(game: Game) -> None:
    """Rulebook: a Double Agent lets one vote count three times ("A Double Agent lets any player
    cast one vote that counts three times", ruling who-votes)."""
    agent = _card(game, "Double Agent")
    assert Timing.VOTE in agent.timing
    (weight,) = _terms(agent, "vote_weight")
    assert weight.arg("times") == 3


def test_departure_cards_one_per_door_with_a_waiver(game: Game) -> None:
    """Rulebook: each Departure has its Departure card, named after it, whose bonus "waives
    that door's cost or condition" (quoted in the ruling departure-card-with-booking)."""
    cards = [c for c in game.cards or () if c.kind is CardKind.DEPARTURE_CARD]
    doors = {d.id: d for d in game.doors or ()}
    assert len(doors) == 9
    assert sorted(c.door.id for c in cards if c.door) == sorted(doors)
    for card in cards:
        assert card.count == 1 and card.door is not None
        assert card.name == doors[card.door.id].name
        assert card.waives in ("price", "requires", "discard_crimes")


# ---- the Headline deck ---------------------------------------------------------------------


def test_society_dinner_adds_heat(game: Game) -> None:
    """Rulebook: a Society Dinner is a source of Heat; the ruling headline-names makes it a
    Headline ("The rules name them as Heat sources without saying what they are")."""
    dinner = _card(game, "Society Dinner")
    assert dinner.kind is CardKind.HEADLINE and dinner.headline is not None
    assert any(t.name == "heat" and t.arg("amount") > 0 for t in dinner.headline.on_flip)
