"""Issue 32 item 2: in the window, a restarted server and a restarted program resume at the exact decision.

API tested: OnlineDialog, OnlineLink (its client reconnects), "Your games on this server", a ThreadServer
stopped and started again on the same folder and port.
Actions: the window hosts a game against easy and answers two decisions; the server is stopped under it and
started again; the seat answers one more decision; then the dialog is closed, a new one opened (as after a
restart of the program), the game found under "Your games" and double-clicked.
Expected: after the server's restart the seat shows the same request number and kind as before and its answer is
taken; the new dialog lists the game as the seat's turn and, joined from the list, shows that same decision with
the board and cards drawn; no event is doubled in the seat's log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.online.dialog import OnlineDialog
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.dialogs.standing_orders import save_orders
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.play.autosave import AutosaveStore

from tests.online.conftest import SCENARIO, ThreadServer
from tests.online.test_two_windows import _answer

WAIT_MS = 120_000  # a guard against a hang; the test waits for frames, not for time


def _dialog(window: MainWindow) -> OnlineDialog:
    window.findChild(type(window.act_new), "act-online").trigger()
    dialogs = [d for d in window.findChildren(OnlineDialog) if d.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def test_the_window_resumes_after_a_server_restart_and_a_program_restart(qtbot: Any, tmp_path: Path) -> None:
    autosave = AutosaveStore(tmp_path / "data")
    autosave.start_session()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    save_orders(settings, StandingOrders(ask_everything=True))  # every decision reaches the seat: none is
    window = MainWindow(GameSession(autosave), settings=settings, autosave=autosave)  # answered mid-restart
    qtbot.addWidget(window)
    window.show()
    folder = tmp_path / "games"
    with ThreadServer(folder) as first:
        dialog = _dialog(window)
        dialog.lobby.server.setText(first.url)
        dialog.lobby.scenario.setCurrentText(SCENARIO)
        dialog.lobby.side.setCurrentText("us")
        dialog.lobby.opponent.setCurrentText("easy")
        qtbot.mouseClick(dialog.lobby.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.seat.request is not None, timeout=WAIT_MS)
        for _ in range(2):
            _answer(qtbot, dialog)
            qtbot.waitUntil(lambda: dialog.seat.request is not None, timeout=WAIT_MS)
        port, url = first.port, first.url
        assert dialog.link.client is not None
        received = len(dialog.link.client.frames)
    before = (dialog.seat.ask, dialog.seat.request["kind"] if dialog.seat.request else None)
    with ThreadServer(folder, port) as second:
        assert second.server is not None and len(second.server.referee.tables) == 1
        table = next(iter(second.server.referee.tables.values()))
        link = dialog.link
        assert link.client is not None
        client = link.client  # its frames since the restart: the welcome again, then the seat's state
        qtbot.waitUntil(lambda: [json.loads(f)["t"] for f in client.frames[received:]][:1] == ["welcome"]
                        and any(json.loads(f)["t"] == "update" for f in client.frames[received:])
                        and dialog.seat.request is not None, timeout=WAIT_MS)
        assert (dialog.seat.ask, dialog.seat.request["kind"]) == before
        _answer(qtbot, dialog)
        assert len([d for d in table.game.decisions if d["side"] == "us"]) == dialog.seat.ask == before[0] + 1
        qtbot.waitUntil(lambda: dialog.seat.request is not None, timeout=WAIT_MS)
        again = (dialog.seat.ask, dialog.seat.request["kind"])
        dialog.close()  # the program closes; its settings keep the game's code
        QApplication.processEvents()

        fresh = _dialog(window)
        assert fresh is not dialog
        fresh.lobby.server.setText(url)
        qtbot.mouseClick(fresh.lobby.refresh_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: fresh.lobby.games.count() == 1, timeout=WAIT_MS)
        assert "your turn" in fresh.lobby.games.item(0).text()
        rect = fresh.lobby.games.visualItemRect(fresh.lobby.games.item(0))
        qtbot.mouseClick(fresh.lobby.games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # press, then
        qtbot.mouseDClick(fresh.lobby.games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # double-click
        qtbot.waitUntil(lambda: fresh.seat.request is not None, timeout=WAIT_MS)
        assert (fresh.seat.ask, fresh.seat.request["kind"]) == again
        assert fresh.seat.events == table.game.visible_events("us")
        assert fresh.log.list.count() == len(fresh.seat.events)
        assert set(fresh.seat_board.board.ship_items) == set(fresh.seat.view["ships"])
        fresh.close()
        QApplication.processEvents()


def test_a_bad_code_is_said_and_the_player_may_join_again(qtbot: Any, tmp_path: Path) -> None:
    """A code that opens no seat: the dialog says so and its Join button works again (it stayed disabled)."""
    autosave = AutosaveStore(tmp_path / "data")
    autosave.start_session()
    window = MainWindow(GameSession(autosave), settings=QSettings(str(tmp_path / "settings.ini"),
                                                                  QSettings.Format.IniFormat), autosave=autosave)
    qtbot.addWidget(window)
    window.show()
    with ThreadServer(tmp_path / "games") as server:
        dialog = _dialog(window)
        dialog.lobby.server.setText(server.url)
        dialog.lobby.code.setText("0123456789ab." + "x" * 24)
        qtbot.mouseClick(dialog.lobby.join_button, Qt.MouseButton.LeftButton)
        assert not dialog.lobby.join_button.isEnabled()
        qtbot.waitUntil(dialog.lobby.join_button.isEnabled, timeout=WAIT_MS)
        assert "opens no seat" in dialog.message.text() and dialog.seat.side is None
        dialog.close()
        QApplication.processEvents()
