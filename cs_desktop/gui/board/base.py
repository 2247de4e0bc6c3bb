"""What the board's parts share, for the type checker: `BoardView` is put together from two mixins (`scene`,
`advice`) that use each other's methods and the item dicts `BoardView.__init__` sets (its camera and picker are
parts it owns: `board.camera`, `board.picker`).
`BoardBase` declares those attributes and methods, so that each mixin is checked strictly (`mypy --strict`)
on its own. At run time the mixins derive from `object` as before (they import this class only while type
checking), so nothing here changes what the board does.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF, QTimer
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from cs_desktop.gui.board.camera import BoardCamera
from cs_desktop.gui.board.items import CompassItem, LabelItem, SeaItem, ShipItem, StartItem, WindItem
from cs_desktop.gui.board.labels import ORDER, Placeable
from cs_desktop.gui.board.legend import BoardLegend
from cs_desktop.gui.board.markers import FireItem, GrappleItem, SmokeItem
from cs_desktop.gui.board.motion import ShipMotion
from cs_desktop.gui.board.paint import SQUARE
from cs_desktop.gui.board.pick import ShipPicker


class BoardBase(QGraphicsView):
    """The board's state (set by `BoardView.__init__`) and the methods one part of the board calls in another."""

    # state
    view: dict[str, Any]
    names: dict[str, str]
    map_size: tuple[int, int] | None
    animate: bool
    motion: ShipMotion
    legend: BoardLegend
    # items, by role
    sea_item: SeaItem | None
    compass_item: CompassItem | None
    wind_item: WindItem | None
    coordinate_labels: list[LabelItem]
    start_items: dict[str, StartItem]
    ship_items: dict[str, ShipItem]
    name_labels: dict[str, LabelItem]
    smoke_items: list[SmokeItem]
    fire_items: list[FireItem]
    grapple_items: list[GrappleItem]
    preview_items: list[QGraphicsItem]
    firing_items: list[QGraphicsItem]
    shift_items: list[QGraphicsItem]
    _dynamic: list[QGraphicsItem]
    _places: list[Placeable]
    _leaders: list[QGraphicsItem]
    picker: ShipPicker
    camera: BoardCamera
    _shift_timer: QTimer

    # board_view
    @abstractmethod
    def ship_name(self, ship_id: str) -> str: ...

    @abstractmethod
    def zoom_level(self) -> float: ...

    # board_scene
    @abstractmethod
    def _build_static(self, size: tuple[int, int]) -> None: ...

    @abstractmethod
    def _nation(self, ship: Mapping[str, Any]) -> str | None: ...

    @abstractmethod
    def _add(self, item: QGraphicsItem, bucket: list[QGraphicsItem]) -> None: ...

    @abstractmethod
    def _clear(self, bucket: list[QGraphicsItem]) -> None: ...

    @abstractmethod
    def _add_label(self, label: LabelItem, bucket: list[QGraphicsItem], point: QPointF, clearance: float,
                   prefer: tuple[str, ...] = ORDER, rank: int = 0, rings: int = 3,
                   step: float = SQUARE, keep_clear: bool = False) -> None: ...

    @abstractmethod
    def _place_labels(self) -> None: ...

    # board_advice
    @abstractmethod
    def _clear_shift(self) -> None: ...
