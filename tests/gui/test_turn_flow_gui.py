"""Issue 11 items 2-3 in the window: a human seat is shown only the requests that need him (the rest answered by
turn_flow through game.submit, logged under the orders panel, undone with his own decision); the standing orders
live in settings.ini and the settings dialog; crew defaults to the battery that bears and asks before confirming
with no gunners on a battery an enemy in range bears on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QMessageBox

from cs_desktop.gui import requests as rq
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.dialogs.settings import SettingsDialog
from cs_desktop.gui.dialogs.standing_orders import FlowPanel, load_orders, save_orders
from cs_desktop.play.turn_flow import StandingOrders, decide
from cs_desktop.rules.game import Game
from tests.rules.harness import at, drive, duel

from tests.gui.conftest import answer_with_widgets, click
from tests.gui.window.test_main_window import JAVA, wait_for_request
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS


def test_a_human_seat_is_shown_only_requests_that_need_him(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 4, {"turn_limit": 3})
    session = window.session
    rng = random.Random(2)
    shown = 0
    for _ in range(120):
        qtbot.waitUntil(lambda: session.presenter.game.ended or (session.request() is not None
                                                       and window.orders.widget is not None), timeout=COMPUTER_TURN_GUARD_MS)
        if session.presenter.game.ended:
            break
        request = session.request()
        assert request is not None
        # what is on screen is never something turn_flow would answer
        assert decide(session.presenter.game.view("us"), request, session.standing.orders) is None, request.kind
        answer_with_widgets(qtbot, window, rng)
        shown += 1
    assert shown > 5
    assert session.presenter.standing.passed and all(side == "us" for side, _t, _w in session.presenter.standing.passed)
    panel = window.findChild(FlowPanel)
    assert panel is not None
    assert "Answered for you" in panel.passed.text()
    game = session.presenter.game
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()  # the answers given for him are ordinary decisions


def test_undo_steps_back_over_answers_given_for_the_player(qtbot: Any) -> None:
    session = GameSession()
    session.standing.orders = StandingOrders(crew="bears")
    game = duel(a=(20, 12, 1), b=(12, 12, 3), seed=1)
    setup = {"sail": "medium", "loads": {s: "round" for s in ("port_bow", "port_aft", "starboard_bow",
                                                               "starboard_aft")}}
    assert game.submit("gb", {"java": setup})  # the computer side has set up already
    session.presenter.new_game(game, {"us": "human", "gb": "simple"}, "test")
    assert session.submit({"constitution": setup})
    # the crew assignment was answered for him (standing order "bears") and recorded like his own answer
    assert [d["kind"] for d in session.presenter.game.decisions] == ["setup", "setup", "assign_crew"]
    assert session.presenter.standing.passed and session.presenter.standing.passed[-1][2].startswith("5.0:")
    # undo would step back over it to his own last decision, the setup; that revealed both sides' sails, so
    # nothing is undone (not just the answer given for him, which would at once be given again), and Undo is
    # not offered
    game_before, n = session.presenter.game, len(session.presenter.game.decisions)
    assert session.presenter.game.can_undo("us")  # the engine alone would take back the hidden crew answer
    assert not session.presenter.can_undo() and not session.presenter.undo()
    assert session.presenter.game is game_before and len(session.presenter.game.decisions) == n
    assert session.presenter.last_message.startswith("Cannot undo")
    session.close()


def test_ask_me_everything_shows_every_request(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    panel = window.findChild(FlowPanel)
    assert panel is not None
    panel.ask_everything.setChecked(True)
    assert window.session.standing.orders.ask_everything
    assert load_orders(window.settings).ask_everything  # kept in settings.ini
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 4, {"turn_limit": 2})
    rng = random.Random(3)
    for _ in range(40):
        wait_for_request(qtbot, window, None, rng)
        answer_with_widgets(qtbot, window, rng)
    assert window.session.presenter.standing.passed == []


def test_the_settings_dialog_edits_the_standing_orders(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    dialog = window.open_settings()
    assert isinstance(dialog, SettingsDialog)
    box = dialog.standing
    combo = box.combos["hold_cards"]
    combo.setCurrentIndex(combo.findData("never"))
    box.combos["crew"].setCurrentIndex(box.combos["crew"].findData("bears"))
    dialog.accept()
    assert window.session.standing.orders.hold_cards == "never" and window.session.standing.orders.crew == "bears"
    fresh = QSettings(window.settings.fileName(), QSettings.Format.IniFormat)
    assert load_orders(fresh) == window.session.standing.orders
    box.ask_everything.setChecked(True)
    assert not combo.isEnabled()


def test_standing_orders_survive_a_bad_settings_value(tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    save_orders(settings, StandingOrders(fire="8"))
    settings.setValue("standing_orders/hold_cards", "whenever")
    settings.sync()
    assert load_orders(settings) == StandingOrders(fire="8")


def crew_window(qtbot: Any, make_window: Any) -> Any:
    game = duel(a=(20, 12, 1), b=(12, 12, 3), seed=1)  # Java off Constitution's port side, in range
    drive(game, until=at("setup"))
    window = make_window()
    window.session.presenter.new_game(game, {"us": "human", "gb": "simple"}, "test")
    return window, wait_for_request(qtbot, window, "assign_crew")


def test_5_0_the_crew_default_mans_the_battery_that_bears(qtbot: Any, make_window: Any) -> None:
    window, widget = crew_window(qtbot, make_window)
    draft = window.session.crew.drafts()["constitution"]
    assert draft["gunnery"]["port_bow"] == 7 and draft["gunnery"]["port_aft"] == 7
    assert window.dock_layout.ship_card("constitution").sections["port_bow"].gunners.value() == 7
    assert widget.man_guns.text().replace("&", "") == "Man the battery that bears"


def test_5_0_confirming_with_no_gunners_on_the_bearing_battery_asks_first(qtbot: Any, make_window: Any) -> None:
    window, widget = crew_window(qtbot, make_window)
    assert isinstance(widget, rq.AssignCrewWidget)
    card = window.dock_layout.ship_card("constitution")
    card.sections["port_bow"].gunners.setValue(0)
    card.sections["port_aft"].gunners.setValue(0)
    n = len(window.session.presenter.game.decisions)
    click(qtbot, widget.ok)
    box = widget.confirm_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == "Confirm with no gunners on the port battery?"
    assert "Java" in box.informativeText()
    click(qtbot, box.button(QMessageBox.StandardButton.No))
    assert len(window.session.presenter.game.decisions) == n  # nothing sent
    click(qtbot, widget.ok)
    click(qtbot, widget.confirm_box.button(QMessageBox.StandardButton.Yes))
    assert len(window.session.presenter.game.decisions) > n
    sent = next(d for d in window.session.presenter.game.decisions[n:] if d["kind"] == "assign_crew")
    assert sent["answer"]["constitution"]["gunnery"]["port_bow"] == 0


def test_the_flow_panel_checkbox_is_in_the_orders_dock(make_window: Any) -> None:
    window = make_window()
    assert window.findChild(QCheckBox, "flow-ask-everything") is not None


def test_a_saved_game_remembers_which_answers_were_given_for_the_player(qtbot: Any, tmp_path: Path) -> None:
    session = GameSession()
    session.standing.orders = StandingOrders(crew="bears")
    game = duel(a=(20, 12, 1), b=(12, 12, 3), seed=1, wind=3)
    setup = {"sail": "medium", "loads": {s: "round" for s in ("port_bow", "port_aft", "starboard_bow",
                                                               "starboard_aft")}}
    assert game.submit("gb", {"java": setup})
    session.presenter.new_game(game, {"us": "human", "gb": "simple"}, None)
    assert session.submit({"constitution": setup})
    assert session.presenter.history.answered_for_player == {2}
    path = session.files.save(tmp_path / "g.csgame")
    again = GameSession()
    again.standing.orders = StandingOrders(ask_everything=True)  # nothing new is answered on loading
    again.presenter.load(path)
    assert again.presenter.history.answered_for_player == {2} and again.files.meta()["answered_for_player"] == [2]
    session.close()
    again.close()
