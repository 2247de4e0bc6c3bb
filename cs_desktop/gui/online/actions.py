"""What an online seat may do besides answering its request, as at one screen: ask to take back its last decision
(the other side agrees or refuses in a box that names only the side asking, rulings RO32a), strike the colours
(18.0, confirmed first), and once the game is over save it as an ordinary saved game (RO32b). Each sends one
message through the dialog's link; the answers come back as frames (`undo_asked`, `undo_result`, `exported`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QMessageBox, QPushButton, QWidget

from cs_desktop.online.client import SeatState, write_export
from cs_desktop.formats.savegame import SaveError

#: how a request to take back a decision ended, in words
UNDO_RESULTS = {"agreed": "taken back", "refused": "refused by the other side", "timeout": "not answered in time",
                "lapsed": "overtaken by a later decision"}


class SeatActions(QWidget):
    """The row of buttons: take back, strike, save the finished game. `link` is the dialog's `OnlineLink`."""

    def __init__(self, link: Any, seat: SeatState, say: Callable[[str], None],
                 side_name: Callable[[str], str] = str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link, self.seat, self.say, self.side_name = link, seat, say, side_name
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.undo_button = QPushButton("Ask to take back my last decision")
        self.undo_button.setObjectName("online-undo")
        self.undo_button.setToolTip("BRIEF 3: only with the opponent's consent, and only if nothing hidden or rolled "
                                    "was seen since")
        self.undo_button.clicked.connect(self.ask_undo)
        self.strike_button = QPushButton("Strike colours… (18.0)")
        self.strike_button.setObjectName("online-strike")
        self.strike_button.clicked.connect(self.strike)
        self.export_button = QPushButton("Save the finished game…")
        self.export_button.setObjectName("online-export")
        self.export_button.setToolTip("An ordinary saved game, which replays offline (once the game is over)")
        self.export_button.clicked.connect(self._choose_export)
        for button in (self.undo_button, self.strike_button, self.export_button):
            row.addWidget(button)
        self.consent_box: QMessageBox | None = None
        self.strike_box: QMessageBox | None = None
        self.export_path: Path | None = None
        self.refresh()

    def refresh(self) -> None:
        seat = self.seat
        self.undo_button.setEnabled(seat.ask > 0 and seat.undo is None and not seat.ended)
        self.strike_button.setEnabled(seat.side is not None and bool(seat.view) and not seat.ended)
        self.export_button.setEnabled(seat.ended)

    # ------------------------------------------------------------------ taking back a decision
    def ask_undo(self) -> None:
        self.say("Asking the other side to let you take back your last decision…")
        self.undo_button.setEnabled(False)
        self.link.ask_undo(self.seat.ask)

    def undo_asked(self, frame: dict[str, Any]) -> None:
        """Another side asks to take back its last decision: agree or refuse (the server sends nothing of the
        decision, so nothing of it can be shown)."""
        if frame["side"] == self.seat.side:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Take back a decision",
                          f"{self.side_name(frame['side'])} asks to take back their last decision. Agree?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("online-undo-consent")
        box.buttonClicked.connect(lambda b: self.link.consent(box.buttonRole(b) == QMessageBox.ButtonRole.YesRole))
        self.consent_box = box
        box.open()

    def undo_result(self, frame: dict[str, Any]) -> None:
        if self.consent_box is not None:
            self.consent_box.close()
            self.consent_box = None
        mine = frame["side"] == self.seat.side
        detail = UNDO_RESULTS.get(frame["result"], frame.get("message", frame["result"]))
        self.say(f"{'Your' if mine else 'Their'} request to take back a decision: {detail}.")

    # ------------------------------------------------------------------ striking the colours
    def strike(self) -> None:
        """Strike the colours after a confirmation, as at one screen (the game ends and this side loses)."""
        box = QMessageBox(QMessageBox.Icon.Question, "Strike colours",
                          "Strike your colours? The game ends at once and your side loses (18.0).",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("online-strike-confirm")
        box.buttonClicked.connect(lambda b: self._strike_answered(box.buttonRole(b) == QMessageBox.ButtonRole.YesRole))
        self.strike_box = box
        box.open()

    def _strike_answered(self, yes: bool) -> None:
        if yes:
            self.link.strike(self.seat.ask)

    # ------------------------------------------------------------------ the finished game
    def _choose_export(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(self, "Save the finished game", "online-game.csgame",
                                                    "Saved games (*.csgame)")
        if path:
            self.export_to(Path(path))

    def export_to(self, path: Path) -> None:
        """Save the finished game to `path` when the server's `export` frame comes."""
        self.export_path = path
        self.link.export()

    def exported(self, frame: dict[str, Any]) -> None:
        if self.export_path is None:
            return
        try:
            written = write_export(frame, self.export_path)
        except (SaveError, OSError) as e:
            self.say(f"Not saved: {e}")
            return
        self.say(f"Saved to {written}")
