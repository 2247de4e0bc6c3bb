"""`captains-sea --smoke-test`: open the real main window on the current display and prove it is interactive.

Interactive means, in this order, each with a time limit: the window is mapped and exposed on the display; it
paints (a grab of it is not one flat colour); the event loop runs posted work and brings a worker thread's
result back to the GUI thread (the path the computer captain takes); a key press sent to the window reaches
the focused widget. The result is one line on stdout (exit 0) or the reason on stderr (exit 1).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication, QMainWindow

STEP_TIMEOUT_S = 30.0


class SmokeFailure(Exception):
    pass


async def _until(test: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while not test():
        if time.monotonic() > deadline:
            raise SmokeFailure(f"{what} within {STEP_TIMEOUT_S:.0f} s")
        await asyncio.sleep(0.02)


class _KeySpy(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Shift:
            self.seen = True
        return False


def _painted(window: QMainWindow) -> bool:
    """What the display shows of the window (read back from the window system where it can) is not blank."""
    screen = window.screen()
    grabbed = screen.grabWindow(window.winId()) if screen is not None else None
    if grabbed is None or grabbed.isNull():
        grabbed = window.grab()
    image = grabbed.toImage()
    if image.isNull() or image.width() < 10 or image.height() < 10:
        return False
    first = image.pixel(0, 0)
    step_x, step_y = max(1, image.width() // 37), max(1, image.height() // 29)
    return any(image.pixel(x, y) != first
               for x in range(0, image.width(), step_x) for y in range(0, image.height(), step_y))


async def smoke_test(window: QMainWindow) -> int:
    """Run the checks on a shown window; print the outcome; return the exit status."""
    start = time.perf_counter()
    platform = QGuiApplication.platformName()
    try:
        await _until(lambda: window.windowHandle() is not None and window.windowHandle().isExposed(),
                     "the main window was not shown on the display")
        shown = time.perf_counter() - start
        await _until(lambda: _painted(window), "the main window did not paint")
        loop = asyncio.get_running_loop()
        if await loop.run_in_executor(None, lambda: sum(range(10))) != 45:
            raise SmokeFailure("a worker thread's result did not come back to the window")
        spy = _KeySpy()
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(spy)
        try:
            window.activateWindow()
            target = QApplication.focusWidget() or window
            QApplication.postEvent(target, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Shift,
                                                     Qt.KeyboardModifier.NoModifier))
            await _until(lambda: spy.seen, "a key press did not reach the window")
        finally:
            app.removeEventFilter(spy)
    except SmokeFailure as e:
        print(f"captains-sea: smoke test failed on the {platform} platform: {e}", file=sys.stderr)
        return 1
    total = time.perf_counter() - start
    size = window.size()
    print(f"smoke test passed: main window {size.width()}x{size.height()} on the {platform} platform, "
          f"shown in {shown:.2f} s, interactive in {total:.2f} s")
    return 0
