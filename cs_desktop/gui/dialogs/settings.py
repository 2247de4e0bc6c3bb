"""Game → Settings…: the program's own settings, kept with QSettings beside the window layout.

The player's standing orders (issue 11: which requests are answered for him; gui/dialogs/standing_orders.py), and the
player's copy of the Captain's Sea living rules as a plain-text file. The program ships
only its own short summary of each section (resources/rules/summaries.json); with a copy chosen here, the rule
panel also shows the full section from it. The chosen file is checked (numbered headings such as
"11.4.7 ...") before it is kept. The layout is the Designer form ui/settings_dialog.ui.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QLabel, QLineEdit, QPushButton, QWidget

from cs_desktop.gui.forms import load_form
from cs_desktop.formats.rules_text import check_rules_file

#: QSettings key of the player's copy of the rules text ("" or absent: none)
RULES_TEXT_KEY = "rules/text_path"


def rules_copy_path(settings: QSettings | None) -> Path | None:
    """The player's copy of the rules text chosen in Settings, or None."""
    if settings is None:
        return None
    value = settings.value(RULES_TEXT_KEY, "")
    return Path(str(value)) if value else None


class SettingsDialog(QDialog):
    #: the standing orders were changed (issue 11); the window hands them to the session
    ordersChanged = Signal()

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settings-dialog")
        self.setWindowTitle("Settings")
        self.settings = settings
        self.file_dialog: QFileDialog | None = None
        form = load_form("settings_dialog", self)
        self.path = form.get(QLineEdit, "rules-path")
        self.browse_button = form.get(QPushButton, "browse")
        self.browse_button.clicked.connect(self.browse)
        self.clear_button = form.get(QPushButton, "clear")
        self.clear_button.clicked.connect(self.path.clear)
        self.status = form.get(QLabel, "rules-status")

        from cs_desktop.gui.dialogs.standing_orders import StandingOrdersBox, load_orders

        self.standing = StandingOrdersBox(load_orders(settings))
        form.layout("standing_layout").addWidget(self.standing)

        self.buttons = form.get(QDialogButtonBox, "buttons")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok_button is not None
        self.ok_button = ok_button

        self.path.textChanged.connect(self._check)
        current = rules_copy_path(settings)
        self.path.setText(str(current) if current else "")
        self._check()
        self.resize(620, self.sizeHint().height())

    def chosen(self) -> Path | None:
        text = self.path.text().strip()
        return Path(text).expanduser() if text else None

    def _check(self) -> None:
        path = self.chosen()
        if path is None:
            ok, message = True, "No copy of the rules chosen: the rule panel shows the summaries only."
        else:
            ok, message = check_rules_file(path)
        self.status.setText(message)
        self.status.setStyleSheet("" if ok else "color:#b3261e;")
        self.ok_button.setEnabled(ok)
        self.ok_button.setToolTip("" if ok else "Choose a copy of the living rules text, or Clear.")

    def browse(self) -> QFileDialog:
        """A file chooser (Qt's own, so it behaves the same everywhere); choosing a file puts it in the field."""
        start = self.chosen()
        dialog = QFileDialog(self, "Your copy of the living rules (plain text)",
                             str(start.parent) if start is not None else str(Path.home()),
                             "Text files (*.txt);;All files (*)")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.fileSelected.connect(self.path.setText)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def accept(self) -> None:
        path = self.chosen()
        if path is not None and not check_rules_file(path)[0]:
            return  # the status line says why; OK is disabled in that state
        if path is None:
            self.settings.remove(RULES_TEXT_KEY)
        else:
            self.settings.setValue(RULES_TEXT_KEY, str(path.resolve()))
        from cs_desktop.gui.dialogs.standing_orders import save_orders

        save_orders(self.settings, self.standing.orders())
        self.settings.sync()
        super().accept()
        self.ordersChanged.emit()
