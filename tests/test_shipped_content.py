"""The shipped content is clean and says what the seed documents say.

These tests pin the facts the rulebook, its Departures page and Diamond Heist's rules fix,
so that an edit that contradicts a source document is caught here, not at the table.
"""

from __future__ import annotations

import pytest

from pnp import pipeline
from pnp.content.departures import Resolves
from pnp.content.project import Game
from pnp.rulesets.diamond_heist.model import HeistRules
from pnp.rulesets.diplomatic_immunity.model import DIRules
from tests.conftest import CONTENT, run_pnp


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    result = pipeline.check(CONTENT, ["diplomatic-immunity", "diamond-heist"])
    assert [d for d in result.diagnostics if d.severity == "error"] == []
    return result.games


def test_check_exits_0_with_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """`pnp check` on the shipped content exits 0 and ends with its summary line."""
    status, out, _ = run_pnp(capsys, "check", "--content", str(CONTENT))
    assert status == 0
    assert out.strip().splitlines()[-1].startswith("0 errors, ")


def test_di_rules_numbers(games: dict[str, Game]) -> None:
    """Start, Heat Limits (and the Heir's), Scandal, clock and the QR prices match v0.27."""
    g = games["diplomatic-immunity"]
    r = g.rules
    assert isinstance(r, DIRules) and g.info
    assert (g.info.players.min, g.info.players.max) == (3, 6)
    assert g.info.version == "0.27"
    assert r.start.money == 5
    assert [(d.deck.id, d.cards) for d in r.start.hand] == [("street", 4), ("politics", 2)]
    assert (r.limit_for((), True), r.limit_for((), False)) == (5, 3)
    assert r.scandal.recall_at == 3 and r.scandal.heat_after == 0
    assert r.scandal.lose_money.of(7) == 3  # the loss is rounded down
    assert r.scandal.discard_rap_sheet.of(5) == 2
    assert (r.morning.cool, r.morning.draw) == (1, 2)
    assert r.afternoon.lay_low_cool == 2
    assert (r.evening.law_fee, r.evening.hush_money.price, r.evening.hush_money.cool) == (1, 3, 1)
    assert r.departure.deny_price == 10
    assert r.favor.break_heat == 3
    assert r.hand_limit == 7
    assert (r.burn_bag.discard, r.burn_bag.draw) == (3, 1)
    assert (r.clock.deck.id, r.clock.cards) == ("headline", 12)
    assert (r.voting.passes, r.voting.ties) == ("more-yes-than-no", "fail")


def test_di_components(games: dict[str, Game]) -> None:
    """The components list: decks, $310M in 84 coins, 72 chips, 24 Favor chips, 6 seats."""
    c = games["diplomatic-immunity"].components
    assert c is not None and c.money is not None
    counts = {i.id: i.count for i in c.items}
    assert {d: c.decks()[d].count for d in ("street", "politics", "headline", "goals")} == {
        "street": 74,
        "politics": 45,
        "headline": 18,
        "goals": 12,
    }
    assert counts["character-boards"] == 12 and c.characters == 24
    # the rulebook's seven Quick Reference cards, each printed as two (ruling
    # quick-reference-two-cards): the turn, and Favors and Departures
    assert counts["quick-reference-cards"] == 14
    assert counts["bribes-and-favors-cards"] == 2 and counts["blank-cards"] == 2
    assert counts["die"] == 1
    assert c.money.total == 310 and c.money.coins == 84
    assert [(d.value, d.count) for d in c.money.denominations] == [(1, 45), (5, 25), (10, 14)]
    assert sum(i.count for i in c.items if i.group and i.group.id == "chips") == 72
    assert counts["favor-chips"] == 24 and counts["law-markers"] == 18
    assert len(c.seats) == 6


# The Departures page: for each door, the Goals that name it.
DEPARTURES_PAGE = {
    "Private Jet": ["Extravagance", "Specialist", "Notorious", "Pillar of Society", "Tell-All"],
    "Pardon": ["Untouchable", "Puppet Master", "Vendetta", "Pillar of Society", "Quid Pro Quo"],
    "Defect": ["Kingpin"],
    "Elected": ["Puppet Master", "Everyone Owes Me", "Pillar of Society", "Quid Pro Quo"],
    "Medical Evacuation": ["Kingpin", "Specialist", "Jack of All Trades", "Notorious", "Tell-All"],
    "Asylum": ["Kingpin", "Notorious", "Vendetta", "Tell-All"],
    "Witness Protection": ["Specialist", "Vendetta"],
    "Slow Boat": [
        "Extravagance",
        "Jack of All Trades",
        "Untouchable",
        "Puppet Master",
        "Everyone Owes Me",
        "Quid Pro Quo",
    ],
    "Diplomatic Marriage": [
        "Extravagance",
        "Jack of All Trades",
        "Untouchable",
        "Everyone Owes Me",
    ],
}


def test_goals_name_the_doors_of_the_departures_page(games: dict[str, Game]) -> None:
    """Inverting the Goals' doors gives exactly the Departures page, in board order."""
    g = games["diplomatic-immunity"]
    assert g.doors and g.goals
    names = {d.id: d.name for d in g.doors}
    assert list(names.values()) == list(DEPARTURES_PAGE)
    inverted = {
        name: {goal.name for goal in g.goals if any(r.id == i for r in goal.doors)}
        for i, name in names.items()
    }
    assert inverted == {k: set(v) for k, v in DEPARTURES_PAGE.items()}
    assert len(g.goals) == 12 and all(len(goal.doors) == 3 for goal in g.goals)


def test_departure_costs_and_conditions(games: dict[str, Game]) -> None:
    """Prices, conditions, booking costs and resolution timing of the nine doors."""
    doors = {d.id: d for d in games["diplomatic-immunity"].doors or ()}
    prices = {k: d.price for k, d in doors.items() if d.price}
    assert prices == {
        "private-jet": 8,
        "elected": 4,
        "medical-evacuation": 3,
        "slow-boat": 5,
        "diplomatic-marriage": 6,
    }

    def terms(door: str, part: str) -> list[tuple[str, dict[str, object]]]:
        return [(t.name, dict(t.args)) for t in getattr(doors[door], part)]

    assert terms("pardon", "requires") == [("heat_at_most", {"heat": 0})]
    assert terms("defect", "requires") == [
        ("heat_at_least", {"heat": 2}),
        ("heat_below_limit", {"limit": "without_immunity"}),
    ]
    assert terms("defect", "booking") == [("lose_immunity", {"who": "you"})]
    assert terms("asylum", "requires") == [("heat_at_least", {"heat": 3})]
    assert terms("asylum", "booking") == [("discard_hand", {"who": "you"})]
    assert terms("medical-evacuation", "booking") == [("discard_hand", {"who": "you"})]
    assert terms("elected", "requires") == [("laws_with_your_marker", {"laws": 1})]
    assert terms("witness-protection", "booking") == [
        ("lose_immunity", {"who": "you"}),
        ("remove_crimes", {"crimes": 3, "from": "you"}),
        ("heat", {"amount": 2, "to": "rival"}),
    ]
    assert terms("slow-boat", "booking") == [("cool", {"amount": 2, "who": "you"})]
    assert doors["slow-boat"].resolves is Resolves.TURN_AFTER_NEXT
    assert doors["diplomatic-marriage"].partner
    assert sum(d.resolves is Resolves.NEXT_TURN for d in doors.values()) == 8


# Diamond Heist's treasure table, restored: players -> (loyalists, agents, drivers, apologies).
TREASURE = {
    5: (1, 1, 0, 0),
    6: (1, 1, 1, 0),
    7: (2, 1, 1, 0),
    8: (3, 1, 1, 1),
    9: (4, 1, 1, 1),
    10: (4, 2, 1, 1),
    11: (4, 2, 2, 2),
    12: (5, 2, 2, 2),
}


def test_heist_treasure_table(games: dict[str, Game]) -> None:
    """15 diamonds, the Boss hides 0-5, and the restored table for 5 to 12 players."""
    g = games["diamond-heist"]
    r = g.rules
    assert isinstance(r, HeistRules) and g.info
    assert r.diamonds == 15 and (r.boss_hides.min, r.boss_hides.max) == (0, 5)
    for players, (loyal, agents, drivers, apologies) in TREASURE.items():
        pieces, apol = r.setup(players)
        assert (
            pieces.get("loyalist", 0),
            pieces.get("agent", 0),
            pieces.get("driver", 0),
            apol,
        ) == (loyal, agents, drivers, apologies), players
        assert pieces["diamond"] == 15
        # "up to 26 cards": 15 diamonds + roles + apologies
        assert sum(pieces.values()) + apol <= 26
    assert sum(r.setup(12)[0].values()) + r.setup(12)[1] == 26
    row5 = r.row(5)
    assert row5 is not None and row5.advanced


def test_heist_card_mapping(games: dict[str, Game]) -> None:
    """Red 2-10 diamonds, black 2-10 loyalists, black Aces agents, black Jacks drivers,
    red Kings apologies, the Q♠ the gunman."""
    pieces = {p.id: {str(c) for c in p.cards} for p in games["diamond-heist"].pieces or ()}
    assert len(pieces["diamond"]) == 18 and "10♥" in pieces["diamond"]
    assert len(pieces["loyalist"]) == 18 and "2♣" in pieces["loyalist"]
    assert pieces["agent"] == {"A♠", "A♣"}
    assert pieces["driver"] == {"J♠", "J♣"}
    assert pieces["apology"] == {"K♥", "K♦"}
    assert pieces["gunman"] == {"Q♠"}


def test_heist_variants_are_limited_to_what_the_deck_can_deal(games: dict[str, Game]) -> None:
    """The one-apology-more variant stops at 10 players (two red Kings); one-fewer starts at 8;
    the Gunman needs a loyalist to spare."""
    r = games["diamond-heist"].rules
    assert isinstance(r, HeistRules)
    v = {x.id: x for x in r.variants}
    assert (v["easier"].players.min, v["easier"].players.max) == (5, 10)
    assert (v["harder"].players.min, v["harder"].players.max) == (8, 12)
    assert (v["gunman"].players.min, v["gunman"].players.max) == (7, 12)
    assert r.setup(10, ["easier"])[1] == 2
    assert r.setup(7, ["gunman"])[0]["gunman"] == 1
