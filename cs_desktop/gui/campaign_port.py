"""The port screen's choices on the campaign page (issue 15 item 4): how many boxes of each damaged track to
repair, how many crew points to recruit, whether to fill stores and shot, with what it costs against the
ship's account. It draws `CampaignPresenter.refit_choices()` and asks the presenter; the engine checks."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QLabel, QPushButton, QSpinBox, QWidget

from cs_desktop.play.campaign_presenter import CampaignPresenter

TRACK_WORDS = {"rigging": "Rigging", "port_bow": "Gunnery, port bow", "port_aft": "Gunnery, port aft",
               "starboard_bow": "Gunnery, starboard bow", "starboard_aft": "Gunnery, starboard aft"}


class PortChoices(QGroupBox):
    chosen = Signal()  # the refit was answered (accepted or refused: the presenter's last_message says)

    def __init__(self, presenter: CampaignPresenter, choices: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(f"Refit a month with these choices (up to {choices['repair_total']} boxes)", parent)
        self.setObjectName("campaign-port-choices")
        self.presenter = presenter
        self.choices = choices
        form = QFormLayout(self)
        self.repair: dict[str, QSpinBox] = {}
        for track, most in choices["repair"].items():
            spin = QSpinBox()
            spin.setObjectName(f"campaign-repair-{track}")
            spin.setRange(0, int(most))
            spin.setSuffix(f" of {most} box(es) at {choices['repair_cost']} each")
            spin.valueChanged.connect(self._update)
            form.addRow(f"Repair {TRACK_WORDS.get(track, track)}", spin)
            self.repair[track] = spin
        if not self.repair:
            form.addRow(QLabel("Nothing to repair."))
        self.recruit = QSpinBox()
        self.recruit.setObjectName("campaign-recruit")
        self.recruit.setRange(0, int(choices["recruit"]))
        self.recruit.setSuffix(f" of {choices['recruit']} {choices['recruit_quality']} point(s) at "
                               f"{choices['recruit_cost']} each")
        self.recruit.valueChanged.connect(self._update)
        form.addRow("Recruit crew", self.recruit)
        self.loads = QCheckBox("Fill stores and shot (no cost)")
        self.loads.setObjectName("campaign-loads")
        self.loads.setChecked(True)
        form.addRow(self.loads)
        self.cost = QLabel()
        self.cost.setObjectName("campaign-refit-cost")
        form.addRow(self.cost)
        self.button = QPushButton("Refit with these choices")
        self.button.setObjectName("campaign-refit-chosen")
        self.button.clicked.connect(self._refit)
        form.addRow(self.button)
        self._update()

    def repair_plan(self) -> dict[str, int]:
        return {k: s.value() for k, s in self.repair.items()}

    def _update(self) -> None:
        plan = self.repair_plan()
        boxes = sum(plan.values())
        cost = self.presenter.refit_cost(plan, self.recruit.value())
        money = int(self.choices["money"])
        problems = []
        if boxes > self.choices["repair_total"]:
            problems.append(f"the port repairs at most {self.choices['repair_total']} boxes a month")
        if cost > money:
            problems.append(f"the account holds {money}")
        self.cost.setText(f"{boxes} box(es), {self.recruit.value()} recruit(s): cost {cost} of {money}"
                          + (f" -- {'; '.join(problems)}" if problems else ""))
        self.button.setEnabled(not problems)

    def _refit(self) -> None:
        self.presenter.refit(self.repair_plan(), self.recruit.value(), self.loads.isChecked())
        self.chosen.emit()
