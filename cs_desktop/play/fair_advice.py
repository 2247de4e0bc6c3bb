"""The board's and the orders panel's help — maneuver previews, the firing picture, the odds of a shot —
computed from what the player at the screen may know, never from the referee's state.

The engine's advice (`rules/advice.py`, `rules/shot_odds.py`) prices a choice on an engine state. Here that
state is rebuilt from the player's own view (`ai/judgment_view.scratch_state`, the computer captains' way),
with neutral guesses where the view hides something, so a preview can never tell a player what the enemy
loaded or chose (issue 11: fair by construction; tests change hidden state and see the help unchanged).
Each function takes the viewer's view and the public ship cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cs_desktop.ai.judgment_view import scratch_state
from cs_desktop.rules import advice
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.state import GameState
from cs_desktop.rules.view_types import SideView

View = Mapping[str, Any]


class FairAdvice:
    """The help for one position (one view): the rebuilt state is made once and kept."""

    def __init__(self, view: View, cards: Mapping[str, ShipCard]) -> None:
        self._view = view
        self._cards = cards
        self._state: GameState | None = None

    def _scratch(self) -> GameState:
        if self._state is None:
            # a side's view: the session's, or an online seat's from its frames (a loose dict, the same keys)
            self._state = scratch_state(cast("SideView", dict(self._view)), self._cards)
        return self._state

    def maneuver_previews(self, ship_id: str) -> list[dict[str, Any]]:
        return advice.maneuver_previews(self._scratch(), ship_id)

    def firing_picture(self, ship_id: str) -> dict[str, Any]:
        return advice.firing_picture(self._scratch(), ship_id)

    def shot_odds(self, ship_id: str, target: str, sections: Mapping[str, str] | list[str],
                  chaser: str | None = None) -> dict[str, Any]:
        if sections:
            return advice.shot_odds(self._scratch(), ship_id, target, sections)
        return advice.shot_odds(self._scratch(), ship_id, target, [], chaser=chaser)
