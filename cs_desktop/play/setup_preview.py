"""The scenario designer's picture of a scenario as it stands at set-up (2.0), before any decision: the
referee's view of a game made from it (the designer sees both sides), with the ships' names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.game import Game


def setup_view(scenario: Scenario, cards: Mapping[str, ShipCard]) -> tuple[dict[str, Any], dict[str, str]]:
    """(view, ship names) of the scenario set up with bridge cards off (raises what set-up raises)."""
    view = Game(scenario, dict(cards), seed=0, options={"bridge_cards": False}).view(None, events=False)
    names = {sid: cards[s["card"]].name for sid, s in view["ships"].items() if s["card"] in cards}
    return view, names
