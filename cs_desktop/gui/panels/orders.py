"""The control panel and the other play panels: orders (the pending request) here; impulse track and bridge card
hand in panel_track.py; dice tray and game log in panel_dice.py (the rule panel is in rule_view.py).

Each panel has `refresh(screen)` and draws only the presenter's screen model (play/screen.py: the view of the
side at the screen); the orders panel gets the session, to send the player's answers. The main window calls
`refresh` on the session's `changed` signal. None calls another panel, none reads the game.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from cs_desktop.gui.forms import load_form

from cs_desktop.gui.panels.dice import DiceTray, DieFace, GameLog
from cs_desktop.gui.panels.track import SIDE_COLOURS, CardHand, ImpulseTrack
from cs_desktop.gui.requests import RequestWidget, make_request_widget
from cs_desktop.gui.panels.rule_view import rule_tooltip

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession

# the other panels live in panel_track.py and panel_dice.py; their names stay importable from here
__all__ = ["SEGMENT_NAMES", "SIDE_COLOURS", "CardHand", "DiceTray", "DieFace", "GameLog", "ImpulseTrack",
           "OrdersPanel", "segment_text"]

SEGMENT_NAMES = {"setup": "Set-up (2.0)", "crew": "Assign Crew (5.0)", "initiative": "Initiative (6.0)",
                 "movement": "Movement Rates (7.0)", "select": "Maneuver Selection (9.1)",
                 "impulse": "Impulse", "melee": "Melee (15.0)", "bonus": "Bonus Move (16.0)",
                 "housekeeping": "Housekeeping (17.0)"}


def segment_text(view_or_state: dict[str, Any]) -> str:
    seg = str(view_or_state.get("segment", ""))
    name, _, n = seg.partition(":")
    if name == "impulse":
        return f"Impulse {n} of 12"
    return SEGMENT_NAMES.get(name, seg)


class OrdersPanel(QWidget):
    """The control panel: what is asked of you now, with the widget that answers it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("orders")
        form = load_form("orders_panel", self, margin=6)  # the layout: ui/orders_panel.ui
        self.heading = form.get(QLabel, "orders-heading")
        self.prompt = form.get(QLabel, "orders-prompt")
        self.prompt.linkActivated.connect(self._rule_link)
        self.message = form.get(QLabel, "orders-message")
        self.scroll_area = form.get(QScrollArea, "orders-request")
        self.widget: RequestWidget | None = None
        self._request_key: Any = None
        self.session: GameSession | None = None

    def _rule_link(self, link: str) -> None:
        if self.session is not None and link.startswith("rule:"):
            self.session.show_rule(link[5:])

    def submit_default(self) -> None:
        if self.widget is not None and self.widget.default_button is not None:
            if self.widget.default_button.isEnabled():
                self.widget.default_button.click()

    def refresh(self, session: GameSession) -> None:
        self.session = session
        self.prompt.setToolTip("")
        screen = session.screen()
        if not screen.has_game:
            self.heading.setText("<b>No game.</b> Start one with Game → New Game (Ctrl+N) or open a saved game "
                                 "(Ctrl+O).")
            self.prompt.setText("")
            self._set_widget(None, None)
            self.message.setText(screen.last_message)
            return
        head = f"<b>Turn {screen.turn}</b> · {segment_text({'segment': screen.segment})}"
        if screen.initiative:
            head += f" · Initiative: {html.escape(screen.side_name(screen.initiative))}"
        self.heading.setText(head)
        self.message.setText(screen.last_message)
        if screen.ended:
            self.prompt.setText(f"<b>Game over.</b> {html.escape(screen.end_reason)}")
            self._set_widget(None, None)
            return
        if screen.curtain:
            self.prompt.setText(f"Hand the screen to <b>{html.escape(screen.side_name(screen.handover_to))}</b>.")
            self._set_widget(None, None)
            return
        request = screen.request
        if request is None:
            waiting = [screen.side_name(s) for s in screen.waiting_for]
            thinking = " (thinking…)" if screen.thinking else ""
            self.prompt.setText(f"Waiting for {html.escape(', '.join(waiting) or 'the engine')}{thinking}.")
            self._set_widget(None, None)
            return
        self.prompt.setText(f"<b>{html.escape(screen.side_name(request.side))}:</b> {html.escape(request.prompt)} "
                            f"<a href='rule:{request.rule}'>[rule {request.rule}]</a>")
        self.prompt.setToolTip(rule_tooltip(request.rule))
        key: Any = (screen.key, request.kind, request.side)
        if request.kind == "select_maneuver":  # a fleet order given meanwhile changes who is asked
            key = (*key, tuple(sorted(session.standing.fleet.marks().items())))
        if key != self._request_key:
            self._set_widget(make_request_widget(request, session), key)

    def _set_widget(self, widget: RequestWidget | None, key: Any) -> None:
        self._request_key = key
        old = self.scroll_area.takeWidget()
        if old is not None:
            old.deleteLater()
        self.widget = widget
        if widget is None:  # an empty area keeps the old question's scroll ranges (and bars) otherwise
            self.scroll_area.horizontalScrollBar().setRange(0, 0)
            self.scroll_area.verticalScrollBar().setRange(0, 0)
        else:
            self.scroll_area.setWidget(widget)
            focus = widget.default_button
            if focus is not None and self.isVisible():
                focus.setFocus()
