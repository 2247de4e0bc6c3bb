"""Hold cards (issue 28 item 2) in the window: "Never ask" beside a card keeps it from being offered again — a
standing order kept in settings.ini, shown (and undone) in Game → Settings…; with every card in hand never
asked about, the request on screen is answered at once (cards kept)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QPushButton

from cs_desktop.gui import requests as rq
from cs_desktop.gui.dialogs.standing_orders import StandingOrdersBox, load_orders
from cs_desktop.play.turn_flow import StandingOrders, card_kind

import cs_desktop
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def test_1_7_3_never_ask_about_a_card(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    session = window.session
    session.set_orders(StandingOrders(hold_cards="always"))
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 4, {"turn_limit": 3})
    for _ in range(200):
        qtbot.waitUntil(lambda: session.request() is not None and window.orders.widget is not None, timeout=COMPUTER_TURN_GUARD_MS)
        if isinstance(window.orders.widget, rq.BonusCardsWidget):
            break
        window.orders.submit_default()
    widget = window.orders.widget
    assert isinstance(widget, rq.BonusCardsWidget)
    request = widget.request
    hand = list(request.info["hand"])
    before = len(session.presenter.game.decisions)
    for i in range(len(hand)):
        if session.request() is request:
            widget.findChild(QPushButton, f"never-{i}").click()
    assert set(session.standing.orders.never_cards.split(",")) == {card_kind(c) for c in hand}
    assert session.presenter.game.decisions[before]["kind"] == "bonus_cards"
    assert session.presenter.game.decisions[before]["answer"] == []  # answered for him: cards kept
    assert load_orders(window.settings).never_cards == session.standing.orders.never_cards  # kept in settings.ini
    box = StandingOrdersBox(session.standing.orders)
    qtbot.addWidget(box)
    assert not box.keep_never.isHidden() and box.orders().never_cards == session.standing.orders.never_cards
    box.keep_never.setChecked(False)
    assert box.orders().never_cards == ""
