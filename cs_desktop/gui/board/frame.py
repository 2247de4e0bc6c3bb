"""What the board draws on the glass, in view pixels whatever the zoom: rulers along the top and left edges of
the view with the column and row numbers of the squares in sight (the (col, row) the log names, counted
from 0 as the engine does), and the wind box."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsView

from cs_desktop.gui.board.paint import HEADING_NAMES, MARGIN, SQUARE, _font, heading_angle
from cs_desktop.rules.movement_rates import wind_from
from cs_desktop.rules.view_types import SideView

RULER = 18.0  # thickness of the rulers, pixels
MIN_LABEL_PX = 16.0  # numbers closer than this are thinned out (every 2nd, 5th, ...)


def ruler_marks(view: QGraphicsView, map_size: tuple[int, int] | None) -> list[tuple[str, int, QPointF]]:
    """("col", x, point) for each column in sight (point: viewport pixels, on the top ruler, at the
    column's centre) and ("row", y, point) for each row (on the left ruler, at the row's centre), on `view`
    showing a map of `map_size` squares."""
    vp = view.viewport()
    return marks_for(view.viewportTransform(), vp.width(), vp.height(), map_size)


def marks_for(t: QTransform, width: int, height: int,
              map_size: tuple[int, int] | None) -> list[tuple[str, int, QPointF]]:
    """`ruler_marks` from the scene-to-viewport transform and the viewport's size (painting uses the
    painter's transform: nothing is asked of the view while it paints).

    A ruler is there only while the map's own numbers along that edge are out of sight (scrolled or zoomed
    away): with the whole map in view, the numbers printed around it already say the column and row, and a
    ruler beside them would print each number twice."""
    if map_size is None or t.m11() <= 0 or t.m22() <= 0:
        return []
    w, h = map_size
    inv, _ok = t.inverted()
    seen = inv.mapRect(QRectF(0, 0, width, height))
    cols_ruler, rows_ruler = edge_numbers_hidden(seen)
    pps = t.m11() * SQUARE  # pixels a square
    every = 1
    while pps * every < MIN_LABEL_PX:
        every = {1: 2, 2: 5, 5: 10}.get(every, every * 2)
    marks: list[tuple[str, int, QPointF]] = []
    x0, x1 = max(0, math.floor(seen.left() / SQUARE)), min(w - 1, math.floor(seen.right() / SQUARE))
    y0, y1 = max(0, math.floor(seen.top() / SQUARE)), min(h - 1, math.floor(seen.bottom() / SQUARE))
    for x in range(x0, x1 + 1):
        if cols_ruler and x % every == 0:
            p = t.map(QPointF((x + 0.5) * SQUARE, 0.0))
            marks.append(("col", x, QPointF(p.x(), RULER / 2)))
    for y in range(y0, y1 + 1):
        if rows_ruler and y % every == 0:
            p = t.map(QPointF(0.0, (y + 0.5) * SQUARE))
            marks.append(("row", y, QPointF(RULER / 2 + 2, p.y())))
    return marks


def edge_numbers_hidden(seen: QRectF) -> tuple[bool, bool]:
    """(columns, rows): whether the map's column numbers (above its top edge) and row numbers (left of its left
    edge) are out of sight in `seen`, the scene rectangle in view; the numbers sit within MARGIN of the edge."""
    return seen.top() > -MARGIN / 2, seen.left() > -MARGIN / 2


class RulerCache:
    """The rulers drawn once into a pixmap, kept until the zoom, scroll, size or map changes."""

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.pixmap: QPixmap | None = None

    def draw(self, painter: QPainter, t: QTransform, width: int, height: int, ratio: float,
             map_size: tuple[int, int] | None) -> None:
        key = (width, height, ratio, t.m11(), t.m22(), t.dx(), t.dy(), map_size)
        if self.pixmap is None or self.key != key:
            pixmap = QPixmap(int(width * ratio), int(height * ratio))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            try:
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
                _paint_rulers(p, marks_for(t, width, height, map_size), width, height)
            finally:
                p.end()
            self.key, self.pixmap = key, pixmap
        for r in (QRectF(0, 0, width, RULER + 1), QRectF(0, RULER + 1, RULER + 5, height - RULER - 1)):
            painter.drawPixmap(r, self.pixmap, QRectF(r.x() * ratio, r.y() * ratio, r.width() * ratio,
                                                      r.height() * ratio))  # the strips only


def _paint_rulers(painter: QPainter, marks: list[tuple[str, int, QPointF]], vw: int, vh: int) -> None:
    cols = any(axis == "col" for axis, _n, _p in marks)
    rows = any(axis == "row" for axis, _n, _p in marks)
    if not (cols or rows):
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(238, 242, 244, 235))
    if cols:
        painter.drawRect(QRectF(0, 0, vw, RULER))
    if rows:
        painter.drawRect(QRectF(0, RULER, RULER + 4, vh - RULER))
    painter.setPen(QPen(QColor("#8aa5b2"), 1))
    if cols:
        painter.drawLine(QPointF(0, RULER), QPointF(vw, RULER))
    if rows:
        painter.drawLine(QPointF(RULER + 4, RULER), QPointF(RULER + 4, vh))
    painter.setFont(_font(10, True))
    painter.setPen(QColor("#2f4b59"))
    for axis, n, p in marks:
        if axis == "col":
            if p.x() < RULER + 4:
                continue
            painter.drawText(QRectF(p.x() - 14, 0, 28, RULER), Qt.AlignmentFlag.AlignCenter, str(n))
        else:
            if p.y() < RULER:
                continue
            painter.drawText(QRectF(0, p.y() - 8, RULER + 4, 16), Qt.AlignmentFlag.AlignCenter, str(n))
    painter.setFont(_font(8))
    painter.setPen(QColor("#5d7886"))
    painter.drawText(QRectF(0, 0, RULER + 4, RULER), Qt.AlignmentFlag.AlignCenter, "c/r")


WIND_BOX = (206.0, 46.0)  # width, height, pixels
LEGEND_CLEARANCE = 44.0  # the Legend button sits at the bottom-left corner of the view


def wind_box_rect(width: float = 0.0, height: float = 0.0, tokens: Sequence[QRectF] = ()) -> QRectF:
    """Where the wind box sits in a `width` x `height` viewport (pixels): the top-left corner, unless it would
    cover a ship token there (`tokens`: viewport rectangles); then the first of top-right, bottom-right and
    bottom-left (above the Legend button) that covers none, or, where every corner covers one, the corner that
    covers least. A ship under the wind box could not be seen (nor clicked)."""
    w, h = WIND_BOX
    corners = [QRectF(RULER + 10, RULER + 6, w, h)]
    if width > w + RULER + 20 and height > h + RULER + LEGEND_CLEARANCE:
        corners += [QRectF(width - w - 10, RULER + 6, w, h), QRectF(width - w - 10, height - h - 10, w, h),
                    QRectF(RULER + 10, height - h - LEGEND_CLEARANCE, w, h)]

    def covered(box: QRectF) -> float:
        parts = [box.intersected(t) for t in tokens]
        return sum(p.width() * p.height() for p in parts if not p.isEmpty())

    return min(corners, key=covered)  # the first of equals: top-left whenever it covers nothing


def draw_wind_box(painter: QPainter, view: SideView, box: QRectF | None = None) -> None:
    """The wind box at `box` (viewport pixels; `wind_box_rect()` when None)."""
    wind = int(view.get("wind", 1))
    frm = wind_from(wind)
    box = box if box is not None else wind_box_rect()
    painter.setPen(QPen(QColor("#56798a"), 1))
    painter.setBrush(QColor(255, 255, 255, 225))
    painter.drawRoundedRect(box, 6, 6)
    painter.save()
    painter.translate(QPointF(box.left() + 23, box.center().y()))
    painter.rotate(heading_angle(wind))
    painter.setPen(QPen(QColor("#0d3a66"), 3))
    painter.drawLine(QPointF(0, 14), QPointF(0, -6))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#0d3a66"))
    painter.drawPolygon(QPolygonF([QPointF(0, -16), QPointF(7, -5), QPointF(-7, -5)]))
    painter.restore()
    painter.setPen(QColor("#102a43"))
    painter.setFont(_font(12, True))
    painter.drawText(QRectF(box.left() + 46, box.top() + 5, 158, 18), Qt.AlignmentFlag.AlignLeft,
                     f"Wind toward {wind} ({HEADING_NAMES[wind]})")
    painter.setFont(_font(11))
    turn = view.get("turn")
    painter.drawText(QRectF(box.left() + 46, box.top() + 24, 158, 18), Qt.AlignmentFlag.AlignLeft,
                     f"from {frm} ({HEADING_NAMES[frm]}) · turn {turn}" if turn else f"from {frm}")
