"""A battle of three sides in the main window (issue 14; rulings R6.0a-R21.1a): the three-sided what-if played
through the widgets, a person in one seat and computer captains in the two others, to its end; the board shows
three sides in three colours, and the person never sees another side's hidden choices."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cs_desktop
from cs_desktop.play.turn_flow import StandingOrders

from tests.gui.conftest import answer_with_widgets, click
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

THREE = str(cs_desktop.SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json")


@pytest.mark.parametrize("seats, turns", [({"us": "simple", "fr": "human", "gb": "random"}, 2),
                                          ({"us": "human", "fr": "human", "gb": "simple"}, 1)])  # hotseat: two people
def test_R6_0a_a_three_sided_battle_plays_in_the_window(qtbot: Any, make_window: Any, seats: dict[str, str],
                                                         turns: int) -> None:
    window = make_window()
    window.session.set_orders(StandingOrders(crew="ask"))  # the crew asked every turn, as this test needs
    window.files.start_game(THREE, seats, 6, {"turn_limit": turns, "bonus_cards": False})
    rng = random.Random(6)
    kinds = set()
    for _ in range(400):
        qtbot.waitUntil(lambda: window.session.presenter.game.ended or window.session.curtain or (
            window.session.request() is not None and window.orders.widget is not None), timeout=COMPUTER_TURN_GUARD_MS)
        if window.session.presenter.game.ended:
            break
        if window.session.curtain:
            click(qtbot, window.handover.button)
            continue
        kinds.add(answer_with_widgets(qtbot, window, rng))
    game = window.session.presenter.game
    assert game.ended and len(game.state.sides) == 3
    assert {"assign_crew", "select_maneuver"} <= kinds
    colors = {item.look[1] for item in window.board.ship_items.values()}
    assert colors == {"US", "FR", "GB"}
    assert any(e["type"] == "initiative_order" for e in game.events)
