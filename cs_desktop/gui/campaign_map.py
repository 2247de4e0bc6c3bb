"""The campaign map (issue 15 item 6): a Qt Graphics View of the sea areas and ports where the campaign's data
places them (`position`: latitude and longitude, drawn on a plain equirectangular chart), the squadron's
station marked, the month and the weather in its tooltip (the page's heading says them). It draws the presenter's `CampaignMap` and nothing else."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsTextItem, QGraphicsView, QWidget

from cs_desktop.play.campaign_presenter import CampaignMap

SCALE = 12.0  # scene units a degree
SEA, LAND_FRIEND, LAND_ENEMY, HERE = QColor("#1d3b5c"), QColor("#e8d9a8"), QColor("#c0504d"), QColor("#ffd24a")


def _xy(pos: tuple[float, float]) -> tuple[float, float]:
    lat, lon = pos
    return lon * SCALE, -lat * SCALE


def _text(scene: QGraphicsScene, words: str, font: QFont, colour: QColor, x: float, y: float, dx: float = -60,
          dy: float = 10) -> QGraphicsTextItem:
    """A label that keeps its point size however small the chart is drawn (offset dx, dy in screen pixels)."""
    item = scene.addText(words, font)
    item.setDefaultTextColor(colour)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    item.setPos(x, y)
    item.setTransform(QTransform.fromTranslate(dx, dy))
    return item


class CampaignMapView(QGraphicsView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign-map")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(SEA))
        self.setMinimumSize(160, 160)
        self.model: CampaignMap | None = None

    def show_map(self, m: CampaignMap) -> None:
        self.model = m
        scene = self.scene()
        scene.clear()
        bold = QFont()
        bold.setPointSize(11)
        bold.setBold(True)
        small = QFont()
        small.setPointSize(10)
        bold.setPointSize(12)
        spare = 0
        for a in m.areas:
            if a.position is None:
                pos = (-5.0, -80.0 + 12 * spare)
                spare += 1
            else:
                pos = a.position
            x, y = _xy(pos)
            here = a.id == m.area and m.port is None
            ring = scene.addEllipse(QRectF(x - 70, y - 45, 140, 90),
                                    QPen(HERE if here else QColor("#7fa7cf"), 4 if here else 1.5, Qt.PenStyle.DashLine),
                                    QBrush(QColor(255, 255, 255, 40 if here else 18)))
            ring.setToolTip(a.name)
            label = _text(scene, a.name, bold if here else small, HERE if here else QColor("#dbe7f3"), x, y)
            label.setTextWidth(170)
        for p in m.ports:
            if p.position is None:
                continue
            x, y = _xy(p.position)
            here = p.id == m.port
            colour = LAND_FRIEND if p.friendly else LAND_ENEMY
            dot = scene.addEllipse(QRectF(-6, -6, 12, 12), QPen(HERE if here else Qt.GlobalColor.black, 3 if here
                                                               else 1), QBrush(colour))
            dot.setPos(x, y)
            dot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setToolTip(f"{p.name} ({p.nation}{'' if p.friendly else ', enemy'})")
            _text(scene, f"{p.name} ({p.nation})", bold if here else small, HERE if here else colour, x, y, 8, -12)
        spot = next((p.position for p in m.ports if p.id == m.port), None) if m.port else None
        spot = spot or next((a.position for a in m.areas if a.id == m.area), None)
        if spot is not None:
            x, y = _xy(spot)
            _text(scene, "⚓ " + ", ".join(m.ships), bold, HERE, x, y, -20, -34)
        # room for the labels, which keep their size: a margin of some degrees
        rect = scene.itemsBoundingRect().adjusted(-10 * SCALE, -4 * SCALE, 10 * SCALE, 3 * SCALE)
        self.setToolTip(f"{m.date} · {m.where}" + (f" · {m.weather}" if m.weather else ""))
        scene.setSceneRect(rect)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: object) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
