"""The main window: board in the centre, ship cards and panels in docks."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Captain's Sea")
        self.resize(1280, 800)
        self.setCentralWidget(QLabel("Captain's Sea"))
