"""Markers on the board: smoke (11.6), On Fire (11.5) and grapples (12.0)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from cs_desktop.gui.board_items import LabelItem
from cs_desktop.gui.board_paint import KIND, PAYLOAD, SQUARE, Z_MARKER, Z_SMOKE, _font, square_center


class SmokeItem(QGraphicsItem):
    """11.6: the smoke markers in one square (Smoke-2 and Smoke-1 counts)."""

    def __init__(self, square: tuple[int, int], values: Sequence[int]) -> None:
        super().__init__()
        self.square = square
        self.values = list(values)
        self.setPos(square_center(*square))
        self.setZValue(Z_SMOKE)
        self.setData(KIND, "smoke")
        self.setData(PAYLOAD, list(square))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        twos = sum(1 for v in self.values if v == 2)
        ones = sum(1 for v in self.values if v == 1)
        self.setToolTip(f"Smoke at {square} (11.6): {twos} x Smoke-2, {ones} x Smoke-1; "
                        f"+{sum(self.values)} defense dice for a line of fire through it (11.4.6)")
        parts = []
        if twos:
            parts.append(f"{twos}x2" if twos > 1 else "2")
        if ones:
            parts.append(f"{ones}x1" if ones > 1 else "1")
        # the count sits above the ships (a token in the square must not hide it)
        self.badge = LabelItem("smoke " + "+".join(parts), px=9, bold=True, color="#ffffff",
                               background=QColor(70, 70, 70, 215), anchor="right", offset=(1.0, 7.0))
        self.badge.setData(KIND, "smoke")
        self.badge.setData(PAYLOAD, list(square))
        self.badge.setToolTip(self.toolTip())
        self.badge.setZValue(Z_MARKER)
        self.badge.setPos(QPointF(square[0] * SQUARE, square[1] * SQUARE))

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE / 2, -SQUARE / 2, SQUARE, SQUARE)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        total = sum(self.values)
        alpha = min(150, 50 + 18 * total)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(110, 110, 110, alpha))
        for cx, cy, rr in ((-0.24, -0.2, 0.2), (0.2, -0.26, 0.18), (0.27, 0.18, 0.17), (-0.2, 0.25, 0.19)):
            painter.drawEllipse(QPointF(cx * SQUARE, cy * SQUARE), rr * SQUARE, rr * SQUARE)


class FireItem(QGraphicsItem):
    """11.5: the On Fire marker on a ship."""

    def __init__(self, ship_id: str) -> None:
        super().__init__()
        self.ship_id = ship_id
        self.setZValue(Z_MARKER)
        self.setData(KIND, "fire")
        self.setData(PAYLOAD, ship_id)
        self.setToolTip("On Fire (11.5): +1 defense die for every shot at or by her (11.4.6)")

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE * 0.16, -SQUARE * 0.2, SQUARE * 0.32, SQUARE * 0.36)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = SQUARE
        flame = QPainterPath(QPointF(0, -0.19 * s))
        flame.cubicTo(QPointF(0.16 * s, -0.02 * s), QPointF(0.14 * s, 0.14 * s), QPointF(0, 0.15 * s))
        flame.cubicTo(QPointF(-0.14 * s, 0.14 * s), QPointF(-0.16 * s, -0.02 * s), QPointF(0, -0.19 * s))
        painter.setPen(QPen(QColor("#7a1d00"), 1))
        painter.setBrush(QColor("#ff6a00"))
        painter.drawPath(flame)
        painter.setBrush(QColor("#ffd23f"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(0, 0.06 * s), 0.06 * s, 0.07 * s)


class GrappleItem(QGraphicsItem):
    """12.0: a grapple marker between two ships."""

    def __init__(self, a: QPointF, b: QPointF, ships: Sequence[str], state: str) -> None:
        super().__init__()
        self.a, self.b = a, b
        self.state = state
        self.setZValue(Z_MARKER)
        self.setData(KIND, "grapple")
        self.setData(PAYLOAD, list(ships))
        self.setToolTip(f"{' and '.join(ships)}: {state} (12.0)")
        mid = (a + b) / 2
        self.setPos(mid)

    def boundingRect(self) -> QRectF:
        r = SQUARE * 0.2
        rect = QRectF(self.a - self.pos(), self.b - self.pos()).normalized()
        return rect.adjusted(-r, -r, r, r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        a, b = self.a - self.pos(), self.b - self.pos()
        painter.setPen(QPen(QColor("#3b2a14"), 2.2, Qt.PenStyle.DashDotLine))
        painter.drawLine(a, b)
        painter.setPen(QPen(QColor("#3b2a14"), 1.2))
        painter.setBrush(QColor("#e8d9b5"))
        painter.drawEllipse(QPointF(0, 0), SQUARE * 0.13, SQUARE * 0.13)
        painter.setFont(_font(SQUARE * 0.16, True))
        painter.drawText(QRectF(-SQUARE * 0.13, -SQUARE * 0.13, SQUARE * 0.26, SQUARE * 0.26),
                         Qt.AlignmentFlag.AlignCenter, "G")

