"""Start the Qt application and show the main window."""

from __future__ import annotations

import sys


def run_app(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    from cs_desktop.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Captain's Sea")
    app.setOrganizationName("CaptainsSea")
    window = MainWindow()
    window.show()
    return app.exec()
