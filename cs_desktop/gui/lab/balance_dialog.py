"""Balance check: computer-vs-computer games of a scenario, to see whether its VP terms balance the pairing.

20.0's note: "For balancing purposes, simply swap sides to see how the ships fare while under the command of
each player." The games run on a worker thread (`play_balance_games` in a `BackgroundRun`, gui/lab/background.py)
through the balance lab's runner (`cs_desktop.balance`, in this process, one game a batch), with the two captains
swapped on every other game; the dialog shows progress, can cancel between games, and shows each side's win
rate, the draws, the spread of victory points and the suggested 19.0 bid.

Closing the dialog (Close, Escape, or its parent window going away) abandons the run: the games stop after the
one in hand and the dialog hears no more from them.
The layout is the Designer form ui/balance_dialog.ui.
"""

from __future__ import annotations

import html
import statistics
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QProgressBar, QPushButton, QSpinBox, QTextBrowser, QWidget

from cs_desktop.ai.captains import CAPTAINS
from cs_desktop.balance.job import Job, scenario_pairing
from cs_desktop.balance.runner import InProcess, Progress, run_job
from cs_desktop.balance.stats import suggest_bid
from cs_desktop.gui.lab.background import BackgroundRun
from cs_desktop.gui.forms import load_form
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.batch.simulate import summarize


def play_balance_games(scenario: Scenario, ships: Mapping[str, ShipCard], games: int, seed: int,
                       captains: tuple[str, str], turn_limit: int | None,
                       post: Callable[[tuple[int, int, dict[str, Any]]], None],
                       cancelled: Callable[[], bool]) -> list[dict[str, Any]]:
    """The games through the balance lab's runner, on the calling thread (one game a batch, so progress and cancel
    come between games); odd games swap the captains (20.0's note). `post((done, total, record))` after each."""
    job = Job((scenario_pairing(scenario, ships),), captains, games, seed, turn_limit, batch=1, swap_seats=True)
    records: list[dict[str, Any]] = []
    sides = [s.id for s in scenario.sides]

    def progress(p: Progress) -> None:
        for r in p.records:
            record = {"game": r["game"], "seed": r["seed"], "ended": r["decided_by"] != "unfinished",
                      "how": r["how"], "turns": r["turns"], "winner": r["winner"],
                      "vp": dict(zip(sides, r["vp"], strict=True)), "captains": r["captains"],
                      "margin": r["margin"], "decided_by": r["decided_by"]}
            records.append(record)
            post((p.done, p.total, record))

    run_job(job, InProcess(), progress=progress, cancelled=cancelled)
    return records


def vp_spread(scenario: Scenario, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per side: mean, median, min, max, standard deviation of VP; and the mean VP margin (first side minus
    second)."""
    sides = [s.id for s in scenario.sides]
    out: dict[str, Any] = {}
    for s in sides:
        v = [float(r["vp"].get(s, 0)) for r in records if r.get("vp")]
        out[s] = {"mean": statistics.fmean(v) if v else 0.0, "median": statistics.median(v) if v else 0.0,
                  "min": min(v) if v else 0.0, "max": max(v) if v else 0.0,
                  "stdev": statistics.pstdev(v) if len(v) > 1 else 0.0}
    margins = [float(r["vp"].get(sides[0], 0)) - float(r["vp"].get(sides[1], 0)) for r in records if r.get("vp")]
    out["margin"] = statistics.fmean(margins) if margins else 0.0
    return out


class BalanceDialog(QDialog):
    """Run N games of a scenario off the GUI thread and show win rates and the VP spread."""

    # not `done`, `result`, `thread`: those would hide QDialog.done(), QDialog.result() and QObject.thread()
    checkFinished = Signal(dict)

    def __init__(self, scenario: Scenario, ships: Mapping[str, ShipCard], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario, self.ships = scenario, dict(ships)
        self.records: list[dict[str, Any]] = []
        self.summary: dict[str, Any] | None = None
        self.run: BackgroundRun | None = None
        self.cancelled = False
        self.setWindowTitle(f"Balance check — {scenario.title}")
        self.setObjectName("BalanceDialog")
        form = load_form("balance_dialog", self)
        self.games = form.get(QSpinBox, "games")
        self.captain_boxes: list[QComboBox] = []
        for i, default in enumerate(("judgment", "judgment")):  # the full judgment on both sides (BRIEF 12)
            form.get(QLabel, f"captain_label:{i}").setText(f"{scenario.sides[i].name}:")
            combo = form.get(QComboBox, f"captain:{i}")
            for c in CAPTAINS:
                combo.addItem(f"{c} captain", c)
            combo.setCurrentIndex(combo.findData(default))
            self.captain_boxes.append(combo)
        self.turn_limit = form.get(QSpinBox, "turn_limit")
        self.turn_limit.setValue(scenario.options.turn_limit or 0)  # the scenario's own limit; 0: none
        self.seed = form.get(QSpinBox, "seed")
        self.bar = form.get(QProgressBar, "progress")
        self.run_button = form.get(QPushButton, "run")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = form.get(QPushButton, "cancel")
        self.cancel_button.clicked.connect(self.cancel)
        form.get(QPushButton, "close").clicked.connect(self.close)
        self.report = form.get(QTextBrowser, "result")
        self.resize(640, 560)

    # ------------------------------------------------------------------ running
    def running(self) -> bool:
        return self.run is not None

    def start(self) -> None:
        if self.running():
            return
        self.records = []
        self.summary = None
        self.cancelled = False
        n = self.games.value()
        self.bar.setRange(0, n)
        self.bar.setValue(0)
        captains = (str(self.captain_boxes[0].currentData()), str(self.captain_boxes[1].currentData()))
        work = partial(play_balance_games, self.scenario, self.ships, n, self.seed.value(), captains,
                       self.turn_limit.value())
        self.run = BackgroundRun(work, progress=lambda item: self._progress(*item), finished=self._finished,
                                 failed=self._failed, name="balance-check")
        run = self.run
        self.destroyed.connect(lambda *_: run.abandon())
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.report.setHtml("<i>Playing…</i>")
        self.run.start()

    def cancel(self) -> None:
        if self.run is not None:
            self.run.cancel()
            self.cancel_button.setEnabled(False)
            self.report.append("<i>Cancelling after the game in hand…</i>")

    def _progress(self, done: int, total: int, record: dict[str, Any]) -> None:
        self.records.append(record)
        self.bar.setValue(done)
        self.bar.setFormat(f"{done} / {total} games")
        self._show(partial=True)

    def _failed(self, message: str) -> None:
        self.report.append(f"<p style='color:#b3261e'>A game failed: {html.escape(message)}</p>")
        self._finished(self.records)

    def _finished(self, records: list[dict[str, Any]]) -> None:
        self.records = records
        self.cancelled = self.run is not None and self.run.cancelled
        self.run = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self._show(partial=False)
        self.checkFinished.emit(self.summary or {})

    # ------------------------------------------------------------------ results
    def _show(self, partial: bool) -> None:
        sc = self.scenario
        if not self.records:
            self.report.setHtml("<i>No game finished.</i>" if not partial else "<i>Playing…</i>")
            return
        summary = summarize(sc, self.records)
        spread = vp_spread(sc, self.records)
        summary["vp_spread"] = spread
        summary["played"] = len(self.records)
        summary["cancelled"] = self.cancelled
        self.summary = summary
        names = {s.id: html.escape(s.name) for s in sc.sides}
        head = (f"<b>{len(self.records)} game{'s' if len(self.records) > 1 else ''}</b>"
                + (" (cancelled)" if self.cancelled and not partial else "")
                + (" so far" if partial else ""))
        rows = "".join(
            f"<tr><td><b>{names[s]}</b></td><td align='right'>{summary['win_rate'][s] * 100:.0f}%</td>"
            f"<td align='right'>{spread[s]['mean']:.1f}</td><td align='right'>{spread[s]['median']:.1f}</td>"
            f"<td align='right'>{spread[s]['min']:.0f}–{spread[s]['max']:.0f}</td>"
            f"<td align='right'>{spread[s]['stdev']:.1f}</td></tr>" for s in names)
        a, b = (s.id for s in sc.sides)
        gap = abs(summary["win_rate"][a] - summary["win_rate"][b])
        if len(self.records) < 10:
            verdict = "Too few games to judge; run more."
        elif gap <= 0.15:
            verdict = "The win rates are close: the VP terms balance this pairing for these captains."
        else:
            fav = names[a] if summary["win_rate"][a] > summary["win_rate"][b] else names[b]
            verdict = (f"{fav} wins clearly more often: consider a bid (19.0) or the scenario's own terms "
                       f"for the other side.")
        endings = ", ".join(f"{k} {v}" for k, v in summary["endings"].items())
        bid = suggest_bid(self.records, (a, b))
        summary["bid"] = bid
        verdict += (f" Suggested 19.0 bid: {names[bid['bidder']]} grants {names[bid['receiver']]} {bid['points']} VP "
                    f"(the smallest that evens these games, R19.0d)." if bid["bidder"] else "")
        self.report.setHtml(
            f"<p>{head}. Draws (within 5 VP, 19.0): {summary['draw_rate'] * 100:.0f}%. "
            f"Mean length {summary['mean_turns']:.1f} turns.</p>"
            "<table cellspacing='6'><tr><th align='left'>Side</th><th>Wins</th><th>Mean VP</th><th>Median</th>"
            f"<th>Range</th><th>Std dev</th></tr>{rows}</table>"
            f"<p>Mean VP margin ({names[a]} − {names[b]}): {spread['margin']:+.1f}</p>"
            f"<p>Endings: {endings}</p><p><b>{verdict}</b></p>")

    def abandon(self) -> None:
        """Stop the games without waiting: cancel, and hear no more from the run (it ends by itself)."""
        if self.run is None:
            return
        self.run.abandon()
        self.run = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def reject(self) -> None:  # Escape: hides the dialog without a closeEvent
        self.abandon()
        super().reject()

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self.abandon()
        super().closeEvent(event)


def open_balance_check(parent: QWidget | None, scenario: Scenario, ships: Mapping[str, ShipCard]) -> BalanceDialog:
    dlg = BalanceDialog(scenario, ships, parent)
    dlg.show()
    return dlg


__all__ = ["BalanceDialog", "open_balance_check", "play_balance_games", "vp_spread"]
