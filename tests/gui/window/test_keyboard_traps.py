"""Keyboard and mouse without traps (issue 28, item 7), walked over the real main window at Lake Erie's fire step
and at a duel's crew and maneuver steps:
- no mnemonic clash: among the menu bar and every button or check box shown in the window (one Alt+letter
  works across the window), no letter twice; within each menu, no letter twice;
- a sane Tab order in the orders panel: Tab visits the request's controls in reading order (top to bottom,
  left to right), the answer buttons first;
- the wheel over a control that does not have the focus changes nothing (combo boxes, spin boxes: the orders
  panel and the ship cards, whose dock scrolls);
- every menu action can be reached from the keyboard: a shortcut, or a mnemonic in a menu reached by its own."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QMenu,
    QSpinBox,
    QWidget,
)

import cs_desktop
from cs_desktop.gui import requests as rq
from cs_desktop.play.turn_flow import StandingOrders
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS, answer_with_widgets
from tests.play.test_fire_plan import lake_erie_at_fire

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def _letter(text: str) -> str | None:
    """The mnemonic letter of a text ("&Fire" -> "f"; "&&" is a literal ampersand)."""
    plain = text.replace("&&", "")
    i = plain.find("&")
    return plain[i + 1].lower() if 0 <= i < len(plain) - 1 else None


def _shown(window: Any, kind: type) -> list[Any]:
    return [w for w in window.findChildren(kind) if w.isVisibleTo(window) and w.window() is window]


def mnemonic_clashes(window: Any) -> list[str]:
    letters: Counter[str] = Counter()
    where: dict[str, list[str]] = {}
    items = [(a.text(), "menu") for a in window.menuBar().actions()]
    items += [(b.text(), type(b).__name__) for b in _shown(window, QAbstractButton)]
    for text, what in items:
        letter = _letter(text)
        if letter:
            letters[letter] += 1
            where.setdefault(letter, []).append(f"{what} {text!r}")
    clashes = [f"Alt+{k}: {where[k]}" for k, n in letters.items() if n > 1]
    for menu in window.findChildren(QMenu):
        inner = Counter(_letter(a.text()) for a in menu.actions() if not a.isSeparator() and _letter(a.text()))
        clashes += [f"{menu.title()!r} menu, Alt+{k}: twice" for k, n in inner.items() if n > 1]
    return clashes


def tab_chain(widget: QWidget) -> list[QWidget]:
    """The controls Tab visits inside `widget`, in the window's focus chain from its first one."""
    inside = [w for w in widget.findChildren(QWidget)
              if w.isVisibleTo(widget.window()) and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
              and w.focusProxy() is None]
    if not inside:
        return []
    chain, w = [], inside[0]
    for _ in range(2000):
        if w in inside and w not in chain:
            chain.append(w)
        w = w.nextInFocusChain()
        if w is inside[0]:
            break
    return chain


def _reading_key(widget: QWidget, root: QWidget) -> tuple[int, int]:
    top_left = widget.mapTo(root, QPoint(0, 0))
    return top_left.y() // 12, top_left.x()  # a row: within 12 pixels


def assert_reading_order(root: QWidget) -> None:
    chain = tab_chain(root)
    assert len(chain) >= 2
    keys = [_reading_key(w, root) for w in chain]
    assert keys == sorted(keys), [(type(w).__name__, w.objectName(), k) for w, k in zip(chain, keys, strict=True)]


def wheel_changes(window: Any) -> list[str]:
    """Controls shown in the window whose value a wheel turn changes while they do not have the focus."""
    changed = []
    for control in _shown(window, QComboBox) + _shown(window, QAbstractSpinBox):
        if control.hasFocus() or not control.isEnabled():
            continue
        value = control.currentIndex() if isinstance(control, QComboBox) else control.text()
        pos = QPointF(control.width() / 2, control.height() / 2)
        for delta in (-120, 120):
            event = QWheelEvent(pos, control.mapToGlobal(pos), QPoint(0, 0), QPoint(0, delta),
                                Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                                False)
            QApplication.sendEvent(control, event)
        now = control.currentIndex() if isinstance(control, QComboBox) else control.text()
        if now != value:
            changed.append(f"{type(control).__name__} {control.objectName()!r}")
    return changed


@pytest.fixture
def fleet_fire(qtbot: Any, make_window: Any) -> Any:
    window = make_window()
    game, _request = lake_erie_at_fire()
    window.session.set_orders(StandingOrders(ask_everything=True))
    window.session.presenter.new_game(game, {"us": "human", "gb": "simple"})
    qtbot.waitUntil(lambda: isinstance(window.orders.widget, rq.FireWidget), timeout=COMPUTER_TURN_GUARD_MS)
    return window


def test_no_mnemonic_clash_no_wheel_trap_and_tab_in_reading_order_at_a_fleet_fire_step(fleet_fire: Any) -> None:
    assert mnemonic_clashes(fleet_fire) == []
    assert wheel_changes(fleet_fire) == []
    widget = fleet_fire.orders.widget
    assert_reading_order(widget)
    assert tab_chain(widget)[0] is widget.fire  # the answer buttons first: Tab from the panel reaches Fire


def _duel_at(qtbot: Any, make_window: Any, kind: type) -> Any:
    """Constitution vs Java, every question asked, the player's forms answered as they open until `kind`."""
    window = make_window()
    window.session.set_orders(StandingOrders(ask_everything=True))
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 3, {"turn_limit": 3})
    rng = random.Random(2)
    for _ in range(40):
        qtbot.waitUntil(lambda: window.orders.widget is not None and window.session.request() is not None
                        and window.orders.widget.request is window.session.request(),
                        timeout=COMPUTER_TURN_GUARD_MS)
        if isinstance(window.orders.widget, kind):
            return window
        answer_with_widgets(qtbot, window, rng)
    raise AssertionError(f"no {kind.__name__} in 40 questions")


def test_crew_step_ship_card_spin_boxes_ignore_the_wheel_unless_focused(qtbot: Any, make_window: Any) -> None:
    window = _duel_at(qtbot, make_window, rq.AssignCrewWidget)
    spins = _shown(window, QSpinBox)
    assert spins  # the ship card's crew boxes
    assert mnemonic_clashes(window) == []
    assert wheel_changes(window) == []
    assert_reading_order(window.orders.widget)
    spin = next(s for s in spins if s.isEnabled() and s.value() > s.minimum())  # one the wheel could change
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    pos = QPointF(spin.width() / 2, spin.height() / 2)
    before = spin.value()
    QApplication.sendEvent(spin, QWheelEvent(pos, spin.mapToGlobal(pos), QPoint(0, 0), QPoint(0, -120),
                                             Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                             Qt.ScrollPhase.NoScrollPhase, False))
    assert spin.value() == before - 1  # focused, the wheel still works


def test_maneuver_step_keyboard(qtbot: Any, make_window: Any) -> None:
    window = _duel_at(qtbot, make_window, rq.ManeuverWidget)
    assert mnemonic_clashes(window) == []
    assert wheel_changes(window) == []
    assert_reading_order(window.orders.widget)


def test_every_menu_action_is_reachable_from_the_keyboard(make_window: Any) -> None:
    window = make_window()
    bar = [a for a in window.menuBar().actions() if a.menu() is not None]
    assert all(_letter(a.text()) for a in bar)  # Alt+letter opens each menu
    unreachable = []
    for top in bar:
        stack = [top.menu()]
        while stack:
            menu = stack.pop()
            for action in menu.actions():
                if action.isSeparator() or not action.isVisible() or not action.isEnabled():
                    continue  # a disabled line ("no saved games yet") is a note, not an action
                if action.menu() is not None:
                    stack.append(action.menu())
                if not (action.shortcut().toString() or _letter(action.text())):
                    unreachable.append(f"{menu.title()}: {action.text()}")
    assert unreachable == []
