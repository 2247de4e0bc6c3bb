"""The board widget: a QGraphicsView of the square-grid sea (BRIEF §1). See `cs_desktop.gui.board`."""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from cs_desktop.gui.board_advice import BoardAdvice
from cs_desktop.gui.board_items import CompassItem, LabelItem, SeaItem, ShipItem, StartItem, WindItem
from cs_desktop.gui.board_markers import FireItem, GrappleItem, SmokeItem
from cs_desktop.gui.board_paint import HEADING_NAMES, KIND, MARGIN, PAYLOAD, SQUARE, _font, heading_angle
from cs_desktop.gui.board_scene import BoardScene
from cs_desktop.rules.movement_rates import wind_from
from cs_desktop.rules.tables import get_tables


class BoardView(BoardScene, BoardAdvice, QGraphicsView):
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


def _call(ref: weakref.ReferenceType[Any], method: str) -> None:
    obj = ref()
    if obj is not None:
        getattr(obj, method)()

