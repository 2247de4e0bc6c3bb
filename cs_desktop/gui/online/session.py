"""What the play screen's request panels ask of a session, for an online seat: made from its frames alone.

The request widgets (gui/requests/__init__.py) answer through `session.submit(answer)` and read the screen model, the
side names, the board's fair help (`FairAdvice`, priced on the viewer's own view) and the maneuver form. For an
online seat all of these come from the seat's view, its request and the public ship cards; an answer goes to
the server, and its acknowledgement or refusal comes back as a frame. The crew assignment (5.0) is edited on the
seat's own ship cards as at one screen: the drafts start from the battery that bears (play/crew_plan.py, on the
seat's own view, the same as the presenter's `CrewDrafts`) and are sent as one answer.

The seat keeps the player's standing orders (settings.ini, as at one screen) and the fleet orders he gives in
the fleet list: `answer_by_orders` sends what they answer (play/online_orders.py: play/turn_flow.pass_for on the
seat's own view, events and request) and the rest is put to him; "Ask me everything", the answers given and
their reasons show under the request (gui/standing_orders.FlowPanel), as at one screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as _replace
from typing import Any, cast

from PySide6.QtCore import QObject, Signal

from cs_desktop.ai.captains import make_captain
from cs_desktop.online.client import RemoteSeat, SeatState, request_of
from cs_desktop.play.changes import EVERYTHING, ChangeTracker
from cs_desktop.play.online_orders import SeatOrders, seat_view
from cs_desktop.play import crew_plan
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.order_forms import OrderForms
from cs_desktop.play.presenter_crew import copy_assign
from cs_desktop.play.screen import ScreenModel, empty_screen, replay_screen
from cs_desktop.play.turn_flow import StandingOrders, card_kind
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.view_types import SideView

#: requests whose play-screen panel works on an online seat (the rest: the dialog's list and the judgment captain)
PANELS = frozenset({"setup", "select_maneuver", "fire", "select_load", "bonus_cards", "melee_support",
                    "advance_turn", "fall_off", "bonus_move", "assign_crew"})


class OnlineSeatSession(QObject):
    """The session a request widget is given for an online seat."""

    #: the change set (play/changes.py): what a frame changed; every part when the orders change
    changed = Signal(object)
    draftChanged = Signal()
    ordersEdited = Signal()  # the standing orders changed from a form (the flow panel keeps them in settings)
    ordersApplied = Signal()  # standing or fleet orders changed: the pending request may now be theirs to answer

    def __init__(self, seat: SeatState, scenario: Scenario, cards: dict[str, ShipCard],
                 send: Callable[[int, Any], None], parent: QObject | None = None,
                 orders: StandingOrders | None = None) -> None:
        super().__init__(parent)
        self.seat, self.scenario, self.cards, self._send = seat, scenario, cards, send
        self.standing = SeatOrders(orders or StandingOrders())
        self.shown_side = seat.side  # (the flow panel's names: one seat, no hand-over curtain)
        self.curtain = False
        self._screen: tuple[int, ScreenModel] | None = None
        self._frames = 0  # the update frames applied: the screen model's position
        #: the crew assignment being edited on the seat's own ship cards (5.0); `draftChanged` on an edit
        self.crew = SeatCrew(self, self.draftChanged.emit)
        self._changes = ChangeTracker()  # the change set of each frame
        self._asked = -1  # the request number of the last frame
        #: the maneuver and fire forms, as at one screen (play/order_forms.py), on the seat's own view
        self.forms = OrderForms(self.screen, self.advice, lambda: self.standing.orders, lambda: self.standing.fleet,
                                lambda _screen, request: self.standing.fleet.fill(seat_view(self.seat), request,
                                                                                  self.cards))

    def screen(self) -> ScreenModel:
        """The seat's screen model now (made again after every frame, `refresh`)."""
        seat = self.seat
        if not seat.view:
            return empty_screen("Waiting for the server.")
        if self._screen is None or self._screen[0] != self._frames:
            # the server's frames, as the seat's view; the events as they are now (the seat's list grows: a model
            # keeps its own, so that the next frame's change set sees new events, play/changes.py)
            view = cast("SideView", dict(seat.view, events=list(seat.events)))
            model = replay_screen(view, seat.side, self.cards, self.scenario.title, id(self), self._frames)
            request = request_of(seat.request) if seat.request is not None else None
            if seat.side is None:  # a spectator: the public view, no ship his own (their secrets are not in it)
                model = _replace(model, ships=tuple(_replace(ship, own=False) for ship in model.ships))
            self._screen = (self._frames, _replace(model, request=request, seats={}))
        return self._screen[1]

    def refresh(self) -> None:
        """A frame came: the screen is made again, and `changed` says what of it changed (play/changes.py); a
        request asked again (a refused answer) counts as a new one, as its crew drafts start again."""
        self._frames += 1
        change = self._changes.after(self.screen())
        if self.seat.ask != self._asked:
            self._asked = self.seat.ask
            change = _replace(change, request=True)
        self.changed.emit(change)

    def request(self) -> Request | None:
        return self.screen().request

    def side_name(self, side: str | None) -> str:
        return self.screen().side_name(side)

    def submit(self, answer: Any) -> bool:
        """Send the answer; the server's acknowledgement or refusal comes back as a frame."""
        if self.seat.request is None:
            return False
        self._send(self.seat.ask, answer)
        return True

    def advice(self) -> FairAdvice | None:
        return FairAdvice(self.seat.view, self.cards) if self.seat.view else None

    # ------------------------------------------------------------------ standing and fleet orders
    def set_orders(self, orders: StandingOrders) -> None:
        """New standing orders: they apply at once (a pending request they now answer is answered)."""
        self.standing.orders = orders
        self.ordersApplied.emit()
        self.changed.emit(EVERYTHING)

    def never_offer(self, card: str) -> None:
        """The Hold card `card` is never offered again (standing order never_cards), as at one screen."""
        kinds = set(self.standing.orders.never_cards.split(",")) - {""}
        self.set_orders(_replace(self.standing.orders, never_cards=",".join(sorted(kinds | {card_kind(card)}))))
        self.ordersEdited.emit()

    def answer_by_orders(self) -> str | None:
        """Send the orders' answer to the pending request, if they give one: its reason (None: ask the player)."""
        passed = self.standing.answer(self.seat, self.cards)
        if passed is None:
            return None
        self._send(self.seat.ask, passed.answer)
        return passed.why

    def passed_for(self, side: str | None, most: int = 8) -> list[str]:
        return self.standing.passed_lines(most) if side == self.seat.side else []

    def give_fleet_order(self, kind: str, ships: list[str]) -> bool:
        """The seat's own ships among `ships` take a standing fleet order; it applies at once (False: none)."""
        own = [s.id for s in self.screen().ships if s.own and s.id in ships]
        if own:
            self.standing.fleet.give(kind, own)
            self.set_orders(self.standing.orders)
        return bool(own)

    def cancel_fleet_orders(self, ships: list[str]) -> None:
        self.standing.fleet.cancel(ships)
        self.set_orders(self.standing.orders)

    def random_answer(self, seed: int) -> Any:
        """The judgment captain's answer on the seat's view (a remote seat has no state to draw from)."""
        captain: Any = make_captain("judgment", seed)
        return captain.choose(RemoteSeat(self.seat, self.cards, self.scenario))


class SeatCrew:
    """The crew assignment (5.0) being edited on an online seat's own ship cards, as the presenter's `CrewDrafts`
    at one screen (the same names): the drafts start from the battery that bears, on the seat's own view, and
    are sent as one answer."""

    def __init__(self, session: OnlineSeatSession, changed: Callable[[], None]) -> None:
        self._session = session
        self._changed = changed
        self._drafts: tuple[int, dict[str, dict[str, Any]]] | None = None  # (request number, drafts)

    def drafts(self) -> dict[str, dict[str, Any]]:
        """The crew assignment being edited on the seat's own ship cards for its assign_crew request."""
        request = self._session.request()
        if request is None or request.kind != "assign_crew":
            return {}
        ask = self._session.seat.ask
        if self._drafts is None or self._drafts[0] != ask:
            self._drafts = (ask, self.bearing(request))
        return self._drafts[1]

    def bearing(self, request: Request) -> dict[str, dict[str, Any]]:
        """Each ship mans the battery that bears, from the seat's own view (as at one screen)."""
        return crew_plan.bearing_assignments(self._session.seat.view, request.info["limits"])

    def warnings(self) -> list[str]:
        drafts = self.drafts()
        session = self._session
        return crew_plan.no_gunner_warnings(session.seat.view, drafts, session.screen().ship_names) if drafts else []

    def set_draft(self, ship_id: str, assign: dict[str, Any]) -> bool:
        """Change one ship's draft; True if it belongs to the pending assignment."""
        drafts = self.drafts()
        if ship_id not in drafts:
            return False
        drafts[ship_id] = copy_assign(assign)
        self._changed()
        return True

    def submit(self) -> bool:
        drafts = self.drafts()
        return bool(drafts) and self._session.submit({ship: copy_assign(a) for ship, a in drafts.items()})
