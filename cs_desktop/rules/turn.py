"""4.0 Sequence of Play: the segments of a turn, in order."""

from __future__ import annotations

from collections.abc import Callable

from cs_desktop.rules.activation import segment_impulse, segment_select
from cs_desktop.rules.bonus_move import segment_bonus
from cs_desktop.rules.crew import segment_crew
from cs_desktop.rules.housekeeping import segment_housekeeping
from cs_desktop.rules.initiative import segment_initiative
from cs_desktop.rules.melee import segment_melee
from cs_desktop.rules.movement_rates import segment_movement
from cs_desktop.rules.referee import Referee, Segment
from cs_desktop.rules.setup import segment_setup

#: segment name -> generator function; "impulse:N" runs impulse N (1-12).
SEGMENTS: dict[str, Callable[[Referee], Segment]] = {
    "setup": segment_setup,  # 2.0
    "crew": segment_crew,  # 5.0
    "initiative": segment_initiative,  # 6.0
    "movement": segment_movement,  # 7.0
    "select": segment_select,  # 8.0 / 9.1: select maneuvers (if not already selected)
    "impulse": segment_impulse,  # 8.0-14.0
    "melee": segment_melee,  # 15.0
    "bonus": segment_bonus,  # 16.0
    "housekeeping": segment_housekeeping,  # 17.0
}
ORDER = ["crew", "initiative", "movement", "select", *(f"impulse:{i}" for i in range(1, 13)), "melee", "bonus",
         "housekeeping"]
