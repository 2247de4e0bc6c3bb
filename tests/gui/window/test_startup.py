"""No damaged file stops the program from starting (issue 9): each damaged file in the data folder is
reported once (one message naming it and where it went), renamed to NAME.damaged-YYYYMMDD-HHMMSS (never
deleted), and the program starts; leftover temporary files of an interrupted atomic write are removed.

API tested: gui/start.open_main_window (what run_app calls) on a data folder holding real damaged bytes;
play/startup.check_data_folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

import cs_desktop
from cs_desktop.gui.start import open_main_window
from cs_desktop.play.startup import check_data_folder

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def _saved_game_text() -> str:
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.rules.game import Game
    from cs_desktop.formats.savegame import save_text

    scenario, ships = load_scenario_with_ships(JAVA)
    return save_text(Game(scenario, ships, 3), {"title": "Constitution vs Java", "turn": 1})


def _library_bytes(tmp: Path) -> bytes:
    from cs_desktop.library import Library

    lib = Library.open(tmp)
    lib.close()
    return (tmp / "library.sqlite3").read_bytes()


def _open(qtbot: Any, folder: Path) -> Any:
    window = open_main_window(folder)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.isVisible())
    return window


def _errors(qtbot: Any, window: Any) -> list[QMessageBox]:
    qtbot.wait(50)  # the queued start-up messages
    return [b for b in window.findChildren(QMessageBox, "error-box") if b.isVisible()]


# name, what the message calls it, damaged bytes (a function of a scratch folder)
DAMAGE = [
    ("autosave.csgame", "autosave", lambda tmp: b"\x00\x01\xfe garbage \xff"),
    ("autosave.csgame", "autosave", lambda tmp: _saved_game_text().encode("utf-8")[:700]),  # truncated
    ("session.lock", "session lock file", lambda tmp: b"\xff\xfe\x00\x00lock"),
    ("settings.ini", "settings file", lambda tmp: b"[General]\nfiles\\last_dir=/tmp\n\x00\x00\x8f\x01garbage"),
    ("window-layout.json", "window layout file", lambda tmp: b'{"format": "captains-sea/window-lay'),
    ("recent-games.json", "recent-games list", lambda tmp: b"[1, 2"),
    ("library.sqlite3", "library database", lambda tmp: os.urandom(8192)),
    ("library.sqlite3", "library database", lambda tmp: _library_bytes(tmp)[:90_000]),  # truncated
    # issue 31, item 6: numbers out of range (the models of play/autosave.py, savegame.py, play/campaign_mark.py)
    ("session.lock", "session lock file", lambda tmp: f"{2**31} 1700000000".encode()),
    ("autosave.csgame", "autosave", lambda tmp: _saved_game_text().replace('"turn": 1', '"turn": -7').encode()),
    ("campaign-battle.json", "mark of the campaign battle in play",
     lambda tmp: b'{"format": "captains-sea/campaign-battle", "version": 1, "campaign_id": 1, "campaign": "C", '
                 b'"battle": "B", "turn": 1, "asked": "", "decisions": 3, "saved_at": 1e300}'),
]


@pytest.mark.parametrize("name,what,damage", DAMAGE,
                         ids=["autosave-garbage", "autosave-truncated", "lock", "settings", "layout", "recent",
                              "library-garbage", "library-truncated", "lock-range", "autosave-meta-range",
                              "mark-range"])
def test_a_damaged_file_is_set_aside_reported_once_and_the_program_starts(qtbot: Any, tmp_path: Path, name: str,
                                                                          what: str, damage: Any) -> None:
    data = tmp_path / "data"
    data.mkdir()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    bad = damage(scratch)
    (data / name).write_bytes(bad)

    window = _open(qtbot, data)
    shown = _errors(qtbot, window)
    assert len(shown) == 1  # one message
    text = shown[0].text()
    assert f"The {what} ({data / name}) is damaged" in text
    aside = sorted(data.glob(f"{name}.damaged-*"))
    assert len(aside) == 1 and aside[0].name in text
    assert aside[0].read_bytes() == bad  # kept, byte for byte
    assert window.session.presenter.game is None or not window.session.presenter.game.ended
    if name == "library.sqlite3":
        library = window.files.library()  # a fresh library in its place
        assert library is not None and library.list_scenarios()
        library.close()
    shown[0].close()
    window.close()

    again = _open(qtbot, data)  # reported once: the next start is quiet
    assert _errors(qtbot, again) == []
    assert len(sorted(data.glob(f"{name}.damaged-*"))) == 1


def test_several_damaged_files_make_one_message(qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.csgame").write_bytes(b"{")
    (data / "settings.ini").write_bytes(b"\x00" * 64)
    window = _open(qtbot, data)
    shown = _errors(qtbot, window)
    assert len(shown) == 1
    assert "autosave" in shown[0].text() and "settings file" in shown[0].text()


def test_leftover_temporary_files_are_removed(qtbot: Any, tmp_path: Path) -> None:
    import tempfile

    data = tmp_path / "data"
    data.mkdir()
    # what a write killed before its os.replace leaves: made the way atomic_write_text makes it
    fd, made = tempfile.mkstemp(prefix=".autosave.csgame.", suffix=".tmp", dir=data)
    os.write(fd, b'{"format": "captains-sea/ga')
    os.close(fd)
    leftovers = [Path(made), data / ".recent-games.json.abcdefgh.tmp"]
    leftovers[1].write_text('{"half": ', encoding="utf-8")
    keep = [data / "my-notes.tmp", data / ".hidden", data / ".other-program.conf.abcdefgh.tmp"]
    for p in keep:
        p.write_text("mine", encoding="utf-8")
    window = _open(qtbot, data)
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in keep)
    assert _errors(qtbot, window) == []
    assert {p.name for p in window.startup_report.removed_temp} == {p.name for p in leftovers}


def test_nothing_is_touched_while_another_window_runs(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "session.lock").write_text(f"{os.getppid()} 0\n", encoding="utf-8")  # a live process
    tmp = data / ".autosave.csgame.abcdefgh.tmp"
    tmp.write_text("in progress", encoding="utf-8")
    (data / "settings.ini").write_bytes(b"\x00")
    report = check_data_folder(data)
    assert report.other_window and tmp.exists() and (data / "settings.ini").exists() and not report.set_aside


def test_settings_and_layout_live_in_the_data_folder(qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    window = _open(qtbot, data)
    assert Path(window.settings.fileName()) == data / "settings.ini"
    window.docks["log"].hide()
    window.close()
    layout = json.loads((data / "window-layout.json").read_text(encoding="utf-8"))
    assert layout["format"] == "captains-sea/window-layout"
    again = _open(qtbot, data)
    assert again.docks["log"].isHidden()


def test_a_settings_file_qt_wrote_is_never_called_damaged(tmp_path: Path) -> None:
    from PySide6.QtCore import QByteArray, QSettings

    from cs_desktop.play.startup import check_settings

    path = tmp_path / "settings.ini"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("files/last_dir", "/home/me/My Games; \"old\" = ones\nsecond line")
    settings.setValue("window/blob", QByteArray(bytes(range(256))))
    settings.setValue("list", ["a", "b=c", "[d]"])
    settings.setValue("naïve/ünïcode", "Ça va")
    settings.sync()
    assert settings.status() == QSettings.Status.NoError
    check_settings(path)


def test_a_layout_whose_qt_blob_is_garbage_starts_with_the_default_layout(qtbot: Any, tmp_path: Path) -> None:
    import base64

    data = tmp_path / "data"
    data.mkdir()
    blob = base64.b64encode(os.urandom(300)).decode("ascii")
    (data / "window-layout.json").write_text(json.dumps({"format": "captains-sea/window-layout", "version": 3,
                                                         "geometry": blob, "state": blob}), encoding="utf-8")
    window = _open(qtbot, data)
    assert all(not dock.isFloating() for dock in window.docks.values())
    assert window.docks["orders"].isVisible()
