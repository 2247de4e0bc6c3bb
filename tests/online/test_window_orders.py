"""Issue 32 item 2: in the window, an online seat plays under the player's standing orders and fleet orders, as
at one screen (gui/online/dialog.py, gui/online/session.py, play/online_orders.py).

API tested: MainWindow's Game → Play online (OnlineDialog) against a referee server on loopback (ThreadServer),
the flow panel ("Ask me everything", the answers given), the "Standing orders…" form, the fleet list's order
buttons on an online seat.
Actions: (1) a duel hosted from the window against the easy captain, played with the panels' default buttons
to turn 3; the "Ask me everything" box ticked; the orders form opened, a choice changed and accepted.
(2) Lake Erie put on the server (us human, gb easy) and joined with its code: every ship of ours selected in the
fleet list and given "engage the nearest"; played on to the first maneuvers.
Expected: (1) the seat gave more decisions than the player was asked, the answers given are listed with their
reasons under the request, the ticked box and the changed choice are kept in settings.ini and the seat's
orders. (2) the fleet list marks our ships "engage", and the maneuver request is answered by the fleet orders
(said under the request) without being put to the player.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialog

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.online.dialog import OnlineDialog
from cs_desktop.gui.requests.base import RequestWidget
from cs_desktop.gui.dialogs.standing_orders import load_orders
from cs_desktop.rules.game import Game

from tests.online.conftest import SCENARIO, ThreadServer
from tests.online.test_two_windows import WAIT_MS, _answer, _window


def _answer_confirmed(qtbot: Any, dialog: OnlineDialog) -> None:
    """`_answer`, saying Yes when the crew panel asks to confirm a battery left without gunners (5.0)."""
    panel = dialog.panel
    if isinstance(panel, RequestWidget) and hasattr(panel, "submit_current") and panel.default_button is not None:
        ask = dialog.seat.ask
        qtbot.mouseClick(panel.default_button, Qt.MouseButton.LeftButton)
        box = getattr(panel, "confirm_box", None)
        if box is not None:
            box.accept()
        qtbot.waitUntil(lambda: dialog.seat.ask > ask, timeout=WAIT_MS)
        return
    _answer(qtbot, dialog)


def _play(qtbot: Any, dialog: OnlineDialog, until: Any, most: int = 60) -> int:
    """Answer what the seat is asked with the panels' default buttons until `until()`: the questions asked."""
    asked = 0
    for _ in range(most):
        qtbot.waitUntil(lambda: dialog.asking() or until() or dialog.seat.ended, timeout=WAIT_MS)
        if until() or dialog.seat.ended:
            break
        _answer_confirmed(qtbot, dialog)
        asked += 1
    return asked


def test_a_duel_online_plays_under_the_standing_orders(qtbot: Any, tmp_path: Path) -> None:
    with ThreadServer(tmp_path / "games") as server:
        dialog = _window(qtbot, tmp_path / "a", server.url, ask_everything=False)
        dialog.lobby.scenario.setCurrentText(SCENARIO)
        dialog.lobby.side.setCurrentText("us")
        dialog.lobby.opponent.setCurrentText("easy")
        qtbot.mouseClick(dialog.lobby.host_button, Qt.MouseButton.LeftButton)
        asked = _play(qtbot, dialog, lambda: int(dialog.seat.view.get("turn", 0)) >= 3)
        assert server.server is not None
        game = next(iter(server.server.referee.tables.values())).game
        given = sum(1 for d in game.decisions if d["side"] == "us")
        assert dialog.flow is not None and dialog.session is not None
        lines = dialog.session.passed_for("us", 200)
        print(f"window duel to turn 3: asked {asked}, the seat gave {given} decisions, {len(lines)} by its orders")
        assert asked + len(lines) == given and len(lines) >= 3
        assert dialog.flow.passed.text().startswith("Answered for you:")
        assert any("standing order" in line for line in lines)

        dialog.flow.ask_everything.setChecked(True)
        assert dialog.session.standing.orders.ask_everything and load_orders(dialog.settings).ask_everything
        box = dialog.edit_orders()
        combo = box.findChild(QComboBox, "order-hold_cards")
        assert combo is not None
        combo.setCurrentIndex(combo.findData("never"))
        box.done(QDialog.DialogCode.Accepted)
        assert dialog.session.standing.orders.hold_cards == "never" and load_orders(dialog.settings).hold_cards == "never"
        dialog.close()
        QApplication.processEvents()


def test_a_fleet_game_online_takes_fleet_orders(qtbot: Any, tmp_path: Path) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "lake-erie.json")
    with ThreadServer(tmp_path / "games") as server:
        assert server.server is not None
        _table, codes = server.server.referee.adopt(Game(scenario, ships, 3, {"turn_limit": 3}),
                                                    {"us": "human", "gb": "easy"}, keep=False)
        dialog = _window(qtbot, tmp_path / "a", server.url, ask_everything=False)
        dialog.lobby.code.setText(codes["us"])
        qtbot.mouseClick(dialog.lobby.join_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.seat_board.fleet is not None, timeout=WAIT_MS)
        fleet = dialog.seat_board.fleet
        assert fleet is not None and dialog.session is not None
        own = [sid for sid, ship in dialog.seat.view["ships"].items() if ship["side"] == "us"]
        fleet.list.select_ships(own)
        qtbot.mouseClick(fleet.buttons["engage"], Qt.MouseButton.LeftButton)
        assert dialog.session.standing.fleet.order_of(own[0]) is not None
        assert all("[engage" in row[0] for row in fleet.list.texts() if "(enemy)" not in row[0])

        def moved() -> bool:
            return any("fleet orders" in line for line in dialog.session.passed_for("us", 200)) if \
                dialog.session is not None else False

        asked = _play(qtbot, dialog, moved)
        assert moved(), dialog.session.passed_for("us", 200)
        assert dialog.flow is not None and "fleet orders" in dialog.flow.passed.toolTip()  # the latest twelve
        print(f"Lake Erie online: {asked} questions before the fleet orders steered the first maneuvers")
        shots = os.environ.get("CS_ONLINE_SCREENSHOTS")
        if shots:  # a look under Xvfb: the fleet list with its orders, the answers given under the request
            dialog.grab().save(str(Path(shots) / "online-fleet-orders.png"))
        dialog.close()
        QApplication.processEvents()
