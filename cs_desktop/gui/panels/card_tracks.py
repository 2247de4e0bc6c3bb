"""The drawn parts of a ship card: a numbered box track (crew, rigging, gunnery) and a row of marked pills
(quality, morale, sail, chasers). Promoted widgets of ui/ship_card.ui (built empty by the form)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

PAPER = QColor("#f4ecd8")
INK = QColor("#2a2118")
DAMAGED = QColor("#b9ad97")
MARKER = QColor("#1f5fa8")
RED = QColor("#b3261e")


class BoxTrack(QWidget):
    """A row of numbered boxes with a marker, wrapping to more rows when narrow.

    `boxes` are (label, subtitle, red) per box; `marker` is the index of the box holding the marker (None: no
    marker); boxes after the marker are damaged (when `damage_above`); `manned` boxes get a crew dot.
    """

    def __init__(self, parent: QWidget | None = None, box: int = 24) -> None:
        super().__init__(parent)
        self.boxes: list[tuple[str, str, bool]] = []
        self.marker: int | None = None
        self.damage_above = True
        self.manned: set[int] = set()
        self.box = box
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_boxes(self, boxes: list[tuple[str, str, bool]], marker: int | None, manned: set[int] | None = None,
                  damage_above: bool = True) -> None:
        self.boxes = boxes
        self.marker = marker
        self.manned = manned or set()
        self.damage_above = damage_above
        self.updateGeometry()
        self.update()

    def _per_row(self, width: int) -> int:
        return max(1, (width - 2) // (self.box + 2))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        rows = max(1, -(-len(self.boxes) // self._per_row(width)))
        return rows * (self.box + 2) + 2

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(min(len(self.boxes), 14) * (self.box + 2) + 4, self.heightForWidth(14 * (self.box + 2) + 4))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(4 * (self.box + 2), self.box + 4)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        per = self._per_row(self.width())
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.72))
        bold = QFont(self.font())
        bold.setBold(True)
        for i, (label, sub, red) in enumerate(self.boxes):
            r, c = divmod(i, per)
            rect = QRectF(1 + c * (self.box + 2), 1 + r * (self.box + 2), self.box, self.box)
            damaged = self.damage_above and self.marker is not None and i > self.marker
            p.setPen(QPen(INK, 1))
            p.setBrush(DAMAGED if damaged else PAPER)
            p.drawRect(rect)
            if i == self.marker:
                p.setPen(QPen(MARKER, 2.5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(rect.adjusted(2, 2, -2, -2))
            p.setPen(QPen(RED if red else INK))
            p.setFont(bold if i == self.marker else self.font())
            if sub:
                p.setFont(small)
                p.drawText(rect.adjusted(0, 0, 0, -self.box / 2 + 2), Qt.AlignmentFlag.AlignCenter, label)
                p.drawText(rect.adjusted(0, self.box / 2 - 2, 0, 0), Qt.AlignmentFlag.AlignCenter, sub)
            else:
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            if damaged:
                p.setPen(QPen(RED, 1.2))
                p.drawLine(rect.topLeft(), rect.bottomRight())
            if i in self.manned:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor("#2e7d32"))
                p.drawEllipse(QRectF(rect.right() - 6, rect.top() + 1, 5, 5))
        p.end()


class Pills(QWidget):
    """A row of labelled boxes, one of them marked (morale, sail state, crew quality, loads)."""

    def __init__(self, parent: QWidget | None = None, labels: list[str] | None = None) -> None:
        super().__init__(parent)
        self.labels: list[QLabel] = []
        if labels:
            self.set_labels(labels)

    def set_labels(self, labels: list[str]) -> None:
        """The pills, once (the form builds the row empty)."""
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        for text in labels:
            lab = QLabel(text)
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setMargin(2)
            lay.addWidget(lab)
            self.labels.append(lab)
        lay.addStretch(1)

    def mark(self, index: int | None, red: set[int] | None = None) -> None:
        for i, lab in enumerate(self.labels):
            colour = "#b3261e" if red and i in red else "#2a2118"
            if i == index:
                lab.setStyleSheet(f"border:2px solid #1f5fa8; background:#d9e6f6; color:{colour}; font-weight:bold;")
            else:
                lab.setStyleSheet(f"border:1px solid #8c7b62; color:{colour};")
