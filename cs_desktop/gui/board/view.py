"""The board widget: a QGraphicsView of the square-grid sea (BRIEF §1). See `cs_desktop.gui.board`."""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from cs_desktop.gui.board.advice import AdviceLayer
from cs_desktop.gui.board.camera import BoardCamera
from cs_desktop.gui.board.frame import RulerCache, draw_wind_box, wind_box_rect
from cs_desktop.gui.board.legend import BoardLegend
from cs_desktop.gui.board.motion import ShipMotion, animation_allowed
from cs_desktop.gui.board.paint import KIND, PAYLOAD, SQUARE
from cs_desktop.gui.board.pick import ShipPicker
from cs_desktop.gui.board.scene import SceneBuilder
from cs_desktop.rules.view_types import SideView


class BoardView(QGraphicsView):
    """The board. Feed it a side's view dict (`game.view(side)`) with `set_view`; overlays come from
    `cs_desktop.rules.advice` (`show_maneuver_previews`, `show_firing`) and the 9.3 shift (`show_shift`).

    Signals: `squareClicked(x, y)` (a click on the sea), `shipClicked(ship_id)`, `optionClicked(index)`
    (the index of a maneuver preview, `preview["index"]`), `shipsPicked(ids, mode)` (Ctrl-click, rubber band:
    gui/board/pick.py).
    """

    squareClicked = Signal(int, int)
    shipClicked = Signal(str)
    optionClicked = Signal(int)
    shipsPicked = Signal(list, str)

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
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view: SideView | None = None  # the view on show (None before the first)
        self._press: QPoint | None = None
        self._swallow_release = False
        self._dragging = False
        me = weakref.ref(self)
        self.motion = ShipMotion(self)
        self.animate = animation_allowed()  # moves glide (board_motion); the View menu may turn it off
        self.legend = BoardLegend(self)
        self._rulers = RulerCache()
        #: the scene and its items by role, and the label placing (gui/board/scene.py)
        self.scene_builder = SceneBuilder(self, lambda: _shown(me), lambda: _zoom(me), lambda: _seen(me),
                                          lambda: _picked(me))
        pieces = self.scene_builder
        #: the items by role, the scene builder's own collections (tests and the window look at them)
        self.ship_items, self.name_labels = pieces.ship_items, pieces.name_labels
        self.smoke_items, self.terrain_items = pieces.smoke_items, pieces.terrain_items
        self.fire_items, self.grapple_items = pieces.fire_items, pieces.grapple_items
        self.coordinate_labels, self.start_items = pieces.coordinate_labels, pieces.start_items
        self.preview_items, self.firing_items, self.shift_items = (pieces.preview_items, pieces.firing_items,
                                                                   pieces.shift_items)
        #: zoom, fit and follow mode (gui/board/camera.py)
        self.camera = BoardCamera(self, self.ship_items, lambda: _shown(me), lambda: _sea(me),
                                  pieces.place_labels)
        #: Ctrl-click and rubber-band picking, and the rings of the picked ships (gui/board/pick.py)
        self.picker = ShipPicker(self, self.ship_items, lambda ids, mode: _emit_picked(me, ids, mode))
        #: the maneuver previews, the firing picture and the 9.3 shift display (gui/board/advice.py)
        self.advice_layer = AdviceLayer(pieces, lambda: _seen(me), self.motion, self)

    # ------------------------------------------------------------------ public API
    def set_view(self, view: SideView, names: Mapping[str, str] | None = None) -> None:
        """Redraw from a side's view dict (`names`: ship id -> display name, the view dict carries only the card
        id). Clears the maneuver and firing overlays (they belong to the old position); a running 9.3 shift
        display is kept."""
        if names:
            self.scene_builder.set_ship_names(names)
        self.view = shown = view.copy()
        self.motion.finish()
        before = {sid: (QPointF(i.pos()), i.rotation()) for sid, i in self.ship_items.items()}
        self.scene_builder.draw(shown)
        self.picker.draw()
        if self.camera.follow:
            self.camera.keep_in_view()
        self.scene_builder.place_labels()
        if self.animate and self.isVisible():
            self.motion.start({item: before[sid] for sid, item in self.ship_items.items()
                               if sid in before and (before[sid][0] != item.pos()
                                                     or before[sid][1] != item.rotation())})
        self.viewport().update()

    # the advice layer's overlays, which the board help (gui/board/help.py) and the window show on either board
    def show_maneuver_previews(self, ship_id: str, previews: Sequence[Mapping[str, Any]]) -> None:
        """The maneuver ghosts of one ship (`AdviceLayer.show_maneuver_previews`)."""
        self.advice_layer.show_maneuver_previews(ship_id, previews)

    def show_firing(self, picture: Mapping[str, Any]) -> None:
        """One ship's firing picture (`AdviceLayer.show_firing`)."""
        self.advice_layer.show_firing(picture)

    def show_shift(self, dx: int, dy: int, duration_ms: int = 4000) -> None:
        """The 9.3 shift of every piece by (dx, dy) (`AdviceLayer.show_shift`)."""
        self.advice_layer.show_shift(dx, dy, duration_ms)

    def clear_overlays(self) -> None:
        self.advice_layer.clear_overlays()

    # the camera's controls the window's menus use (the placeholder board has them too)
    def set_follow(self, on: bool) -> None:
        """Follow mode (on by default): keep the player's ships in view after every refresh."""
        self.camera.set_follow(on)

    def fit_to_ships(self, margin_squares: float = 3.0) -> None:
        self.camera.fit_to_ships(margin_squares)

    def zoom_in(self) -> None:
        self.camera.zoom_in()

    def zoom_out(self) -> None:
        self.camera.zoom_out()

    def zoom_level(self) -> float:
        """View pixels per scene unit."""
        return self.camera.zoom_level()

    def set_picked(self, ship_ids: list[str]) -> None:
        """Ring these ships (its picker, gui/board/pick.py) and give their names the first pick of the spots (never hidden)."""
        self.picker.set_picked(ship_ids)
        self.scene_builder.place_labels()

    def set_animate(self, on: bool) -> None:
        """Moves glide to their new squares (never while `CAPTAINS_SEA_NO_ANIMATION` is set)."""
        self.animate = bool(on) and animation_allowed()
        if not self.animate:
            self.motion.finish()

    def set_legend_visible(self, on: bool) -> None:
        """Open or close the legend of arcs, zones and markers (board_legend)."""
        self.legend.set_open(on)

    def legend_visible(self) -> bool:
        return self.legend.is_open()

    def square_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        size = self.scene_builder.map_size
        if size is None:
            return None
        x = math.floor(scene_pos.x() / SQUARE)
        y = math.floor(scene_pos.y() / SQUARE)
        w, h = size
        return (x, y) if 0 <= x < w and 0 <= y < h else None

    # ------------------------------------------------------------------ events
    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.camera.zoom_by(self.camera.STEP ** steps)
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if shiboken6.isValid(self) and shiboken6.isValid(self.legend):
            self.legend.reposition()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.motion.running:  # a key ends a glide at once
            self.motion.finish()
            event.accept()
            return
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F, Qt.Key.Key_Home):
            self.fit_to_ships()
        elif key == Qt.Key.Key_M:
            self.camera.fit_to_map()
        elif key == Qt.Key.Key_Escape:
            self.clear_overlays()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = int(SQUARE * self.zoom_level())
            dx = -step if key == Qt.Key.Key_Left else step if key == Qt.Key.Key_Right else 0
            dy = -step if key == Qt.Key.Key_Up else step if key == Qt.Key.Key_Down else 0
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.motion.running:  # so does a click (and its release is taken too)
            self.motion.finish()
            self._swallow_release = True
            event.accept()
            return
        if self.picker.press(event):
            return
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press = event.position().toPoint()
            self._dragging = event.button() == Qt.MouseButton.MiddleButton
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.picker.move(event):
            return
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
        if self._swallow_release:  # the press only ended a glide
            self._swallow_release = False
            event.accept()
            return
        if self.picker.release(event):
            return
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

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 - Qt API
        """Rulers with the column and row numbers in sight, and the wind box, readable at any zoom."""
        if not self.view:
            return
        # only the painter is asked (its transform is the view's, its device the viewport): nothing is asked
        # of the view while it paints, which may be while it is being destroyed
        t = painter.worldTransform()
        device = painter.device()
        width, height = device.width(), device.height()
        ratio = device.devicePixelRatioF()
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tokens = [t.mapRect(r) for r in self.scene_builder.wind_tokens]
        self._rulers.draw(painter, t, width, height, ratio, self.scene_builder.map_size)
        draw_wind_box(painter, self.view, wind_box_rect(width, height, tokens))
        painter.restore()


def _shown(ref: weakref.ReferenceType[BoardView]) -> SideView | None:
    board = ref()
    return board.view if board is not None else None


def _sea(ref: weakref.ReferenceType[BoardView]) -> QGraphicsItem | None:
    board = ref()
    return board.scene_builder.sea_item if board is not None else None


def _zoom(ref: weakref.ReferenceType[BoardView]) -> float:
    board = ref()
    return board.camera.zoom_level() if board is not None else 1.0


def _seen(ref: weakref.ReferenceType[BoardView]) -> QRectF:
    board = ref()
    return board.camera.visible_scene_rect() if board is not None else QRectF()


def _picked(ref: weakref.ReferenceType[BoardView]) -> list[str]:
    board = ref()
    return board.picker.picked if board is not None else []


def _emit_picked(ref: weakref.ReferenceType[BoardView], ship_ids: list[str], mode: str) -> None:
    board = ref()
    if board is not None:
        board.shipsPicked.emit(ship_ids, mode)
