"""The ship editor, the scenario designer and the balance check (issue 5, items 2-4), against a real SQLite
library in tmp_path.

API tested: ShipEditor, ScenarioDesigner, BalanceDialog; Library.get_scenario_with_ships; Game.
Actions: set widget values and click buttons as a user would.
Expected: saved cards and scenarios reopen with the same values and play; undo/redo restore values;
problems show next to the field they name; the balance check runs off the GUI thread and can be cancelled.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

from cs_desktop.gui.lab.balance_dialog import BalanceDialog
from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
from cs_desktop.gui.editors.ship_editor import ShipEditor
from cs_desktop.library import Library
from cs_desktop.rules import ratings
from cs_desktop.rules.game import Game
from tests.rules.harness import drive


@pytest.fixture
def lib(tmp_path: Path) -> Any:
    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()


def click(qtbot: Any, button: QPushButton) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def button(w: Any, name: str) -> QPushButton:
    b = w.findChild(QPushButton, name)
    assert b is not None, name
    return b


def choose(combo: QComboBox, value: Any) -> None:
    i = combo.findData(value)
    assert i >= 0, value
    combo.setCurrentIndex(i)


def make_ship_editor(qtbot: Any, lib: Any, ship_id: str | None = None) -> ShipEditor:
    editor = ShipEditor(lib, ship_id)
    editor.ask_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(editor)
    editor.show()
    return editor


def make_designer(qtbot: Any, lib: Any, scenario_id: str | None = None) -> ScenarioDesigner:
    designer = ScenarioDesigner(lib, scenario_id)
    designer.ask_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(designer)
    designer.show()
    return designer


def build_ship(qtbot: Any, lib: Any) -> ShipEditor:
    """A 32-gun British frigate built field by field in the editor and saved."""
    ed = make_ship_editor(qtbot, lib)
    ed.id_edit.setText("hms-thetis")
    ed.name_edit.setText("Thetis")
    choose(ed.nation, "GB")
    ed.rating.setText("32-gun frigate")
    ed.launched.setValue(1810)
    ed.complement.setValue(260)
    choose(ed.hull_type, "fast")
    choose(ed.hull_strength, "average")
    ed.quality_boxes["green"].setChecked(False)
    choose(ed.historical, "crack")
    click(qtbot, ed.crew_from_complement)  # 260 men -> 10 crew points, red boxes at 7 and 3
    ed.rigging_points.setValue(9)
    ed.fighting_sail_only.setValue(3)
    ed.chasers["stern"].setValue(2)
    # armament: 26 x 18 lb long guns, 6 x 24 lb carronades, 2 x 9 lb chasers
    arm = ed.armament
    for _ in range(3 - arm.rowCount()):
        click(qtbot, button(ed, "armament:add"))
    while arm.rowCount() > 3:
        click(qtbot, button(ed, "armament:remove"))
    for r, (count, pounds, kind, pos) in enumerate(((26, 18, "long", "broadside"), (6, 24, "carronade", "broadside"),
                                                    (2, 9, "long", "chase"))):
        arm.cellWidget(r, 0).setValue(count)
        arm.cellWidget(r, 1).setValue(pounds)
        choose(arm.cellWidget(r, 2), kind)
        choose(arm.cellWidget(r, 3), pos)
    click(qtbot, ed.build_button)
    ed.sources.setPlainText("invented for the test")
    ed.notes.setPlainText("A what-if frigate.")
    assert ed.problems == [], ed.problems
    click(qtbot, ed.save_button)
    return ed


def test_ship_built_in_the_editor_saves_and_reopens(qtbot: Any, lib: Any) -> None:
    ed = build_ship(qtbot, lib)
    assert ed.stack.isClean()
    card = lib.get_ship("hms-thetis")
    assert (card.name, card.nation, card.rating, card.launched, card.complement) == (
        "Thetis", "GB", "32-gun frigate", 1810, 260)
    assert card.hull_type == "fast" and card.crew_quality_options == ["average", "crack"]
    assert card.historical_crew_quality == "crack"
    assert card.crew_points == ratings.crew_points_for(260)
    assert card.crew_red_boxes == ratings.red_boxes_for(card.crew_points)
    assert card.chasers == {"bow": 1, "stern": 2}
    assert card.gunnery == ratings.build_gunnery(card.armament, "GB")
    assert card.sources == ["invented for the test"]

    again = make_ship_editor(qtbot, lib, "hms-thetis")
    assert again.name_edit.text() == "Thetis"
    assert again.crew_points.value() == card.crew_points
    assert again.gunnery["port_bow"].rowCount() == len(card.gunnery["port_bow"])
    assert again.armament.rows()[1] == [6, 24, "carronade", "broadside"]
    assert not again.quality_boxes["green"].isChecked()
    # the preview is the game's own card widget, drawn from the saved card
    assert again.preview.card == card


def test_ratings_update_live_with_their_arithmetic(qtbot: Any, lib: Any) -> None:
    ed = make_ship_editor(qtbot, lib, "java")
    java = lib.get_ship("java")
    assert (ed.fp, ed.cr, ed.dc) == (ratings.firepower(java), 1.5, ratings.damage_capacity(java))
    assert "540 lb" in ed.ratings_label.text()
    ed.armament.cellWidget(0, 0).setValue(48)  # 48 x 18 lb long guns: W = 432 + 288 = 720 -> 3.45 -> FP 3
    assert ed.fp == 3 and "720 lb" in ed.ratings_label.text()
    choose(ed.historical, "crack")
    assert ed.cr == 2 and "CR 2" in ed.ratings_label.text()
    click(qtbot, button(ed, "gunnery:port_bow:add"))
    assert ed.dc == ratings.damage_capacity(java) + 1
    assert ed.preview.card is not None and len(ed.preview.card.gunnery["port_bow"]) == 7


def test_undo_and_redo_restore_values(qtbot: Any, lib: Any) -> None:
    ed = make_ship_editor(qtbot, lib, "java")
    ed.name_edit.setText("Java II")
    ed.crew_points.setValue(20)
    click(qtbot, button(ed, "red:suggest"))
    assert ed.red_boxes.rows() == [[13, 1], [7, 2]]
    ed.stack.undo()
    assert ed.red_boxes.rows() == [[11, 1], [5, 2]]
    ed.stack.undo()
    assert ed.crew_points.value() == 16
    assert ed.name_edit.text() == "Java II"
    ed.stack.undo()
    assert ed.name_edit.text() == "Java" and ed.stack.isClean()
    ed.stack.redo()
    ed.stack.redo()
    assert ed.name_edit.text() == "Java II" and ed.crew_points.value() == 20
    # typing merges into one step per field
    ed.name_edit.clear()
    for n in range(1, 5):
        ed.name_edit.setText("Javan"[:n])
    assert ed.stack.undoText() == "Edit name"
    ed.stack.undo()
    assert ed.name_edit.text() == "Java II"


def test_scenario_designer_undo_restores_engagement_and_start_squares(qtbot: Any, lib: Any) -> None:
    d = make_designer(qtbot, lib, "constitution-vs-java")
    choose(d.engagement, "chase")
    assert [s["ships"][0]["start"] for s in d.doc.data["sides"]] == ["C", "D"]
    d.stack.undo()
    assert d.engagement.currentData() == "meeting"
    assert [s["ships"][0]["start"] for s in d.doc.data["sides"]] == ["A", "B"]
    d.stack.redo()
    assert d.doc.data["engagement"] == "chase"


def test_ship_problems_are_shown_next_to_their_field(qtbot: Any, lib: Any) -> None:
    ed = make_ship_editor(qtbot, lib, "java")
    ed.fighting_sail_only.setValue(11)
    assert "smaller than the rigging points" in ed.problem_for("fighting_sail_only")
    assert ed.problem_for("name") == ""
    assert not ed.save()
    assert lib.get_ship("java").fighting_sail_only == 4  # nothing written
    ed.stack.undo()
    assert ed.problem_for("fighting_sail_only") == "" and ed.problems == []

    ed.gunnery["port_aft"].cellWidget(3, 0).setValue(0)  # box 4 fires fewer long guns than box 3
    assert "never decreases" in ed.problem_for("gunnery.port_aft")
    assert ed.problem_for("gunnery.port_bow") == ""
    ed.stack.undo()

    ed.name_edit.setText("")
    assert ed.problem_for("name")
    ed.id_edit.setText("Bad Id")
    assert "pattern" in ed.problem_for("id") or "a-z" in ed.problem_for("id")
    ed.stack.undo()
    ed.stack.undo()
    ed.red_boxes.cellWidget(1, 0).setValue(11)  # two red numbers on box 11
    assert "listed twice" in ed.problem_for("crew_red_boxes")
    ed.stack.undo()
    ed.quality_boxes["average"].setChecked(False)
    assert "one of the quality options" in ed.problem_for("historical_crew_quality")
    ed.stack.undo()
    ed.id_edit.setText("constitution")  # a new id that another ship has
    assert "already has a ship" in ed.problem_for("id")


def test_scenario_problems_are_shown_next_to_their_field(qtbot: Any, lib: Any) -> None:
    d = make_designer(qtbot, lib, "constitution-vs-java")
    assert d.problems == []
    table = d.side_widgets[1]["ships"]
    choose(table.cellWidget(0, 4), 2)  # wind 6 blows from 2: heading 2 is In Irons
    msg = d.problem_for("sides[1].ships")
    assert "ship 1, heading" in msg and "In Irons" in msg
    assert d.problem_for("sides[0].ships") == ""
    assert not d.play_button.isEnabled() and not d.save()
    d.stack.undo()
    choose(table.cellWidget(0, 1), "C")  # C is a chase square
    assert "not used in a meeting" in d.problem_for("sides[1].ships")
    d.stack.undo()
    d.title_edit.setText("")
    assert d.problem_for("title")


def test_scenario_designed_saved_reopened_and_played(qtbot: Any, lib: Any) -> None:
    build_ship(qtbot, lib)
    d = make_designer(qtbot, lib)
    d.id_edit.setText("thetis-vs-essex")
    d.title_edit.setText("Thetis vs Chesapeake")
    d.location.setText("Off Cape Ann")
    side0, side1 = d.side_widgets
    side0["id"].setText("gb")
    side0["name"].setText("Royal Navy")
    choose(side0["nation"], "GB")
    side1["id"].setText("us")
    side1["name"].setText("United States Navy")
    choose(side1["nation"], "US")
    choose(side0["ships"].cellWidget(0, 0), "hms-thetis")
    choose(side1["ships"].cellWidget(0, 0), "chesapeake")
    choose(d.engagement, "chase")
    choose(d.wind, 3)  # blows from 7: heading 7 would be In Irons
    choose(side0["ships"].cellWidget(0, 4), 3)
    choose(side1["ships"].cellWidget(0, 4), 3)
    choose(side0["ships"].cellWidget(0, 5), "average")
    click(qtbot, button(d, "side:1:add"))  # a second US ship astern of the first
    choose(side1["ships"].cellWidget(1, 0), "essex") if side1["ships"].cellWidget(1, 0).findData("essex") >= 0 \
        else choose(side1["ships"].cellWidget(1, 0), "congress")
    choose(d.relativity, "zero")
    choose(d.weather_gauge, "us")
    choose(d.winner, "gb")
    d.bids[1][1].setValue(5)
    d.turn_limit.setValue(12)
    assert d.problems == [], d.problems
    # the 20.1 / 21.3 explanation is live
    steps = d.steps.toPlainText()
    assert "21.3" in steps and "Chase: no weather gauge bonus" in steps and "HO:" in steps
    assert "Bid option" in steps
    assert d.terms.side("gb").bid_points == 5
    # the board preview shows the set-up
    assert set(d.board.ship_items) == {"hms-thetis", "chesapeake", d.doc.data["sides"][1]["ships"][1]["ship"]}

    with qtbot.waitSignal(d.playScenario) as sig:
        click(qtbot, d.play_button)  # saves first
    assert sig.args == ["thetis-vs-essex"]
    assert d.stack.isClean()

    again = make_designer(qtbot, lib, "thetis-vs-essex")
    assert again.doc.data == d.doc.data
    assert again.engagement.currentData() == "chase" and again.turn_limit.value() == 12
    assert again.side_widgets[1]["ships"].rowCount() == 2

    scenario, ships = lib.get_scenario_with_ships("thetis-vs-essex")
    assert scenario.options.relativity == "zero" and scenario.options.bid == {"us": 5}
    game = Game(scenario, ships, seed=3, options={"bridge_cards": False, "bonus_cards": False})
    drive(game, until=lambda g: g.state.turn >= 2)
    assert game.state.turn >= 2 or game.ended


def test_R17_8e_designer_switches_variable_wind_on_and_off_with_undo(qtbot: Any, lib: Any) -> None:
    """R17.8e: the Variable wind box writes `options.variable_wind`; undo takes it back to a scenario that never
    named it, and unticking takes the key out (off is the default); saved, the scenario carries it."""
    d = make_designer(qtbot, lib, "constitution-vs-java")
    assert not d.variable_wind.isChecked() and "variable_wind" not in d.doc.data["options"]
    d.variable_wind.setChecked(True)
    assert d.doc.data["options"]["variable_wind"] is True and d.problems == []
    d.stack.undo()
    assert "variable_wind" not in d.doc.data["options"] and not d.variable_wind.isChecked()
    d.variable_wind.setChecked(True)
    d.variable_wind.setChecked(False)
    assert "variable_wind" not in d.doc.data["options"] and d.problems == []
    d.variable_wind.setChecked(True)
    d.id_edit.setText("constitution-vs-java-wind")
    with qtbot.waitSignal(d.playScenario):
        click(qtbot, d.play_button)  # saves first
    scenario, _ships = lib.get_scenario_with_ships("constitution-vs-java-wind")
    assert scenario.options.variable_wind
    assert make_designer(qtbot, lib, "constitution-vs-java-wind").variable_wind.isChecked()


def test_balance_check_runs_games_and_reports(qtbot: Any, lib: Any) -> None:
    scenario, ships = lib.get_scenario_with_ships("constitution-vs-java")
    dlg = BalanceDialog(scenario, ships)
    qtbot.addWidget(dlg)
    dlg.games.setValue(4)
    choose(dlg.captain_boxes[1], "random")
    with qtbot.waitSignal(dlg.checkFinished, timeout=60_000):
        click(qtbot, dlg.run_button)
        assert dlg.running()  # the games run on their own thread
    assert len(dlg.records) == 4 and not dlg.cancelled
    assert [r["captains"] for r in dlg.records[:2]] == [["judgment", "random"], ["random", "judgment"]]  # the full judgment by default
    assert dlg.bar.value() == 4
    s = dlg.summary
    assert s is not None and set(s["win_rate"]) == {"us", "gb"}
    assert "Mean VP" in dlg.report.toHtml() and "Royal Navy" in dlg.report.toPlainText()


def test_balance_check_can_be_cancelled(qtbot: Any, lib: Any) -> None:
    scenario, ships = lib.get_scenario_with_ships("constitution-vs-java")
    dlg = BalanceDialog(scenario, ships)
    qtbot.addWidget(dlg)
    dlg.games.setValue(2000)
    click(qtbot, dlg.run_button)
    qtbot.waitUntil(lambda: len(dlg.records) >= 1, timeout=60_000)
    with qtbot.waitSignal(dlg.checkFinished, timeout=60_000):
        click(qtbot, dlg.cancel_button)
    assert dlg.cancelled and 1 <= len(dlg.records) < 2000
    assert not dlg.running() and dlg.run_button.isEnabled()
    assert "cancelled" in dlg.report.toPlainText()


def test_designer_opens_the_balance_check_on_its_scenario(qtbot: Any, lib: Any) -> None:
    d = make_designer(qtbot, lib, "constitution-vs-java")
    dlg = d.open_balance()
    assert isinstance(dlg, BalanceDialog) and dlg.scenario.id == "constitution-vs-java"
    dlg.close()


def test_spin_boxes_hold_the_card_limits(qtbot: Any, lib: Any) -> None:
    ed = make_ship_editor(qtbot, lib)
    assert ed.crew_points.maximum() == 40 and ed.chasers["bow"].maximum() == 2
    assert isinstance(ed.gunnery["port_bow"].cellWidget(0, 0), QSpinBox)
    assert ed.gunnery["port_bow"].cellWidget(0, 0).maximum() == 12


def test_20_1_the_designer_warns_when_a_side_cannot_win(qtbot: Any, lib: Any) -> None:
    """Issue 13: a scenario decided before it starts says so in the designer's terms panel."""
    fair = make_designer(qtbot, lib, "constitution-vs-java")
    assert "cannot win" not in fair.terms_label.text()
    lopsided = make_designer(qtbot, lib, "congress-vs-curlew")
    assert "cannot win" not in lopsided.terms_label.text()  # the shipped bid of 21 VP (R19.0e) makes it fair
    lopsided.bids[1][1].setValue(0)  # the designer takes the bid away: Curlew's 36 VP bonus is out of reach
    text = lopsided.terms_label.text()
    assert "United States Navy cannot win on victory points" in text and "36 VP" in text
