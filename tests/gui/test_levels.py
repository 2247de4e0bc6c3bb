"""The computer captain's levels in the window (issue 10): the New Game dialog offers easy, normal and hard with
their one-sentence descriptions (and the baselines last); a level thinks with its time cap in a worker thread and
its progress shows in the status bar while it thinks; old saves keep their seats, unknown ones fall back.

API tested: NewGameDialog seat boxes (seat_choice.py), GameSession.thinkingProgress / think_progress, the
status bar's ThinkingIndicator, PlayPresenter.load's seats.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialogButtonBox

import cs_desktop
from cs_desktop.ai.captains import LEVELS, describe
from cs_desktop.ai.levels import LEVELS as DEFINED, SearchCaptain
from cs_desktop.ai.search import Budget
from cs_desktop.ai.simple import SimpleCaptain
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.seating import SEAT_KINDS, SEAT_LABELS
from cs_desktop.rules.game import Game

from tests.gui.conftest import answer_with_widgets, click
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

JAVA = str(cs_desktop.SCENARIOS / "constitution-vs-java.json")


def test_new_game_dialog_offers_the_levels_with_their_descriptions(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    dlg = window.files.new_game()
    qtbot.waitUntil(dlg.isVisible)
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    combo = dlg.seat_boxes["gb"]
    offered = [combo.itemData(i) for i in range(combo.count()) if combo.itemData(i) is not None]
    assert offered == ["human", "easy", "normal", "hard", "simple", "random"] == list(SEAT_KINDS)
    labels = [combo.itemText(i) for i in range(combo.count()) if combo.itemData(i) is not None]
    assert labels[1:4] == ["Computer — easy", "Computer — normal", "Computer — hard"]
    assert all(text.startswith("Baseline") for text in labels[4:])
    # a computer seat starts at normal, and its sentence is on screen, not only in a tooltip
    assert dlg.seat_boxes["us"].currentData() == "human" and combo.currentData() == "normal"
    about = dlg.findChild(type(dlg.details), "seat-about-gb")
    qtbot.waitUntil(about.isVisible)  # rows added to a shown dialog show on the next turn of the event loop
    assert about.text() == describe("normal")
    for level in LEVELS:
        dlg.set_seat("gb", level)
        assert about.text() == describe(level) == combo.toolTip()
    dlg.set_seat("gb", "hard")
    dlg.turn_limit.setValue(2)
    click(qtbot, dlg.buttons.button(QDialogButtonBox.StandardButton.Ok))
    session = window.session
    assert session.presenter.seats == {"us": "human", "gb": "hard"}
    captain = session.presenter.computer.captains["gb"]
    assert isinstance(captain, SearchCaptain) and captain.level.name == "hard" and captain.time_cap
    assert "Computer — hard" in window.status.text()


def test_hard_shows_its_thinking_and_the_window_stays_responsive(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    indicator = window.thinking_indicator
    assert not indicator.isVisible()
    window.files.start_game(JAVA, {"us": "human", "gb": "hard"}, 5, {"turn_limit": 2})
    session = window.session
    marks: list[str] = []  # "p": a search report reached the GUI thread, "t": the GUI's timer fired
    shown: list[tuple[bool, int, int, str]] = []

    def reported(done: int, total: int) -> None:
        if total > 0:
            marks.append("p")
            shown.append((indicator.isVisible(), indicator.bar.maximum(), indicator.bar.value(),
                          indicator.label.text()))

    session.thinkingProgress.connect(reported)  # connected after the indicator: sees it updated
    timer = QTimer()
    timer.timeout.connect(lambda: marks.append("t") if session.screen().thinking else None)
    timer.start(5)
    rng = random.Random(3)
    for _ in range(60):
        if shown:
            break
        qtbot.waitUntil(lambda: bool(shown) or (session.request() is not None and window.orders.widget is not None),
                        timeout=COMPUTER_TURN_GUARD_MS)
        if not shown:
            answer_with_widgets(qtbot, window, rng)
    assert shown, "the hard captain never searched"
    visible, most, value, text = shown[0]
    hard = DEFINED["hard"]
    assert hard.budget is not None and hard.helm is not None
    assert visible and most in (hard.budget.iterations, hard.helm.iterations) and 1 <= value <= most and text == f"{session.side_name('gb')} is thinking…"
    # once the captain has answered, the indicator is gone
    qtbot.waitUntil(lambda: session.screen().thinking is None and not indicator.isVisible(), timeout=COMPUTER_TURN_GUARD_MS)
    timer.stop()
    # while the worker searched, the GUI thread kept running its timer between two of the search's reports
    first, last = marks.index("p"), len(marks) - 1 - marks[::-1].index("p")
    assert "t" in marks[first:last], marks


def test_a_search_for_a_replaced_game_ends_at_once(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(JAVA, {"us": "hard", "gb": "human"}, 5, {"turn_limit": 2})
    session = window.session
    old = session.presenter.computer.captains["us"]
    # a search that cannot finish on its own: only abandoning it can end it (with hard's 100 iterations a fast
    # engine sometimes finished before the new game reached the thinking thread, and the test failed by chance)
    old.level = dataclasses.replace(old.level, budget=Budget(10_000_000, 3600.0, 1))
    rng = random.Random(4)
    before: list[Any] = []  # the captain's last finished search when its next search first reported

    def first_report(done: int, total: int) -> None:
        if total and not before:
            before.append(old.last_search)
            # a new game as soon as the GUI thread is back in its event loop, mid-search
            game = Game(*load_scenario_with_ships(JAVA), seed=6)
            QTimer.singleShot(0, lambda: session.presenter.new_game(game, {"us": "human", "gb": "human"}, JAVA))

    session.thinkingProgress.connect(first_report)
    for _ in range(60):  # answer the human side until the hard captain is searching
        if before:
            break
        qtbot.waitUntil(lambda: bool(before) or (session.request() is not None and window.orders.widget is not None),
                        timeout=COMPUTER_TURN_GUARD_MS)
        if not before:
            answer_with_widgets(qtbot, window, rng)
    assert before, "the hard captain never searched"
    qtbot.waitUntil(lambda: session.presenter.seats == {"us": "human", "gb": "human"}, timeout=5000)
    behind = session._executor.submit(lambda: None)  # runs once the thinking thread is free
    qtbot.waitUntil(behind.done, timeout=COMPUTER_TURN_GUARD_MS)
    assert old.last_search is before[0]  # the abandoned search never finished its 100 iterations
    assert session.screen().thinking is None and not window.thinking_indicator.isVisible()


def _saved_game(qtbot: Any, make_window: Any, tmp_path: Path, seats: dict[str, str]) -> Path:
    window = make_window()
    window.files.start_game(JAVA, seats, 5, {"turn_limit": 2})
    path = tmp_path / "old.csgame"
    assert window.files.save_to(path)
    window.session.close()
    return path


def test_an_old_save_with_simple_seats_loads(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    path = _saved_game(qtbot, make_window, tmp_path, {"us": "simple", "gb": "human"})
    other = make_window("other.ini")
    assert other.files.load_from(path)
    assert other.session.presenter.seats == {"us": "simple", "gb": "human"}
    assert isinstance(other.session.presenter.computer.captains["us"], SimpleCaptain)
    assert other.session.presenter.last_message == ""
    assert SEAT_LABELS["simple"] in other.status.text()


def test_an_unknown_seat_in_a_save_becomes_normal_with_a_message(qtbot: Any, make_window: Any,
                                                                  tmp_path: Path) -> None:
    path = _saved_game(qtbot, make_window, tmp_path, {"us": "human", "gb": "simple"})
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["seats"] = {"us": "human", "gb": "admiral-nelson"}
    path.write_text(json.dumps(data), encoding="utf-8")
    other = make_window("other.ini")
    assert other.files.load_from(path)
    assert other.session.presenter.seats == {"us": "human", "gb": "normal"}
    message = other.session.presenter.last_message
    assert "'admiral-nelson'" in message and "Computer — normal" in message
    assert message in other.orders.message.text()
