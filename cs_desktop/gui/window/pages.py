"""The pages the main window shows in place of the board: the welcome page and the hotseat hand-over curtain.
Their layouts are the forms ui/welcome_page.ui and ui/handover_page.ui."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from cs_desktop.gui.forms import load_form


class HandoverPage(QWidget):
    """The hotseat curtain: nothing of either side's secrets is on screen until the next player confirms."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#handover { background:#13243a; } QLabel { color:#f4ecd8; }")
        form = load_form("handover_page", self)
        self.label = form.get(QLabel, "handover-text")
        self.button = form.get(QPushButton, "handover-confirm")

    def show_for(self, name: str) -> None:
        self.label.setText(f"<h1>Pass the screen to {html.escape(name)}</h1>"
                           "<p style='font-size:14pt'>The other captain's orders, loads and cards are hidden.<br>"
                           f"{html.escape(name)}: press the button (or Enter) when the other player looks away.</p>")
        self.button.setText(f"&I am {name} — show my ship")


class WelcomePage(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = load_form("welcome_page", self)
        self.new = form.get(QPushButton, "welcome-new")
        self.open = form.get(QPushButton, "welcome-open")
        self.tutorial = form.get(QPushButton, "welcome-tutorial")
