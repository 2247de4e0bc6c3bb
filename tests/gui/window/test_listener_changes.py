"""Issue 30 item 4: every listener of the session's `changed` signal decides on its change set (play/changes.py).
The tutor's page, the thinking indicator, the flow panel under the orders, the campaign page and an online seat's
board each leave a change that does not concern them undrawn and draw one that does.

Actions: real widgets, offscreen. A drawn state is put aside by hand (a sentinel text, the indicator shown) and
the session's `changed` signal carries a change set; the standing orders set through the session (a change beside
the screen model: `other` only, as the session itself says), a campaign started in the window, and an online seat
fed the frames of a real game (the same frame again: nothing changed; a frame after an answer: the view, the
request and the events changed).
Expected: the sentinel survives a change that does not concern the widget and is drawn over by one that does.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.dialogs.standing_orders import FlowPanel
from cs_desktop.gui.online.board import SeatBoard
from cs_desktop.gui.online.session import OnlineSeatSession
from cs_desktop.online import frames
from cs_desktop.online.client import SeatState
from cs_desktop.play.changes import EVERYTHING, NOTHING, Changes
from cs_desktop.rules.game import Accepted, Game

ROOT = Path(__file__).resolve().parents[3]
JAVA = ROOT / "scenarios" / "constitution-vs-java.json"
ONLY_VIEW = replace(NOTHING, view=True)
ONLY_THINKING = replace(NOTHING, thinking=True)
ONLY_OTHER = replace(NOTHING, other=True)


def _recorded(session: Any) -> list[Changes]:
    seen: list[Changes] = []
    session.changed.connect(seen.append)
    return seen


def _set_orders_beside_the_model(session: Any, seen: list[Changes]) -> None:
    """New standing orders: the session says only `other` changed (they lie beside the screen model)."""
    session.set_orders(replace(session.standing.orders, ask_everything=not session.standing.orders.ask_everything))
    assert seen[-1] == ONLY_OTHER


def test_30_4_the_thinking_indicator_draws_only_who_thinks(make_window: Any) -> None:
    window = make_window()
    session = window.session
    session.presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 5, {"turn_limit": 3})
    indicator = window.thinking_indicator
    assert session.screen().thinking is None and not indicator.isVisible()
    seen = _recorded(session)
    indicator.show()  # drawn by hand: a redraw hides it, as no captain thinks
    for change in (ONLY_VIEW, replace(NOTHING, events=True, request=True)):
        session.changed.emit(change)
        assert indicator.isVisible(), change
    _set_orders_beside_the_model(session, seen)
    assert indicator.isVisible()
    session.changed.emit(ONLY_THINKING)
    assert not indicator.isVisible()


def test_30_4_the_flow_panel_draws_the_orders_and_what_they_answered(make_window: Any) -> None:
    window = make_window()
    session = window.session
    session.presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 5, {"turn_limit": 3})
    flow = window.findChild(FlowPanel, "flow-panel")
    assert flow is not None
    seen = _recorded(session)
    flow.passed.setText("sentinel")
    for change in (ONLY_VIEW, ONLY_THINKING):
        session.changed.emit(change)
        assert flow.passed.text() == "sentinel", change
    before = flow.ask_everything.isChecked()
    _set_orders_beside_the_model(session, seen)
    assert flow.passed.text() != "sentinel"  # drawn again: nothing was answered for the player yet
    assert flow.ask_everything.isChecked() is (not before) is session.standing.orders.ask_everything
    flow.passed.setText("sentinel")
    session.changed.emit(replace(NOTHING, request=True))
    assert flow.passed.text() != "sentinel"


def test_30_4_the_tutor_page_is_not_drawn_for_orders(make_window: Any) -> None:
    window = make_window()
    session = window.session
    session.presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 5, {"turn_limit": 3})
    tutor = window.tutor
    seen = _recorded(session)
    drawn = tutor.browser.toPlainText()
    assert drawn

    def put_aside() -> None:
        tutor._html = ""  # the page drawn next differs from what is shown: a redraw sets it
        tutor.browser.setPlainText("sentinel")

    put_aside()
    _set_orders_beside_the_model(session, seen)
    assert tutor.browser.toPlainText() == "sentinel"
    for change in (ONLY_VIEW, ONLY_THINKING, replace(NOTHING, events=True), replace(NOTHING, request=True)):
        put_aside()
        session.changed.emit(change)
        assert tutor.browser.toPlainText() == drawn, change


def test_30_4_the_campaign_page_is_drawn_again_only_for_another_game(make_window: Any) -> None:
    window = make_window()
    session = window.session
    control = window.campaign
    assert control.start(window.files.library(), "constitution-1812", 3) is not None
    page = control.page
    heading = page.heading.text()
    assert window.stack.currentWidget() is page and heading
    page.heading.setText("sentinel")
    session.changed.emit(ONLY_OTHER)  # the window's own refresh puts its welcome page in front ...
    assert window.stack.currentWidget() is page  # ... the campaign page comes back, not drawn again
    assert page.heading.text() == "sentinel"
    assert "Campaign:" in window.status.text()
    for change in (ONLY_VIEW, ONLY_THINKING):
        session.changed.emit(change)
        assert window.stack.currentWidget() is page and page.heading.text() == "sentinel"
    session.changed.emit(EVERYTHING)
    assert window.stack.currentWidget() is page and page.heading.text() == heading


def test_30_4_an_online_seats_board_draws_what_a_frame_changed(qtbot: Any) -> None:
    scenario, ships = load_scenario_with_ships(JAVA)
    game = Game(scenario, ships, 5)
    seat = SeatState()
    seat.apply(frames.welcome(game, "us"))
    session = OnlineSeatSession(seat, scenario, ships, lambda _ask, _answer: None)
    board = SeatBoard()
    qtbot.addWidget(board)
    board.attach(session)
    seen = _recorded(session)

    def frame() -> None:
        since = seat.upto
        seat.apply(frames.update(frames.seat_state(game, "us"), frames.seat_events(game, "us", since), since,
                                 len(game.events)))
        session.refresh()

    frame()
    assert set(board.board.ship_items) == set(game.state.ships) and board.cards.count() == 2
    dice = len(board.dice.entries)
    tab = board.cards.tabText(0)
    board.cards.setTabText(0, "sentinel")
    board.hand.title.setText("sentinel")
    frame()  # the same frame again (as after a reconnection): nothing changed
    assert seen[-1] == NOTHING
    assert board.cards.tabText(0) == "sentinel" and board.hand.title.text() == "sentinel"
    request = game.pending_for("us")
    assert request is not None and request.kind == "setup"
    answered = game.submit("us", session.random_answer(1))  # the judgment captain's setup, on the seat's view
    assert isinstance(answered, Accepted), answered
    other = game.pending_for("gb")  # the other side sets up too: the set-up is done, its events come
    assert other is not None and game.submit("gb", RandomCaptain(2).choose(Seat(game, other)))
    frame()
    assert seen[-1].cards and seen[-1].log  # the view and the request changed, and there are new events
    assert board.cards.tabText(0) == tab and board.hand.title.text() != "sentinel"
    assert len(board.dice.entries) >= dice
    session.changed.emit(ONLY_THINKING)  # (a seat has no thinking captain; a sender that says only this)
    board.cards.setTabText(0, "sentinel")
    session.changed.emit(ONLY_THINKING)
    assert board.cards.tabText(0) == "sentinel"

