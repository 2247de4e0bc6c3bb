"""Issue 11 item 6: Help → Turn sequence and Help → Guided first game, through the real window (offscreen).

API tested: the Help menu's actions, gui/panels/turn_reference.py, gui/panels/tutor.py, the welcome page's button.
Actions: open the reference and click a rule link; start the tutorial and answer its requests with the widgets.
Expected end state: the reference lists every segment of turn.SEGMENTS in order; the tutor shows the text of
each request as it comes, marks the steps met, and the 20.1 terms once the game is over.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

import cs_desktop
from cs_desktop.gui.panels.turn_reference import TurnReference
from cs_desktop.play import tutorial
from cs_desktop.rules.turn import SEGMENTS

from tests.gui.conftest import answer_with_widgets, click, wait_for

#: the guided game's seed (a player's is random, gui/panels/tutor.py): one that reaches turn 2 with both ships
#: fighting. With a random seed the loop once stopped only on a request in turn 2's select segment; in some games
#: (8 seeds in 1-150: 4, 46, 73, ...) that segment asks the player nothing (his maneuvers come at the impulses),
#: the game went on to a strike and the test waited for a request that never came.
TUTORIAL_SEED = 5
#: how long a test waits for what only the window does (a zero timer: the tutor dock shows, a game starts)
WINDOW_GUARD_MS = 30_000


def _action(window: Any, name: str) -> QAction:
    act = window.findChild(QAction, name)
    assert act is not None, name
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert act in help_menu.actions()
    return act


def test_4_0_help_turn_sequence_lists_every_segment_in_order_with_rule_links(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    act = _action(window, "act-turn-sequence")
    assert act.shortcut() == QKeySequence("Shift+F1")
    act.trigger()
    ref = window.findChild(TurnReference, "turn-reference")
    assert ref is not None and ref.isVisible()
    text = ref.browser.toPlainText()
    entries = {e.segment: e for e in tutorial.load_turn_sequence()}
    places = [text.index(entries[name].title) for name in SEGMENTS]
    assert places == sorted(places)  # the page follows the engine's order
    assert all(entries[name].decide in text for name in SEGMENTS)
    ref.browser.anchorClicked.emit(QUrl("rule:9.1"))  # a section link opens the rule panel
    assert window.rule_view.rule == "9.1" and window.docks["rules"].isVisible()
    act.trigger()  # a second time raises the same page
    assert window.findChildren(TurnReference) == [ref]


def _dock_shown(qtbot: Any, window: Any) -> None:
    wait_for(qtbot, window.tutor_dock.isVisible, lambda: "the tutor dock to show", WINDOW_GUARD_MS)


def _where(window: Any) -> str:
    game = window.session.presenter.game
    screen = window.session.screen()
    return (f"turn {game.state.turn} {game.state.segment}, pending {[(r.side, r.kind) for r in game.pending]}, "
            f"thinking {screen.thinking}, ended {game.ended}, orders: {window.orders.prompt.text()!r}")


def _next_request(qtbot: Any, window: Any) -> bool:
    """Wait until the player is asked (True) or the game is over (False). A game where nobody is asked, no
    captain thinks and that is not over can never go on: the test fails at once, saying where it stopped."""
    s = window.session

    def asked() -> bool:
        return s.request() is not None and window.orders.widget is not None

    def settled() -> bool:
        screen = s.screen()
        return asked() or screen.ended or screen.thinking is None

    wait_for(qtbot, settled, lambda: f"the player's next request or the end ({_where(window)})")
    assert asked() or s.screen().ended, f"the game stopped: nobody is asked ({_where(window)})"
    return asked()


def test_guided_first_game_starts_and_the_tutor_follows_each_request(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    texts = tutorial.load_tutorial()
    assert "guided first game" in window.tutor.text().lower() and not window.tutor_dock.isVisible()
    window.tutorial_seed = TUTORIAL_SEED
    _action(window, "act-tutorial").trigger()
    s = window.session
    assert s.presenter.game is not None and tutorial.is_tutorial(s.presenter.scenario_path)
    assert s.presenter.game.seed == TUTORIAL_SEED
    assert s.presenter.seats == {"us": "human", "gb": "easy"}
    _dock_shown(qtbot, window)
    assert window.tutor.active
    rng = random.Random(4)
    shown: list[str] = []
    for _ in range(40):  # the requests of turn 1 and the first of turn 2
        assert _next_request(qtbot, window), f"the game ended before turn 2 ({_where(window)})"
        kind = s.request().kind
        page = window.tutor.text()
        assert texts.requests[kind].title in page and texts.requests[kind].matters in page, kind
        if not shown or shown[-1] != page:
            shown.append(page)
        answer_with_widgets(qtbot, window, rng)
        if s.presenter.game.state.turn >= 2:
            break
    assert s.presenter.game.state.turn >= 2 and not s.presenter.game.ended, _where(window)
    assert "Sail and loads" in shown[0] and texts.welcome in shown[0]
    assert len(shown) >= 4  # the text changed as the requests came
    done = window.tutor.page.done
    assert {"sail", "crew", "initiative", "maneuver", "movement"} <= done
    assert "✓ Crew" in window.tutor.text() and "○ Winning" in window.tutor.text()
    window.tutor.browser.anchorClicked.emit(QUrl(f"rule:{texts.requests[kind].section}"))
    assert window.rule_view.rule == texts.requests[kind].section
    assert s.presenter.strike_colors()  # the end: the tutor explains the tally and the 20.1 terms
    wait_for(qtbot, lambda: window.game_over_dialog is not None, lambda: f"the game-over dialog ({_where(window)})",
             WINDOW_GUARD_MS)
    assert "The game is over" in window.tutor.text() and texts.step("winning").text in window.tutor.text()
    assert "✓ Winning" in window.tutor.text()


def test_a_player_tutorial_takes_a_fresh_seed_each_time(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    seeds = set()
    for _ in range(3):
        window.session.files.discard()
        assert window.start_tutorial()
        seeds.add(window.session.presenter.game.seed)
    assert len(seeds) == 3


def test_the_welcome_page_offers_the_tutorial_and_the_tutor_is_quiet_in_other_games(qtbot: Any,
                                                                                     make_window: Any) -> None:
    window = make_window()
    assert window.stack.currentWidget() is window.welcome
    click(qtbot, window.welcome.tutorial)
    assert tutorial.is_tutorial(window.session.presenter.scenario_path)
    _dock_shown(qtbot, window)
    window.tutor_dock.close()  # the player may close it; another game does not bring it back
    _action(window, "act-tutor-panel").trigger()  # Help → Tutor panel brings it back
    assert window.tutor_dock.isVisible()
    window.tutor_dock.close()
    assert not window.files.start_game(cs_desktop.SCENARIOS / "constitution-vs-java.json",
                                 {"us": "human", "gb": "simple"}, 3, {})  # the player is asked first
    click(qtbot, window.files.guard.box.button(QMessageBox.StandardButton.Discard))
    wait_for(qtbot, lambda: window.session.presenter.scenario_path is not None
             and not tutorial.is_tutorial(window.session.presenter.scenario_path), lambda: "the other game to start",
             WINDOW_GUARD_MS)
    assert not window.tutor.active and "Help → Guided first game" in window.tutor.text()
    assert not window.tutor_dock.isVisible()
    window.session.files.discard()  # nothing to keep: the tutorial again, the tutor comes back
    _action(window, "act-tutorial").trigger()
    assert window.tutor.active
    _dock_shown(qtbot, window)
    window.tutor_dock.close()
    window.session.files.discard()
    _action(window, "act-tutorial").trigger()  # started again from within a tutorial game
    _dock_shown(qtbot, window)


def test_a_broken_reference_file_is_reported_naming_it(qtbot: Any, make_window: Any, tmp_path: Any,
                                                        monkeypatch: Any) -> None:
    bad = tmp_path / "turn_sequence.json"
    bad.write_text('{"provenance": {}, "segments": []}', encoding="utf-8")
    monkeypatch.setattr(tutorial, "TURN_SEQUENCE_FILE", bad)
    monkeypatch.setattr(tutorial.load_turn_sequence, "__defaults__", (bad,))
    window = make_window()
    _action(window, "act-turn-sequence").trigger()
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "turn_sequence.json: segments: must name the segments" in boxes[0].text()
    assert window.findChild(TurnReference) is None


def test_a_saved_layout_with_the_tutor_closed_does_not_hide_it_when_the_tutorial_starts(qtbot: Any,
                                                                                         make_window: Any) -> None:
    first = make_window()
    assert not first.tutor_dock.isVisible()
    first.dock_layout.save_layout()  # the layout of an earlier run, the tutor closed
    window = make_window()
    _action(window, "act-tutorial").trigger()
    _dock_shown(qtbot, window)
    qtbot.wait(50)
    assert window.tutor_dock.isVisible()
