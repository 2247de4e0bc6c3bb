"""The order forms of the request on screen, without Qt: the rows of the maneuver form (the ships asked, and
those the fleet orders or a single legal maneuver answer: play/maneuver_form.py), the maneuvers that would end
the game or take a ship out of the battle, and the rows of the fire form (play/fire_plan.py). One object serves
a game at one screen (gui/session.py) and an online seat (gui/online/session.py); each is given how to read its
screen model, its board help, its standing and fleet orders and what the fleet orders fill in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.fire_plan import FireRow, fire_form_rows
from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.maneuver_form import Danger, FormRow, dangers, form_rows
from cs_desktop.play.screen import ScreenModel
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.rules.decisions import Request


class OrderForms:
    def __init__(self, screen: Callable[[], ScreenModel], advice: Callable[[], FairAdvice | None],
                 orders: Callable[[], StandingOrders], fleet: Callable[[], FleetOrders],
                 prefill: Callable[[ScreenModel, Request], dict[str, Any]]) -> None:
        """`prefill(screen, request)`: ship id -> the answer the fleet orders give her (FleetOrders.fill on the
        view the side may see)."""
        self._screen = screen
        self._advice = advice
        self._orders = orders
        self._fleet = fleet
        self._prefill = prefill

    def maneuver_form(self) -> list[FormRow]:
        """The rows of the maneuver request on screen: the ships asked, and those the fleet orders or a single
        legal maneuver answer."""
        screen = self._screen()
        if screen.request is None or screen.request.kind != "select_maneuver":
            return []
        return form_rows(screen.request, self._prefill(screen, screen.request), self._fleet(), screen.ship_names)

    def maneuver_dangers(self) -> dict[str, dict[tuple[Any, ...], Danger]]:
        """Ship id -> the maneuvers of the request on screen that end the game or take her out of the battle
        (from previews priced on the player's own view; issue 28 item 4: never preselected, confirmed when
        chosen)."""
        screen, advice = self._screen(), self._advice()
        if screen.request is None or screen.request.kind != "select_maneuver" or advice is None:
            return {}
        return {sid: dangers(advice.maneuver_previews(sid), screen.view or {}, sid) for sid in screen.request.ships or {}}

    def fire_form(self) -> list[FireRow]:
        """The rows of the fire request on screen: each ship's best shot and whether it is worth asking about
        under the standing orders (with "ask me everything", every ship is asked)."""
        screen, advice, orders = self._screen(), self._advice(), self._orders()
        if screen.request is None or screen.request.kind != "fire" or advice is None:
            return []
        return fire_form_rows(screen.request, advice, orders.worth, orders.ask_everything, screen.ship_names)
