"""A plain stand-in for the board (`board.BoardView`) when that module cannot be imported: the same calls,
a plain view, so the window still opens and the game can be played from the orders and the cards."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from cs_desktop.rules.view_types import SideView


class PlaceholderBoard(QGraphicsView):
    """Stands in for `board.BoardView` if that module cannot be imported: same calls, a plain view."""

    squareClicked = Signal(int, int)
    shipClicked = Signal(str)
    optionClicked = Signal(int)
    shipsPicked = Signal(list, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))

    def set_view(self, view: SideView, names: dict[str, str] | None = None) -> None:
        scene = self.scene()
        scene.clear()
        w, h = view.get("map_size", [32, 24])
        scene.addRect(0, 0, w * 30, h * 30)
        for sid, ship in view.get("ships", {}).items():
            scene.addEllipse(ship["x"] * 30 + 3, ship["y"] * 30 + 3, 24, 24)
            scene.addText((names or {}).get(sid, sid)).setPos(ship["x"] * 30, ship["y"] * 30 + 26)

    def show_maneuver_previews(self, ship_id: str, previews: Any) -> None:
        pass

    def show_firing(self, picture: Any) -> None:
        pass

    def clear_overlays(self) -> None:
        pass

    def set_picked(self, ship_ids: list[str]) -> None:
        pass

    def fit_to_ships(self) -> None:
        self.fitInView(self.scene().itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def zoom_in(self) -> None:
        self.scale(1.25, 1.25)

    def zoom_out(self) -> None:
        self.scale(0.8, 0.8)


def make_board(parent: QWidget | None = None) -> Any:
    try:
        from cs_desktop.gui.board import BoardView

        return BoardView(parent)
    except ImportError:
        return PlaceholderBoard(parent)
