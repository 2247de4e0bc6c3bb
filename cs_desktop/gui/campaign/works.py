"""The port screen's box for what is done between battles (issue 29 item 5): the flagship's officers, the refits
the yard offers the ship chosen -- the flagship or a consort (a check box each, disabled with the reason when it
cannot be done), the works in hand, the nation's draft (a number of crew points) and what it all costs. It
draws `play/campaign_works.py`'s model and sends the order through the presenter; the engine decides."""

from __future__ import annotations

import html

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel, QPushButton, QSpinBox, QWidget

from cs_desktop.play import campaign_works
from cs_desktop.play.campaign_presenter import CampaignPresenter
from cs_desktop.play.campaign_works import WorksModel


class WorksBox(QGroupBox):
    chosen = Signal()

    def __init__(self, presenter: CampaignPresenter, model: WorksModel, parent: QWidget | None = None) -> None:
        super().__init__("Officers, refits and drafts", parent)
        self.setObjectName("campaign-works")
        self.presenter, self.model = presenter, model
        form = QFormLayout(self)
        officers = QLabel("<br>".join(html.escape(x) for x in model.officers) or "No officers.")
        officers.setObjectName("campaign-officers")
        officers.setWordWrap(True)
        form.addRow(officers)
        for line in model.in_hand:
            form.addRow(QLabel(f"In the yard: {line}"))
        self.ship = QComboBox()  # which ship of the squadron the works and the draft are for
        self.ship.setObjectName("campaign-works-ship")
        for x in model.ships:
            self.ship.addItem(x.name, x.ship)
        if len(model.ships) > 1:
            form.addRow("Ship", self.ship)
        self.refits: dict[str, QCheckBox] = {}
        for r in model.refits:
            box = QCheckBox(r.words)
            box.setObjectName(f"campaign-refit-{r.refit}")
            box.toggled.connect(self._update)
            form.addRow(box)
            self.refits[r.refit] = box
        self.draft = QSpinBox()
        self.draft.setObjectName("campaign-draft")
        self.draft.setToolTip("; ".join(model.sources))
        self.draft.valueChanged.connect(self._update)
        if model.draft_words:
            words = QLabel(model.draft_words)
            words.setWordWrap(True)
            form.addRow(words)
            form.addRow("Draft crew points", self.draft)
        self.cost = QLabel()
        self.cost.setObjectName("campaign-works-cost")
        form.addRow(self.cost)
        self.button = QPushButton("Order these works and drafts (a month in port)")
        self.button.setObjectName("campaign-works-order")
        self.button.clicked.connect(self._order)
        form.addRow(self.button)
        self.ship.currentIndexChanged.connect(self._show_ship)
        self._show_ship()

    def chosen_ship(self) -> str | None:
        """The consort chosen, or None for the flagship (the first of the list)."""
        return self.ship.currentData() if self.ship.currentIndex() > 0 else None

    def _show_ship(self) -> None:
        """The refits on offer and the draft's most for the ship chosen; nothing left ticked from another."""
        chosen = campaign_works.ship_works(self.model, self.chosen_ship())
        for r in chosen.refits:
            box = self.refits.get(r.refit)
            if box is None:
                continue
            box.setChecked(False)
            box.setEnabled(r.why_not is None)
            box.setText(f"{r.words} [{r.why_not}]" if r.why_not else r.words)
            box.setToolTip("\n".join([r.text, *([f"Cannot now: {r.why_not}"] if r.why_not else []), *r.sources]))
        self.draft.setValue(0)
        self.draft.setRange(0, chosen.draft_most)
        self._update()

    def chosen_refits(self) -> list[str]:
        return [k for k, box in self.refits.items() if box.isChecked()]

    def _update(self) -> None:
        cost = campaign_works.cost(self.model, self.chosen_refits(), self.draft.value())
        short = cost > self.model.money
        self.cost.setText(f"Cost {cost} of {self.model.money}" + (" -- the account is short" if short else ""))
        self.button.setEnabled(not short and bool(self.chosen_refits() or self.draft.value()))

    def _order(self) -> None:
        self.presenter.choose(campaign_works.order(self.chosen_refits(), self.draft.value(), self.chosen_ship()))
        self.chosen.emit()
