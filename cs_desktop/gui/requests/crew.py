"""The crew assignment request (5.0): the points are set on the ship cards; this panel sums them up, mans
the battery that bears and asks before sending a crew that leaves a bearing battery without gunners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.requests.base import RequestWidget, ship_name
from cs_desktop.play.changes import EVERYTHING
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession


class AssignCrewWidget(RequestWidget):
    """5.0: the assignment is made on the ship cards; this panel sums it up and sends it."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        help_ = QLabel("Set the crew points on each ship card (the spin boxes by each task and broadside). "
                       "Points not assigned go to Melee (5.1.6).")
        help_.setWordWrap(True)
        lay.addWidget(help_)
        self.summary = QLabel()
        self.summary.setObjectName("crew-summary")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        row = QHBoxLayout()
        self.man_guns = QPushButton("&Man the battery that bears")
        self.man_guns.setToolTip("Gunners first on the broadside the enemy lies on (split by threat when enemies "
                                 "lie on both sides), then the other broadside, then one on Sailing")
        self.man_guns.clicked.connect(self._man_guns)
        self.keep = QPushButton("&Keep last turn's")
        self.keep.clicked.connect(self._keep)
        row.addWidget(self.man_guns)
        row.addWidget(self.keep)
        lay.addLayout(row)
        self.ok = self.add_submit_button(lay, "Con&firm crew")
        lay.addStretch(1)
        session.draftChanged.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        drafts = self.session.crew.drafts()
        lines = []
        for ship, lim in self.request.info["limits"].items():
            assign = drafts.get(ship)
            if assign is None:  # this widget's request is no longer the one on screen
                continue
            total = (assign["sailing"] + assign["rigging_change"] + assign["rigging_dc"]
                     + sum(assign["hull_dc"].values()) + sum(assign["gunnery"].values()))
            lines.append(f"<b>{ship_name(self.session, ship)}</b>: {total} of {lim['crew']} assigned, "
                         f"{max(0, lim['crew'] - total)} to Melee; guns manned "
                         f"{sum(assign['gunnery'].values())} of {sum(lim['gunnery'].values())}")
        self.summary.setText("<br>".join(lines))

    def _man_guns(self) -> None:
        for ship, assign in self.session.crew.bearing(self.request).items():
            self.session.crew.set_draft(ship, assign)
        self.session.changed.emit(EVERYTHING)

    def _keep(self) -> None:
        for ship, assign in self.request.info["current"].items():
            self.session.crew.set_draft(ship, assign)
        self.session.changed.emit(EVERYTHING)

    def answer(self) -> Any:
        return self.session.crew.drafts()

    def submit_current(self) -> bool:
        warnings = self.session.crew.warnings()
        if warnings:  # issue 11 item 3: ask before leaving a bearing battery without gunners
            from cs_desktop.gui.requests.crew_confirm import ask_no_gunners

            self.confirm_box = ask_no_gunners(self, warnings, self.send_crew)
            return False
        return self.send_crew()

    def send_crew(self) -> bool:
        ok = self.session.crew.submit()
        if ok:
            self.submitted.emit()
        return ok
