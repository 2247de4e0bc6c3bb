"""The human seats' orders, a part the play presenter owns (`presenter.standing`): the standing orders (issue 11;
the window loads them from settings.ini), the fleet orders given in the fleet list (play/fleet_orders.py) and
the answers they gave for a human seat (play/turn_flow.py `answer_for`), kept for the flow panel's lines.

New orders apply at once: the presenter's `set_orders` stores them here and answers what they now cover."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.turn_flow import StandingOrders, answer_for
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game

#: the answers given for the humans kept for the flow panel (the online seat keeps as many)
KEPT = 200


class HumanOrders:
    def __init__(self) -> None:
        self.orders = StandingOrders()
        self.fleet = FleetOrders()
        #: answers given for a human seat by turn_flow: (side, turn, sentence), newest last
        self.passed: list[tuple[str, int, str]] = []

    def reset(self) -> None:
        """Another game: its fleet orders and answers start afresh (the standing orders are the player's)."""
        self.fleet = FleetOrders()
        self.passed = []

    def answer(self, game: Game, humans: set[str]) -> list[int]:
        """Answer, in `game`, the requests of the `humans` that the orders cover; the decisions' indices."""
        given = []
        for index, side, turn, why in answer_for(game, humans, self.orders, self.fleet):
            given.append(index)
            self.passed.append((side, turn, why))
        del self.passed[:-KEPT]
        return given

    def passed_for(self, side: str | None, most: int = 8) -> list[str]:
        """The latest answers given for `side` by turn_flow, as "T3: sentence" (oldest first)."""
        return [f"T{turn}: {text}" for s, turn, text in self.passed if s == side][-most:]

    def prefill(self, view: Mapping[str, Any] | None, request: Request, cards: Mapping[str, ShipCard]) -> dict[str, Any]:
        """Ship id -> the answer the fleet orders give her in the request on screen (the rest are asked)."""
        return {} if view is None else self.fleet.fill(view, request, cards)
