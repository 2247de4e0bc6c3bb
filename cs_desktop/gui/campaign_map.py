"""The campaign map (issue 15 item 6): a Qt Graphics View of the sea areas and ports where the campaign's data
places them (`position`: latitude and longitude, drawn on a plain equirectangular chart), the squadron's
station marked, the month and the weather in its tooltip (the page's heading says them). It draws the presenter's `CampaignMap` and nothing else."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsTextItem, QGraphicsView, QWidget

from cs_desktop.play.campaign_presenter import CampaignMap

SCALE = 12.0  # scene units a degree
SEA, LAND_FRIEND, LAND_ENEMY, HERE = QColor("#1d3b5c"), QColor("#e8d9a8"), QColor("#c0504d"), QColor("#ffd24a")


def _xy(pos: tuple[float, float]) -> tuple[float, float]:
    lat, lon = pos
    return lon * SCALE, -lat * SCALE


def _candidates(w: float, h: float, dx: float, dy: float, kind: str) -> list[tuple[float, float]]:
    """Where a label of w x h pixels may sit around its point, its own place (dx, dy) first: a port's name right
    or left of its dot, a line or two higher or lower, or centred below or above it; an area's or the squadron's
    name shifted down or up in half-line steps, and sideways."""
    if kind == "port":
        rows = [dy, 4.0, dy - h, 4 + h, dy - 2 * h, 4 + 2 * h]
        return [(x, y) for y in rows for x in (dx, -w - 8)] + [(-w / 2, 8), (-w / 2, -h - 8)]
    return [(dx + side, dy + k * h / 2) for k in (0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6)
            for side in (0.0, 60.0, -60.0)]


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
        #: the labels in the order they are placed (the squadron's, then ports', then areas'): item, its point,
        #: its own offset and kind ("port", "area", "here")
        self.labels: list[tuple[QGraphicsTextItem, tuple[float, float], tuple[float, float], str]] = []
        self.dots: list[tuple[float, float]] = []

    def declutter(self) -> None:
        """Move each label to the first of its places where it covers no label placed before it and no port's
        dot, in view pixels (the labels keep their size while the chart is scaled, so this is redone at every
        fit); where every place is taken, the one that covers least."""
        t = self.transform()
        taken = [QRectF(t.map(QPointF(x, y)) - QPointF(7, 7), QSizeF(14, 14)) for x, y in self.dots]
        for item, (x, y), (dx, dy), kind in self.labels:
            br = item.boundingRect()
            at = t.map(QPointF(x, y))
            px, py = at.x(), at.y()

            def cover(off: tuple[float, float]) -> float:
                r = QRectF(px + off[0], py + off[1], br.width(), br.height())
                return sum(r.intersected(o).width() * r.intersected(o).height() for o in taken if r.intersects(o))

            options = _candidates(br.width(), br.height(), dx, dy, kind)
            best = next((o for o in options if cover(o) == 0), None) or min(options, key=cover)
            item.setTransform(QTransform.fromTranslate(*best))
            taken.append(QRectF(px + best[0], py + best[1], br.width(), br.height()))

    def show_map(self, m: CampaignMap) -> None:
        self.model = m
        scene = self.scene()
        scene.clear()
        self.labels, self.dots = [], []
        areas: list[tuple[QGraphicsTextItem, tuple[float, float], tuple[float, float], str]] = []
        ports: list[tuple[QGraphicsTextItem, tuple[float, float], tuple[float, float], str]] = []
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
            label.setTextWidth(150)
            areas.append((label, (x, y), (-60.0, 10.0), "area"))
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
            name = _text(scene, f"{p.name} ({p.nation})", bold if here else small, HERE if here else colour, x, y, 8, -12)
            ports.append((name, (x, y), (8.0, -12.0), "port"))
            self.dots.append((x, y))
        spot = next((p.position for p in m.ports if p.id == m.port), None) if m.port else None
        spot = spot or next((a.position for a in m.areas if a.id == m.area), None)
        if spot is not None:
            x, y = _xy(spot)
            squadron = _text(scene, "⚓ " + ", ".join(m.ships), bold, HERE, x, y, -20, -34)
            self.labels.append((squadron, (x, y), (-20.0, -34.0), "here"))
        self.labels += ports + areas
        # room for the labels, which keep their size: a margin of some degrees
        rect = scene.itemsBoundingRect().adjusted(-10 * SCALE, -4 * SCALE, 10 * SCALE, 3 * SCALE)
        self.setToolTip(f"{m.date} · {m.where}" + (f" · {m.weather}" if m.weather else ""))
        scene.setSceneRect(rect)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.declutter()

    def resizeEvent(self, event: object) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self.declutter()
