"""Start the Qt application on a qasync event loop and show the main window.

The qasync loop lets the computer captains think in a worker thread (`loop.run_in_executor`) while the Qt
event loop keeps the window responsive. At start-up the autosave store is asked whether the last session
crashed; if it left an unfinished game, the window offers to resume it.
"""

from __future__ import annotations

import asyncio
import sys


def run_app(argv: list[str] | None = None) -> int:
    import qasync
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from cs_desktop.gui.main_window import MainWindow
    from cs_desktop.gui.session import GameSession
    from cs_desktop.savegame import AutosaveStore

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Captain's Sea")
    app.setOrganizationName("CaptainsSea")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    autosave = AutosaveStore()
    try:
        found = autosave.start_session()
    except OSError:
        found = None
    window = MainWindow(GameSession(autosave), autosave=autosave)
    window.show()
    if found is not None:
        QTimer.singleShot(0, lambda: window.offer_resume(found))

    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
    return 0
