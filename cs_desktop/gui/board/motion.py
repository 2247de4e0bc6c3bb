"""Moves animated: after a refresh, a ship that moved glides from its old square (and heading) to its new one
in a quarter of a second. A click or a key on the board ends the glide at once. Off when the setting says so
(View ▸ Animate moves) and always off when the environment variable `CAPTAINS_SEA_NO_ANIMATION` is set (the
test suite sets it), so a test never waits for, or races, an animation."""

from __future__ import annotations

import math
import os
import time
import weakref
from typing import Any

from PySide6.QtCore import QPointF, QTimer

from cs_desktop.gui.board.paint import SQUARE

ENV = "CAPTAINS_SEA_NO_ANIMATION"
DURATION_MS = 260
FRAME_MS = 16
MAX_GLIDE = 3.0  # squares; a longer jump (a new game, a 9.3 shift, undo) is not animated


def animation_allowed() -> bool:
    """False when the environment turns animation off (tests, slow machines)."""
    return os.environ.get(ENV, "").strip() in ("", "0")


class ShipMotion:
    """Glides the board's ship items. `start(moves)`: {item: (old pos, old rotation)} to the items' current
    places; `finish()` ends it."""

    def __init__(self, board: Any) -> None:
        self._board = weakref.ref(board)
        self._timer = QTimer(board)
        self._timer.setInterval(FRAME_MS)
        me = weakref.ref(self)
        self._timer.timeout.connect(lambda: _step(me))
        self._moves: list[tuple[Any, QPointF, QPointF, float, float]] = []
        self._t0 = 0.0

    @property
    def running(self) -> bool:
        return bool(self._moves)

    def start(self, moves: dict[Any, tuple[QPointF, float]]) -> None:
        self.finish()
        for item, (old, old_rot) in moves.items():
            new, new_rot = QPointF(item.pos()), item.rotation()
            d = new - old
            if math.hypot(d.x(), d.y()) > MAX_GLIDE * SQUARE * 1.5:
                continue
            turn = (new_rot - old_rot + 180.0) % 360.0 - 180.0  # the short way round
            self._moves.append((item, old, new, old_rot, turn))
            item.setPos(old)
            item.setRotation(old_rot)
        if self._moves:
            self._t0 = time.monotonic()
            self._timer.start()

    def finish(self) -> None:
        self._timer.stop()
        for item, _old, new, old_rot, turn in self._moves:
            if item.scene() is not None:
                item.setPos(new)
                item.setRotation(old_rot + turn)
        self._moves = []

    def _step(self) -> None:
        t = (time.monotonic() - self._t0) * 1000.0 / DURATION_MS
        if t >= 1.0 or self._board() is None:
            self.finish()
            return
        e = 1 - (1 - t) ** 3  # ease out
        for item, old, new, old_rot, turn in self._moves:
            if item.scene() is None:
                continue
            item.setPos(old + (new - old) * e)
            item.setRotation(old_rot + turn * e)


def _step(ref: weakref.ReferenceType[ShipMotion]) -> None:
    motion = ref()
    if motion is not None:
        motion._step()
