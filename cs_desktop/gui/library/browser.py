"""The library browser: find, filter, duplicate, delete, import and export ships and scenarios; open them in
their editors; start a scenario.

It reads the `Library` (docs/library.md) and redraws from the library's one change signal
(`editor_commands.library_bridge`), whoever made the change: this window, an editor, an import.
Confirmations and file choices go through small methods (`confirm`, `choose_import_files`,
`choose_export_file`) that tests replace. Problems are shown in the window's message bar, in full (a bad
import names the file, the field and what was expected), and leave the library unchanged. The layout is the
Designer form ui/library_browser.ui.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from cs_desktop.gui.editors.commands import library_bridge
from cs_desktop.gui.forms import Form, load_form
from cs_desktop.gui.library.lists import fill_scenarios, fill_ships, list_table, reselect, row_ids, selected_ids
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.library import LibraryError

if TYPE_CHECKING:
    from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
    from cs_desktop.gui.editors.ship_editor import ShipEditor

ANY = ""


class LibraryBrowser(QWidget):
    """Browse the user's library. Signals: `playScenario(id)`, `editShip(id)`, `editScenario(id)` (after the
    browser has opened the editor; `open_editors=False` leaves opening to whoever listens)."""

    playScenario = Signal(str)
    editShip = Signal(str)
    editScenario = Signal(str)

    def __init__(self, library: Any, parent: QWidget | None = None, open_editors: bool = True) -> None:
        super().__init__(parent)
        self.library = library
        self.open_editors = open_editors
        self.editors: list[QWidget] = []
        self.setObjectName("LibraryBrowser")
        self.setWindowTitle("Captain's Sea — Library")
        form = load_form("library_browser", self)
        self.message = form.get(QLabel, "message")
        self.message.hide()
        self.last_error = ""
        self.tabs = form.get(QTabWidget, "tabs")
        self._bind_ships_tab(form)
        self._bind_scenarios_tab(form)
        self.bridge = library_bridge(library)
        self.bridge.changed.connect(self._library_changed)
        self.refresh_ships()
        self.refresh_scenarios()
        self.resize(1100, 700)

    # ------------------------------------------------------------------ the form
    def _bind_ships_tab(self, form: Form) -> None:
        self.ship_search = form.get(QLineEdit, "ship_search")
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
        self.ship_search.textChanged.connect(self.refresh_ships)
        self.rating.textChanged.connect(self.refresh_ships)
        self.nation.currentIndexChanged.connect(self.refresh_ships)
        self.hull.currentIndexChanged.connect(self.refresh_ships)
        self.guns_min.valueChanged.connect(self.refresh_ships)
        self.guns_max.valueChanged.connect(self.refresh_ships)
        self.ships = list_table(form.get(QTableWidget, "ships"))
        self.ships.doubleClicked.connect(lambda _i: self.edit_ship())
        self.ship_buttons: dict[str, QPushButton] = {}
        for key, fn in (("new", self.new_ship), ("edit", self.edit_ship), ("duplicate", self.duplicate_ship),
                        ("delete", self.delete_ship), ("import", self.import_files), ("export", self.export_ship)):
            bt = form.get(QPushButton, f"ship:{key}")
            bt.clicked.connect(fn)
            self.ship_buttons[key] = bt
        self.ship_count = form.get(QLabel, "ship_count")

    def _bind_scenarios_tab(self, form: Form) -> None:
        self.scenario_search = form.get(QLineEdit, "scenario_search")
        self.use_dates = form.get(QCheckBox, "use_dates")
        self.date_from = form.get(QDateEdit, "date_from")
        self.date_to = form.get(QDateEdit, "date_to")
        for d in (self.date_from, self.date_to):
            d.dateChanged.connect(self.refresh_scenarios)
        self.use_dates.toggled.connect(self._use_dates)
        self.ships_min = form.get(QSpinBox, "ships_min")
        self.engagement = form.get(QComboBox, "engagement")
        for v, label in ((ANY, "Any type"), ("meeting", "Meeting engagement"), ("chase", "Chase")):
            self.engagement.addItem(label, v)
        self.with_ship = form.get(QComboBox, "with_ship")
        self.scenario_search.textChanged.connect(self.refresh_scenarios)
        self.ships_min.valueChanged.connect(self.refresh_scenarios)
        self.engagement.currentIndexChanged.connect(self.refresh_scenarios)
        self.with_ship.currentIndexChanged.connect(self.refresh_scenarios)
        self.scenarios = list_table(form.get(QTableWidget, "scenarios"))
        self.scenarios.doubleClicked.connect(lambda _i: self.edit_scenario())
        self.scenario_buttons: dict[str, QPushButton] = {}
        for key, fn in (("play", self.play), ("new", self.new_scenario), ("edit", self.edit_scenario),
                        ("duplicate", self.duplicate_scenario), ("delete", self.delete_scenario),
                        ("import", self.import_files), ("export", self.export_scenario)):
            bt = form.get(QPushButton, f"scenario:{key}")
            bt.clicked.connect(fn)
            self.scenario_buttons[key] = bt
        self.scenario_count = form.get(QLabel, "scenario_count")

    def _use_dates(self, on: bool) -> None:
        self.date_from.setEnabled(on)
        self.date_to.setEnabled(on)
        self.refresh_scenarios()

    # ------------------------------------------------------------------ listing
    def _library_changed(self, kind: str, ids: list[str], action: str) -> None:
        if kind == "ship":
            self.refresh_ships()
            self.refresh_scenarios()  # the "with ship" filter lists ships
        elif kind == "scenario":
            self.refresh_scenarios()

    def refresh_ships(self) -> None:
        entries = self.library.list_ships(
            self.ship_search.text(), nation=self.nation.currentData() or None, rating=self.rating.text().strip(),
            guns_min=self.guns_min.value() or None, guns_max=self.guns_max.value() or None,
            hull_type=self.hull.currentData() or None)
        fill_ships(self.ships, entries)
        self.ship_count.setText(f"{len(entries)} ship{'s' if len(entries) != 1 else ''}")

    def refresh_scenarios(self) -> None:
        with QSignalBlocker(self.with_ship):
            current = self.with_ship.currentData()
            self.with_ship.clear()
            self.with_ship.addItem("With any ship", ANY)
            for e in self.library.list_ships():
                self.with_ship.addItem(f"With {e.name} ({e.id})", e.id)
            self.with_ship.setCurrentIndex(max(0, self.with_ship.findData(current)))
        dates = self.use_dates.isChecked()
        entries = self.library.list_scenarios(
            self.scenario_search.text(),
            date_from=self.date_from.date().toString("yyyy-MM-dd") if dates else None,
            date_to=self.date_to.date().toString("yyyy-MM-dd") if dates else None,
            ship_count_min=self.ships_min.value() or None, engagement=self.engagement.currentData() or None,
            ship_id=self.with_ship.currentData() or None)
        fill_scenarios(self.scenarios, entries)
        self.scenario_count.setText(f"{len(entries)} scenario{'s' if len(entries) != 1 else ''}")

    def selected_ships(self) -> list[str]:
        return selected_ids(self.ships)

    def selected_scenarios(self) -> list[str]:
        return selected_ids(self.scenarios)

    def select(self, kind: str, item_id: str) -> None:
        """Select one ship or scenario by id (and show its tab)."""
        t = self.ships if kind == "ship" else self.scenarios
        self.tabs.setCurrentIndex(0 if kind == "ship" else 1)
        t.clearSelection()
        reselect(t, [item_id])

    def row_ids(self, kind: str) -> list[str]:
        return row_ids(self.ships if kind == "ship" else self.scenarios)

    # ------------------------------------------------------------------ messages and questions
    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #b3261e; padding: 4px; border: 1px solid #b3261e;" if error
                                   else "color: #2e5d2e; padding: 4px;")
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.last_error = text if error else ""

    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text) == QMessageBox.StandardButton.Yes

    def choose_import_files(self) -> list[str]:
        paths, _ = QFileDialog.getOpenFileNames(self, "Import ship or scenario files", str(Path.home()),
                                                "Captain's Sea files (*.json);;All files (*)")
        return list(paths)

    def choose_export_file(self, suggested: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self, "Export", str(Path.home() / suggested),
                                              "Captain's Sea files (*.json)")
        return path

    def _need_one(self, ids: list[str], what: str) -> str | None:
        if len(ids) != 1:
            self.show_message(f"Select one {what} first.", error=True)
            return None
        return ids[0]

    # ------------------------------------------------------------------ actions on ships and scenarios
    def _selected(self, kind: str) -> list[str]:
        return self.selected_ships() if kind == "ship" else self.selected_scenarios()

    def _edit(self, kind: str) -> QWidget | None:
        sid = self._need_one(self._selected(kind), kind)
        if sid is None:
            return None
        return self._open_editor(kind, sid)

    def _open_editor(self, kind: str, sid: str | None) -> QWidget | None:
        """Open the ship editor or the scenario designer (a new item when `sid` is None)."""
        if sid is not None:
            (self.editShip if kind == "ship" else self.editScenario).emit(sid)
        if not self.open_editors:
            return None
        editor: ShipEditor | ScenarioDesigner
        try:
            if kind == "ship":
                from cs_desktop.gui.editors.ship_editor import open_ship_editor

                editor = open_ship_editor(self, self.library, sid)
            else:
                from cs_desktop.gui.editors.scenario_designer import open_scenario_designer

                designer = open_scenario_designer(self, self.library, sid)
                designer.playScenario.connect(self.playScenario)
                editor = designer
        except (LibraryError, FileFormatError) as e:  # gone meanwhile, or a damaged row in the library
            self.show_message(f"Cannot open {sid}:\n{e}", error=True)
            return None
        editor.saved.connect(lambda i: self.select(kind, i))
        self.editors.append(editor)
        return editor

    def _duplicate(self, kind: str) -> None:
        duplicate = self.library.duplicate_ship if kind == "ship" else self.library.duplicate_scenario
        made = []
        try:
            for sid in self._selected(kind):
                made.append(duplicate(sid).id)
        except Exception as e:
            self.show_message(f"Could not duplicate: {e}", error=True)
            return
        if made:
            self.show_message(f"Duplicated as {', '.join(made)}.")
            self.select(kind, made[-1])

    def _delete(self, kind: str, warning: str) -> None:
        ids = self._selected(kind)
        if not ids:
            self.show_message(f"Select the {kind}s to delete first.", error=True)
            return
        if not self.confirm(f"Delete {kind}s", f"Delete {', '.join(ids)} from the library? {warning}"):
            return
        delete = self.library.delete_ship if kind == "ship" else self.library.delete_scenario
        for sid in ids:  # one transaction each: those before a refusal stay deleted
            try:
                delete(sid)
            except Exception as e:  # LibraryError: a ship used by a scenario, or gone meanwhile
                self.show_message(f"Not deleted: {e}", error=True)
                return
        self.show_message(f"Deleted {', '.join(ids)}.")

    def _export(self, kind: str, what: str) -> None:
        sid = self._need_one(self._selected(kind), kind)
        if sid is None:
            return
        path = self.choose_export_file(f"{sid}.json")
        if not path:
            return
        try:
            (self.library.files.export_ship if kind == "ship" else self.library.files.export_scenario)(sid, path)
        except Exception as e:
            self.show_message(f"Could not export {sid}: {e}", error=True)
            return
        self.show_message(f"Exported {sid}{what} to {path}.")

    # ------------------------------------------------------------------ actions: ships
    def new_ship(self) -> QWidget | None:
        return self._open_editor("ship", None)

    def edit_ship(self) -> QWidget | None:
        return self._edit("ship")

    def duplicate_ship(self) -> None:
        self._duplicate("ship")

    def delete_ship(self) -> None:
        self._delete("ship", "This cannot be undone.")

    def export_ship(self) -> None:
        self._export("ship", "")

    # ------------------------------------------------------------------ actions: scenarios
    def play(self) -> None:
        sid = self._need_one(self.selected_scenarios(), "scenario")
        if sid is not None:
            self.playScenario.emit(sid)

    def new_scenario(self) -> QWidget | None:
        return self._open_editor("scenario", None)

    def edit_scenario(self) -> QWidget | None:
        return self._edit("scenario")

    def duplicate_scenario(self) -> None:
        self._duplicate("scenario")

    def delete_scenario(self) -> None:
        self._delete("scenario", "Its ships stay; saved games keep their own copy. This cannot be undone.")

    def export_scenario(self) -> None:
        self._export("scenario", " with its ship cards")

    # ------------------------------------------------------------------ import
    def import_files(self, paths: list[str] | None = None) -> bool:
        """Import ship/scenario files as one operation: all, or (if one is bad) none, with every problem shown."""
        if not isinstance(paths, list):
            paths = self.choose_import_files()
        if not paths:
            return False
        try:
            results = self.library.files.import_files(paths)
        except FileFormatError as e:
            self.show_message("Nothing was imported; the file has problems:\n" + "\n".join(e.lines()), error=True)
            return False
        except Exception as e:  # LibraryError and friends: nothing was written
            self.show_message(f"Nothing was imported: {e}", error=True)
            return False
        lines = []
        for r in results:
            status = getattr(r, "status", "")
            lines.append(f"{r.kind} {r.id}" + (f" ({status})" if status else ""))
        self.show_message("Imported: " + "; ".join(lines))
        if results:
            last = results[-1]
            self.select(last.kind, last.id)
        return True


def open_library(parent: QWidget | None, library: Any) -> LibraryBrowser:
    """Show the library browser as its own window. Connect `playScenario(id)` to start a game."""
    browser = LibraryBrowser(library)
    if parent is not None:
        browser.setParent(parent, Qt.WindowType.Window)
    browser.show()
    return browser


__all__ = ["LibraryBrowser", "open_library"]
