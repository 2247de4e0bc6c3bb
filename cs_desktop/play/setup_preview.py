"""The scenario designer's picture of a scenario as it stands at set-up (2.0), before any decision: the
referee's view of a game made from it (the designer sees both sides)."""

from __future__ import annotations

from collections.abc import Mapping

from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.rules.view_types import SideView


def setup_view(scenario: Scenario, cards: Mapping[str, ShipCard]) -> SideView:
    """The view of the scenario set up with bridge cards off (raises what set-up raises)."""
    return Game(scenario, dict(cards), seed=0, options={"bridge_cards": False}).view(None, events=False)
