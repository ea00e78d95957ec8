"""Card kinds, timings and door resolutions, as plain constants for the rules to compare with.

In Python 3.11 reading a member from its enum class (`Timing.REACTION`) is a call through
`EnumType.__getattr__` every time, and the rules and bots read them in nearly every choice;
these names are the same members, read once.
"""

from __future__ import annotations

from pnp.content.cards import CardKind, Timing
from pnp.content.departures import Resolves

KIND_COVER = CardKind.COVER
KIND_DEPARTURE_CARD = CardKind.DEPARTURE_CARD
KIND_DIRTY_TRICK = CardKind.DIRTY_TRICK
KIND_LAW = CardKind.LAW
KIND_MANEUVER = CardKind.MANEUVER

AT_AFTERNOON = Timing.AFTERNOON
AT_COUNTER = Timing.COUNTER
AT_EVENING = Timing.EVENING
AT_REACTION = Timing.REACTION
AT_VOTE = Timing.VOTE

TURN_AFTER_NEXT = Resolves.TURN_AFTER_NEXT
