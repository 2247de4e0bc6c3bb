"""Start the Qt application on a qasync event loop and show the main window.

The qasync loop lets the computer captains think in a worker thread (`loop.run_in_executor`) while the Qt
event loop keeps the window responsive. The window is built by `gui/start.py`: it checks the data folder
(damaged files are set aside), then offers to continue the last unfinished game.
"""

from __future__ import annotations

import asyncio
import sys


def run_app(argv: list[str] | None = None) -> int:
    import qasync
    from PySide6.QtWidgets import QApplication

    from cs_desktop.gui.start import open_main_window

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Captain's Sea")
    app.setOrganizationName("CaptainsSea")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    _window = open_main_window()  # held until the loop ends; checks the data folder, offers to continue

    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
    return 0
