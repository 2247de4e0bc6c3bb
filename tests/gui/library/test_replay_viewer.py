"""The replay viewer in the window (issue 11, item 5; gui/library/replay_viewer.py), on real saved games written to
tmp_path: stepping moves the board's ships and grows the log, keys and controls move the replay, bookmarks are
kept, a malformed file is reported with its field and the program goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from cs_desktop.gui.library.replay_viewer import ReplayViewer
from tests.batch.replay_games import cut, finished, write


def positions(viewer: ReplayViewer) -> dict[str, tuple[float, float]]:
    return {sid: (item.pos().x(), item.pos().y()) for sid, item in viewer.board.ship_items.items()}


def open_viewer(window: Any, path: Path) -> ReplayViewer:
    viewer = window.watch_replay(path)
    assert viewer is not None, window.last_error
    return viewer


def test_stepping_moves_the_ships_and_grows_the_log(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    for name, keys in (("act-watch", "Ctrl+Shift+R"), ("act-replay-this", "Ctrl+R")):
        assert window.findChild(QAction, name).shortcut().toString() == keys
    assert not window.findChild(QAction, "act-replay-this").isEnabled()  # no game yet
    viewer = open_viewer(window, write(finished(), tmp_path / "g.csgame"))
    r = viewer.replay
    assert viewer.isVisible() and r.position == 0 and r.viewer is None  # the game is over: everything
    start, log0 = positions(viewer), viewer.log.list.count()
    for _ in range(3):  # both sides' set-up, then the first crew request
        qtbot.mouseClick(viewer.transport.buttons["forward"], Qt.MouseButton.LeftButton)
    assert r.position == 3 and viewer.log.list.count() > log0
    viewer.jump_to_turn(3)
    assert r.place().turn == 3 and viewer.transport.turn_box.value() == 3
    assert positions(viewer) != start  # the ships sailed
    assert viewer.board.view == r.view()
    grown = viewer.log.list.count()
    qtbot.mouseClick(viewer.transport.buttons["forward_impulse"], Qt.MouseButton.LeftButton)
    assert viewer.log.list.count() >= grown
    qtbot.mouseClick(viewer.transport.buttons["first"], Qt.MouseButton.LeftButton)
    assert r.position == 0 and positions(viewer) == start and viewer.log.list.count() == log0
    viewer.transport.slider.setValue(100)
    assert r.position == 100 and f"Decision 100 of {r.length}" in viewer.transport.where.text()
    qtbot.mouseClick(viewer.transport.buttons["last"], Qt.MouseButton.LeftButton)
    assert "the game is over" in viewer.transport.where.text()
    last = [viewer.log.list.item(viewer.log.list.count() - k).text() for k in (2, 1)]
    assert "Game over" in last[0] and last[1].startswith("Result: ")  # the result as the dialog words it
    assert not viewer.transport.buttons["forward"].isEnabled()


def test_keys_move_the_replay(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    viewer = open_viewer(window, write(finished(), tmp_path / "g.csgame"))
    r = viewer.replay
    viewer.windowHandle().requestActivate()  # window shortcuts act in the active window
    qtbot.waitUntil(viewer.isActiveWindow)
    viewer.board.setFocus()
    qtbot.keyClick(viewer.board, Qt.Key.Key_Right)
    qtbot.keyClick(viewer.board, Qt.Key.Key_Right)
    assert r.position == 2
    qtbot.keyClick(viewer.board, Qt.Key.Key_Left)
    assert r.position == 1
    qtbot.keyClick(viewer.board, Qt.Key.Key_PageDown)
    assert r.place().turn == 2 and r.place(r.position - 1).turn == 1
    qtbot.keyClick(viewer.board, Qt.Key.Key_PageUp)
    qtbot.keyClick(viewer.board, Qt.Key.Key_PageUp)
    assert r.position == 0
    qtbot.keyClick(viewer.board, Qt.Key.Key_End)
    assert r.position == r.length
    qtbot.keyClick(viewer.board, Qt.Key.Key_Left, Qt.KeyboardModifier.ControlModifier)
    assert r.position < r.length and r.place(r.position - 1).phase != r.place().phase
    qtbot.keyClick(viewer.board, Qt.Key.Key_Home)
    assert r.position == 0


def test_bookmarks_are_kept_and_lead_back(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    path = write(finished(), tmp_path / "g.csgame")
    viewer = open_viewer(window, path)
    viewer.replay.goto(77)
    viewer.refresh()
    viewer.bookmarks.name.setText("Java rakes")
    qtbot.mouseClick(viewer.bookmarks.add_button, Qt.MouseButton.LeftButton)
    assert viewer.bookmarks.list.count() == 1
    viewer.close()
    again = open_viewer(window, path)
    panel = again.bookmarks
    assert panel.list.count() == 1 and panel.list.item(0).text().startswith("Java rakes")
    item = panel.list.item(0)
    panel.list.setCurrentItem(item)
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=panel.list.visualItemRect(item).center())
    assert again.replay.position == 77
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert panel.list.count() == 0
    assert open_viewer(window, path).bookmarks.list.count() == 0


def test_a_game_not_over_shows_only_the_players_view(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    game = cut(finished(), 150)
    viewer = open_viewer(window, write(game, tmp_path / "g.csgame", {"us": "human", "gb": "easy"}))
    combo = viewer.transport.viewer
    assert [combo.itemText(i) for i in range(combo.count())] == ["United States Navy"] and not combo.isEnabled()
    viewer.replay.goto(120)
    viewer.refresh()
    assert viewer.board.view == viewer.replay.view() and type(viewer.board.view["sides"]["gb"]["hand"]) is int
    tabs = viewer.card_tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Constitution", "Java (enemy)"]
    assert viewer.cards["java"].card_widget.own is False


def test_replay_this_game_from_the_window(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    path = write(cut(finished(), 150), tmp_path / "g.csgame", {"us": "human", "gb": "human"})
    assert window.files.load_from(path)
    if window.session.curtain:  # hotseat: nobody is at the screen yet, so nothing is shown
        assert window.replay_this_game() is None and "handed over" in window.last_error
        window.session.presenter.confirm_handover()
    viewer = window.replay_this_game()
    assert viewer is not None
    assert viewer.replay.viewer_choices == [window.session.shown_side]
    # the standing orders (play/turn_flow.py) may have answered a few requests for the player since the load
    assert viewer.replay.length == len(window.session.presenter.game.decisions) >= 150
    viewer.do_step("last")
    shown, live = viewer.board.view, window.session.presenter.game.view(window.session.shown_side)
    # (an event's data may differ: the engine's "crew" event holds a live assignment, see tests/play/test_replay.py)
    assert [e["text"] for e in shown["events"]] == [e["text"] for e in live["events"]]
    assert {k: v for k, v in shown.items() if k != "events"} == {k: v for k, v in live.items() if k != "events"}


def test_a_malformed_replay_is_reported_and_the_program_goes_on(make_window: Any, qtbot: Any,
                                                                tmp_path: Path) -> None:
    window = make_window()
    good = write(finished(), tmp_path / "g.csgame")
    data = json.loads(good.read_text(encoding="utf-8"))
    data["decisions"][12]["answer"] = {"broadside": "everything"}
    bad = tmp_path / "bad.csgame"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert window.watch_replay(bad) is None
    assert str(bad) in window.last_error and "decisions[12]" in window.last_error
    (tmp_path / "junk.csgame").write_text("{not json", encoding="utf-8")
    assert window.watch_replay(tmp_path / "junk.csgame") is None
    assert "junk.csgame" in window.last_error and "line 1" in window.last_error
    assert open_viewer(window, good).replay.length == len(data["decisions"])  # and the next one opens
