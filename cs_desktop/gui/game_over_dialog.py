"""The game-over dialog: the 19.0 / 20.1 tally of each side, line by line, and the historical outcome."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.play.screen import ScreenModel

class GameOverDialog(QDialog):
    """The victory tally (18.0, 19.0) of the game_end event."""

    def __init__(self, screen: ScreenModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("game-over")
        self.setWindowTitle("Game over")
        result = screen.result or {}
        lay = QVBoxLayout(self)
        winner = result.get("winner")
        title = (f"{screen.side_name(winner)} wins" if winner else "A draw") if result else "Game over"
        self.title = QLabel(f"<h2>{html.escape(title)}</h2><p>{html.escape(screen.end_reason)}</p>")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        sides = result.get("sides", {})
        rows: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [("Hull hits scored", lambda d: d.get("hits", {}).get("hull")),
                ("Rigging hits scored", lambda d: d.get("hits", {}).get("rigging")),
                ("Crew hits scored", lambda d: d.get("hits", {}).get("crew")),
                # boxes the enemy lost by its own doing (Straining, bursts, Play Now events) are not scored
                ("− by the enemy's own doing (R19.0)", lambda d: d.get("self_inflicted")),
                ("Hits total", lambda d: d.get("hits_total")),
                ("× multiplier (20.1)", lambda d: d.get("multiplier")),
                ("+ bonus (20.1)", lambda d: d.get("bonus")),
                ("Enemy ships struck", lambda d: d.get("struck")),
                ("Enemy ships captured", lambda d: d.get("captured")),
                ("Bid received (19.0)", lambda d: d.get("bid_received")),
                ("Victory points", lambda d: d.get("vp"))]
        self.table = QTableWidget(len(rows), len(sides))
        self.table.setObjectName("tally")
        self.table.setHorizontalHeaderLabels([screen.side_name(s) for s in sides])
        self.table.setVerticalHeaderLabels([r[0] for r in rows])
        for c, data in enumerate(sides.values()):
            for r, (_label, get) in enumerate(rows):
                value = get(data)
                self.table.setItem(r, c, QTableWidgetItem("" if value is None else str(value)))
        self.table.resizeColumnsToContents()
        self.table.setMinimumHeight(self.table.verticalHeader().length() + self.table.horizontalHeader().height() + 6)
        lay.addWidget(self.table)
        summary = QLabel(str(result.get("summary", "")))
        summary.setTextFormat(Qt.TextFormat.PlainText)  # plain: an apostrophe is not shown as &#x27;
        lay.addWidget(summary)
        if screen.historical_outcome:
            h = QLabel(f"<i>Historically:</i> {html.escape(screen.historical_outcome)}")
            h.setWordWrap(True)
            lay.addWidget(h)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        buttons.accepted.connect(self.close)
        lay.addWidget(buttons)
        self.resize(600, 560)
