"""Issue 32, item 8 (in part): Game → Play online in the real window hosts a game on a local server, joins it with
its code and plays a few decisions against the easy captain on the server.

API tested: MainWindow's act-online action, OnlineDialog, OnlineLink (the client on its own thread).
Actions: a server on a thread of its own; the window's Game → Play online; host (the dialog joins with its own
code); answer an illegal choice (refused with its rule), then 14 decisions with the play screen's own request
panels where they work online (setup, maneuver, fire, load, cards ...), else from the list or by the judgment
captain.
Expected: the seat's request arrives, answers are acknowledged and the game moves on; the refusal names the rule;
the game is remembered and listed under "Your games" with whose turn it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from cs_desktop.gui.main_window import MainWindow
from cs_desktop.gui.online_dialog import OnlineDialog
from cs_desktop.gui.request_base import RequestWidget
from cs_desktop.gui.session import GameSession
from cs_desktop.play.autosave import AutosaveStore

from tests.online.conftest import SCENARIO, ThreadServer

WAIT_MS = 120_000  # a guard against a hang; the test waits for frames, not for time


def test_play_online_from_the_window_against_a_local_server(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    autosave = AutosaveStore(tmp_path / "data")
    autosave.start_session()
    window = MainWindow(GameSession(autosave), settings=settings, autosave=autosave)
    qtbot.addWidget(window)
    window.show()
    with ThreadServer(tmp_path / "games") as server:
        window.findChild(type(window.act_new), "act-online").trigger()
        dialog = window.findChild(OnlineDialog, "online-dialog")
        assert dialog is not None
        dialog.server.setText(server.url)
        dialog.scenario.setCurrentText(SCENARIO)
        dialog.side.setCurrentText("us")
        dialog.opponent.setCurrentText("easy")
        qtbot.mouseClick(dialog.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.seat.request is not None, timeout=WAIT_MS)
        assert dialog.seat.side == "us" and "computer captain" in dialog.invitations.text()
        game = next(iter(server.server.referee.tables.values())) if server.server else None
        assert game is not None

        ask = dialog.seat.ask
        dialog.link.submit(ask, {"not": "a legal answer"})
        qtbot.waitUntil(lambda: dialog.message.text().startswith("Refused ("), timeout=WAIT_MS)
        assert dialog.seat.request is not None and dialog.seat.request["rule"] in dialog.message.text()

        panels: set[str] = set()
        for _ in range(14):  # decisions: with the play screen's panel where it has one, else the list or judgment
            ask = dialog.seat.ask
            dialog.message.clear()
            panel = dialog.panel
            if isinstance(panel, RequestWidget) and panel.default_button is not None:
                panels.add(panel.request.kind)
                qtbot.mouseClick(panel.default_button, Qt.MouseButton.LeftButton)
            else:
                button = dialog.send_button if dialog.send_button.isEnabled() else dialog.judgment_button
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda a=ask: (dialog.seat.ask > a and (dialog.seat.request is not None
                                                                    or dialog.seat.ended))
                            or dialog.message.text().startswith("Refused"), timeout=WAIT_MS)
            assert not dialog.message.text().startswith("Refused"), dialog.message.text()
            if dialog.seat.ended:
                break
        assert {"setup", "select_maneuver"} <= panels, panels
        assert dialog.log.toPlainText()
        board = dialog.seat_board
        assert set(board.board.ship_items) == set(dialog.seat.view["ships"]) and board.cards.count() == 2
        assert any(board.cards.tabText(i).endswith("(enemy)") for i in range(board.cards.count()))
        qtbot.waitUntil(lambda: dialog.games.count() == 1, timeout=WAIT_MS)  # remembered, listed with its state
        assert "side us" in dialog.games.item(0).text() and dialog.remembered() == [dialog.code.text()]
        assert len([d for d in game.game.decisions if d["side"] == "us"]) == dialog.seat.ask
        dialog.close()
        QApplication.processEvents()
