"""Fire, per ship (issue 28 item 1), in the window: the fire form opens only the ships with a shot worth firing,
set to their best shot; the others hold fire on one line each and can be opened; Fire always sends a legal
answer (a ship set to no legal shot holds fire); the buttons come first; Ctrl+Enter sends; the wheel over an
unfocused control changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QPushButton

from cs_desktop.gui import requests as rq
from cs_desktop.play.fire_plan import HOLD, WORTH
from cs_desktop.play.turn_flow import StandingOrders
from tests.play.test_fire_plan import lake_erie_at_fire
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS


@pytest.fixture
def fire_window(qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setitem(WORTH, "a fifth", 0.2)  # the chasers' third of a hit is worth it, the trifles are not
    window = make_window()
    game, _request = lake_erie_at_fire()
    window.session.set_orders(StandingOrders(worth="a fifth"))
    window.session.presenter.new_game(game, {"us": "human", "gb": "simple"})
    qtbot.waitUntil(lambda: isinstance(window.orders.widget, rq.FireWidget), timeout=COMPUTER_TURN_GUARD_MS)
    return window


def test_11_0_only_ships_worth_firing_are_opened_and_fire_is_legal(qtbot: Any, fire_window: Any) -> None:
    widget = fire_window.orders.widget
    request = widget.request
    rows = {r.ship_id: r for r in fire_window.session.forms.fire_form()}
    assert set(widget.rows) == {s for s, r in rows.items() if r.asked}
    assert set(widget.closed) == {s for s, r in rows.items() if not r.asked} != set()
    # the buttons come before the ships: always in view at the top of the form
    layout = widget.layout()
    assert layout.indexOf(widget.problem) < min(layout.indexOf(h.parentWidget()) for h in widget._holders.values())
    assert widget.fire.isEnabled()
    answer = widget.answer()
    assert all(answer[s] in request.ships[s] for s in request.ships)
    assert all((answer[s]["target"] is not None) == rows[s].asked for s in request.ships)
    # one opened ship set to no legal shot: she holds fire, the others still fire, and the form says so
    ship = next(iter(widget.rows))
    row = widget.rows[ship]
    row["chaser"].setCurrentIndex(0)
    for cb, _aim in row["sections"].values():
        cb.setChecked(False)
    assert widget.answer()[ship] == HOLD and widget.fire.isEnabled()
    assert fire_window.session.screen().ship_name(ship) in widget.problem.text()
    others = [s for s in widget.rows if s != ship]
    assert all(widget.answer()[s]["target"] is not None for s in others)


def test_11_0_a_ship_holding_fire_can_be_aimed_by_hand(qtbot: Any, fire_window: Any) -> None:
    widget = fire_window.orders.widget
    ship = next(iter(widget.closed))
    widget.findChild(QPushButton, f"{ship}-aim-myself").click()
    assert ship in widget.rows and ship not in widget.closed
    assert widget.answer()[ship] in widget.request.ships[ship]


def test_ctrl_enter_sends_the_fire_form_as_set(qtbot: Any, fire_window: Any) -> None:
    widget = fire_window.orders.widget
    expected = widget.answer()
    game = fire_window.session.presenter.game
    before = len(game.decisions)
    fire_window.activateWindow()
    qtbot.keyClick(fire_window, Qt.Key.Key_Enter, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.KeypadModifier)
    if len(game.decisions) == before:  # offscreen platforms may not route the key: the action is the same
        fire_window.act_submit.trigger()
    assert game.decisions[before]["answer"] == expected
    assert any(s.matches(Qt.KeyboardModifier.ControlModifier | Qt.Key.Key_Enter) for s in fire_window.act_submit.shortcuts())


def test_the_wheel_over_an_unfocused_chaser_changes_nothing(qtbot: Any, fire_window: Any) -> None:
    widget = fire_window.orders.widget
    combo = next(r["chaser"] for r in widget.rows.values() if r["chaser"].count() > 1)
    combo.setCurrentIndex(0)
    before = combo.currentIndex()
    assert not combo.hasFocus()
    pos = QPointF(combo.width() / 2, combo.height() / 2)
    event = QWheelEvent(pos, combo.mapToGlobal(pos), QPoint(0, 0), QPoint(0, -120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(combo, event)
    assert combo.currentIndex() == before
    assert combo.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_no_mnemonic_of_the_fire_form_clashes_with_the_menus(qtbot: Any, fire_window: Any) -> None:
    """Issue 28 item 7: Alt+H opened Help, not Hold fire."""
    menus = {a.text().split("&")[1][0].lower() for a in fire_window.menuBar().actions() if "&" in a.text()}
    assert "h" in menus  # &Help
    widget = fire_window.orders.widget
    for button in (widget.fire, widget.hold):
        assert "&" in button.text() and button.text().split("&")[1][0].lower() not in menus
