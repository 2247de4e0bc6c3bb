"""Islands and shoals on the board (rulings R9.1e-R9.1f, R11.4.6b): drawn on the sea, under the start squares,
arcs, smoke and ships. Islands are land: a sand-and-scrub fill with a dark shore line round each island (the
outline of the squares together, so a cay of four squares reads as one). Shoals are shallow water: a pale
fill with a light diagonal hatch and a dotted edge. Read from the side's view (`view["terrain"]`: terrain is
public), never from the game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from cs_desktop.gui.board.paint import KIND, PAYLOAD, SQUARE, Z_SEA, Z_START

Z_TERRAIN = (Z_SEA + Z_START) / 2  # above the sea and its grid, under everything else

LAND = QColor("#cdbb86")
LAND_SCRUB = QColor("#8fa05a")
SHORE = QColor("#5b4626")
SHOAL = QColor(236, 226, 190, 200)
SHOAL_HATCH = QColor("#7fa7b5")
SHOAL_EDGE = QColor("#9c8a55")

WORDS = {
    "island": "Island (R9.1e): land. No ship may enter it, and no shot crosses it (R11.4.6b).",
    "shoal": "Shoal (R9.1f): shallow water. A ship entering it sounds one die and runs aground on 2 or less "
             "(Crack +1, Green -1, Fighting Sail +1); aground she cannot move until she gets off (R17.0a: "
             "5 or more in Housekeeping, +1 with crew on Sailing).",
}


def terrain_squares(view: Mapping[str, Any], size: tuple[int, int]) -> dict[str, list[tuple[int, int]]]:
    """'island'/'shoal' -> its squares on the board (squares shifted off the board, R9.3i, are left out)."""
    out: dict[str, list[tuple[int, int]]] = {"island": [], "shoal": []}
    for entry in view.get("terrain", ()):
        x, y, kind = int(entry[0]), int(entry[1]), str(entry[2])
        if kind in out and 0 <= x < size[0] and 0 <= y < size[1]:
            out[kind].append((x, y))
    return out


def _outline(squares: Iterable[tuple[int, int]]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for x, y in squares:
        path.addRect(QRectF(x * SQUARE, y * SQUARE, SQUARE, SQUARE))
    return path.simplified()  # one outline round squares that touch


class TerrainItem(QGraphicsItem):
    """All the squares of one kind of terrain, as one path (`kind`: 'island' or 'shoal')."""

    def __init__(self, kind: str, squares: list[tuple[int, int]]) -> None:
        super().__init__()
        self.kind = kind
        self.squares = sorted(squares)
        self.path = _outline(self.squares)
        self.setZValue(Z_TERRAIN + (0.1 if kind == "island" else 0.0))
        self.setData(KIND, kind)
        self.setData(PAYLOAD, [list(sq) for sq in self.squares])
        self.setToolTip(WORDS[kind])
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        return self.path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.kind == "island":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LAND)
            painter.drawPath(self.path)
            painter.setBrush(LAND_SCRUB)
            for x, y in self.squares:  # a patch of scrub in each square, so that land never reads as sand only
                painter.drawEllipse(QRectF((x + 0.22) * SQUARE, (y + 0.26) * SQUARE, SQUARE * 0.5, SQUARE * 0.4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(SHORE, 2.2))
            painter.drawPath(self.path)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(SHOAL)
            painter.drawPath(self.path)
            hatch = QBrush(SHOAL_HATCH, Qt.BrushStyle.BDiagPattern)
            painter.setBrush(hatch)
            painter.drawPath(self.path)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(SHOAL_EDGE, 1.2, Qt.PenStyle.DotLine))
            painter.drawPath(self.path)


def terrain_items(view: Mapping[str, Any], size: tuple[int, int]) -> list[TerrainItem]:
    """The board's terrain items for a view: shoals first, then islands (none at open sea)."""
    squares = terrain_squares(view, size)
    return [TerrainItem(kind, squares[kind]) for kind in ("shoal", "island") if squares[kind]]
