"""Game > Open on a damaged or tampered saved game (issue 9, point 6): the window shows the one message
that says which file, where and what is wrong, and the game on the screen stays exactly as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

import cs_desktop
from cs_desktop.formats.savegame import SaveError, load_game

from tests.formats.badsaves import BAD_SAVES

JAVA = str(cs_desktop.SCENARIOS / "constitution-vs-java.json")


def test_every_bad_save_shows_its_message_and_keeps_the_game(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "human"}, 5, {"turn_limit": 3})
    session = window.session
    game = session.presenter.game
    before = (game.fingerprint(), dict(session.presenter.seats), session.files.save_path, window.windowTitle())
    for i, (case, (write, where, words)) in enumerate(BAD_SAVES.items()):
        path = tmp_path / f"bad{i}.csgame"
        write(path)
        with_message = load_game_message(path)
        assert not window.files.load_from(path), case
        assert window.last_error == with_message, case
        assert f"{path}: {where}" in window.last_error and words in window.last_error, (case, window.last_error)
        box = window.findChild(QMessageBox, "error-box")
        assert box is not None and box.isVisible(), case
        assert box.text() == with_message and "Traceback" not in box.text()
        box.close()
        box.deleteLater()
        qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error-box") is None)
        assert session.presenter.game is game, case
        assert (game.fingerprint(), dict(session.presenter.seats), session.files.save_path, window.windowTitle()) == before, case


def load_game_message(path: Path) -> str:
    try:
        load_game(path)
    except SaveError as e:
        return str(e)
    raise AssertionError(f"{path} loaded")
