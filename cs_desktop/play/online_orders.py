"""Standing orders and fleet orders for an online seat (issue 32 item 2: an online game plays as at one screen).

At one screen the presenter answers for a human seat the requests its standing orders and fleet orders cover
(play/turn_flow.py `answer_for`, through `pass_for`), from that side's view and request. An online seat does the
same on its own side of the wire, with the very same function, from what the seat received: its view, the
events visible to it (together exactly `game.view(side)`, cs_desktop/online/frames.py) and its request. The
answer then goes to the server like any other, checked there and recorded as a decision of the seat. Nothing
else is read, so nothing hidden from the seat can change it (tests/online/test_standing_orders.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cs_desktop.online.client import SeatState, request_of
from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.turn_flow import Pass, StandingOrders, pass_for
from cs_desktop.rules.cards import ShipCard

#: the answers given for the seat kept for its log (as the presenter keeps 200)
KEPT = 200


def seat_view(seat: SeatState) -> dict[str, Any]:
    """The seat's view with the events it has seen: what `game.view(side)` gives that side at one screen."""
    return dict(seat.view, events=list(seat.events))


@dataclass
class SeatOrders:
    """A seat's standing orders and fleet orders, the answers they gave (turn, sentence) and for which request."""

    orders: StandingOrders = field(default_factory=StandingOrders)
    fleet: FleetOrders = field(default_factory=FleetOrders)
    passed: list[tuple[int, str]] = field(default_factory=list)
    answered: int = -1  # the number (`ask`) of the last request answered by the orders: it is answered once

    def answer(self, seat: SeatState, cards: dict[str, ShipCard]) -> Pass | None:
        """The orders' answer to the seat's pending request, once per request (None: ask the player). The
        caller sends it; it is kept, with its turn, for the log (`passed_lines`)."""
        if seat.request is None or seat.ended or not seat.view or seat.ask == self.answered:
            return None
        passed = pass_for(seat_view(seat), request_of(seat.request), self.orders, self.fleet, cards)
        if passed is not None:
            self.answered = seat.ask
            self.passed.append((int(seat.view.get("turn", 0)), passed.why))
            del self.passed[:-KEPT]
        return passed

    def passed_lines(self, most: int = 8) -> list[str]:
        """The latest answers given for the seat, as "T3: sentence" (oldest first)."""
        return [f"T{turn}: {why}" for turn, why in self.passed][-most:]
