"""The impulse track (1.4, 7.0 step 8) with its load markers (10.0), and the bridge card hand (1.7). Both draw only
the screen model (play/screen.py).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.requests.base import card_text
from cs_desktop.gui.panels.ship_card import SECTION_LABELS
from cs_desktop.play.screen import ScreenModel

SIDE_COLOURS = ["#2b4c9b", "#b22222", "#2e7d32", "#6a1b9a"]
#: with more ships than this in the fight, ships of one side and speed share a row (they activate alike)
ROWS_UP_TO = 6
#: load markers drawn under one impulse at most (the rest as "+N"; all of them in the tooltip)
TAGS_UP_TO = 3


class ImpulseTrack(QWidget):
    """The impulse track (1.4, 7.0 step 8): twelve boxes, each ship's Activate! markers in its colour, the
    current impulse ringed, and load markers (10.0): your own with their load, the enemy's only as markers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("impulse-track")
        self.rows: list[tuple[str, str, list[int]]] = []  # (label, colour, activations per impulse 1..12)
        self.loads: dict[int, list[str]] = {}  # drawn (at most TAGS_UP_TO per impulse)
        self.all_loads: dict[int, list[str]] = {}  # every marker, for the tooltip
        self.current = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip("Impulse track: numbers are each ship's activations in that impulse (7.0 step 8); "
                        "small tags below are load markers due (10.0, 11.7)")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(480, self._height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(300, self._height())

    def _height(self) -> int:
        most = max([len(v) for v in self.loads.values()] + [0])
        return 22 + 16 * max(1, len(self.rows)) + 13 * most + 6

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        self.rows = []
        self.loads = {}
        self.all_loads = {}
        self.current = 0
        if view is None:
            self.updateGeometry()
            self.update()
            return
        from cs_desktop.rules.tables import get_tables

        tables = get_tables()
        seg = str(view.get("segment", ""))
        self.current = int(view.get("impulse", 0)) if seg.startswith("impulse") else 0
        sides = list(view["sides"])
        fighting = [(sid, ship) for sid, ship in view["ships"].items()
                    if not (ship.get("struck") or ship.get("captured") or ship.get("escaped"))]
        grouped: dict[tuple[str, int], list[str]] = {}
        for sid, ship in fighting:
            grouped.setdefault((str(ship["side"]), int(ship.get("speed") or 0)), []).append(screen.ship_name(sid))
        if len(fighting) <= ROWS_UP_TO:
            rows = [((str(ship["side"]), int(ship.get("speed") or 0)), [screen.ship_name(sid)])
                    for sid, ship in fighting]
        else:  # a fleet: one row per side and speed, "Congress (1) +4" (4 more ships)
            rows = sorted(grouped.items(), key=lambda kv: (sides.index(kv[0][0]), -kv[0][1]))
        for (side, speed), names in rows:
            colour = SIDE_COLOURS[sides.index(side) % len(SIDE_COLOURS)]
            acts = [tables.track.activations(speed, i) for i in range(1, 13)]
            label = names[0] if len(names) == 1 else f"{names[0]} +{len(names) - 1}"
            self.rows.append((f"{label} ({speed})", colour, acts))
        turn = int(view.get("turn", 1))
        viewer = screen.viewer
        for due, ship, slot, load, _delayed in view.get("reload_track", []):
            impulse = int(due) - (turn - 1) * 12
            if not 1 <= impulse <= 12:
                continue
            own = viewer is None or (ship in view["ships"] and view["ships"][ship]["side"] == viewer)
            sec = SECTION_LABELS.get(slot, slot)
            short = screen.ship_name(ship)
            text = f"{short} {sec}: {load}" if own and load else f"{short} {sec}"
            self.all_loads.setdefault(impulse, []).append(text)
        for impulse, items in self.all_loads.items():
            self.loads[impulse] = items if len(items) <= TAGS_UP_TO else \
                items[:TAGS_UP_TO - 1] + [f"+{len(items) - TAGS_UP_TO + 1} more"]
        self.updateGeometry()
        self.update()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = self.width()
        label_w = min(150, w // 4)
        box_w = (w - label_w - 4) / 12
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.75))
        p.setPen(QPen(QColor("#2a2118")))
        for i in range(12):
            x = label_w + i * box_w
            rect = QRectF(x, 2, box_w - 2, 18)
            if i + 1 == self.current:
                p.setBrush(QColor("#f6d365"))
            else:
                p.setBrush(QColor("#f4ecd8"))
            p.setPen(QPen(QColor("#2a2118"), 2 if i + 1 == self.current else 1))
            p.drawRect(rect)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(i + 1))
        p.setPen(QPen(QColor("#2a2118")))
        for r, (label, colour, acts) in enumerate(self.rows):
            y = 24 + r * 16
            p.setPen(QPen(QColor(colour)))
            p.setFont(small)
            p.drawText(QRectF(0, y, label_w - 4, 14), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       label)
            for i, n in enumerate(acts):
                if n <= 0:
                    continue
                x = label_w + i * box_w
                rect = QRectF(x + box_w / 2 - 7, y, 14, 14)
                p.setBrush(QColor(colour))
                p.setPen(Qt.PenStyle.NoPen)
                p.drawEllipse(rect)
                p.setPen(QPen(QColor("white")))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(n) if n > 1 else "●")
        base = 24 + 16 * max(1, len(self.rows)) + 2
        p.setFont(small)
        for impulse, items in self.loads.items():
            x = label_w + (impulse - 1) * box_w
            for k, text in enumerate(items):
                rect = QRectF(x, base + k * 13, box_w - 2, 12)
                p.setBrush(QColor("#e0d4b8"))
                p.setPen(QPen(QColor("#8c7b62")))
                p.drawRect(rect)
                p.setPen(QPen(QColor("#2a2118")))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text if box_w > 60 else "L")
        p.end()
        tips = []
        for impulse, items in sorted(self.all_loads.items()):
            tips.append(f"impulse {impulse}: " + "; ".join(items))
        self.setToolTip("Impulse track (7.0 step 8, 10.0). Load markers:\n" + ("\n".join(tips) or "none"))


class CardHand(QWidget):
    """The bridge card hand (1.7) of the side at the screen; the enemy's only as a count."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.list = QListWidget()
        self.list.setObjectName("hand")
        self.list.setWordWrap(True)
        lay.addWidget(self.list, 1)

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        self.list.clear()
        if view is None:
            self.title.setText("Hidden until the next player takes the screen.")
            return
        viewer = screen.viewer
        lines = []
        for sid, info in view["sides"].items():
            hand = info.get("hand")
            if isinstance(hand, list) and (viewer is None or sid == viewer):
                for card in hand:
                    item = QListWidgetItem(card_text(card))
                    item.setToolTip(card_text(card))
                    self.list.addItem(item)
                lines.append(f"<b>{html.escape(info['name'])}</b>: {len(hand)} card(s)")
            else:
                count = hand if isinstance(hand, int) else len(hand or [])
                lines.append(f"{html.escape(info['name'])}: {count} card(s), hidden")
        deck = view.get("deck")
        deck_n = deck if isinstance(deck, int) else len(deck or [])
        lines.append(f"Deck {deck_n} · hand limit by morale: Unfit 4, Fair 5, Handy 6 (1.7.2)")
        self.title.setText("<br>".join(lines))
