""""New ship from template…": the list of ship templates (play/ship_templates.py, ruling R3.0a) with the
provenance of the one selected. Its layout is the form ui/ship_template_dialog.ui; the ship editor starts a new
ship from the template chosen."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QPushButton, \
    QSplitter, QTextBrowser, QWidget

from cs_desktop.gui.editors.base import ERROR_STYLE
from cs_desktop.gui.forms import load_form
from cs_desktop.play.ship_templates import load_templates, provenance, title
from cs_desktop.rules import ratings
from cs_desktop.rules.cards import ShipCard


class ShipTemplateDialog(QDialog):
    """Pick a template; `chosen()` is its card once accepted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ship-templates")
        self.setWindowTitle("New ship from template")
        form = load_form("ship_template_dialog", self)
        self.cards, problems = load_templates()
        self.list = form.get(QListWidget, "templates")
        split = form.get(QSplitter, "template_split")
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        self.provenance = form.get(QTextBrowser, "provenance")
        self.problems = form.get(QLabel, "problems")
        self.problems.setText("" if not problems else
                              f"<span style='{ERROR_STYLE}'>Not offered:<br>"
                              + "<br>".join(html.escape(p) for p in problems) + "</span>")
        buttons = form.get(QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if isinstance(self.ok, QPushButton):
            self.ok.setText("&Use template")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        for card in self.cards:
            item = QListWidgetItem(title(card))
            item.setData(Qt.ItemDataRole.UserRole, card.id)
            self.list.addItem(item)
        self.list.currentRowChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        if self.cards:
            self.list.setCurrentRow(0)
        self._show(self.list.currentRow())
        self.resize(1100, 560)

    def _show(self, row: int) -> None:
        card = self.cards[row] if 0 <= row < len(self.cards) else None
        self.ok.setEnabled(card is not None)
        if card is None:
            self.provenance.setPlainText("No templates found.")
            return
        head = (f"{card.name}: {card.rating}, {card.nation}. Crew {card.crew_points}, rigging {card.rigging_points}, "
                f"hull {card.hull_type} / {card.hull_strength}; FP {ratings.firepower(card)}, "
                f"DC {ratings.damage_capacity(card)}.")
        self.provenance.setPlainText(f"{head}\n\nWhere each value comes from:\n{provenance(card)}")

    def chosen(self) -> ShipCard | None:
        """The template selected (whether or not the dialog was accepted)."""
        row = self.list.currentRow()
        return self.cards[row] if 0 <= row < len(self.cards) else None


__all__ = ["ShipTemplateDialog"]
