"""What a request panel asks of a session: one protocol, met by the window's `GameSession` (gui/session.py, on the
play presenter) and by an online seat's `OnlineSeatSession` (gui/online/session.py, on the seat's frames), so
the request widgets (gui/requests/), the flow panel under them (gui/dialogs/standing_orders.py) and the board's
help (gui/board/help.py) work on either and are type-checked against what they use.

A panel reads the screen model and the side names, the board's fair help and the maneuver and fire forms;
answers through `submit`; edits the crew assignment on the ship cards through `crew` (`draftChanged` after an
edit); and reads or changes the standing and fleet orders (`standing`, `set_orders`, `ordersEdited` when a form
changed them). Every panel redraws on `changed`, whose argument says what changed (play/changes.py).
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import SignalInstance

from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.order_forms import OrderForms
from cs_desktop.play.screen import ScreenModel
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.rules.decisions import Request

Drafts = dict[str, dict[str, Any]]


class CrewEditor(Protocol):
    """The crew assignment (5.0) being edited: play/presenter_crew.CrewDrafts, gui/online/session.SeatCrew."""

    def drafts(self) -> Drafts: ...

    def bearing(self, request: Request) -> Drafts: ...

    def warnings(self) -> list[str]: ...

    def set_draft(self, ship_id: str, assign: dict[str, Any]) -> bool: ...

    def submit(self) -> bool: ...


class HeldOrders(Protocol):
    """The standing and fleet orders: play/presenter_orders.HumanOrders, play/online_orders.SeatOrders."""

    orders: StandingOrders
    fleet: FleetOrders


class PanelSession(Protocol):
    @property
    def changed(self) -> SignalInstance: ...

    @property
    def draftChanged(self) -> SignalInstance: ...  # noqa: N802 - the Qt signal's name

    @property
    def ordersEdited(self) -> SignalInstance: ...  # noqa: N802 - the Qt signal's name

    @property
    def curtain(self) -> bool: ...

    @property
    def shown_side(self) -> str | None: ...

    @property
    def forms(self) -> OrderForms: ...

    @property
    def crew(self) -> CrewEditor: ...

    @property
    def standing(self) -> HeldOrders: ...

    def screen(self) -> ScreenModel: ...

    def request(self) -> Request | None: ...

    def side_name(self, side: str | None) -> str: ...

    def advice(self) -> FairAdvice | None: ...

    def submit(self, answer: Any) -> bool: ...

    def random_answer(self, seed: int) -> Any: ...

    def set_orders(self, orders: StandingOrders) -> None: ...

    def never_offer(self, card: str) -> None: ...

    def passed_for(self, side: str | None, most: int = 8) -> list[str]: ...

    def give_fleet_order(self, kind: str, ships: list[str]) -> bool: ...

    def cancel_fleet_orders(self, ships: list[str]) -> None: ...
