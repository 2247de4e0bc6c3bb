"""What the board draws on the glass, in view pixels whatever the zoom: rulers along the top and left edges of
the view with the column and row numbers of the squares in sight (the (col, row) the log names, counted
from 0 as the engine does), and the wind box."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF

from cs_desktop.gui.board_paint import HEADING_NAMES, SQUARE, _font, heading_angle
from cs_desktop.rules.movement_rates import wind_from

RULER = 18.0  # thickness of the rulers, pixels
MIN_LABEL_PX = 16.0  # numbers closer than this are thinned out (every 2nd, 5th, ...)


def ruler_marks(board: Any) -> list[tuple[str, int, QPointF]]:
    """("col", x, point) for each column in sight (point: viewport pixels, on the top ruler, at the
    column's centre) and ("row", y, point) for each row (on the left ruler, at the row's centre)."""
    if board.map_size is None:
        return []
    w, h = board.map_size
    seen = board.visible_scene_rect()
    pps = board.zoom_level() * SQUARE  # pixels a square
    every = 1
    while pps * every < MIN_LABEL_PX:
        every = {1: 2, 2: 5, 5: 10}.get(every, every * 2)
    marks: list[tuple[str, int, QPointF]] = []
    x0, x1 = max(0, math.floor(seen.left() / SQUARE)), min(w - 1, math.floor(seen.right() / SQUARE))
    y0, y1 = max(0, math.floor(seen.top() / SQUARE)), min(h - 1, math.floor(seen.bottom() / SQUARE))
    for x in range(x0, x1 + 1):
        if x % every == 0:
            p = board.mapFromScene(QPointF((x + 0.5) * SQUARE, 0.0))
            marks.append(("col", x, QPointF(p.x(), RULER / 2)))
    for y in range(y0, y1 + 1):
        if y % every == 0:
            p = board.mapFromScene(QPointF(0.0, (y + 0.5) * SQUARE))
            marks.append(("row", y, QPointF(RULER / 2 + 2, p.y())))
    return marks


def draw_rulers(painter: QPainter, board: Any) -> None:
    """The rulers, drawn once into a pixmap kept on the board until the zoom, scroll or size changes."""
    vp = board.viewport()
    t = board.viewportTransform()
    key = (vp.width(), vp.height(), t.m11(), t.m22(), t.dx(), t.dy(), board.map_size)
    cached = getattr(board, "_ruler_cache", None)
    if cached is None or cached[0] != key:
        ratio = vp.devicePixelRatioF()
        pixmap = QPixmap(int(vp.width() * ratio), int(vp.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        try:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            _paint_rulers(p, board)
        finally:
            p.end()
        cached = (key, pixmap)
        board._ruler_cache = cached
    w, h = vp.width(), vp.height()
    for r in (QRectF(0, 0, w, RULER + 1), QRectF(0, RULER + 1, RULER + 5, h - RULER - 1)):  # the strips only
        painter.drawPixmap(r, cached[1], QRectF(r.x() * ratio_of(cached[1]), r.y() * ratio_of(cached[1]),
                                                r.width() * ratio_of(cached[1]), r.height() * ratio_of(cached[1])))


def ratio_of(pixmap: QPixmap) -> float:
    return float(pixmap.devicePixelRatio())


def _paint_rulers(painter: QPainter, board: Any) -> None:
    vw, vh = board.viewport().width(), board.viewport().height()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(238, 242, 244, 235))
    painter.drawRect(QRectF(0, 0, vw, RULER))
    painter.drawRect(QRectF(0, RULER, RULER + 4, vh - RULER))
    painter.setPen(QPen(QColor("#8aa5b2"), 1))
    painter.drawLine(QPointF(0, RULER), QPointF(vw, RULER))
    painter.drawLine(QPointF(RULER + 4, RULER), QPointF(RULER + 4, vh))
    painter.setFont(_font(10, True))
    painter.setPen(QColor("#2f4b59"))
    for axis, n, p in ruler_marks(board):
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


def wind_box_rect() -> QRectF:
    """Where the wind box sits in the viewport (pixels)."""
    return QRectF(RULER + 10, RULER + 6, 206, 46)


def draw_wind_box(painter: QPainter, view: dict[str, Any]) -> None:
    wind = int(view.get("wind", 1))
    frm = wind_from(wind)
    box = wind_box_rect()
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
