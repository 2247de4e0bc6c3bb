"""The library browser's two lists (ships, scenarios): filling a table from the library's entries, keeping the
selection across a refresh, reading the selected ids. Each row's first cell carries the item's id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem


def _item(text: Any, data: Any = None) -> QTableWidgetItem:
    it = QTableWidgetItem(str(text))
    it.setFlags(Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled)
    if data is not None:
        it.setData(Qt.ItemDataRole.UserRole, data)
    return it


def list_table(t: QTableWidget) -> QTableWidget:
    """A list of the form (its columns, selection and sorting are set there): sorted by its first column, the
    columns as wide as their contents."""
    t.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    t.horizontalHeader().setStretchLastSection(True)
    return t


def _origin(e: Any) -> str:
    return "shipped" if e.origin == "shipped" else ("shipped, edited" if e.modified else "yours")


def _fill(t: QTableWidget, rows: Sequence[Sequence[QTableWidgetItem]]) -> None:
    keep = selected_ids(t)
    t.setSortingEnabled(False)
    t.setRowCount(len(rows))
    for r, items in enumerate(rows):
        for c, it in enumerate(items):
            t.setItem(r, c, it)
    t.setSortingEnabled(True)
    reselect(t, keep)


def fill_ships(t: QTableWidget, entries: Sequence[Any]) -> None:
    rows = []
    for e in entries:
        guns = QTableWidgetItem()
        guns.setData(Qt.ItemDataRole.DisplayRole, e.guns)  # sorts as a number
        guns.setFlags(Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled)
        rows.append((_item(e.name, e.id), _item(e.nation), _item(e.rating), guns, _item(e.hull_type), _item(e.id),
                     _item(_origin(e))))
    _fill(t, rows)


def fill_scenarios(t: QTableWidget, entries: Sequence[Any]) -> None:
    rows = []
    for e in entries:
        kind = "Meeting" if e.engagement == "meeting" else "Chase"
        rows.append((_item(e.date, e.id), _item(e.title), _item(kind),
                     _item(f"{e.ship_count}: {', '.join(e.ship_ids)}"), _item(e.id), _item(_origin(e))))
    _fill(t, rows)


def selected_ids(t: QTableWidget) -> list[str]:
    model = t.selectionModel()
    rows = sorted({i.row() for i in model.selectedRows()}) if model else []
    out = []
    for r in rows:
        it = t.item(r, 0)
        if it is not None:
            out.append(str(it.data(Qt.ItemDataRole.UserRole)))
    return out


def reselect(t: QTableWidget, ids: list[str]) -> None:
    t.clearSelection()
    for r in range(t.rowCount()):
        it = t.item(r, 0)
        if it is not None and it.data(Qt.ItemDataRole.UserRole) in ids:
            t.selectRow(r)


def row_ids(t: QTableWidget) -> list[str]:
    items = (t.item(r, 0) for r in range(t.rowCount()))
    return [str(it.data(Qt.ItemDataRole.UserRole)) for it in items if it is not None]
