"""The board's help in the main window: maneuver previews and the firing picture for the pending request
(priced on the player's own view, play/fair_advice.py), clicks on the board that pick an option or a ship,
and the map shift of 9.3."""

from __future__ import annotations

from typing import Any

from cs_desktop.gui.board.help import BoardHelp
from cs_desktop.gui.panels.orders import OrdersPanel
from cs_desktop.gui.window.files import WindowFiles
from cs_desktop.play.screen import ScreenModel


class WindowBoardHelp(WindowFiles):
    """Board help for the pending request (gui/board/help.py); the attributes below are set by
    `MainWindow.__init__`."""

    orders: OrdersPanel
    board_help: BoardHelp

    @property
    def _previews(self) -> dict[str, list[dict[str, Any]]]:
        return self.board_help.previews

    def _overlays(self, screen: ScreenModel) -> None:
        self.board_help.refresh(screen)

    def _board_option(self, index: int) -> None:
        self.board_help.pick_option(index, self.orders.widget)

    def _board_ship(self, ship_id: str) -> None:
        self.board_help.ship_clicked(ship_id)
        self.select_ship(ship_id)  # her card dock, or in a fleet game the one card dock shows her

    def _show_new_shifts(self, screen: ScreenModel) -> None:
        """9.3: when the engine shifted every piece since the last screen, show it on the board."""
        shift = screen.map_shift
        if shift != (0, 0):
            self.board.show_shift(shift[0], shift[1])
            self.statusBar().showMessage(f"Map edge (9.3): every ship and smoke marker shifted by "
                                         f"{shift[0]:+d}, {shift[1]:+d} squares", 6000)
