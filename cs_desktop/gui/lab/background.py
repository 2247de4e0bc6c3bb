"""Long computer-vs-computer work (a balance check, a balance lab) on a plain Python thread.

The work is pure Python and touches no Qt object: it posts its reports to a queue, and a timer on the GUI thread
hands them to the dialog's callbacks. No QObject lives on, or signals from, the worker thread, so the GUI thread
may delete or garbage-collect any widget while the games run (a cancelled QThread worker still emitting while
the GUI thread collected garbage crashed the program once in a test run). Cancel is a flag the work reads between
games; abandoning a run stops delivery at once and lets the thread end by itself. Every run started is kept in
`_RUNNING` (pruned on the GUI thread, so a run and its timer are never freed on the worker thread), and the runs
still going are cancelled and joined at quit.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer

#: the work: `work(post, cancelled)` returns its result; `post(item)` reports progress from the worker thread
Work = Callable[[Callable[[Any], None], Callable[[], bool]], Any]

_RUNNING: set[BackgroundRun] = set()
POLL_MS = 40


class BackgroundRun:
    """One piece of work on its own thread, its reports delivered on the GUI thread."""

    def __init__(self, work: Work, *, progress: Callable[[Any], None], finished: Callable[[Any], None],
                 failed: Callable[[str], None], name: str = "background-run") -> None:
        self._work = work
        self._callbacks: dict[str, Callable[[Any], None]] | None = {
            "progress": progress, "finished": finished, "failed": failed}
        self._queue: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._timer = QTimer()
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.deliver)

    # ------------------------------------------------------------------ the GUI thread
    def start(self) -> None:
        for run in list(_RUNNING):  # pruned here, on the GUI thread: the last reference must never drop elsewhere
            if not run.alive():
                _RUNNING.discard(run)
        _RUNNING.add(self)
        _hook_quit()
        self._thread.start()
        self._timer.start()

    def cancel(self) -> None:
        """Ask the work to stop at its next check (between games); what it has done is still delivered."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def abandon(self) -> None:
        """Cancel and hear no more: no callback runs after this, and the thread ends by itself."""
        self._cancel.set()
        self._callbacks = None
        self._timer.stop()

    def alive(self) -> bool:
        """The thread is still working (a cancelled run ends after the game in hand)."""
        return self._thread.is_alive()

    def wait(self, timeout_s: float | None = None) -> bool:
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    def deliver(self) -> None:
        """Hand the reports that have arrived to the callbacks (the timer calls this on the GUI thread)."""
        while True:
            try:
                kind, payload = self._queue.get_nowait()
            except queue.Empty:
                return
            callbacks = self._callbacks
            if kind != "progress":
                self._timer.stop()
                self._callbacks = None
            if callbacks is not None:
                callbacks[kind](payload)

    # ------------------------------------------------------------------ the worker thread
    def _run(self) -> None:
        try:
            result = self._work(lambda item: self._queue.put(("progress", item)), self._cancel.is_set)
            self._queue.put(("finished", result))
        except Exception as e:  # a rules bug or a cluster that will not start must not take the program down
            self._queue.put(("failed", f"{type(e).__name__}: {e}"))


def _hook_quit() -> None:
    app = QCoreApplication.instance()
    if app is not None and not app.property("cs_background_stop_hooked"):
        app.setProperty("cs_background_stop_hooked", True)
        app.aboutToQuit.connect(stop_all)


def stop_all(timeout_s: float = 10.0) -> None:
    """Cancel every run still going and wait for its thread (at quit)."""
    runs = [run for run in _RUNNING if run.alive()]
    for run in runs:
        run.abandon()
    for run in runs:
        run.wait(timeout_s)


__all__ = ["BackgroundRun", "stop_all"]
