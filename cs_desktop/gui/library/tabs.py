"""The library browser's two tabs (gui/library/browser.py): each owns its filters, its list and its count, and
lists what the library holds that passes the filters; the browser acts on what a tab has selected.

A tab also says what differs between ships and scenarios for the browser's actions (what deleting one
warns of, what an export holds) and which of the library's functions duplicate and delete one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QComboBox, QDateEdit, QLabel, QLineEdit, QSpinBox, QTableWidget

from cs_desktop.gui.forms import Form
from cs_desktop.gui.library.lists import fill_scenarios, fill_ships, list_table, selected_ids

ANY = ""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class ShipTab:
    """Ships: a search text, nation, rating, guns and hull filters; the list of the ships passing them."""

    kind = "ship"
    delete_warning = "This cannot be undone."
    export_note = ""

    def __init__(self, form: Form, library: Any) -> None:
        self.library = library
        self.search = form.get(QLineEdit, "ship_search")
        self.nation = form.get(QComboBox, "nation")
        for code, label in ((ANY, "Any nation"), ("US", "United States"), ("GB", "Great Britain"), ("FR", "France"),
                            ("TRI", "Tripoli")):
            self.nation.addItem(label, code)
        self.rating = form.get(QLineEdit, "rating")
        self.guns_min = form.get(QSpinBox, "guns_min")
        self.guns_max = form.get(QSpinBox, "guns_max")
        self.hull = form.get(QComboBox, "hull")
        for v, label in ((ANY, "Any hull"), ("slow", "Slow"), ("average", "Average"), ("fast", "Fast")):
            self.hull.addItem(label, v)
        for text in (self.search, self.rating):
            text.textChanged.connect(self.refresh)
        for box in (self.nation, self.hull):
            box.currentIndexChanged.connect(self.refresh)
        for spin in (self.guns_min, self.guns_max):
            spin.valueChanged.connect(self.refresh)
        self.table = list_table(form.get(QTableWidget, "ships"))
        self.count = form.get(QLabel, "ship_count")
        self.duplicate: Callable[[str], Any] = library.duplicate_ship
        self.delete: Callable[[str], Any] = library.delete_ship
        self.export: Callable[[str, str], Any] = library.files.export_ship

    def refresh(self) -> None:
        entries = self.library.list_ships(
            self.search.text(), nation=self.nation.currentData() or None, rating=self.rating.text().strip(),
            guns_min=self.guns_min.value() or None, guns_max=self.guns_max.value() or None,
            hull_type=self.hull.currentData() or None)
        fill_ships(self.table, entries)
        self.count.setText(_plural(len(entries), "ship"))

    def selected(self) -> list[str]:
        return selected_ids(self.table)


class ScenarioTab:
    """Scenarios: a search text, dates, number of ships, kind of engagement and a ship it uses; the list."""

    kind = "scenario"
    delete_warning = "Its ships stay; saved games keep their own copy. This cannot be undone."
    export_note = " with its ship cards"

    def __init__(self, form: Form, library: Any) -> None:
        self.library = library
        self.search = form.get(QLineEdit, "scenario_search")
        self.use_dates = form.get(QCheckBox, "use_dates")
        self.date_from = form.get(QDateEdit, "date_from")
        self.date_to = form.get(QDateEdit, "date_to")
        for d in (self.date_from, self.date_to):
            d.dateChanged.connect(self.refresh)
        self.use_dates.toggled.connect(self._use_dates)
        self.ships_min = form.get(QSpinBox, "ships_min")
        self.engagement = form.get(QComboBox, "engagement")
        for v, label in ((ANY, "Any type"), ("meeting", "Meeting engagement"), ("chase", "Chase")):
            self.engagement.addItem(label, v)
        self.with_ship = form.get(QComboBox, "with_ship")
        self.search.textChanged.connect(self.refresh)
        self.ships_min.valueChanged.connect(self.refresh)
        self.engagement.currentIndexChanged.connect(self.refresh)
        self.with_ship.currentIndexChanged.connect(self.refresh)
        self.table = list_table(form.get(QTableWidget, "scenarios"))
        self.count = form.get(QLabel, "scenario_count")
        self.duplicate: Callable[[str], Any] = library.duplicate_scenario
        self.delete: Callable[[str], Any] = library.delete_scenario
        self.export: Callable[[str, str], Any] = library.files.export_scenario

    def _use_dates(self, on: bool) -> None:
        self.date_from.setEnabled(on)
        self.date_to.setEnabled(on)
        self.refresh()

    def refresh(self) -> None:
        with QSignalBlocker(self.with_ship):
            current = self.with_ship.currentData()
            self.with_ship.clear()
            self.with_ship.addItem("With any ship", ANY)
            for e in self.library.list_ships():
                self.with_ship.addItem(f"With {e.name} ({e.id})", e.id)
            self.with_ship.setCurrentIndex(max(0, self.with_ship.findData(current)))
        dates = self.use_dates.isChecked()
        entries = self.library.list_scenarios(
            self.search.text(),
            date_from=self.date_from.date().toString("yyyy-MM-dd") if dates else None,
            date_to=self.date_to.date().toString("yyyy-MM-dd") if dates else None,
            ship_count_min=self.ships_min.value() or None, engagement=self.engagement.currentData() or None,
            ship_id=self.with_ship.currentData() or None)
        fill_scenarios(self.table, entries)
        self.count.setText(_plural(len(entries), "scenario"))

    def selected(self) -> list[str]:
        return selected_ids(self.table)
