"""Diamond Heist for the simulator: play seeded games, trace one, and its own statistics."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import chain, compress
from typing import TYPE_CHECKING, Any

from pnp.rules import stats
from pnp.rules.engine import GameResult, InvariantViolation, Setting, Violation, play
from pnp.rulesets.diamond_heist.play import bots
from pnp.rulesets.diamond_heist.play.game import ENDINGS, Heist
from pnp.rulesets.diamond_heist.play.table import CARDS, Role, Setup, SetupError
from pnp.rulesets.diamond_heist.play.views import builder

if TYPE_CHECKING:
    from pnp.content.project import Game as Model

ROLE_ORDER = tuple(r.value for r in Role)
Table = tuple[bots.Boss | bots.Taker, ...]  # one bot a seat, the Boss first
_game_result = builder(GameResult)  # a record a game: see `views.builder`
_ROLE_ID: dict[Role | None, str] = {None: "none", **{r: r.value for r in Role}}
_CARD_ID = tuple(r.value for r in CARDS)

NOT_MODELLED = (
    "The bots do not talk. Real questioning is a conversation: follow-up questions, "
    "accusations made out loud, players butting in and table talk are not modelled; each "
    "player gives one answer (the diamonds they saw and what they took) and the Boss "
    "reasons from those answers and the counts alone.",
    "Nobody reads faces, hesitation or tone of voice, and nobody remembers other games: "
    "every lie is a fixed policy (thieves say they saw what they passed on, agents and "
    "street kids act a little suspicious, loyalists, drivers and the gunman tell the truth).",
    "Players choose by simple rules of thumb, not by looking ahead; a real group will play "
    "better and differently. Treat the win rates as a check on the rules and their numbers, "
    "not as a prediction of a real table.",
    "Nobody breaks the taking rules in simulated games; the rulings on rule-breakers are "
    "tested with scripted games instead.",
)


class HeistSimulation:
    """Diamond Heist's entry points for `pnp sim` and `pnp replay`."""

    not_modelled = NOT_MODELLED
    endings = ENDINGS

    def __init__(self) -> None:
        self._setups: dict[tuple[int, int, tuple[str, ...]], tuple[Model, Setup, Table]] = {}

    def setup(self, model: Model, setting: Setting) -> Setup:
        """The set-up of a setting, built once per model (SetupError if impossible)."""
        return self._prepared(model, setting)[1]

    def _prepared(self, model: Model, setting: Setting) -> tuple[Model, Setup, Table]:
        """The model, the set-up of a setting and its table of bots, found once per model."""
        key = (id(model), setting.players, setting.variants)
        found = self._setups.get(key)
        if found is None or found[0] is not model:
            found = self._setups[key] = (
                model,
                Setup.build(model, setting.players, setting.variants),
                bots.table(setting.players),
            )
        return found

    def player_counts(self, model: Model) -> tuple[int, ...]:
        """Every player count of the game's range that the treasure table has a row for."""
        if model.info is None:
            return ()
        return tuple(
            p for p in model.info.players.values() if self.problem(model, Setting(p)) is None
        )

    def problem(self, model: Model, setting: Setting) -> str | None:
        """Why this setting cannot be played, or None."""
        try:
            self.setup(model, setting)
        except SetupError as exc:
            return str(exc)
        return None

    def game(self, model: Model, setting: Setting, seed: int, trace: bool = False) -> Heist:
        """A fresh game of this setting."""
        return Heist(self.setup(model, setting), seed, trace=trace)

    def play(
        self, model: Model, setting: Setting, seed: int, index: int = 0, check: bool = True
    ) -> GameResult:
        """One seeded game with bots, invariants checked at every step."""
        _, setup, table = self._prepared(model, setting)
        game = Heist(setup, seed)
        violation: Violation | None = None
        try:
            outcome = game.play_checked(table) if check else play(game, table, False)
            ending, winners = outcome.ending, outcome.winners
        except InvariantViolation as exc:
            violation = exc.violation
            ending, winners = "invariant_broken", ()
        plays = []  # the role cards taken, by kind
        hold_c = game.hold_c
        for c, card in enumerate(_CARD_ID):
            taken = hold_c.count(c)
            if taken:
                plays.append((card, taken))
        return _game_result(
            index,
            seed,
            setting.players,
            ending,
            winners,
            tuple(map(_ROLE_ID.__getitem__, game.role)),
            len(game.actions),
            game.accusations,
            tuple(plays),
            (
                ("apologies", setup.apologies),
                ("apologies_given", sum(game.given)),
                ("kept", game.boss_pocket),
                ("hidden", sum(game.hidden)),
                ("bangs", game.bangs),
            ),
            violation,
        )

    def trace(self, model: Model, setting: Setting, seed: int) -> list[str]:
        """One seeded game as readable lines: every choice and every change."""
        game = self.game(model, setting, seed, trace=True)
        try:
            play(game, bots.table(setting.players))
        except InvariantViolation as exc:
            assert game.trace is not None
            game.trace.append(f"INVARIANT BROKEN: {exc}")
        assert game.trace is not None
        return game.trace

    def card_ids(self, model: Model, settings: Sequence[Setting]) -> tuple[str, ...]:
        """The role cards that go into the treasure in any of these settings."""
        found = [0] * len(CARDS)
        for s in settings:
            found = [a + b for a, b in zip(found, self.setup(model, s).cards, strict=True)]
        return tuple(CARDS[c].value for c, n in enumerate(found) if n)

    def summarise(self, model: Model, results: Sequence[GameResult]) -> dict[str, Any]:
        """Win rate by role at each player count, and the Boss against the apologies."""
        # The games by player count (in order of the first game of each); each statistic
        # is then one Counter over them, not an update game by game (the order of the
        # games changes no count, and every key is put in order below).
        by_players: dict[int, list[GameResult]] = {}
        for r in results:
            if r.violation is None:
                games = by_players.get(r.players)
                if games is None:
                    by_players[r.players] = [r]
                else:
                    games.append(r)
        played: dict[str, Counter[str]] = {}  # by player count: seats of each role
        won: dict[str, Counter[str]] = {}  # by player count: seats of each role that won
        endings: dict[str, dict[str, int]] = {}
        for players, games in by_players.items():
            key = str(players)
            played[key] = Counter(chain.from_iterable(r.roles for r in games))
            won[key] = Counter(r.roles[seat] for r in games for seat in r.winners)
            ends = endings[key] = dict.fromkeys(ENDINGS, 0)
            for ending, n in Counter(r.ending for r in games).items():
                ends[ending] = ends.get(ending, 0) + n
        # The Boss's games and wins by the apologies at the start and by those given.
        ok = [r for games in by_players.values() for r in games]
        extras = [dict(r.extra) for r in ok]
        boss_won = [0 in r.winners for r in ok]
        boss_games: dict[str, Counter[int]] = {}
        boss_wins: dict[str, Counter[int]] = {}
        for name in ("apologies", "apologies_given"):
            values = [extra.get(name, 0) for extra in extras]
            boss_games[name] = Counter(values)
            boss_wins[name] = Counter(compress(values, boss_won))
        hidden = sum(extra.get("hidden", 0) for extra in extras)
        bangs = sum(extra.get("bangs", 0) for extra in extras)

        def records(games: Counter[Any], wins: Counter[Any]) -> dict[str, dict[str, int]]:
            return {str(k): {"games": n, "wins": wins[k]} for k, n in games.items()}

        by_count = {k: records(played[k], won[k]) for k in played}
        boss_start = records(boss_games["apologies"], boss_wins["apologies"])
        boss_given = records(boss_games["apologies_given"], boss_wins["apologies_given"])

        def ordered(d: Mapping[str, Any]) -> dict[str, Any]:
            return {k: d[k] for k in stats.ordered_keys(d, ROLE_ORDER)}

        return {
            "win_rate_by_role_and_players": {
                k: ordered(stats.with_rates(by_count[k])) for k in stats.ordered_keys(by_count)
            },
            "endings_by_players": {k: endings[k] for k in stats.ordered_keys(endings)},
            "boss_wins_by_apologies": {
                k: stats.with_rates(boss_start)[k] for k in stats.ordered_keys(boss_start)
            },
            "boss_wins_by_apologies_given": {
                k: stats.with_rates(boss_given)[k] for k in stats.ordered_keys(boss_given)
            },
            "role_cards_hidden": hidden,
            "bangs": bangs,
        }

    def report(self, summary: Mapping[str, Any]) -> list[stats.Section]:
        """Sections for the PDF report: roles by player count, the Boss and the apologies."""
        by_count: Mapping[str, Mapping[str, Mapping[str, Any]]] = summary[
            "win_rate_by_role_and_players"
        ]
        counts = list(by_count)
        roles = stats.ordered_keys((r for c in by_count.values() for r in c), ROLE_ORDER)

        def cell(count: str, role: str) -> str:
            rec = by_count[count].get(role)
            return stats.percent(stats.rate(rec)) if rec and rec["games"] else "-"

        table = stats.Table(
            ("role", *(f"{c} players" if len(counts) < 5 else c for c in counts)),
            tuple((r, *(cell(c, r) for c in counts)) for r in roles),
        )
        chart = stats.Bars(
            tuple(counts),
            tuple(
                (
                    r,
                    tuple(
                        100 * stats.rate(by_count[c][r]) if r in by_count[c] else 0.0
                        for c in counts
                    ),
                )
                for r in roles
            ),
            top=100,
            axis="players",
        )
        start = summary["boss_wins_by_apologies"]
        given = summary["boss_wins_by_apologies_given"]
        return [
            stats.Section(
                "Win rate by role and player count",
                "The share of players of each role who won, at each player count (the Boss "
                "included in the count). A dash: that role never came up at that count.",
                table,
                chart,
            ),
            stats.Section(
                "The Boss and the apologies",
                "The Boss's win rate by the apologies they started with (the treasure table "
                "and the easier or harder variant), then by how many they gave.",
                stats.rate_table(start, "apologies at the start"),
                stats.Bars(
                    tuple(start),
                    (("Boss", tuple(100 * stats.rate(v) for v in start.values())),),
                    top=100,
                    axis="apologies at the start",
                ),
            ),
            stats.Section(
                "Apologies given",
                "The Boss's win rate by the apologies they gave. "
                "Rounds, in this game, are the accusations of the questioning.",
                stats.rate_table(given, "apologies given"),
            ),
        ]


SIMULATION = HeistSimulation()
