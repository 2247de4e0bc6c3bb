"""A turn that flows (issue 11 items 2-3): cs_desktop.play.turn_flow answers for a human seat only what the rules
or his standing orders settle, from his own view; crew_plan mans the battery that bears."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play import crew_plan
from cs_desktop.play.turn_flow import NEAR, StandingOrders, answer_for, decide, single_answer
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from tests.rules.harness import at, drive, duel

import cs_desktop

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"
ASK_ALL = StandingOrders(ask_everything=True)


def java_game(seed: int = 3) -> Game:
    scenario, ships = load_scenario_with_ships(JAVA)
    return Game(scenario, ships, seed, {"turn_limit": 6})


def first(game: Game, kind: str, side: str, pred: Any = None, limit: int = 4000) -> Request:
    """Play the game on (engine-sampled answers) until `side` is asked a `kind` request that satisfies `pred`."""
    rng = Dice(5)
    from cs_desktop.rules.decisions import sample

    for _ in range(limit):
        request = game.pending_for(side)
        if request is not None and request.kind == kind and (pred is None or pred(request)):
            return request
        assert game.pending, f"the game ended before a {kind} request"
        r = game.pending[0]
        assert game.submit(r.side, sample(game.state, r, rng))
    raise AssertionError(f"no {kind} request for {side}")


# ---------------------------------------------------------------------------------------------- single legal
def test_a_request_with_one_legal_answer_passes_and_says_why() -> None:
    one = Request("hull_first", "us", "11.4.10", "Which section first?", options=("port_bow",))
    passed = decide({}, one, StandingOrders())
    assert passed is not None and passed.answer == "port_bow"
    assert passed.why.startswith("11.4.10:") and "only legal answer" in passed.why and "passed" in passed.why
    ships = Request("advance_turn", "us", "9.1.1", "?", ships={"a": ({"turn": 0, "to": "C"},),
                                                               "b": ({"turn": 0, "to": "D"},)})
    assert single_answer(ships) == ({"a": {"turn": 0, "to": "C"}, "b": {"turn": 0, "to": "D"}},
                                    single_answer(ships)[1])  # type: ignore[index]
    two = Request("hull_first", "us", "11.4.10", "?", options=("port_bow", "port_aft"))
    assert decide({}, two, StandingOrders()) is None
    assert decide({}, one, ASK_ALL) is None  # ask me everything: even a single legal answer is asked


def test_15_0_no_support_points_pass() -> None:
    r = Request("melee_support", "us", "15.0", "?", info={"values": [3, 4], "support": 0, "suggested": [0, 0]})
    passed = decide({}, r, StandingOrders())
    assert passed is not None and passed.answer == [0, 0]


def test_single_answers_in_a_real_game_go_through_submit_and_replay() -> None:
    game = java_game()
    done = []
    rng = Dice(9)
    from cs_desktop.rules.decisions import sample

    while not game.ended and len(game.decisions) < 300:
        done += answer_for(game, {"us"}, StandingOrders())
        if game.ended:
            break
        r = game.pending[0]
        assert game.submit(r.side, sample(game.state, r, rng))
    assert done, "some requests were answered for the player"
    for index, side, _turn, why in done:
        assert game.decisions[index]["side"] == side == "us"
        assert why.split(":")[0] in ("1.7.3", "5.0", "8.0", "9.1.1", "11.0", "11.4.10", "11.7") or "legal" in why \
            or "support" in why
    scenario, ships = load_scenario_with_ships(JAVA)
    again = Game.replay(scenario, ships, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()  # recorded like a human answer: the replay is the same


# ---------------------------------------------------------------------------------------------- 1.7.3 Hold cards
def bonus(purpose: str, playable: list[str]) -> Request:
    hand = ["weather-eye#1", "steady-helmsman#2", *playable]
    return Request("bonus_cards", "us", "1.7.3", "?", info={"purpose": purpose, "for_rule": "x", "dice": 2,
                                                             "max": 2, "hand": hand, "playable": playable})


def test_1_7_3_hold_card_orders() -> None:
    plain, starred = bonus("fire fighting", []), bonus("initiative", ["weather-eye#1"])
    key = bonus("to-hit", [])
    applies = StandingOrders(hold_cards="applies")
    passed = decide({}, plain, applies)
    assert passed is not None and passed.answer == [] and passed.why.startswith("1.7.3:")
    assert "cards kept" in passed.why
    # the note says why, without denying the +1 discard any Hold card allows (1.7.3)
    assert "own effect" in passed.why and "+1" in passed.why
    assert decide({}, starred, applies) is None  # a card in hand applies to this roll: asked
    assert decide({}, key, applies) is not None
    assert decide({}, key, StandingOrders(hold_cards="key")) is None  # a roll that decides a fight
    assert decide({}, plain, StandingOrders(hold_cards="key")) is not None
    assert decide({}, starred, StandingOrders(hold_cards="key")) is None
    for request in (plain, starred, key):
        assert decide({}, request, StandingOrders(hold_cards="always")) is None
        never = decide({}, request, StandingOrders(hold_cards="never"))
        assert never is not None and never.answer == []
        assert decide({}, request, ASK_ALL) is None


def test_1_7_3_a_real_bonus_card_request_passes_with_its_reason() -> None:
    game = java_game(4)
    request = first(game, "bonus_cards", "us", lambda r: not r.info["playable"])
    passed = decide(game.view("us"), request, StandingOrders())
    assert passed is not None and passed.answer == []
    assert game.submit("us", passed.answer)
    assert game.decisions[-1]["kind"] == "bonus_cards" and game.decisions[-1]["answer"] == []


# ---------------------------------------------------------------------------------------------- 9.1.1 free turn
def free_turn_game(gap: int) -> tuple[Game, Request]:
    """Constitution advancing with Java `gap` columns off; stop at her first free-turn request."""
    game = duel(a=(10, 12, 1), b=(10 + gap, 12, 1), seed=2)
    return game, first(game, "advance_turn", "us")


def test_9_1_1_free_turn_orders() -> None:
    game, request = free_turn_game(20)
    view = game.view("us")
    assert request.ships is not None
    hold = next(o for o in request.ships["constitution"] if o["turn"] == 0)
    assert decide(view, request, StandingOrders(free_turn="ask")) is None
    never = decide(view, request, StandingOrders(free_turn="never"))
    assert never is not None and never.answer == {"constitution": hold} and "course held" in never.why
    distance = crew_plan.geo.mp_distance((view["ships"]["constitution"]["x"], view["ships"]["constitution"]["y"]),
                                         (view["ships"]["java"]["x"], view["ships"]["java"]["y"]))
    near = decide(view, request, StandingOrders(free_turn="near"))
    assert distance > NEAR  # far off: the choice that points her bow nearest the enemy
    assert near is not None and near.why.startswith("9.1.1:")
    geo = crew_plan.geo
    me, java = view["ships"]["constitution"], view["ships"]["java"]

    def off_bow(option: dict[str, Any]) -> float:
        b = geo.relative_bearing((me["x"], me["y"]), geo.turn(me["heading"], option["turn"]), (java["x"], java["y"]))
        return min(b, 360 - b)

    assert off_bow(near.answer["constitution"]) == min(off_bow(o) for o in request.ships["constitution"])
    named = decide(view, request, StandingOrders(free_turn="near"), {"constitution": "Constitution",
                                                                     "java": "Java"})
    assert named is not None and "Constitution: no enemy within" in named.why and "Java" in named.why
    assert decide(view, request, ASK_ALL) is None
    assert game.submit("us", (never.answer))


def test_9_1_1_near_an_enemy_the_free_turn_is_asked() -> None:
    game = duel(a=(10, 12, 1), b=(12, 12, 1), seed=2)

    def gap(g: Game) -> int:
        s, j = g.view("us")["ships"]["constitution"], g.view("us")["ships"]["java"]
        return crew_plan.geo.mp_distance((s["x"], s["y"]), (j["x"], j["y"]))

    request = first(game, "advance_turn", "us", lambda r: gap(game) <= NEAR)
    view = game.view("us")
    assert decide(view, request, StandingOrders(free_turn="near")) is None
    assert decide(view, request, StandingOrders(free_turn="never")) is not None


# ---------------------------------------------------------------------------------------------- 11.0 / 11.7
def test_11_0_fire_order_holds_fire_beyond_its_range_only() -> None:
    game = java_game(3)
    request = first(game, "fire", "us")
    view = game.view("us")
    assert decide(view, request, StandingOrders(fire="ask")) is None
    ship = view["ships"]["constitution"]
    target = view["ships"]["java"]
    d = crew_plan.geo.mp_distance((ship["x"], ship["y"]), (target["x"], target["y"]))
    for limit in ("8", "12", "16"):
        passed = decide(view, request, StandingOrders(fire=limit))
        if d <= int(limit):
            assert passed is None
        else:
            assert passed is not None and passed.answer["constitution"]["target"] is None
            assert f"beyond {limit} MP" in passed.why


def test_11_7_reload_orders() -> None:
    game = java_game(3)
    request = first(game, "select_load", "us")
    view = game.view("us")
    assert request.ships is not None
    assert decide(view, request, StandingOrders(reload="ask")) is None
    rounds = decide(view, request, StandingOrders(reload="round"))
    assert rounds is not None and set(rounds.answer.values()) == {"round"}
    same = decide(view, request, StandingOrders(reload="same"))
    assert same is not None
    setup = next(e for e in view["events"] if e["type"] == "loads" and e["ship"] == "constitution")
    for key, load in same.answer.items():
        section = key.split(":")[1]
        fired_since = [e for e in view["events"] if e["type"] == "load_type" and e.get("slot") == section]
        assert load == (fired_since[-1]["load"] if fired_since else setup["loads"][section])
    assert game.submit("us", same.answer)


# ---------------------------------------------------------------------------------------------- fairness
HIDDEN_KINDS = ("bonus_cards", "advance_turn", "fire", "select_load", "assign_crew", "select_maneuver")


def test_auto_answers_depend_only_on_what_the_side_may_know() -> None:
    """Change what 'us' may not know (the enemy's hand, loads, maneuver, the dice and deck): the answers given
    for 'us' stay the same."""
    orders = StandingOrders(crew="bears")
    checked = 0
    for seed in (3, 4, 5):
        game = java_game(seed)
        rng = Dice(seed)
        from cs_desktop.rules.decisions import sample

        while not game.ended and checked < 400 and len(game.decisions) < 250:
            request = game.pending_for("us")
            if request is not None and request.kind in HIDDEN_KINDS:
                mine = decide(game.view("us"), request, orders)
                # 1. a determinized copy: every hidden thing drawn anew
                for k in range(2):
                    copy = determinize(game, "us", Dice(100 + k))
                    again = copy.pending_for("us")
                    assert again is not None
                    assert decide(copy.view("us"), again, orders) == mine
                # 2. a clone whose hidden state is edited by hand
                clone = game.clone()
                st = clone.state
                st.sides["gb"].hand[:] = ["weather-eye#1", "steady-helmsman#2"][:len(st.sides["gb"].hand) or 2]
                java = st.ships["java"]
                java.loads = {s: ("double" if v is not None else None) for s, v in java.loads.items()}
                if java.maneuver is not None and not java.maneuver.get("revealed"):
                    java.maneuver = {**java.maneuver, "maneuver": "back_sail"}
                st.deck.reverse()
                st.dice = Dice(999)
                assert decide(clone.view("us"), request, orders) == mine
                checked += 1
            r = game.pending[0]
            assert game.submit(r.side, sample(game.state, r, rng))
    assert checked > 50


# ---------------------------------------------------------------------------------------------- crew (5.0)
def test_5_0_the_default_crew_mans_the_battery_that_bears() -> None:
    game = duel(a=(20, 12, 1), b=(12, 12, 3))  # Java lies off Constitution's port side
    drive(game, until=at("assign_crew"))
    request = game.pending_for("us")
    assert request is not None
    view = game.view("us")
    assign = crew_plan.bearing_assignment(view, "constitution", request.info["limits"]["constitution"])
    assert crew_plan.bearing_battery(view, "constitution") == "port"
    assert assign["gunnery"]["port_bow"] == 7 and assign["gunnery"]["port_aft"] == 7
    # issue 28 item 4: Java within boarding reach (16 MP), so of the 18 crew 4 stay back for Melee (15.0)
    assert sum(assign["gunnery"].values()) == 14 and crew_plan.melee_reserve(view, "constitution", 18) == 4
    assert crew_plan.unmanned_battery(view, "constitution", assign) is None
    assert game.submit("us", {"constitution": assign})

    mirrored = duel(a=(20, 12, 1), b=(28, 12, 7))  # now to starboard
    drive(mirrored, until=at("assign_crew"))
    req = mirrored.pending_for("us")
    assert req is not None
    a2 = crew_plan.bearing_assignment(mirrored.view("us"), "constitution", req.info["limits"]["constitution"])
    assert a2["gunnery"]["starboard_bow"] == 7 and a2["gunnery"]["starboard_aft"] == 7


def test_15_0_no_melee_reserve_with_no_enemy_near_enough_to_board() -> None:
    game = duel(a=(20, 12, 1), b=(2, 12, 3))  # Java 36 MP off: the whole crew to the guns
    drive(game, until=at("assign_crew"))
    request = game.pending_for("us")
    assert request is not None
    view = game.view("us")
    assert crew_plan.melee_reserve(view, "constitution", 18) == 0
    assign = crew_plan.bearing_assignment(view, "constitution", request.info["limits"]["constitution"])
    assert sum(assign["gunnery"].values()) == 18


def test_5_0_enemies_on_both_sides_split_the_gunners_by_threat() -> None:
    game = duel(a=(20, 12, 1), b=(12, 12, 3), extra={"gb": [("guerriere", (28, 12, 7))]})
    drive(game, until=at("assign_crew"))
    request = game.pending_for("us")
    assert request is not None
    view = game.view("us")
    t = crew_plan.threats(view, "constitution")
    assert t["port"] > 0 and t["starboard"] > 0
    assign = crew_plan.bearing_assignment(view, "constitution", request.info["limits"]["constitution"])
    port = assign["gunnery"]["port_bow"] + assign["gunnery"]["port_aft"]
    starboard = assign["gunnery"]["starboard_bow"] + assign["gunnery"]["starboard_aft"]
    assert port > 0 and starboard > 0 and port + starboard == 14  # 4 of 18 kept back for Melee
    more = "port" if t["port"] > t["starboard"] else "starboard"
    assert (port >= starboard) if more == "port" else (starboard >= port)  # the more threatened side first


def test_5_0_no_gunners_on_the_battery_that_bears_is_flagged() -> None:
    game = duel(a=(20, 12, 1), b=(12, 12, 3))
    drive(game, until=at("assign_crew"))
    view = game.view("us")
    request = game.pending_for("us")
    assert request is not None
    lim = request.info["limits"]["constitution"]
    wrong = crew_plan.bearing_assignment(view, "constitution", lim)
    wrong["gunnery"] = {"port_bow": 0, "port_aft": 0, "starboard_bow": 7, "starboard_aft": 7}
    found = crew_plan.unmanned_battery(view, "constitution", wrong)
    assert found is not None and found[0] == "port" and found[1]["id"] == "java"
    warnings = crew_plan.no_gunner_warnings(view, {"constitution": wrong}, {"constitution": "Constitution"})
    assert warnings and "no gunners on the port battery" in warnings[0]
    far = duel(a=(2, 12, 1), b=(40, 12, 3))  # out of broadside range (11.1): nothing to warn about
    drive(far, until=at("assign_crew"))
    assert crew_plan.unmanned_battery(far.view("us"), "constitution", wrong) is None


def test_5_0_crew_order_bears_answers_unless_a_battery_would_go_unmanned() -> None:
    game = duel(a=(20, 12, 1), b=(12, 12, 3))
    drive(game, until=at("assign_crew"))
    request = game.pending_for("us")
    assert request is not None
    view = game.view("us")
    assert decide(view, request, StandingOrders(crew="ask")) is None
    passed = decide(view, request, StandingOrders(crew="bears"))
    assert passed is not None and passed.answer["constitution"]["gunnery"]["port_bow"] == 7
    assert passed.why.startswith("5.0:")
    assert game.submit("us", passed.answer)


@pytest.mark.parametrize("data, expected", [
    ({}, StandingOrders()),
    ({"hold_cards": "never", "free_turn": "ask", "crew": "bears", "fire": "8", "reload": "round",
      "ask_everything": "true"},
     StandingOrders("never", "ask", "bears", "8", "round", True)),
    ({"hold_cards": "sometimes", "ask_everything": "maybe"}, StandingOrders()),
])
def test_standing_orders_read_from_text(data: dict[str, Any], expected: StandingOrders) -> None:
    orders = StandingOrders.from_mapping(data)
    assert orders == expected
    assert StandingOrders.from_mapping(orders.to_mapping()) == orders


def test_R18_0m_retaking_a_prize_is_a_key_roll_for_hold_cards() -> None:
    """The rolls of a boarding to retake a prize (both sides') decide a fight: the "key" order asks."""
    for purpose in ("boarding to retake", "prize crew's defense"):
        assert decide({}, bonus(purpose, []), StandingOrders(hold_cards="key")) is None


def test_1_7_3_stake_order_offers_cards_only_where_a_die_decides_much() -> None:
    """Issue 28 item 2: the default `stake` order asks on a roll whose stake (ai/judgment.STAKES) reaches
    `hold_stake` and where one die's +1 weighs (one or two dice) or a card in hand is made for the roll."""
    default = StandingOrders()
    assert default.hold_cards == "stake" and default.hold_stake == "fleet"  # 2, or 3 with more than 3 ships a side
    initiative = decide({}, bonus("initiative", ["weather-eye#1"]), default)
    assert initiative is not None and initiative.answer == [] and "stake is 0, below 2" in initiative.why
    assert decide({}, bonus("fire fighting", []), default) is None  # stake 2, two dice
    to_hit = decide({}, bonus("to-hit", []), default)
    assert to_hit is not None and "stake is 1" in to_hit.why
    assert decide({}, bonus("to-hit", []), StandingOrders(hold_stake="1")) is None
    many = replace(bonus("morale check", []), info={**bonus("morale check", []).info, "dice": 4})
    passed = decide({}, many, default)
    assert passed is not None and "one die of 4 decides little" in passed.why
    made_for = replace(many, info={**many.info, "playable": ["steady-helmsman#2"]})
    assert decide({}, made_for, default) is None  # a card in hand made for the roll: asked
    assert decide({}, bonus("strike check", []), StandingOrders(hold_stake="3")) is None
    assert decide({}, bonus("morale check", []), StandingOrders(hold_stake="3")) is not None


def test_1_7_3_a_card_never_asked_about_is_not_offered() -> None:
    request = bonus("strike check", [])  # hand: weather-eye#1, steady-helmsman#2
    assert decide({}, request, StandingOrders(never_cards="weather-eye")) is None  # one card still offered
    passed = decide({}, request, StandingOrders(never_cards="steady-helmsman,weather-eye"))
    assert passed is not None and passed.answer == [] and "never offer steady-helmsman, weather-eye" in passed.why
    orders = StandingOrders.from_mapping({"never_cards": "weather-eye,bad id!,steady-helmsman"})
    assert orders.never_cards == "steady-helmsman,weather-eye"
    assert StandingOrders.from_mapping(orders.to_mapping()) == orders


def test_1_7_3_in_a_fleet_the_default_stake_is_3() -> None:
    """Issue 28 item 2: in fleets a side-wide order — a side of more than 3 ships is offered Hold cards only on
    strike checks by default (a fleet rolls many morale checks)."""
    fleet = {"ships": {f"s{i}": {"side": "us"} for i in range(4)}}
    duel_view = {"ships": {"s0": {"side": "us"}, "e0": {"side": "gb"}}}
    morale, strike = bonus("morale check", []), bonus("strike check", [])
    assert decide(duel_view, morale, StandingOrders()) is None
    passed = decide(fleet, morale, StandingOrders())
    assert passed is not None and "stake is 2, below 3" in passed.why
    assert decide(fleet, strike, StandingOrders()) is None
    assert decide(fleet, morale, StandingOrders(hold_stake="2")) is None
