"""The port screen on the campaign page (issue 15 item 4): which ship of the squadron to refit, how many boxes of
each damaged track to repair, how many crew points to recruit, whether to fill stores and shot, with what it
costs against the ship's account; a prize's fate (sell or keep, RC15.3a); the ships for sale (RC15.4a). It draws
the models of the presenter's port screen (`presenter.port`, play/campaign_port.py: `refit_choices`, `refit_ships`,
`prize_fate`, `ships_for_sale`) and asks it or the presenter; the engine checks."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.play.campaign_port import PrizeFate, ShipForSale
from cs_desktop.play.campaign_presenter import CampaignPresenter

TRACK_WORDS = {"rigging": "Rigging", "port_bow": "Gunnery, port bow", "port_aft": "Gunnery, port aft",
               "starboard_bow": "Gunnery, starboard bow", "starboard_aft": "Gunnery, starboard aft"}


class PortChoices(QGroupBox):
    chosen = Signal()  # the refit was answered (accepted or refused: the presenter's last_message says)
    shipChosen = Signal(str)  # another ship of the squadron chosen for the refit: the page redraws for her

    def __init__(self, presenter: CampaignPresenter, choices: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(f"Refit a month with these choices (up to {choices['repair_total']} boxes)", parent)
        self.setObjectName("campaign-port-choices")
        self.presenter = presenter
        self.choices = choices
        form = QFormLayout(self)
        self.ship = QComboBox()
        self.ship.setObjectName("campaign-refit-ship")
        for ship_id, name in presenter.port.refit_ships():
            self.ship.addItem(name, ship_id)
        self.ship.setCurrentIndex(max(0, self.ship.findData(choices.get("ship"))))
        self.ship.currentIndexChanged.connect(lambda _i: self.shipChosen.emit(str(self.ship.currentData())))
        if self.ship.count() > 1:  # a squadron: which ship the month's repairs and recruits go to
            form.addRow("Refit", self.ship)
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
        cost = self.presenter.port.refit_cost(plan, self.recruit.value(), self.choices.get("ship"))
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
        self.presenter.port.refit(self.repair_plan(), self.recruit.value(), self.loads.isChecked(),
                             self.choices.get("ship"))
        self.chosen.emit()


class PrizeFateBox(QGroupBox):
    """A prize in port (ruling RC15.3a): her state, what the court values her at, *Sell her* or *Keep her*."""

    chosen = Signal()

    def __init__(self, presenter: CampaignPresenter, fate: PrizeFate, parent: QWidget | None = None) -> None:
        super().__init__(f"The prize {fate.name}", parent)
        self.setObjectName("campaign-prize-fate")
        self.presenter = presenter
        layout = QVBoxLayout(self)
        self.lines = QLabel("<br>".join(html.escape(x) for x in fate.lines))
        self.lines.setObjectName("campaign-prize-lines")
        self.lines.setWordWrap(True)
        layout.addWidget(self.lines)
        self.sell = QPushButton(fate.sell_words)
        self.sell.setObjectName("campaign-prize-sell")
        self.sell.clicked.connect(lambda _checked=False: self._choose("sell"))
        self.keep = QPushButton(fate.keep_words)
        self.keep.setObjectName("campaign-prize-keep")
        self.keep.clicked.connect(lambda _checked=False: self._choose("keep"))
        for b in (self.sell, self.keep):
            b.setToolTip(b.text())
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            layout.addWidget(b)

    def _choose(self, choice: str) -> None:
        self.presenter.choose(choice)
        self.chosen.emit()


class ShipyardBox(QGroupBox):
    """The ships the port's yard sells (ruling RC15.4a), each with her price and a Buy button (disabled, with
    the reason as its tooltip, when she cannot be bought now)."""

    chosen = Signal()

    def __init__(self, presenter: CampaignPresenter, offers: list[ShipForSale], parent: QWidget | None = None) -> None:
        super().__init__("Ships for sale", parent)
        self.setObjectName("campaign-shipyard")
        self.presenter = presenter
        form = QFormLayout(self)
        self.buy: dict[str, QPushButton] = {}
        for offer in offers:
            words = QLabel(f"{offer.name}: {offer.words}")
            words.setTextFormat(Qt.TextFormat.PlainText)  # a name's apostrophe as itself (L'Insurgente)
            words.setWordWrap(True)
            button = QPushButton(f"Buy {offer.name} for {offer.price}")
            button.setObjectName(f"campaign-buy-{offer.ship}")
            button.setEnabled(offer.can_buy)
            button.setToolTip(offer.why_not or button.text())
            button.clicked.connect(lambda _checked=False, ship=offer.ship: self._buy(ship))
            form.addRow(words)
            form.addRow(button)
            self.buy[offer.ship] = button

    def _buy(self, ship: str) -> None:
        self.presenter.port.buy(ship)
        self.chosen.emit()
