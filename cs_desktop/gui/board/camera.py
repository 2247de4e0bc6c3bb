"""What part of the board is in sight: zoom, "Fit the ships", "Show the whole map", and follow mode (the
player's own ships kept in view after every refresh). A part the board owns (`board.camera`), given the view
it moves, the board's ship tokens, the view dict on show, the sea item and the board's label placing.

"Fit the ships" computes the zoom itself from the viewport. What went wrong before: the View menu's action
called `fit_to_ships(checked)`, so the margin was `False`, i.e. none, and a ship ended up on the very edge of
the view with her name beyond it; and the scroll bars that appeared after `fitInView` narrowed the viewport
and cut the edge further. Now a bool margin means the default, and the board has no scroll bars (drag, the
arrow keys and the rulers take their place).
Follow mode scrolls only when one of the followed ships is out of sight (or too near the edge) and never
changes the zoom; when they cannot all be seen at this zoom it centres on them. When every afloat ship fits
at this zoom, the enemy is kept in sight too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QRectF
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from cs_desktop.gui.board.items import ShipItem
from cs_desktop.gui.board.paint import MARGIN, SQUARE
from cs_desktop.gui.board.weak_view import WeakView
from cs_desktop.rules.view_types import SideView


def own_side(view: SideView | None) -> str | None:
    """The side whose view this is: the one side whose Bridge-card hand is shown (a list; the other sides'
    hands are only counted). None for the referee's view (every hand shown) or no view."""
    if view is None:
        return None
    sides = view["sides"]
    shown = [sid for sid, info in sides.items() if isinstance(info["hand"], list)]
    return shown[0] if len(shown) == 1 and len(sides) > 1 else None


class BoardCamera:
    """Zoom, fit and follow on `view` (its transform and viewport). `ship_items` is the board's own dict of ship
    tokens; `shown()` the view dict on show, `sea()` the sea item (None before the first view);
    `place_labels()` is called after the zoom changed. The view is held weakly (as gui/board/motion.py does)."""

    MIN_SCALE, MAX_SCALE, STEP = 0.12, 8.0, 1.2
    FOLLOW_MARGIN = 1.0  # squares kept between a followed ship and the edge of the view

    _v = WeakView("camera")

    def __init__(self, view: QGraphicsView, ship_items: Mapping[str, ShipItem],
                 shown: Callable[[], SideView | None], sea: Callable[[], QGraphicsItem | None],
                 place_labels: Callable[[], None]) -> None:
        self._v = view
        self.ship_items = ship_items
        self._shown = shown
        self._sea = sea
        self._place_labels = place_labels
        self.follow = True
        #: the side follow mode keeps in view (None: the side whose view is shown)
        self.follow_side: str | None = None

    # ------------------------------------------------------------------ public
    def set_follow(self, on: bool) -> None:
        """Follow mode (on by default): keep the player's ships in view after every refresh."""
        self.follow = bool(on)
        if self.follow:
            self.keep_in_view()

    def followed_ships(self) -> list[str]:
        """The ships follow mode keeps in view: the afloat ships of the side whose view is shown
        (`follow_side` if set, else `own_side(view)`); all afloat ships in the referee's view."""
        shown = self._shown()
        side = self.follow_side or own_side(shown)
        ships = shown["ships"] if shown is not None else {}
        out = []
        for sid, item in self.ship_items.items():
            if item.struck or item.captured:
                continue
            ship = ships.get(sid)
            if side is None or (ship is not None and ship["side"] == side):
                out.append(sid)
        return out

    def visible_scene_rect(self) -> QRectF:
        return self._v.mapToScene(self._v.viewport().rect()).boundingRect()

    def keep_in_view(self) -> None:
        """Scroll (never zoom) so the followed ships are in sight, if they are not; and the enemy with them
        when every afloat ship fits in the view at this zoom (the target of a shot should not sit just off
        the edge)."""
        ids = self.followed_ships()
        if not ids or self._v.viewport().width() <= 0:
            return
        seen = self.visible_scene_rect()
        rect = self._ships_rect(ids, self.FOLLOW_MARGIN)
        every = [s for s, i in self.ship_items.items() if not (i.struck or i.captured)]
        whole = self._ships_rect(every, self.FOLLOW_MARGIN)
        if whole.width() <= seen.width() and whole.height() <= seen.height():
            rect = whole
        if seen.contains(rect):
            return
        c = seen.center()
        x, y = c.x(), c.y()
        if rect.width() > seen.width():
            x = rect.center().x()
        elif rect.left() < seen.left():
            x += rect.left() - seen.left()
        elif rect.right() > seen.right():
            x += rect.right() - seen.right()
        if rect.height() > seen.height():
            y = rect.center().y()
        elif rect.top() < seen.top():
            y += rect.top() - seen.top()
        elif rect.bottom() > seen.bottom():
            y += rect.bottom() - seen.bottom()
        self._v.centerOn(x, y)
        self._v.viewport().update()

    def fit_to_ships(self, margin_squares: float = 3.0) -> None:
        """Zoom and centre on the ships afloat (all ships if none is), with a margin: every afloat ship is in
        sight afterwards, however far apart."""
        ids = [s for s, i in self.ship_items.items() if not (i.struck or i.captured)] or list(self.ship_items)
        if not ids:
            self.fit_to_map()
            return
        if isinstance(margin_squares, bool):  # QAction.triggered(bool) passes `checked`
            margin_squares = 3.0
        rect = self._ships_rect(ids, margin_squares)
        min_w, min_h = 12 * SQUARE, 8 * SQUARE
        if rect.width() < min_w:
            rect.adjust(-(min_w - rect.width()) / 2, 0, (min_w - rect.width()) / 2, 0)
        if rect.height() < min_h:
            rect.adjust(0, -(min_h - rect.height()) / 2, 0, (min_h - rect.height()) / 2)
        self._fit(rect)

    def fit_to_map(self) -> None:
        """Show the whole map."""
        sea = self._sea()
        rect = (self._v.scene().itemsBoundingRect() if sea is None else
                sea.sceneBoundingRect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
        self._fit(rect)

    def zoom_in(self) -> None:
        self.zoom_by(self.STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / self.STEP)

    def zoom_level(self) -> float:
        """View pixels per scene unit."""
        return float(self._v.transform().m11())

    # ------------------------------------------------------------------ inside
    def _ships_rect(self, ids: list[str], margin_squares: float) -> QRectF:
        rect = QRectF()
        for sid in ids:
            item = self.ship_items[sid]
            r = SQUARE * 0.56 * item.scale()
            rect = rect.united(QRectF(item.home.x() - r, item.home.y() - r, 2 * r, 2 * r))
        m = margin_squares * SQUARE
        return rect.adjusted(-m, -m, m, m)

    def _fit(self, rect: QRectF) -> None:
        vw, vh = self._v.viewport().width(), self._v.viewport().height()
        if vw <= 0 or vh <= 0 or rect.isEmpty():
            return
        s = min(vw / rect.width(), vh / rect.height())
        s = min(self.MAX_SCALE, max(self.MIN_SCALE, s))
        self._v.setTransform(QTransform.fromScale(s, s))
        self._v.centerOn(rect.center())
        self._place_labels()

    def zoom_by(self, factor: float) -> None:
        """Zoom by `factor` about the anchor (the mouse), within the scale limits."""
        current = self.zoom_level()
        target = min(self.MAX_SCALE, max(self.MIN_SCALE, current * factor))
        if current > 0 and target != current:
            self._v.scale(target / current, target / current)
            self._place_labels()
