"""The game-over dialog: the 19.0 / 20.1 tally of each side, line by line, and the historical outcome.
Its layout is the form ui/game_over_dialog.ui; it draws the screen model's tally (play/screen.py)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from cs_desktop.gui.forms import load_form
from cs_desktop.play.screen import ScreenModel, result_title

#: the tally's rows: label, and how to read it from a side's entry of the game_end result
ROWS: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [("Hull hits scored", lambda d: d.get("hits", {}).get("hull")),
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


class GameOverDialog(QDialog):
    """The victory tally (18.0, 19.0) of the game_end event."""

    def __init__(self, screen: ScreenModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("game-over")
        self.setWindowTitle("Game over")
        form = load_form("game_over_dialog", self)
        result = screen.result or {}
        self.title = form.get(QLabel, "title")
        self.title.setWordWrap(True)
        self.show_result(screen)
        sides = result.get("sides", {})
        self.table = form.get(QTableWidget, "tally")
        self.table.setRowCount(len(ROWS))
        self.table.setColumnCount(len(sides))
        self.table.setHorizontalHeaderLabels([screen.side_name(s) for s in sides])
        self.table.setVerticalHeaderLabels([r[0] for r in ROWS])
        for c, data in enumerate(sides.values()):
            for r, (_label, get) in enumerate(ROWS):
                value: Any = get(data)
                self.table.setItem(r, c, QTableWidgetItem("" if value is None else str(value)))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)  # no empty strip beside
        self.table.setMinimumHeight(self.table.verticalHeader().length() + self.table.horizontalHeader().height() + 6)
        form.get(QLabel, "summary").setText(str(result.get("summary", "")))  # plain: ' is not &#x27;
        history = form.get(QLabel, "history")
        history.setText(f"<i>Historically:</i> {html.escape(screen.historical_outcome)}")
        history.setVisible(bool(screen.historical_outcome))
        buttons = form.get(QDialogButtonBox, "buttons")
        buttons.rejected.connect(self.close)
        buttons.accepted.connect(self.close)
        self.resize(600, 560)

    def show_result(self, screen: ScreenModel) -> None:
        """The result in the one wording the log uses too (screen.result_title); again when a campaign has
        judged the battle (R19.0c)."""
        self.title.setText(f"<h2>{html.escape(result_title(screen))}</h2><p>{html.escape(screen.end_reason)}</p>")
