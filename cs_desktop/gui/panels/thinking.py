"""The status bar's sign that a computer captain is thinking: "<side> is thinking…" and a progress bar.

It reads the session only (STYLE 7): the screen model's `thinking` says who thinks, `session.think_progress`
how far a level's search has gone. While the captain has not reported (a search's first iteration, or a captain without
a search) the bar is busy. It shows only after a short moment of thinking or on a search's first report, so an
answer given at once does not flicker in the status bar; it hides as soon as the captain has answered.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from cs_desktop.gui.session import GameSession
from cs_desktop.play.changes import EVERYTHING, Changes

#: thinking shorter than this is not shown (unless a search reports sooner)
SHOW_AFTER_MS = 250


class ThinkingIndicator(QWidget):
    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("thinking")
        self.session = session
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("thinking-label")
        self.bar = QProgressBar()
        self.bar.setObjectName("thinking-bar")
        self.bar.setFixedWidth(160)
        self.bar.setTextVisible(False)
        lay.addWidget(self.label)
        lay.addWidget(self.bar)
        self._show_timer = QTimer(self)
        self._show_timer.setSingleShot(True)
        self._show_timer.setInterval(SHOW_AFTER_MS)
        self._show_timer.timeout.connect(self._show_if_thinking)
        session.changed.connect(self.refresh)
        session.thinkingProgress.connect(self._progress)
        self.hide()

    def refresh(self, changes: Changes = EVERYTHING) -> None:
        """After a change of who thinks (or of the game): hide once no captain thinks; the rest of a change is not
        drawn here (the progress comes by `thinkingProgress`)."""
        if not changes.thinker:
            return
        if self.session.screen().thinking is None:
            self._show_timer.stop()
            self.hide()
        else:
            self._update()

    def _progress(self, done: int, total: int) -> None:
        if self.session.screen().thinking is None:
            return
        if total > 0:
            self._show_timer.stop()
            self._update()
            self.show()
        elif not self.isVisible() and not self._show_timer.isActive():
            self._show_timer.start()
        else:
            self._update()

    def _show_if_thinking(self) -> None:
        if self.session.screen().thinking is not None:
            self._update()
            self.show()

    def _update(self) -> None:
        session = self.session
        self.label.setText(f"{session.side_name(session.screen().thinking)} is thinking…")
        done, total = session.think_progress
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))
            self.bar.setToolTip(f"{done} of about {total} futures played out")
        else:
            self.bar.setRange(0, 0)  # busy: no report yet
            self.bar.setToolTip("")
