"""The board, ship cards and dice of an online seat: the play screen's own widgets drawing the seat's screen model.

The seat's session (gui/online/session.py) makes a `ScreenModel` from the frames alone — the seat's view, its
request and the events it may see — and everything here draws that model exactly as the main window draws a game
at one screen: the board (`set_view`) with the same overlays for the request (gui/board/help.py: maneuver
previews, firing arcs and ranges), each ship's card with the state the view shows (the enemy's loads and
maneuver as the view hides them) and, for the seat's own ships, the crew assignment being edited (5.0), the
dice tray with the rolls the seat saw, the seat's Bridge-card hand and the impulse track. In a fleet game
(play/fleet_list.is_fleet) the tray has the fleet list with its order buttons too (gui/fleet_dock.FleetPanel):
the seat's fleet orders, given and cancelled there, are carried out by the seat (gui/online/session.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from cs_desktop.gui.board.help import BoardHelp
from cs_desktop.gui.board.placeholder import make_board
from cs_desktop.gui.panel_session import PanelSession
from cs_desktop.gui.panels.fleet_dock import FleetPanel
from cs_desktop.gui.panels.orders import CardHand, DiceTray, ImpulseTrack
from cs_desktop.gui.panels.ship_card import ShipCardScroll, ShipCardWidget, show_ship
from cs_desktop.play.changes import EVERYTHING, Changes
from cs_desktop.play.fleet_list import is_fleet
from cs_desktop.play.screen import ScreenModel
from cs_desktop.rules.view_types import SideView


class SeatBoard(QSplitter):
    """The board over the ship cards' tabs and the dice tray."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("online-board")
        self.board = make_board()
        self.board.setObjectName("online-board-view")
        self.cards = QTabWidget()
        self.cards.setObjectName("online-cards")
        self.dice = DiceTray()
        self.hand = CardHand()
        self.impulses = ImpulseTrack()
        self.tray = QTabWidget()  # as the main window's Dice / Bridge cards docks, and its impulse track
        self.tray.setObjectName("online-tray")
        self.tray.addTab(self.dice, "Dice")
        self.tray.addTab(self.hand, "Bridge cards")
        self.tray.addTab(self.impulses, "Impulse track")
        below = QSplitter(Qt.Orientation.Horizontal)
        below.addWidget(self.cards)
        below.addWidget(self.tray)
        below.setStretchFactor(0, 1)
        below.setStretchFactor(1, 1)
        below.setSizes([430, 390])  # a card as wide as its dock in the main window
        self.cards.setMinimumWidth(380)
        self.addWidget(self.board)
        self.addWidget(below)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setSizes([540, 360])  # the board first, as in the main window
        self.session: PanelSession | None = None
        self.help: BoardHelp | None = None
        self.fleet: FleetPanel | None = None  # a fleet game's list and order buttons (made with the first view)
        self.say: Callable[[str], None] = lambda _text: None
        self._scrolls: dict[str, ShipCardScroll] = {}
        self._fitted = False
        self.board.shipClicked.connect(self._ship_clicked)

    def attach(self, session: PanelSession, say: Callable[[str], None] | None = None) -> None:
        """Draw this seat's session from now on (its `changed` signal redraws); `say` tells the player why a
        fleet order was not given."""
        self.session = session
        if say is not None:
            self.say = say
        self.help = BoardHelp(self.board, session, lambda _text: None)
        session.changed.connect(self.refresh)

    def pick_option(self, index: int, widget: Any) -> None:
        if self.help is not None:
            self.help.pick_option(index, widget)

    def card(self, ship_id: str) -> ShipCardWidget:
        return self._scrolls[ship_id].card_widget

    def refresh(self, changes: Changes = EVERYTHING) -> None:
        """Draw what `changes` concerns (play/changes.py), as the main window does: the board, the cards, the hand
        and the impulse track when the view, the request or the orders changed, the dice tray on new events; the
        fleet list and the board help (each keeps its own marks) after every change."""
        if self.session is None or self.help is None:
            return
        screen = self.session.screen()
        view = screen.view
        if not view or not view.get("ships"):
            return
        first = not self._scrolls  # nothing drawn yet: everything is
        if first or changes.cards:
            self.board.set_view(view, screen.ship_names)
            self.help.reset()
            self._refresh_cards(self.session, screen, view)
        self._refresh_fleet(self.session, screen)
        if first or changes.log:
            self.dice.refresh(screen)
        self.help.refresh(screen)
        if not self._fitted:
            self._fitted = True
            self.board.fit_to_ships()

    def _refresh_cards(self, session: PanelSession, screen: ScreenModel, view: SideView) -> None:
        """The ship cards, the hand and the impulse track."""
        request = screen.request
        drafts = session.crew.drafts() if request is not None and request.kind == "assign_crew" else {}
        for ship in screen.ships:
            scroll = self._scrolls.get(ship.id)
            if scroll is None:
                scroll = self._scrolls[ship.id] = ShipCardScroll()
                scroll.card_widget.assignmentEdited.connect(session.crew.set_draft)
                self.cards.addTab(scroll, ship.name)
                if ship.own and not any(s.own for s in screen.ships[:screen.ships.index(ship)]):
                    self.cards.setCurrentWidget(scroll)  # the seat's own first ship in front
            show_ship(scroll.card_widget, ship, view, drafts, request)
            enemy = not ship.own and screen.viewer is not None  # (a spectator has no enemy)
            self.cards.setTabText(self.cards.indexOf(scroll), ship.name + (" (enemy)" if enemy else ""))
        self.hand.refresh(screen)
        self.impulses.refresh(screen)

    def _refresh_fleet(self, session: PanelSession, screen: Any) -> None:
        if self.fleet is None and is_fleet(screen):
            self.fleet = FleetPanel()
            self.fleet.setObjectName("online-fleet")
            self.fleet.list.shipChosen.connect(self._ship_clicked)
            self.fleet.orderGiven.connect(self._fleet_order)
            self.fleet.ordersCancelled.connect(session.cancel_fleet_orders)
            self.tray.insertTab(0, self.fleet, "Fleet")
            self.tray.setCurrentWidget(self.fleet)
        if self.fleet is not None:
            self.fleet.list.refresh(screen, None, session.standing.fleet.marks())

    def _fleet_order(self, kind: str, ships: list[str]) -> None:
        if self.session is not None and not self.session.give_fleet_order(kind, ships):
            self.say("Select ships of your own side in the fleet list first.")

    def _ship_clicked(self, ship_id: str) -> None:
        if self.help is not None:
            self.help.ship_clicked(ship_id)
        if ship_id in self._scrolls:
            self.cards.setCurrentWidget(self._scrolls[ship_id])
