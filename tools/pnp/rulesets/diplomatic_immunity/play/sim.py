"""Diplomatic Immunity for the simulator: seeded games with heuristic players, a readable
trace of one, and the statistics a designer reads: wins by Goal, archetype, seat and player
count with 95% confidence intervals, doors booked and left through, why Departures failed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.content.project import Game as Model
from pnp.rules import stats
from pnp.rules.engine import GameResult, InvariantViolation, Setting, Usable, Violation
from pnp.rules.stats import wilson
from pnp.rulesets.diplomatic_immunity.model import DIRules
from pnp.rulesets.diplomatic_immunity.play import coverage
from pnp.rulesets.diplomatic_immunity.play.bots import play, seated
from pnp.rulesets.diplomatic_immunity.play.coverage import PLAYED_KINDS, not_implemented
from pnp.rulesets.diplomatic_immunity.play.game import Game

ENDINGS = ("departure", "clock", "all_recalled")
# A Goal or archetype winning outside this share of its games is flagged in the report: with
# four players a fair seat wins one game in four, and no Goal or board should be far off.
BAND = (0.10, 0.30)
BALANCE_PLAYERS = 4
USE = "use:"  # GameResult.extra keys `use:<kind>:<id>`: the game's `state.uses`

NOT_MODELLED = (
    "The bots do not negotiate. At a real table, most of this game is talk: deals, threats, "
    "promises backed by Favor chips, votes traded for favours. The bots follow fixed rules of "
    "thumb instead: a proposer may offer a rival $1M, $2M or its own Favor chip for a yes, "
    "and the rival accepts or refuses by rule; nobody bargains, counter-offers or lies.",
    "Nobody bluffs, reads the table or remembers a grudge; reactions to crimes and Departures "
    "are weighed by what is public (Heat, money, Rap Sheet sizes, revealed Goals) and a dose "
    "of chance.",
    "Goals are chosen at random from those left (a Spouse avoids the Law Goals), not for the "
    "character; a real player picks the Goal that suits their board.",
    "Treat the win rates as a check on the rules, the numbers and the cards (can every card "
    "be played, every Goal reached, every door used, does the game end?), not as a "
    "prediction of how a real group will play.",
)


def _with_ci(records: Mapping[str, dict[str, int]]) -> dict[str, dict[str, Any]]:
    out = {}
    for k, v in records.items():
        lo, hi = wilson(v["wins"], v["games"])
        out[k] = {**v, "rate": round(stats.rate(v), 4), "ci95": [lo, hi]}
    return out


def _outliers(
    model: Model,
    goals: Mapping[str, Mapping[str, Any]],
    archetypes: Mapping[str, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """Goals and archetypes whose win rate is outside BAND, each with the ruling that
    explains it (one that names it under the topic Balance), if any."""
    names = {
        **{g.id: g.name for g in model.goals or ()},
        **{a.id: a.name for a in model.archetypes or ()},
    }
    rulings = [r for r in model.rulings or () if r.topic == "Balance"]
    out = []
    for kind, records in (("goal", goals), ("archetype", archetypes)):
        for ident, v in records.items():
            if v["games"] and not BAND[0] <= v["rate"] <= BAND[1]:
                name = names.get(ident, ident)
                why = next((r.id for r in rulings if name in r.ruling), None)
                out.append(
                    {
                        "kind": kind,
                        "id": ident,
                        "name": name,
                        "rate": v["rate"],
                        "ci95": v["ci95"],
                        "explained_by": why,
                    }
                )
    return out


def _balance_text(summary: Mapping[str, Any]) -> str:
    lo, hi = summary["balance_band"]
    outliers = summary["balance_outliers"]
    at = summary.get("balance_players")
    head = (
        f"Every Goal and archetype should win between {stats.percent(lo)} and "
        f"{stats.percent(hi)} of its games (a fair seat at four players wins one in four)"
        + (f"; judged on the {at}-player games. " if at else "; judged on all games. ")
    )
    if not outliers:
        return head + "All are inside the band."
    parts = [
        f"{o['name']} ({o['kind']}) wins {stats.percent(o['rate'])} "
        f"({stats.percent(o['ci95'][0])} to {stats.percent(o['ci95'][1])})"
        + (
            f": see the ruling '{o['explained_by']}'"
            if o["explained_by"]
            else ": no ruling explains it"
        )
        for o in outliers
    ]
    return head + "Outside it: " + "; ".join(parts) + "."


class DISimulation:
    """Diplomatic Immunity's entry points for `pnp sim` and `pnp replay`."""

    not_modelled = NOT_MODELLED
    endings = ENDINGS

    def player_counts(self, model: Model) -> tuple[int, ...]:
        """Every player count of the game's range."""
        return tuple(model.info.players.values()) if model.info else ()

    def problem(self, model: Model, setting: Setting) -> str | None:
        """Why this setting cannot be played, or None."""
        if not isinstance(model.rules, DIRules) or not model.cards or not model.goals:
            return f"'{model.id}' has no complete Diplomatic Immunity content to play"
        counts = self.player_counts(model)
        if setting.players not in counts:
            return (
                f"{model.id} plays with {counts[0]} to {counts[-1]} players, not {setting.players}"
            )
        if setting.variants:
            return f"{model.id} has no variants ({', '.join(setting.variants)})"
        return None

    def play(
        self, model: Model, setting: Setting, seed: int, index: int = 0, check: bool = True
    ) -> GameResult:
        """One seeded game of heuristic players, invariants checked after every choice."""
        game = Game(model, setting.players, seed, check=check, trace=False)
        violation: Violation | None = None
        try:
            outcome = play(game, seated(game))
            ending, winners = outcome.ending, outcome.winners
        except InvariantViolation as exc:
            violation = exc.violation
            ending, winners = "invariant_broken", ()
        s = game.state
        extra: list[tuple[str, int]] = []
        goals = [g.id for g in model.goals or ()]
        for p in s.players:
            extra.append((f"goal:{p.seat}", goals.index(p.goal.id) if p.goal else -1))
        for door, n in game.stats.doors_booked.items():
            extra.append((f"booked:{door}", n))
        for door, n in game.stats.doors_succeeded.items():
            extra.append((f"left:{door}", n))
        for reason, n in game.stats.departures_failed.items():
            extra.append((f"failed:{reason}", n))
        for key, n in sorted(s.uses.items()):
            extra.append((f"{USE}{key}", n))
        return GameResult(
            index,
            seed,
            setting.players,
            ending,
            winners,
            tuple(p.archetype.id for p in s.players),
            s.steps,
            s.round,
            tuple(sorted(game.stats.card_plays.items())),
            tuple(extra),
            violation,
        )

    def trace(self, model: Model, setting: Setting, seed: int) -> list[str]:
        """One seeded game as readable lines: every change, and every choice made."""
        game = Game(model, setting.players, seed)
        game.trace_choices = True
        lines = game.trace
        assert lines is not None
        try:
            play(game, seated(game))
        except InvariantViolation as exc:
            v = exc.violation
            lines.append(f"INVARIANT BROKEN at step {v.step}: {v.invariant}: {v.detail}")
        return lines

    def card_ids(self, model: Model, settings: Sequence[Setting]) -> tuple[str, ...]:
        """Every card that is played in a game (not the reference and blank cards)."""
        return tuple(c.id for c in model.cards or () if c.kind in PLAYED_KINDS)

    def usable(self, model: Model) -> tuple[Usable, ...]:
        """Everything of the content that carries effects, and so must be used in play."""
        return coverage.usable(model)

    def unused(self, thing: Usable, games: int) -> str:
        """The E802 sentence: the Signature 'Visa Denied' (Rafael Ortega) was never used in
        40 simulated games."""
        return coverage.never(thing, games)

    def summarise(self, model: Model, results: Sequence[GameResult]) -> dict[str, Any]:
        """Wins by Goal, archetype and player count; doors; failures; coverage."""
        goal_ids = [g.id for g in model.goals or ()]
        by_goal: dict[str, dict[str, int]] = {g: stats.tally() for g in goal_ids}
        by_arch: dict[str, dict[str, int]] = {a.id: stats.tally() for a in model.archetypes or ()}
        by_count: dict[str, dict[str, int]] = {}
        doors = {d.id: {"booked": 0, "succeeded": 0} for d in model.doors or ()}
        failed: dict[str, int] = {}
        used: dict[str, int] = {}  # "<kind>:<id>" -> uses over every game
        # Balance is judged at the band's table size when the run has it, else over all.
        at = BALANCE_PLAYERS if any(r.players == BALANCE_PLAYERS for r in results) else None
        bal_goal = {g: stats.tally() for g in goal_ids}
        bal_arch = {a.id: stats.tally() for a in model.archetypes or ()}
        for r in results:
            for seat, arch in enumerate(r.roles):
                won = seat in r.winners
                judged = at is None or r.players == at
                stats.count(by_arch.setdefault(arch, stats.tally()), won)
                if judged:
                    stats.count(bal_arch.setdefault(arch, stats.tally()), won)
                goal = r.extra_value(f"goal:{seat}", -1)
                if goal >= 0:
                    stats.count(by_goal[goal_ids[goal]], won)
                    if judged:
                        stats.count(bal_goal[goal_ids[goal]], won)
            stats.count(by_count.setdefault(str(r.players), stats.tally()), bool(r.winners))
            for key, n in r.extra:
                kind, _, name = key.partition(":")
                if kind == "booked":
                    doors[name]["booked"] += n
                elif kind == "left":
                    doors[name]["succeeded"] += n
                elif kind == "failed":
                    failed[name] = failed.get(name, 0) + n
                elif kind == "use":
                    used[name] = used.get(name, 0) + n
            for card, n in r.plays:
                used[f"card:{card}"] = used.get(f"card:{card}", 0) + n
        goals_ci, arch_ci = _with_ci(by_goal), _with_ci(by_arch)
        return {
            "wins_by_goal": goals_ci,
            "wins_by_archetype": arch_ci,
            "balance_band": list(BAND),
            "balance_players": at,
            "balance_outliers": _outliers(model, _with_ci(bal_goal), _with_ci(bal_arch)),
            "games_won_by_players": _with_ci(
                {k: by_count[k] for k in stats.ordered_keys(by_count)}
            ),
            "doors_used": doors,
            "departures_failed": dict(sorted(failed.items())),
            "not_implemented": not_implemented(model),
            "signature_uses": {
                d.id: used.get(f"signature:{d.id}", 0)
                for a in model.archetypes or ()
                for d in a.diplomats
            },
            "never_used": [u.as_dict() for u in coverage.usable(model) if not used.get(u.key)],
        }

    def report(self, summary: Mapping[str, Any]) -> list[stats.Section]:
        """Sections for the PDF report."""

        def rates(records: Mapping[str, Mapping[str, Any]], label: str) -> stats.Table:
            return stats.Table(
                (label, "games", "wins", "win rate", "95% interval"),
                tuple(
                    (
                        k,
                        str(v["games"]),
                        str(v["wins"]),
                        stats.percent(v["rate"]),
                        f"{stats.percent(v['ci95'][0])} to {stats.percent(v['ci95'][1])}",
                    )
                    for k, v in records.items()
                ),
            )

        def bars(records: Mapping[str, Mapping[str, Any]], axis: str) -> stats.Bars:
            return stats.Bars(
                tuple(records),
                (("win rate", tuple(100 * v["rate"] for v in records.values())),),
                axis=axis,
            )

        goals, arch = summary["wins_by_goal"], summary["wins_by_archetype"]
        counts = summary["games_won_by_players"]
        doors = summary["doors_used"]
        plays = summary["card_plays"]
        never = summary["never_played"]
        missing = summary["not_implemented"]
        sig_uses: Mapping[str, int] = summary.get("signature_uses", {})
        unused: Sequence[Mapping[str, str]] = summary.get("never_used", [])
        return [
            stats.Section("Balance", _balance_text(summary)),
            stats.Section(
                "Wins by Goal",
                "The share of players holding each Goal who won. "
                "Every Goal should be won sometimes; none should dominate.",
                rates(goals, "Goal"),
                bars(goals, "Goal"),
            ),
            stats.Section(
                "Wins by archetype",
                "The share of players of each archetype who won. No board should dominate.",
                rates(arch, "archetype"),
                bars(arch, "archetype"),
            ),
            stats.Section("Games with a winner, by player count", "", rates(counts, "players")),
            stats.Section(
                "Doors",
                "Departures booked through each door, and how many got away.",
                stats.Table(
                    ("door", "booked", "left", "share that left"),
                    tuple(
                        (
                            d,
                            str(v["booked"]),
                            str(v["succeeded"]),
                            stats.percent(v["succeeded"] / v["booked"]) if v["booked"] else "-",
                        )
                        for d, v in doors.items()
                    ),
                ),
                stats.Bars(
                    tuple(doors),
                    (
                        ("booked", tuple(float(v["booked"]) for v in doors.values())),
                        ("left", tuple(float(v["succeeded"]) for v in doors.values())),
                    ),
                    unit="",
                    axis="door",
                ),
            ),
            stats.Section(
                "Why Departures failed",
                "",
                stats.Table(
                    ("reason", "Departures"),
                    tuple((k, str(v)) for k, v in summary["departures_failed"].items()),
                ),
            ),
            stats.Section(
                "Card plays",
                "Times each card was played. Never played: "
                + (", ".join(never) if never else "none")
                + ".",
                stats.Table(("card", "plays"), tuple((k, str(v)) for k, v in plays.items())),
            ),
            stats.Section(
                "Implementation coverage",
                "Effects of the content the rules model "
                "cannot run: " + ("; ".join(missing) if missing else "none") + ".",
            ),
            stats.Section(
                "Play coverage",
                "Times each diplomat's Signature was used (once a game at "
                "most), then everything that carries effects and that no game used: "
                + (f"{len(unused)} things." if unused else "none."),
                stats.Table(
                    ("diplomat", "Signature uses"), tuple((k, str(v)) for k, v in sig_uses.items())
                ),
            ),
            stats.Section(
                "Play coverage: never used",
                "Cards never played, Signatures, Bends and "
                "Departure bonuses never used, Costs that never bound, Laws and Headlines "
                "that never changed anything, Goals never met by a player who left and won.",
                stats.Table(
                    ("kind", "id", "name"), tuple((u["kind"], u["id"], u["name"]) for u in unused)
                )
                if unused
                else None,
            ),
        ]


SIMULATION = DISimulation()
