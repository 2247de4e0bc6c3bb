"""Issue 32, item 8 (in part): Game → Play online in the real window hosts a game on a local server, joins it with
its code and plays a few decisions against the easy captain on the server.

API tested: MainWindow's act-online action, OnlineDialog, OnlineLink (the client on its own thread).
Actions: a server on a thread of its own; the window's Game → Play online; host (the dialog joins with its own
code); answer an illegal choice (refused with its rule), then 14 decisions with the play screen's own request
panels where they work online (setup, maneuver, fire, load, cards ...), else from the list or by the judgment
captain.
Expected: the seat's request arrives, answers are acknowledged and the game moves on; the refusal names the rule;
the game is remembered and listed under "Your games" with whose turn it is; striking the colours from the
dialog (confirmed) ends the game, which is then saved from the dialog and loads offline to the same game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.online.dialog import OnlineDialog
from cs_desktop.gui.requests.base import RequestWidget
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.dialogs.standing_orders import save_orders
from cs_desktop.play.autosave import AutosaveStore
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.formats.savegame import load_game

from tests.online.conftest import SCENARIO, ThreadServer

WAIT_MS = 120_000  # a guard against a hang; the test waits for frames, not for time


def _looks_as_at_one_screen(dialog: OnlineDialog, kind: str) -> None:
    """The seat's board and cards show what the main window shows for this request: the maneuver previews of
    the first asked ship, the crew assignment on the seat's own cards only."""
    board = dialog.seat_board
    request = dialog.seat.request
    assert request is not None and board.help is not None
    if kind == "select_maneuver":
        first = next(iter(request["ships"]))
        assert set(board.help.previews) == {first} and board.board.preview_items
    if kind == "assign_crew":
        for sid, state in dialog.seat.view["ships"].items():
            card = board.card(sid)
            assert card.sailing.isVisibleTo(card) == (state["side"] == dialog.seat.side), sid
            if state["side"] == dialog.seat.side:
                assert "Crew assignment" in card.summary.text()


def test_play_online_from_the_window_against_a_local_server(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    save_orders(settings, StandingOrders(ask_everything=True))  # every request reaches the panels (the orders:
    autosave = AutosaveStore(tmp_path / "data")  # test_window_orders.py)
    autosave.start_session()
    window = MainWindow(GameSession(autosave), settings=settings, autosave=autosave)
    qtbot.addWidget(window)
    window.show()
    with ThreadServer(tmp_path / "games") as server:
        window.findChild(type(window.act_new), "act-online").trigger()
        dialog = window.findChild(OnlineDialog, "online-dialog")
        assert dialog is not None
        dialog.lobby.server.setText(server.url)
        dialog.lobby.scenario.setCurrentText(SCENARIO)
        dialog.lobby.side.setCurrentText("us")
        dialog.lobby.opponent.setCurrentText("easy")
        qtbot.mouseClick(dialog.lobby.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.seat.request is not None, timeout=WAIT_MS)
        assert dialog.seat.side == "us" and "computer captain" in dialog.lobby.invitations.text()
        game = next(iter(server.server.referee.tables.values())) if server.server else None
        assert game is not None

        ask = dialog.seat.ask
        dialog.link.submit(ask, {"not": "a legal answer"})
        qtbot.waitUntil(lambda: dialog.message.text().startswith("Refused ("), timeout=WAIT_MS)
        assert dialog.seat.request is not None and dialog.seat.request["rule"] in dialog.message.text()

        panels: set[str] = set()
        for _ in range(24):  # decisions: with the play screen's panel where it has one, else the list or judgment
            ask = dialog.seat.ask
            dialog.message.clear()
            panel = dialog.panel
            if isinstance(panel, RequestWidget) and panel.default_button is not None:
                panels.add(panel.request.kind)
                _looks_as_at_one_screen(dialog, panel.request.kind)
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
        assert {"setup", "select_maneuver", "assign_crew"} <= panels, panels
        rolls = [e for e in dialog.seat.events if e.get("type") == "roll"]
        assert rolls and len(dialog.seat_board.dice.entries) == min(len(rolls), dialog.seat_board.dice.MAX)  # the rolls the seat saw
        assert dialog.log.list.count() > 0
        board = dialog.seat_board
        assert set(board.board.ship_items) == set(dialog.seat.view["ships"]) and board.cards.count() == 2
        assert any(board.cards.tabText(i).endswith("(enemy)") for i in range(board.cards.count()))
        qtbot.waitUntil(lambda: dialog.lobby.games.count() == 1, timeout=WAIT_MS)  # remembered, listed with its state
        assert "side us" in dialog.lobby.games.item(0).text() and dialog.lobby.remembered() == [dialog.lobby.code.text()]
        assert len([d for d in game.game.decisions if d["side"] == "us"]) == dialog.seat.ask
        assert not dialog.seat.ended  # 24 decisions are two turns: then 18.0 from the window, confirmed first
        qtbot.mouseClick(dialog.seat_actions.strike_button, Qt.MouseButton.LeftButton)
        box = dialog.seat_actions.strike_box
        assert box is not None and box.objectName() == "online-strike-confirm"
        yes = box.button(QMessageBox.StandardButton.Yes)
        assert yes is not None
        qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.seat.ended, timeout=WAIT_MS)
        assert game.game.ended and game.game.decisions[-1]["kind"] == "strike_colors"
        assert not dialog.seat_actions.strike_button.isEnabled() and "game over" in dialog.status.text()
        assert dialog.seat_actions.export_button.isEnabled()  # the finished game to an ordinary saved game
        dialog.seat_actions.export_to(tmp_path / "online.csgame")
        qtbot.waitUntil(lambda: dialog.message.text().startswith(("Saved", "Not saved")), timeout=WAIT_MS)
        assert dialog.message.text().startswith("Saved"), dialog.message.text()
        assert load_game(tmp_path / "online.csgame").game.fingerprint() == game.game.fingerprint()
        dialog.close()
        QApplication.processEvents()
