"""The main window: menus and shortcuts, docks and their saved layout, hotseat hand-over, save/load, undo,
crew assignment on the card, forbidden maneuvers, the computer thinking off the GUI thread, crash resume."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMessageBox

import cs_desktop
from cs_desktop.gui import requests as rq
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.session import GameSession
from cs_desktop.play.autosave import AutosaveStore

from tests.gui.conftest import answer_with_widgets, click
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

JAVA = str(cs_desktop.SCENARIOS / "constitution-vs-java.json")


def wait_for_request(qtbot: Any, window: MainWindow, kind: str | None = None, rng: random.Random | None = None,
                     limit: int = 400) -> rq.RequestWidget:
    """Answer whatever comes (through the widgets) until a request of `kind` is on screen."""
    rng = rng or random.Random(1)
    for _ in range(limit):
        if window.session.curtain:
            click(qtbot, window.handover.button)
            continue
        qtbot.waitUntil(lambda: window.session.request() is not None and window.orders.widget is not None,
                        timeout=COMPUTER_TURN_GUARD_MS)
        widget = window.orders.widget
        assert widget is not None
        if kind is None or widget.request.kind == kind:
            return widget
        answer_with_widgets(qtbot, window, rng)
    raise AssertionError(f"no {kind} request came")


def test_main_window_opens(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    assert window.windowTitle() == "Captain's Sea"
    assert window.stack.currentWidget() is window.welcome


def test_every_menu_action_has_a_shortcut_shown(make_window: Any) -> None:
    window = make_window()
    for name in ("act-new", "act-open", "act-save", "act-save-as", "act-undo", "act-strike", "act-quit",
                 "act-submit", "act-focus", "act-handover", "act-rule", "act-zoom-in", "act-zoom-out", "act-fit"):
        action = window.findChild(type(window.act_new), name)
        assert action is not None, name
        assert action.shortcut().toString(), name
    for dock in window.docks.values():
        assert dock.toggleViewAction().shortcut().toString()


def test_ship_cards_are_dockable_and_layout_is_restored(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 3, {"turn_limit": 2})
    assert set(window.dock_layout.ship_docks) == {"constitution", "java"}
    dock = window.dock_layout.ship_dock("java")
    features = dock.features()
    assert features & QDockWidget.DockWidgetFeature.DockWidgetFloatable
    assert features & QDockWidget.DockWidgetFeature.DockWidgetMovable
    dock.setFloating(True)
    window.docks["log"].hide()
    window.close()  # the game is unfinished: Save / Discard / Cancel first
    assert window.files.guard.box is not None and window.isVisible()
    click(qtbot, window.files.guard.box.button(QMessageBox.StandardButton.Discard))
    assert not window.isVisible()

    again = make_window()  # same settings file (the layout file sits next to it)
    assert again.docks["log"].isHidden()
    again.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 3, {"turn_limit": 2})
    assert again.dock_layout.ship_dock("java").isFloating()


def test_hand_over_screen_hides_the_last_sides_secrets(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.session.set_orders(StandingOrders(crew="ask"))  # the crew asked every turn, as this test needs
    window.files.start_game(JAVA, {"us": "human", "gb": "human"}, 7, {"turn_limit": 2, "bonus_cards": False})
    s = window.session
    # the first player is asked to take the screen too
    assert s.curtain and window.stack.currentWidget() is window.handover
    click(qtbot, window.handover.button)
    widget = window.orders.widget
    assert isinstance(widget, rq.SetupWidget) and widget.request.side == "us"
    for combo in widget.loads["constitution"].values():
        combo.setCurrentIndex(combo.findData("double"))
    click(qtbot, widget.ok)

    # curtain: nothing of the United States' orders, loads or cards shows
    assert s.curtain and s.screen().view is None and s.request() is None
    assert window.stack.currentWidget() is window.handover
    assert "Royal Navy" in window.handover.label.text()
    assert window.orders.widget is None
    assert window.log.list.count() == 0
    assert window.hand.list.count() == 0
    for _dock, _scroll, stack in window.dock_layout.ship_docks.values():
        assert stack.currentIndex() == 1  # the "hidden" page
    assert not window.dock_layout.ship_card("constitution").isVisible()

    click(qtbot, window.handover.button)
    assert s.screen().viewer == "gb"
    gb_setup = window.orders.widget
    assert isinstance(gb_setup, rq.SetupWidget) and gb_setup.request.side == "gb"
    click(qtbot, gb_setup.ok)  # both set up: the loads are on the cards now
    assert s.screen().viewer == "gb" and not s.curtain
    # the Royal Navy sees that the Constitution is loaded, never with what
    texts = [box.shot.text() for box in window.dock_layout.ship_card("constitution").sections.values()]
    assert all("loaded" in t and "Double" not in t for t in texts), texts
    log = [window.log.list.item(i).text() for i in range(window.log.list.count())]
    assert not any("double" in line.lower() for line in log), log
    hand = window.session.screen().view["sides"]["us"]["hand"]
    assert isinstance(hand, int)


def test_save_and_load_through_the_window(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 3})
    wait_for_request(qtbot, window, "select_maneuver")
    path = tmp_path / "saved.csgame"
    assert window.files.save_to(path)
    before = window.session.presenter.game.fingerprint()
    assert json.loads(path.read_text(encoding="utf-8"))["meta"]["seats"] == {"us": "human", "gb": "simple"}

    other = make_window("other.ini")
    assert other.files.load_from(path)
    assert other.session.presenter.game.fingerprint() == before
    assert other.session.presenter.seats == {"us": "human", "gb": "simple"}
    assert isinstance(other.orders.widget, rq.ManeuverWidget)


def test_loading_a_bad_file_says_why_and_keeps_the_game(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    game = window.session.presenter.game
    bad = tmp_path / "bad.csgame"
    bad.write_text("{ oops", encoding="utf-8")
    assert not window.files.load_from(bad)
    assert "bad JSON" in window.last_error and str(bad) in window.last_error
    assert window.session.presenter.game is game
    box = window.findChild(QMessageBox, "error-box")
    assert box is not None and box.isVisible()
    box.close()


def test_undo_a_hidden_decision(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.session.set_orders(StandingOrders(crew="ask"))  # the crew asked every turn, as this test needs
    window.files.start_game(JAVA, {"us": "human", "gb": "human"}, 7, {"bonus_cards": False})
    widget = wait_for_request(qtbot, window, "assign_crew")
    side = widget.request.side
    click(qtbot, widget.man_guns)
    click(qtbot, widget.ok)
    # the other side has not answered yet: nothing was revealed, so the decision may be taken back
    assert window.session.curtain
    assert not window.act_undo.isEnabled()  # not while the screen is handed over
    click(qtbot, window.handover.button)
    click(qtbot, window.handover.button) if window.session.curtain else None
    n = len(window.session.presenter.game.decisions)
    if window.session.screen().viewer != side:
        widget2 = window.orders.widget
        assert widget2 is not None and widget2.request.kind == "assign_crew"
        assert not window.act_undo.isEnabled()  # not yours to undo
        return
    assert window.act_undo.isEnabled()
    window.act_undo.trigger()
    assert len(window.session.presenter.game.decisions) == n - 1


def test_crew_assignment_on_the_card_enforces_the_limits(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    widget = wait_for_request(qtbot, window, "assign_crew")
    limits = widget.request.info["limits"]["constitution"]
    card = window.dock_layout.ship_card("constitution")
    box = card.sections["port_bow"]
    assert box.gunners.isVisible()
    box.gunners.setValue(99)
    assert box.gunners.value() == limits["gunnery"]["port_bow"]
    assert "5.1.5" in box.gunners.toolTip()
    box.gunners.setValue(0)  # the default mans every gun the crew can: free some points for Sailing
    card.sailing.setValue(5)
    assert card.sailing.value() == 1 and "5.1.1" in card.sailing.toolTip()
    for sec in card.sections.values():
        sec.gunners.setValue(99)
        sec.hull_dc.setValue(99)
    card.rigging_dc.setValue(99)
    card.rigging_change.setValue(99)
    total = sum(window.session.crew.drafts()["constitution"]["gunnery"].values())
    assigned = card.assignment()
    grand = (assigned["sailing"] + assigned["rigging_change"] + assigned["rigging_dc"]
             + sum(assigned["hull_dc"].values()) + sum(assigned["gunnery"].values()))
    assert grand <= limits["crew"]  # 5.0: never more than the crew available
    assert total == sum(assigned["gunnery"].values())
    assert "left for Melee" in card.summary.text()
    assert "constitution" not in json.dumps(limits)  # (limits are per ship, read from the request)
    click(qtbot, widget.ok)
    sent = [d for d in window.session.presenter.game.decisions if d["kind"] == "assign_crew" and d["side"] == "us"][-1]
    assert sent["answer"]["constitution"]["gunnery"] == assigned["gunnery"]


def test_forbidden_maneuvers_are_greyed_with_their_rule(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    widget = wait_for_request(qtbot, window, "select_maneuver")
    assert isinstance(widget, rq.ManeuverWidget)
    forbidden = widget.findChildren(type(widget.rows["constitution"]["strains"][0]), "constitution-forbidden")
    assert forbidden, "the request lists forbidden maneuvers at the start of this scenario"
    for rb in forbidden:
        assert not rb.isEnabled()
        assert rb.toolTip().split(":")[0][0].isdigit()  # "9.1.2: Wear turns only ..."


def test_computer_thinks_off_the_gui_thread(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.session.set_orders(StandingOrders(crew="ask"))  # the crew asked every turn, as this test needs
    gui_thread = threading.get_ident()
    seen: list[int] = []

    class SlowCaptain:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, seat: Any) -> Any:
            seen.append(threading.get_ident())
            time.sleep(0.3)
            return self.inner.choose(seat)

    window.files.start_game(JAVA, {"us": "simple", "gb": "human"}, 5, {"turn_limit": 1})
    s = window.session
    s.presenter.computer.captains["us"] = SlowCaptain(s.presenter.computer.captains["us"])
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    wait_for_request(qtbot, window, "assign_crew")
    qtbot.waitUntil(lambda: s.presenter.computer.thinking == "us" or bool(seen), timeout=5000)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    qtbot.wait(200)
    timer.stop()
    assert seen and all(t != gui_thread for t in seen)
    assert len(ticks) >= 5  # the event loop kept running while the captain thought


def test_resume_after_a_crash(qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = MainWindow(GameSession(AutosaveStore(data)), settings=QSettings(str(tmp_path / "a.ini"),
                                                                            QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.autosave.start_session()
    first.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    wait_for_request(qtbot, first, "select_maneuver")
    first.session.files.autosave.write(first.session.presenter.game, first.session.files.meta())
    fingerprint = first.session.presenter.game.fingerprint()
    # crash: no closeEvent, the lock stays, naming a process that has ended
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    (data / "session.lock").write_text(f"{proc.pid} 0\n", encoding="utf-8")

    store = AutosaveStore(data)
    found = store.start_session()
    assert found is not None
    window = MainWindow(GameSession(store), settings=QSettings(str(tmp_path / "b.ini"), QSettings.Format.IniFormat),
                        autosave=store)
    qtbot.addWidget(window)
    window.show()
    box = window.offer_resume(found)
    assert box.isVisible() and "Continue Constitution vs Java, turn 1" in box.text()
    click(qtbot, box.continue_button)
    assert window.session.presenter.game is not None
    assert window.session.presenter.game.fingerprint() == fingerprint


def test_clicking_a_rule_link_shows_the_rule(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    wait_for_request(qtbot, window, "setup")
    window.act_rule.trigger()
    assert window.rule_view.rule == "2.0"
    assert "2.0 Setup" in window.rule_view.toPlainText() and "our summary" in window.rule_view.toPlainText()
    assert window.docks["rules"].isVisible()


def test_keyboard_only_setup(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    wait_for_request(qtbot, window, "setup")
    n = len(window.session.presenter.game.decisions)
    window.act_submit.trigger()  # Ctrl+Return presses the default button
    assert len(window.session.presenter.game.decisions) == n + 1


def test_enemy_card_never_shows_load_types(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    wait_for_request(qtbot, window, "assign_crew")
    for box in window.dock_layout.ship_card("java").sections.values():
        assert box.shot.text() in ("Shot: <b>loaded</b>", "Shot: empty")
    own = [box.shot.text() for box in window.dock_layout.ship_card("constitution").sections.values()]
    assert all(any(w in t for w in ("Round", "Chain", "Double", "empty")) for t in own)
    assert Qt  # (imported for mouse buttons in other tests)


def test_clicking_a_maneuver_ghost_on_the_board_selects_it(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"bonus_cards": False})
    widget = wait_for_request(qtbot, window, "select_maneuver")
    assert isinstance(widget, rq.ManeuverWidget)
    previews = window.board_help.previews["constitution"]
    legal = [p for p in previews if p["legal"]]
    target = legal[-1]
    window.board.optionClicked.emit(target["index"])
    chosen = widget.answer()["constitution"]
    assert {k: v for k, v in chosen.items() if k != "strain"} == \
        {k: v for k, v in target["choice"].items() if k != "strain"}


def test_library_menu_opens_the_browser_and_plays_a_library_scenario(qtbot, tmp_path, monkeypatch) -> None:
    """Issue 5: the library is reachable from the main window; a scenario opened to play starts a game."""
    from cs_desktop.gui.window.main import MainWindow
    from PySide6.QtCore import QSettings

    monkeypatch.setenv("CAPTAINS_SEA_DATA", str(tmp_path / "data"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert window.findChild(type(window.act_library), "act-library").shortcut().toString() == "Ctrl+L"
    browser = window.files.open_library()
    qtbot.addWidget(browser)
    assert window.files.library().list_scenarios()  # shipped scenarios imported on first run
    assert window.files.play_library_scenario("constitution-vs-java")
    assert window.session.presenter.game is not None
    assert window.session.presenter.game.scenario.id == "constitution-vs-java"
    window.files.library().close()


def test_new_game_dialog_offers_relativity_and_the_bid(qtbot, tmp_path) -> None:
    """21.1/21.2 and the 19.0 bid can be chosen when starting a game; the bid reaches the victory terms."""
    from PySide6.QtCore import QSettings

    from cs_desktop.gui.window.main import MainWindow
    from cs_desktop.rules.ratings import victory_terms

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    dlg = window.files.new_game()
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    dlg.relativity.setCurrentIndex(dlg.relativity.findData("zero"))
    dlg.bid_boxes["us"].setValue(4)
    choice = dlg.choice()
    # Britain's bid of 10 is the scenario's own (R19.0e), shown in its box; the player adds the US one
    assert choice["options"]["relativity"] == "zero" and choice["options"]["bid"] == {"us": 4, "gb": 10}
    assert window.files.start_from_dialog(dlg)
    game = window.session.presenter.game
    assert game.state.relativity == "zero"
    assert victory_terms(game.scenario, game.cards).side("gb").bid_points == 4
    dlg.close()


def test_R17_8e_new_game_dialog_offers_variable_wind(qtbot, tmp_path) -> None:
    """R17.8e: the Variable wind box starts as the scenario says; ticked, the game plays under the switch and its
    save records it; left as the scenario says, the options do not mention it."""
    from PySide6.QtCore import QSettings

    from cs_desktop.gui.window.main import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    dlg = window.files.new_game()
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    assert not dlg.variable_wind.isChecked() and "variable_wind" not in dlg.choice()["options"]
    dlg.variable_wind.setChecked(True)
    assert dlg.choice()["options"]["variable_wind"] is True
    assert window.files.start_from_dialog(dlg)
    game = window.session.presenter.game
    assert game.state.variable_wind and game.save_data()["options"]["variable_wind"] is True
    dlg.close()


def test_new_game_without_a_scenario_is_refused_kindly(qtbot, tmp_path, monkeypatch) -> None:
    """A New Game dialog with no scenario selected does not raise; it says what is missing."""
    from PySide6.QtCore import QSettings

    from cs_desktop.gui.window.main import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    shown = []
    monkeypatch.setattr(window.files, "show_error", lambda title, text: shown.append(title))
    dlg = window.files.new_game()
    dlg.list.setCurrentRow(-1)
    assert window.files.start_from_dialog(dlg) is False
    assert shown == ["No scenario chosen"] and window.session.presenter.game is None
    dlg.close()


def test_the_window_fits_the_screen_it_opens_on(make_window: Any) -> None:
    """On a small screen (the offscreen one is 800x800; a laptop's 1366x768) the window opens inside it."""
    from PySide6.QtGui import QGuiApplication

    window = make_window()
    free = QGuiApplication.primaryScreen().availableGeometry()
    assert window.width() <= free.width() and window.height() <= free.height()
