"""The campaign map (issue 15 item 6, issue 29 item 9): a Qt Graphics View of the sea areas and ports where the
campaign's data places them (`position`: latitude and longitude, drawn on a plain equirectangular chart) over the
real coastlines (Natural Earth, play/sea_chart.py), the squadron's station marked with its ships and the month's
weather, its track from port to station to port as a dashed line. It zooms with the wheel or +/- and pans by
dragging or with the arrow keys, like the tactical board; 0 or Home fits the campaign's waters again. It draws
the presenter's `CampaignMap` and nothing else."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QKeyEvent, QPainter, QPainterPath, QPen, QPolygonF, QTransform,
                           QWheelEvent)
from PySide6.QtWidgets import (QGraphicsDropShadowEffect, QGraphicsItem, QGraphicsScene, QGraphicsTextItem, QGraphicsView,
                               QWidget)

from cs_desktop.play.campaign_presenter import CampaignMap

SCALE = 12.0  # scene units a degree
SEA, LAND_FRIEND, LAND_ENEMY, HERE = QColor("#1d3b5c"), QColor("#e8d9a8"), QColor("#c0504d"), QColor("#ffd24a")
LAND, COAST = QColor("#6e6a4e"), QColor("#a9a27a")
ZOOM_STEP, MAX_ZOOM = 1.2, 12.0  # a wheel notch; the closest view, times the fitted one


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
    halo = QGraphicsDropShadowEffect()  # a dark halo: the words read over sea and land alike
    halo.setBlurRadius(7)
    halo.setOffset(0, 0)
    halo.setColor(QColor(0, 0, 0, 235))
    item.setGraphicsEffect(halo)
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
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)  # drag to pan; no scroll bars in the way
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.model: CampaignMap | None = None
        self.focus_rect = QRectF()  # the campaign's waters: what a fit shows
        self.zoom = 1.0  # times the fitted scale
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
        fonts = _fonts()
        self._draw_land(m)
        areas = self._draw_areas(m, fonts)
        ports = self._draw_ports(m, fonts)
        focus = QRectF()
        for item in scene.items():  # the campaign's waters: its areas and ports, not the whole land
            if item.data(0) not in ("land", "track") and not isinstance(item, QGraphicsTextItem):
                focus = focus.united(item.sceneBoundingRect())
        spot = next((p.position for p in m.ports if p.id == m.port), None) if m.port else None
        spot = spot or next((a.position for a in m.areas if a.id == m.area), None)
        self._draw_track(m.track + ([spot] if spot is not None else []))
        if spot is not None:
            x, y = _xy(spot)
            words = "⚓ " + ", ".join(m.ships) + (f"\n{m.weather}" if m.weather else "")
            squadron = _text(scene, words, fonts[0], HERE, x, y, -20, -34)
            self.labels.append((squadron, (x, y), (-20.0, -34.0), "here"))
        self.labels += ports + areas
        # room for the labels, which keep their size: a margin of some degrees; room beyond it to pan
        self.focus_rect = focus.adjusted(-10 * SCALE, -4 * SCALE, 10 * SCALE, 3 * SCALE)
        scene.setSceneRect(self.focus_rect.adjusted(-40 * SCALE, -25 * SCALE, 40 * SCALE, 25 * SCALE))
        self.setToolTip(f"{m.date} · {m.where}" + (f" · {m.weather}" if m.weather else "") +
                        (f"\n{m.chart_note}" if m.chart_note else ""))
        self.fit()

    def _draw_land(self, m: CampaignMap) -> None:
        pen = QPen(COAST, 1)
        pen.setCosmetic(True)
        for ring in m.land:
            item = self.scene().addPolygon(QPolygonF([QPointF(lon * SCALE, -lat * SCALE) for lon, lat in ring]),
                                           pen, QBrush(LAND))
            item.setZValue(-10)
            item.setData(0, "land")

    def _draw_areas(self, m: CampaignMap, fonts: tuple[QFont, QFont]) -> list[_Label]:
        areas: list[_Label] = []
        spare = 0
        for a in m.areas:
            if a.position is None:
                pos = (-5.0, -80.0 + 12 * spare)
                spare += 1
            else:
                pos = a.position
            x, y = _xy(pos)
            here = a.id == m.area and m.port is None
            ring = self.scene().addEllipse(
                QRectF(x - 70, y - 45, 140, 90),
                QPen(HERE if here else QColor("#7fa7cf"), 4 if here else 1.5, Qt.PenStyle.DashLine),
                QBrush(QColor(127, 167, 207, 70 if here else 40)))
            ring.setToolTip(a.name)
            label = _text(self.scene(), a.name, fonts[0] if here else fonts[1], HERE if here else QColor("#dbe7f3"),
                          x, y)
            label.setTextWidth(150)
            areas.append((label, (x, y), (-60.0, 10.0), "area"))
        return areas

    def _draw_ports(self, m: CampaignMap, fonts: tuple[QFont, QFont]) -> list[_Label]:
        ports: list[_Label] = []
        for p in m.ports:
            if p.position is None:
                continue
            x, y = _xy(p.position)
            here = p.id == m.port
            colour = LAND_FRIEND if p.friendly else LAND_ENEMY
            dot = self.scene().addEllipse(QRectF(-6, -6, 12, 12), QPen(HERE if here else Qt.GlobalColor.black,
                                                                       3 if here else 1), QBrush(colour))
            dot.setPos(x, y)
            dot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setToolTip(f"{p.name} ({p.nation}{'' if p.friendly else ', enemy'})")
            name = _text(self.scene(), f"{p.name} ({p.nation})", fonts[0] if here else fonts[1],
                         HERE if here else colour, x, y, 8, -12)
            ports.append((name, (x, y), (8.0, -12.0), "port"))
            self.dots.append((x, y))
        return ports

    def _draw_track(self, places: list[tuple[float, float]]) -> None:
        """The squadron's track, oldest first, ending where she is."""
        if len(places) < 2:
            return
        path = QPainterPath(QPointF(*_xy(places[0])))
        for spot in places[1:]:
            path.lineTo(QPointF(*_xy(spot)))
        pen = QPen(QColor(255, 210, 74, 170), 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        item = self.scene().addPath(path, pen)
        item.setZValue(-1)
        item.setData(0, "track")
        item.setToolTip("The squadron's track: the ports she sailed from and the waters she cruised")

    # ------------------------------------------------------------------ zoom and pan
    def fit(self) -> None:
        """Show the campaign's waters whole (0 or Home)."""
        self.zoom = 1.0
        if not self.focus_rect.isNull():
            self.fitInView(self.focus_rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.declutter()

    def zoom_by(self, factor: float) -> None:
        """Closer (factor > 1) or farther, between the fitted view and MAX_ZOOM times it."""
        factor = max(1.0 / self.zoom, min(MAX_ZOOM / self.zoom, factor))
        if abs(factor - 1.0) < 1e-9:
            return
        self.zoom *= factor
        self.scale(factor, factor)
        self.declutter()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(ZOOM_STEP ** steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(ZOOM_STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_by(1 / ZOOM_STEP)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_Home):
            self.fit()
        else:
            super().keyPressEvent(event)  # the arrows scroll
            return
        event.accept()

    def resizeEvent(self, event: object) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self.scene() is not None and self.zoom == 1.0:
            self.fit()
        else:
            self.declutter()


_Label = tuple[QGraphicsTextItem, tuple[float, float], tuple[float, float], str]


def _fonts() -> tuple[QFont, QFont]:
    """The bold font of what is here and the small one of the rest."""
    bold = QFont()
    bold.setPointSize(12)
    bold.setBold(True)
    small = QFont()
    small.setPointSize(10)
    return bold, small
