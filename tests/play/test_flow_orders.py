"""Questions the rules do not need a person for (issue 28 item 3): play/flow_orders.py answers who maneuvers
first (8.0), the first hull hit's section on a tie (11.4.10), the free turn (9.1.1, `auto`) and an unchanged
crew (5.0, `keep`) by standing orders with visible defaults, and asks where the answer matters."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cs_desktop.play import crew_plan
from cs_desktop.play.turn_flow import NEAR, StandingOrders, answer_for, decide
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.crew import crew_request
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import empty_assignment
from tests.rules.harness import duel
from tests.play.test_turn_flow import first, java_game

MOVE = ("initiative_first", "non_initiative_first")


def test_8_0_who_maneuvers_first_is_a_standing_order() -> None:
    request = Request("move_order", "us", "8.0", "Both sides complete maneuvers: who maneuvers first?", options=MOVE)
    default = decide({}, request, StandingOrders())
    assert default is not None and default.answer == "non_initiative_first"
    assert default.why.startswith("8.0: standing order: the others maneuver first")
    chosen = decide({}, request, StandingOrders(move_order="first"))
    assert chosen is not None and chosen.answer == "initiative_first"
    assert decide({}, request, StandingOrders(move_order="ask")) is None


def test_8_0_a_real_move_order_request_passes_and_is_recorded() -> None:
    game = java_game(3)
    first(game, "move_order", "us")
    done = answer_for(game, {"us"}, StandingOrders())
    assert done and done[0][3].startswith("8.0:")
    assert game.decisions[done[0][0]]["answer"] == "non_initiative_first"


def _close_duel() -> Game:
    return duel(a=(10, 12, 1), b=(12, 12, 1), seed=2)


def test_11_4_10_the_first_hull_hit_spares_the_guns_that_bear() -> None:
    game = _close_duel()
    view = game.view("us")
    bearing = [b for b in ("port", "starboard") if crew_plan.enemy_in_arc(view, "constitution", b)]
    assert len(bearing) == 1, "Java lies in one broadside's arc"
    request = Request("hull_first", "us", "11.4.10", "?", options=("port_bow", "starboard_bow"),
                      info={"ship": "constitution"})
    passed = decide(view, request, StandingOrders())
    spare = "starboard_bow" if bearing == ["port"] else "port_bow"
    assert passed is not None and passed.answer == spare and "guns bear on no enemy" in passed.why
    assert decide(view, request, StandingOrders(hull_first="ask")) is None
    same_side = Request("hull_first", "us", "11.4.10", "?", options=(f"{bearing[0]}_bow", f"{bearing[0]}_aft"),
                        info={"ship": "constitution"})
    tie = decide(view, same_side, StandingOrders())
    assert tie is not None and tie.answer in same_side.options  # type: ignore[operator]


def test_9_1_1_auto_near_an_enemy_brings_a_broadside_to_bear() -> None:
    game = _close_duel()

    def gap(g: Game) -> int:
        s, j = g.view("us")["ships"]["constitution"], g.view("us")["ships"]["java"]
        return geo.mp_distance((s["x"], s["y"]), (j["x"], j["y"]))

    request = first(game, "advance_turn", "us", lambda r: gap(game) <= NEAR)
    view = game.view("us")
    passed = decide(view, request, StandingOrders())  # the default, `auto`, answers even near the enemy
    assert passed is not None and passed.why.startswith("9.1.1: standing order")
    me, java = view["ships"]["constitution"], view["ships"]["java"]

    def in_arc(option: dict[str, Any]) -> bool:
        return geo.broadside_side_in_arc((me["x"], me["y"]), geo.turn(me["heading"], option["turn"]),
                                         (java["x"], java["y"])) is not None

    options = request.ships["constitution"]  # type: ignore[index]
    assert in_arc(passed.answer["constitution"]) or not any(in_arc(o) for o in options)
    assert game.submit("us", passed.answer)


def test_5_0_keep_the_crew_unless_a_battery_that_bears_goes_unmanned() -> None:
    game = _close_duel()
    view = game.view("us")
    request = crew_request(game.state, "us")
    limits = request.info["limits"]["constitution"]
    manned = crew_plan.bearing_assignment(view, "constitution", limits)
    kept = replace(request, info={**request.info, "current": {"constitution": manned}})
    passed = decide(view, kept, StandingOrders())
    assert passed is not None and passed.answer == {"constitution": manned} and passed.why.startswith("5.0:")
    unmanned = replace(request, info={**request.info, "current": {"constitution": empty_assignment()}})
    assert decide(view, unmanned, StandingOrders()) is None  # Java in arc, no gunners: the player decides
    assert decide(view, kept, StandingOrders(crew="ask")) is None


def test_15_0_keep_asks_when_no_melee_crew_is_kept_with_an_enemy_alongside() -> None:
    game = _close_duel()
    view = game.view("us")
    request = crew_request(game.state, "us")
    limits = request.info["limits"]["constitution"]
    all_guns = empty_assignment()
    left = int(limits["crew"])
    for section in ("port_bow", "port_aft", "starboard_bow", "starboard_aft"):
        all_guns["gunnery"][section] = take = min(int(limits["gunnery"][section]), left)
        left -= take
    assert left == 0, "every crew point at the guns: none for Melee"
    unguarded = replace(request, info={**request.info, "current": {"constitution": all_guns}})
    assert decide(view, unguarded, StandingOrders()) is None  # the first boarding party would take her (15.0)


def test_1_7_2_discard_down_to_the_hand_size_drops_the_card_that_decides_least() -> None:
    # Gun Captains is made for to-hit rolls (stake 1), Weather Eye for initiative (stake 0): Weather Eye goes
    request = Request("discard_card", "us", "1.7.2", "?", options=("gun-captains#1", "weather-eye#2"))
    passed = decide({}, request, StandingOrders())
    assert passed is not None and passed.answer == "weather-eye#2"
    assert passed.why == "1.7.2: standing order: discard the card whose roll decides least — A Weather Eye"
    assert decide({}, request, StandingOrders(discard="ask")) is None


def test_16_0_no_bonus_move_far_from_the_enemy_asked_near() -> None:
    far = duel(a=(20, 12, 1), b=(2, 12, 3))
    near = _close_duel()
    request = Request("bonus_move", "us", "16.0", "?", ships={"constitution": (0, 1, 2)})
    passed = decide(far.view("us"), request, StandingOrders())
    assert passed is not None and passed.answer == {"constitution": 0} and "no enemy within 24 MP" in passed.why
    assert decide(near.view("us"), request, StandingOrders()) is None
    never = decide(near.view("us"), request, StandingOrders(bonus_move="never"))
    assert never is not None and never.answer == {"constitution": 0}
    assert decide(far.view("us"), request, StandingOrders(bonus_move="ask")) is None
