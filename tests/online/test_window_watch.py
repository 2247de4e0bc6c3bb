"""Issue 32 item 1 (spectators see the public view only), in the window: Game → Play online → Watch.

API tested: OnlineDialog's watch box (OnlineLink.watch, a spectator's SeatClient), the seat board and game log
drawing the public view, over a referee server on loopback (ThreadServer).
Actions: window A hosts a game against the easy captain and is shown the spectator code; window B watches with
it; A answers decisions (the panels' default buttons) into turn 2.
Expected: B's status says it is watching and follows A's game turn by turn; its board shows every ship; no ship
card is its own; nothing in B can answer, take back or strike (no panel, those buttons hidden); its log holds
exactly the events every side sees; the view it holds is the server's public view (no secret of either side).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cs_desktop.online import frames

from tests.online.conftest import SCENARIO, ThreadServer
from tests.online.test_two_windows import WAIT_MS, _answer, _window


def test_a_spectator_watches_a_game_read_only(qtbot: Any, tmp_path: Path) -> None:
    with ThreadServer(tmp_path / "games") as server:
        host = _window(qtbot, tmp_path / "a", server.url)
        host.lobby.scenario.setCurrentText(SCENARIO)
        host.lobby.side.setCurrentText("us")
        host.lobby.opponent.setCurrentText("easy")
        qtbot.mouseClick(host.lobby.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: host.seat.request is not None, timeout=WAIT_MS)
        assert server.server is not None
        table = next(iter(server.server.referee.tables.values()))
        assert f"Spectators watch with the code {table.game_id}" in host.lobby.invitations.text()

        watcher = _window(qtbot, tmp_path / "b", server.url)
        watcher.lobby.watch_code.setText(table.game_id)
        qtbot.mouseClick(watcher.lobby.watch_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(watcher.seat.view), timeout=WAIT_MS)
        assert watcher.seat.side is None and watcher.status.text().startswith("Watching")
        while int(host.seat.view.get("turn", 0)) < 2:
            _answer(qtbot, host)
            qtbot.waitUntil(lambda: host.seat.request is not None or host.seat.ended, timeout=WAIT_MS)
        game = table.game
        qtbot.waitUntil(lambda: watcher.seat.upto == len(game.events) and watcher.seat.view.get("turn") == 2,
                        timeout=WAIT_MS)
        assert json.dumps(watcher.seat.view, sort_keys=True) == json.dumps(frames.public_view(game), sort_keys=True)
        assert watcher.seat.events == frames.public_events(game, 0)
        assert watcher.log.list.count() == len(watcher.seat.events) > 0
        assert "turn 2" in watcher.status.text()
        assert set(watcher.seat_board.board.ship_items) == set(game.state.ships)
        assert watcher.session is not None and not any(s.own for s in watcher.session.screen().ships)
        cards = watcher.seat_board.cards
        assert sorted(cards.tabText(i) for i in range(cards.count())) == ["Constitution", "Guerriere"]
        assert watcher.panel is None and watcher.seat.request is None and watcher.flow is None
        for button in (watcher.send_button, watcher.judgment_button, watcher.orders_button,
                       watcher.seat_actions.strike_button, watcher.seat_actions.undo_button):
            assert not button.isVisibleTo(watcher)
        shots = os.environ.get("CS_ONLINE_SCREENSHOTS")
        if shots:  # a look under Xvfb
            watcher.grab().save(str(Path(shots) / "online-watch.png"))
        for dialog in (host, watcher):
            dialog.close()
        QApplication.processEvents()
