"""The board's standing pieces: labels that keep their size, the sea and grid, the compass and wind marker,
the start squares and the ship tokens."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
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

from cs_desktop.gui.board.paint import (
    GRID,
    HEADING_NAMES,
    HIGHLIGHT,
    KIND,
    PAYLOAD,
    SEA,
    SQUARE,
    Z_COMPASS,
    Z_SEA,
    Z_SHIP,
    Z_START,
    _font,
    _letters_by_r,
    _octagon,
    _polar,
    heading_angle,
    nation_colors,
    square_center,
)
from cs_desktop.rules.movement_rates import wind_from


class LabelItem(QGraphicsItem):
    """Text that keeps its size on screen whatever the zoom (ItemIgnoresTransformations), with an optional
    rounded background. `anchor`: where the label sits relative to its position: 'center', 'below' (top edge
    at the point), 'above', 'left', 'right', or a corner: 'below_right' (top-left corner at the point),
    'below_left', 'above_right', 'above_left'. `board_labels` moves labels about by anchor and position."""

    ANCHORS = ("center", "below", "above", "left", "right", "below_right", "below_left", "above_right",
               "above_left")

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
        self._size = (0.0, 0.0)
        self._offset = offset
        self.anchor = anchor
        self.full_text = text
        self.set_text(text, anchor, offset)

    def set_compact(self, on: bool) -> None:
        """Show the short form of the text ("Congress 2" for "Congress (2)": a ship's number without its
        brackets) or the full one; the label's anchor stays."""
        text = re.sub(r" \((\d+)\)", r" \1", self.full_text) if on else self.full_text
        if text != self._text:
            self.prepareGeometryChange()
            self.set_text(text, self.anchor, self._offset)

    def set_text(self, text: str, anchor: str = "center", offset: tuple[float, float] = (0.0, 0.0)) -> None:
        self._text = text
        fm = QFontMetricsF(self._font)
        lines = text.split("\n")
        w = max(fm.horizontalAdvance(line) for line in lines) + 8
        h = fm.height() * len(lines) + 4
        self._size = (w, h)
        self._offset = offset
        self._edges: dict[str, tuple[float, float, float, float]] = {}
        self.set_anchor(anchor)

    def local_rect(self, anchor: str) -> QRectF:
        """The label's rectangle (pixels, relative to its position) were it anchored so."""
        w, h = self._size
        ox, oy = self._offset
        x, y = {"center": (-w / 2, -h / 2), "below": (-w / 2, 0.0), "above": (-w / 2, -h),
                "left": (-w, -h / 2), "right": (0.0, -h / 2), "below_right": (0.0, 0.0),
                "below_left": (-w, 0.0), "above_right": (0.0, -h), "above_left": (-w, -h)}[anchor]
        return QRectF(x + ox, y + oy, w, h)

    def edges(self) -> dict[str, tuple[float, float, float, float]]:
        """anchor -> (left, top, right, bottom) of `local_rect(anchor)`, for every anchor (computed once)."""
        if not self._edges:
            for a in self.ANCHORS:
                r = self.local_rect(a)
                self._edges[a] = (r.left(), r.top(), r.right(), r.bottom())
        return self._edges

    def set_anchor(self, anchor: str) -> None:
        self.prepareGeometryChange()
        self.anchor = anchor
        self._rect = self.local_rect(anchor)
        self._brect = self._rect.adjusted(-1, -1, 1, 1)
        self.update()

    def footprint(self, zoom: float) -> QRectF:
        """The scene rectangle the label covers at view zoom `zoom` (pixels per scene unit)."""
        r = self._rect
        z = zoom if zoom > 0 else 1.0
        p = self.scenePos()
        return QRectF(p.x() + r.x() / z, p.y() + r.y() / z, r.width() / z, r.height() / z)

    def text(self) -> str:
        return self._text

    def boundingRect(self) -> QRectF:
        return self._brect

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
        self.look: tuple[Any, ...] = ()  # what the token shows (board_scene reuses a token that looks the same)
        self.home = QPointF()  # where the token stands (its position once a glide has ended; board_motion)

    def place(self, pos: QPointF) -> None:
        self.home = QPointF(pos)
        self.setPos(pos)

    def boundingRect(self) -> QRectF:
        r = SQUARE * 0.56
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(_octagon(self.RADIUS))
        return path

    def _kit(self) -> tuple[Any, ...]:
        """Pens, brushes and shapes of this token, made once (a redraw only draws)."""
        kit = _KITS.get((self.nation, self.struck or self.captured))
        if kit is None:
            fill, line, text = nation_colors(self.nation)
            down = self.struck or self.captured
            if down:
                fill = QColor.fromHsv(fill.hue(), int(fill.saturation() * 0.25), min(255, fill.value() + 40))
                line = QColor("#555555")
                text = QColor("#333333")
            R = self.RADIUS
            kit = (QColor(0, 0, 0, 45), _octagon(R).translated(1.5, 1.5), QPen(line, 1.6), fill, _octagon(R),
                   line if not down else QColor("#777777"), QPen(line, 1),
                   QPolygonF([QPointF(0, -SQUARE * 0.555), QPointF(SQUARE * 0.12, -R * 0.86),
                              QPointF(-SQUARE * 0.12, -R * 0.86)]),
                   QPen(QColor(text.red(), text.green(), text.blue(), 110), 1.2), text, down)
            _KITS[(self.nation, self.struck or self.captured)] = kit
        return kit

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        shadow, shadow_poly, line_pen, fill, octagon, pointer_brush, pointer_pen, pointer, keel_pen, text, down = \
            self._kit()
        R = self.RADIUS
        # shadow, token, bow pointer
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shadow)
        painter.drawPolygon(shadow_poly)
        painter.setPen(line_pen)
        painter.setBrush(fill)
        painter.drawPolygon(octagon)
        painter.setBrush(pointer_brush)
        painter.setPen(pointer_pen)
        painter.drawPolygon(pointer)
        # keel line: stern to bow
        painter.setPen(keel_pen)
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
            p = _LETTER_SPOTS[r]
            painter.save()
            painter.translate(p)
            painter.rotate(-rot)  # keep letters upright
            size = SQUARE * (0.22 if own else 0.17)
            if own:
                painter.setPen(_OWN_PEN)
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



_KITS: dict[tuple[str | None, bool], tuple[Any, ...]] = {}
_OWN_PEN = QPen(QColor("#6b4f00"), 0.8)
_LETTER_SPOTS = [_polar(ShipItem.RADIUS * 0.64, 45.0 * r) for r in range(8)]
