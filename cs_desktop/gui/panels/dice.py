"""The dice tray (each die, its modifiers and the result) and the game log (each entry names its rule). Both draw
only the screen model (play/screen.py).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.panels.rule_view import rule_tooltip
from cs_desktop.play.screen import ScreenModel, result_title


class DieFace(QWidget):
    def __init__(self, value: int, modified: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = value
        self.modified = modified
        self.setFixedSize(30, 40)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(QColor("white"))
        p.setPen(QPen(QColor("#2a2118"), 1.5))
        p.drawRoundedRect(QRectF(2, 2, 26, 26), 5, 5)
        pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
                5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
        p.setBrush(QColor("#2a2118"))
        p.setPen(Qt.PenStyle.NoPen)
        for cx, cy in pips.get(self.value, []):
            p.drawEllipse(QRectF(5 + cx * 7.5, 5 + cy * 7.5, 5, 5))
        p.setPen(QPen(QColor("#1f5fa8")))
        f = QFont(self.font())
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(0, 28, 30, 12), Qt.AlignmentFlag.AlignCenter, str(self.modified))
        p.end()


class DiceTray(QWidget):
    """The last rolls: each die, its modifiers (with where they come from) and the modified result."""

    MAX = 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice-tray")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(self.scroll_area)
        self._last: Any = None
        self.entries: list[str] = []

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        events = [e for e in screen.events() if e.get("type") == "roll"]
        rolls = events[-self.MAX:][::-1]
        key = (screen.has_game, view is None, tuple(e["n"] for e in rolls))
        if key == self._last:
            return
        self._last = key
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        self.entries = []
        if not rolls:
            empty = "No game yet." if not screen.has_game else "No dice rolled yet." if view is not None else \
                "Hidden until the next player takes the screen."
            lay.addWidget(QLabel(empty))
        names = screen.ship_names
        for k, e in enumerate(rolls):
            frame = QFrame()
            frame.setFrameShape(QFrame.Shape.StyledPanel)
            if k == 0:
                frame.setStyleSheet("QFrame { background:#fff8e1; }")
            fl = QVBoxLayout(frame)
            fl.setContentsMargins(4, 2, 4, 2)
            who = names.get(e.get("ship") or "", "") or screen.side_name(e.get("side"))
            title = (f"<b>{html.escape(str(e.get('purpose', 'roll')))}</b> — {html.escape(who)} "
                     f"<span style='color:#666'>(rule {e.get('rule')}, turn {e.get('turn')}, "
                     f"impulse {e.get('impulse')})</span>")
            lab = QLabel(title)
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setWordWrap(True)
            fl.addWidget(lab)
            row = QHBoxLayout()
            dice: list[int] = e.get("dice", [])
            modified: list[int] = e.get("modified", dice)
            for v, m in list(zip(dice, modified, strict=False))[:24]:
                row.addWidget(DieFace(int(v), int(m)))
            if len(dice) > 24:
                row.addWidget(QLabel(f"… {len(dice) - 24} more"))
            row.addStretch(1)
            fl.addLayout(row)
            mods = [str(label) for label, _v in e.get("modifiers", [])]  # plain text: no HTML escaping
            bonus = sum(e.get("card_bonus", []) or [0])
            if bonus:
                mods.append(f"Bridge Cards +{bonus} on single dice (1.7.3)")
            text = "Modifiers: " + ("; ".join(mods) if mods else "none")
            text += f" → {modified}"
            ml = QLabel(text)
            ml.setTextFormat(Qt.TextFormat.PlainText)  # "Bridge Card 'Steady'" shows its quotes, not &#x27;
            ml.setWordWrap(True)
            fl.addWidget(ml)
            self.entries.append(f"{e.get('purpose')}: {dice} -> {modified} ({'; '.join(mods)})")
            lay.addWidget(frame)
        lay.addStretch(1)
        old = self.scroll_area.takeWidget()
        if old is not None:
            old.deleteLater()
        self.scroll_area.setWidget(body)


class GameLog(QWidget):
    """The game log: each entry names its rule; clicking (or Enter on) an entry shows the rule's text."""

    ruleClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.list = QListWidget()
        self.list.setObjectName("log")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        lay.addWidget(self.list)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        self._shown: list[int] = []
        self._key: Any = None
        self._verdict = ""  # the result line last added below the events

    def _clicked(self, item: QListWidgetItem) -> None:
        rule = item.data(Qt.ItemDataRole.UserRole)
        if rule:
            self.ruleClicked.emit(str(rule))

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        if view is None:
            self.list.clear()
            self._shown = []
            self._key = None
            self._verdict = ""
            return
        events = view.get("events", [])
        key = (screen.key[0], screen.viewer)
        ns = [e["n"] for e in events]
        if key != self._key or ns[:len(self._shown)] != self._shown:
            self.list.clear()
            self._shown = []
            self._key = key
            self._verdict = ""
        if len(events) > len(self._shown) and self._verdict:  # events after the result line: it goes last again
            self.list.takeItem(self.list.count() - 1)
            self._verdict = ""
        start = len(self._shown)
        for e in events[start:]:
            prefix = f"T{e.get('turn')}" + (f".{e.get('impulse')}" if e.get("impulse") else "")
            item = QListWidgetItem(f"{prefix}  [{e.get('rule')}]  {e.get('text')}")
            item.setData(Qt.ItemDataRole.UserRole, e.get("rule"))
            item.setToolTip(rule_tooltip(str(e.get("rule"))))
            if e.get("type") == "roll":
                item.setForeground(QColor("#1f5fa8"))
            elif e.get("type") in ("game_end", "strike", "captured"):
                f = item.font()
                f.setBold(True)
                item.setFont(f)
            self.list.addItem(item)
            self._shown.append(e["n"])
        self._show_result(screen)
        if len(events) > start:
            self.list.scrollToBottom()

    def _show_result(self, screen: ScreenModel) -> None:
        """The last line: the result in the one wording the game-over dialog uses (screen.result_title)."""
        verdict = f"Result: {result_title(screen)}" if screen.ended and screen.result is not None else ""
        if verdict == self._verdict:
            return
        if self._verdict:
            self.list.takeItem(self.list.count() - 1)
        self._verdict = verdict
        if verdict:
            item = QListWidgetItem(verdict)
            f = item.font()
            f.setBold(True)
            item.setFont(f)
            self.list.addItem(item)
        self.list.scrollToBottom()
