"""The board's help in the main window: maneuver previews and the firing picture for the pending request
(priced on the player's own view, play/fair_advice.py), clicks on the board that pick an option or a ship,
and the map shift of 9.3."""

from __future__ import annotations

from typing import Any

from cs_desktop.gui.panels import OrdersPanel
from cs_desktop.gui.window_files import WindowFiles
from cs_desktop.play.screen import ScreenModel


class WindowBoardHelp(WindowFiles):
    """Board help for the pending request; the attributes below are set by `MainWindow.__init__`."""

    orders: OrdersPanel
    _overlay_key: Any
    _overlay_request: Any
    _previews: dict[str, list[dict[str, Any]]]

    def _overlays(self, screen: ScreenModel) -> None:
        request = screen.request
        if request is None:
            return
        key = (screen.key, request.kind)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        self._overlay_request = request
        if request.kind in ("select_maneuver", "fire") and request.ships:
            self._show_overlays_for(request, next(iter(request.ships)))

    def _show_overlays_for(self, request: Any, ship_id: str) -> None:
        """Board help for one ship of the pending request (click another of your ships to switch), priced on
        the player's own view (play/fair_advice.py)."""
        advice = self.session.advice()
        if advice is None:
            return
        self._previews = {}
        try:
            self.board.clear_overlays()
            if request.kind == "select_maneuver":
                previews = advice.maneuver_previews(ship_id)
                self._previews[ship_id] = previews
                self.board.show_maneuver_previews(ship_id, previews)
            elif request.kind == "fire":
                self.board.show_firing(advice.firing_picture(ship_id))
        except Exception as e:  # advice is help, never a reason to stop play
            self.statusBar().showMessage(f"Board help not available: {e}", 5000)

    def _board_option(self, index: int) -> None:
        widget = self.orders.widget
        if widget is None:
            return
        for ship_id, previews in self._previews.items():
            for p in previews:
                if p.get("index") == index and p.get("legal", True):
                    widget.select_option(ship_id, p.get("choice"))
                    return

    def _board_ship(self, ship_id: str) -> None:
        request = getattr(self, "_overlay_request", None)
        if (request is not None and request.ships and ship_id in request.ships
                and request is self.session.request()):
            self._show_overlays_for(request, ship_id)
        self.select_ship(ship_id)  # her card dock, or in a fleet game the one card dock shows her

    def _show_new_shifts(self, screen: ScreenModel) -> None:
        """9.3: when the engine shifted every piece since the last screen, show it on the board."""
        shift = screen.map_shift
        if shift != (0, 0):
            self.board.show_shift(shift[0], shift[1])
            self.statusBar().showMessage(f"Map edge (9.3): every ship and smoke marker shifted by "
                                         f"{shift[0]:+d}, {shift[1]:+d} squares", 6000)
