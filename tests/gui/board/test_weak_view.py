"""The board's parts hold its view weakly (gui/board/weak_view.py).

API tested: WeakView as a class attribute of a board part.
Actions: give a part a view, read it, then let the view go.
Expected: the part reads the same view while it lives and, once it is gone, says which part lost its board
instead of drawing on a deleted view; the part keeps no strong reference to it.
"""

from __future__ import annotations

import gc
from typing import Any

import pytest
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from cs_desktop.gui.board.weak_view import WeakView


class Part:
    _v = WeakView("test part")

    def __init__(self, view: QGraphicsView) -> None:
        self._v = view


def test_a_part_reads_its_view_and_says_when_the_board_is_gone(qtbot: Any) -> None:
    view, second = QGraphicsView(QGraphicsScene()), QGraphicsView()
    part, other = Part(view), Part(second)
    assert part._v is view and other._v is second  # each part its own view
    assert isinstance(Part.__dict__["_v"], WeakView)
    del view
    gc.collect()
    with pytest.raises(RuntimeError, match="the board of this test part is gone"):
        part._v.scene()
