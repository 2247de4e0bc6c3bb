"""Issue 32 items 2 and 8: two real windows play each other through a real referee server on loopback.

API tested: MainWindow's Game → Play online (OnlineDialog, OnlineLink), the play screen's request panels, board,
ship cards and dice tray on an online seat, undo with consent from the window.
Actions: a server on a thread of its own; window A hosts (its side `us`, the other seat human) and window B joins
with the code A was given; A gives its setup and asks to take it back, B agrees in the box it is shown; then both
play with the panels' default buttons until the third turn's maneuvers. With $CS_ONLINE_SCREENSHOTS set, both
windows are saved there as online-host.png and online-guest.png (docs/screenshots/ under Xvfb).
Expected: B is asked with the side's name only; A is asked its setup again and the server's game has no decision;
both seats reach turn 3; each board shows the seat's own view (the enemy's card marked), the maneuver previews of
A's first ship, the dice each seat saw, its own Bridge cards (the enemy's as a count); the server's game equals the replay of its journal.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.online.dialog import OnlineDialog
from cs_desktop.gui.requests.base import RequestWidget
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.dialogs.standing_orders import save_orders
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.rules.game import Game
from cs_desktop.play.autosave import AutosaveStore

from tests.online.conftest import SCENARIO, ThreadServer

WAIT_MS = 120_000  # a guard against a hang; the test waits for frames, not for time


def _window(qtbot: Any, folder: Path, server: str, ask_everything: bool = True) -> OnlineDialog:
    """A window's Play online dialog; with `ask_everything` every request reaches its panels (the standing
    orders online: test_window_orders.py)."""
    folder.mkdir()
    autosave = AutosaveStore(folder / "data")
    autosave.start_session()
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    if ask_everything:
        save_orders(settings, StandingOrders(ask_everything=True))
    window = MainWindow(GameSession(autosave), settings=settings, autosave=autosave)
    qtbot.addWidget(window)
    window.show()
    window.findChild(type(window.act_new), "act-online").trigger()
    dialog = window.findChild(OnlineDialog, "online-dialog")
    assert dialog is not None
    dialog.lobby.server.setText(server)
    return dialog


def _answer(qtbot: Any, dialog: OnlineDialog) -> None:
    """Answer the seat's request with the panel's default button (else the list or the judgment captain), and
    wait for the server's next state."""
    ask = dialog.seat.ask
    dialog.message.clear()
    panel = dialog.panel
    if isinstance(panel, RequestWidget) and panel.default_button is not None and panel.default_button.isEnabled():
        qtbot.mouseClick(panel.default_button, Qt.MouseButton.LeftButton)
    else:
        button = dialog.send_button if dialog.send_button.isEnabled() else dialog.judgment_button
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.seat.ask > ask or dialog.message.text().startswith("Refused"), timeout=WAIT_MS)
    assert not dialog.message.text().startswith("Refused"), dialog.message.text()


def _undo_with_consent(qtbot: Any, host: OnlineDialog, guest: OnlineDialog, game: Any) -> None:
    assert host.seat.request is not None and host.seat.request["kind"] == "setup"
    _answer(qtbot, host)
    assert len(game().decisions) == 1
    qtbot.mouseClick(host.seat_actions.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: guest.seat_actions.consent_box is not None, timeout=WAIT_MS)
    box = guest.seat_actions.consent_box
    assert box is not None and box.text() == "United States Navy asks to take back their last decision. Agree?"
    yes = box.button(QMessageBox.StandardButton.Yes)
    assert yes is not None
    qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: host.seat.ask == 0 and host.seat.request is not None, timeout=WAIT_MS)
    assert host.seat.request["kind"] == "setup" and game().decisions == []
    assert "taken back" in host.message.text() and "taken back" in guest.message.text()


def test_two_windows_play_each_other_through_a_local_server(qtbot: Any, tmp_path: Path) -> None:
    with ThreadServer(tmp_path / "games") as server:
        host = _window(qtbot, tmp_path / "host", server.url)
        guest = _window(qtbot, tmp_path / "guest", server.url)
        host.lobby.scenario.setCurrentText(SCENARIO)
        host.lobby.side.setCurrentText("us")
        host.lobby.opponent.setCurrentText("human")
        qtbot.mouseClick(host.lobby.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: host.seat.request is not None and "gb" in host.lobby.codes, timeout=WAIT_MS)
        assert server.server is not None
        table = next(iter(server.server.referee.tables.values()))
        guest.lobby.code.setText(host.lobby.codes["gb"])
        qtbot.mouseClick(guest.lobby.join_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: guest.seat.request is not None, timeout=WAIT_MS)
        _undo_with_consent(qtbot, host, guest, lambda: table.game)

        for _ in range(120):
            if host.seat.view["turn"] >= 3 and host.seat.request is not None \
                    and host.seat.request["kind"] == "select_maneuver":
                break
            qtbot.waitUntil(lambda: host.seat.request is not None or guest.seat.request is not None
                            or host.seat.ended, timeout=WAIT_MS)  # the next frame may still be on its way
            dialog = host if host.seat.request is not None else guest
            assert dialog.seat.request is not None and not dialog.seat.ended
            _answer(qtbot, dialog)
        assert host.seat.view["turn"] == 3 and guest.seat.view["turn"] == 3
        for dialog in (host, guest):
            board = dialog.seat_board
            assert set(board.board.ship_items) == set(dialog.seat.view["ships"])
            assert dialog.session is not None
            texts = {board.cards.tabText(i) for i in range(board.cards.count())}
            assert texts == {ship.name + ("" if ship.side == dialog.seat.side else " (enemy)")
                             for ship in dialog.session.screen().ships}
            rolls = [e for e in dialog.seat.events if e.get("type") == "roll"]
            assert rolls and len(board.dice.entries) == min(len(rolls), board.dice.MAX)
            assert dialog.log.list.count() == len(dialog.seat.events)
            own_hand = dialog.seat.view["sides"][dialog.seat.side]["hand"]
            assert board.hand.list.count() == len(own_hand) and "hidden" in board.hand.title.text()
        assert host.seat_board.help is not None and host.seat_board.help.previews
        game = table.game
        assert game.fingerprint() == Game.replay(game.scenario, game.cards, game.seed, game.decisions,
                                                 game.options).fingerprint()
        shots = os.environ.get("CS_ONLINE_SCREENSHOTS")
        if shots:
            for name, dialog in (("host", host), ("guest", guest)):
                QApplication.processEvents()
                dialog.grab().save(str(Path(shots) / f"online-{name}.png"))
        for dialog in (host, guest):
            dialog.close()
        QApplication.processEvents()
