"""Robustness of the desktop client: closed windows stop their workers, bad files never reach the event loop
as exceptions.

API tested: BalanceDialog (closing, Escape, parent deleted while games run), AutosaveStore.peek on a damaged
autosave.
Actions: start a long balance check, then close the dialog in each way a user can; write damaged autosaves.
Expected: the worker is cancelled and its thread ends; the dialog hears no more from it; no crash.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from cs_desktop.gui.lab import background
from cs_desktop.gui.lab.balance_dialog import BalanceDialog
from cs_desktop.library import Library
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS


@pytest.fixture
def lib(tmp_path: Path) -> Any:
    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()


def _start_long_check(qtbot: Any, dlg: BalanceDialog) -> Any:
    dlg.games.setValue(2000)
    dlg.show()
    dlg.start()
    qtbot.waitUntil(lambda: len(dlg.records) >= 1, timeout=60_000)
    run = dlg.run
    assert run is not None and run in background._RUNNING and run.alive()
    return run


def test_escape_cancels_the_balance_check(qtbot: Any, lib: Any) -> None:
    scenario, ships = lib.get_scenario_with_ships("constitution-vs-java")
    dlg = BalanceDialog(scenario, ships)
    qtbot.addWidget(dlg)
    run = _start_long_check(qtbot, dlg)
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)  # QDialog.reject: hidden without a closeEvent
    assert not dlg.isVisible()
    assert run.cancelled and not dlg.running()
    seen = len(dlg.records)
    # the GUI thread collects garbage while the abandoned games finish (with a QThread worker, once a crash)
    qtbot.waitUntil(lambda: gc.collect() >= 0 and not run.alive(), timeout=COMPUTER_TURN_GUARD_MS)
    run.deliver()  # what the thread posted after Escape is dropped, not handed to the closed dialog
    assert len(dlg.records) == seen < 2000


def test_deleting_the_parent_while_games_run_does_not_abort(qtbot: Any, lib: Any) -> None:
    """The designer (WA_DeleteOnClose) closed with its balance check running deletes the dialog; a QThread
    child destroyed while running aborts the whole program."""
    scenario, ships = lib.get_scenario_with_ships("constitution-vs-java")
    parent = QWidget()
    dlg = BalanceDialog(scenario, ships, parent)
    run = _start_long_check(qtbot, dlg)
    parent.deleteLater()
    qtbot.waitUntil(lambda: not run.alive(), timeout=COMPUTER_TURN_GUARD_MS)
    assert run.cancelled


@pytest.mark.parametrize("damage", [
    b"\xff\xfe not UTF-8",
    "SAVE_WITH_META",
])
def test_a_damaged_autosave_is_not_offered_and_does_not_stop_the_start(tmp_path: Path, damage: Any) -> None:
    import json

    import cs_desktop
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.play.autosave import AutosaveStore
    from cs_desktop.rules.game import Game
    from cs_desktop.formats.savegame import save_text

    store = AutosaveStore(tmp_path)
    if damage == "SAVE_WITH_META":
        scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / "constitution-vs-java.json")
        data = json.loads(save_text(Game(scenario, ships, 1)))
        data["meta"] = {"saved_at": "yesterday", "turn": [3], "title": "x"}
        damage = json.dumps(data).encode("utf-8")
    store.path.write_bytes(damage)
    store.lock.write_text("999999999 0\n", encoding="utf-8")  # a session that did not end cleanly
    assert store.start_session() is None


def _damage(lib: Any, table: str, item_id: str) -> None:
    import sqlite3

    with sqlite3.connect(lib.path) as con:
        con.execute(f"UPDATE {table} SET card_json = '{{bad' WHERE id = ?", (item_id,))
    con.close()


def test_a_damaged_library_row_is_reported_not_raised(qtbot: Any, lib: Any) -> None:
    """A ship or scenario row whose stored card no longer validates: Edit, Duplicate and Play say so (naming
    the row) instead of raising into the Qt event loop."""
    from cs_desktop.formats.files import FileFormatError
    from cs_desktop.gui.library.browser import LibraryBrowser

    _damage(lib, "ships", "java")
    _damage(lib, "scenarios", "constitution-vs-java")
    with pytest.raises(FileFormatError, match="library ship 'java'"):
        lib.duplicate_ship("java")  # was a bare JSONDecodeError
    with pytest.raises(FileFormatError, match="library scenario 'constitution-vs-java'"):
        lib.duplicate_scenario("constitution-vs-java")
    browser = LibraryBrowser(lib)
    qtbot.addWidget(browser)
    browser.show()
    browser.select("ship", "java")
    assert browser.edit("ship") is None
    assert "library ship 'java'" in browser.last_error
    browser.select("scenario", "constitution-vs-java")
    assert browser.edit("scenario") is None
    assert "library scenario 'constitution-vs-java'" in browser.last_error


def test_playing_a_damaged_library_scenario_shows_an_error(qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from PySide6.QtCore import QSettings

    from cs_desktop.gui.window.main import MainWindow

    monkeypatch.setenv("CAPTAINS_SEA_DATA", str(tmp_path / "data"))
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    library = window.files.library()
    _damage(library, "ships", "java")
    assert window.files.play_library_scenario("constitution-vs-java") is False
    assert "library ship 'java'" in window.last_error and window.session.presenter.game is None
    library.close()
