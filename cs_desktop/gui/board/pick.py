"""Picking ships on the board (issue 14 item 2): Ctrl-click a ship to add her to the picked ships or take her
out; Ctrl- or Shift-drag a rubber band to pick the ships inside it (Ctrl adds to those picked). The board only
reports what was picked (`shipsPicked(ids, mode)`, mode "toggle" for a Ctrl-click, "add" for a Ctrl-band,
"replace" for a Shift-band) and rings the ships it is told are picked (`set_picked`); the
window keeps the fleet list's selection as the one truth and gives the orders. `ShipPicker` is a part the board
owns (`board.picker`), given the view it draws on, the board's ship tokens and where to report a pick.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsView, QRubberBand

from cs_desktop.gui.board.paint import KIND, PAYLOAD, SQUARE
from cs_desktop.gui.board.weak_view import WeakView

PICK_COLOUR = QColor("#f0a000")
PICK_MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


class ShipPicker:
    """The rubber band and the rings of the picked ships on `view`. `ship_items` is the board's own dict of
    ship tokens (kept up to date by the board); `report(ids, mode)` is told what the player picked. The view is
    held weakly, as the board's other parts hold it (gui/board/motion.py): no cycle outlives the application."""

    _view = WeakView("picker")

    def __init__(self, view: QGraphicsView, ship_items: Mapping[str, QGraphicsItem],
                 report: Callable[[list[str], str], None]) -> None:
        self._view = view
        self.ship_items = ship_items
        self._report = report
        self.picked: list[str] = []
        self._pick_rings: list[QGraphicsItem] = []
        self._band: QRubberBand | None = None
        self._band_origin: QPoint | None = None
        self._band_add = False

    # ------------------------------------------------------------------ the rings
    def set_picked(self, ship_ids: list[str]) -> None:
        """Ring these ships (the window's selection); an empty list clears the rings."""
        self.picked = list(ship_ids)
        self.draw()

    def draw(self) -> None:
        """Ring the picked ships where their tokens are now (after every redraw of the pieces)."""
        scene = self._view.scene()
        for ring in self._pick_rings:
            if ring.scene() is scene:
                scene.removeItem(ring)
        self._pick_rings = []
        pen = QPen(PICK_COLOUR, 3)
        pen.setCosmetic(True)
        for sid in self.picked:
            item = self.ship_items.get(sid)
            if item is None:
                continue
            r = SQUARE * 0.48
            ring = QGraphicsEllipseItem(-r, -r, 2 * r, 2 * r)
            ring.setPen(pen)
            ring.setPos(item.pos())
            ring.setZValue(item.zValue() - 0.5)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setData(0, "picked")
            scene.addItem(ring)
            self._pick_rings.append(ring)

    # ------------------------------------------------------------------ the mouse (called by the board)
    def press(self, event: QMouseEvent) -> bool:
        """A left press with Ctrl or Shift starts a rubber band (a click without moving picks the ship under
        it); True when the press is taken."""
        if event.button() != Qt.MouseButton.LeftButton or not (event.modifiers() & PICK_MODIFIERS):
            return False
        self._band_origin = event.position().toPoint()
        self._band_add = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if self._band is None:
            self._band = QRubberBand(QRubberBand.Shape.Rectangle, self._view.viewport())
        self._band.setGeometry(QRect(self._band_origin, QSize()))
        self._band.show()
        event.accept()
        return True

    def move(self, event: QMouseEvent) -> bool:
        if self._band_origin is None or self._band is None:
            return False
        self._band.setGeometry(QRect(self._band_origin, event.position().toPoint()).normalized())
        event.accept()
        return True

    def release(self, event: QMouseEvent) -> bool:
        if self._band_origin is None:
            return False
        origin, self._band_origin = self._band_origin, None
        if self._band is not None:
            self._band.hide()
        end = event.position().toPoint()
        if (end - origin).manhattanLength() <= 4:  # a Ctrl-click: that ship in or out
            sid = self.ship_at(end)
            if sid is not None:
                self._report([sid], "toggle")
        else:
            ships = self.ships_in(QRect(origin, end).normalized())
            self._report(ships, "add" if self._band_add else "replace")
        event.accept()
        return True

    def ship_at(self, pos: QPoint) -> str | None:
        """The ship (token or name label) under a viewport point."""
        for item in self._view.items(pos):
            node: QGraphicsItem | None = item
            while node is not None:
                if node.data(KIND) in ("ship", "ship_label"):
                    return str(node.data(PAYLOAD))
                node = node.parentItem()
        return None

    def ships_in(self, rect: QRect) -> list[str]:
        """The ships whose token centre lies inside a viewport rectangle."""
        area = self._view.mapToScene(rect).boundingRect()
        return [sid for sid, item in self.ship_items.items() if area.contains(item.pos())]
