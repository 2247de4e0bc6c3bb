"""The main window's docks and layout: the play panels' docks, one dock per ship card (named by seat, so a
layout carries over from one scenario to the next), the View menu that shows and hides them, and the saved
layout (gui/window/layout_file.py). A fleet game (a side with more than 3 ships, play/fleet_list.is_fleet) has a
fleet list dock and one card dock for the selected ship instead (gui/panels/fleet_dock.py). The main window
owns one `DockLayout` (`window.dock_layout`) and gives it what it uses: the window the docks are put in, the
session, the settings, the layout file, the board and the window's refresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QWidget,
)

from cs_desktop.gui.board.menu import board_toggles
from cs_desktop.gui.panels.fleet_dock import FleetList, FleetPanel, centre_on
from cs_desktop.gui.window.layout_file import LayoutFile
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.panels.ship_card import ShipCardScroll
from cs_desktop.play.fleet_list import is_fleet

LAYOUT_VERSION = 3  # of the saved dock layout: a layout of another version is not restored


CardDock = tuple[QDockWidget, ShipCardScroll, QStackedWidget]


def make_action(parent: QWidget, text: str, shortcut: str | QKeySequence.StandardKey | None, slot: Any,
                menu: Any, name: str) -> QAction:
    """A menu action named `name` (tests and the settings find it by that name)."""
    act = QAction(text, parent)
    act.setObjectName(name)
    if shortcut is not None:
        act.setShortcut(QKeySequence(shortcut))
    act.triggered.connect(slot)
    menu.addAction(act)
    return act


class DockLayout:
    """Docks, ship docks and the View menu of `window`."""

    def __init__(self, window: QMainWindow, session: GameSession, settings: QSettings, layout_file: LayoutFile,
                 board: Any, refresh: Callable[[], None]) -> None:
        self._window = window
        self.session = session
        self.settings = settings
        self.layout_file = layout_file
        self.board = board  # BoardView, or the placeholder board (gui/board/placeholder.py)
        self._refresh = refresh  # the window draws the screen model again
        #: the play panels' docks by key ("orders", "dice", "hand", "log", "rules"; a fleet's "fleet", "ship-card")
        self.docks: dict[str, QDockWidget] = {}
        self.view_menu: QMenu | None = None  # set when the window builds its menus
        self.ship_docks: dict[str, CardDock] = {}
        self._dock_ships: tuple[str, ...] = ()
        self.fleet_list: FleetList | None = None  # a fleet game's list, and its one card dock (fleet_dock.py)
        self._fleet_card: CardDock | None = None
        self.fleet_selected: str | None = None
        #: the board's switches for the View menu (gui/board/menu.py), made once
        self._board_toggles: list[QAction] | None = None

    def play_docks(self) -> list[QDockWidget]:
        """Every dock that shows the game in play: the panels' docks and the ship cards' (a fleet's list and
        card dock are among the panels')."""
        docks = list(self.docks.values())
        return docks + [dock for dock, _scroll, _stack in self.ship_docks.values() if dock not in docks]

    def add_dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self._window)  # "&&" shows one "&" (a single one would be a mnemonic)
        dock.setObjectName(f"dock-{key}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self._window.addDockWidget(area, dock)
        self.docks[key] = dock
        return dock

    def restore_layout(self) -> None:
        if not self.layout_file.geometry.isEmpty():
            self._window.restoreGeometry(self.layout_file.geometry)
        if not self.layout_file.state.isEmpty():
            self._window.restoreState(self.layout_file.state, LAYOUT_VERSION)

    def save_layout(self) -> None:
        self.layout_file.save(self._window.saveGeometry(), self._window.saveState(LAYOUT_VERSION))
        self.settings.sync()

    def ensure_ship_docks(self) -> None:
        screen = self.session.screen()
        ships = tuple(ship.id for ship in screen.ships)
        if ships == self._dock_ships:
            return
        if self._fleet_card is None:
            for dock, _scroll, _stack in self.ship_docks.values():
                self._window.removeDockWidget(dock)
                dock.deleteLater()
        self.ship_docks = {}
        self._dock_ships = ships
        self._drop_fleet_docks()
        if not screen.has_game:
            return
        if is_fleet(screen):
            self._make_fleet_docks(ships)
            return
        first: QDockWidget | None = None
        sides = list(screen.side_names)
        index_in_side: dict[str, int] = {}
        for ship in screen.ships:
            side, sid = ship.side, ship.id
            k = index_in_side[side] = index_in_side.get(side, -1) + 1
            # named by seat, not by ship: a layout carries over from one scenario to the next
            dock, scroll, stack = self._card_dock(ship.name, f"dock-ship-{sides.index(side)}-{k}")
            if first is None:
                first = dock
            else:
                self._window.tabifyDockWidget(first, dock)
            self.ship_docks[sid] = (dock, scroll, stack)
        if first is not None:
            first.raise_()
            self._window.resizeDocks([first], [480], Qt.Orientation.Horizontal)
        if not self.layout_file.state.isEmpty():
            self._window.restoreState(self.layout_file.state, LAYOUT_VERSION)
        self.rebuild_view_menu()

    def _card_dock(self, title: str, name: str) -> tuple[QDockWidget, ShipCardScroll, QStackedWidget]:
        scroll = ShipCardScroll()
        scroll.card_widget.assignmentEdited.connect(self.session.crew.set_draft)
        hidden = QLabel("Hidden until the next player takes the screen.")
        hidden.setAlignment(Qt.AlignmentFlag.AlignCenter)
        stack = QStackedWidget()
        stack.addWidget(scroll)
        stack.addWidget(hidden)
        dock = QDockWidget(title, self._window)
        dock.setObjectName(name)
        dock.setWidget(stack)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        dock.setMinimumWidth(380)
        self._window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        return dock, scroll, stack

    # ------------------------------------------------------------------ a fleet game (gui/panels/fleet_dock.py)
    def _drop_fleet_docks(self) -> None:
        for key in ("fleet", "ship-card"):
            dock = self.docks.pop(key, None)
            if dock is not None:
                self._window.removeDockWidget(dock)
                dock.deleteLater()
        self.fleet_list = None
        self.board.set_picked([])
        self._fleet_card = None
        self.fleet_selected = None

    def _make_fleet_docks(self, ships: tuple[str, ...]) -> None:
        panel = FleetPanel()
        self.fleet_list = panel.list
        self.fleet_list.shipChosen.connect(self.select_ship)
        self.fleet_list.itemSelectionChanged.connect(self._fleet_selection_changed)
        panel.orderGiven.connect(self.session.give_fleet_order)
        panel.ordersCancelled.connect(self.session.cancel_fleet_orders)
        self.add_dock("fleet", "Fleet", panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._fleet_card = self._card_dock("Ship card", "dock-ship-card")
        self.docks["ship-card"] = self._fleet_card[0]
        self._window.splitDockWidget(self.docks["fleet"], self._fleet_card[0], Qt.Orientation.Vertical)
        self._window.resizeDocks([self.docks["fleet"]], [560], Qt.Orientation.Horizontal)
        self.fleet_selected = ships[0]
        self.ship_docks = {ships[0]: self._fleet_card}
        self.rebuild_view_menu()

    def select_ship(self, ship_id: str) -> None:
        """A fleet game: show `ship_id` in the card dock and centre the board on her (a duel: raise her dock)."""
        if self._fleet_card is None:
            if ship_id in self.ship_docks:
                self.ship_docks[ship_id][0].show()
                self.ship_docks[ship_id][0].raise_()
            return
        self.fleet_selected = ship_id
        self.ship_docks = {ship_id: self._fleet_card}
        self._fleet_card[0].show()
        centre_on(self.board, ship_id)
        self._refresh()

    def board_picked(self, ship_ids: list[str], mode: str) -> None:
        """Ships picked on the board (gui/board/pick.py): those of the side at the screen become the fleet
        list's selection ("toggle": in or out of it, "add": added to it, "replace": it), for a fleet order."""
        if self.fleet_list is None:
            return
        screen = self.session.screen()
        own = {s.id for s in screen.ships if s.own}
        picked = [s for s in ship_ids if s in own]
        current = set(self.fleet_list.selected_ships())
        if mode == "toggle":
            chosen = current ^ set(picked)
        elif mode == "add":
            chosen = current | set(picked)
        else:
            chosen = set(picked)
        self.fleet_list.select_ships(chosen)

    def _fleet_selection_changed(self) -> None:
        """The fleet list's selection is ringed on the board."""
        if self.fleet_list is not None:
            self.board.set_picked(self.fleet_list.selected_ships())

    def ship_card(self, ship_id: str) -> Any:
        return self.ship_docks[ship_id][1].card_widget

    def ship_dock(self, ship_id: str) -> QDockWidget:
        return self.ship_docks[ship_id][0]

    def rebuild_view_menu(self) -> None:
        menu = self.view_menu
        if menu is None:
            return
        menu.clear()
        window = self._window
        make_action(window, "Zoom &in", "Ctrl+=", self.board.zoom_in, menu, "act-zoom-in")
        make_action(window, "Zoom &out", "Ctrl+-", self.board.zoom_out, menu, "act-zoom-out")
        make_action(window, "&Fit the ships", "Ctrl+0", self.board.fit_to_ships, menu, "act-fit")
        if self._board_toggles is None:  # follow my ships, legend, animate moves (gui/board/menu.py)
            self._board_toggles = board_toggles(self.board, self.settings, window)
        for act in self._board_toggles:
            menu.addAction(act)
        menu.addSeparator()
        n = 1
        for key in ("orders", "dice", "hand", "log", "rules", "fleet", "ship-card"):
            if key not in self.docks:
                continue
            act = self.docks[key].toggleViewAction()
            act.setShortcut(QKeySequence(f"Alt+{n}"))
            menu.addAction(act)
            n += 1
        for dock, _s, _st in self.ship_docks.values():
            act = dock.toggleViewAction()
            if n <= 9:
                act.setShortcut(QKeySequence(f"Alt+{n}"))
            menu.addAction(act)
            n += 1
        menu.addSeparator()
        make_action(window, "&Reset the layout", None, self.reset_layout, menu, "act-reset-layout")

    def reset_layout(self) -> None:
        self.layout_file.clear_state()
        for key, area in (("orders", Qt.DockWidgetArea.RightDockWidgetArea),
                          ("dice", Qt.DockWidgetArea.RightDockWidgetArea),
                          ("hand", Qt.DockWidgetArea.RightDockWidgetArea),
                          ("log", Qt.DockWidgetArea.BottomDockWidgetArea),
                          ("rules", Qt.DockWidgetArea.BottomDockWidgetArea)):
            dock = self.docks[key]
            dock.setFloating(False)
            self._window.addDockWidget(area, dock)
            dock.show()
        self._window.tabifyDockWidget(self.docks["dice"], self.docks["hand"])
        for dock, _s, _st in self.ship_docks.values():
            dock.setFloating(False)
            self._window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
            dock.show()
