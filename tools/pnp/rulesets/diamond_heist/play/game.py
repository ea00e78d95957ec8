"""Diamond Heist as an executable rules model, in python-chess's shape.

`Heist(setup, seed)` is one game. `to_move()` is the seat whose choice it is,
`legal_actions()` lists the choices open to it, `is_legal(action)` tells whether one is
allowed, `apply(action)` plays it and runs the rules up to the next choice, `outcome()` is
None until the game ends. `view(seat)` is what that seat may know, and all a bot gets (the
simulator's own loop, `play_checked`, hands the default bots the few numbers of their view
they decide from). The game owns one `random.Random` for its bots; a seed, or the list of
actions, replays it.

Seats: 0 is the Boss; 1.. are the takers in the order the treasure reaches them (each
passes it to their left, the next seat), so the player on seat s's right is seat s - 1.
Rulings of content/diamond-heist/rulings.yaml are cited by id where the code plays them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pnp.english import count
from pnp.rules.engine import IllegalAction, InvariantViolation, Outcome, Violation
from pnp.rulesets.diamond_heist.play.actions import (
    ACCUSE,
    ANSWERS,
    CLAIMS,
    HIDE_CARD,
    HIDE_NOTHING,
    HOLD_FIRE,
    KEEP,
    MAX_DIAMONDS,
    SHOOT,
    TAKE_CARD,
    TAKE_DIAMONDS,
    TAKE_NOTHING,
    Accuse,
    Action,
    Answer,
    Bang,
    Hide,
    Keep,
    Phase,
    Take,
)
from pnp.rulesets.diamond_heist.play.bots import Boss, Reckoning, Taker
from pnp.rulesets.diamond_heist.play.table import CARDS, NO_CARD, Role, Setup
from pnp.rulesets.diamond_heist.play.variants import hooks_for
from pnp.rulesets.diamond_heist.play.views import (
    Public,
    View,
    build_boss_view,
    build_public,
    build_seat_view,
    builder,
)

if TYPE_CHECKING:
    from pnp.rules.engine import Bot

DIAMONDS_BACK = "diamonds_back"  # every stolen diamond is back: the Boss and loyalists win
AGENT_ACCUSED = "agent_accused"  # the Boss accused an agent: that agent wins alone
BOSS_OUT = "boss_out"  # no apology left for a wrong accusation: the top thief wins
GUNMAN_SHOT_AGENT = "gunman_shot_agent"  # "Bang!" at an agent: the gunman wins alone
ENDINGS: tuple[str, ...] = (DIAMONDS_BACK, AGENT_ACCUSED, BOSS_OUT, GUNMAN_SHOT_AGENT)

NC = len(CARDS)

# The invariants, in the order they are reported.
DIAMONDS_CONSERVED = "diamonds conserved"
CARDS_CONSERVED = "role cards conserved"
ONE_KIND = "one kind of thing"  # nobody holds diamonds and a role card but a rule-breaker
APOLOGIES_CONSERVED = "apologies conserved"
BOSS_TAKES_NOTHING = "the Boss takes nothing"
INVARIANTS = (
    DIAMONDS_CONSERVED,
    CARDS_CONSERVED,
    ONE_KIND,
    APOLOGIES_CONSERVED,
    BOSS_TAKES_NOTHING,
)
# The invariants each kind of step can break, by what its rules move: checked after it.
CAN_BREAK: dict[type, tuple[str, ...]] = {
    Keep: (DIAMONDS_CONSERVED,),
    Hide: (CARDS_CONSERVED,),
    Take: (DIAMONDS_CONSERVED, CARDS_CONSERVED, ONE_KIND, BOSS_TAKES_NOTHING),
    Answer: (),
    Accuse: (DIAMONDS_CONSERVED, APOLOGIES_CONSERVED),  # a search gives diamonds or apologies
    Bang: (DIAMONDS_CONSERVED, APOLOGIES_CONSERVED),
}
TAKE_NO_CARD_CAN_BREAK = (DIAMONDS_CONSERVED, ONE_KIND, BOSS_TAKES_NOTHING)  # moves no card
# The same as one flag per invariant, in the order of INVARIANTS (what `_broken` looks at),
# or None for a step that can break none.
Checks = tuple[bool, bool, bool, bool, bool]


def _checks(laws: tuple[str, ...]) -> Checks:
    diamonds, cards, one_kind, apologies, boss = (law in laws for law in INVARIANTS)
    return diamonds, cards, one_kind, apologies, boss


_CHECKS_AFTER: dict[type, Checks | None] = {
    kind: _checks(laws) if laws else None for kind, laws in CAN_BREAK.items()
}
_CHECKS_AFTER_TAKE_NO_CARD = _checks(TAKE_NO_CARD_CAN_BREAK)
_CHECKS_AFTER_TAKE = _CHECKS_AFTER[Take]
_CHECKS_AFTER_ANSWER = _CHECKS_AFTER[Answer]
_CHECKS_AFTER_ACCUSE = _CHECKS_AFTER[Accuse]
_CHECKS_AFTER_KEEP = _CHECKS_AFTER[Keep]
_CHECKS_AFTER_HIDE = _CHECKS_AFTER[Hide]
_CHECKS_AFTER_BANG = _CHECKS_AFTER[Bang]
_CHECK_ALL = _checks(INVARIANTS)
# What `Heist.play_checked` works out itself, as `_broken` does: after a take, the diamonds,
# the taker's pocket, the Boss's and, for a take of a role card, the role cards; after an
# accusation, the diamonds and the apologies. Should their rules be able to break anything
# else, it leaves them to `_broken`.
_TAKES_CHECKED_HERE = set(TAKE_NO_CARD_CAN_BREAK) <= {
    DIAMONDS_CONSERVED,
    ONE_KIND,
    BOSS_TAKES_NOTHING,
} and set(CAN_BREAK[Take]) <= {DIAMONDS_CONSERVED, CARDS_CONSERVED, ONE_KIND, BOSS_TAKES_NOTHING}
_ACCUSATIONS_CHECKED_HERE = set(CAN_BREAK[Accuse]) <= {DIAMONDS_CONSERVED, APOLOGIES_CONSERVED}
_CARD_ROLE: tuple[Role, ...] = CARDS

# Phases and roles the rules look at on every step, as plain names: looking a member up on
# its Enum class costs more than the check it is for.
_KEEP, _HIDE, _TAKE, _ANSWER = Phase.KEEP, Phase.HIDE, Phase.TAKE, Phase.ANSWER
_ACCUSE, _BANG, _OVER = Phase.ACCUSE, Phase.BANG, Phase.OVER
_BOSS, _THIEF, _LOYALIST, _AGENT = Role.BOSS, Role.THIEF, Role.LOYALIST, Role.AGENT
_DRIVER, _STREET_KID, _GUNMAN = Role.DRIVER, Role.STREET_KID, Role.GUNMAN
_RULE_BREAKER = Role.RULE_BREAKER
_WITH_BOSS = (_LOYALIST, _GUNMAN)  # win with the Boss, in or out (ruling out-still-wins)


build_outcome = builder(Outcome)  # once a game: see `views.builder`
# What a player shows, as `revealed` words it: a role ("loyalist"), or diamonds ("2 diamonds").
_ROLE_TEXT: dict[Role, str] = {r: r.value for r in Role}
_DIAMONDS_TEXT = tuple(count(d, "diamond") for d in range(MAX_DIAMONDS))


def _diamonds(d: int) -> str:
    """`count(d, "diamond")`: "no diamonds", "1 diamond", "3 diamonds"."""
    return _DIAMONDS_TEXT[d] if 0 <= d < MAX_DIAMONDS else count(d, "diamond")


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


@functools.lru_cache(maxsize=64)
def _default_names(n: int) -> tuple[str, ...]:
    """Boss, P1, P2...: the seats' names when nobody names them."""
    return ("Boss", *(f"P{s}" for s in range(1, n)))


class Heist:
    """One game of Diamond Heist: the whole table, nothing hidden (bots get `view`s)."""

    __slots__ = (
        "_answers",
        "_legal",
        "_public",
        "accusations",
        "accused",
        "actions",
        "answers",
        "apologies",
        "bangs",
        "boss_pocket",
        "broke",
        "given",
        "handoffs",
        "hidden",
        "hold_c",
        "hold_d",
        "hooks",
        "max_steps",
        "mover",
        "n",
        "names",
        "out",
        "phase",
        "result",
        "returned",
        "revealed",
        "rng",
        "role",
        "saw_c",
        "saw_cards",
        "saw_d",
        "seat",
        "seed",
        "setup",
        "shown",
        "shown_d",
        "took_d",
        "trace",
        "treasure_c",
        "treasure_d",
    )

    def __init__(
        self, setup: Setup, seed: int = 0, names: Sequence[str] | None = None, trace: bool = False
    ) -> None:
        n = setup.players
        self.setup = setup
        self.n = n
        self.seed = seed
        self.rng = random.Random(seed)  # the only randomness: the bots draw from it
        self.actions: list[Action] = []
        self.trace: list[str] | None = [] if trace else None
        self.max_steps = setup.max_steps
        if names:
            self.names = tuple(names)
            if len(self.names) != n:
                raise ValueError(f"{len(self.names)} names for {n} players")
        else:
            self.names = _default_names(n)
        self.hooks = hooks_for(setup.variants)
        self.phase = _KEEP
        self.seat = 0
        self.mover = -1  # the seat that made the last choice
        self.treasure_d = setup.diamonds
        self.treasure_c = list(setup.cards)
        self.boss_pocket = 0
        self.returned = 0  # diamonds given back to the Boss by players found out
        self.hidden = [0] * NC  # role cards the first player hid: nobody has them
        self.hold_d = [0] * n  # diamonds in each player's pocket now
        self.took_d = [0] * n  # diamonds each player took
        self.hold_c = [NO_CARD] * n
        self.role: list[Role | None] = [None] * n
        self.role[0] = _BOSS
        self.broke = [False] * n
        self.out = [False] * n
        self.shown = [False] * n
        self.saw_d = [-1] * n
        self.saw_c = [-1] * n
        self.saw_cards: list[tuple[int, ...]] = [()] * n
        self.handoffs: list[int] = []  # diamonds in the treasure at each hand-off
        self.answers: list[Answer | None] = [None] * n
        self.apologies = setup.apologies
        self.given = [0] * n  # apologies given to each player
        self.revealed: list[str | None] = [None] * n
        self.shown_d = [-1] * n  # diamonds each player showed when searched (0: none)
        self.accused = -1
        self.accusations = 0
        self.bangs = 0
        self.result: Outcome | None = None
        self._public: Public | None = None  # the views' copies, built when first needed
        self._answers: tuple[Answer | None, ...] | None = None
        self._legal: Action | None = None  # the choice `is_legal` just allowed
        if self.trace is not None:
            self._note(
                f"{n} players; the treasure: {count(setup.diamonds, 'diamond')}, "
                f"{setup.card_text()}; {count(setup.apologies, 'apology')} before "
                f"{self.names[0]}"
                + (f"; variants: {', '.join(setup.variants)}" if setup.variants else "")
            )

    # ---- python-chess's shape ------------------------------------------------------------

    def to_move(self) -> int:
        """The seat whose choice it is (-1 once the game is over)."""
        return self.seat

    def outcome(self) -> Outcome | None:
        """None while the game goes on; then how it ended and who won."""
        return self.result

    def legal_actions(self) -> list[Action]:
        """Every choice open to the player to move (generation; see `is_legal`)."""
        ph = self.phase
        if ph is _KEEP:
            return list(KEEP[self.setup.keep_min : min(self.setup.keep_max, self.treasure_d) + 1])
        if ph is _HIDE:
            return [HIDE_NOTHING, *(HIDE_CARD[c] for c in range(NC) if self.treasure_c[c])]
        if ph is _TAKE:
            if self.empty():
                return [TAKE_NOTHING]
            found: list[Action] = list(TAKE_DIAMONDS[1 : self.treasure_d + 1])
            found += [TAKE_CARD[c] for c in range(NC) if self.treasure_c[c]]
            if self.seat == self.n - 1:
                found.append(TAKE_NOTHING)
            return found
        if ph is _ANSWER:  # every count from -1 (won't say) to all diamonds, with each claim
            return list(ANSWERS[: (self.setup.diamonds + 2) * len(CLAIMS)])
        if ph is _ACCUSE:
            return [ACCUSE[t] for t in range(1, self.n) if not self.out[t] and not self.shown[t]]
        if ph is _BANG:
            return [SHOOT, HOLD_FIRE]
        return []

    def is_legal(self, action: Action) -> bool:
        """Whether the rules allow this choice now (a possible take may still break them)."""
        if not self._possible(action) or (isinstance(action, Take) and self._breaks_rules(action)):
            return False
        self._legal = action  # `apply` need not ask again: nothing changes in between
        return True

    def apply(self, action: Action) -> None:
        """Play one choice and run the rules up to the next one.

        Takes that break the rules are played (they are possible at a real table) and the
        player is marked a rule-breaker; anything impossible raises IllegalAction."""
        legal = self._legal
        self._legal = None
        if action is not legal and not self._possible(action):
            raise IllegalAction(
                f"{action!r} is not possible now ({self.phase.name.lower()}, seat {self.seat})"
            )
        self.actions.append(action)
        self.mover = self.seat
        # The commonest choices first: a game is mostly takes and answers.
        if isinstance(action, Take):
            self._take(action)
        elif isinstance(action, Answer):
            self._answer(action)
        elif isinstance(action, Accuse):
            self._accuse(action.target)
        elif isinstance(action, Keep):
            self._keep(action.diamonds)
        elif isinstance(action, Hide):
            self._hide(action.card)
        else:
            self._bang(action.shoot)

    def view(self, seat: int) -> View:
        """What `seat` may know now, as a copy (the Boss's view holds no one's pockets)."""
        pub = self._public or self._public_now()  # both kept while nothing in them changes
        answers = self._answers or self._answers_now()
        ph = self.phase
        if seat:
            last = self.n - 1
            holding = seat == self.seat and ph <= _TAKE  # they hold the treasure
            return build_seat_view(
                seat,
                ph,
                self.role[seat],
                self.took_d[seat],
                self.saw_d[seat],
                self.saw_cards[seat],
                self.treasure_d if holding else -1,
                tuple(self.treasure_c) if holding else (),
                seat == 1,
                seat == last,
                last - seat,
                answers,
                pub,
            )
        setup = self.setup
        back = ph >= _ANSWER  # the treasure is back with the Boss
        started = setup.diamonds - self.boss_pocket
        return build_boss_view(
            ph,
            setup.diamonds,
            setup.keep_min,
            setup.keep_max,
            self.boss_pocket,
            started if ph > _KEEP else -1,
            setup.cards,
            self.treasure_d if back else -1,
            tuple(self.treasure_c) if back else (),
            started - self.treasure_d - self.returned if back else -1,
            answers,
            pub,
        )

    def _public_now(self) -> Public:
        """What everybody knows now, for the views (kept until something in it changes)."""
        pub = self._public = build_public(
            self.n,
            self.setup.diamonds,
            self.apologies,
            tuple(self.out),
            tuple(self.revealed),
            tuple(self.shown_d),
            self.accused,
            self.accusations,
        )
        return pub

    def _answers_now(self) -> tuple[Answer | None, ...]:
        """Everybody's answers so far, for the views (kept until the next answer)."""
        answers = self._answers = tuple(self.answers)
        return answers

    def invariants(self) -> list[tuple[str, str]]:
        """Every broken invariant as (name, detail); empty when all hold.

        Run after every step, so only the invariants that step's rules can break are worked
        out (CAN_BREAK; about pockets, the chooser's only), and all of them before the first
        step and once the game is over: a rule that breaks one where it was not expected to
        is still caught, by the end of the game at the latest."""
        if self.result is None and self.actions:
            last = self.actions[-1]
            checks = _CHECKS_AFTER[type(last)]
            if checks is None:  # an answer: it moves nothing
                return []
            if isinstance(last, Take) and last.card == NO_CARD:
                checks = _CHECKS_AFTER_TAKE_NO_CARD
            return self._broken(checks, (self.mover,))
        return self._broken(_CHECK_ALL, range(1, self.n))

    def _broken(self, checks: Checks, seats: Iterable[int]) -> list[tuple[str, str]]:
        """The invariants flagged in `checks` (by CAN_BREAK) that are broken, with what is
        wrong ("one kind of thing" looks at the pockets of `seats`), in the order of
        INVARIANTS."""
        diamonds, cards, one_kind, apologies, boss = checks
        broken: list[tuple[str, str]] = []
        setup, hold_d, hold_c = self.setup, self.hold_d, self.hold_c
        if diamonds:
            pockets = sum(hold_d)
            total = self.boss_pocket + self.treasure_d + pockets + self.returned
            if total != setup.diamonds:
                broken.append(
                    (
                        DIAMONDS_CONSERVED,
                        (
                            f"Boss {self.boss_pocket} + treasure {self.treasure_d} + "
                            f"pockets {pockets} + "
                            f"returned {self.returned} = {total}, not {setup.diamonds}"
                        ),
                    )
                )
        if cards and not self._cards_conserved():
            treasure, hidden = self.treasure_c, self.hidden
            for c, n in enumerate(setup.cards):
                have = treasure[c] + hidden[c] + hold_c.count(c)
                if have != n:
                    broken.append((CARDS_CONSERVED, f"{have} {CARDS[c].value} cards, not {n}"))
        if one_kind:
            for s in seats:
                if s and hold_d[s] and hold_c[s] != NO_CARD and not self.broke[s]:
                    broken.append((ONE_KIND, f"{self.names[s]} holds diamonds and a role card"))
        if apologies:
            given = sum(self.given)
            if self.apologies < 0 or self.apologies + given != setup.apologies:
                broken.append(
                    (
                        APOLOGIES_CONSERVED,
                        f"{self.apologies} left, {given} given, {setup.apologies} at the start",
                    )
                )
        if boss and (hold_d[0] or hold_c[0] != NO_CARD):
            broken.append((BOSS_TAKES_NOTHING, "the Boss holds a take"))
        return broken

    def _cards_conserved(self) -> bool:
        """Each kind of role card is all there: in the treasure, hidden or held."""
        treasure, hidden, hold_c = self.treasure_c, self.hidden, self.hold_c
        for c, n in enumerate(self.setup.cards):
            if treasure[c] + hidden[c] + hold_c.count(c) != n:
                return False
        return True

    # ---- the simulator's play loop -------------------------------------------------------

    def play_checked(self, bots: Sequence[Bot[View, Action]]) -> Outcome:
        """Play to the end with these bots, every choice checked: what
        `engine.play(self, bots)` does, step for step (the same choices and draws from
        `rng`, the same legality check and invariants after every choice, and the same
        InvariantViolation when one fails), with fewer calls in between.

        The default bots (`bots.Taker`, `bots.Boss`) decide from a few numbers of their
        view (`take_from`, `answer_from`, `hide_from`, `keep_from`, and the Boss's
        `reckon` and `accuse_with`): they are given those numbers, and no view is built for
        them. The Boss's reckoning from the answers and the counts is made once and kept
        while they stay as they are. Other bots are asked with their view.

        Takes, answers and accusations, most of a game, are checked here: legality as
        `is_legal` rules it, and the invariants their rules can break (CAN_BREAK) as
        `_broken` works them out, any doubt going to `_broken`, which words what is wrong.
        The other choices go through `_possible` and `_broken` themselves. The rules are
        played by the methods `apply` plays them with."""
        actions, rng, seed, max_steps = self.actions, self.rng, self.seed, self.max_steps
        trace = self.trace
        last = self.n - 1
        diamonds, apologies = self.setup.diamonds, self.setup.apologies
        everybody = range(1, self.n)
        checks: Checks | None
        reckoning: Reckoning | None = None
        reckoned: tuple[object, ...] = ()
        reckoner: Boss | None = None
        step = len(actions)  # the choices played so far: this loop adds one at each step
        while (result := self.result) is None:
            step += 1
            if step > max_steps:
                raise InvariantViolation(
                    Violation(seed, step, "ends in time", f"no outcome within {max_steps} steps")
                )
            seat, ph = self.seat, self.phase
            bot = bots[seat]
            if ph is _TAKE:
                had = self.treasure_d
                if type(bot) is Taker:
                    action = bot.take_from(
                        had, self.treasure_c, seat == last, last - seat, self.apologies, rng
                    )
                else:
                    action = bot.choose(self.view(seat), rng)
                if not isinstance(action, Take):
                    raise self._refused(step, seat, action)
                # `_possible` and not `_breaks_rules`: diamonds and no role card, or nothing
                # only when last or when the treasure is empty; or one role card that is
                # there, and no diamonds.
                d, c = action.diamonds, action.card
                if c == NO_CARD:
                    if not (0 <= d <= had and (d or seat == last or self.empty())):
                        raise self._refused(step, seat, action)
                elif d or not (had >= 0 and 0 <= c < NC and self.treasure_c[c] > 0):
                    raise self._refused(step, seat, action)
                if trace is not None:
                    trace.append(f"{step:>3}. {self.describe(action)}")
                actions.append(action)
                self.mover = seat
                self._take(action)
                if _TAKES_CHECKED_HERE and self.result is None:
                    hold_d, hold_c = self.hold_d, self.hold_c
                    if (
                        self.boss_pocket + self.treasure_d + sum(hold_d) + self.returned == diamonds
                        and not (hold_d[seat] and hold_c[seat] != NO_CARD and not self.broke[seat])
                        and not hold_d[0]
                        and hold_c[0] == NO_CARD
                        and (c == NO_CARD or self._cards_conserved())
                    ):
                        continue
                checks = _CHECKS_AFTER_TAKE_NO_CARD if c == NO_CARD else _CHECKS_AFTER_TAKE
            elif ph is _ANSWER:
                if type(bot) is Taker:
                    action = bot.answer_from(
                        self.role[seat],
                        self.saw_d[seat],
                        self.took_d[seat],
                        seat == last,
                        diamonds,
                        rng,
                    )
                else:
                    action = bot.choose(self.view(seat), rng)
                if not (
                    isinstance(action, Answer)
                    and -1 <= action.saw <= diamonds
                    and action.claim in CLAIMS
                ):
                    raise self._refused(step, seat, action)
                if trace is not None:
                    trace.append(f"{step:>3}. {self.describe(action)}")
                actions.append(action)
                self.mover = seat
                self._answer(action)
                checks = _CHECKS_AFTER_ANSWER
                if checks is None and self.result is None:
                    continue
            elif ph is _ACCUSE and type(bot) is Boss:
                # The Boss's reckoning from the answers and the counts, kept while they stay
                # as they are (the rules change none of them after the questioning).
                counts = (
                    self._answers or self._answers_now(),
                    diamonds - self.boss_pocket,
                    self.treasure_d,
                    tuple(self.treasure_c),
                )
                if reckoning is None or counts != reckoned or bot is not reckoner:
                    answers, started, back_diamonds, back_cards = counts
                    reckoning = bot.reckon(
                        self.n, started, answers, back_diamonds, self.setup.cards, back_cards
                    )
                    reckoned, reckoner = counts, bot
                action = bot.accuse_with(reckoning, self.shown_d, self.out, self.revealed, rng)
                # `_possible`: a player still in and not yet searched (ruling pockets-once)
                if not isinstance(action, Accuse):
                    raise self._refused(step, seat, action)
                t = action.target
                if not (0 < t <= last and not self.out[t] and not self.shown[t]):
                    raise self._refused(step, seat, action)
                if trace is not None:
                    trace.append(f"{step:>3}. {self.describe(action)}")
                actions.append(action)
                self.mover = seat
                self._accuse(t)
                if _ACCUSATIONS_CHECKED_HERE and self.result is None:
                    left = self.apologies
                    if (
                        self.boss_pocket + self.treasure_d + sum(self.hold_d) + self.returned
                        == diamonds
                        and left >= 0
                        and left + sum(self.given) == apologies
                    ):
                        continue
                checks = _CHECKS_AFTER_ACCUSE
            else:
                if ph is _KEEP and type(bot) is Boss:
                    setup = self.setup
                    action = bot.keep_from(diamonds, setup.keep_min, setup.keep_max, rng)
                elif ph is _HIDE and type(bot) is Taker:
                    action = bot.hide_from(self.treasure_c, rng)
                else:
                    action = bot.choose(self.view(seat), rng)
                if not self._possible(action):
                    raise self._refused(step, seat, action)
                if trace is not None:
                    trace.append(f"{step:>3}. {self.describe(action)}")
                actions.append(action)
                self.mover = seat
                if isinstance(action, Accuse):
                    self._accuse(action.target)
                    checks = _CHECKS_AFTER_ACCUSE
                elif isinstance(action, Keep):
                    self._keep(action.diamonds)
                    checks = _CHECKS_AFTER_KEEP
                elif isinstance(action, Hide):
                    self._hide(action.card)
                    checks = _CHECKS_AFTER_HIDE
                elif isinstance(action, Bang):
                    self._bang(action.shoot)
                    checks = _CHECKS_AFTER_BANG
                else:  # a take or an answer out of their phase: `_possible` refuses them
                    raise self._refused(step, seat, action)
            # `invariants`: all of them once the game is over
            if self.result is not None:
                broken = self._broken(_CHECK_ALL, everybody)
            elif checks is None:
                continue
            else:
                broken = self._broken(checks, (seat,))
            if broken:
                raise InvariantViolation(Violation(seed, step, *broken[0]))
        return result

    def _refused(self, step: int, seat: int, action: Action) -> InvariantViolation:
        """What the play loop raises for a choice the rules do not allow."""
        return InvariantViolation(
            Violation(self.seed, step, "legal action", f"seat {seat} chose {action!r}")
        )

    def describe(self, action: Action) -> str:
        """The choice as a line of the trace, with the truth behind an answer."""
        who = self.names[self.seat]
        if isinstance(action, Keep):
            return f"{who} secretly keeps {count(action.diamonds, 'diamond')} back"
        if isinstance(action, Hide):
            if action.card == NO_CARD:
                return f"{who} hides no role card"
            return f"{who} hides the {CARDS[action.card].value} card: nobody has it"
        if isinstance(action, Take):
            d, c = action.diamonds, action.card
            what = " and ".join(
                x
                for x in (
                    count(d, "diamond") if d else "",
                    f"the {CARDS[c].value} card" if c >= 0 else "",
                )
                if x
            )
            tail = " (breaking the rules)" if self._breaks_rules(action) else ""
            return f"{who} takes {what or 'nothing'}{tail}"
        if isinstance(action, Answer):
            saw = "won't say what they saw" if action.saw < 0 else f"saw {action.saw}"
            took = (
                "won't say what they took"
                if action.claim is None
                else f"took: {action.claim.value}"
            )
            truth = f"saw {self.saw_d[self.seat]}, is {self._role_text(self.seat)}"
            return f'{who} answers "{saw}; {took}" (truth: {truth})'
        if isinstance(action, Accuse):
            return f'{who}: "{self.names[action.target]} - empty your pockets!"'
        if action.shoot:
            return f'{who} (the gunman) shouts "Bang!" at {self.names[self.accused]}'
        return f"{who} (the gunman) holds fire"

    # ---- what the rules look at ----------------------------------------------------------

    def empty(self) -> bool:
        """No diamonds and no role cards in the treasure (ruling empty-means-empty)."""
        return not self.treasure_d and not any(self.treasure_c)

    def missing(self) -> int:
        """Diamonds the Boss is still missing (-1 before the treasure is back)."""
        if self.phase < _ANSWER:
            return -1
        return self.setup.diamonds - self.boss_pocket - self.treasure_d - self.returned

    def _role_text(self, seat: int) -> str:
        role = self.role[seat]
        if role is _THIEF:
            return f"a thief with {count(self.took_d[seat], 'diamond')}"
        return "not yet anything" if role is None else _a(role.value)

    def _possible(self, a: Action) -> bool:
        """Whether the choice can be made at all: the phase's kind of choice, naming only
        what is there (a possible take may still break the rules: `_breaks_rules`)."""
        ph = self.phase  # the commonest phases first
        if ph is _TAKE:
            if not isinstance(a, Take):
                return False
            c = a.card
            return 0 <= a.diamonds <= self.treasure_d and (
                c == NO_CARD or (0 <= c < NC and self.treasure_c[c] > 0)
            )
        if ph is _ANSWER:
            return (
                isinstance(a, Answer) and -1 <= a.saw <= self.setup.diamonds and a.claim in CLAIMS
            )
        if ph is _ACCUSE:  # nobody empties their pockets twice (ruling pockets-once)
            if not isinstance(a, Accuse):
                return False
            t = a.target
            return 0 < t < self.n and not self.out[t] and not self.shown[t]
        if ph is _KEEP:
            return isinstance(a, Keep) and self.setup.keep_min <= a.diamonds <= min(
                self.setup.keep_max, self.treasure_d
            )
        if ph is _HIDE:
            if not isinstance(a, Hide):
                return False
            c = a.card
            return c == NO_CARD or (0 <= c < NC and self.treasure_c[c] > 0)
        return ph is _BANG and isinstance(a, Bang)

    def _breaks_rules(self, take: Take) -> bool:
        """Both kinds at once, or nothing when something had to be taken."""
        if take.diamonds:
            return take.card != NO_CARD
        return take.card == NO_CARD and self.seat != self.n - 1 and not self.empty()

    # ---- the rules, step by step -----------------------------------------------------------

    def _note(self, text: str) -> None:
        """A change, in the trace (callers build the text only when there is a trace)."""
        assert self.trace is not None
        self.trace.append("       " + text)

    def _keep(self, k: int) -> None:
        self.boss_pocket = k
        self.treasure_d -= k
        self._hand_on(1)

    def _hand_on(self, seat: int) -> None:
        """The treasure is passed to `seat` (or back to the Boss after the last taker)."""
        d = self.treasure_d
        self.handoffs.append(d)
        if seat == self.n:
            if self.trace is not None:
                self._note(
                    f"the treasure comes back to {self.names[0]} with "
                    f"{count(self.treasure_d, 'diamond')} and "
                    f"{self.setup.card_text(self.treasure_c)}; "
                    f"{self.setup.diamonds - self.boss_pocket - self.treasure_d} missing"
                )
            self._questioning()
            return
        self.seat = seat
        self.saw_d[seat] = d
        cards = self.saw_cards[seat] = tuple(self.treasure_c)
        seen = self.saw_c[seat] = sum(cards)
        self.phase = _HIDE if seat == 1 and seen and self.setup.may_hide > 0 else _TAKE
        if self.trace is not None:
            self._note(
                f"{self.names[seat]} gets the treasure: "
                f"{count(d, 'diamond')}, {self.setup.card_text(cards)}"
            )

    def _hide(self, card: int) -> None:
        if card != NO_CARD:
            self.treasure_c[card] -= 1
            self.hidden[card] += 1
        if card == NO_CARD or sum(self.hidden) >= self.setup.may_hide or not any(self.treasure_c):
            self.phase = _TAKE

    def _take(self, take: Take) -> None:
        s, d, c = self.seat, take.diamonds, take.card
        # One kind (diamonds, or a role card) never breaks the rules: only ask otherwise.
        if (not d) is (c != NO_CARD) or not self._breaks_rules(take):
            self.role[s] = _THIEF if d else _STREET_KID if c == NO_CARD else _CARD_ROLE[c]
        else:  # ruling rule-breakers
            self.role[s] = _RULE_BREAKER
            self.broke[s] = True
        if d:
            self.treasure_d -= d
            self.hold_d[s] = self.took_d[s] = d
        if c != NO_CARD:
            self.treasure_c[c] -= 1
            self.hold_c[s] = c
        self._hand_on(s + 1)

    def _questioning(self) -> None:
        """The Boss has the treasure back and counts; then everybody is questioned."""
        self.seat = 1
        self.phase = _ANSWER
        if self.missing() == 0:
            self._end(DIAMONDS_BACK)

    def _answer(self, answer: Answer) -> None:
        s = self.seat
        self.answers[s] = answer
        self._answers = None
        if s == self.n - 1:
            self.phase = _ACCUSE
            self.seat = 0
        else:
            self.seat = s + 1

    def _accuse(self, target: int) -> None:
        self.accusations += 1
        self.accused = target
        self._public = None
        gunman = self.hooks.interrupter(self, target)
        if gunman > 0:
            self.phase = _BANG
            self.seat = gunman
            return
        self._show(target)

    def _show(self, t: int) -> None:
        """The accused empties their pockets."""
        self.accused = -1
        self.shown[t] = True
        role = self.role[t]
        name = self.names[t]
        if self.broke[t] or role is _THIEF:
            d = self.hold_d[t]
            self.revealed[t] = _diamonds(d) if role is _THIEF else "rule-breaker"
            self.shown_d[t] = d
            self._give_back(t)
            self.out[t] = True
            if self.trace is not None:
                self._note(f"{name} shows {self.revealed[t]} and is out; {self.missing()} missing")
        elif role is _AGENT:
            self.revealed[t] = _ROLE_TEXT[_AGENT]
            if self.trace is not None:
                self._note(f"{name} is an undercover agent")
            self._end(AGENT_ACCUSED, (t,))
            return
        else:
            assert role is not None
            self.revealed[t] = _ROLE_TEXT[role]
            self.shown_d[t] = 0
            if self.apologies:
                self.apologies -= 1
                self.given[t] += 1
                if self.trace is not None:
                    self._note(
                        f"{name} shows: {role.value}; {self.names[0]} gives an apology "
                        f"({self.apologies} left)"
                    )
            else:
                self.out[0] = True
                if self.trace is not None:
                    self._note(
                        f"{name} shows: {role.value}; no apology left: {self.names[0]} is out"
                    )
                self._end(BOSS_OUT)
                return
        self._public = None
        self._go_on()

    def _give_back(self, t: int) -> None:
        """A found-out player's diamonds go back to the Boss (a rule-breaker's too)."""
        self.returned += self.hold_d[t]
        self.hold_d[t] = 0

    def _go_on(self) -> None:
        if self.missing() == 0:
            self._end(DIAMONDS_BACK)
        else:
            self.phase = _ACCUSE
            self.seat = 0

    def _bang(self, shoot: bool) -> None:
        g, t = self.seat, self.accused
        if not shoot:
            self._show(t)
            return
        self.bangs += 1
        if self.role[t] is _AGENT:
            self.revealed[t] = _ROLE_TEXT[_AGENT]
            if self.trace is not None:
                self._note(f"{self.names[t]} was an undercover agent: the gunman wins alone")
            self._end(GUNMAN_SHOT_AGENT, (g,))
            return
        # Both are out; a thief's diamonds go back; no apology (ruling after-bang: go on).
        role = self.role[t]
        self.revealed[t] = (
            _diamonds(self.hold_d[t])
            if role is _THIEF
            else "rule-breaker"
            if self.broke[t]
            else _ROLE_TEXT[role]
            if role
            else None
        )
        self.revealed[g] = _ROLE_TEXT[_GUNMAN]
        self.shown_d[t], self.shown_d[g] = self.hold_d[t], 0
        self._give_back(t)
        self.out[g] = self.out[t] = True
        self.shown[g] = self.shown[t] = True
        self.accused = -1
        self._public = None
        if self.trace is not None:
            self._note(
                f"{self.names[g]} and {self.names[t]} ({self.revealed[t]}) are out; "
                f"{self.missing()} missing"
            )
        self._go_on()

    def _end(self, ending: str, alone: tuple[int, ...] = ()) -> None:
        """The game ends: everybody shows what they took, and the winners are found."""
        n, role = self.n, self.role
        if any(self.broke):  # an unrevealed rule-breaker comes to light now
            for s in range(1, n):
                if self.broke[s] and not self.out[s]:
                    self._give_back(s)
                    self.out[s] = True
        winners: set[int] = set(alone)
        if ending == DIAMONDS_BACK:  # ruling out-still-wins: loyalists and gunman, in or out
            winners = {0, *(s for s in range(1, n) if role[s] in _WITH_BOSS)}
        elif ending == BOSS_OUT:
            thieves = [s for s in range(1, n) if role[s] is _THIEF and not self.out[s]]
            if thieves:
                best = max(self.hold_d[s] for s in thieves)
                winners = {s for s in thieves if self.hold_d[s] == best}
                winners |= {s for s in range(1, n) if role[s] is _STREET_KID}
        # A driver wins with their right neighbour, seat s - 1 (ruling drivers-ride-along):
        # going up the seats also carries a driver whose neighbour is a winning driver.
        if _DRIVER in role:
            for s in range(1, n):
                if role[s] is _DRIVER and (s - 1) in winners:
                    winners.add(s)
        self.result = build_outcome(ending, tuple(sorted(winners)))
        self.phase = _OVER
        self.seat = -1
        self._public = None
        if self.trace is not None:
            self._note(
                f"game over: {ending.replace('_', ' ')}; winners: "
                + (
                    ", ".join(
                        self.names[s] + (f" ({self._role_text(s)})" if s else "")
                        for s in self.result.winners
                    )
                    or "nobody"
                )
            )
