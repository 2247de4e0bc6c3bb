"""A complete game played through the widgets (BRIEF §1: "play a whole game with the mouse").

API tested: NewGameDialog, the request widgets in the orders panel, the ship cards' crew boxes, the computer
captain thinking off the GUI thread, the game-over tally.
Actions: start a game from the New Game dialog (human vs computer, turn limit 3), answer every request by
clicking its widget until the game ends.
Expected end state: the game-over dialog shows the 19.0 tally; the engine's record replays to the same game.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from cs_desktop.rules.game import Game
from cs_desktop.play.changes import EVERYTHING
from cs_desktop.play.turn_flow import StandingOrders

from tests.gui.conftest import ODDS_SEEN, answer_with_widgets, click
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

MAX_STEPS = 1500


def _ready(window: Any) -> bool:
    s = window.session
    if s.presenter.game is not None and s.presenter.game.ended:
        return window.game_over_dialog is not None
    return s.request() is not None and window.orders.widget is not None


def play_to_the_end(qtbot: Any, window: Any, seed: int) -> list[str]:
    rng = random.Random(seed)
    kinds: list[str] = []
    for _ in range(MAX_STEPS):
        qtbot.waitUntil(lambda: _ready(window), timeout=COMPUTER_TURN_GUARD_MS)
        if window.session.presenter.game.ended:
            return kinds
        before = len(window.session.presenter.game.decisions)
        kinds.append(answer_with_widgets(qtbot, window, rng))
        assert len(window.session.presenter.game.decisions) > before, window.session.presenter.last_message
    raise AssertionError("the game did not end")


def test_human_vs_computer_complete_game(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.session.standing.orders = StandingOrders(ask_everything=True)  # every kind of request on screen
    dlg = window.files.new_game()
    qtbot.waitUntil(dlg.isVisible)
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    dlg.set_seat("us", "human")
    dlg.set_seat("gb", "simple")
    dlg.turn_limit.setValue(3)
    dlg.seed.setValue(11)
    click(qtbot, dlg.buttons.button(QDialogButtonBox.StandardButton.Ok))
    assert window.session.presenter.game is not None

    ODDS_SEEN.clear()
    kinds = play_to_the_end(qtbot, window, seed=5)

    assert {"setup", "assign_crew", "select_maneuver", "fire", "select_load"} <= set(kinds)
    # the odds of each aimed shot were on screen before it was fired (11.4)
    assert ODDS_SEEN and all("P(at least one hit)" in text for text in ODDS_SEEN), ODDS_SEEN[:3]
    dialog = window.game_over_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.table.rowCount() > 0 and dialog.table.columnCount() == 2
    vp_row = dialog.table.rowCount() - 1
    assert dialog.table.verticalHeaderItem(vp_row).text() == "Victory points"
    assert dialog.table.item(vp_row, 0).text() != ""
    # 19.0 / R19.0: the rows add up on screen: hull + rigging + crew - the enemy's own doing = hits total
    labels = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
    for c in range(dialog.table.columnCount()):
        cell = {label: dialog.table.item(r, c).text() for r, label in enumerate(labels)}
        scored = sum(int(cell[k]) for k in ("Hull hits scored", "Rigging hits scored", "Crew hits scored"))
        assert scored - int(cell["− by the enemy's own doing (R19.0)"]) == int(cell["Hits total"])
    game = window.session.presenter.game
    assert game.ended and game.events[-1]["type"] == "game_end"
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
    # the log names a rule for each entry, and clicking one shows that rule's text
    item = window.log.list.item(0)
    assert item.text().split("[")[1].split("]")[0]
    qtbot.mouseClick(window.log.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.log.list.visualItemRect(item).center())
    assert window.rule_view.rule == item.data(Qt.ItemDataRole.UserRole)
    assert window.rule_view.toPlainText()


def test_two_humans_hotseat_play_several_turns(qtbot: Any, make_window: Any) -> None:
    """Hotseat: both sides human; every change of deciding side passes through the hand-over screen."""
    window = make_window()
    window.files.start_game(window_scenario("chesapeake-vs-shannon.json"), {"us": "human", "gb": "human"}, 4,
                      {"turn_limit": 2, "bonus_cards": False})
    rng = random.Random(2)
    handovers = 0
    for _ in range(MAX_STEPS):
        s = window.session
        if s.presenter.game.ended:
            break
        if s.curtain:
            handovers += 1
            assert window.stack.currentWidget() is window.handover
            click(qtbot, window.handover.button)
            continue
        qtbot.waitUntil(lambda: _ready(window), timeout=COMPUTER_TURN_GUARD_MS)
        if s.presenter.game.ended:
            break
        answer_with_widgets(qtbot, window, rng)
    assert window.session.presenter.game.ended
    assert handovers >= 4
    qtbot.waitUntil(lambda: window.game_over_dialog is not None)


def window_scenario(name: str) -> str:
    import cs_desktop

    return str(cs_desktop.SCENARIOS / name)


def test_board_help_follows_the_clicked_ship_of_a_multi_ship_side(qtbot: Any, make_window: Any) -> None:
    """Issue 4 item 2 with several ships a side: clicking another of your ships shows its maneuver previews."""
    window = make_window()
    from cs_desktop import SCENARIOS

    assert window.files.start_game(SCENARIOS / "president-vs-belvidera-3-ship.json", {"us": "human", "gb": "simple"},
                             3, {})
    rng = random.Random(2)
    for _ in range(60):
        qtbot.waitUntil(lambda: window.orders.widget is not None or window.session.presenter.game.ended, timeout=10_000)
        widget = window.orders.widget
        if widget is not None and widget.request.kind == "select_maneuver" and len(widget.request.ships) == 2:
            break
        answer_with_widgets(qtbot, window, rng)
    else:
        raise AssertionError("no maneuver selection for both US ships")
    first, second = list(widget.request.ships)
    assert set(window.board_help.previews) == {first}
    window.board.shipClicked.emit(second)
    assert set(window.board_help.previews) == {second}
    assert window.board_help.previews[second][0]["from_square"] == list(window.session.presenter.game.state.ships[second].square) or \
        tuple(window.board_help.previews[second][0]["from_square"]) == window.session.presenter.game.state.ships[second].square


def test_the_board_shows_the_map_edge_shift(qtbot: Any, make_window: Any, monkeypatch: Any) -> None:
    """Issue 4 item 1 / 9.3: when a ship's Advance shifts every piece, the board shows the shift."""
    from tests.rules.harness import drive, duel, events_of
    from tests.rules.sailing_kit import fix_speeds

    fix_speeds(monkeypatch, {"constitution": 2, "java": 0})
    game = duel(a=(31, 12, 3), b=(24, 12, 7), seed=3)
    window = make_window()
    window.session.standing.orders = StandingOrders(ask_everything=True)  # the game is driven from outside the session
    window.session.presenter.new_game(game, {"us": "human", "gb": "human"}, "test")
    before = len(game.events)
    drive(game, until=lambda g: bool(events_of(g, "map_shift")),
          policy={"select_maneuver": lambda g, r: {s: next(o for o in opts if o["maneuver"] == "advance")
                                                   for s, opts in r.ships.items()}})
    assert events_of(game, "map_shift") and len(game.events) > before
    window.session.changed.emit(EVERYTHING)  # driven from outside: no change set, so every part
    if window.session.curtain:
        window.session.presenter.confirm_handover()
    assert window.board.shift_items, "the shift is drawn on the board"
