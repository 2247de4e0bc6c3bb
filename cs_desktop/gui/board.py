"""The board (BRIEF §1): a Qt Graphics View of the square-grid sea, drawn from one side's view dict.

What it shows: the grid with coordinates on its edges, the compass square with the heading numbers 1-8 and
the wind marker, the start squares A-D, the ships as octagonal tokens in their nation's colour with a bow
pointer and the eight wind-position letters (the ship's own wind position highlighted), smoke, On Fire and
grapple markers, ships sharing a square side by side, struck ships greyed and crossed.

Decision support drawn on top (from `cs_desktop.rules.advice`): maneuver ghosts (`show_maneuver_previews`),
firing arcs, MP range rings, the enemy sections a shot strikes and rakes (`show_firing`), and the 9.3
map-edge shift (`show_shift`).

Scene units: one square is `SQUARE` units; square (x, y) spans [x*S, (x+1)*S] x [y*S, (y+1)*S]. Ship tokens
are drawn bow-up and rotated by (heading - 1) * 45 degrees. Labels ignore the view's zoom
(`ItemIgnoresTransformations`) so they stay readable; items cache their drawing (STYLE, "chip" demo).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QLineF, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.movement_rates import wind_from
from cs_desktop.rules.tables import get_tables


SQUARE = 48.0
MARGIN = 26.0  # room around the map for the coordinate labels
KIND, PAYLOAD = 0, 1  # QGraphicsItem.data() keys

#: 2.0: red markers for the British player, white for the French, blue for the American.
NATION_COLORS: dict[str, tuple[str, str, str]] = {  # fill, outline, text
    "US": ("#2c5aa0", "#142c55", "#ffffff"),
    "GB": ("#b8312b", "#5c1210", "#ffffff"),
    "FR": ("#f6f3ea", "#3a3a3a", "#1b1b1b"),
}
OTHER_COLORS = ("#8a8f98", "#3b3f46", "#ffffff")
SEA = QColor("#d9e9f0")
GRID = QColor("#a9c6d3")
PORT = QColor(200, 50, 40)  # port is red, starboard green (running lights)
STARBOARD = QColor(30, 140, 70)
HIGHLIGHT = QColor("#f7c11e")
HEADING_NAMES = {1: "N", 2: "NE", 3: "E", 4: "SE", 5: "S", 6: "SW", 7: "W", 8: "NW"}
RING_LABELS = {3: "3 MP: carronades x2", 6: "6 MP: carronades", 12: "12 MP: defense +1", 24: "24 MP: long-gun range"}

Z_SEA, Z_START, Z_COMPASS, Z_ARCS, Z_SMOKE, Z_SHIP, Z_MARKER, Z_OVERLAY, Z_LABEL = 0, 1, 2, 3, 4, 10, 12, 14, 20


# ==================================================================================================== helpers
def square_center(x: float, y: float) -> QPointF:
    """Scene point at the centre of square (x, y)."""
    return QPointF((x + 0.5) * SQUARE, (y + 0.5) * SQUARE)


def heading_angle(heading: int) -> float:
    """Rotation in degrees (clockwise, Qt) of a token pointing along `heading`."""
    return (heading - 1) * 45.0


def _unit(heading: int) -> QPointF:
    dx, dy = geo.VECTORS[heading]
    n = math.hypot(dx, dy)
    return QPointF(dx / n, dy / n)


def _polar(radius: float, degrees: float) -> QPointF:
    """Token frame (bow up): the point at `degrees` clockwise from the bow."""
    a = math.radians(degrees)
    return QPointF(radius * math.sin(a), -radius * math.cos(a))


def _octagon(radius: float) -> QPolygonF:
    return QPolygonF([_polar(radius, 22.5 + 45 * k) for k in range(8)])


def nation_colors(nation: str | None) -> tuple[QColor, QColor, QColor]:
    fill, line, text = NATION_COLORS.get(nation or "", OTHER_COLORS)
    return QColor(fill), QColor(line), QColor(text)


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, int(round(px))))
    f.setBold(bold)
    return f


def _letters_by_r() -> dict[int, str]:
    tables = get_tables()
    return {r: tables.letter_for(r) for r in range(8)}


def _section_path(radius: float, section: str) -> QPainterPath:
    """The stretch of the octagon outline belonging to a broadside section (3.10), token frame."""
    v = [_polar(radius, 22.5 + 45 * k) for k in range(8)]  # v[k] at 22.5 + 45k degrees

    def mid(a: QPointF, b: QPointF) -> QPointF:
        return QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)

    pts = {
        "starboard_bow": [v[0], v[1], mid(v[1], v[2])],
        "starboard_aft": [mid(v[1], v[2]), v[2], v[3]],
        "port_aft": [v[4], v[5], mid(v[5], v[6])],
        "port_bow": [mid(v[5], v[6]), v[6], v[7]],
    }[section]
    path = QPainterPath(pts[0])
    for p in pts[1:]:
        path.lineTo(p)
    return path


# ==================================================================================================== items
class LabelItem(QGraphicsItem):
    """Text that keeps its size on screen whatever the zoom (ItemIgnoresTransformations), with an optional
    rounded background. `anchor`: 'center', 'below' (top edge at the point), 'above', 'left', 'right'."""

    def __init__(self, text: str, *, px: float = 11, bold: bool = False, color: QColor | str = "#1b1b1b",
                 background: QColor | str | None = None, border: QColor | str | None = None,
                 anchor: str = "center", offset: tuple[float, float] = (0.0, 0.0),
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._font = _font(px, bold)
        self._color = QColor(color)
        self._bg = QColor(background) if background is not None else None
        self._border = QColor(border) if border is not None else None
        self.set_text(text, anchor, offset)

    def set_text(self, text: str, anchor: str = "center", offset: tuple[float, float] = (0.0, 0.0)) -> None:
        self.prepareGeometryChange()
        self._text = text
        fm = QFontMetricsF(self._font)
        lines = text.split("\n")
        w = max(fm.horizontalAdvance(line) for line in lines) + 8
        h = fm.height() * len(lines) + 4
        ox, oy = offset
        x, y = {"center": (-w / 2, -h / 2), "below": (-w / 2, 0.0), "above": (-w / 2, -h),
                "left": (-w, -h / 2), "right": (0.0, -h / 2)}[anchor]
        self._rect = QRectF(x + ox, y + oy, w, h)
        self.update()

    def text(self) -> str:
        return self._text

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._bg is not None:
            painter.setPen(QPen(self._border, 1) if self._border is not None else Qt.PenStyle.NoPen)
            painter.setBrush(self._bg)
            painter.drawRoundedRect(self._rect, 4, 4)
        painter.setPen(self._color)
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._text)


class SeaItem(QGraphicsItem):
    """The sea and its grid, one item (exact bounding rect)."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.w, self.h = width, height
        self._rect = QRectF(0, 0, width * SQUARE, height * SQUARE)
        self.setZValue(Z_SEA)
        self.setData(KIND, "sea")
        lines = [QLineF(x * SQUARE, 0, x * SQUARE, height * SQUARE) for x in range(1, width)]
        lines += [QLineF(0, y * SQUARE, width * SQUARE, y * SQUARE) for y in range(1, height)]
        self._lines = lines

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.fillRect(self._rect, SEA)
        pen = QPen(GRID, 0)  # cosmetic: one pixel at every zoom
        painter.setPen(pen)
        painter.drawLines(self._lines)
        painter.setPen(QPen(QColor("#56798a"), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._rect)


class CompassItem(QGraphicsItem):
    """1.3/2.0: the compass square at the centre of the map with the heading numbers 1-8."""

    def __init__(self, square: tuple[int, int]) -> None:
        super().__init__()
        self.square = square
        self.setPos(square_center(*square))
        self.setZValue(Z_COMPASS)
        self.setData(KIND, "compass")
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip("Compass (1.3): headings 1-8 clockwise from north; the arrow is the wind marker, "
                        "pointing where the wind blows toward")

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE / 2 - 1, -SQUARE / 2 - 1, SQUARE + 2, SQUARE + 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        half = SQUARE / 2
        painter.setPen(QPen(QColor("#6d5a3a"), 1.2))
        painter.setBrush(QColor("#f3ead2"))
        painter.drawRect(QRectF(-half, -half, SQUARE, SQUARE))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#b7a47c"), 0.8))
        painter.drawEllipse(QPointF(0, 0), half * 0.62, half * 0.62)
        painter.setFont(_font(SQUARE * 0.19, True))
        painter.setPen(QColor("#4a3b22"))
        for h in range(1, 9):
            p = _polar(half * 0.80 * (1.0 if h % 2 else 1.12), heading_angle(h))
            r = QRectF(p.x() - 6, p.y() - 6, 12, 12)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, str(h))


class WindItem(QGraphicsItem):
    """The wind marker (2.0): an arrow in the compass square pointing where the wind blows toward."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_COMPASS + 0.5)
        self.setData(KIND, "wind")
        self.wind = 1
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_wind(self, wind: int) -> None:
        self.wind = wind
        self.setRotation(heading_angle(wind))
        frm = wind_from(wind)
        self.setToolTip(f"Wind blows toward {wind} ({HEADING_NAMES[wind]}), from {frm} ({HEADING_NAMES[frm]})")

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE * 0.2, -SQUARE * 0.4, SQUARE * 0.4, SQUARE * 0.8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        L = SQUARE * 0.36
        painter.setPen(QPen(QColor("#0d3a66"), SQUARE * 0.06))
        painter.drawLine(QPointF(0, L * 0.95), QPointF(0, -L * 0.35))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#0d3a66"))
        painter.drawPolygon(QPolygonF([QPointF(0, -L), QPointF(SQUARE * 0.14, -L * 0.35),
                                       QPointF(-SQUARE * 0.14, -L * 0.35)]))
        # fletching at the tail (where the wind comes from)
        painter.setPen(QPen(QColor("#0d3a66"), SQUARE * 0.035))
        for dy in (0.55, 0.8):
            painter.drawLine(QPointF(0, L * dy), QPointF(-SQUARE * 0.09, L * (dy + 0.22)))
            painter.drawLine(QPointF(0, L * dy), QPointF(SQUARE * 0.09, L * (dy + 0.22)))


class StartItem(QGraphicsItem):
    """2.0: a named start square (A-D), subtly marked."""

    def __init__(self, name: str, square: tuple[int, int]) -> None:
        super().__init__()
        self.name, self.square = name, square
        self.setPos(square_center(*square))
        self.setZValue(Z_START)
        self.setData(KIND, "start")
        self.setData(PAYLOAD, name)
        self.setToolTip(f"Start square {name} {square} (2.0)")

    def boundingRect(self) -> QRectF:
        return QRectF(-SQUARE / 2, -SQUARE / 2, SQUARE, SQUARE)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = QRectF(-SQUARE / 2 + 3, -SQUARE / 2 + 3, SQUARE - 6, SQUARE - 6)
        painter.setPen(QPen(QColor(70, 110, 130, 150), 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(255, 255, 255, 40))
        painter.drawRect(r)
        painter.setPen(QColor(60, 95, 115, 170))
        painter.setFont(_font(SQUARE * 0.22, True))
        painter.drawText(QRectF(-SQUARE / 2 + 5, -SQUARE / 2 + 3, SQUARE * 0.4, SQUARE * 0.3),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, self.name)


class ShipItem(QGraphicsItem):
    """A ship token: an octagon in the nation's colour, bow pointer, the wind-position letters A-H at their
    places (the ship's own position highlighted). Drawn bow-up, rotated to its heading."""

    RADIUS = SQUARE * 0.42

    def __init__(self, ship_id: str, name: str, nation: str | None, heading: int, wind: int,
                 struck: bool = False, captured: bool = False, scale: float = 1.0) -> None:
        super().__init__()
        self.ship_id = ship_id
        self.name = name
        self.nation = nation
        self.heading = heading
        self.struck = struck
        self.captured = captured
        self.setData(KIND, "ship")
        self.setData(PAYLOAD, ship_id)
        self.setZValue(Z_SHIP)
        self.setScale(scale)
        self.setRotation(heading_angle(heading))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(True)
        frm = wind_from(wind)
        self.wind_r = (frm - heading) % 8
        self.wind_position = _letters_by_r()[self.wind_r]
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def boundingRect(self) -> QRectF:
        r = SQUARE * 0.56
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(_octagon(self.RADIUS))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill, line, text = nation_colors(self.nation)
        down = self.struck or self.captured
        if down:
            fill = QColor.fromHsv(fill.hue(), int(fill.saturation() * 0.25), min(255, fill.value() + 40))
            line = QColor("#555555")
            text = QColor("#333333")
        R = self.RADIUS
        # shadow, token, bow pointer
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 45))
        painter.drawPolygon(_octagon(R).translated(1.5, 1.5))
        painter.setPen(QPen(line, 1.6))
        painter.setBrush(fill)
        painter.drawPolygon(_octagon(R))
        painter.setBrush(line if not down else QColor("#777777"))
        painter.setPen(QPen(line, 1))
        painter.drawPolygon(QPolygonF([QPointF(0, -SQUARE * 0.555), QPointF(SQUARE * 0.12, -R * 0.86),
                                       QPointF(-SQUARE * 0.12, -R * 0.86)]))
        # keel line: stern to bow
        painter.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 110), 1.2))
        painter.drawLine(QPointF(0, R * 0.55), QPointF(0, -R * 0.55))
        # wind-position letters; with few pixels a square, only the ship's own one
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        all_letters = lod * SQUARE >= 54
        letters = _letters_by_r()
        rot = self.rotation()
        for r in range(8):
            own = r == self.wind_r
            if not own and not all_letters:
                continue
            p = _polar(R * 0.64, 45.0 * r)
            painter.save()
            painter.translate(p)
            painter.rotate(-rot)  # keep letters upright
            size = SQUARE * (0.22 if own else 0.17)
            if own:
                painter.setPen(QPen(QColor("#6b4f00"), 0.8))
                painter.setBrush(HIGHLIGHT)
                painter.drawEllipse(QPointF(0, 0), size * 0.72, size * 0.72)
                painter.setPen(QColor("#1b1b1b"))
            else:
                painter.setPen(text)
            painter.setFont(_font(size, own))
            painter.drawText(QRectF(-size, -size, 2 * size, 2 * size), Qt.AlignmentFlag.AlignCenter, letters[r])
            painter.restore()
        if down:
            painter.setPen(QPen(QColor(40, 40, 40, 200), 2.2))
            d = R * 0.6
            painter.drawLine(QPointF(-d, -d), QPointF(d, d))
            painter.drawLine(QPointF(-d, d), QPointF(d, -d))


class SectionsItem(QGraphicsItem):
    """Highlights some broadside sections of a ship (the ones a shot would strike, 11.4.10)."""

    def __init__(self, sections: Iterable[str], color: QColor, rake: str | None = None) -> None:
        super().__init__()
        self.sections = tuple(sections)
        self.color = color
        self.rake = rake
        self.setZValue(Z_MARKER)
        self.setData(KIND, "sections")

    def boundingRect(self) -> QRectF:
        r = SQUARE * 0.6
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.color, SQUARE * 0.09)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for s in self.sections:
            painter.drawPath(_section_path(ShipItem.RADIUS + SQUARE * 0.05, s))
        if self.rake:
            # a rake fires along the ship's length: a line through the keel
            painter.setPen(QPen(QColor(200, 20, 20, 210), SQUARE * 0.05, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(0, -SQUARE * 0.58), QPointF(0, SQUARE * 0.58))


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


class GhostItem(QGraphicsItem):
    """A maneuver preview: a ghost token where the ship would end, or (same square) an arrow to the new
    heading. Clicking it emits `BoardView.optionClicked(index)`."""

    def __init__(self, preview: Mapping[str, Any], nation: str | None, moves: bool) -> None:
        super().__init__()
        self.preview = dict(preview)
        self.index = int(preview["index"])
        self.nation = nation
        self.moves = moves
        self.heading = int(preview["heading"])
        self.from_heading = int(preview.get("from_heading", self.heading))
        self.setData(KIND, "preview")
        self.setData(PAYLOAD, self.index)
        self.setZValue(Z_OVERLAY)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def boundingRect(self) -> QRectF:
        r = SQUARE * 1.05
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        if self.moves:
            path.addPolygon(_octagon(ShipItem.RADIUS))
        else:
            tip = self._tip()
            path.addEllipse(tip, SQUARE * 0.2, SQUARE * 0.2)
        return path

    def _tip(self) -> QPointF:
        m = self.preview["maneuver"]
        if m == "back_sail":  # drawn astern, off the port quarter (the name label sits below the token)
            u = _polar(SQUARE * 0.8, heading_angle(self.from_heading) + 215.0)
            return u
        u = _unit(self.heading)
        return QPointF(u.x() * SQUARE * 0.8, u.y() * SQUARE * 0.8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill, line, _ = nation_colors(self.nation)
        strain = self.preview.get("strain_needed")
        edge = QColor("#d35400") if strain else QColor("#102a43")
        if self.moves:
            painter.save()
            painter.rotate(heading_angle(self.heading))
            fill.setAlpha(70)
            painter.setPen(QPen(edge, 1.8, Qt.PenStyle.DashLine))
            painter.setBrush(fill)
            painter.drawPolygon(_octagon(ShipItem.RADIUS))
            painter.setBrush(edge)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPolygon(QPolygonF([QPointF(0, -SQUARE * 0.555), QPointF(SQUARE * 0.12, -ShipItem.RADIUS * 0.86),
                                           QPointF(-SQUARE * 0.12, -ShipItem.RADIUS * 0.86)]))
            painter.restore()
            return
        tip = self._tip()
        back = self.preview["maneuver"] == "back_sail"
        start = QPointF(tip.x() * 0.45, tip.y() * 0.45)
        pen = QPen(edge, 2.4, Qt.PenStyle.DashLine if back else Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        painter.drawLine(start, tip)
        length = math.hypot(tip.x(), tip.y()) or 1.0
        ux, uy = tip.x() / length, tip.y() / length
        head = SQUARE * 0.16
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(edge)
        painter.drawPolygon(QPolygonF([
            tip + QPointF(ux * head * 0.6, uy * head * 0.6),
            tip + QPointF(-ux * head * 0.6 - uy * head * 0.6, -uy * head * 0.6 + ux * head * 0.6),
            tip + QPointF(-ux * head * 0.6 + uy * head * 0.6, -uy * head * 0.6 - ux * head * 0.6),
        ]))


class ArcItem(QGraphicsItem):
    """Firing arcs (11.1, 11.9) shaded square by square, and the MP range rings (11.2, 11.4.7) — one item."""

    def __init__(self, picture: Mapping[str, Any], width: int, height: int) -> None:
        super().__init__()
        self.setZValue(Z_ARCS)
        self.setData(KIND, "arcs")
        self._rect = QRectF(0, 0, width * SQUARE, height * SQUARE)
        self.fills: list[tuple[QColor, list[QRectF]]] = []
        for key, color in (("port", PORT), ("starboard", STARBOARD)):
            c = QColor(color)
            c.setAlpha(46)
            rects = [QRectF(x * SQUARE, y * SQUARE, SQUARE, SQUARE) for x, y in picture["arcs"].get(key, ())]
            self.fills.append((c, rects))
        chaser = QColor(90, 90, 110, 22)
        rects = [QRectF(x * SQUARE, y * SQUARE, SQUARE, SQUARE)
                 for end in ("bow", "stern") for x, y in picture.get("chaser_arcs", {}).get(end, ())]
        self.fills.append((chaser, rects))
        sx, sy = picture["square"]
        self.rings: dict[int, list[QLineF]] = {}
        for mp in sorted(set(picture.get("rings", {}).values())):
            self.rings[mp] = _ring_lines((sx, sy), mp, width, height)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for color, rects in self.fills:
            painter.setBrush(color)
            for r in rects:
                painter.drawRect(r)
        for mp, lines in self.rings.items():
            color = QColor("#0b3954") if mp == 24 else QColor("#7a4b00") if mp <= 6 else QColor("#2b4162")
            pen = QPen(color, 2.0 if mp == 24 else 1.4, Qt.PenStyle.DashLine if mp != 24 else Qt.PenStyle.SolidLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines(lines)


def _ring_lines(center: tuple[int, int], mp: int, width: int, height: int) -> list[QLineF]:
    """Edges between squares within `mp` MP of `center` and squares beyond it (the outline of the range)."""
    cx, cy = center
    reach = mp // 2 + 1
    inside = set()
    for y in range(cy - reach, cy + reach + 1):
        for x in range(cx - reach, cx + reach + 1):
            if geo.mp_distance(center, (x, y)) <= mp:
                inside.add((x, y))
    lines = []
    for (x, y) in inside:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (x + dx, y + dy) in inside:
                continue
            if dx == 1:
                ln = QLineF((x + 1) * SQUARE, y * SQUARE, (x + 1) * SQUARE, (y + 1) * SQUARE)
            elif dx == -1:
                ln = QLineF(x * SQUARE, y * SQUARE, x * SQUARE, (y + 1) * SQUARE)
            elif dy == 1:
                ln = QLineF(x * SQUARE, (y + 1) * SQUARE, (x + 1) * SQUARE, (y + 1) * SQUARE)
            else:
                ln = QLineF(x * SQUARE, y * SQUARE, (x + 1) * SQUARE, y * SQUARE)
            # clip to the map
            r = QRectF(0, 0, width * SQUARE, height * SQUARE)
            if r.adjusted(-0.1, -0.1, 0.1, 0.1).contains(ln.p1()) and r.adjusted(-0.1, -0.1, 0.1, 0.1).contains(ln.p2()):
                lines.append(ln)
    return lines


class LineOfFireItem(QGraphicsItem):
    """A line from the firer to a target, coloured by the broadside that bears."""

    def __init__(self, a: QPointF, b: QPointF, color: QColor, dashed: bool) -> None:
        super().__init__()
        self.a, self.b = a, b
        self.color = color
        self.dashed = dashed
        self.setZValue(Z_OVERLAY - 1)
        self.setData(KIND, "line_of_fire")

    def boundingRect(self) -> QRectF:
        return QRectF(self.a, self.b).normalized().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.color, 2.0, Qt.PenStyle.DashLine if self.dashed else Qt.PenStyle.SolidLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLine(self.a, self.b)


class ShiftItem(QGraphicsItem):
    """9.3: a ghost of where a piece was before the map-edge shift, with an arrow to where it is now."""

    def __init__(self, old: QPointF, new: QPointF) -> None:
        super().__init__()
        self.old, self.new = old, new
        self.setZValue(Z_OVERLAY)
        self.setData(KIND, "shift")

    def boundingRect(self) -> QRectF:
        r = SQUARE * 0.6
        return QRectF(self.old, self.new).normalized().adjusted(-r, -r, r, r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(60, 60, 60, 170), 1.5, Qt.PenStyle.DotLine))
        painter.setBrush(QColor(255, 255, 255, 60))
        painter.drawPolygon(_octagon(ShipItem.RADIUS).translated(self.old))
        painter.setPen(QPen(QColor("#6a1b9a"), 2.4))
        painter.drawLine(self.old, self.new)
        d = self.new - self.old
        n = math.hypot(d.x(), d.y()) or 1.0
        ux, uy = d.x() / n, d.y() / n
        h = SQUARE * 0.18
        painter.setBrush(QColor("#6a1b9a"))
        painter.setPen(Qt.PenStyle.NoPen)
        tip = self.new
        painter.drawPolygon(QPolygonF([tip, tip + QPointF(-ux * h - uy * h * 0.6, -uy * h + ux * h * 0.6),
                                       tip + QPointF(-ux * h + uy * h * 0.6, -uy * h - ux * h * 0.6)]))


# ==================================================================================================== the view
class BoardView(QGraphicsView):
    """The board. Feed it a side's view dict (`game.view(side)`) with `set_view`; overlays come from
    `cs_desktop.rules.advice` (`show_maneuver_previews`, `show_firing`) and the 9.3 shift (`show_shift`).

    Signals: `squareClicked(x, y)` (a click on the sea), `shipClicked(ship_id)`, `optionClicked(index)`
    (the index of a maneuver preview, `preview["index"]`).
    """

    squareClicked = Signal(int, int)
    shipClicked = Signal(str)
    optionClicked = Signal(int)

    MIN_SCALE, MAX_SCALE, STEP = 0.12, 8.0, 1.2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setBackgroundBrush(QColor("#eef2f4"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self.view: dict[str, Any] = {}
        self.names: dict[str, str] = {}
        self.map_size: tuple[int, int] | None = None
        # items, by role (tests and the main window may look at them)
        self.sea_item: SeaItem | None = None
        self.compass_item: CompassItem | None = None
        self.wind_item: WindItem | None = None
        self.coordinate_labels: list[LabelItem] = []
        self.start_items: dict[str, StartItem] = {}
        self.ship_items: dict[str, ShipItem] = {}
        self.name_labels: dict[str, LabelItem] = {}
        self.smoke_items: list[SmokeItem] = []
        self.fire_items: list[FireItem] = []
        self.grapple_items: list[GrappleItem] = []
        self.preview_items: list[QGraphicsItem] = []
        self.firing_items: list[QGraphicsItem] = []
        self.shift_items: list[QGraphicsItem] = []
        self._dynamic: list[QGraphicsItem] = []
        self._press: QPoint | None = None
        self._dragging = False
        self._shift_timer = QTimer(self)
        self._shift_timer.setSingleShot(True)
        # a weak reference: a bound method here would make a reference cycle view -> timer -> view that
        # only the garbage collector breaks, possibly after QApplication is gone (a crash at exit)
        me = weakref.ref(self)
        self._shift_timer.timeout.connect(lambda: _call(me, "_clear_shift"))

    # ------------------------------------------------------------------ public API
    def set_ship_names(self, names: Mapping[str, str]) -> None:
        """Ship id -> display name (the view dict carries only the card id): e.g. `{s: c.name for s, c in
        game.cards.items()}`."""
        self.names.update(names)

    def set_view(self, view: Mapping[str, Any], names: Mapping[str, str] | None = None) -> None:
        """Redraw from a side's view dict. Clears the maneuver and firing overlays (they belong to the old
        position); a running 9.3 shift display is kept."""
        if names:
            self.set_ship_names(names)
        self.view = dict(view)
        size = view.get("map_size") or [get_tables().map.width, get_tables().map.height]
        size_t = (int(size[0]), int(size[1]))
        if size_t != self.map_size:
            self._build_static(size_t)
        self._clear(self.preview_items)
        self._clear(self.firing_items)
        self._clear(self._dynamic)
        self.ship_items.clear()
        self.name_labels.clear()
        self.smoke_items.clear()
        self.fire_items.clear()
        self.grapple_items.clear()
        wind = int(view.get("wind", 1))
        assert self.wind_item is not None
        self.wind_item.set_wind(wind)
        self._build_ships(view, wind)
        self._build_smoke(view)
        self._build_grapples(view)
        self.viewport().update()

    def ship_name(self, ship_id: str) -> str:
        if ship_id in self.names:
            return self.names[ship_id]
        ship = self.view.get("ships", {}).get(ship_id, {})
        card = str(ship.get("card", ship_id))
        return card.replace("-", " ").title()

    def show_maneuver_previews(self, ship_id: str, previews: Sequence[Mapping[str, Any]]) -> None:
        """Ghosts for `advice.maneuver_previews(...)`: a ghost token where an Advance ends, an arrow to the new
        heading for a Wear or Tack, a backward arrow for Back Sail; each labelled with the maneuver, its MP
        cost, the wind position it gives and whether it needs a Strain. The forbidden ones are listed (rule
        and reason) in the tooltips. Clicking a ghost emits `optionClicked(preview["index"])`."""
        self._clear(self.preview_items)
        ship = self.view.get("ships", {}).get(ship_id)
        if ship is None:
            return
        nation = self._nation(ship)
        legal = [p for p in previews if p.get("legal", True)]
        banned = [p for p in previews if not p.get("legal", True)]
        banned_text = ""
        if banned:
            banned_text = "\n\nNot allowed now:\n" + "\n".join(
                f"  {p['label']}: {p.get('why', '')} ({p.get('rule', '')})" for p in banned)
        origin = square_center(ship["x"], ship["y"])
        for p in legal:
            sq = p.get("square") or [ship["x"], ship["y"]]
            moves = list(sq) != [ship["x"], ship["y"]]
            ghost = GhostItem(p, nation, moves)
            ghost.setPos(square_center(*sq) if moves else origin)
            tip = self._preview_tooltip(p) + banned_text
            ghost.setToolTip(tip)
            self._add(ghost, self.preview_items)
            text = self._preview_text(p)
            if moves:
                anchor_pt = square_center(*sq)
                u = _unit(int(p["heading"]))
                label_pos = anchor_pt + QPointF(u.x() * SQUARE * 0.62, u.y() * SQUARE * 0.62)
                label_anchor = _anchor_for(u)
            else:
                t = ghost._tip()
                label_pos = origin + t * 1.25
                length = math.hypot(t.x(), t.y()) or 1.0
                label_anchor = _anchor_for(QPointF(t.x() / length, t.y() / length))
            color = "#fff4e5" if p.get("strain_needed") else "#ffffff"
            border = "#d35400" if p.get("strain_needed") else "#102a43"
            label = LabelItem(text, px=11, background=color, border=border, anchor=label_anchor)
            label.setPos(label_pos)
            label.setZValue(Z_LABEL)
            label.setData(KIND, "preview")
            label.setData(PAYLOAD, int(p["index"]))
            label.setToolTip(tip)
            label.setCursor(Qt.CursorShape.PointingHandCursor)
            self._add(label, self.preview_items)
        if banned:
            note = LabelItem(f"\u2715 {len(banned)} not allowed", px=10, color="#7b241c",
                             background=QColor(255, 255, 255, 225), border="#c0392b", anchor="left")
            note.setPos(origin + QPointF(-SQUARE * 0.55, SQUARE * 0.42))
            note.setZValue(Z_LABEL)
            note.setData(KIND, "forbidden")
            note.setToolTip("Not allowed now:\n" + "\n".join(
                f"{p['label']}: {p.get('why', '')} (rule {p.get('rule', '')})" for p in banned))
            self._add(note, self.preview_items)

    def show_firing(self, picture: Mapping[str, Any]) -> None:
        """Overlay for `advice.firing_picture(...)`: port arc red, starboard arc green, chaser arcs grey, the
        3/6/12/24 MP range outlines; for each enemy a line of fire and a label (MP, sections and dice, rake),
        and the enemy sections a shot would strike outlined on its token."""
        self._clear(self.firing_items)
        if self.map_size is None:
            return
        w, h = self.map_size
        self._add(ArcItem(picture, w, h), self.firing_items)
        sx, sy = picture["square"]
        center = square_center(sx, sy)
        # ring labels sit on the ring, astern of the firer (the chaser arc: least in the way)
        stern = geo.turn(int(picture.get("heading", 1)), 4)
        for mp in sorted(set(picture.get("rings", {}).values())):
            text = RING_LABELS.get(mp, f"{mp} MP")
            pt = None
            for turn in (4, 3, 5, 2, 6, 1, 7, 0):  # astern first, then round toward the bow
                direction = geo.turn(stern, turn - 4)
                vx, vy = geo.VECTORS[direction]
                k = 0
                while geo.mp_distance((sx, sy), (sx + (k + 1) * vx, sy + (k + 1) * vy)) <= mp:
                    k += 1
                last = (sx + k * vx, sy + k * vy)
                if 0 <= last[0] < w and 0 <= last[1] < h:
                    pt = square_center(*last) + QPointF(vx * SQUARE / 2, vy * SQUARE / 2)
                    break
            if pt is None:
                continue
            lab = LabelItem(text, px=9, color="#0b3954", background=QColor(255, 255, 255, 200),
                            border=QColor(11, 57, 84, 120), anchor="center")
            lab.setPos(pt)
            lab.setZValue(Z_LABEL - 1)
            lab.setData(KIND, "ring")
            lab.setData(PAYLOAD, mp)
            lab.setToolTip(f"{mp} MP from {picture.get('ship', 'the firer')} (11.2, 11.4.7)")
            self._add(lab, self.firing_items)
        for enemy in picture.get("enemies", ()):
            tid = enemy["target"]
            target_item = self.ship_items.get(tid)
            tpos = target_item.pos() if target_item is not None else square_center(*enemy["square"])
            side = enemy.get("in_arc")
            color = PORT if side == "port" else STARBOARD if side == "starboard" else QColor("#555555")
            can = bool(enemy.get("can_fire"))
            self._add(LineOfFireItem(center, tpos, color, dashed=not can), self.firing_items)
            if enemy.get("hit_sections") and target_item is not None:
                hi = SectionsItem(enemy["hit_sections"], QColor(247, 193, 30, 235), enemy.get("rake"))
                hi.setPos(tpos)
                hi.setRotation(target_item.rotation())
                hi.setScale(target_item.scale())
                hi.setToolTip("A shot strikes these sections (11.4.10)"
                              + (f"; RAKE of her {enemy['rake']} (11.8)" if enemy.get("rake") else ""))
                self._add(hi, self.firing_items)
            lines = [f"{self.ship_name(tid)}: {enemy['mp']} MP"]
            if side:
                secs = enemy.get("sections", {})
                parts = []
                for s, info in secs.items():
                    d = f"{info['long']}" + (f"+{info['carronades']}c" if info.get("carronades") else "")
                    if not info.get("can_fire"):
                        d += " (empty)" if not info.get("loaded") else " (no dice)"
                    parts.append(f"{s.split('_')[1]} {d}")
                lines.append(f"{side} broadside: " + ", ".join(parts))
                flags = []
                if enemy.get("carronades_doubled"):
                    flags.append("carronades x2")
                elif enemy.get("carronades_in_range"):
                    flags.append("carronades in range")
                flags.append(f"defense {enemy.get('defense_dice', 0)}d"
                             + (" +1" if enemy.get("defense_modifier") else ""))
                lines.append(", ".join(flags))
            elif enemy.get("chaser"):
                lines.append(f"{enemy['chaser']} chaser: {enemy.get('dice', 0)}d (rigging, 6s hit)")
            if enemy.get("rake"):
                lines.append(f"RAKE: her {enemy['rake']}!")
            if not can and enemy.get("why"):
                lines.append(enemy["why"])
            lab = LabelItem("\n".join(lines), px=10, bold=bool(enemy.get("rake")),
                            color="#7b241c" if enemy.get("rake") else "#102a43",
                            background=QColor(255, 255, 255, 225), border=color, anchor="below")
            lab.setPos(tpos + QPointF(0, SQUARE * 0.78))
            lab.setZValue(Z_LABEL)
            lab.setData(KIND, "target")
            lab.setData(PAYLOAD, tid)
            self._add(lab, self.firing_items)

    def show_shift(self, dx: int, dy: int, duration_ms: int = 4000) -> None:
        """9.3: show that every ship and smoke marker has just moved by (dx, dy): ghosts where the ships were,
        arrows to where they are, and a caption. Call after `set_view` with the shifted state. The display
        goes after `duration_ms` (0 keeps it until `clear_overlays`)."""
        self._clear_shift()
        if self.map_size is None:
            return
        for item in self.ship_items.values():
            new = item.pos()
            old = new - QPointF(dx * SQUARE, dy * SQUARE)
            self._add(ShiftItem(old, new), self.shift_items)
        w, _h = self.map_size
        caption = LabelItem(f"Map edge (9.3): all ships and smoke shifted {_shift_words(dx, dy)}",
                            px=13, bold=True, color="#ffffff", background=QColor(106, 27, 154, 225),
                            anchor="below")
        caption.setPos(QPointF(w * SQUARE / 2, SQUARE * 0.2))
        caption.setZValue(Z_LABEL + 1)
        caption.setData(KIND, "shift_caption")
        self._add(caption, self.shift_items)
        if duration_ms > 0:
            self._shift_timer.start(duration_ms)

    def clear_overlays(self) -> None:
        self._clear(self.preview_items)
        self._clear(self.firing_items)
        self._clear_shift()

    def fit_to_ships(self, margin_squares: float = 3.0) -> None:
        """Zoom and centre on the ships afloat (all ships if none is), with a margin."""
        items = [i for i in self.ship_items.values() if not (i.struck or i.captured)] or list(self.ship_items.values())
        if not items:
            self.fit_to_map()
            return
        rect = QRectF()
        for item in items:
            rect = rect.united(item.sceneBoundingRect())
        m = margin_squares * SQUARE
        rect = rect.adjusted(-m, -m, m, m)
        min_w, min_h = 12 * SQUARE, 8 * SQUARE
        if rect.width() < min_w:
            rect.adjust(-(min_w - rect.width()) / 2, 0, (min_w - rect.width()) / 2, 0)
        if rect.height() < min_h:
            rect.adjust(0, -(min_h - rect.height()) / 2, 0, (min_h - rect.height()) / 2)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._clamp_scale()

    def fit_to_map(self) -> None:
        self.fitInView(self.scene().itemsBoundingRect() if self.sea_item is None else
                       self.sea_item.sceneBoundingRect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN),
                       Qt.AspectRatioMode.KeepAspectRatio)

    def zoom_in(self) -> None:
        self._zoom(self.STEP)

    def zoom_out(self) -> None:
        self._zoom(1 / self.STEP)

    def zoom_level(self) -> float:
        """View pixels per scene unit."""
        return float(self.transform().m11())

    def square_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        if self.map_size is None:
            return None
        x = math.floor(scene_pos.x() / SQUARE)
        y = math.floor(scene_pos.y() / SQUARE)
        w, h = self.map_size
        return (x, y) if 0 <= x < w and 0 <= y < h else None

    # ------------------------------------------------------------------ building
    def _build_static(self, size: tuple[int, int]) -> None:
        scene = self.scene()
        scene.clear()
        self.coordinate_labels.clear()
        self.start_items.clear()
        self.preview_items.clear()
        self.firing_items.clear()
        self.shift_items.clear()
        self._dynamic.clear()
        self.map_size = size
        w, h = size
        self.sea_item = SeaItem(w, h)
        scene.addItem(self.sea_item)
        for x in range(w):
            for y_pos, anchor in ((-4.0, "above"), (h * SQUARE + 4.0, "below")):
                lab = LabelItem(str(x), px=10, color="#3e5c6b", anchor=anchor)
                lab.setPos(QPointF((x + 0.5) * SQUARE, y_pos))
                lab.setData(KIND, "coord")
                scene.addItem(lab)
                self.coordinate_labels.append(lab)
        for y in range(h):
            for x_pos, anchor in ((-4.0, "left"), (w * SQUARE + 4.0, "right")):
                lab = LabelItem(str(y), px=10, color="#3e5c6b", anchor=anchor)
                lab.setPos(QPointF(x_pos, (y + 0.5) * SQUARE))
                lab.setData(KIND, "coord")
                scene.addItem(lab)
                self.coordinate_labels.append(lab)
        m = get_tables().map
        for name, sq in m.start.items():
            if 0 <= sq[0] < w and 0 <= sq[1] < h:
                item = StartItem(name, (int(sq[0]), int(sq[1])))
                scene.addItem(item)
                self.start_items[name] = item
        compass = tuple(m.compass) if m.width == w and m.height == h else (w // 2, h // 2)
        self.compass_item = CompassItem((int(compass[0]), int(compass[1])))
        scene.addItem(self.compass_item)
        self.wind_item = WindItem()
        self.wind_item.setPos(square_center(*self.compass_item.square))
        scene.addItem(self.wind_item)
        r = QRectF(0, 0, w * SQUARE, h * SQUARE).adjusted(-MARGIN * 2, -MARGIN * 2, MARGIN * 2, MARGIN * 2)
        scene.setSceneRect(r)

    def _nation(self, ship: Mapping[str, Any]) -> str | None:
        side = self.view.get("sides", {}).get(ship.get("side"), {})
        return side.get("nation")

    def _build_ships(self, view: Mapping[str, Any], wind: int) -> None:
        ships = view.get("ships", {})
        by_square: dict[tuple[int, int], list[str]] = {}
        for sid, ship in ships.items():
            by_square.setdefault((int(ship["x"]), int(ship["y"])), []).append(sid)
        letters = _letters_by_r()
        for sq, ids in by_square.items():
            n = len(ids)
            for k, sid in enumerate(ids):
                ship = ships[sid]
                offset = _stack_offset(k, n)
                scale = 1.0 if n == 1 else 0.7
                item = ShipItem(sid, self.ship_name(sid), self._nation(ship), int(ship["heading"]), wind,
                                bool(ship.get("struck")), bool(ship.get("captured")), scale)
                item.setPos(square_center(*sq) + offset)
                item.setToolTip(self._ship_tooltip(sid, ship, letters))
                self._add(item, self._dynamic)
                self.ship_items[sid] = item
                status = ""
                if ship.get("captured"):
                    status = " (captured)"
                elif ship.get("struck"):
                    status = " (struck)"
                fill, line, _ = nation_colors(self._nation(ship))
                label = LabelItem(f"{self.ship_name(sid)}{status}", px=11, bold=True, color="#102a43",
                                  background=QColor(255, 255, 255, 215), border=line, anchor="below")
                label.setPos(item.pos() + QPointF(0, SQUARE * 0.5 * scale + 2))
                label.setZValue(Z_LABEL - 2)
                label.setData(KIND, "ship_label")
                label.setData(PAYLOAD, sid)
                self._add(label, self._dynamic)
                self.name_labels[sid] = label
                if ship.get("on_fire"):
                    fire = FireItem(sid)
                    fire.setPos(item.pos() + QPointF(SQUARE * 0.34 * scale, -SQUARE * 0.32 * scale))
                    self._add(fire, self._dynamic)
                    self.fire_items.append(fire)

    def _ship_tooltip(self, sid: str, ship: Mapping[str, Any], letters: Mapping[int, str]) -> str:
        wind = int(self.view.get("wind", 1))
        frm = wind_from(wind)
        letter = letters[(frm - int(ship["heading"])) % 8]
        h = int(ship["heading"])
        lines = [f"{self.ship_name(sid)} ({ship.get('side')})",
                 f"square ({ship['x']}, {ship['y']}), heading {h} ({HEADING_NAMES[h]}), wind position {letter}",
                 f"sail {ship.get('sail', '?')}, speed {ship.get('speed', '?')}"]
        if ship.get("on_fire"):
            lines.append("On Fire")
        if ship.get("struck"):
            lines.append("has struck her colours")
        return "\n".join(lines)

    def _build_smoke(self, view: Mapping[str, Any]) -> None:
        for entry in view.get("smoke", ()):
            x, y, values = entry
            if not values:
                continue
            item = SmokeItem((int(x), int(y)), values)
            self._add(item, self._dynamic)
            self._add(item.badge, self._dynamic)
            self.smoke_items.append(item)

    def _build_grapples(self, view: Mapping[str, Any]) -> None:
        for record in view.get("grapples", ()):
            ids = record.get("ships", [])
            if len(ids) != 2 or any(i not in self.ship_items for i in ids):
                continue
            a, b = (self.ship_items[i].pos() for i in ids)
            if a == b:
                b = b + QPointF(1, 1)
            item = GrappleItem(a, b, [self.ship_name(i) for i in ids], str(record.get("state", "grappled")))
            item.setData(PAYLOAD, list(ids))
            self._add(item, self._dynamic)
            self.grapple_items.append(item)

    # ------------------------------------------------------------------ overlays text
    @staticmethod
    def _preview_text(p: Mapping[str, Any]) -> str:
        text = f"{p['label']}  {p['cost']} MP -> {p['wind_position']}"
        if p.get("maneuver") == "tack" and "success_chance" in p:
            text += f"  {round(100 * p['success_chance'])}%"
        if p.get("strain_needed"):
            text += "\nneeds Strain"
        elif p.get("carries_over"):
            text += "\ncarries over"
        if p.get("map_edge"):
            text += "\nmap edge: shift" if not p["map_edge"].get("ends_game") else "\nOFF MAP: game ends"
        return text

    @staticmethod
    def _preview_tooltip(p: Mapping[str, Any]) -> str:
        lines = [f"{p['label']} (9.1): {p['cost']} MP, {p.get('remaining', '?')} activations left this turn",
                 f"ends at {tuple(p['square'])}, heading {p['heading']}, wind position {p['wind_position']} "
                 f"(from {p.get('wind_position_before', '?')})"]
        if p.get("free_turns"):
            lines.append("then may turn free to " + ", ".join(
                f"{t['wind_position']} (heading {t['heading']})" for t in p["free_turns"]) + " (9.1.1)")
        if p.get("maneuver") == "tack":
            lines.append(f"succeeds {round(100 * p.get('success_chance', 0))}%; if not, In Irons at heading "
                         f"{p.get('failure', {}).get('heading')} (9.1.4)")
        if p.get("strain_needed"):
            lines.append("carries over into next turn: needs a Strain (9.1 restriction 2)")
        if p.get("map_edge"):
            e = p["map_edge"]
            lines.append("the ship would leave the map: the game ends (9.3)" if e.get("ends_game")
                         else f"map edge: everything shifts by {tuple(e['shift'])} (9.3)")
        return "\n".join(lines)

    # ------------------------------------------------------------------ plumbing
    def _add(self, item: QGraphicsItem, bucket: list[QGraphicsItem]) -> None:
        self.scene().addItem(item)
        bucket.append(item)

    def _clear(self, bucket: list[QGraphicsItem]) -> None:
        scene = self.scene()
        for item in bucket:
            if item.scene() is scene:
                scene.removeItem(item)
        bucket.clear()

    def _clear_shift(self) -> None:
        self._shift_timer.stop()
        self._clear(self.shift_items)

    def _zoom(self, factor: float) -> None:
        current = self.zoom_level()
        target = min(self.MAX_SCALE, max(self.MIN_SCALE, current * factor))
        if current > 0 and target != current:
            self.scale(target / current, target / current)

    def _clamp_scale(self) -> None:
        s = self.zoom_level()
        if s > self.MAX_SCALE:
            self.scale(self.MAX_SCALE / s, self.MAX_SCALE / s)

    # ------------------------------------------------------------------ events
    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self._zoom(self.STEP ** steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F, Qt.Key.Key_Home):
            self.fit_to_ships()
        elif key == Qt.Key.Key_M:
            self.fit_to_map()
        elif key == Qt.Key.Key_Escape:
            self.clear_overlays()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = int(SQUARE * self.zoom_level())
            dx = {Qt.Key.Key_Left: -step, Qt.Key.Key_Right: step}.get(key, 0)
            dy = {Qt.Key.Key_Up: -step, Qt.Key.Key_Down: step}.get(key, 0)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press = event.position().toPoint()
            self._dragging = event.button() == Qt.MouseButton.MiddleButton
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None:
            pos = event.position().toPoint()
            delta = pos - self._press
            if self._dragging or delta.manhattanLength() > 4:
                self._dragging = True
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
                self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
                self._press = pos
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is not None:
            was_drag = self._dragging
            self._press = None
            self._dragging = False
            self.unsetCursor()
            if not was_drag and event.button() == Qt.MouseButton.LeftButton:
                self._click(event.position().toPoint())
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _click(self, pos: QPoint) -> None:
        for item in self.items(pos):
            node: QGraphicsItem | None = item
            while node is not None:
                kind = node.data(KIND)
                if kind == "preview":
                    self.optionClicked.emit(int(node.data(PAYLOAD)))
                    return
                if kind in ("ship", "ship_label"):
                    self.shipClicked.emit(str(node.data(PAYLOAD)))
                    return
                node = node.parentItem()
        sq = self.square_at(self.mapToScene(pos))
        if sq is not None:
            self.squareClicked.emit(sq[0], sq[1])

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        """A small wind box in the corner of the view, readable at any zoom."""
        if not self.view:
            return
        wind = int(self.view.get("wind", 1))
        frm = wind_from(wind)
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(8, 8, 206, 46)
        painter.setPen(QPen(QColor("#56798a"), 1))
        painter.setBrush(QColor(255, 255, 255, 225))
        painter.drawRoundedRect(box, 6, 6)
        c = QPointF(box.left() + 23, box.center().y())
        painter.translate(c)
        painter.rotate(heading_angle(wind))
        painter.setPen(QPen(QColor("#0d3a66"), 3))
        painter.drawLine(QPointF(0, 14), QPointF(0, -6))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#0d3a66"))
        painter.drawPolygon(QPolygonF([QPointF(0, -16), QPointF(7, -5), QPointF(-7, -5)]))
        painter.resetTransform()
        painter.setPen(QColor("#102a43"))
        painter.setFont(_font(12, True))
        painter.drawText(QRectF(box.left() + 46, box.top() + 5, 158, 18), Qt.AlignmentFlag.AlignLeft,
                         f"Wind toward {wind} ({HEADING_NAMES[wind]})")
        painter.setFont(_font(11))
        turn = self.view.get("turn")
        painter.drawText(QRectF(box.left() + 46, box.top() + 24, 158, 18), Qt.AlignmentFlag.AlignLeft,
                         f"from {frm} ({HEADING_NAMES[frm]}) · turn {turn}" if turn else f"from {frm}")
        painter.restore()


# ==================================================================================================== misc
def _call(ref: weakref.ReferenceType[Any], method: str) -> None:
    obj = ref()
    if obj is not None:
        getattr(obj, method)()


def _stack_offset(k: int, n: int) -> QPointF:
    """9.2: ships sharing a square are drawn side by side (smaller), so both are visible."""
    if n <= 1:
        return QPointF(0, 0)
    d = SQUARE * 0.22
    spots = [QPointF(-d, -d), QPointF(d, d), QPointF(d, -d), QPointF(-d, d)]
    return spots[k % 4]


def _anchor_for(u: QPointF) -> str:
    if abs(u.x()) > abs(u.y()) * 1.2:
        return "right" if u.x() > 0 else "left"
    return "below" if u.y() > 0 else "above"


def _shift_words(dx: int, dy: int) -> str:
    parts = []
    if dx:
        parts.append(f"{abs(dx)} square{'s' if abs(dx) != 1 else ''} {'east' if dx > 0 else 'west'}")
    if dy:
        parts.append(f"{abs(dy)} square{'s' if abs(dy) != 1 else ''} {'south' if dy > 0 else 'north'}")
    return " and ".join(parts) or "not at all"


__all__ = ["BoardView", "SQUARE", "square_center", "heading_angle", "ShipItem", "GhostItem", "LabelItem"]
