"""The scenario designer shows a third and a fourth side's problems at their fields, as the first two sides'
(issue 14; the file checks of files.parse_scenario and the library's ship cards).

API tested: ScenarioDesigner.problem_for / errors / save, SideTables.add_side (the boxes built in code,
scenario_more_sides.side_box), scenario_problems.at_the_sides / places_words / ship_path_label.
Actions: open the three-sided what-if, add a fourth side; in side 3 and then side 4, empty the name, take every
ship out, name a ship the library lacks, start a ship off the map, on an island and heading into the wind, give
the side another side's id; undo each; save with a problem in side 4.
Expected: each problem in a label inside that side's box, under the field it concerns (id, name or ships),
shown, and no other side's label says anything; the status line names the side; a duplicate id is marked at
the side that repeats it (side 1, 2, 3 or 4 alike); after undo no problem is left; a refused save scrolls the
form to side 4's problem.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QComboBox, QGroupBox, QLineEdit, QPushButton, QScrollArea

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
from cs_desktop.gui.editors.scenario_problems import at_the_sides, places_words, ship_path_label
from tests.gui.editors.designer_kit import designer

THREE = cs_desktop.SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json"


def _four_sides(qtbot: Any, lib: Any) -> ScenarioDesigner:
    scenario, _ships = load_scenario_with_ships(THREE)
    d = designer(qtbot, lib, scenario.id)  # shipped, so in the library since issue 28 (opened as new: id taken)
    d.findChild(QPushButton, "add_side").click()
    assert len(d.doc.get(("sides",))) == 4 and d.problems == [], d.problems
    return d


def _shown(d: ScenarioDesigner) -> dict[str, str]:
    return {key: lab.text() for key, lab in d.errors.items() if not lab.isHidden()}


def _check_at(d: ScenarioDesigner, i: int, part: str, *words: str) -> None:
    """Exactly one place shows a problem: side `i`'s `part`, in a label inside its box, with `words`."""
    key = f"sides[{i}]{part}"
    assert list(_shown(d)) == [key], _shown(d)
    text = d.problem_for(key)
    assert text.startswith("⚠") and all(w in text for w in words), text
    label = d.errors[key]
    box = d.findChild(QGroupBox, f"side:{i}")
    assert box.isAncestorOf(label) and label.isVisible()
    assert f"Side {i + 1}" in d.status.text() and not d.play_button.isEnabled()


def _undo_all(d: ScenarioDesigner) -> None:
    d.stack.undo()
    assert d.problems == [] and _shown(d) == {}, d.problems


@pytest.mark.parametrize("i", [2, 3])
def test_14_a_third_and_fourth_sides_problems_are_shown_at_their_fields(qtbot: Any, lib: Any, i: int) -> None:
    d = _four_sides(qtbot, lib)
    side = d.doc.get(("sides", i))
    ship = side["ships"][0]

    d.findChild(QLineEdit, f"side:{i}:name").setText("")
    _check_at(d, i, ".name", "at least 1 character")
    _undo_all(d)

    d.edit(("sides", i, "ships"), [], "Take every ship out")
    _check_at(d, i, ".ships", "at least 1 item")
    _undo_all(d)

    d.edit(("sides", i, "ships", 0, "ship"), "nonesuch", "Unknown ship")
    _check_at(d, i, ".ships", "ship 1, ship:", "no ship 'nonesuch' in the library")
    _undo_all(d)

    d.edit(("sides", i, "ships", 0, "start"), [40, 3], "Off the map")
    _check_at(d, i, ".ships", "ship 1, start:", "off the map")
    _undo_all(d)

    x, y = ship["start"]
    d.terrain_tool._set([{"kind": "island", "name": "", "squares": [[x, y]]}], "An island under her")
    _check_at(d, i, ".ships", "ship 1, start:", "island", "R9.1e")
    _undo_all(d)

    wind_from = (int(d.doc.get(("wind",))) + 3) % 8 + 1
    d.edit(("sides", i, "ships", 0, "heading"), wind_from, "Into the wind")
    _check_at(d, i, ".ships", "ship 1, heading:", "In Irons")
    _undo_all(d)

    first = d.doc.get(("sides", 0, "id"))
    d.findChild(QLineEdit, f"side:{i}:id").setText(first)
    _check_at(d, i, ".id", f"side 1 has the id {first!r} already")
    _undo_all(d)


def test_14_a_duplicate_side_id_is_marked_at_each_side_that_repeats_it(qtbot: Any, lib: Any) -> None:
    d = _four_sides(qtbot, lib)
    second = d.doc.get(("sides", 1, "id"))
    d.findChild(QLineEdit, "side:3:id").setText(second)
    d.findChild(QLineEdit, "side:2:id").setText(second)
    assert set(_shown(d)) == {"sides[2].id", "sides[3].id"}
    assert "side 2 has the id" in d.problem_for("sides[2].id") and "side 2" in d.problem_for("sides[3].id")
    assert d.problem_for("sides") == "" and d.problem_for("sides[1].id") == ""
    assert "Side 3" in d.status.text() and "Side 4" in d.status.text()


def test_14_a_refused_save_scrolls_to_the_fourth_sides_problem(qtbot: Any, lib: Any) -> None:
    d = _four_sides(qtbot, lib)
    area = d.findChild(QScrollArea, "form_area")
    area.verticalScrollBar().setValue(0)
    d.findChild(QLineEdit, "side:3:name").setText("")
    assert not d.save()
    QApplication.processEvents()
    label = d.errors["sides[3].name"]
    assert area.verticalScrollBar().value() > 0
    assert not label.visibleRegion().isEmpty()  # on screen, not scrolled away below


def test_14_the_problem_words() -> None:
    sides = [{"id": "us", "name": "Side 1"}, {"id": "fr"}, {"id": "us"}, {"id": "fr", "name": "Armée"}]
    assert at_the_sides([("sides", "must have different ids"), ("wind", "bad")], sides) == [
        ("sides[2].id", "side 1 has the id 'us' already; each side needs its own"),
        ("sides[3].id", "side 2 has the id 'fr' already; each side needs its own"), ("wind", "bad")]
    assert at_the_sides([("sides", "must have different ids")], None) == [("sides", "must have different ids")]
    assert ship_path_label("sides[3].ships[1].crew_quality") == "ship 2, crew quality"
    assert ship_path_label("sides[2].nation") == "nation"
    words = places_words({"sides[3].name": ["x"], "sides[2].ships": ["y"], "": ["z"]},
                         ["sides[2].ships", "sides[3].name", ""], sides)
    assert words == "Side 3 ships, Side 4 (Armée) name, the scenario"
    assert places_words({"sides[0]": ["x"]}, [], sides) == "Side 1"  # not "Side 1 (Side 1)"


def test_14_with_four_sides_every_sides_fields_fit_the_pane(qtbot: Any, lib: Any) -> None:
    """Four bids in one row made the form wider than its pane (no horizontal scroll bar): the sides' Nation and
    Heading were cut off. The third and fourth bids go in a second row."""
    d = _four_sides(qtbot, lib)
    QApplication.processEvents()
    area = d.findChild(QScrollArea, "form_area")
    assert area.widget().width() <= area.viewport().width()
    for i in range(4):
        nation = d.findChild(QComboBox, f"side:{i}:nation")
        right = nation.mapTo(area.widget(), nation.rect().topRight()).x()
        assert right <= area.viewport().width(), (i, right)
    spins = [spin for _lab, spin in d.bids]
    assert all(s.isVisible() for s in spins)
    assert spins[2].parentWidget() is spins[3].parentWidget() is not spins[0].parentWidget()


def test_14_references_follow_a_side_whose_id_is_typed_through_another_sides_id(qtbot: Any, lib: Any) -> None:
    """Side 3 (the Royal Navy: the weather gauge and a bid of 30) is given side 1's id 'us' on the way to 'usn':
    while its id is side 1's, the references stay as they were (before, the weather gauge and the bid moved to
    side 1, and moving on took side 1's own with them); once its id is its own they follow it."""
    scenario, _ships = load_scenario_with_ships(THREE)
    d = designer(qtbot, lib, scenario.id)  # shipped, so in the library since issue 28 (opened as new: id taken)
    assert d.doc.get(("weather_gauge",)) == "gb" and d.doc.get(("options", "bid")) == {"gb": 30, "fr": 5}
    field = d.findChild(QLineEdit, "side:2:id")
    field.clear()
    qtbot.keyClicks(field, "us")
    assert d.doc.get(("sides", 2, "id")) == "us" and "sides[2].id" in _shown(d)
    assert d.doc.get(("weather_gauge",)) != "us" and "us" not in d.doc.get(("options", "bid"))
    qtbot.keyClicks(field, "n")
    assert d.doc.get(("weather_gauge",)) == "usn" and d.doc.get(("options", "bid")) == {"usn": 30, "fr": 5}
    assert d.problems == []
    field.setText("gb")
    assert d.doc.get(("weather_gauge",)) == "gb" and d.doc.get(("options", "bid")) == {"gb": 30, "fr": 5}
