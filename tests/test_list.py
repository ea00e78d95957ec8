"""`pnp list`: every part of one game with its printed text, in a stable order."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pnp import pipeline
from pnp.content.model import Currency
from pnp.content.project import Game
from pnp.listing import render_listing
from pnp.rulesets.diamond_heist.model import HeistRules
from tests.conftest import CONTENT, ROOT, run_pnp

CARD_LINE = re.compile(r"^(\S.*?)  x(\d+)  \[([a-z-]+)")


def _game(content: Path, game_id: str) -> Game:
    """The model of a game that `pnp check` passes, or a failure that shows the errors."""
    result = pipeline.check(content, [game_id])
    errors = [d.format() for d in result.diagnostics if d.severity == "error"]
    assert errors == [], "\n".join(errors)
    return result.games[game_id]


def _list(capsys: pytest.CaptureFixture[str], content: Path, game_id: str) -> list[str]:
    status, out, err = run_pnp(capsys, "list", game_id, "--content", str(content))
    assert status == 0, out + err
    assert " warning W" not in out  # warnings go to stderr: stdout is the listing alone
    return out.splitlines()


def _section(lines: list[str], heading: str) -> list[str]:
    """The lines under a `## heading`, up to the next heading of the same level."""
    start = lines.index(heading) + 1
    level = heading.split(" ")[0] + " "
    end = next((i for i in range(start, len(lines)) if lines[i].startswith(level)), len(lines))
    return lines[start:end]


def test_diamond_heist_lists_roles_cards_and_treasure(capsys: pytest.CaptureFixture[str]) -> None:
    """Diamond Heist lists every role with how it wins, the card mapping and rows 5 to 12."""
    game = _game(CONTENT, "diamond-heist")
    lines = _list(capsys, CONTENT, "diamond-heist")
    assert lines[0] == "# Diamond Heist v0.1"
    roles = _section(lines, "## Roles")
    assert game.roles
    for role in game.roles:
        assert any(line == role.name or line.startswith(f"{role.name}  [") for line in roles)
        assert f"    {' '.join(role.wins.split())}" in roles
    cards = _section(lines, "## Cards of the standard deck")
    assert any(line.split() == ["undercover", "agent", "A♠", "A♣"] for line in cards), cards
    treasure = _section(lines, "## Treasure")
    table = [line.split() for line in treasure if line[:1] == " " or line.startswith("players")]
    rows = [cells for cells in table if cells[0].isdigit()]
    assert [int(cells[0]) for cells in rows] == list(range(5, 13))
    assert isinstance(game.rules, HeistRules)
    row5 = game.rules.row(5)
    assert row5 is not None and rows[0][-1] == "advanced"
    for v in game.rules.variants:
        assert f"{v.name}  [{v.players.min}-{v.players.max} players]" in treasure


def test_diplomatic_immunity_lists_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    """Every card by deck in file order, every Goal and every Departure with its $8M price."""
    game = _game(CONTENT, "diplomatic-immunity")
    lines = _list(capsys, CONTENT, "diplomatic-immunity")
    assert game.info and lines[0] == f"# {game.info.title} v{game.info.version}"
    money = game.info.currency
    assert money == Currency("$", "M")

    decks = list(game.components.decks()) if game.components else []
    cards = game.cards or ()
    in_order = [c for deck in decks for c in cards if c.deck.id == deck]
    in_order += [c for c in cards if c.deck.id not in decks]
    shown = [m.groups() for m in map(CARD_LINE.match, lines) if m]
    assert shown == [(c.name, str(c.count), c.kind.value) for c in in_order]

    goals = _section(lines, "## Goals")
    doors = {d.id: d.name for d in game.doors or ()}
    assert game.goals
    for goal in game.goals:
        assert f"{goal.name}  [{', '.join(doors[d.id] for d in goal.doors)}]" in goals

    departures = _section(lines, "## Departures")
    assert game.doors
    for door in game.doors:
        assert f"{door.name}  {money.format(door.price)}" in departures
    assert "Private Jet  $8M" in departures


def test_listing_is_stable_across_runs() -> None:
    """Two runs with different hash seeds print byte-identical listings of both games."""
    for game_id in ("diamond-heist", "diplomatic-immunity"):
        outs = []
        for seed in ("1", "2"):
            proc = subprocess.run(
                [sys.executable, "-m", "pnp", "list", game_id, "--content", str(CONTENT)],
                capture_output=True,
                text=True,
                encoding="utf-8",
                cwd=ROOT,
                check=False,
                env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONIOENCODING": "utf-8"},
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
            outs.append(proc.stdout)
        assert outs[0] == outs[1] and outs[0].endswith("\n") and not outs[0].endswith("\n\n")


def test_game_with_errors_prints_check_output_and_exits_1(
    capsys: pytest.CaptureFixture[str], copy_game
) -> None:
    """A game with a content error prints what `pnp check` prints, exits 1 and lists nothing."""
    game = copy_game("diamond-heist", CONTENT)
    roles = game / "roles.yaml"
    roles.write_text(
        roles.read_text(encoding="utf-8").replace("piece: driver", "piece: drivr"), encoding="utf-8"
    )
    status, out, _ = run_pnp(capsys, "list", "diamond-heist", "--content", str(game.parent))
    assert status == 1
    assert "error E204" in out and "# Diamond Heist" not in out
    _, check_out, _ = run_pnp(capsys, "check", "diamond-heist", "--content", str(game.parent))
    assert out == check_out


def test_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt game name is a usage error with a did-you-mean hint, as for `pnp check`."""
    status, out, err = run_pnp(capsys, "list", "diamond-hiest", "--content", str(CONTENT))
    assert status == 2 and out == ""
    assert "did you mean 'diamond-heist'?" in err


RULINGS = """\
kind: rulings
rulings:
  - id: hidden-card
    topic: Setup
    ruling: The hidden role card stays hidden.
    why: Nobody may know it.
  - id: ties
    topic: Winning
    ruling: Tied thieves all win.
    why: The rules say so.
  - id: boss-hides
    topic: Setup
    ruling: >-
      The Boss hides diamonds
      before the deal.
    why: So nobody sees how many.
"""


def test_rulings_are_grouped_by_topic(capsys: pytest.CaptureFixture[str], copy_game) -> None:
    """Rulings print under their topic (first-seen order), each with its reason."""
    game = copy_game("diamond-heist", CONTENT)
    (game / "rulings.yaml").write_text(RULINGS, encoding="utf-8")
    lines = _list(capsys, game.parent, "diamond-heist")
    assert _section(lines, "## Rulings") == [
        "",
        "### Setup",
        "",
        "- The hidden role card stays hidden.",
        "    Why: Nobody may know it.",
        "",
        "- The Boss hides diamonds before the deal.",
        "    Why: So nobody sees how many.",
        "",
        "### Winning",
        "",
        "- Tied thieves all win.",
        "    Why: The rules say so.",
    ]
    assert lines[-1] == "    Why: The rules say so."


def test_a_game_with_only_some_parts() -> None:
    """Parts a game does not have are left out: a bare model lists only its name."""
    assert render_listing(Game("nothing-yet")) == "# nothing-yet\n"
