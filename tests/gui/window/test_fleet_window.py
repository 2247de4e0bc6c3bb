"""Issue 14 item 2 in the window: a fleet game has a fleet list dock (a row per ship, the enemy as the viewer's
view shows her) and one card dock showing the selected ship; a duel keeps one dock per ship."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from tests.gui.window.test_main_window import JAVA
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

ROOT = Path(__file__).resolve().parents[3]
FLEET = ROOT / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json"


def _ship_docks(window: Any) -> list[QDockWidget]:
    return [d for d in window.findChildren(QDockWidget) if d.objectName().startswith("dock-ship-")
            and d.parent() is window]


def test_14_2_a_fleet_game_has_a_fleet_list_and_one_card_dock(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(FLEET, {"us": "human", "gb": "simple"}, 4, {"fleet_rules": True, "turn_limit": 3})
    qtbot.waitUntil(lambda: window.dock_layout.fleet_list is not None and window.dock_layout.fleet_list.rowCount() == 24, timeout=COMPUTER_TURN_GUARD_MS)
    fleet = window.dock_layout.fleet_list
    assert [d.objectName() for d in _ship_docks(window)] == ["dock-ship-card"]
    rows = fleet.texts()
    names = [r[0] for r in rows]
    assert names[0] == "Constitution" and "Congress (2)" in names and "Shannon (1)  (enemy)" in names
    assert all("(enemy)" not in n for n in names[:12]) and all("(enemy)" in n for n in names[12:])
    us = rows[names.index("Congress (2)")]
    assert us[2] == "16/16" and us[3] == "13/13"
    enemy = rows[names.index("Shannon (1)  (enemy)")]
    assert all(word not in enemy[5] for word in ("R", "C", "D"))  # an enemy's load types stay hidden
    # the impulse track stays compact: ships of a side and speed share a row, at most 3 load tags an impulse
    track = window.impulses
    assert 1 <= len(track.rows) <= 8 and all(len(v) <= 3 for v in track.loads.values())
    assert track.sizeHint().height() <= 22 + 16 * 8 + 13 * 3 + 6
    # a click on a row: the card dock shows that ship
    r = names.index("Congress (3)")
    qtbot.mouseClick(fleet.viewport(), Qt.MouseButton.LeftButton, pos=fleet.visualItemRect(fleet.item(r, 0)).center())
    assert window.dock_layout.fleet_selected == "congress-3"
    dock = window.docks["ship-card"]
    assert dock.windowTitle() == "Congress (3)"
    assert window.dock_layout.ship_card("congress-3").name.text().startswith("Congress (3)")
    # a click on a ship on the board selects her the same way
    window.board.shipClicked.emit("shannon")
    assert window.dock_layout.fleet_selected == "shannon" and dock.windowTitle() == "Shannon (1) (enemy)"


def test_14_2_a_duel_keeps_a_dock_per_ship(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 4, {"turn_limit": 3})
    qtbot.waitUntil(lambda: len(_ship_docks(window)) == 2, timeout=COMPUTER_TURN_GUARD_MS)
    assert window.dock_layout.fleet_list is None and "fleet" not in window.docks


def test_14_2_an_order_given_in_the_fleet_list_answers_the_fleets_maneuvers(qtbot: Any, make_window: Any) -> None:
    import random

    from PySide6.QtWidgets import QTableWidgetSelectionRange

    from cs_desktop.gui import requests as rq

    from tests.gui.conftest import answer_with_widgets, click

    window = make_window()
    window.files.start_game(FLEET, {"us": "human", "gb": "random"}, 8, {"fleet_rules": True, "turn_limit": 2})
    qtbot.waitUntil(lambda: window.dock_layout.fleet_list is not None and window.dock_layout.fleet_list.rowCount() == 24, timeout=COMPUTER_TURN_GUARD_MS)
    fleet = window.dock_layout.fleet_list
    fleet.clearSelection()
    fleet.setRangeSelected(QTableWidgetSelectionRange(0, 0, 11, 0), True)  # our twelve (the list shows us first)
    assert len(fleet.selected_ships()) == 12
    panel = window.docks["fleet"].widget()
    click(qtbot, panel.buttons["engage"])
    click(qtbot, panel.buttons["crew"])
    assert all("engage" in row[0] and "crew: bears" in row[0] for row in fleet.texts()[:12])
    assert window.board.scene_builder.ship_name("congress-2") == "Congress (2) [engage]"  # the board: the fleet order only
    session = window.session
    rng = random.Random(3)
    shown: list[str] = []
    for _ in range(200):
        qtbot.waitUntil(lambda: session.presenter.game.ended or (session.request() is not None
                                                       and window.orders.widget is not None), timeout=COMPUTER_TURN_GUARD_MS)
        if session.presenter.game.ended:
            break
        widget = window.orders.widget
        shown.append(widget.request.kind)
        if isinstance(widget, rq.AssignCrewWidget):
            click(qtbot, widget.ok)
        else:
            answer_with_widgets(qtbot, window, rng)
    assert "select_maneuver" not in shown  # every ship of ours is under an order with a legal answer
    assert any(w.startswith("9.1: fleet orders") for s, _t, w in session.presenter.standing.passed if s == "us")
    click(qtbot, panel.buttons["cancel"])
    assert all("engage" not in row[0] for row in fleet.texts()[:12])
