"""Issue 28 item 7, the small traps: Save proposes the scenario's name in the data folder (not "game.csgame" in the
home folder); a finished game is in Recent games (the fire form's mnemonics: test_fire_form.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from cs_desktop.play.presenter_files import SAVES_FOLDER, free_path, proposed_name

import cs_desktop
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def test_save_proposes_the_scenario_name_in_the_data_folder(qtbot: Any, make_window: Any, monkeypatch: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 3})
    proposed: list[str] = []

    def fake(_parent: Any, _title: str, where: str, _filter: str) -> tuple[str, str]:
        proposed.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    window.files.save_game_as()
    path = Path(proposed[0])
    assert path.name == "constitution-vs-java-turn-1.csgame"
    assert path.parent == window.autosave.folder / SAVES_FOLDER and path.parent.is_dir()


def test_a_finished_game_is_in_recent_games(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 3})
    qtbot.waitUntil(lambda: window.session.request() is not None, timeout=COMPUTER_TURN_GUARD_MS)
    assert window.session.presenter.strike_colors()  # the game ends (18.0)
    qtbot.waitUntil(lambda: window.game_over_dialog is not None, timeout=5000)
    entries = window.recent.entries()
    assert entries and Path(entries[0].path).name == "constitution-vs-java-finished.csgame"
    assert Path(entries[0].path).parent == window.autosave.folder / SAVES_FOLDER
    assert window.recent_menu.rebuild()[0].startswith("Constitution vs Java")


def test_names_and_free_paths(tmp_path: Path) -> None:
    assert proposed_name("lake-erie", 4) == "lake-erie-turn-4.csgame"
    assert proposed_name("a b/c", 1, finished=True) == "a-b-c-finished.csgame"
    taken = tmp_path / "x-finished.csgame"
    assert free_path(taken) == taken
    taken.write_text("{}")
    assert free_path(taken) == tmp_path / "x-finished-2.csgame"
