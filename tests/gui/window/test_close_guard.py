"""Closing never loses a game (issue 9): Save / Discard / Cancel before the window closes or a new game
replaces an unfinished one; the next start offers to continue a game the player kept; Game > Recent games.

API tested: MainWindow.close / start_game / new_game / load_from with CloseGuard (gui/window/close_guard.py),
AutosaveStore.start_session (the offer at the next start), RecentMenu (gui/window/recent_menu.py).
Actions: start a game, answer a few decisions, close or start another game, click the prompt's buttons.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

import cs_desktop
from cs_desktop.play.autosave import AutosaveStore, describe_pending

from tests.gui.conftest import answer_with_widgets, click
from tests.gui.window.test_main_window import wait_for_request

JAVA = str(cs_desktop.SCENARIOS / "constitution-vs-java.json")
B = QMessageBox.StandardButton


def _playing(qtbot: Any, make_window: Any, decisions: int = 3) -> Any:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    rng = random.Random(4)
    while len(window.session.presenter.game.decisions) < decisions:
        wait_for_request(qtbot, window)
        answer_with_widgets(qtbot, window, rng)
    wait_for_request(qtbot, window)
    return window


def test_close_asks_and_cancel_keeps_the_window_and_the_game(qtbot: Any, make_window: Any) -> None:
    window = _playing(qtbot, make_window)
    game, fingerprint = window.session.presenter.game, window.session.presenter.game.fingerprint()
    window.close()
    box = window.files.guard.box
    assert box is not None and box.isVisible() and box.objectName() == "keep-game"
    assert "Constitution vs Java" in box.text() and "not finished" in box.text()
    assert box.defaultButton() is box.button(B.Save)  # Enter keeps the game
    click(qtbot, box.button(B.Cancel))
    assert window.isVisible()
    assert window.session.presenter.game is game and game.fingerprint() == fingerprint
    assert window.autosave.lock.is_file()  # the session goes on


def test_close_save_writes_the_file_and_the_next_start_offers_it(qtbot: Any, make_window: Any,
                                                                 tmp_path: Path) -> None:
    window = _playing(qtbot, make_window)
    path = tmp_path / "mine.csgame"
    assert window.files.save_to(path)
    answer_with_widgets(qtbot, window, random.Random(2))  # one more decision: the file is behind again
    wait_for_request(qtbot, window)
    game = window.session.presenter.game
    n = len(game.decisions)
    window.close()
    click(qtbot, window.files.guard.box.button(B.Save))  # to its current file, no file dialog
    assert not window.isVisible()
    assert len(json.loads(path.read_text(encoding="utf-8"))["decisions"]) == n
    assert not window.autosave.lock.exists()  # a clean close

    found = AutosaveStore(window.autosave.folder).start_session()
    assert found is not None and not found.crashed and found.decisions == n
    assert found.question().startswith(f"Continue Constitution vs Java, turn {game.state.turn}, ")
    assert found.save_path == str(path)
    again = make_window("again.ini")
    click(qtbot, again.offer_resume(found).continue_button)
    assert len(again.session.presenter.game.decisions) == n
    assert again.session.files.save_path == path  # Save goes to the player's file, never over the autosave


def test_close_save_of_a_new_game_asks_for_a_file(qtbot: Any, make_window: Any, tmp_path: Path,
                                                  monkeypatch: Any) -> None:
    window = _playing(qtbot, make_window)
    target = tmp_path / "asked.csgame"
    asked: list[bool] = []
    # the platform's file dialog cannot be driven offscreen: stand in for the player's choice of file
    monkeypatch.setattr(window.files.guard, "ask_save_path", lambda: asked.append(True) or target)
    window.close()
    assert window.files.guard.box.button(B.Save).text() == "&Save…"
    click(qtbot, window.files.guard.box.button(B.Save))
    assert asked and target.is_file() and not window.isVisible()


def test_close_save_cancelled_in_the_file_dialog_keeps_the_window(qtbot: Any, make_window: Any,
                                                                  monkeypatch: Any) -> None:
    window = _playing(qtbot, make_window)
    monkeypatch.setattr(window.files.guard, "ask_save_path", lambda: None)
    window.close()
    click(qtbot, window.files.guard.box.button(B.Save))
    assert window.isVisible() and window.session.presenter.game is not None


def test_close_discard_closes_and_nothing_is_offered_next_time(qtbot: Any, make_window: Any) -> None:
    window = _playing(qtbot, make_window)
    assert window.autosave.path.is_file()
    window.close()
    click(qtbot, window.files.guard.box.button(B.Discard))
    assert not window.isVisible()
    assert not window.autosave.path.exists()
    assert AutosaveStore(window.autosave.folder).start_session() is None


def test_a_finished_or_saved_game_closes_without_asking(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = _playing(qtbot, make_window)
    assert window.files.save_to(tmp_path / "s.csgame")
    window.close()
    assert window.files.guard.box is None and not window.isVisible()
    found = AutosaveStore(window.autosave.folder).start_session()
    assert found is not None and not found.crashed  # closed with a saved game unfinished: offered

    other = _playing(qtbot, make_window)
    other.session.presenter.strike_colors()
    assert other.session.presenter.game.ended
    other.close()
    assert other.files.guard.box is None and not other.isVisible()


def test_new_game_asks_first_cancel_keeps_discard_replaces(qtbot: Any, make_window: Any) -> None:
    window = _playing(qtbot, make_window)
    game = window.session.presenter.game
    dlg = window.files.new_game()
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    dlg.accept()  # Start
    box = window.files.guard.box
    assert box is not None and "start a new game" in box.text()
    click(qtbot, box.button(B.Cancel))
    assert window.session.presenter.game is game

    assert window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 9, {}) is False  # asked again
    click(qtbot, window.files.guard.box.button(B.Discard))
    assert window.session.presenter.game is not game and window.session.presenter.game.seed == 9


def test_new_game_save_saves_then_starts(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = _playing(qtbot, make_window)
    path = tmp_path / "first.csgame"
    assert window.files.save_to(path)
    answer_with_widgets(qtbot, window, random.Random(3))
    wait_for_request(qtbot, window)
    n = len(window.session.presenter.game.decisions)
    assert window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 11, {}) is False
    click(qtbot, window.files.guard.box.button(B.Save))
    assert len(json.loads(path.read_text(encoding="utf-8"))["decisions"]) == n
    assert window.session.presenter.game.seed == 11 and len(window.session.presenter.game.decisions) <= 1


def test_recent_games_menu_lists_saves_newest_first_and_opens_them(qtbot: Any, make_window: Any,
                                                                   tmp_path: Path) -> None:
    window = _playing(qtbot, make_window)
    a, b = tmp_path / "a.csgame", tmp_path / "b.csgame"
    assert window.files.save_to(a)
    answer_with_widgets(qtbot, window, random.Random(5))
    wait_for_request(qtbot, window)
    assert window.files.save_to(b)
    labels = window.recent_menu.rebuild()
    assert labels[0].startswith("Constitution vs Java, turn ") and labels[0].endswith("b.csgame")
    assert any(x.endswith("a.csgame") for x in labels)
    assert window.findChild(type(window.recent_menu), "menu-recent") is window.recent_menu
    stored = json.loads((window.autosave.folder / "recent-games.json").read_text(encoding="utf-8"))
    assert [Path(g["path"]).name for g in stored["games"]][:2] == ["b.csgame", "a.csgame"]

    b.unlink()  # a missing file is dropped
    labels = window.recent_menu.rebuild()
    assert not any(x.endswith("b.csgame") for x in labels)
    a_action = next(act for act in window.recent_menu.actions() if act.toolTip().endswith("a.csgame"))
    a_action.trigger()  # the game in the window was saved in b, which is gone: asks first
    click(qtbot, window.files.guard.box.button(B.Discard))
    assert window.session.files.save_path == a.resolve()


def test_the_autosave_is_listed_in_recent_games_while_no_game_is_open(qtbot: Any, make_window: Any) -> None:
    window = _playing(qtbot, make_window)
    assert not any(x.startswith("Autosave") for x in window.recent_menu.rebuild())  # it is the game in view
    other = make_window("other.ini")  # the same data folder, no game yet
    labels = other.recent_menu.rebuild()
    assert labels and labels[0].startswith("Autosave: Constitution vs Java, turn ")


def test_not_now_keeps_the_game_where_the_next_one_cannot_overwrite_it(qtbot: Any, make_window: Any) -> None:
    window = _playing(qtbot, make_window, decisions=4)
    n = len(window.session.presenter.game.decisions)
    folder = window.autosave.folder
    found = AutosaveStore(folder).start_session()  # as the next start after a crash sees it
    assert found is not None and found.crashed and found.decisions == n
    later = make_window("later.ini")
    box = later.offer_resume(found)
    assert box.defaultButton() is box.continue_button
    click(qtbot, box.later_button)
    kept = sorted(folder.glob("unfinished-*.csgame"))
    assert len(kept) == 1 and len(json.loads(kept[0].read_text(encoding="utf-8"))["decisions"]) == n
    assert not (folder / "autosave.csgame").exists()
    later.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 2, {})  # the next game autosaves elsewhere
    assert len(json.loads(kept[0].read_text(encoding="utf-8"))["decisions"]) == n
    labels = later.recent_menu.rebuild()
    assert labels[0].startswith("Constitution vs Java, turn ") and labels[0].endswith(kept[0].name)


def test_the_autosave_follows_every_decision(qtbot: Any, make_window: Any) -> None:
    """Not once a turn: after each accepted decision the autosave holds exactly the game's decisions."""
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    rng = random.Random(8)
    for _ in range(12):
        wait_for_request(qtbot, window)
        answer_with_widgets(qtbot, window, rng)
        game = window.session.presenter.game
        saved = json.loads(window.autosave.path.read_text(encoding="utf-8"))
        assert saved["decisions"] == game.decisions
        assert saved["meta"]["asked"] == describe_pending(game)
    assert len(window.session.presenter.game.decisions) >= 12


def test_open_asks_first_and_a_bad_file_is_refused_before_asking(qtbot: Any, make_window: Any,
                                                                 tmp_path: Path) -> None:
    first = _playing(qtbot, make_window)
    other_file = tmp_path / "other.csgame"
    assert first.files.save_to(other_file)
    window = _playing(qtbot, make_window, decisions=4)  # an unsaved game in this window
    game = window.session.presenter.game
    bad = tmp_path / "bad.csgame"
    bad.write_bytes(b"\x00not a game")
    assert window.files.load_from(bad) is False and window.files.guard.box is None  # nothing asked: it could not open
    assert window.session.presenter.game is game
    window.findChild(QMessageBox, "error-box").close()

    assert window.files.load_from(other_file) is False
    click(qtbot, window.files.guard.box.button(B.Cancel))
    assert window.session.presenter.game is game
    window.files.load_from(other_file)
    click(qtbot, window.files.guard.box.button(B.Discard))
    assert window.session.files.save_path == other_file and window.session.presenter.game is not game


def test_play_from_the_library_asks_first(qtbot: Any, make_window: Any) -> None:
    window = _playing(qtbot, make_window)
    game = window.session.presenter.game
    assert window.files.play_library_scenario("constitution-vs-java") is False
    assert "start a new game" in window.files.guard.box.text()
    click(qtbot, window.files.guard.box.button(B.Cancel))
    assert window.session.presenter.game is game
    window.files.play_library_scenario("constitution-vs-java")
    click(qtbot, window.files.guard.box.button(B.Discard))
    assert window.session.presenter.game is not game and window.session.presenter.scenario_path == "library:constitution-vs-java"
    window.files.library().close()
