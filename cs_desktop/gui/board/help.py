"""The board's help for the pending request, drawn from a screen model: the maneuver previews of one ship (9.1)
or her firing picture, priced on the player's own view (play/fair_advice.py), and a click on a preview that picks
its maneuver in the orders widget. The main window (its `board_help`, gui/window/main.py) and an online seat's
board (gui/online/board.py) both use it, so a game at one screen and an online game show the same overlays.

`session` is anything with `advice()` and `request()` (gui/session.py, gui/online/session.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cs_desktop.gui.panel_session import PanelSession
from cs_desktop.play.screen import ScreenModel


class BoardHelp:
    """The overlays of one board for the request on screen (the first asked ship's, until another is clicked)."""

    def __init__(self, board: Any, session: PanelSession, say: Callable[[str], None]) -> None:
        self.board = board
        self.session = session
        self.say = say  # where a failure of the help is reported (help is never a reason to stop play)
        self.key: Any = None
        self.request: Any = None
        self.previews: dict[str, list[dict[str, Any]]] = {}

    def reset(self) -> None:
        """The board was drawn again: the next `refresh` puts the overlays back."""
        self.key = None

    def refresh(self, screen: ScreenModel) -> None:
        request = screen.request
        if request is None:
            return
        key = (screen.key, request.kind)
        if key == self.key:
            return
        self.key = key
        self.request = request
        if request.kind in ("select_maneuver", "fire") and request.ships:
            self.show_for(request, next(iter(request.ships)))

    def show_for(self, request: Any, ship_id: str) -> None:
        """Board help for one ship of the pending request, priced on the player's own view."""
        advice = self.session.advice()
        if advice is None:
            return
        self.previews = {}
        try:
            self.board.clear_overlays()
            if request.kind == "select_maneuver":
                previews = advice.maneuver_previews(ship_id)
                self.previews[ship_id] = previews
                self.board.show_maneuver_previews(ship_id, previews)
            elif request.kind == "fire":
                self.board.show_firing(advice.firing_picture(ship_id))
        except Exception as e:  # advice is help, never a reason to stop play
            self.say(f"Board help not available: {e}")

    def pick_option(self, index: int, widget: Any) -> None:
        """A click on preview `index`: its maneuver is chosen in the orders widget (if it is legal)."""
        if widget is None:
            return
        for ship_id, previews in self.previews.items():
            for p in previews:
                if p.get("index") == index and p.get("legal", True):
                    widget.select_option(ship_id, p.get("choice"))
                    return

    def ship_clicked(self, ship_id: str) -> None:
        """A click on one of the ships the request asks about: her help replaces the other's."""
        request = self.request
        if (request is not None and request.ships and ship_id in request.ships
                and request is self.session.request()):
            self.show_for(request, ship_id)
