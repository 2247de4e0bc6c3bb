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

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QPushButton, QTabWidget, QWidget

from cs_desktop.gui.editors.commands import library_bridge
from cs_desktop.gui.forms import Form, load_form
from cs_desktop.gui.library.lists import reselect, row_ids
from cs_desktop.gui.library.tabs import ScenarioTab, ShipTab
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.library import LibraryError

if TYPE_CHECKING:
    from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
    from cs_desktop.gui.editors.ship_editor import ShipEditor

#: what the buttons of either tab do with the ships (scenarios) selected there
ACTIONS = ("new", "edit", "duplicate", "delete", "import", "export")


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
        self.ship_tab = ShipTab(form, library)
        self.scenario_tab = ScenarioTab(form, library)
        self.ship_tab.table.doubleClicked.connect(lambda _i: self.edit("ship"))
        self.scenario_tab.table.doubleClicked.connect(lambda _i: self.edit("scenario"))
        buttons = self._bind_buttons(form)
        self.ship_buttons, self.scenario_buttons = buttons["ship"], buttons["scenario"]
        self.bridge = library_bridge(library)
        self.bridge.changed.connect(self._library_changed)
        self.ship_tab.refresh()
        self.scenario_tab.refresh()
        self.resize(1100, 700)

    # ------------------------------------------------------------------ the form
    def _bind_buttons(self, form: Form) -> dict[str, dict[str, QPushButton]]:
        """Each tab's buttons, by kind and then by action: every action but play and import acts on a kind."""
        actions: dict[str, Callable[[str], object]] = {
            "new": self.new, "edit": self.edit, "duplicate": self.duplicate, "delete": self.delete,
            "import": lambda _kind: self.import_files(), "export": self.export, "play": lambda _kind: self.play()}
        buttons: dict[str, dict[str, QPushButton]] = {}
        for kind, keys in (("ship", ACTIONS), ("scenario", ("play", *ACTIONS))):
            buttons[kind] = {}
            for key in keys:
                bt = form.get(QPushButton, f"{kind}:{key}")
                bt.clicked.connect(lambda _checked=False, act=actions[key], k=kind: act(k))
                buttons[kind][key] = bt
        return buttons

    # ------------------------------------------------------------------ listing
    def _library_changed(self, kind: str, ids: list[str], action: str) -> None:
        if kind == "ship":
            self.ship_tab.refresh()
            self.scenario_tab.refresh()  # the "with ship" filter lists ships
        elif kind == "scenario":
            self.scenario_tab.refresh()

    def tab(self, kind: str) -> ShipTab | ScenarioTab:
        """The tab of ships or of scenarios."""
        return self.ship_tab if kind == "ship" else self.scenario_tab

    def select(self, kind: str, item_id: str) -> None:
        """Select one ship or scenario by id (and show its tab)."""
        t = self.tab(kind).table
        self.tabs.setCurrentIndex(0 if kind == "ship" else 1)
        t.clearSelection()
        reselect(t, [item_id])

    def row_ids(self, kind: str) -> list[str]:
        return row_ids(self.tab(kind).table)

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
    def new(self, kind: str) -> QWidget | None:
        """Open the ship editor or the scenario designer on a new item."""
        return self._open_editor(kind, None)

    def edit(self, kind: str) -> QWidget | None:
        """Open the selected ship (scenario) in its editor."""
        sid = self._need_one(self.tab(kind).selected(), kind)
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

    def duplicate(self, kind: str) -> None:
        """Copy each selected ship (scenario) under a new id."""
        tab = self.tab(kind)
        made = []
        try:
            for sid in tab.selected():
                made.append(tab.duplicate(sid).id)
        except Exception as e:
            self.show_message(f"Could not duplicate: {e}", error=True)
            return
        if made:
            self.show_message(f"Duplicated as {', '.join(made)}.")
            self.select(kind, made[-1])

    def delete(self, kind: str) -> None:
        """Delete the selected ships (scenarios), once the player confirms."""
        tab = self.tab(kind)
        ids = tab.selected()
        if not ids:
            self.show_message(f"Select the {kind}s to delete first.", error=True)
            return
        if not self.confirm(f"Delete {kind}s", f"Delete {', '.join(ids)} from the library? {tab.delete_warning}"):
            return
        for sid in ids:  # one transaction each: those before a refusal stay deleted
            try:
                tab.delete(sid)
            except Exception as e:  # LibraryError: a ship used by a scenario, or gone meanwhile
                self.show_message(f"Not deleted: {e}", error=True)
                return
        self.show_message(f"Deleted {', '.join(ids)}.")

    def export(self, kind: str) -> None:
        """Write the selected ship (scenario) to a file the player chooses."""
        tab = self.tab(kind)
        sid = self._need_one(tab.selected(), kind)
        if sid is None:
            return
        path = self.choose_export_file(f"{sid}.json")
        if not path:
            return
        try:
            tab.export(sid, path)
        except Exception as e:
            self.show_message(f"Could not export {sid}: {e}", error=True)
            return
        self.show_message(f"Exported {sid}{tab.export_note} to {path}.")

    def play(self) -> None:
        sid = self._need_one(self.scenario_tab.selected(), "scenario")
        if sid is not None:
            self.playScenario.emit(sid)

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
