"""The answer each form opens with is play/defaults.default_answer (issue 28 items 4 and 8): a whole game through
the widgets, every request shown ("ask me everything"), each form's answer as it opens compared with the Qt-free
default the benchmark's newcomer sends, then sent with the default button (Enter)."""

from __future__ import annotations

from typing import Any

from cs_desktop.gui import requests as rq
from cs_desktop.play.defaults import default_answer
from cs_desktop.play.turn_flow import StandingOrders

import cs_desktop
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def test_every_form_opens_on_the_default_answer(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    session = window.session
    session.set_orders(StandingOrders(ask_everything=True))
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 2})
    kinds = set()
    for _ in range(400):
        qtbot.waitUntil(lambda: session.presenter.game.ended or (session.request() is not None and
                                                      window.orders.widget is not None), timeout=COMPUTER_TURN_GUARD_MS)
        if session.presenter.game.ended:
            break
        widget = window.orders.widget
        screen = session.screen()
        request = screen.request
        expected = default_answer(request, screen.view, session.presenter.game.cards, session.presenter.standing.fleet,
                                  session.standing.orders, screen.ship_names)
        if not isinstance(widget, rq.FallbackWidget):
            assert widget.answer() == expected, request.kind
        kinds.add(request.kind)
        before = len(session.presenter.game.decisions)
        window.orders.submit_default()
        assert len(session.presenter.game.decisions) > before, (request.kind, session.presenter.last_message)
    assert {"setup", "assign_crew", "select_maneuver", "fire"} <= kinds
