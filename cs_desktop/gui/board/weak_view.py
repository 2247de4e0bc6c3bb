"""The board view as its parts hold it: weakly, so no cycle between the view and its parts outlives the
application, and a part used after its board is gone says so instead of drawing on a deleted view."""

from __future__ import annotations

import weakref
from typing import Any, overload

from PySide6.QtWidgets import QGraphicsView


class WeakView:
    """A descriptor: `_v = WeakView("camera")` in a board part's class, `self._v = view` in its `__init__`; reading
    `self._v` gives the view, or raises when the board is gone."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}_weak"

    @overload
    def __get__(self, obj: None, owner: type) -> WeakView: ...
    @overload
    def __get__(self, obj: object, owner: type) -> QGraphicsView: ...

    def __get__(self, obj: object | None, owner: type) -> Any:
        if obj is None:
            return self
        view = obj.__dict__[self.slot]()
        if view is None:
            raise RuntimeError(f"the board of this {self.part} is gone")
        return view

    def __set__(self, obj: object, view: QGraphicsView) -> None:
        obj.__dict__[self.slot] = weakref.ref(view)


__all__ = ["WeakView"]
