"""Rule behaviours found unpinned by a mutation run of the engine (issue 9, point 10): each test here kills at
least one hand-made mutant listed in scripts/mutants.json (run by scripts/mutate.py), so a wrong rule of that
kind cannot pass the suite. Sections: 6.0, 10.0/11.7, 11.5, 11.9, 12.0, 15.0, 16.0, 17.1."""

from __future__ import annotations

from typing import Any

import pytest

from cs_desktop.rules import bonus_move, housekeeping as hk, initiative, melee, movement_rates
from cs_desktop.rules.grappling import grapple_modifiers
from cs_desktop.rules.reloading import place_load, reload_step, select_lost_loads
from cs_desktop.rules.state import FAIR

from tests.rules.fighting_kit import dice_left, events_since, man, mark, ready, rolls_since, run, script
from tests.rules.test_firing import fired_game, shoot

GRAPPLED = {"ships": ["constitution", "java"], "state": "grappled", "turn": 1}


def _at(game: Any, turn: int, impulse: int) -> None:
    game.state.turn, game.state.impulse = turn, impulse


# ---------------------------------------------------------------- 10.0 / 11.7 reload track
def test_11_7_marker_placed_in_turn_two_counts_from_the_absolute_impulse() -> None:
    """11.7: Java (Average, 9) fires at impulse 3 of turn 2 (absolute 15): the marker goes to absolute 24
    (turn 2 impulse 12); nothing loads at impulse 4 nor 11, the broadside loads at 12."""
    game = ready()
    j = game.state.ships["java"]
    j.loads["port_bow"] = None
    _at(game, 2, 3)
    assert place_load(game.state, j, "port_bow", "round") == 24
    for impulse in (4, 11):
        _at(game, 2, impulse)
        reload_step(game)
        assert j.loads["port_bow"] is None
    _at(game, 2, 12)
    reload_step(game)
    assert j.loads["port_bow"] == "round" and game.state.reload_track == []


def test_10_0_lost_reload_in_turn_three_is_placed_from_the_absolute_impulse() -> None:
    """10.0/11.7: a marker reached at impulse 2 of turn 3 (absolute 26) with no crew on the guns is lost; the new
    marker goes 6 impulses (Crack) further: absolute 32, not 8."""
    game = ready()
    c = game.state.ships["constitution"]
    man(game, "constitution", port_aft=7)
    c.loads["port_bow"] = None
    game.state.reload_track = [(26, "constitution", "port_bow", "round", False)]
    _at(game, 3, 2)
    lost = reload_step(game)
    assert lost == [("constitution", "port_bow")] and game.state.reload_track == []
    selection = select_lost_loads(game, lost)  # R10.1: the owner selects the new load (11.7)
    (request,) = next(selection)
    with pytest.raises(StopIteration):
        selection.send({request.side: {"constitution:port_bow": "round"}})
    assert game.state.reload_track == [(32, "constitution", "port_bow", "round", False)]


def test_10_0_one_crew_point_on_the_guns_is_enough_to_reload() -> None:
    """10.0: 'crew points have been assigned' — a single point on the port bow loads it at its impulse."""
    game = ready()
    c = game.state.ships["constitution"]
    man(game, "constitution", port_bow=1)
    c.loads["port_bow"] = None
    game.state.reload_track = [(6, "constitution", "port_bow", "round", False)]
    _at(game, 1, 6)
    reload_step(game)
    assert c.loads["port_bow"] == "round" and game.state.reload_track == []


def test_11_9_a_chaser_reload_does_not_hold_up_broadsides_due_the_same_impulse() -> None:
    """11.9 (7) and 10.0: the bow chaser marker and a port-bow round-shot marker both lie in impulse 6: both load
    in impulse 6 (the chaser first in the box does not stop the broadside)."""
    game = ready()
    c = game.state.ships["constitution"]
    c.chasers["bow"] = False
    c.loads["port_bow"] = None
    game.state.reload_track = [(6, "constitution", "bow", "round", False),
                               (6, "constitution", "port_bow", "round", False)]
    _at(game, 1, 6)
    reload_step(game)
    assert c.chasers["bow"] is True and c.loads["port_bow"] == "round" and game.state.reload_track == []


def test_10_0_a_revealed_special_load_does_not_hold_up_others_due_the_same_impulse() -> None:
    """10.0: a chain marker moved on two impulses and a round-shot marker both in impulse 6: the round shot
    loads at 6 all the same."""
    game = ready()
    c = game.state.ships["constitution"]
    c.loads["port_bow"] = c.loads["port_aft"] = None
    game.state.reload_track = [(6, "constitution", "port_bow", "chain", False),
                               (6, "constitution", "port_aft", "round", False)]
    _at(game, 1, 6)
    reload_step(game)
    assert c.loads["port_aft"] == "round" and c.loads["port_bow"] is None
    assert game.state.reload_track == [(8, "constitution", "port_bow", "chain", True)]


# ---------------------------------------------------------------- 11.5 fire check
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_11_5_only_a_one_on_a_fire_die_sets_the_ship_on_fire(die: int) -> None:
    """11.5: the footer of 5 hits calls for one fire die (as in test_11_4_8...): a 1 sets Java On Fire, a 2 or
    more does not."""
    game = fired_game()
    man(game, "constitution", starboard_bow=4, starboard_aft=3)
    script(game, [6, 6, 6, 6, 6, 1, 1, 1, 1, 3, 3, 2, 1, die])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "high"})
    assert dice_left(game) == []
    assert rolls_since(game, start, "fire check")[0]["dice"] == [die]
    assert game.state.ships["java"].on_fire is (die == 1)
    assert bool(events_since(game, start, "fire")) is (die == 1)


@pytest.mark.parametrize("fire_dice, burning", [([2, 1], True), ([1, 6], True), ([2, 3], False)])
def test_11_5_any_one_among_several_fire_dice_sets_the_ship_on_fire(fire_dice: list[int], burning: bool) -> None:
    """11.5: 11 dice at 8 MP, seven 6s; defense [1,1,1,1]: 7 hits; effects [1,1,2] low -> the footer of 7 hits:
    two fire dice; one 1 among them is enough, none is no fire."""
    game = fired_game()
    man(game, "constitution", starboard_bow=7, starboard_aft=7)
    script(game, [6] * 7 + [1] * 4 + [1, 1, 1, 1] + [1, 1, 2] + [4] + fire_dice)
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low", "starboard_aft": "low"})
    assert dice_left(game) == []
    assert rolls_since(game, start, "fire check")[0]["dice"] == fire_dice
    assert game.state.ships["java"].on_fire is burning


# ---------------------------------------------------------------- 17.1 fire fighting
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_17_1_average_crew_puts_the_fire_out_on_five_or_six_only(die: int) -> None:
    """17.1: Java (Average, no modifier): 5-6 the fire is out; 3-4 nothing changes; 1-2 still burning and one
    rigging hit (11 -> 10)."""
    game = ready()
    j = game.state.ships["java"]
    j.assign["rigging_dc"] = j.assign["rigging_change"] = 0
    j.on_fire = True
    script(game, [die])
    run(game, hk.fire_fighting(game))
    assert dice_left(game) == []
    assert j.on_fire is (die <= 4)
    assert j.rigging == (10 if die <= 2 else 11)


def test_17_1_green_crew_needs_a_six_and_a_three_spreads_the_fire() -> None:
    """17.1: a Green crew (-1): 5 -> 4 keeps burning, 6 -> 5 puts it out; 3 -> 2 is a rigging hit."""
    game = ready()
    j = game.state.ships["java"]
    j.quality = "green"
    for die, burning, rigging in ((5, True, 11), (3, True, 10), (6, False, 10)):
        j.on_fire = True
        script(game, [die])
        run(game, hk.fire_fighting(game))
        assert (j.on_fire, j.rigging) == (burning, rigging), die


# ---------------------------------------------------------------- 6.0 initiative of a side of several ships
def _two_a_side() -> Any:
    game = ready((4, 4, 3), (4, 20, 3), extra={"us": [("president", (8, 4, 3))], "gb": [("guerriere", (8, 20, 3))]})
    s = game.state
    s.ships["constitution"].quality = "green"
    s.ships["president"].quality = "crack"
    s.ships["java"].quality = "average"
    s.ships["guerriere"].quality = "crack"
    s.initiative = None
    return game


def test_6_0_a_side_of_several_ships_rolls_with_its_first_ships_quality() -> None:
    """6.0 with ruling R6.1: us = Constitution (Green) then President (Crack): -1; gb = Java (Average) then
    Guerriere (Crack): no modifier. Dice 4 and 4: us 3, gb 4: Britain wins, no tie."""
    game = _two_a_side()
    assert initiative.modifiers(game.state, "us") == [("Green crew -1", -1)]
    assert initiative.modifiers(game.state, "gb") == []
    script(game, [4, 4])
    start = mark(game)
    run(game, initiative.segment_initiative(game))
    assert [r["modified"] for r in rolls_since(game, start, "initiative")] == [[3], [4]]
    assert game.state.initiative == "gb" and dice_left(game) == []


def test_6_0_when_the_first_ship_has_struck_the_next_one_afloat_sets_the_modifier() -> None:
    """Ruling R6.1: Constitution has struck: us rolls with President's Crack +1."""
    game = _two_a_side()
    game.state.ships["constitution"].struck = True
    assert initiative.modifiers(game.state, "us") == [("Crack crew +1", 1)]


# ---------------------------------------------------------------- 12.0 grappling
@pytest.mark.parametrize("headings, label, value", [
    ((1, 2), "headings differ by 1 -1", -1),
    ((1, 8), "headings differ by 1 -1", -1),
    ((3, 6), "headings differ by 3 -2", -2),
])
def test_12_0_heading_modifier_for_one_and_three_points_apart(headings: tuple[int, int], label: str,
                                                               value: int) -> None:
    """12.0: the smallest heading difference 1 or 2 is -1 (1 and 8 are one point apart), 3 or 4 is -2."""
    game = ready((10, 12, headings[0]), (10, 12, headings[1]))
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    c.morale = j.morale = FAIR
    for a, b in ((c, j), (j, c)):
        assert [m for m in grapple_modifiers(game.state, a, b) if m[0].startswith("headings")] == [(label, value)]


def test_12_0_grappled_ships_have_speed_zero_in_a_new_turn() -> None:
    """12.0 with ruling R12.0: both ships lie grappled at heading 3 (wind 5: D, good sailing); 7.0 gives each a
    base speed and a Hull Bonus (dice 6, 6) but the speed set is 0."""
    game = ready((10, 12, 3), (10, 12, 3))
    game.state.grapples = [dict(GRAPPLED)]
    script(game, [6, 6])
    start = mark(game)
    run(game, movement_rates.segment_movement(game))
    speeds = {e["ship"]: e for e in events_since(game, start, "speed")}
    assert all(e["base"] + e["bonus"] > 0 for e in speeds.values())
    assert {ship: e["speed"] for ship, e in speeds.items()} == {"constitution": 0, "java": 0}
    assert all(s.speed == 0 for s in game.state.ships.values()) and dice_left(game) == []


def test_12_0_ships_no_longer_grappled_get_their_speed() -> None:
    """12.0/17.5: the same ships after disengaging (the marker turned to 'disengaged') sail at their speed."""
    game = ready((10, 12, 3), (10, 12, 3))
    game.state.grapples = [dict(GRAPPLED, state="disengaged")]
    script(game, [6, 6])
    run(game, movement_rates.segment_movement(game))
    assert all(s.speed > 0 for s in game.state.ships.values())


# ---------------------------------------------------------------- 16.0 bonus move
def test_16_0_a_grappled_ship_that_strained_makes_no_bonus_move() -> None:
    """16.0 with ruling R16.0: Constitution selected Straining 1 and was then grappled: she is not moved, rolls
    no rigging check; nobody is asked about an optional Bonus Move."""
    game = ready((10, 12, 3), (10, 12, 3))
    c = game.state.ships["constitution"]
    c.strain = 1
    game.state.grapples = [dict(GRAPPLED)]
    script(game, [])
    log: list = []
    start = mark(game)
    run(game, bonus_move.segment_bonus(game), log=log)
    assert c.square == (10, 12) and c.heading == 3 and log == []
    assert rolls_since(game, start) == [] and game.state.segment == "housekeeping"


# ---------------------------------------------------------------- 15.0 melee
@pytest.mark.parametrize("a_die, d_die, a_hits, d_hits", [(2, 3, 0, 0), (3, 3, 1, 0), (2, 4, 0, 1)])
def test_15_0_a_modified_four_is_no_hit_for_either_side(a_die: int, d_die: int, a_hits: int, d_hits: int) -> None:
    """15.0 step 7: one Melee point a side, no support. Constitution (Crack +1, Handy +1) assaults: 2 -> 4 no hit,
    3 -> 5 a hit; Java (Handy +1) defends: 3 -> 4 no hit, 4 -> 5 a hit. A hit not cancelled costs one crew."""
    game = ready((10, 12, 1), (10, 12, 1))
    man(game, "constitution", port_bow=7, port_aft=7, starboard_bow=3)  # 18 crew: Melee 1
    man(game, "java", port_bow=6, port_aft=6, starboard_bow=3)  # 16 crew: Melee 1
    game.state.grapples = [dict(GRAPPLED)]
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    script(game, [a_die, d_die])
    start = mark(game)
    run(game, melee.fight(game, c, j), melee_split=(1, 1), melee_continue=False)
    assert dice_left(game) == []
    assert [r["modified"] for r in rolls_since(game, start, "melee")] == [[a_die + 2], [d_die + 1]]
    rnd = events_since(game, start, "melee_round")[0]
    assert (rnd["attacker_hits"], rnd["defender_hits"]) == (a_hits, d_hits)
    assert (c.crew, j.crew) == (18 - d_hits, 16 - a_hits)
