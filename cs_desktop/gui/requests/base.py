"""The base of every request widget (docs/engine-api.md) and the words they show: ship and card names,
the label of each option. Every widget answers through the session (`session.submit(answer)`); none talks to
another widget. Every choice is reachable by keyboard: buttons carry mnemonics (Alt+letter or the digit
shown), Tab moves between fields and the default button answers on Enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.panels.ship_card import SECTION_LABELS
from cs_desktop.play.defaults import YES_NO as YES_NO  # the one list, Qt-free; importable from here
from cs_desktop.play.maneuver_form import describe_maneuver
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession


W = TypeVar("W", bound=QWidget)

MOVE_ORDER_LABELS = {"initiative_first": "The Initiative player's ship maneuvers first",
                     "non_initiative_first": "The Non-Initiative player's ship maneuvers first"}


def ship_name(session: PanelSession, ship_id: str) -> str:
    return session.screen().ship_name(ship_id)


def card_name(card_id: str) -> str:
    try:
        from cs_desktop.rules.deck import card_of

        return str(card_of(card_id)["name"])
    except (KeyError, ImportError, OSError, ValueError):
        return card_id


def card_text(card_id: str) -> str:
    try:
        from cs_desktop.rules.deck import card_of

        card = card_of(card_id)
        return f"{card['name']} ({'Hold' if card['type'] == 'hold' else 'Play Now'}): {card.get('text', '')}"
    except (KeyError, ImportError, OSError, ValueError):
        return card_id


def turn_label(option: dict[str, Any]) -> str:
    turn = option.get("turn", 0)
    to = option.get("to", "")
    if turn == 0:
        return f"Hold course (wind position {to})"
    return f"Turn one point to {'port' if turn < 0 else 'starboard'} → wind position {to}"


def option_label(request: Request, option: Any, session: PanelSession) -> str:
    kind = request.kind
    if kind in YES_NO:
        return "Yes" if option else "No"
    if kind == "move_order":
        order = request.info.get("order") if isinstance(request.info, dict) else None
        if order:  # three or four sides (R6.0c): the direction along the initiative order, with the sides named
            names = [session.side_name(str(s)) for s in order]
            seq = names[::-1] if option == "initiative_first" else names
            return ("Down the initiative order: " if option == "initiative_first" else "Up the initiative order: ") \
                + ", then ".join(seq)
        return MOVE_ORDER_LABELS.get(option, str(option))
    if kind == "parallel_side":
        other = ship_name(session, request.info.get("other", ""))
        return f"Pass on {other}'s {option} side"
    if kind == "hull_first":
        return SECTION_LABELS.get(option, str(option))
    if kind == "discard_card":
        return card_name(str(option))
    if kind == "prize_crew":  # R18.0k
        guard = request.info.get("guard")
        return f"{option} crew point(s) aboard" + (" (the guard needed)" if option == guard else "")
    if kind == "melee_split":
        total = request.info.get("melee_crew")
        return f"{option} to {request.info.get('role', 'assault')}" + (f", {total - option} support" if total else "")
    if kind in ("advance_turn", "fall_off") and isinstance(option, dict):
        return turn_label(option)
    if kind == "bonus_move":
        return {0: "No bonus move", 1: "Bonus move, Straining 1", 2: "Bonus move, Straining 2"}.get(option, str(option))
    if kind == "select_maneuver" and isinstance(option, dict):
        return describe_maneuver(option)
    return str(option)


class _WheelGuard(QObject):
    """Drops wheel events over a control that does not have the focus (issue 28 item 7: the wheel that scrolls
    the orders panel must not change a chaser on the way); the panel scrolls instead."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            event.ignore()
            return True
        return False


_WHEEL_GUARD: _WheelGuard | None = None


def no_wheel(widget: W) -> W:
    """The control takes the focus by click or Tab, not by the wheel, and ignores the wheel unless focused."""
    global _WHEEL_GUARD
    if _WHEEL_GUARD is None:
        _WHEEL_GUARD = _WheelGuard()
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    widget.installEventFilter(_WHEEL_GUARD)
    return widget


class RequestWidget(QWidget):
    """Base: holds the request and the session; `submitted` fires after an answer was accepted."""

    submitted = Signal()

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.session = session
        self.setObjectName(f"request-{request.kind}")
        self.default_button: QPushButton | None = None

    def send(self, answer: Any) -> bool:
        ok = self.session.submit(answer)
        if ok:
            self.submitted.emit()
        return ok

    def answer(self) -> Any:  # the answer as now set in the widget
        raise NotImplementedError

    def submit_current(self) -> bool:
        return self.send(self.answer())

    def select_option(self, ship_id: str, choice: Any) -> None:
        """Select a choice from outside (the board's maneuver previews)."""

    def add_submit_button(self, lay: QVBoxLayout, text: str) -> QPushButton:
        """Add the default button (Enter, Ctrl+Return) that sends `answer()` through `submit_current`."""
        ok = QPushButton(text)
        ok.setObjectName("submit")
        ok.setDefault(True)
        ok.clicked.connect(self.submit_current)
        self.default_button = ok
        lay.addWidget(ok)
        return ok


def choice_button(text: str, shortcut_index: int | None = None) -> QPushButton:
    if shortcut_index is not None and shortcut_index < 9:
        text = f"&{shortcut_index + 1}  {text}"
    b = QPushButton(text)
    b.setAutoDefault(True)
    return b
