"""Issue 14 item 2: ships picked on the board (Ctrl-click, rubber band: gui/board/pick.py) become the fleet
list's selection, of the side at the screen only, so an order can be given to them; the list's selection is
ringed on the board."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tests.gui.conftest import click
from tests.gui.window.test_fleet_window import FLEET
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS


def _at(board: Any, sid: str) -> QPoint:
    return board.mapFromScene(board.ship_items[sid].pos())


def test_14_2_ships_picked_on_the_board_are_selected_in_the_fleet_list(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.resize(1500, 950)
    window.files.start_game(FLEET, {"us": "human", "gb": "simple"}, 4, {"fleet_rules": True, "turn_limit": 3})
    qtbot.waitUntil(lambda: window.dock_layout.fleet_list is not None and window.dock_layout.fleet_list.rowCount() == 24, timeout=COMPUTER_TURN_GUARD_MS)
    board, fleet = window.board, window.dock_layout.fleet_list
    board.fit_to_ships()
    fleet.clearSelection()
    assert board.picker.picked == []
    ctrl = Qt.KeyboardModifier.ControlModifier
    # Ctrl-click two ships of ours: both selected in the list, ringed on the board
    for sid in ("congress-2", "chesapeake"):
        qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, ctrl, _at(board, sid))
    assert set(fleet.selected_ships()) == {"congress-2", "chesapeake"}
    assert set(board.picker.picked) == {"congress-2", "chesapeake"} and len(board.picker._pick_rings) == 2
    # Ctrl-click one again: out of the selection; an enemy ship is never picked
    qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, ctrl, _at(board, "chesapeake"))
    qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, ctrl, _at(board, "shannon"))
    assert fleet.selected_ships() == ["congress-2"]
    # a Shift rubber band round the whole board: every ship of ours, none of theirs
    vp = board.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, QPoint(1, 1))
    QTest.mouseMove(vp, QPoint(vp.width() // 2, vp.height() // 2))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                       QPoint(vp.width() - 2, vp.height() - 2))
    own = [s.id for s in window.session.screen().ships if s.own]
    inside = [s for s in own if vp.rect().contains(_at(board, s))]
    assert inside and set(fleet.selected_ships()) == set(inside)
    assert not set(fleet.selected_ships()) - set(own)
    # a band round one ship alone replaces the selection
    p = _at(board, "congress-2")
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, p - QPoint(6, 6))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, p + QPoint(6, 6))
    assert fleet.selected_ships() == ["congress-2"] and board.picker.picked == ["congress-2"]
    # the order given to the ships picked on the board
    for sid in ("chesapeake", "congress"):
        qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, ctrl, _at(board, sid))
    picked = fleet.selected_ships()
    assert set(picked) == {"congress-2", "chesapeake", "congress"}
    click(qtbot, window.docks["fleet"].widget().buttons["hold"])
    marks = window.session.standing.fleet.marks()
    assert {s for s, m in marks.items() if m == "hold"} == set(picked)
    # and back: a selection made in the list is ringed on the board
    fleet.select_ships(["constitution"])
    assert board.picker.picked == ["constitution"]


def test_14_2_a_fleet_game_is_played_by_the_widgets_crew_through_each_ships_card(qtbot: Any,
                                                                                  make_window: Any) -> None:
    import random

    from tests.gui.conftest import answer_with_widgets

    window = make_window()
    window.files.start_game(FLEET, {"us": "human", "gb": "simple"}, 5, {"fleet_rules": True, "turn_limit": 2})
    qtbot.waitUntil(lambda: window.dock_layout.fleet_list is not None and window.dock_layout.fleet_list.rowCount() == 24, timeout=COMPUTER_TURN_GUARD_MS)
    session = window.session
    rng = random.Random(5)
    kinds: list[str] = []
    for _ in range(400):
        qtbot.waitUntil(lambda: session.presenter.game.ended or (session.request() is not None
                                                       and window.orders.widget is not None), timeout=COMPUTER_TURN_GUARD_MS)
        if session.presenter.game.ended:
            break
        kinds.append(answer_with_widgets(qtbot, window, rng))
    assert session.presenter.game.ended and session.presenter.game.state.turn >= 2
    assert "assign_crew" in kinds and "select_maneuver" in kinds
