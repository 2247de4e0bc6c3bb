"""The campaign page (issue 15 item 6): the map, the squadron, and the pending request -- orders (the port
screen's refit terms among them), an encounter (who, the weather gauge, meeting or chase), a battle (its
20.1/21.3 terms; *Fight on the board* or *Resolve*), a prize, a prize's fate in port and the ships for sale (the
port screen, `campaign_port.py`), the officers, refits and drafts (`campaign_works.py`), a promotion -- each option a button in the presenter's words. It draws `CampaignPresenter` and asks it; it decides nothing."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from cs_desktop.gui.campaign.map import CampaignMapView
from cs_desktop.gui.campaign.port import PortChoices, PrizeFateBox, ShipyardBox
from cs_desktop.gui.campaign.works import WorksBox
from cs_desktop.campaign.engine import CampaignRequest
from cs_desktop.play import campaign_works
from cs_desktop.play.campaign_career import half_pay_lines, mission_lines
from cs_desktop.play.campaign_presenter import CampaignPresenter


class CampaignPage(QWidget):
    fightRequested = Signal()  # the player chose to fight the pending battle on the board
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign-page")
        self.presenter: CampaignPresenter | None = None
        self._buttons: list[QPushButton] = []
        self.port_choices: PortChoices | None = None
        self.prize_fate: PrizeFateBox | None = None
        self.shipyard: ShipyardBox | None = None
        self.works: WorksBox | None = None
        self._refit_ship: str | None = None  # the ship of the squadron the port screen refits (None: flagship)
        self.map = CampaignMapView()
        self.heading = QLabel()
        self.heading.setObjectName("campaign-heading")
        self.heading.setWordWrap(True)
        self.ships = QLabel()
        self.ships.setObjectName("campaign-ships")
        self.ships.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("campaign-prompt")
        self.prompt.setWordWrap(True)
        self.details = QLabel()
        self.details.setObjectName("campaign-details")
        self.details.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("campaign-message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color:#a00000")
        self.buttons_box = QWidget()
        self.buttons = QVBoxLayout(self.buttons_box)
        self.buttons.setContentsMargins(0, 0, 0, 0)
        side = QWidget()
        sl = QVBoxLayout(side)
        for w in (self.heading, self.ships, self.prompt, self.details, self.message):
            sl.addWidget(w)
        sl.addWidget(self.buttons_box)
        sl.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the words wrap instead
        scroll.setWidget(side)
        scroll.setMinimumWidth(200)  # the window still fits a small screen
        layout = QHBoxLayout(self)
        layout.addWidget(self.map, 3)
        layout.addWidget(scroll, 2)

    def set_presenter(self, presenter: CampaignPresenter | None) -> None:
        self.presenter = presenter
        self.refresh()

    def option_buttons(self) -> list[QPushButton]:
        return list(self._buttons)

    def refresh(self) -> None:
        for b in self._buttons:
            self.buttons.removeWidget(b)
            b.hide()
            b.deleteLater()
        self._buttons = []
        for box in (self.port_choices, self.prize_fate, self.shipyard, self.works):
            if box is not None:
                self.buttons.removeWidget(box)
                box.hide()
                box.deleteLater()
        self.port_choices = self.prize_fate = self.shipyard = self.works = None
        p = self.presenter
        if p is None:
            for w in (self.heading, self.ships, self.prompt, self.details):
                w.setText("")
            return
        m = p.map_model()
        self.map.show_map(m)
        s = p.engine.state
        self.heading.setText(f"<h2>{html.escape(m.title)}</h2><p><b>{m.date}</b> · Captain {html.escape(s.captain)}"
                             f" · {html.escape(m.where)}" + (f" · {html.escape(m.weather)}" if m.weather else "")
                             + f"<br>Money {s.money} · reputation {s.reputation}</p>")
        self.ships.setText("<br>".join(html.escape(x) for x in p.ships()))
        self.message.setText(html.escape(p.last_message))
        req = p.request()
        if req is None:
            score = s.score or {}
            self.prompt.setText(f"<h3>The career has ended: {html.escape(s.end_reason)}</h3>"
                                f"<p>Final score {score.get('total', '?')}</p>")
            self.details.setText("")
            return
        self.prompt.setText(f"<h3>{html.escape(req.prompt)}</h3>")
        lines: list[str] = []
        if req.kind == "encounter":
            lines = p.encounter_lines()
        elif req.kind == "battle":
            lines = p.encounter_lines() + ["<b>Terms (20.1, 21.3):</b>"] + p.terms()
        elif req.kind == "half_pay":
            lines = half_pay_lines(req)
        elif req.kind == "orders" and s.port is not None:
            lines = [f"<b>Port of {html.escape(m.where[3:])}:</b> {html.escape(p.port.refit_terms())}"]
        if req.kind == "orders":
            lines += mission_lines(req)
        self.details.setText("<br>".join(x if x.startswith("<b>") else html.escape(x) for x in lines))
        if req.kind == "battle":
            self._button("&Fight on the board", "campaign-fight", self.fightRequested.emit)
            self._button("&Resolve (the computer fights it)", "campaign-resolve", self._resolve)
            return
        self._port_screen(p, req)
        for i, (option, words) in enumerate(p.menu_options()):
            self._button(words, f"campaign-option-{i}", lambda _checked=False, o=option: self._choose(o))

    def _port_screen(self, p: CampaignPresenter, req: CampaignRequest) -> None:
        """The port screen's boxes: a prize's fate, the month's refit, the officers, works and drafts, the ships
        the yard sells (each only when it has something to offer)."""
        fate = p.port.prize_fate()
        if fate is not None:  # a prize's fate, sell or keep
            self.prize_fate = PrizeFateBox(p, fate)
            self.prize_fate.chosen.connect(self._chosen)
            self.buttons.addWidget(self.prize_fate)
        choices = p.port.refit_choices(self._refit_ship)
        if choices is not None:  # choose what the month in port does
            self.port_choices = PortChoices(p, choices)
            self.port_choices.chosen.connect(self._chosen)
            self.port_choices.shipChosen.connect(self._refit_for)
            self.buttons.addWidget(self.port_choices)
        works = campaign_works.works_model(req, p.engine.state.money)
        if works is not None:  # officers, refits and drafts (issue 29 item 5)
            self.works = WorksBox(p, works)
            self.works.chosen.connect(self._chosen)
            self.buttons.addWidget(self.works)
        offers = p.port.ships_for_sale()
        if offers:  # the ships the yard sells
            self.shipyard = ShipyardBox(p, offers)
            self.shipyard.chosen.connect(self._chosen)
            self.buttons.addWidget(self.shipyard)

    def _button(self, text: str, name: str, slot: Any) -> None:
        b = QPushButton(text)
        b.setObjectName(name)
        b.setStyleSheet("text-align:left; padding:4px")
        b.setToolTip(text.replace("&", ""))
        b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        b.clicked.connect(slot)
        self.buttons.addWidget(b)
        self._buttons.append(b)

    def _choose(self, option: Any) -> None:
        self._refit_ship = None
        if self.presenter is not None:
            self.presenter.choose(option)
        self.refresh()
        self.changed.emit()

    def _chosen(self) -> None:
        self._refit_ship = None
        self.refresh()
        self.changed.emit()

    def _refit_for(self, ship: str) -> None:
        self._refit_ship = ship
        self.refresh()

    def _resolve(self) -> None:
        if self.presenter is not None:
            self.presenter.resolve()
        self.refresh()
        self.changed.emit()
