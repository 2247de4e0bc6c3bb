"""Orders → What would the captain do?: the hard captain's top three choices at the decision on screen, each with
its chance and a sentence of why (play/captain_advice.py works them out, from the player's own seat).

The captain thinks in a thread of its own; the dialog shows its progress (futures played of its budget) and then
its advice. In a campaign battle the advice is off unless the player turns it on here (kept in the settings):
a campaign's battles are the player's own to fight.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from html import escape

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QLabel, QProgressBar, QTextBrowser, QVBoxLayout,
                               QWidget)

from cs_desktop.play.captain_advice import CaptainAdvice

#: what the dialog runs: the advice, reporting (futures played, budget) as it thinks
AdviceJob = Callable[[Callable[[int, int], None] | None], CaptainAdvice]

#: QSettings key: the player lets the captain advise in campaign battles too
CAMPAIGN_KEY = "advice/in_campaign"


def advice_html(advice: CaptainAdvice) -> str:
    rows = []
    for k, choice in enumerate(advice.choices, 1):
        rows.append(f"<p><b>{k}. {escape(choice.text)}</b> — {choice.chance:.0%} to win<br>{escape(choice.why)}</p>")
    return "".join(rows) + f"<p><i>{escape(advice.plan)}</i></p>"


class CaptainAdviceDialog(QDialog):
    #: from the thinking thread: (futures played, budget); and the finished future
    _progress = Signal(int, int)
    _finished = Signal(object)

    def __init__(self, job: AdviceJob, settings: QSettings, campaign: bool, parent: QWidget | None = None) -> None:
        """`job(progress)` works the advice out (the presenter's `advice_job`: a copy of the game taken when
        asked); it runs in the dialog's own thread."""
        super().__init__(parent)
        self.setObjectName("captain-advice")
        self.setWindowTitle("What would the captain do?")
        self.advice: CaptainAdvice | None = None
        self._job, self._settings = job, settings
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.bar = QProgressBar()
        self.text = QTextBrowser()
        self.text.setMinimumSize(460, 200)
        self.allow = QCheckBox("Let me ask the captain in campaign battles too")
        self.allow.setChecked(bool(settings.value(CAMPAIGN_KEY, False, type=bool)))
        self.allow.setVisible(campaign)
        self.allow.toggled.connect(self._allow_toggled)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        for w in (self.status, self.bar, self.text, self.allow, buttons):
            layout.addWidget(w)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="adviser")
        self._progress.connect(self._on_progress)
        self._finished.connect(self._on_finished)
        self._campaign = campaign
        if campaign and not self.allow.isChecked():
            self.status.setText("The captain's advice is off in campaign battles: the battle is yours to fight.")
            self.bar.hide()
        else:
            self.start()

    def _allow_toggled(self, on: bool) -> None:
        self._settings.setValue(CAMPAIGN_KEY, on)
        if on and self.advice is None and self.bar.isHidden():
            self.start()

    def start(self) -> None:
        """Ask the hard captain, from the player's seat, in the adviser's thread."""
        self.bar.show()
        self.bar.setRange(0, 0)
        self.status.setText("The captain is thinking about your decision…")
        future = self._executor.submit(self._job, self._progress.emit)
        future.add_done_callback(self._finished.emit)

    def _on_progress(self, done: int, total: int) -> None:
        self.bar.setRange(0, total)
        self.bar.setValue(done)
        self.status.setText(f"The captain is thinking: {done} of {total} futures played…")

    def _on_finished(self, future: Future[CaptainAdvice]) -> None:
        self.bar.hide()
        try:
            self.advice = future.result()
        except Exception as e:  # noqa: BLE001 - an adviser that fails says so and changes nothing
            self.status.setText(f"The captain could not advise here ({type(e).__name__}: {e}).")
            return
        self.status.setText(f"The captain's top choices ({self.advice.futures} futures played; your seat's view "
                            "only, nothing hidden):")
        self.text.setHtml(advice_html(self.advice))

    def done(self, result: int) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        super().done(result)
