"""Issue 9 (point 11): the dice tray shows quotes as quotes; New Game's Start stays off after a scenario file
failed to load, until a scenario that loads is selected.

API tested: DiceTray.refresh on a real game whose roll was made by the engine's roll_now; NewGameDialog.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox, QLabel

import cs_desktop
from cs_desktop.gui.window.main import MainWindow
from cs_desktop.rules.deck import card_of, resolve_played
from cs_desktop.rules.rolls import roll_now

JAVA = str(cs_desktop.SCENARIOS / "constitution-vs-java.json")


def test_dice_tray_shows_the_apostrophe_of_a_bridge_card(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    game = window.session.presenter.game
    mods, _effects = resolve_played(["carpenters-crew#1"], "damage control")
    assert "'" in mods[0][0] and "Carpenter's" in card_of("carpenters-crew")["name"]
    roll_now(game, "us", 2, "damage control", "3.9", mods)
    window.dice.refresh(window.session.screen())
    texts = [lab.text() for lab in window.dice.findChildren(QLabel)]
    modifiers = [t for t in texts if t.startswith("Modifiers:")]
    assert modifiers and "Bridge Card 'The Carpenter's Crew' +1" in modifiers[0]
    assert not any("&#x27;" in t or "&amp;" in t for t in modifiers)
    assert any("Bridge Card 'The Carpenter's Crew'" in e for e in window.dice.entries)


def test_new_game_start_is_off_until_a_scenario_that_loads_is_selected(qtbot: Any, tmp_path: Path) -> None:
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    dlg = window.files.new_game()
    start = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert start.isEnabled() and dlg.list.currentRow() == 1  # row 0 is the "Duels" heading (issue 28)
    bad = tmp_path / "bad-scenario.json"
    bad.write_text('{"format": "captains-sea/scenario", "version": 1, "title": 5}', encoding="utf-8")
    assert dlg.add_scenario_file(bad) is False
    assert "cannot be used" in dlg.details.text()
    assert not start.isEnabled() and dlg.list.currentRow() == -1
    start.click()  # nothing starts (a disabled button does not click)
    assert window.session.presenter.game is None
    dlg.list.setCurrentRow(0)  # the heading: its first scenario, which loads, is selected
    assert start.isEnabled()
    assert dlg.add_scenario_file(JAVA) is True and start.isEnabled()
    dlg.close()


def test_the_orders_panel_keeps_no_scroll_bar_of_the_last_question_when_the_game_ends(qtbot: Any,
                                                                                     make_window: Any) -> None:
    """Seen in a real window: a tall question's scroll bar stayed in the empty orders panel after the game ended
    (18.0). A panel with no question shows no scroll bar."""
    window = make_window()
    window.resize(1000, 520)  # short enough for the setup question to need a scroll bar
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    qtbot.waitUntil(lambda: window.orders.widget is not None)
    area = window.orders.scroll_area
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0 or area.horizontalScrollBar().maximum() > 0)
    assert window.session.presenter.strike_colors()
    qtbot.waitUntil(lambda: window.orders.widget is None)
    assert window.session.presenter.game.ended
    assert area.verticalScrollBar().maximum() == 0 and area.horizontalScrollBar().maximum() == 0
    assert not area.verticalScrollBar().isVisible() and not area.horizontalScrollBar().isVisible()


def test_the_game_over_tally_fills_its_table(qtbot: Any, make_window: Any) -> None:
    """Seen in a real window: the 19.0 tally's two columns left an empty strip beside them. They share the
    table's width."""
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    qtbot.waitUntil(lambda: window.orders.widget is not None)
    assert window.session.presenter.strike_colors()
    qtbot.waitUntil(lambda: window.game_over_dialog is not None and window.game_over_dialog.isVisible())
    table = window.game_over_dialog.table
    qtbot.waitUntil(lambda: table.viewport().width() > 0)
    assert table.columnCount() == 2
    assert abs(table.horizontalHeader().length() - table.viewport().width()) <= 2
