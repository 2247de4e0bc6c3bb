"""Markers on the board: smoke (11.6), On Fire (11.5), grapples (12.0), prize crews (R18.0k) and ships aground
(R9.1f)."""

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

from cs_desktop.gui.board.paint import KIND, PAYLOAD, SQUARE, Z_MARKER, Z_SMOKE, _font, square_center


class SmokeItem(QGraphicsItem):
    """11.6: the smoke markers in one square, drawn as drifting smoke (one plume a marker, a Smoke-2 plume
    larger and darker than a Smoke-1) under the ships, with the defence dice they add (11.4.6) as a small
    badge in the square's top-left corner, above the ships (`badge`, a `SmokeBadge`)."""

    #: plume places in the square (fractions of a square) for the 1st, 2nd, ... marker
    SPOTS = ((-0.2, -0.16), (0.18, 0.14), (0.2, -0.2), (-0.18, 0.2), (0.0, 0.0))

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
        self.badge = SmokeBadge(square, sum(self.values), self.toolTip())

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE / 2, -SQUARE / 2, SQUARE, SQUARE)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = SQUARE
        for k, v in enumerate(sorted(self.values, reverse=True)[:len(self.SPOTS)]):
            cx, cy = self.SPOTS[k]
            r = s * (0.17 if v >= 2 else 0.13)
            shade = 80 if v >= 2 else 125
            painter.setPen(QPen(QColor(50, 50, 50, 150), 1.0))
            painter.setBrush(QColor(shade, shade, shade, 175))
            c = QPointF(cx * s, cy * s)
            # a plume: three puffs drifting up and to the right, the trail thinning
            for dx, dy, f in ((0.0, 0.0, 1.0), (r * 0.8, -r * 0.55, 0.8), (r * 1.45, -r * 1.0, 0.55)):
                painter.drawEllipse(c + QPointF(dx, dy), r * f, r * f * 0.85)


class SmokeBadge(QGraphicsItem):
    """The number on a smoke marker: the defence dice the smoke in the square adds (11.4.6), in a small dark
    disc at the square's top-left corner, clear of a ship token in the square (the octagon leaves the corners
    free)."""

    R = SQUARE * 0.15

    def __init__(self, square: tuple[int, int], value: int, tooltip: str) -> None:
        super().__init__()
        self.square = square
        self.value = value
        self.setPos(QPointF(square[0] * SQUARE + self.R * 0.6, square[1] * SQUARE + self.R * 0.6))
        self.setZValue(Z_MARKER)
        self.setData(KIND, "smoke")
        self.setData(PAYLOAD, list(square))
        self.setToolTip(tooltip)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def text(self) -> str:
        return str(self.value)

    def boundingRect(self) -> QRectF:
        r = self.R + 1
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#f2f2f2"), 1.0))
        painter.setBrush(QColor(55, 55, 55, 235))
        painter.drawEllipse(QPointF(0, 0), self.R, self.R)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(_font(self.R * 1.25, True))
        painter.drawText(QRectF(-self.R, -self.R, 2 * self.R, 2 * self.R), Qt.AlignmentFlag.AlignCenter,
                         self.text())


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


class PrizeItem(QGraphicsItem):
    """R18.0k: a ship held by a prize crew flies her captor's colours: a small ensign in the holding nation's
    colours on the struck token, with the number of crew points of the prize crew aboard."""

    W, H = SQUARE * 0.42, SQUARE * 0.3

    def __init__(self, ship_id: str, men: int, fill: QColor, line: QColor, tip: str) -> None:
        super().__init__()
        self.ship_id = ship_id
        self.men = men
        self.fill, self.line = QColor(fill), QColor(line)
        self.setZValue(Z_MARKER)
        self.setData(KIND, "prize")
        self.setData(PAYLOAD, ship_id)
        self.setToolTip(tip)

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE * 0.08, -self.H - 2, self.W + SQUARE * 0.1, self.H + SQUARE * 0.3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # the staff, then the ensign flying from it, the prize crew's strength on it
        painter.setPen(QPen(QColor("#3b2a14"), 2))
        painter.drawLine(QPointF(0, -self.H), QPointF(0, SQUARE * 0.24))
        flag = QRectF(0, -self.H, self.W, self.H)
        painter.setPen(QPen(self.line, 1.4))
        painter.setBrush(self.fill)
        painter.drawRect(flag)
        painter.setPen(QColor("#ffffff") if self.fill.lightness() < 150 else QColor("#102a43"))
        painter.setFont(_font(self.H * 0.78, True))
        painter.drawText(flag, Qt.AlignmentFlag.AlignCenter, str(self.men))


class AgroundItem(QGraphicsItem):
    """R9.1f: a ship aground on a shoal. A sandbank badge at her token's lower right corner, outside the wind
    position letters (a diamond of shoal sand with a dark edge, the bank and the water line across it)."""

    R = SQUARE * 0.2
    SAND, EDGE, BANK = QColor("#ecd9a0"), QColor("#5b4626"), QColor("#9c6b1f")

    def __init__(self, ship_id: str, tip: str) -> None:
        super().__init__()
        self.ship_id = ship_id
        self.setZValue(Z_MARKER)
        self.setData(KIND, "aground")
        self.setData(PAYLOAD, ship_id)
        self.setToolTip(tip)

    def boundingRect(self) -> QRectF:
        r = self.R + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_aground(painter, QPointF(0, 0), self.R)


def draw_aground(painter: QPainter, c: QPointF, r: float) -> None:
    """The aground badge centred on `c`, `r` from centre to corner (the board's marker and the legend's swatch)."""
    painter.save()
    diamond = [QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()), QPointF(c.x(), c.y() + r),
               QPointF(c.x() - r, c.y())]
    painter.setPen(QPen(AgroundItem.EDGE, max(1.2, r * 0.16)))
    painter.setBrush(AgroundItem.SAND)
    painter.drawPolygon(diamond)
    bank = QPainterPath(QPointF(c.x() - r * 0.62, c.y() + r * 0.3))  # the bank she lies on
    bank.quadTo(QPointF(c.x(), c.y() - r * 0.55), QPointF(c.x() + r * 0.62, c.y() + r * 0.3))
    bank.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(AgroundItem.BANK)
    painter.drawPath(bank)
    painter.setPen(QPen(QColor("#1f5b75"), max(1.0, r * 0.13)))  # the water line across it
    painter.drawLine(QPointF(c.x() - r * 0.45, c.y() + r * 0.45), QPointF(c.x() + r * 0.45, c.y() + r * 0.45))
    painter.restore()


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

