"""The fleet list dock and the one card dock of a fleet game (issue 14, item 2).

When a side has more ships than a dock each (play/fleet_list.is_fleet), the window shows a "Fleet" dock with
one row per ship (play/fleet_list.fleet_rows: the viewer's side first, the enemy as his view shows them) and a
single "Ship card" dock showing the selected ship. A click (or Enter) on a row, or a click on a ship on the
board, selects that ship: the card dock shows her and the board centres on her. Ctrl- or Shift-click selects
several of your ships; the buttons under the list give them one standing fleet order (play/fleet_orders.py: the
topmost selected ship leads a line or a following), or the standing crew order, or cancel their orders. Each
ship's orders show after her name in the list and on the board. Duels keep one dock per ship
(gui/window/docks.py)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTableWidgetSelectionRange,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.play.fleet_list import FleetRow, fleet_rows
from cs_desktop.play.fleet_orders import ORDERS
from cs_desktop.play.screen import ScreenModel

COLUMNS = ("Ship", "Hull", "Crew", "Rigging", "State", "Loads")
OWN = QColor("#eef5ff")
ENEMY = QColor("#fff1ee")
OUT = QColor("#8a8a8a")


class FleetList(QTableWidget):
    """One row per ship; `shipChosen(ship_id)` when a row is clicked or activated."""

    shipChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setObjectName("fleet-list")
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(22)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.rows: list[FleetRow] = []
        self.cellClicked.connect(self._chosen)
        self.cellActivated.connect(self._chosen)

    def _chosen(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.rows):
            self.shipChosen.emit(self.rows[row].id)

    def refresh(self, screen: ScreenModel, selected: str | None, marks: dict[str, str] | None = None) -> None:
        """Redraw from the screen model; `marks`: ship id -> a standing fleet order to show after her name."""
        rows = fleet_rows(screen)
        marks = marks or {}
        self.rows = rows
        self.setRowCount(len(rows))
        for r, row in enumerate(rows):
            name = row.name + ("" if row.own else "  (enemy)") + (f"  [{marks[row.id]}]" if row.id in marks else "")
            cells = (name, row.hull, row.crew, row.rigging, row.status, row.loads)
            for c, text in enumerate(cells):
                item = self.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    self.setItem(r, c, item)
                item.setText(text)
                item.setData(Qt.ItemDataRole.UserRole, row.id)
                item.setBackground(QBrush(OWN if row.own else ENEMY))
                item.setForeground(QBrush(OUT if row.out else QColor("#000000")))
        if selected is not None and not self.selected_ships():
            for r, row in enumerate(rows):
                if row.id == selected:
                    self.selectRow(r)
                    break

    def select_ships(self, ship_ids: list[str] | set[str]) -> None:
        """Make these ships the selection (the ships picked on the board)."""
        wanted = set(ship_ids)
        self.clearSelection()
        last = self.columnCount() - 1
        for r, row in enumerate(self.rows):
            if row.id in wanted:
                self.setRangeSelected(QTableWidgetSelectionRange(r, 0, r, last), True)

    def selected_ships(self) -> list[str]:
        """The selected ships, top to bottom."""
        picked = sorted({index.row() for index in self.selectedIndexes()})
        return [self.rows[r].id for r in picked if r < len(self.rows)]

    def texts(self) -> list[list[str]]:
        """The cells as shown (for tests and the smoke test)."""
        return [[(item.text() if (item := self.item(r, c)) is not None else "") for c in range(self.columnCount())]
                for r in range(self.rowCount())]


class FleetPanel(QWidget):
    """The fleet list with the fleet order buttons under it; `orderGiven(kind, ships)`, `ordersCancelled(ships)`."""

    orderGiven = Signal(str, list)
    ordersCancelled = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.list = FleetList()
        lay.addWidget(self.list, 1)
        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        labels = {**{k: v[0].upper() + v[1:] for k, v in ORDERS.items()}, "crew": "Man the battery that bears",
                  "cancel": "Cancel their orders"}
        for i, (kind, text) in enumerate(labels.items()):
            button = QPushButton(text)
            button.setObjectName(f"fleet-order-{kind}")
            button.setToolTip("for the selected ships of your side (Ctrl/Shift-click to select several; the "
                              "topmost leads)")
            button.clicked.connect(lambda _=False, k=kind: self._clicked(k))
            grid.addWidget(button, i // 3, i % 3)
            self.buttons[kind] = button
        lay.addLayout(grid)

    def _clicked(self, kind: str) -> None:
        ships = self.list.selected_ships()
        if kind == "cancel":
            self.ordersCancelled.emit(ships)
        else:
            self.orderGiven.emit(kind, ships)


def centre_on(board: Any, ship_id: str) -> None:
    """Centre the board on a ship (the placeholder board, without ships, is left alone)."""
    items = getattr(board, "ship_items", None)
    if isinstance(items, dict) and ship_id in items:
        board.centerOn(items[ship_id])
