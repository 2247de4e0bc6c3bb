"""19.0 the victory points' constants and the fleet counts (R19.0f) that the tally, the winnable check and the
captains' judgment all read: a leaf, below victory.py, victory_sides.py and fleet_end.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState

#: 19.0: a margin of this many VP or less is a draw
DRAW_MARGIN = 5
#: 19.0: VP for an enemy ship that struck
STRUCK_VP = 5
#: 19.0: VP for an enemy ship captured (under the fleet rules in place of the strike points, R19.0f)
CAPTURED_VP = 10


def fleet_counts(state: GameState, side: str) -> dict[str, int]:
    """R19.0f: the enemy ships `side` scores for: struck (and not taken), captured, and escaped (no VP)."""
    enemies = [s for s in state.ships.values() if (s.prize_of or s.side) != side]  # a sailing prize: R19.0i
    return {"struck": sum(1 for s in enemies if s.struck and not (s.captured or s.prize_of)),
            "captured": sum(1 for s in enemies if s.captured or s.prize_of),
            "escaped": sum(1 for s in enemies if s.escaped and not (s.struck or s.captured or s.prize_of))}
