"""1.8 Morale Checks, 3.4 Crew Morale, 3.9 red crew boxes, 3.10.1 a section's 0 box."""

from __future__ import annotations

from cs_desktop.rules import damage
from cs_desktop.rules.state import FAIR, HANDY, STRIKE_CHECK, UNFIT

from tests.rules.fighting_kit import dice_left, events_since, mark, mods_of, ready, rolls_since, run, script


def _check(morale: int, dice: list[int], n: int | None = None) -> tuple[bool, int, dict]:
    game = ready()
    ship = game.state.ships["java"]
    ship.morale = morale
    script(game, dice)
    start = mark(game)
    failed = run(game, damage.morale_check(game, ship, n or len(dice), "test", "1.8"))
    assert dice_left(game) == []
    return failed, ship.morale, rolls_since(game, start)[0]


def test_1_8_any_die_of_two_or_less_fails_and_morale_falls_one_level_only() -> None:
    """1.8: Handy (+1) rolls three dice [1,1,6] -> [2,2,7]: two failures, morale falls one level to Fair."""
    failed, morale, r = _check(HANDY, [1, 1, 6])
    assert failed and morale == FAIR and r["modified"] == [2, 2, 7]


def test_1_8_handy_modifier_saves_a_two() -> None:
    """1.8/3.4: Handy +1 turns a natural 2 into 3: the check is passed."""
    failed, morale, r = _check(HANDY, [2, 5])
    assert not failed and morale == HANDY and mods_of(r) == {"Crew Morale Handy +1": 1}


def test_3_4_fair_has_no_modifier_and_fails_on_a_two() -> None:
    """3.4: Fair 0: a natural 2 fails -> Unfit."""
    failed, morale, r = _check(FAIR, [2])
    assert failed and morale == UNFIT and r["modifiers"] == []


def test_3_4_unfit_minus_one_fails_on_a_three_into_strike_check() -> None:
    """3.4: Unfit -1: a natural 3 is 2, fails -> Strike Check box."""
    failed, morale, r = _check(UNFIT, [3])
    assert failed and morale == STRIKE_CHECK and r["modified"] == [2]


def test_3_4_strike_check_box_is_the_bottom_and_modifies_minus_two() -> None:
    """3.4 (ruling R3.4): in the Strike Check box rolls are -2; a failure leaves morale there."""
    failed, morale, r = _check(STRIKE_CHECK, [4])
    assert failed and morale == STRIKE_CHECK and mods_of(r) == {"Crew Morale Strike Check -2": -2}


def test_3_9_red_box_morale_check_subtracts_the_red_number() -> None:
    """3.9: Constitution (crew 18, red 12:1) takes 6 crew hits -> box 12: one die, Handy +1, red -1: [2] -> 2
    fails (Fair)."""
    game = ready()
    c = game.state.ships["constitution"]
    script(game, [2])
    start = mark(game)
    run(game, damage.crew_hits(game, c, 6, "11.4.10"))
    assert c.crew == 12 and c.morale == FAIR and dice_left(game) == []
    r = rolls_since(game, start)[0]
    assert r["rule"] == "3.9" and mods_of(r) == {"Crew Morale Handy +1": 1, "red number -1": -1}


def test_3_9_red_box_counts_the_first_time_only() -> None:
    """3.9: box 12 already entered once; the crew marker passes it again (after being set back to 14): no
    check. A hit that stops above the box: no check."""
    game = ready()
    c = game.state.ships["constitution"]
    script(game, [6])
    run(game, damage.crew_hits(game, c, 6, "11.4.10"))
    c.crew = 14
    script(game, [])
    run(game, damage.crew_hits(game, c, 1, "11.4.10"))  # 13: above the box
    run(game, damage.crew_hits(game, c, 3, "11.4.10"))  # 10: passes 12 again
    assert c.crew == 10 and c.red_passed == [12] and c.morale == HANDY


def test_3_9_passing_two_red_boxes_at_once_checks_both() -> None:
    """3.9 (ruling R3.9): 13 crew hits 18 -> 5 pass red boxes 12 (-1) and 6 (-2): two checks, box 12 first."""
    game = ready()
    c = game.state.ships["constitution"]
    script(game, [6, 6])
    start = mark(game)
    run(game, damage.crew_hits(game, c, 13, "11.4.10"))
    rolls = rolls_since(game, start)
    assert [mods_of(r).get("red number -1", mods_of(r).get("red number -2")) for r in rolls] == [-1, -2]
    assert c.red_passed == [12, 6] and c.morale == HANDY


def test_3_10_1_gunnery_track_reaching_zero_forces_one_morale_die() -> None:
    """3.10.1: the port bow's last box is hit -> one morale die [1]+1 = 2 fails; a further hull hit on the
    destroyed section does nothing."""
    game = ready()
    j = game.state.ships["java"]
    j.gunnery["port_bow"] = 1
    script(game, [1])
    start = mark(game)
    assert run(game, damage.gunnery_hit(game, j, "port_bow", "11.4.10")) is True
    assert j.gunnery["port_bow"] == 0 and j.morale == FAIR
    assert rolls_since(game, start)[0]["rule"] == "3.10.1"
    assert run(game, damage.gunnery_hit(game, j, "port_bow", "11.4.10")) is False
    assert dice_left(game) == [] and len(events_since(game, start, "morale")) == 1


def test_3_8_rigging_hits_stop_at_the_strike_check_box() -> None:
    """3.8: Java (11 rigging) takes 14 rigging hits: 11 are taken, the marker sits in the Strike Check box."""
    game = ready()
    j = game.state.ships["java"]
    assert damage.rigging_hits(game, j, 14, "11.4.10") == 11
    assert j.rigging == 0 and j.dismasted
