"""The board and ship cards of an online seat, drawn from its frames (the play screen's own widgets).

The seat's view is a view like any other: `BoardView.set_view` draws it, and each ship's card is the public ship
card with the state the view shows (the enemy's loads and maneuver as the view hides them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from cs_desktop.gui.board import BoardView
from cs_desktop.gui.ship_card import ShipCardScroll
from cs_desktop.play.designations import designations
from cs_desktop.rules.cards import ShipCard


class SeatBoard(QSplitter):
    """The board over the ship cards' tabs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("online-board")
        self.board = BoardView()
        self.board.setObjectName("online-board-view")
        self.cards = QTabWidget()
        self.cards.setObjectName("online-cards")
        self.addWidget(self.board)
        self.addWidget(self.cards)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self._scrolls: dict[str, ShipCardScroll] = {}
        self._fitted = False

    def show_view(self, view: Mapping[str, Any], cards: Mapping[str, ShipCard], side: str | None) -> None:
        if not view.get("ships"):
            return
        names = designations(view, cards)
        self.board.set_view(view, names)
        for sid, state in view["ships"].items():
            scroll = self._scrolls.get(sid)
            if scroll is None:
                scroll = self._scrolls[sid] = ShipCardScroll()
                self.cards.addTab(scroll, names[sid])
            own = side is None or state["side"] == side
            scroll.card_widget.set_card(cards[state["card"]], dict(state), own, names[sid])
            self.cards.setTabText(self.cards.indexOf(scroll), names[sid] + ("" if own else " (enemy)"))
        if not self._fitted:
            self._fitted = True
            self.board.fit_to_ships()
