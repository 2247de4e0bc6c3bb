"""Decision-support items drawn over the board from the engine's advice: struck sections, maneuver ghosts,
firing arcs and range rings, lines of fire and the 9.3 shift ghosts."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from cs_desktop.gui.board.items import ShipItem
from cs_desktop.gui.board.paint import (
    KIND,
    PAYLOAD,
    PORT,
    SQUARE,
    STARBOARD,
    Z_ARCS,
    Z_MARKER,
    Z_OVERLAY,
    _octagon,
    _polar,
    _section_path,
    _unit,
    heading_angle,
    nation_colors,
)
from cs_desktop.rules import geometry as geo


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
        map_edge = self.preview.get("map_edge") or {}
        if map_edge.get("ends_game"):  # 9.3/18.0: off the map, the game ends
            edge = QColor("#c0392b")
            fill = QColor("#e74c3c")
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

