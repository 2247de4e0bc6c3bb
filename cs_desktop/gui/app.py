"""Start the Qt application on a qasync event loop and show the main window.

The qasync loop lets the computer captains think in a worker thread (`loop.run_in_executor`) while the Qt
event loop keeps the window responsive. The window is built by `gui/start.py`: it checks the data folder
(damaged files are set aside), then offers to continue the last unfinished game.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cs_desktop.gui.window.main import MainWindow


def run_app(argv: list[str] | None = None, smoke_test: bool = False,
            on_window: Callable[[MainWindow], object] | None = None) -> int:
    """Open the window and run until it closes; with `smoke_test`, prove the window interactive and return.
    `on_window` gets the window once it is open (tests/gui/program_hook.py drives the real program so)."""
    from cs_desktop.platform_check import PlatformProblem, check_display

    try:
        check_display()
    except PlatformProblem as e:
        print(f"captains-sea: cannot open the window: {e}", file=sys.stderr)
        return 3

    import qasync
    from PySide6.QtWidgets import QApplication

    from cs_desktop.gui.start import open_main_window

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Captain's Sea")
    app.setOrganizationName("CaptainsSea")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    window = open_main_window()  # held until the loop ends; checks the data folder, offers to continue
    if on_window is not None:
        on_window(window)
    if smoke_test:
        from cs_desktop.gui.smoke import smoke_test as check_interactive

        with loop:
            status: int = loop.run_until_complete(check_interactive(window))
            window.close()
        return status

    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
    return 0
