"""The library browser (issue 5, item 1), against a real SQLite library in tmp_path.

API tested: LibraryBrowser over Library.
Actions: type in the filters, select rows, click the buttons (confirmations and file choices replaced).
Expected: the lists follow the filters; duplicate/delete/import/export change the library (or, refused,
change nothing and say why); Play emits playScenario(id); Edit opens the editors.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from cs_desktop.gui.library.browser import LibraryBrowser
from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
from cs_desktop.gui.editors.ship_editor import ShipEditor
from cs_desktop.library import Library


@pytest.fixture
def lib(tmp_path: Path) -> Any:
    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()


@pytest.fixture
def browser(qtbot: Any, lib: Any) -> LibraryBrowser:
    b = LibraryBrowser(lib)
    b.confirm = lambda title, text: True  # type: ignore[method-assign]
    qtbot.addWidget(b)
    b.show()
    return b


def click(qtbot: Any, button: Any) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_ship_filters(browser: LibraryBrowser, lib: Any) -> None:
    all_ids = browser.row_ids("ship")
    assert len(all_ids) == len(lib.list_ships()) >= 17
    browser.ship_tab.nation.setCurrentIndex(browser.ship_tab.nation.findData("US"))
    us = browser.row_ids("ship")
    assert us and all(lib.ship_entry(i).nation == "US" for i in us) and "java" not in us
    browser.ship_tab.guns_min.setValue(44)
    assert set(browser.row_ids("ship")) == {"constitution", "president", "president-1815", "united-states"}
    browser.ship_tab.hull.setCurrentIndex(browser.ship_tab.hull.findData("slow"))
    assert browser.row_ids("ship") == ["united-states"]
    browser.ship_tab.nation.setCurrentIndex(0)
    browser.ship_tab.guns_min.setValue(0)
    browser.ship_tab.hull.setCurrentIndex(0)
    browser.ship_tab.search.setText("java")
    assert browser.row_ids("ship") == ["java"]
    browser.ship_tab.search.clear()
    browser.ship_tab.rating.setText("sloop")
    assert "curlew" in browser.row_ids("ship") and "java" not in browser.row_ids("ship")
    assert browser.ship_tab.count.text().endswith("ship" if len(browser.row_ids("ship")) == 1 else "ships")


def test_scenario_filters(browser: LibraryBrowser, lib: Any) -> None:
    # 11 duels, and 7 squadron actions and what-ifs from scenarios/fleets/ (issue 28 item 5)
    assert len(browser.row_ids("scenario")) == len(lib.list_scenarios()) == 18
    browser.scenario_tab.engagement.setCurrentIndex(browser.scenario_tab.engagement.findData("chase"))
    chases = browser.row_ids("scenario")
    assert chases and all(lib.scenario_entry(i).engagement == "chase" for i in chases)
    browser.scenario_tab.engagement.setCurrentIndex(0)
    browser.scenario_tab.ships_min.setValue(3)
    three = set(browser.row_ids("scenario"))
    assert three == {e.id for e in lib.list_scenarios() if e.ship_count >= 3}
    assert {"president-vs-belvidera-3-ship", "lake-erie", "frigate-fleets-12-a-side"} <= three
    browser.scenario_tab.ships_min.setValue(0)
    browser.scenario_tab.use_dates.setChecked(True)
    from PySide6.QtCore import QDate

    browser.scenario_tab.date_from.setDate(QDate(1799, 1, 1))
    browser.scenario_tab.date_to.setDate(QDate(1800, 12, 31))
    assert set(browser.row_ids("scenario")) == {"constellation-vs-insurgente", "constellation-vs-vengeance",
                                                "three-flags-off-guadeloupe"}
    browser.scenario_tab.use_dates.setChecked(False)
    browser.scenario_tab.with_ship.setCurrentIndex(browser.scenario_tab.with_ship.findData("java"))
    assert set(browser.row_ids("scenario")) == {"constitution-vs-java", "frigate-fleets-12-a-side"}
    browser.scenario_tab.with_ship.setCurrentIndex(0)
    browser.scenario_tab.search.setText("Shannon")
    assert set(browser.row_ids("scenario")) == {"chesapeake-vs-shannon", "frigate-fleets-12-a-side"}


def test_duplicate_and_delete_with_confirmation(qtbot: Any, browser: LibraryBrowser, lib: Any) -> None:
    browser.select("ship", "java")
    assert browser.ship_tab.selected() == ["java"]
    click(qtbot, browser.ship_buttons["duplicate"])
    assert "java-copy" in browser.row_ids("ship")  # the list follows the library's change signal
    assert lib.get_ship("java-copy").name == "Java (copy)"
    assert browser.ship_tab.selected() == ["java-copy"]

    browser.confirm = lambda title, text: False  # type: ignore[method-assign]
    click(qtbot, browser.ship_buttons["delete"])
    assert "java-copy" in browser.row_ids("ship")
    asked: list[str] = []
    browser.confirm = lambda title, text: asked.append(text) or True  # type: ignore[method-assign]
    click(qtbot, browser.ship_buttons["delete"])
    assert "java-copy" in asked[0]
    assert "java-copy" not in browser.row_ids("ship")
    assert "java-copy" not in [e.id for e in lib.list_ships()]

    # a ship a scenario uses is refused, with the reason, and stays
    browser.select("ship", "java")
    click(qtbot, browser.ship_buttons["delete"])
    assert "constitution-vs-java" in browser.message.text() and browser.last_error
    assert "java" in browser.row_ids("ship")

    browser.select("scenario", "constitution-vs-java")
    click(qtbot, browser.scenario_buttons["duplicate"])
    assert "constitution-vs-java-copy" in browser.row_ids("scenario")
    browser.select("scenario", "constitution-vs-java-copy")
    click(qtbot, browser.scenario_buttons["delete"])
    assert "constitution-vs-java-copy" not in browser.row_ids("scenario")


def test_import_of_a_bad_file_changes_nothing_and_says_why(qtbot: Any, browser: LibraryBrowser, lib: Any,
                                                           tmp_path: Path) -> None:
    good = json.loads((Path(lib.shipped_dir) / "ships" / "java.json").read_text(encoding="utf-8"))
    bad = dict(good, id="bad-ship", crew_points="sixteen")
    path = tmp_path / "bad-ship.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    before = (lib.path.read_bytes(), browser.row_ids("ship"))
    browser.choose_import_files = lambda: [str(path)]  # type: ignore[method-assign]
    click(qtbot, browser.ship_buttons["import"])
    msg = browser.message.text()
    assert "Nothing was imported" in msg and "bad-ship.json" in msg and "crew_points" in msg
    assert browser.last_error
    assert browser.row_ids("ship") == before[1]
    assert "bad-ship" not in [e.id for e in lib.list_ships()]

    not_json = tmp_path / "junk.json"
    not_json.write_text("{ not json", encoding="utf-8")
    assert not browser.import_files([str(not_json)])
    assert "junk.json" in browser.message.text()


def test_export_then_import_a_ship_and_a_scenario(qtbot: Any, browser: LibraryBrowser, lib: Any,
                                                  tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    browser.select("ship", "java")
    browser.choose_export_file = lambda suggested: str(out / suggested)  # type: ignore[method-assign]
    click(qtbot, browser.ship_buttons["export"])
    assert (out / "java.json").is_file() and "Exported" in browser.message.text()
    changed = json.loads((out / "java.json").read_text(encoding="utf-8"))
    changed["name"] = "Java (refit)"
    (out / "java.json").write_text(json.dumps(changed), encoding="utf-8")
    browser.choose_import_files = lambda: [str(out / "java.json")]  # type: ignore[method-assign]
    click(qtbot, browser.ship_buttons["import"])
    assert "java-copy" in browser.message.text() and "java-copy" in browser.row_ids("ship")
    assert lib.get_ship("java-copy").name == "Java (refit)"

    browser.select("scenario", "chesapeake-vs-shannon")
    click(qtbot, browser.scenario_buttons["export"])
    assert (out / "chesapeake-vs-shannon.json").is_file()


def test_play_emits_the_scenario_id(qtbot: Any, browser: LibraryBrowser) -> None:
    browser.select("scenario", "constitution-vs-java")
    with qtbot.waitSignal(browser.playScenario) as sig:
        click(qtbot, browser.scenario_buttons["play"])
    assert sig.args == ["constitution-vs-java"]
    browser.scenario_tab.table.clearSelection()
    click(qtbot, browser.scenario_buttons["play"])
    assert "Select one scenario" in browser.message.text()


def test_edit_opens_the_editors_and_their_saves_show_in_the_list(qtbot: Any, browser: LibraryBrowser,
                                                                 lib: Any) -> None:
    browser.select("ship", "java")
    with qtbot.waitSignal(browser.editShip):
        editor = browser.edit("ship")
    assert isinstance(editor, ShipEditor) and editor.name_edit.text() == "Java"
    editor.ask_discard = lambda: True  # type: ignore[method-assign]
    editor.rating.setText("38-gun frigate (ex-Renommée)")
    assert editor.save()
    assert lib.ship_entry("java").modified
    assert browser.ship_tab.table.item(browser.ship_tab.table.currentRow() if browser.ship_tab.table.currentRow() >= 0 else 0, 0) is not None
    row = browser.row_ids("ship").index("java")
    assert browser.ship_tab.table.item(row, 6).text() == "shipped, edited"

    browser.select("scenario", "constitution-vs-java")
    designer = browser.edit("scenario")
    assert isinstance(designer, ScenarioDesigner)
    designer.ask_discard = lambda: True  # type: ignore[method-assign]
    with qtbot.waitSignal(browser.playScenario) as sig:
        designer.play()  # unchanged: plays the stored scenario; the browser passes the signal on
    assert sig.args == ["constitution-vs-java"]
    new = browser.new("scenario")
    assert isinstance(new, ScenarioDesigner) and new.original_id is None
    for w in browser.editors:
        w.close()
