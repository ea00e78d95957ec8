"""Diamond Heist as an executable rules model, in python-chess's shape.

`Heist(setup, seed)` is one game. `to_move()` is the seat whose choice it is,
`legal_actions()` lists the choices open to it, `is_legal(action)` tells whether one is
allowed, `apply(action)` plays it and runs the rules up to the next choice, `outcome()` is
None until the game ends. `view(seat)` is what that seat may know, and all a bot gets.
The game owns one `random.Random` for its bots; a seed, or the list of actions, replays it.

Seats: 0 is the Boss; 1.. are the takers in the order the treasure reaches them (each
passes it to their left, the next seat), so the player on seat s's right is seat s - 1.
Rulings of content/diamond-heist/rulings.yaml are cited by id where the code plays them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence

from pnp.english import count
from pnp.rules.engine import IllegalAction, Outcome
from pnp.rulesets.diamond_heist.play.actions import (
    ACCUSE,
    ANSWERS,
    CLAIMS,
    HIDE_CARD,
    HIDE_NOTHING,
    HOLD_FIRE,
    KEEP,
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
_CHECK_ALL = _checks(INVARIANTS)
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
        self.names = tuple(names) if names else _default_names(n)
        if len(self.names) != n:
            raise ValueError(f"{len(self.names)} names for {n} players")
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
        self.role: list[Role | None] = [_BOSS] + [None] * (n - 1)
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
        pub = self._public  # both kept while nothing in them changes
        if pub is None:
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
        answers = self._answers
        if answers is None:
            answers = self._answers = tuple(self.answers)
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
        if cards:
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
        if self._breaks_rules(take):  # ruling rule-breakers
            self.role[s] = _RULE_BREAKER
            self.broke[s] = True
        else:
            self.role[s] = _THIEF if d else _STREET_KID if c == NO_CARD else _CARD_ROLE[c]
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
            self.revealed[t] = count(d, "diamond") if role is _THIEF else "rule-breaker"
            self.shown_d[t] = d
            self._give_back(t)
            self.out[t] = True
            if self.trace is not None:
                self._note(f"{name} shows {self.revealed[t]} and is out; {self.missing()} missing")
        elif role is _AGENT:
            self.revealed[t] = _AGENT.value
            if self.trace is not None:
                self._note(f"{name} is an undercover agent")
            self._end(AGENT_ACCUSED, (t,))
            return
        else:
            assert role is not None
            self.revealed[t] = role.value
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
            self.revealed[t] = _AGENT.value
            if self.trace is not None:
                self._note(f"{self.names[t]} was an undercover agent: the gunman wins alone")
            self._end(GUNMAN_SHOT_AGENT, (g,))
            return
        # Both are out; a thief's diamonds go back; no apology (ruling after-bang: go on).
        role = self.role[t]
        self.revealed[t] = (
            count(self.hold_d[t], "diamond")
            if role is _THIEF
            else "rule-breaker"
            if self.broke[t]
            else role.value
            if role
            else None
        )
        self.revealed[g] = _GUNMAN.value
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
