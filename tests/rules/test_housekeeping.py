"""17.0 Housekeeping, step by step and in order: fire fighting, damage control, morale for destroyed
sections, strike checks, sail change, disengagement, smoke, card draw."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules import housekeeping as hk
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import FAIR, STRIKE_CHECK, UNFIT

from tests.rules.fighting_kit import dice_left, events_since, mark, mods_of, ready, rolls_since, run, script
from tests.rules.harness import at, drive


def _game(**kw: Any) -> Any:
    game = ready(**kw)
    for ship in game.state.ships.values():
        ship.assign["rigging_dc"] = 0
        ship.assign["rigging_change"] = 0
    return game


def test_17_1_fire_fighting_by_crew_quality() -> None:
    """17.1: Constitution (crack +1) rolls 4 -> 5: fire out; Java (average) rolls 2: one rigging hit, still
    burning; a 3 or 4 changes nothing."""
    game = _game()
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    c.on_fire = j.on_fire = True
    script(game, [4, 2])
    start = mark(game)
    run(game, hk.fire_fighting(game))
    assert not c.on_fire and j.on_fire and j.rigging == 10 and c.rigging == 16
    assert mods_of(rolls_since(game, start)[0]) == {"Crack crew +1": 1}
    script(game, [3])
    c.on_fire, j.on_fire = False, True
    run(game, hk.fire_fighting(game))
    assert j.on_fire and j.rigging == 10 and dice_left(game) == []


def test_17_2_damage_control_one_box_per_track_per_turn() -> None:
    """17.2: Java, 2 points on rigging (8 of 11) rolls [5,6]: one box (9); 1 point on the port bow (3 of 6)
    rolls [5]: one box (4); 2 points on an undamaged section roll nothing."""
    game = _game()
    j = game.state.ships["java"]
    j.rigging = 8
    j.gunnery["port_bow"] = 3
    j.assign["rigging_dc"] = 2
    j.assign["hull_dc"] = {"port_bow": 1, "port_aft": 2, "starboard_bow": 0, "starboard_aft": 0}
    script(game, [5, 6, 5])
    start = mark(game)
    run(game, hk.damage_control(game))
    assert j.rigging == 9 and j.gunnery["port_bow"] == 4 and j.gunnery["port_aft"] == 6
    assert [r["track"] for r in rolls_since(game, start)] == ["rigging", "port_bow"] and dice_left(game) == []


def test_17_2_green_crew_minus_one_fails_on_a_five() -> None:
    """17.2: a Green crew's 5 is a 4: no repair."""
    game = _game()
    j = game.state.ships["java"]
    j.quality = "green"
    j.rigging = 8
    j.assign["rigging_dc"] = 1
    script(game, [5])
    run(game, hk.damage_control(game))
    assert j.rigging == 8


def test_17_3_destroyed_sections_one_die_each_one_step_at_most() -> None:
    """17.3: Java with two destroyed sections rolls two dice [1,1] (Handy +1 -> 2,2): morale falls one step."""
    game = _game()
    j = game.state.ships["java"]
    j.gunnery["port_bow"] = j.gunnery["port_aft"] = 0
    script(game, [1, 1])
    start = mark(game)
    run(game, hk.destroyed_section_morale(game))
    assert j.morale == FAIR and len(rolls_since(game, start)[0]["dice"]) == 2 and dice_left(game) == []


def test_17_4_strike_check_one_die_per_marker_in_a_strike_check_box() -> None:
    """17.4: Java dismasted and in the morale Strike Check box: 2 dice at -2 [6,3] -> [4,1]: she strikes and
    the game ends."""
    game = _game()
    j = game.state.ships["java"]
    j.rigging = 0
    j.morale = STRIKE_CHECK
    script(game, [6, 3])
    start = mark(game)
    run(game, hk.strike_checks(game))
    r = rolls_since(game, start)[0]
    assert r["boxes"] == ["rigging", "morale"] and r["modified"] == [4, 1]
    assert j.struck and game.state.ended and "struck" in game.state.end_reason


def test_17_4_strike_check_passed() -> None:
    """17.4: Java's crew marker in the Strike Check box, Unfit (-1): [3] -> 2: no strike."""
    game = _game()
    j = game.state.ships["java"]
    j.crew = 0
    j.morale = UNFIT
    script(game, [3])
    run(game, hk.strike_checks(game))
    assert not j.struck and not game.state.ended


def test_17_4_both_ships_strike_in_the_same_step_is_ignored() -> None:
    """17.4: both ships dismasted and Unfit roll [1] and [2] (-> 0 and 1): both strike in the same step, so both
    results are ignored and the game goes on."""
    game = _game()
    start = strike_in_one_step(game, list(game.state.ships), [1, 2])
    assert not any(s.struck for s in game.state.ships.values()) and not game.state.ended
    assert events_since(game, start, "both_strike")


def strike_in_one_step(game: Game, ships: list[str], dice: list[int]) -> int:
    """17.4: `ships` dismasted and Unfit roll their strike checks in one step on `dice`; returns the event mark
    from before the step."""
    for sid in ships:
        game.state.ships[sid].rigging = 0
        game.state.ships[sid].morale = UNFIT
    script(game, dice)
    start = mark(game)
    run(game, hk.strike_checks(game))
    return start


def test_17_5_sail_change_any_die_three_or_more() -> None:
    """17.5: 2 points on Rigging Change, Java rolls [1,3]: she may change; she chooses Fighting Sail. Then
    [2,2] (average): no change offered."""
    game = _game()
    j = game.state.ships["java"]
    j.assign["rigging_change"] = 2
    log: list = []
    script(game, [1, 3])
    run(game, hk.sail_change(game), log=log, sail_change=True)
    assert j.sail == "fighting" and [(r.kind, r.info["to"]) for r in log] == [("sail_change", "fighting")]
    log = []
    script(game, [2, 2])
    run(game, hk.sail_change(game), log=log)
    assert j.sail == "fighting" and log == [] and dice_left(game) == []


def test_17_5_f_box_forces_fighting_sail_without_crew() -> None:
    """17.5/3.8: rigging in an 'F' box (Java: boxes 1-4) at Medium Sail: forced to Fighting Sail, no roll; at
    Fighting Sail with crew on Rigging Change: no roll, may not set Medium."""
    game = _game()
    j = game.state.ships["java"]
    j.rigging = 4
    script(game, [])
    run(game, hk.sail_change(game))
    assert j.sail == "fighting"
    j.assign["rigging_change"] = 2
    run(game, hk.sail_change(game))
    assert j.sail == "fighting"


def test_17_5_disengage_ip_first_modifiers_and_halved_next_turn() -> None:
    """17.5: grappled; Constitution (IP) tries: crack +1, enemy average 0, Handy +1: [1] -> 3 succeeds: the
    marker flips to Disengaged, both ships are halved next turn; the marker goes at the next Housekeeping."""
    game = _game()
    game.state.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    log: list = []
    script(game, [1])
    start = mark(game)
    run(game, hk.disengagement(game), log=log, disengage=True)
    assert [(r.kind, r.side) for r in log] == [("disengage", "us")]
    assert mods_of(rolls_since(game, start)[0]) == {"Crack crew +1": 1, "Crew Morale Handy +1": 1}
    assert game.state.grapples[0]["state"] == "disengaged"
    assert game.state.halve_next_turn == ["constitution", "java"]
    game.state.turn = 2
    run(game, hk.disengagement(game))
    assert game.state.grapples == []


def test_17_5_failed_disengage_lets_the_nip_try_with_enemy_quality() -> None:
    """17.5: Constitution [1]... Unfit: 1+1-1 = 1 fails; Java tries: average, enemy crack -1, Handy +1: [2] -> 2
    fails; still grappled."""
    game = _game()
    game.state.ships["constitution"].morale = UNFIT
    game.state.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    log: list = []
    script(game, [1, 2])
    start = mark(game)
    run(game, hk.disengagement(game), log=log, disengage=True)
    assert [r.side for r in log] == ["us", "gb"]
    assert mods_of(rolls_since(game, start)[1]) == {"enemy crew quality -1": -1, "Crew Morale Handy +1": 1}
    assert game.state.grapples[0]["state"] == "grappled" and game.state.halve_next_turn == []


def test_17_6_smoke_thins_then_drifts_with_the_wind() -> None:
    """17.6: Smoke 1 removed, Smoke 2 becomes Smoke 1, then moves one square downwind (wind toward E); smoke
    drifting off the map is gone."""
    game = _game(wind=3)
    game.state.smoke = {(10, 12): (2, 1, 2), (5, 5): (1,), (31, 3): (2,)}
    hk.update_smoke(game)
    assert game.state.smoke == {(11, 12): (1, 1)}


def test_17_6_smoke_drifting_off_the_map_is_removed_for_good() -> None:
    """17.6 (ruling R17.6): wind toward E; a Smoke 2 on the east edge (31,3) becomes Smoke 1 and drifts off
    the map: it is removed (the event says so); a later map-edge shift (9.3) does not bring it back."""
    from cs_desktop.rules.maneuver import apply_shift

    game = _game(wind=3)
    game.state.smoke = {(31, 3): (2,), (30, 3): (2,)}
    start = mark(game)
    hk.update_smoke(game)
    assert game.state.smoke == {(31, 3): (1,)}
    (event,) = events_since(game, start, "smoke")
    assert event["rule"] == "17.6" and event["gone"] == 1 and "off the map" in event["text"]
    apply_shift(game.state, (-5, 0))
    assert game.state.smoke == {(26, 3): (1,)}


def test_17_0_housekeeping_runs_its_steps_in_order_then_the_ip_draws() -> None:
    """17.0: fire fighting, damage control, destroyed-section morale, strike check, sail change, disengage,
    smoke, card draw (17.7: the Initiative Player), then turn 2 begins."""
    game = _game(options={"bridge_cards": True}, initiative="gb")
    s = game.state
    c, j = s.ships["constitution"], s.ships["java"]
    j.on_fire = True
    j.rigging = 8
    j.assign["rigging_dc"] = 1
    j.gunnery["port_bow"] = 0
    c.crew = 0
    c.assign = {"sailing": 0, "rigging_change": 0, "rigging_dc": 0,
                "hull_dc": {k: 0 for k in c.gunnery}, "gunnery": {k: 0 for k in c.gunnery}}
    j.assign["rigging_change"] = 1
    s.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    s.smoke = {(3, 3): (2,)}
    s.deck = ["gun-captains#1", "lucky-roll#1"]
    hand_gb = list(s.sides["gb"].hand)
    script(game, [6, 6, 6, 6, 6, 6])
    start = mark(game)
    log: list = []
    run(game, hk.segment_housekeeping(game), log=log, disengage=False, sail_change=False)
    rules = [e["rule"] for e in game.events[start:] if e["type"] == "roll"]
    assert rules == ["17.1", "17.2", "17.3", "17.4", "17.5"]
    assert [r.kind for r in log] == ["sail_change", "disengage", "disengage"]
    kinds = [e["type"] for e in game.events[start:]]
    assert kinds.index("smoke") < kinds.index("hand") < kinds.index("turn")
    assert s.sides["gb"].hand == hand_gb + ["lucky-roll#1"] and s.deck == ["gun-captains#1"]
    assert s.turn == 2 and s.segment == "crew" and s.smoke == {(3, 4): (1,)} and dice_left(game) == [6]


def test_17_7_full_turn_reaches_housekeeping_and_the_next_turn() -> None:
    """17.0: a whole engine turn (both ships far apart) ends in Housekeeping and turn 2 asks for crew."""
    game = ready((4, 4, 3), (28, 20, 7))
    drive(game, until=lambda g: g.state.turn == 2)
    drive(game, until=at("assign_crew"))
    assert game.state.segment == "crew" and game.state.turn == 2
