"""11.0-11.9 Firing: announcements, simultaneous fire, arcs, range, dice, to-hit, defense, damage effects,
adjustments, applying hits, morale, fire, smoke, next load, rakes and chasers.

Ships are placed exactly (tests/rules/fighting_kit.py) and every die is scripted, so each test names the
dice the engine must roll, in order, and fails if it rolls one more or one fewer."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules import fire_damage, fire_options, firing
from cs_desktop.rules.fire_stages import fire_stages
from cs_desktop.rules.state import FAIR, HANDY, STRIKE_CHECK, UNFIT

from tests.rules.fighting_kit import (dice_left, events_since, man, mark, mods_of, ready, rolls_since, run, script,
                                      unload)

# Constitution (us, crack, firm hull) at (10, 12) heading N; Java (gb, average hull) 4 squares east = 8 MP, in
# Constitution's starboard arc; Constitution is on Java's port side.
A, B = (10, 12, 1), (14, 12, 1)


def shoot(game: Any, side: str, ship: str, sections: dict[str, str] | None = None, target: str | None = None,
          chaser: str | None = None, log: list | None = None, **answers: Any) -> Any:
    """Run one fire step in which `ship` (of `side`) fires; every other ship holds fire."""
    target = target or next(s for s in game.state.ships if s != ship)
    choice = {"target": target, "sections": sections or {}, "chaser": chaser}

    def fire(r: Any) -> dict[str, Any]:
        return {s: (choice if s == ship else firing.HOLD) for s in r.ships}

    return run(game, fire_stages(game), log=log, fire=fire, **answers)


def fired_game(**kw: Any) -> Any:
    game = ready(A, B, **kw)
    unload(game, "java")
    return game


# ---------------------------------------------------------------- 11.1, 11.2, 11.4.4 geometry and dice
def test_11_1_broadside_arc_offers_only_the_sections_facing_the_target() -> None:
    """11.1: Java abeam to starboard -> Constitution may fire only starboard sections (8 combinations + hold)."""
    game = fired_game()
    man(game, "constitution", starboard_bow=7, starboard_aft=7, port_bow=7)
    c = game.state.ships["constitution"]
    options = fire_options.firing_options(game.state, c)
    assert options[0] == firing.HOLD and len(options) == 9
    assert all(set(o["sections"]) <= {"starboard_bow", "starboard_aft"} and o["chaser"] is None
               for o in options[1:])


def test_11_2_long_guns_reach_24_mp_and_no_further() -> None:
    """11.1/11.2: a target 12 squares abeam (24 MP) can be fired at; 13 squares (26 MP) cannot."""
    game = fired_game()
    state = game.state
    c, j = state.ships["constitution"], state.ships["java"]
    j.x = 22
    line = firing.line_of_fire(state, c, j)
    assert line is not None and line.mp == 24 and line.side == "starboard"
    j.x = 23
    assert firing.line_of_fire(state, c, j) is None
    assert fire_options.firing_options(state, c) == (firing.HOLD,)


def test_11_2_a_ship_with_only_carronades_manned_fires_to_6_mp_and_no_further() -> None:
    """11.2/11.4.4: Curlew's first gun box of each section is a single carronade; manned on that box only and with
    no chaser loaded, she is offered her starboard sections at Java 6 MP abeam and nothing at 7 MP (the fire
    options look no further than her dice reach)."""
    game = fired_game(ships=("curlew", "java"))
    state = game.state
    man(game, "curlew", starboard_bow=1, starboard_aft=1)
    c, j = state.ships["curlew"], state.ships["java"]
    c.chasers = {"bow": False, "stern": False}  # chasers are long guns (11.9)
    assert all(firing.section_dice(c, s, 6) == (0, 1) for s in ("starboard_bow", "starboard_aft"))
    j.x, j.y = 13, 12
    line = firing.line_of_fire(state, c, j)
    assert line is not None and line.mp == 6 and line.side == "starboard"
    options = fire_options.firing_options(state, c)
    assert len(options) == 9 and {s for o in options[1:] for s in o["sections"]} == {"starboard_bow", "starboard_aft"}
    j.x, j.y = 13, 13
    line = firing.line_of_fire(state, c, j)
    assert line is not None and line.mp == 7 and line.side == "starboard"
    assert fire_options.firing_options(state, c) == (firing.HOLD,)


def test_11_2_carronades_reach_6_mp_and_double_at_3() -> None:
    """11.2/11.4.4: Constitution's starboard bow box 7 is 6 long + 3 carronades: 7 MP (6,0), 6 and 4 MP (6,3),
    3 MP (6,6)."""
    game = fired_game()
    c = game.state.ships["constitution"]
    man(game, "constitution", starboard_bow=7)
    assert [firing.section_dice(c, "starboard_bow", mp) for mp in (7, 6, 4, 3, 0)] == \
        [(6, 0), (6, 3), (6, 3), (6, 6), (6, 6)]


def test_11_4_4_dice_come_from_the_highest_box_both_undamaged_and_manned() -> None:
    """11.4.4: 7 boxes, 4 crew -> box 4 (3 long, 2 carr.); 3 undamaged boxes, 7 crew -> box 3 (3, 1)."""
    game = fired_game()
    c = game.state.ships["constitution"]
    man(game, "constitution", starboard_bow=4)
    assert firing.section_dice(c, "starboard_bow", 2) == (3, 4)
    c.assign["gunnery"]["starboard_bow"] = 7
    c.gunnery["starboard_bow"] = 3
    assert firing.section_dice(c, "starboard_bow", 5) == (3, 1)
    c.assign["gunnery"]["starboard_bow"] = 0
    assert firing.section_dice(c, "starboard_bow", 5) == (0, 0)
    assert not firing.can_fire_section(c, "starboard_bow", 5)


def test_11_4_1_an_unloaded_section_cannot_fire() -> None:
    """11.4.1: starboard bow loaded, starboard aft empty -> only starboard-bow options."""
    game = fired_game()
    man(game, "constitution", starboard_bow=7, starboard_aft=7)
    c = game.state.ships["constitution"]
    c.loads["starboard_aft"] = None
    options = fire_options.firing_options(game.state, c)
    assert len(options) == 3 and all(set(o["sections"]) == {"starboard_bow"} for o in options[1:])


# ---------------------------------------------------------------- a complete attack
def test_11_4_combined_low_attack_end_to_end() -> None:
    """11.3-11.7: both starboard sections, round, Low, 3 dice (2+1 long at 8 MP), Handy +1: [4,4,1] -> 2 hits;
    4 defense dice [1,2,3,5] cancel 1; effects [2,3,6] -2 (Handy Low) = 9 -> 1 hull hit; Java's port sections
    tie 6/6 so Java chooses (port aft); odd die 6+1 -> no morale check; 2 smoke markers; loads emptied and
    reload markers at impulse 0+6 (crack)."""
    game = fired_game()
    man(game, "constitution", starboard_bow=2, starboard_aft=2)
    script(game, [4, 4, 1, 1, 2, 3, 5, 2, 3, 6])
    start = mark(game)
    log: list = []
    shoot(game, "us", "constitution", {"starboard_bow": "low", "starboard_aft": "low"}, log=log,
          hull_first="port_aft", select_load=lambda r: {k: "chain" for k in r.ships})
    assert dice_left(game) == []
    to_hit, defense, effects = rolls_since(game, start)
    assert to_hit["purpose"] == "to-hit" and to_hit["dice"] == [4, 4, 1] and to_hit["modified"] == [5, 5, 2]
    assert mods_of(to_hit) == {"Crew Morale Handy +1": 1}
    assert defense["purpose"] == "defense" and defense["side"] == "gb" and len(defense["dice"]) == 4
    assert defense["modifiers"] == []
    assert events_since(game, start, "cancels")[0]["cancels"] == 1
    assert events_since(game, start, "hits")[0]["hits"] == 1
    assert effects["dice"] == [2, 3, 6] and mods_of(effects) == {"aiming low -2": -2}
    e = events_since(game, start, "damage_effects")[0]
    assert e["total"] == 9 and (e["hull"], e["rigging"], e["crew"]) == (1, 0, 0)
    j = game.state.ships["java"]
    assert (j.gunnery["port_bow"], j.gunnery["port_aft"]) == (6, 5)
    assert [(r.kind, r.side, r.options) for r in log if r.kind == "hull_first"] == \
        [("hull_first", "gb", ("port_bow", "port_aft"))]
    assert j.morale == HANDY and j.rigging == 11 and j.crew == 16 and not j.on_fire
    c = game.state.ships["constitution"]
    assert c.loads["starboard_bow"] is None and c.loads["starboard_aft"] is None and c.loads["port_bow"] == "round"
    assert game.state.smoke == {(10, 12): (2, 2)}
    assert sorted(game.state.reload_track) == [(6, "constitution", "starboard_aft", "chain", False),
                                               (6, "constitution", "starboard_bow", "chain", False)]


def test_11_4_8_high_aim_morale_check_and_fire_check() -> None:
    """11.4.5-11.5: 5 dice all 6 -> 5 hits; defense [1,1,1,1] cancels none; effects [3,3,2] +2 (Handy High)
    = 10 -> hull 2 / rigging 2 / crew 1; odd die 2 +1 (Java Handy) = 3 with 5 hits -> 1 morale die: 1+1 = 2
    fails (Java Fair); footer of 5 hits -> 1 fire die: 1 -> On Fire."""
    game = fired_game()
    man(game, "constitution", starboard_bow=4, starboard_aft=2)  # (3, 2) + (1, 1): 4 long at 8 MP
    c = game.state.ships["constitution"]
    c.assign["gunnery"]["starboard_aft"] = 3  # (2, 1): 3 + 2 = 5 long
    script(game, [6, 6, 6, 6, 6, 1, 1, 1, 1, 3, 3, 2, 1, 1])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "high"})
    assert dice_left(game) == []
    j = game.state.ships["java"]
    assert (j.gunnery["port_bow"], j.gunnery["port_aft"]) == (5, 5)
    assert j.rigging == 9 and j.crew == 15
    assert j.morale == FAIR and j.on_fire
    morale = rolls_since(game, start, "morale check")[0]
    assert morale["rule"] == "11.4.11" and morale["dice"] == [1] and morale["modified"] == [2]
    fire = rolls_since(game, start, "fire check")[0]
    assert fire["rule"] == "11.5" and fire["dice"] == [1]
    assert mods_of(rolls_since(game, start, "damage effects")[0]) == {"aiming high +2": 2}


def test_11_4_11_odd_die_is_the_third_die_modified_by_defender_morale() -> None:
    """11.4.11: effects [6,6,1] (Low, Handy -2 = 11): odd die 1; Java Unfit -> 0; 1 hit at die 0 -> 1 morale
    die (Unfit -1): 4 -> 3 holds. Header of 1 hit -> no fire check."""
    game = fired_game()
    man(game, "constitution", starboard_bow=1)  # 1 long gun
    game.state.ships["java"].morale = UNFIT
    script(game, [6, 1, 1, 1, 1, 6, 6, 1, 4])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"})
    assert dice_left(game) == []
    j = game.state.ships["java"]
    assert j.rigging == 10 and j.morale == UNFIT  # 11 -> rigging hit
    morale = rolls_since(game, start, "morale check")[0]
    assert morale["dice"] == [4] and morale["modified"] == [3]


def test_11_4_11_odd_die_at_strike_check_morale_is_worse_than_unfit() -> None:
    """11.4.11 with ruling R3.4: a defender whose morale marker is in the Strike Check box modifies the odd
    die by -2 (worse than Unfit), not 0. Effects [6,6,3] (Low, Handy -2 = 13, 1 hit): odd die 3 - 2 = 1 with
    1 hit -> 1 morale die (at 3 it would be none); the die 6 - 2 = 4 holds."""
    game = fired_game()
    man(game, "constitution", starboard_bow=1)  # 1 long gun
    game.state.ships["java"].morale = STRIKE_CHECK
    script(game, [6, 1, 1, 1, 1, 6, 6, 3, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"})
    assert dice_left(game) == []
    morale = rolls_since(game, start, "morale check")[0]
    assert morale["dice"] == [6] and morale["modified"] == [4]


# ---------------------------------------------------------------- 11.0 announcing and simultaneity
def test_11_0_nip_announces_first_and_fire_is_simultaneous() -> None:
    """11.0: the Non-Initiative Player (gb) is asked first; the IP sees his announcement; both attacks are
    rolled before any hit is applied, and the smoke of one attack adds no defense die to the other."""
    game = ready(A, B)
    man(game, "constitution", starboard_bow=1)
    man(game, "java", port_bow=1)
    log: list = []
    # each: to-hit [6], 4 defense dice [2,2,2,2], effects [6,6,6] -2 = 16 -> 1 rigging hit
    script(game, [6, 2, 2, 2, 2, 6, 6, 6, 6, 2, 2, 2, 2, 6, 6, 6])
    start = mark(game)
    j_choice = {"target": "constitution", "sections": {"port_bow": "low"}, "chaser": None}
    c_choice = {"target": "java", "sections": {"starboard_bow": "low"}, "chaser": None}
    run(game, fire_stages(game), log=log,
        fire=({"java": j_choice}, {"constitution": c_choice}))
    fires = [r for r in log if r.kind == "fire"]
    assert [r.side for r in fires] == ["gb", "us"]
    assert fires[0].info["announced"] == {} and fires[1].info["announced"] == {"gb": {"java": j_choice}}
    kinds = [(e["type"], e.get("purpose")) for e in game.events[start:] if e["type"] in ("roll", "hit")]
    first_hit = next(i for i, k in enumerate(kinds) if k[0] == "hit")
    assert all(k[0] == "roll" for k in kinds[:first_hit])
    defense = rolls_since(game, start, "defense")
    # Java's fresh smoke (at her own square) must not count against Constitution's simultaneous attack.
    assert [len(d["dice"]) for d in defense] == [4, 4]


# ---------------------------------------------------------------- 11.3 / 11.4.2 split attacks
def test_11_4_2_split_defense_odd_die_to_the_bigger_attack() -> None:
    """11.4.2 (ruling R11.4.2): 5 defense dice split 3/2, the odd die to the attack with more dice."""
    assert firing._split_defense(5, [2, 1]) == [3, 2]
    assert firing._split_defense(5, [1, 2]) == [2, 3]
    assert firing._split_defense(5, [2, 2]) == [3, 2]
    assert firing._split_defense(4, [1, 3]) == [2, 2]
    assert firing._split_defense(3, [4]) == [3]


def test_11_3_different_aims_are_two_attacks_sharing_the_defense() -> None:
    """11.3: bow High (2 dice) and aft Low (1 die) at 9 MP (5 defense dice) -> two to-hit rolls [2], [1] dice;
    defense rolls of 3 and 2 dice."""
    game = ready(A, (14, 13, 1))
    unload(game, "java")
    man(game, "constitution", starboard_bow=2, starboard_aft=2)
    script(game, [6, 6, 1, 1, 1, 6, 6, 6, 6, 1, 1, 6, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "low"})
    assert dice_left(game) == []
    assert [len(r["dice"]) for r in rolls_since(game, start, "to-hit")] == [2, 1]
    assert [len(r["dice"]) for r in rolls_since(game, start, "defense")] == [3, 2]


def test_11_3_same_aim_different_loads_are_two_attacks() -> None:
    """11.3: same aim but Round and Chain -> two attacks; the chain attack's to-hit has Chain Shot +1."""
    game = fired_game()
    man(game, "constitution", starboard_bow=1, starboard_aft=1)
    game.state.ships["constitution"].loads["starboard_aft"] = "chain"
    script(game, [1, 1])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "high"})
    rolls = rolls_since(game, start, "to-hit")
    assert [r["sections"] for r in rolls] == [["starboard_bow"], ["starboard_aft"]]
    assert mods_of(rolls[1]) == {"Crew Morale Handy +1": 1, "Chain Shot +1": 1}


# ---------------------------------------------------------------- 11.4.5 to-hit modifiers
def test_11_4_5_unfit_and_double_shot_modifiers() -> None:
    """11.4.5: Unfit -1 and Double Shot +1 are both listed; [4] -> 4, a miss; the double-shot section rolls
    its burst die [3] (no burst)."""
    game = fired_game()
    man(game, "constitution", starboard_bow=1)
    c = game.state.ships["constitution"]
    c.morale = UNFIT
    c.loads["starboard_bow"] = "double"
    script(game, [4, 3])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high"})
    assert dice_left(game) == []
    r = rolls_since(game, start, "to-hit")[0]
    assert mods_of(r) == {"Crew Morale Unfit -1": -1, "Double Shot +1": 1} and r["modified"] == [4]
    assert c.gunnery["starboard_bow"] == 7


def test_11_4_5_fair_morale_gives_no_modifier() -> None:
    """11.4.5: Fair crew, round shot: no modifier; [5] is a hit on its own."""
    game = fired_game()
    man(game, "constitution", starboard_bow=1)
    game.state.ships["constitution"].morale = FAIR
    script(game, [5, 6, 6, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high"})
    r = rolls_since(game, start, "to-hit")[0]
    assert r["modifiers"] == [] and r["modified"] == [5]
    assert events_since(game, start, "hits")[0]["hits"] == 0  # 4 defense 6s cancel it


# ---------------------------------------------------------------- 11.4.6 / 11.4.7 defense
def test_11_4_6_defense_dice_range_smoke_and_fire() -> None:
    """11.4.6: 8 MP -> 4; smoke 2 (firer square) + 1 (target square) + 2+1 (on the line) = 6; a marker off the
    line does not count; both ships On Fire +2 -> 12. 7 MP rounds up to 4."""
    game = fired_game()
    state = game.state
    c, j = state.ships["constitution"], state.ships["java"]
    assert firing.defense_dice(state, c, j, 8)[0] == 4
    assert firing.defense_dice(state, c, j, 7)[0] == 4
    state.smoke = {(10, 12): (2,), (14, 12): (1,), (12, 12): (2, 1), (12, 13): (2,), (9, 12): (2,)}
    assert firing.defense_dice(state, c, j, 8)[0] == 10
    c.on_fire = j.on_fire = True
    dice, why = firing.defense_dice(state, c, j, 8)
    assert dice == 12 and "On Fire 2" in why


def test_11_4_7_firm_hull_rerolls_natural_ones() -> None:
    """11.4.7: Java fires 1 die at Constitution (firm): hit; defense [1,1,5,2] -> the two 1s re-rolled [5,6]
    -> 3 cancellations, 0 hits; no damage effects roll."""
    game = ready(A, B)
    unload(game, "constitution")
    man(game, "java", port_bow=1)
    script(game, [6, 1, 1, 5, 2, 5, 6])
    start = mark(game)
    shoot(game, "gb", "java", {"port_bow": "low"})
    assert dice_left(game) == []
    reroll = events_since(game, start, "reroll")[0]
    assert reroll["dice"] == [5, 6, 5, 2]
    assert events_since(game, start, "cancels")[0]["cancels"] == 3
    assert events_since(game, start, "hits")[0]["hits"] == 0
    assert rolls_since(game, start, "damage effects") == []


def test_11_4_7_fragile_hull_rerolls_half_the_sixes_rounded_up() -> None:
    """11.4.7: fragile Java rolls [6,6,6,2]: two of the three 6s re-rolled [1,2] -> [1,2,6,2] -> 1 cancel."""
    from tests.rules.harness import ship_card

    game = ready(A, B, cards={"java": ship_card("java", hull_strength="fragile")})
    unload(game, "java")
    man(game, "constitution", starboard_bow=1)
    script(game, [6, 6, 6, 6, 2, 1, 2])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"})
    assert dice_left(game) == []
    assert events_since(game, start, "reroll")[0]["dice"] == [1, 2, 6, 2]
    assert events_since(game, start, "cancels")[0]["cancels"] == 1


def test_11_4_7_defense_plus_one_at_12_mp() -> None:
    """11.4.7: Java 6 squares away (12 MP): 6 defense dice, each +1: [4,4,3,3,3,3] -> 2 cancels."""
    game = ready(A, (16, 12, 1))
    unload(game, "java")
    man(game, "constitution", starboard_bow=2)
    script(game, [6, 6, 4, 4, 3, 3, 3, 3])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"})
    d = rolls_since(game, start, "defense")[0]
    assert mods_of(d) == {"attacker 12 MP or more away +1": 1} and d["modified"] == [5, 5, 4, 4, 4, 4]
    assert events_since(game, start, "cancels")[0]["cancels"] == 2 and dice_left(game) == []


# ---------------------------------------------------------------- 11.4.8 damage-effects modifiers
def _effects_mods(wind: int, heading: int, target: tuple[int, int, int], section: str, aim: str,
                  morale: int = HANDY) -> dict[str, int]:
    game = ready((10, 12, heading), target, wind=wind)
    unload(game, "java")
    man(game, "constitution", **{section: 1})
    game.state.ships["constitution"].morale = morale
    script(game, [6, 1, 1, 1, 1, 6, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {section: aim})
    return mods_of(rolls_since(game, start, "damage effects")[0])


def test_11_4_8_leeward_minus_one_windward_plus_one() -> None:
    """11.4.8: heading N with the wind from the west (position D): the starboard broadside fires with the wind
    (leeward, -1); the port broadside fires into the wind (windward, +1)."""
    assert _effects_mods(3, 1, (14, 12, 1), "starboard_bow", "high") == {
        "firing with the wind (leeward) -1": -1, "aiming high +2": 2}
    assert _effects_mods(3, 1, (6, 12, 1), "port_bow", "high") == {
        "firing into the wind (windward) +1": 1, "aiming high +2": 2}


def test_11_4_8_positions_c_and_h_have_no_wind_modifier() -> None:
    """11.4.8 note: wind from astern (C) or dead ahead (H): no wind modifier."""
    assert _effects_mods(1, 1, (14, 12, 1), "starboard_bow", "high") == {"aiming high +2": 2}
    assert _effects_mods(5, 1, (14, 12, 1), "starboard_bow", "low") == {"aiming low -2": -2}


def test_11_4_8_aim_modifier_by_morale() -> None:
    """11.4.8: Fair (the text's 'Fit') +1 High / -1 Low; Unfit nothing."""
    assert _effects_mods(5, 1, (14, 12, 1), "starboard_bow", "high", FAIR) == {"aiming high +1": 1}
    assert _effects_mods(5, 1, (14, 12, 1), "starboard_bow", "low", FAIR) == {"aiming low -1": -1}
    assert _effects_mods(5, 1, (14, 12, 1), "starboard_bow", "high", UNFIT) == {}


# ---------------------------------------------------------------- 11.4.9 adjustments
def _five_hits(game: Any, section_loads: str, effects: list[int], extra: list[int], aim: str) -> int:
    man(game, "constitution", starboard_bow=4, starboard_aft=3)
    c = game.state.ships["constitution"]
    c.loads["starboard_bow"] = c.loads["starboard_aft"] = section_loads
    script(game, [6, 6, 6, 6, 6, 1, 1, 1, 1] + effects + extra)
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": aim, "starboard_aft": aim})
    assert dice_left(game) == []
    return start


def test_11_4_9_fighting_sail_halves_rigging_hits_rounding_up() -> None:
    """11.4.9: 5 hits High at 18 -> hull 0 / rigging 4 / crew 1; Java at Fighting Sail: rigging 2. Morale die
    6+1 = 7 -> none; header of 5 hits -> 1 fire die [6]."""
    game = fired_game()
    game.state.ships["java"].sail = "fighting"
    start = _five_hits(game, "round", [6, 6, 4], [6], "high")
    e = events_since(game, start, "damage_effects")[0]
    assert (e["hull"], e["rigging"], e["crew"]) == (0, 2, 1)
    assert game.state.ships["java"].rigging == 9


def test_11_4_9_fighting_sail_half_of_three_is_two() -> None:
    """11.4.9 / 1.9: 3 rigging hits at Fighting Sail -> 2 (rounded up): 3 hits High at 18 -> 0/3/0."""
    game = fired_game()
    game.state.ships["java"].sail = "fighting"
    man(game, "constitution", starboard_bow=2)  # (2, 1): 2 long
    c = game.state.ships["constitution"]
    c.assign["gunnery"]["starboard_aft"] = 2  # (1, 1): 1 long
    script(game, [6, 6, 6, 1, 1, 1, 1, 6, 6, 4])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "high"})
    e = events_since(game, start, "damage_effects")[0]
    assert (e["hull"], e["rigging"], e["crew"]) == (0, 2, 0) and dice_left(game) == []


def test_11_4_9_chain_high_adds_a_rigging_hit_and_no_hull() -> None:
    """11.4.9: Chain High (to-hit +2), 5 hits at 10 -> 2/2/1 becomes 0/3/1 (morale die 6+1, fire die [6])."""
    game = fired_game()
    start = _five_hits(game, "chain", [3, 1, 6], [6], "high")
    e = events_since(game, start, "damage_effects")[0]
    assert (e["hull"], e["rigging"], e["crew"]) == (0, 3, 1)
    assert mods_of(rolls_since(game, start, "to-hit")[0]) == {"Crew Morale Handy +1": 1, "Chain Shot +1": 1}


def test_11_4_9_chain_low_ignores_hull_hits() -> None:
    """11.4.9: Chain Low, 5 hits at 10 (dice 12 -2) -> 2/2/1 becomes 0/2/1."""
    game = fired_game()
    start = _five_hits(game, "chain", [5, 1, 6], [6], "low")
    e = events_since(game, start, "damage_effects")[0]
    assert (e["hull"], e["rigging"], e["crew"]) == (0, 2, 1)


def test_11_4_9_double_shot_burst_on_two_or_less_per_section() -> None:
    """11.4.9: both sections Double Shot, all miss; burst dice [2, 3]: the bow section takes a hull hit."""
    game = fired_game()
    man(game, "constitution", starboard_bow=1, starboard_aft=1)
    c = game.state.ships["constitution"]
    c.loads["starboard_bow"] = c.loads["starboard_aft"] = "double"
    c.morale = UNFIT  # -1 +1: [3, 3] miss
    script(game, [3, 3, 2, 3])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low", "starboard_aft": "low"})
    assert dice_left(game) == []
    assert [r["dice"] for r in rolls_since(game, start, "double shot burst")] == [[2], [3]]
    assert c.gunnery["starboard_bow"] == 6 and c.gunnery["starboard_aft"] == 7
    assert len(events_since(game, start, "burst")) == 1


# ---------------------------------------------------------------- 11.8 rakes
def test_11_8_rake_geometry() -> None:
    """11.8: perpendicular and on the target's line of heading: astern = stern rake, ahead = bow rake;
    not perpendicular or off the line = no rake."""
    from cs_desktop.rules import geometry as geo

    assert geo.rake((10, 12), 3, (10, 8), 1) == "stern"
    assert geo.rake((10, 12), 3, (10, 8), 5) == "bow"
    assert geo.rake((10, 12), 2, (10, 8), 1) is None
    assert geo.rake((11, 12), 3, (10, 8), 1) is None


def test_11_8_stern_rake_multiplies_hull_hits_by_one_and_a_half() -> None:
    """11.8/11.4.9: stern rake Low, 3 hits at 3 -> 3 hull x1.5 = 5 (rounded up) into the two aft sections
    (tie: Java picks starboard aft for the first: 3 + 2). Odd die 3+1 -> 0 morale dice; footer -> fire [6]."""
    game = ready((10, 12, 3), (10, 8, 1), wind=3)  # wind from astern of the firer: no wind modifier
    unload(game, "java")
    man(game, "constitution", port_bow=2, port_aft=2)  # (2,1)+(1,1): 3 long at 8 MP
    script(game, [6, 6, 6, 1, 1, 1, 1, 1, 1, 3, 6])
    start = mark(game)
    log: list = []
    shoot(game, "us", "constitution", {"port_bow": "low", "port_aft": "low"}, log=log, hull_first="starboard_aft")
    assert dice_left(game) == []
    e = events_since(game, start, "damage_effects")[0]
    assert (e["hull"], e["rigging"], e["crew"]) == (5, 0, 0)
    j = game.state.ships["java"]
    assert [j.gunnery[s] for s in ("port_bow", "port_aft", "starboard_bow", "starboard_aft")] == [6, 4, 6, 3]
    assert [r.options for r in log if r.kind == "hull_first"] == [("port_aft", "starboard_aft")]
    assert rolls_since(game, start, "to-hit")[0]["rake"] == "stern"


def test_11_8_bow_rake_hits_the_bow_sections_without_multiplier() -> None:
    """11.8: bow rake Low, 3 hits at 3 -> 3 hull hits into the two bow sections (2 + 1)."""
    game = ready((10, 12, 3), (10, 8, 5), wind=3)
    unload(game, "java")
    man(game, "constitution", port_bow=2, port_aft=2)
    script(game, [6, 6, 6, 1, 1, 1, 1, 1, 1, 3, 6])
    shoot(game, "us", "constitution", {"port_bow": "low", "port_aft": "low"}, hull_first="port_bow")
    j = game.state.ships["java"]
    assert [j.gunnery[s] for s in ("port_bow", "port_aft", "starboard_bow", "starboard_aft")] == [4, 6, 5, 6]


def test_11_8_stern_rake_high_aim_also_multiplies_hull_hits() -> None:
    """11.8 (ruling R11.8b): the 1.5x applies to every stern rake's hull hits, High aim too: 5 hits High at 10
    (dice 8 +2) -> 2/2/1 -> hull 3."""
    game = ready((10, 12, 3), (10, 8, 1), wind=3)  # wind from astern of the firer: no wind modifier
    unload(game, "java")
    man(game, "constitution", port_bow=4, port_aft=3)
    script(game, [6, 6, 6, 6, 6, 1, 1, 1, 1, 3, 1, 4, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"port_bow": "high", "port_aft": "high"})
    e = events_since(game, start, "damage_effects")[0]
    assert (e["hull"], e["rigging"], e["crew"]) == (3, 2, 1) and dice_left(game) == []


# ---------------------------------------------------------------- 11.4.10 applying hull hits
def _hull(game: Any, hits: int, pair: tuple[str, str], rake: bool, dice: list[int], **answers: Any) -> list:
    log: list = []
    script(game, dice)
    run(game, fire_damage.apply_hull_hits(game, game.state.ships["java"], hits, pair, rake), log=log, **answers)
    assert dice_left(game) == []
    return log


def _java(game: Any) -> list[int]:
    j = game.state.ships["java"]
    return [j.gunnery[s] for s in ("port_bow", "port_aft", "starboard_bow", "starboard_aft")]


def test_11_4_10_first_hit_to_the_section_with_more_undamaged_boxes() -> None:
    """11.4.10: port bow 4, port aft 6, 3 hits -> aft 2, bow 1; no choice asked."""
    game = ready(A, B)
    game.state.ships["java"].gunnery["port_bow"] = 4
    log = _hull(game, 3, ("port_bow", "port_aft"), False, [])
    assert _java(game) == [3, 4, 6, 6] and log == []


def test_11_4_10_even_hits_on_equal_sections_need_no_choice() -> None:
    """11.4.10: 4 hits on 6/6 -> 2 each, no request."""
    game = ready(A, B)
    log = _hull(game, 4, ("port_bow", "port_aft"), False, [])
    assert _java(game) == [4, 4, 6, 6] and log == []


def test_11_4_10_defender_chooses_on_a_tie_with_odd_hits() -> None:
    """11.4.10: 3 hits on 6/6 -> the defender (gb) chooses port bow for the first: bow 2, aft 1."""
    game = ready(A, B)
    log = _hull(game, 3, ("port_bow", "port_aft"), False, [], hull_first="port_bow")
    assert [(r.kind, r.side) for r in log] == [("hull_first", "gb")]
    assert _java(game) == [4, 5, 6, 6]


def test_11_4_10_hits_pass_through_to_the_opposite_side() -> None:
    """11.4.10: port bow 1, port aft 0, 3 hits: bow takes 1 (destroyed: 3.10.1 morale die [6]) and passes 1 to
    starboard bow; aft passes 1 to starboard aft."""
    game = ready(A, B)
    j = game.state.ships["java"]
    j.gunnery["port_bow"], j.gunnery["port_aft"] = 1, 0
    _hull(game, 3, ("port_bow", "port_aft"), False, [6])
    assert _java(game) == [0, 0, 5, 5]
    assert j.morale == HANDY


def test_11_4_10_hits_the_far_side_cannot_take_are_ignored() -> None:
    """11.4.10: port bow and starboard bow destroyed, port aft 0 and starboard aft 1: 4 hits -> 1 taken, 3
    ignored (the starboard aft is destroyed: morale die [6])."""
    game = ready(A, B)
    j = game.state.ships["java"]
    j.gunnery.update(port_bow=0, port_aft=0, starboard_bow=0, starboard_aft=1)
    start = mark(game)
    _hull(game, 4, ("port_bow", "port_aft"), False, [6], hull_first="port_bow")
    assert _java(game) == [0, 0, 0, 0]
    assert len(events_since(game, start, "ignored")) == 3


def test_11_8_rake_overflow_passes_along_the_same_side() -> None:
    """Ruling R11.8: stern rake, port aft destroyed: its hits go to the port bow, not the starboard aft."""
    game = ready(A, B)
    j = game.state.ships["java"]
    j.gunnery["port_aft"] = 0
    _hull(game, 4, ("port_aft", "starboard_aft"), True, [])
    assert _java(game) == [4, 0, 6, 4]


# ---------------------------------------------------------------- 11.6 / 11.7
def test_11_4_10_a_shot_from_dead_ahead_passes_along_the_ship_like_a_rake() -> None:
    """11.4.10 (ruling R11.4.10): a shot from dead ahead that is not a rake (headings not perpendicular) strikes
    both bow sections; what a bow section cannot take passes through to the aft section on the same side,
    not to the other bow section of the pair. Port bow 0, starboard bow 6, 2 hits: starboard bow 1, port
    aft 1."""
    game = ready(A, B)
    j = game.state.ships["java"]
    j.gunnery["port_bow"] = 0
    _hull(game, 2, ("port_bow", "starboard_bow"), False, [])
    assert _java(game) == [0, 5, 5, 6]


def test_11_6_one_smoke_marker_for_one_or_two_dice_two_for_three_or_more() -> None:
    """11.6: bow 3 dice and aft 1 die fire -> 2 + 1 Smoke-2 markers in the firer's square."""
    game = fired_game()
    man(game, "constitution", starboard_bow=4, starboard_aft=1)
    script(game, [1, 1, 1, 1])
    shoot(game, "us", "constitution", {"starboard_bow": "low", "starboard_aft": "low"})
    assert game.state.smoke == {(10, 12): (2, 2, 2)}


def test_11_7_next_load_is_secret_and_timed_as_round_shot() -> None:
    """11.7: Java (average) fires at impulse 5: the load marker is placed at impulse 14 (5 + 9, into turn 2)
    whatever the load; the enemy view shows the marker but not its type."""
    game = ready(A, B)
    unload(game, "constitution")
    man(game, "java", port_bow=1)
    game.state.impulse = 5
    script(game, [1])
    start = mark(game)
    shoot(game, "gb", "java", {"port_bow": "high"}, select_load=lambda r: {k: "double" for k in r.ships})
    assert game.state.reload_track == [(14, "java", "port_bow", "double", False)]
    marker = events_since(game, start, "load_marker")[0]
    assert "visible_to" not in marker and marker["due"] == 14 and "load" not in marker
    assert events_since(game, start, "load_type")[0]["visible_to"] == "gb"
    assert game.view("us")["reload_track"] == [[14, "java", "port_bow", None, False]]
    assert game.view("gb")["reload_track"] == [[14, "java", "port_bow", "double", False]]


# ---------------------------------------------------------------- 11.9 chasers
def test_11_9_chasers_one_die_per_end_section_six_hits_rigging() -> None:
    """11.9: Java dead ahead 12 MP: only the bow chaser may fire; 2 dice [6,5] -> 1 rigging hit; no defense,
    no smoke, no morale check; the chaser reloads as round shot in 6 impulses (crack)."""
    game = ready(A, (10, 6, 1))
    unload(game, "java")
    c = game.state.ships["constitution"]
    assert fire_options.firing_options(game.state, c) == (
        firing.HOLD, {"target": "java", "sections": {}, "chaser": "bow"})
    script(game, [6, 5])
    start = mark(game)
    shoot(game, "us", "constitution", chaser="bow")
    assert dice_left(game) == []
    (r,) = rolls_since(game, start)
    assert r["purpose"] == "chasers" and r["dice"] == [6, 5] and r["rule"] == "11.9"
    assert game.state.ships["java"].rigging == 10
    assert game.state.smoke == {} and c.chasers == {"bow": False, "stern": True}
    assert game.state.reload_track == [(6, "constitution", "bow", "round", False)]


def test_11_9_chaser_hits_are_not_halved_at_fighting_sail_and_bring_no_morale_check() -> None:
    """11.9 (ruling R11.9b): Java at Fighting Sail, dead ahead; bow chaser dice [6,6] -> 2 rigging hits, not
    halved (11.4.9 adjusts the Damage Effects Table's rigging hits, which chasers never roll); no Morale Check
    of 11.4.11 (its die is the odd die of the Damage Effects roll) and no fire check: no further die is rolled."""
    game = ready(A, (10, 6, 1))
    unload(game, "java")
    j = game.state.ships["java"]
    j.sail = "fighting"
    rigging, morale = j.rigging, j.morale
    script(game, [6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", chaser="bow")
    assert dice_left(game) == [] and [r["purpose"] for r in rolls_since(game, start)] == ["chasers"]
    assert j.rigging == rigging - 2 and j.morale == morale and not j.on_fire


def test_11_9_a_destroyed_end_section_fires_no_chaser_die() -> None:
    """11.9 (1): port bow destroyed -> one chaser die; both bow sections destroyed -> no chaser option."""
    game = ready(A, (10, 6, 1))
    unload(game, "java")
    c = game.state.ships["constitution"]
    c.gunnery["port_bow"] = 0
    assert firing.chaser_dice(c, "bow") == 1
    c.gunnery["starboard_bow"] = 0
    assert fire_options.firing_options(game.state, c) == (firing.HOLD,)


def test_11_9_chasers_cannot_fire_into_a_broadside_arc() -> None:
    """11.9: a target abeam offers no chaser option."""
    game = fired_game()
    c = game.state.ships["constitution"]
    assert all(o["chaser"] is None for o in fire_options.firing_options(game.state, c))
