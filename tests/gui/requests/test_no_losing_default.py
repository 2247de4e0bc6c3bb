"""No default that loses (issue 28 item 4), in the window: the maneuver form never opens on an Advance that takes
the ship off the map and ends the game (9.3); choosing it and sending (Enter) asks to confirm, naming the
consequence and the rule; No sends nothing, Yes sends it."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox

from cs_desktop.gui import requests as rq
from cs_desktop.play.maneuver_form import base_key
from cs_desktop.rules.decisions import sample
from cs_desktop.rules.dice import Dice
from tests.rules.test_advice import _ready
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

ADVANCE = (("maneuver", "advance"),)


def _window_at_the_edge(qtbot: Any, make_window: Any) -> Any:
    game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3)
    gb = game.pending_for("gb")
    assert gb is not None and game.submit("gb", sample(game.state, gb, Dice(1)))
    window = make_window()
    window.session.presenter.new_game(game, {"us": "human", "gb": "human"})  # hotseat: no captain replays this made-up state
    if window.session.curtain:
        window.session.presenter.confirm_handover()
    qtbot.waitUntil(lambda: isinstance(window.orders.widget, rq.ManeuverWidget), timeout=COMPUTER_TURN_GUARD_MS)
    return window


def test_9_3_the_form_never_opens_on_a_maneuver_that_ends_the_game(qtbot: Any, make_window: Any) -> None:
    window = _window_at_the_edge(qtbot, make_window)
    widget = window.orders.widget
    assert any(base_key(dict(k)) == ADVANCE for k in widget.dangers["constitution"])
    assert base_key(widget.answer()["constitution"]) != ADVANCE
    radio = next(rb for rb, key in widget.rows["constitution"]["radios"] if key == ADVANCE)
    assert "off the map: the game ends (9.3)" in radio.text()
    assert radio.toolTip() == "9.3: she sails off the map and the game ends"


def test_9_3_choosing_it_asks_to_confirm_naming_consequence_and_rule(qtbot: Any, make_window: Any) -> None:
    window = _window_at_the_edge(qtbot, make_window)
    widget = window.orders.widget
    game = window.session.presenter.game
    before = len(game.decisions)
    widget.select_option("constitution", {"maneuver": "advance"})
    window.orders.submit_default()  # Enter / Ctrl+Enter
    box = widget.confirm_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "Constitution: Advance — she sails off the map and the game ends (9.3)." in box.informativeText()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    assert len(game.decisions) == before  # nothing sent yet
    box.button(QMessageBox.StandardButton.No).click()
    assert len(game.decisions) == before
    window.orders.submit_default()
    widget.confirm_box.button(QMessageBox.StandardButton.Yes).click()
    assert len(game.decisions) == before + 1
    assert base_key(game.decisions[before]["answer"]["constitution"]) == ADVANCE
