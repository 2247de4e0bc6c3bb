"""The pages the main window shows in place of the board: the welcome page and the hotseat hand-over curtain."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class HandoverPage(QWidget):
    """The hotseat curtain: nothing of either side's secrets is on screen until the next player confirms."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#handover { background:#13243a; } QLabel { color:#f4ecd8; }")
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.label)
        self.button = QPushButton()
        self.button.setObjectName("handover-confirm")
        self.button.setDefault(True)
        self.button.setMinimumHeight(40)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(2)

    def show_for(self, name: str) -> None:
        self.label.setText(f"<h1>Pass the screen to {html.escape(name)}</h1>"
                           "<p style='font-size:14pt'>The other captain's orders, loads and cards are hidden.<br>"
                           f"{html.escape(name)}: press the button (or Enter) when the other player looks away.</p>")
        self.button.setText(f"&I am {name} — show my ship")


class WelcomePage(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        lab = QLabel("<h1>Captain's Sea</h1><p>Frigate duels, 1799–1815.</p>"
                     "<p>Game → <b>New Game</b> (Ctrl+N) to pick a scenario and the seats,<br>"
                     "or <b>Open</b> (Ctrl+O) a saved game.</p>"
                     "<p>New to the game? The <b>guided first game</b> explains each step as you play it.</p>")
        lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(lab)
        row = QHBoxLayout()
        row.addStretch(1)
        self.new = QPushButton("&New Game…")
        self.open = QPushButton("&Open…")
        self.tutorial = QPushButton("Guided &first game")
        self.tutorial.setObjectName("welcome-tutorial")
        row.addWidget(self.new)
        row.addWidget(self.open)
        row.addWidget(self.tutorial)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(2)
