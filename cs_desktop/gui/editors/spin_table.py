"""A table whose cells are spin boxes or combo boxes, for the editors' lists (red boxes, gunnery, armament, ships).

Used as a promoted widget in the Designer forms (ui/*.ui): built empty by the form, given its columns by the
behaviour code (`set_columns`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHeaderView, QSpinBox, QTableWidget, QWidget

ROW_HEIGHT = 26


class SpinTable(QTableWidget):
    """`rowsEdited(list)` gives all rows after an edit.

    `columns`: (title, spec) where spec is (min, max) for a number or a list of (value, label) choices.
    """

    rowsEdited = Signal(list)

    def __init__(self, parent: QWidget | None = None, columns: Sequence[tuple[str, Any]] = ()) -> None:
        super().__init__(0, 0, parent)
        self.columns: list[tuple[str, Any]] = []
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        if columns:
            self.set_columns(columns)

    def set_columns(self, columns: Sequence[tuple[str, Any]]) -> None:
        self.columns = list(columns)
        self.setColumnCount(len(self.columns))
        self.setHorizontalHeaderLabels([c[0] for c in self.columns])

    def _cell(self, spec: Any) -> QWidget:
        if isinstance(spec, tuple):
            spin = QSpinBox()
            spin.setRange(*spec)
            spin.valueChanged.connect(self._emit)
            return spin
        combo = QComboBox()
        for value, label in spec:
            combo.addItem(label, value)
        combo.currentIndexChanged.connect(self._emit)
        return combo

    def rows(self) -> list[list[Any]]:
        out = []
        for r in range(self.rowCount()):
            row: list[Any] = []
            for c in range(self.columnCount()):
                w = self.cellWidget(r, c)
                row.append(w.value() if isinstance(w, QSpinBox) else w.currentData()
                           if isinstance(w, QComboBox) else None)
            out.append(row)
        return out

    def set_rows(self, rows: Sequence[Sequence[Any]]) -> None:
        if [list(r) for r in rows] == self.rows():
            return
        blockers = []
        if self.rowCount() != len(rows):
            self.setRowCount(len(rows))
            for r in range(len(rows)):
                for c, (_title, spec) in enumerate(self.columns):
                    if self.cellWidget(r, c) is None:
                        self.setCellWidget(r, c, self._cell(spec))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                w = self.cellWidget(r, c)
                blockers.append(QSignalBlocker(w))
                if isinstance(w, QSpinBox):
                    w.setValue(int(value))
                elif isinstance(w, QComboBox):
                    w.setCurrentIndex(max(0, w.findData(value)))
        del blockers
        self.fit_rows(10)

    def fit_rows(self, most: int) -> None:
        """Tall enough for the rows (at least one, at most `most`; more scroll)."""
        self.setFixedHeight(min(most, max(self.rowCount(), 1)) * ROW_HEIGHT + self.horizontalHeader().height() + 4)

    def _emit(self) -> None:
        self.rowsEdited.emit(self.rows())
