"""Library → Balance lab… (issue 13, item 3): the balance lab's runner in a window.

The player ticks shipped scenarios (or asks for a sweep of every pairing of the shipped ships, as a meeting
engagement, a chase or both), chooses the captains, the games a pairing, the worker processes and the turn limit (each scenario's own printed
limit unless another is given; 0 none: cs_desktop/batch/turn_limit.py), and runs
the job: the same `cs_desktop.balance` job, pool and `run_job` as `captains-sea balance`, on a worker thread
(`run_lab_job` in a `BackgroundRun`, gui/lab/background.py; 1 worker plays in this program, more start an embedded local Dask cluster).
Progress and Cancel come between batches; the table shows each pairing's score, its 95% interval, the median
VP margin and the suggested 19.0 bid, and the heat map of the pairing matrix is drawn below it
(`balance_heatmap.draw_heatmap`, the picture the command saves as PNG). The layout is ui/balance_lab.ui.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QComboBox, QDialog, QLabel, QListWidget, QListWidgetItem, QProgressBar,
                               QPushButton, QRadioButton, QSpinBox, QTableWidget, QTableWidgetItem, QWidget)

from cs_desktop.ai.captains import CAPTAINS
from cs_desktop.balance.output import results
from cs_desktop.balance.runner import Progress, make_pool, run_job
from cs_desktop.gui.lab.background import BackgroundRun
from cs_desktop.gui.forms import load_form
from cs_desktop.play import catalog
from cs_desktop.batch.turn_limit import turn_limit_text

ENGAGEMENT_CHOICES = (("Meeting engagement and chase", ("meeting", "chase")), ("Meeting engagement", ("meeting",)),
                      ("Chase", ("chase",)))
COLUMNS = ("Pairing", "Games", "First side W-D-L", "First side's score", "95% interval", "Median margin",
           "Bid (19.0) that evens it")


def run_lab_job(job: Any, workers: int, post: Callable[[Progress], None],
                cancelled: Callable[[], bool]) -> dict[str, Any]:
    """Run one job on its pool (in this process for 1 worker, else an embedded local Dask cluster), on the calling
    thread; `post` hears each batch's progress. Returns the results report, "complete" False after a cancel."""
    pool = make_pool(workers, cluster=workers > 1)
    try:
        outcome = run_job(job, pool, progress=post, cancelled=cancelled)
    finally:
        pool.close()
    return results(outcome)


def shipped_scenarios() -> list[Path]:
    """Every shipped scenario: duels, squadron actions, what-ifs (play/catalog.py)."""
    return [e.path for e in catalog.shipped()]


def _scenario_item(entry: catalog.Entry) -> QListWidgetItem:
    """A scenario to tick, named with its group, ship count and sides; the duels ticked to start with (a fleet
    battle costs tens of duels)."""
    item = QListWidgetItem(f"{entry.group[:-1]}: {entry.label}")
    item.setData(Qt.ItemDataRole.UserRole, str(entry.path))
    item.setToolTip(str(entry.path))
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Checked if entry.group == catalog.GROUPS[0] else Qt.CheckState.Unchecked)
    return item


class BalanceLab(QDialog):
    """The balance lab window (non-modal)."""

    labFinished = Signal(dict)  # the report, for tests and callers

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Balance lab")
        self.setObjectName("BalanceLab")
        self.resize(1100, 760)
        form = load_form("balance_lab", self)
        self.scenarios = form.get(QListWidget, "scenarios")
        self.scenarios_mode = form.get(QRadioButton, "scenarios_mode")
        self.sweep_mode = form.get(QRadioButton, "sweep_mode")
        self.engagements = form.get(QComboBox, "engagements")
        self.captain_a = form.get(QComboBox, "captain_a")
        self.captain_b = form.get(QComboBox, "captain_b")
        self.games = form.get(QSpinBox, "games")
        self.workers = form.get(QSpinBox, "workers")
        self.turn_limit = form.get(QSpinBox, "turn_limit")  # -1 (the minimum): each scenario's own; 0: none
        self.run_button = form.get(QPushButton, "run")
        self.cancel_button = form.get(QPushButton, "cancel")
        self.progress = form.get(QProgressBar, "progress")
        self.status = form.get(QLabel, "status")
        self.table = form.get(QTableWidget, "table")
        self.heatmap = form.get(QLabel, "heatmap")
        for entry in catalog.shipped():
            self.scenarios.addItem(_scenario_item(entry))
        for label, kinds in ENGAGEMENT_CHOICES:
            self.engagements.addItem(label, kinds)
        for combo in (self.captain_a, self.captain_b):
            for name in CAPTAINS:
                combo.addItem(name, name)
            combo.setCurrentIndex(max(0, combo.findData("simple")))
        self.table.setColumnCount(len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.sweep_mode.toggled.connect(self._mode_changed)
        self._mode_changed()
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.run: BackgroundRun | None = None
        self.report: dict[str, Any] | None = None
        self.image: Any = None  # the heat map drawn (QImage), for tests and saving

    def _mode_changed(self) -> None:
        sweep = self.sweep_mode.isChecked()
        self.scenarios.setEnabled(not sweep)
        self.engagements.setEnabled(sweep)

    def job(self) -> Any:
        """The job the settings describe; raises JobError / FileFormatError with a message to show."""
        from cs_desktop import SCENARIOS
        from cs_desktop.balance.job import Job, JobError, scenario_pairings, ships_in, sweep_pairings
        from cs_desktop.formats.files import load_scenario_with_ships

        if self.sweep_mode.isChecked():
            pairings = sweep_pairings(ships_in(SCENARIOS / "ships"), list(self.engagements.currentData()))
        else:
            ticked = [self.scenarios.item(i) for i in range(self.scenarios.count())]
            paths = [str(i.data(Qt.ItemDataRole.UserRole)) for i in ticked
                     if i is not None and i.checkState() == Qt.CheckState.Checked]
            if not paths:
                raise JobError("tick at least one scenario, or choose the sweep")
            pairings = scenario_pairings([load_scenario_with_ships(p) for p in paths])
        return Job(tuple(pairings), (str(self.captain_a.currentData()), str(self.captain_b.currentData())),
                   self.games.value(), 1, self.asked_turn_limit(), batch=max(1, min(50, self.games.value() // 4)), swap_seats=True)

    def asked_turn_limit(self) -> int | None:
        """The turn limit as cs_desktop/batch/turn_limit.py means it: None each scenario's own, 0 none, N turns."""
        value = self.turn_limit.value()
        return None if value < 0 else value

    def start(self) -> None:
        from cs_desktop.balance.job import JobError
        from cs_desktop.formats.jsonread import FileFormatError

        if self.run is not None:
            return
        try:
            job = self.job()
        except (JobError, FileFormatError, OSError) as e:
            self.status.setText(f"Cannot run: {e}")
            return
        self.report, self.image = None, None
        self.table.setRowCount(0)
        self.heatmap.clear()
        self.progress.setRange(0, job.total_games())
        self.progress.setValue(0)
        where = "in this program" if self.workers.value() == 1 else f"on {self.workers.value()} worker processes"
        self.status.setText(f"{len(job.pairings)} pairings, {job.total_games()} games {where}…")
        self.run = BackgroundRun(partial(run_lab_job, job, self.workers.value()), progress=self._progress,
                                 finished=self._finished, failed=self._failed, name="balance-lab")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.run.start()

    def cancel(self) -> None:
        if self.run is not None:
            self.run.cancel()
            self.status.setText("Cancelling after the batch in hand…")

    def _progress(self, p: Progress) -> None:
        self.progress.setValue(p.done)
        if p.pairing:
            self.status.setText(f"{p.done} of {p.total} games — {p.pairing}")

    def _done(self) -> None:
        self.run = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _failed(self, message: str) -> None:
        self._done()
        self.status.setText(f"The lab stopped: {message}")

    def _finished(self, report: dict[str, Any]) -> None:
        from cs_desktop.balance.output import matrices
        from cs_desktop.gui.lab.heatmap import draw_heatmap

        self._done()
        self.report = report
        self.table.setRowCount(len(report["pairings"]))
        for row, p in enumerate(report["pairings"]):
            for col, text in enumerate(row_texts(p)):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        job = report["job"]
        caption = (f"{' vs '.join(job['captains'])}, {job['games']} games a pairing, seed {job['seed']}, turn limit "
                   f"{turn_limit_text(job['turn_limit'])}")
        self.image = draw_heatmap(matrices(report), caption)
        self.heatmap.setPixmap(QPixmap.fromImage(self.image))
        said = "" if report["complete"] else " (cancelled: the games finished so far)"
        self.status.setText(f"{report['played']} games played{said}.")
        self.labFinished.emit(report)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        if self.run is not None:
            self.run.cancel()
        super().closeEvent(event)


def row_texts(p: dict[str, Any]) -> list[str]:
    """One table row of a pairing's summary."""
    a = p["score"][p["sides"][0]]
    bid = p["bid"]
    names = {s: t["name"] for s, t in p["terms"].items()}
    share = f"{a['share']:.1%}" if a["share"] is not None else "-"
    interval = f"{a['low']:.0%}–{a['high']:.0%}" if a["share"] is not None else "-"
    say = f"{names[bid['bidder']]} grants {bid['points']} VP" if bid["bidder"] else "none"
    return [p["title"] or p["id"], str(p["games"]), f"{a['wins']}-{a['draws']}-{a['losses']}", share, interval,
            f"{p['margin']['quantiles']['p50']:+g}", say]

