"""The scenario designer's fleet controls (issue 14 item 3): every rules switch, a side of twelve ships, the 21.3
sums explained line by line.

API tested: ScenarioDesigner's switch boxes (scenario_switches.bind_switches), SideTables.add_ship /
remove_ship (scenario_sides.astern_square), the terms panel (scenario_views.steps_html).
Actions: tick and untick each switch, undo and redo, save and reopen; add ships until a side has twelve, one
more, remove one, undo; open the 12-a-side fleet scenario.
Expected: ticked writes `options.<switch>: true`, unticked takes the key out, undo puts back what was; the saved
scenario carries exactly the ticked switches; twelve ships a side, each in her own square on the map, the
thirteenth refused; every step of the 20.1/21.3 terms shown, each side's ships numbered and its sums added up.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.editors.scenario_sides import MAX_SHIPS, SideTables, astern_square
from cs_desktop.gui.editors.scenario_switches import needs_of, rulings
from cs_desktop.rules.cards import SWITCHES
from cs_desktop.rules.ratings import victory_terms
from tests.gui.editors.designer_kit import designer

FLEET = cs_desktop.SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json"


def test_every_switch_of_the_rules_options_has_a_box_naming_its_rulings(qtbot: Any, lib: Any) -> None:
    d = designer(qtbot, lib)
    assert list(d.switches) == list(SWITCHES)
    for name in SWITCHES:
        box = d.findChild(QCheckBox, name)
        assert box is d.switches[name] and box.isVisible() and box.text()
        assert rulings(name), name  # the engine's description names its rulings
        assert all(r in box.toolTip() for r in rulings(name)) and f"options.{name}" in box.toolTip()
    assert rulings("heavy_guns") == ["R11.4.6h"] and rulings("fleet_rules") == ["R9.3f", "R18.0f"]


@pytest.mark.parametrize("name", SWITCHES)
def test_a_switch_ticked_writes_true_unticked_takes_the_key_out_and_undo_restores(qtbot: Any, lib: Any,
                                                                                  name: str) -> None:
    d = designer(qtbot, lib)
    box = d.switches[name]
    others_on = set(needs_of(name))  # R18.0j, R18.0v: prize crews need the fleet rules, prize sails prize crews
    for other in others_on:
        d.switches[other].setChecked(True)
    d.stack.clear()
    assert not box.isChecked() and name not in d.doc.data["options"]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked() and d.doc.data["options"][name] is True and d.problems == []
    assert d.stack.undoText().endswith(name.replace("_", " "))
    d.stack.undo()
    assert name not in d.doc.data["options"] and not box.isChecked()
    d.stack.redo()
    assert d.doc.data["options"][name] is True and box.isChecked()
    box.setChecked(False)
    assert name not in d.doc.data["options"] and d.problems == []
    d.stack.undo()
    assert box.isChecked() and d.doc.data["options"][name] is True
    others = [n for n in SWITCHES if n != name and n not in others_on]
    assert not any(d.switches[n].isChecked() or n in d.doc.data["options"] for n in others)


def test_the_saved_scenario_carries_exactly_the_ticked_switches(qtbot: Any, lib: Any) -> None:
    d = designer(qtbot, lib)
    ticked = ("fleet_rules", "initial_broadside", "heavy_guns", "fire_spreads")
    for name in ticked:
        d.switches[name].setChecked(True)
    d.id_edit.setText("java-bold")
    assert d.save()
    scenario = lib.get_scenario("java-bold")
    options = scenario.model_dump(mode="json")["options"]
    assert {n for n in SWITCHES if n in options} == set(ticked) and all(options[n] is True for n in ticked)
    again = designer(qtbot, lib, "java-bold")
    assert {n for n, box in again.switches.items() if box.isChecked()} == set(ticked)
    again.switches["heavy_guns"].setChecked(False)
    assert again.save()
    assert "heavy_guns" not in lib.get_scenario("java-bold").model_dump(mode="json")["options"]


def test_the_fleet_scenario_opens_with_its_fleet_rules_ticked(qtbot: Any, lib: Any) -> None:
    scenario, _ships = load_scenario_with_ships(FLEET)
    d = designer(qtbot, lib, scenario.id)  # shipped, so in the library since issue 28 (opened as new: id taken)
    assert d.switches["fleet_rules"].isChecked() and not d.switches["variable_wind"].isChecked()
    assert d.problems == [] and d.sides.sides[0].ships.rowCount() == 12


def test_adding_ships_makes_a_line_of_twelve_each_in_her_own_square(qtbot: Any, lib: Any) -> None:
    d = designer(qtbot, lib)
    for i in (0, 1):
        for _ in range(MAX_SHIPS - 1):
            qtbot.mouseClick(d.sides.sides[i].add, Qt.MouseButton.LeftButton)
    squares = [SideTables.square_of(s["start"]) for side in d.doc.data["sides"] for s in side["ships"]]
    assert len(squares) == 2 * MAX_SHIPS and len(set(squares)) == len(squares)
    assert all(0 <= x < 32 and 0 <= y < 24 for x, y in squares)
    first = d.doc.data["sides"][1]["ships"]
    assert first[1]["start"] == [24, 12] and first[1]["heading"] == first[0]["heading"]  # two squares astern
    assert d.problems == [] and d.sides.sides[0].ships.rowCount() == MAX_SHIPS
    qtbot.mouseClick(d.sides.sides[0].add, Qt.MouseButton.LeftButton)
    assert len(d.doc.data["sides"][0]["ships"]) == MAX_SHIPS and "at most 12" in d.status.text()
    d.sides.sides[0].ships.setCurrentCell(3, 0)
    qtbot.mouseClick(d.sides.sides[0].remove, Qt.MouseButton.LeftButton)
    assert len(d.doc.data["sides"][0]["ships"]) == MAX_SHIPS - 1
    d.stack.undo()
    assert SideTables.square_of(d.doc.data["sides"][0]["ships"][3]["start"]) == squares[3]
    assert d.scenario is not None and len(d.board.ship_items) == 2 * MAX_SHIPS


def test_a_line_that_reaches_the_edge_bends_along_it() -> None:
    assert astern_square((10, 10), 3, set(), (32, 24)) == (8, 10)  # heading E: astern is west
    assert astern_square((1, 10), 3, set(), (32, 24)) in {(1, 8), (1, 12)}  # off the map: 90 degrees off
    assert astern_square((10, 10), 3, {(8, 10)}, (32, 24)) in {(8, 8), (8, 12)}  # taken: 45 degrees off
    full = {(x, y) for x in range(3) for y in range(3)} - {(2, 2)}
    assert astern_square((0, 0), 3, full, (3, 3)) == (2, 2)  # nowhere two squares off: the nearest free


def test_the_terms_panel_shows_every_step_and_adds_up_each_fleet(qtbot: Any, lib: Any) -> None:
    scenario, ships = load_scenario_with_ships(FLEET)
    d = designer(qtbot, lib, scenario.id)  # shipped, so in the library since issue 28 (opened as new: id taken)
    text = d.steps.toPlainText()
    terms = victory_terms(scenario, ships)
    for step in terms.steps:
        assert step.text in text, step.text
    for side in scenario.sides:
        listed = text.split(side.name)[1]
        assert "ship 12 · " in listed
    sums = re.findall(r"^FP (.+) = (\d+) · CR (.+) = ([\d.]+) · DC (.+) = (\d+)$", text, re.M)
    assert len(sums) == 2
    for side, (fps, fp, _crs, _cr, dcs, dc) in zip(terms.sides, sums, strict=True):
        assert len(fps.split(" + ")) == 12 and sum(map(int, fps.split(" + "))) == int(fp) == side.fp
        assert sum(map(int, dcs.split(" + "))) == int(dc) == side.dc
    assert d.steps.lineWrapMode() != d.steps.LineWrapMode.NoWrap


def test_prize_crews_can_be_ticked_only_with_the_fleet_rules_and_go_with_them(qtbot: Any, lib: Any) -> None:
    """R18.0j: the prize crews switch needs the fleet rules: its box is off until they are ticked, and unticking
    them takes prize crews out too, in one step that one undo puts back."""
    d = designer(qtbot, lib)
    prize, fleet = d.switches["prize_crews"], d.switches["fleet_rules"]
    assert not prize.isEnabled()
    qtbot.mouseClick(fleet, Qt.MouseButton.LeftButton)
    assert prize.isEnabled()
    qtbot.mouseClick(prize, Qt.MouseButton.LeftButton)
    assert d.doc.data["options"]["prize_crews"] is True and d.problems == []
    qtbot.mouseClick(fleet, Qt.MouseButton.LeftButton)
    assert not prize.isChecked() and not prize.isEnabled() and d.problems == []
    assert "prize_crews" not in d.doc.data["options"] and "fleet_rules" not in d.doc.data["options"]
    d.stack.undo()
    assert fleet.isChecked() and prize.isChecked() and prize.isEnabled()


def test_prize_crews_without_the_fleet_rules_is_a_problem_the_designer_names(qtbot: Any, lib: Any) -> None:
    """R18.0j: a scenario that ticks prize crews alone (written by hand) is named as a problem, and its box stays
    enabled so that it can be unticked here."""
    d = designer(qtbot, lib)
    d.edit(("options",), dict(d.doc.data["options"], prize_crews=True), "a file's prize crews")
    assert any("R18.0j" in problem for _field, problem in d.problems)
    assert d.switches["prize_crews"].isChecked() and d.switches["prize_crews"].isEnabled()
    d.switches["fleet_rules"].setChecked(True)
    assert d.problems == []


def test_no_two_controls_of_the_designer_share_an_alt_key(qtbot: Any, lib: Any) -> None:
    """Keyboard use: every label, button and box of the designer with a shortcut letter has its own (the New Game
    dialog is held to the same)."""
    from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel

    d = designer(qtbot, lib)
    keys: dict[str, str] = {}
    for w in d.findChildren(QAbstractButton) + d.findChildren(QLabel) + d.findChildren(QGroupBox):
        text = (w.title() if isinstance(w, QGroupBox) else w.text()).replace("&&", "")
        if "&" in text and not text.lstrip().startswith("<"):
            key = text[text.index("&") + 1].lower()
            assert key not in keys, (key, keys[key], text)
            keys[key] = text


def test_WSIM_D5_prize_sails_needs_prize_crews_and_goes_with_the_fleet_rules(qtbot: Any, lib: Any) -> None:
    """R18.0v: the prize sails box is off until prize crews are ticked; unticking the fleet rules takes both out in
    one step that one undo puts back."""
    d = designer(qtbot, lib)
    fleet, prize, sails = (d.switches[n] for n in ("fleet_rules", "prize_crews", "prize_sails"))
    qtbot.mouseClick(fleet, Qt.MouseButton.LeftButton)
    assert not sails.isEnabled()
    qtbot.mouseClick(prize, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(sails, Qt.MouseButton.LeftButton)
    assert d.doc.data["options"]["prize_sails"] is True and d.problems == []
    qtbot.mouseClick(fleet, Qt.MouseButton.LeftButton)
    assert not sails.isChecked() and not prize.isChecked() and d.problems == []
    assert not {"fleet_rules", "prize_crews", "prize_sails"} & set(d.doc.data["options"])
    d.stack.undo()
    assert fleet.isChecked() and prize.isChecked() and sails.isChecked()
