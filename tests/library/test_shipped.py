"""The shipped ships and scenarios: imported on first run, and on upgrade without touching the user's edits.

API tested: Library.open (import_shipped), Library.import_shipped, save_ship, delete_scenario, revert_ship.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.library import Library
from cs_desktop.library.db import DATA_ENV, DB_FILE_NAME, data_dir, library_path

from tests.library.conftest import table_rows


def _edit_file(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_first_run_imports_every_shipped_ship_and_scenario(lib: Library, shipped: Path) -> None:
    n_ships = len(list((shipped / "ships").glob("*.json")))
    n_scenarios = len(list(shipped.glob("*.json")))
    report = lib.shipped_report
    assert report is not None and report.problems == []
    assert len(report.ids("added", "ship")) == n_ships == 18
    assert len(report.ids("added", "scenario")) == n_scenarios == 11
    assert len(lib.list_ships()) == n_ships
    assert len(lib.list_scenarios()) == n_scenarios
    assert {e.origin for e in lib.list_ships()} == {"shipped"}
    assert not any(e.modified for e in lib.list_ships())
    java = lib.scenario_entry("constitution-vs-java")
    assert java.ship_ids == ("constitution", "java") and java.ship_count == 2


def test_28_5_the_fleet_scenarios_are_imported_too(tmp_path: Path) -> None:
    """Issue 28 item 5: Library -> Scenarios lists the squadron actions and what-ifs of scenarios/fleets/ (with their
    ships) beside the duels."""
    with Library.open(tmp_path / "data", shipped_dir=cs_desktop.SCENARIOS) as library:
        report = library.shipped_report
        assert report is not None and report.problems == []
        ids = {e.id for e in library.list_scenarios()}
        fleets = {p.stem for p in (cs_desktop.SCENARIOS / "fleets").glob("*.json")}
        assert {"lake-erie", "frigate-fleets-12-a-side", "three-flags-off-guadeloupe"} <= fleets <= ids
        assert "constitution-vs-java" in ids
        assert library.scenario_entry("frigate-fleets-12-a-side").ship_count == 24
        assert library.scenario_entry("lake-erie").ship_count == 15


def test_reimport_is_idempotent(lib: Library, shipped: Path) -> None:
    before = table_rows(lib.path)
    report = lib.import_shipped()
    assert (report.added, report.updated, report.kept_user_edits, report.kept_deleted) == ([], [], [], [])
    lib.close()
    again = Library.open(path=lib.path, shipped_dir=shipped)
    try:
        assert again.shipped_report is not None and not again.shipped_report.changed
        assert table_rows(again.path) == before
    finally:
        again.close()


def test_upgrade_updates_untouched_items_and_keeps_user_edits(lib: Library, shipped: Path) -> None:
    """User edits Constitution; a new program version ships new Constitution and Java cards and a new
    scenario: Java moves to the new card, Constitution stays the user's, the new scenario is added."""
    edited = lib.get_ship("constitution").model_copy(update={"notes": "my own notes"})
    entry = lib.save_ship(edited)
    assert entry.origin == "user" and entry.modified

    _edit_file(shipped / "ships" / "constitution.json", notes="shipped in version 2")
    _edit_file(shipped / "ships" / "java.json", notes="shipped in version 2")
    new = json.loads((shipped / "constitution-vs-java.json").read_text(encoding="utf-8"))
    new.update(id="constitution-vs-java-2", title="Constitution vs Java, second meeting")
    (shipped / "constitution-vs-java-2.json").write_text(json.dumps(new), encoding="utf-8")

    report = lib.import_shipped()
    assert report.updated == [("ship", "java")]
    assert report.kept_user_edits == [("ship", "constitution")]
    assert report.added == [("scenario", "constitution-vs-java-2")]
    assert lib.get_ship("constitution").notes == "my own notes"
    assert lib.get_ship("java").notes == "shipped in version 2"
    assert lib.ship_entry("java").origin == "shipped" and not lib.ship_entry("java").modified
    assert len(lib.list_ships(text="constitution")) == 1  # no duplicate

    # and a second start of the same version changes nothing
    before = table_rows(lib.path)
    assert not lib.import_shipped().changed
    assert table_rows(lib.path) == before

    # the user may still go back to the shipped card
    assert lib.revert_ship("constitution").origin == "shipped"
    assert lib.get_ship("constitution").notes == "shipped in version 2"


def test_saving_a_shipped_card_unchanged_keeps_it_shipped(lib: Library) -> None:
    entry = lib.save_ship(lib.get_ship("java"))
    assert entry.origin == "shipped" and not entry.modified


def test_upgrade_does_not_bring_back_what_the_user_deleted(lib: Library, shipped: Path) -> None:
    lib.delete_scenario("congress-vs-curlew")
    lib.delete_ship("curlew")
    assert not lib.import_shipped().changed
    _edit_file(shipped / "ships" / "curlew.json", notes="new shipped notes")
    report = lib.import_shipped()
    assert report.kept_deleted == [("ship", "curlew")]
    assert lib.list_ships(text="curlew") == []


def test_new_shipped_scenario_brings_back_a_deleted_ship_it_needs(lib: Library, shipped: Path) -> None:
    lib.delete_scenario("congress-vs-curlew")
    lib.delete_ship("curlew")
    data = json.loads((shipped / "congress-vs-curlew.json").read_text(encoding="utf-8"))
    data.update(id="curlew-again", title="Curlew again")
    (shipped / "curlew-again.json").write_text(json.dumps(data), encoding="utf-8")
    report = lib.import_shipped()
    assert ("scenario", "curlew-again") in report.added
    assert ("ship", "curlew") in report.added
    assert lib.get_scenario_with_ships("curlew-again")[1]["curlew"].name == "Curlew"


def test_a_bad_shipped_file_is_reported_and_the_rest_imported(tmp_path: Path, shipped: Path) -> None:
    (shipped / "ships" / "broken.json").write_text("{not json", encoding="utf-8")
    with Library.open(tmp_path / "d", shipped_dir=shipped) as library:
        report = library.shipped_report
        assert report is not None
        assert len(report.problems) == 1 and "broken.json" in report.problems[0]
        assert len(library.list_ships()) == 18


def test_data_folder_from_argument_then_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mp = monkeypatch
    mp.setenv(DATA_ENV, str(tmp_path / "from-env"))
    assert data_dir() == tmp_path / "from-env"
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert library_path() == tmp_path / "from-env" / DB_FILE_NAME
    with Library.open(import_shipped=False) as library:
        assert library.path == tmp_path / "from-env" / DB_FILE_NAME
        assert library.path.is_file()
    mp.delenv(DATA_ENV)
    assert data_dir().name == "captains-sea"
