"""5.0 Assign Crew: every limit of 5.1.1-5.1.5, the total, and Melee as the remainder (5.1.6).
Constitution: 18 crew points, rigging 16 (boxes 1-5 'Fighting Sail Only!'), 7 gunnery boxes a section."""

from __future__ import annotations

from cs_desktop.rules.state import empty_assignment

from tests.rules.harness import answer, at, drive, duel

from tests.rules.sailing_kit import restart_segment


def test_5_0_each_side_assigns_secretly_and_at_once():
    """5.0: both sides are asked together; us answering does not reveal gb's request or start 6.0."""
    game = at_crew()
    assert sorted(r.side for r in game.pending) == ["gb", "us"]
    answer(game, "us", {"constitution": assign(sailing=1)})  # gb has not answered yet
    assert [r.side for r in game.pending] == ["gb"] and game.state.segment == "crew"
    assert game.state.ships["constitution"].assign["sailing"] == 0  # applied only when both have answered


def at_crew(**changes):
    """Constitution vs Java at the turn-1 crew request; `changes` are set on Constitution's state first and
    the crew segment is re-run so that the limits reflect them."""
    game = duel()
    drive(game, until=at("assign_crew"))
    if changes:
        con = game.state.ships["constitution"]
        for key, value in changes.items():
            setattr(con, key, value)
        restart_segment(game)
    return game


def assign(*, gunnery=None, hull_dc=None, **tasks):
    """An assignment: empty, with the given tasks and per-section numbers."""
    out = empty_assignment()
    out.update(tasks)
    out["gunnery"].update(gunnery or {})
    out["hull_dc"].update(hull_dc or {})
    return out


def refused(game, assignment):
    result = game.submit("us", {"constitution": assignment})
    assert not result, f"accepted: {assignment}"
    assert game.state.segment == "crew" and game.pending_for("us") is not None
    return result


def test_5_0_the_enemy_view_does_not_show_an_answer_given_before_both_have_assigned():
    """5.0: us puts 1 on Sailing and 7 on port bow guns; until gb answers, gb's view shows Constitution's
    assignment still empty and no crew event; gb's request carries only Java's limits."""
    game = at_crew()
    answer(game, "us", {"constitution": assign(sailing=1, gunnery={"port_bow": 7})})
    view = game.view("gb")
    assert view["ships"]["constitution"]["assign"] == empty_assignment()
    assert not [e for e in view["events"] if e["type"] == "crew"]
    assert set(game.pending_for("gb").info["limits"]) == {"java"}
    answer(game, "gb", {"java": assign()})
    (crew_us,) = [e for e in game.events if e["type"] == "crew" and e["ship"] == "constitution"]
    assert crew_us["assign"]["sailing"] == 1 and crew_us["assign"]["gunnery"]["port_bow"] == 7


def test_5_0_limits_offered_for_a_fresh_constitution():
    """5.0 / 5.1.1-5.1.5: crew 18, Sailing 1, Rigging Change 2, Rigging DC 2, Hull DC 2 a section, Gunnery 7
    a section (all boxes undamaged)."""
    game = at_crew()
    lim = game.pending_for("us").info["limits"]["constitution"]
    sections = ("port_bow", "port_aft", "starboard_bow", "starboard_aft")
    assert lim == {"crew": 18, "sailing": 1, "rigging_change": 2, "rigging_dc": 2,
                   "hull_dc": {s: 2 for s in sections}, "gunnery": {s: 7 for s in sections}}


def test_5_1_1_at_most_one_crew_point_to_sailing():
    """5.1.1: Sailing 2 is refused citing 5.1.1; Sailing 1 is accepted and recorded."""
    game = at_crew()
    assert refused(game, assign(sailing=2)).rule == "5.1.1"
    answer(game, "us", {"constitution": assign(sailing=1)})
    answer(game, "gb", {"java": assign()})
    assert game.state.ships["constitution"].assign["sailing"] == 1


def test_5_1_2_rigging_change_one_or_two_points():
    """5.1.2: Rigging Change 3 is refused citing 5.1.2; 2 is accepted."""
    game = at_crew()
    assert refused(game, assign(rigging_change=3)).rule == "5.1.2"
    answer(game, "us", {"constitution": assign(rigging_change=2)})
    answer(game, "gb", {"java": assign()})
    assert game.state.ships["constitution"].assign["rigging_change"] == 2


def test_5_1_2_no_rigging_change_once_medium_sail_is_impossible():
    """5.1.2 / 3.8: rigging 5 (the last 'Fighting Sail Only!' box): limit 0, one point refused citing 5.1.2
    and the reason; at rigging 6 the same point is accepted."""
    game = at_crew(rigging=5)
    assert game.pending_for("us").info["limits"]["constitution"]["rigging_change"] == 0
    result = refused(game, assign(rigging_change=1))
    assert result.rule == "5.1.2" and "Medium Sail" in result.message
    game = at_crew(rigging=6)
    assert game.pending_for("us").info["limits"]["constitution"]["rigging_change"] == 2
    answer(game, "us", {"constitution": assign(rigging_change=1)})


def test_5_1_3_at_most_two_points_to_rigging_damage_control():
    """5.1.3: Rigging Damage Control 3 is refused citing 5.1.3; 2 is accepted."""
    game = at_crew()
    assert refused(game, assign(rigging_dc=3)).rule == "5.1.3"
    answer(game, "us", {"constitution": assign(rigging_dc=2)})


def test_5_1_4_at_most_two_points_per_section_to_hull_damage_control():
    """5.1.4: 3 on port bow is refused citing 5.1.4; 2 on each of the four sections (8) is accepted."""
    game = at_crew()
    assert refused(game, assign(hull_dc={"port_bow": 3})).rule == "5.1.4"
    every = {s: 2 for s in ("port_bow", "port_aft", "starboard_bow", "starboard_aft")}
    answer(game, "us", {"constitution": assign(hull_dc=every)})
    answer(game, "gb", {"java": assign()})
    assert game.state.ships["constitution"].assign["hull_dc"] == every


def test_5_1_5_one_point_per_gunnery_box():
    """5.1.5: 8 points on a 7-box section are refused citing 5.1.5; 7 are accepted."""
    game = at_crew()
    assert refused(game, assign(gunnery={"starboard_aft": 8})).rule == "5.1.5"
    answer(game, "us", {"constitution": assign(gunnery={"starboard_aft": 7})})


def test_5_1_5_never_assign_to_a_damaged_gunnery_box():
    """5.1.5 note: port bow track at 4 (boxes 5-7 damaged): limit 4; 5 points refused citing 5.1.5 with the
    reason; 4 accepted; the other sections keep 7."""
    game = at_crew(gunnery={"port_bow": 4, "port_aft": 7, "starboard_bow": 7, "starboard_aft": 7})
    lim = game.pending_for("us").info["limits"]["constitution"]["gunnery"]
    assert lim == {"port_bow": 4, "port_aft": 7, "starboard_bow": 7, "starboard_aft": 7}
    result = refused(game, assign(gunnery={"port_bow": 5}))
    assert result.rule == "5.1.5" and "damaged" in result.message
    answer(game, "us", {"constitution": assign(gunnery={"port_bow": 4})})


def test_5_0_total_never_exceeds_the_crew_points_available():
    """5.0: crew down to 10: 7 + 3 gunnery and 1 Sailing (11) is refused citing 5.0; 7 + 3 (10) accepted."""
    game = at_crew(crew=10)
    assert game.pending_for("us").info["limits"]["constitution"]["crew"] == 10
    result = refused(game, assign(sailing=1, gunnery={"port_bow": 7, "port_aft": 3}))
    assert result.rule == "5.0" and "11 crew points" in result.message
    answer(game, "us", {"constitution": assign(gunnery={"port_bow": 7, "port_aft": 3})})


def test_5_0_malformed_assignments_are_refused_and_change_nothing():
    """5.0: a missing task, a negative number, a missing section or a missing ship are refused citing 5.0;
    the state is unchanged."""
    game = at_crew()
    before = game.fingerprint()
    missing_task = assign()
    del missing_task["rigging_dc"]
    missing_section = assign()
    del missing_section["gunnery"]["port_aft"]
    for bad in ({"constitution": missing_task}, {"constitution": assign(sailing=-1)},
                {"constitution": missing_section}, {}):
        result = game.submit("us", bad)
        assert not result and result.rule == "5.0", bad
    assert game.fingerprint() == before


def test_5_1_6_melee_gets_the_crew_points_not_assigned():
    """5.1.6: 1 Sailing + 2 Rigging Change + 1 Rigging DC + 2 Hull DC + 7 Gunnery = 13 of 18: Melee 5, and
    the crew event says so."""
    game = at_crew()
    answer(game, "us", {"constitution": assign(sailing=1, rigging_change=2, rigging_dc=1,
                                               hull_dc={"port_aft": 2}, gunnery={"starboard_bow": 7})})
    answer(game, "gb", {"java": assign()})
    con = game.state.ships["constitution"]
    assert con.melee_crew == 5
    assert game.state.ships["java"].melee_crew == 16
    (event,) = [e for e in game.events if e["type"] == "crew" and e["ship"] == "constitution"]
    assert "5 left for Melee" in event["text"]


def test_5_1_5_r5_1_points_on_a_box_damaged_after_assignment_go_to_melee():
    """5.1.5 note, R5.1: 7 on port bow, then the track drops to 5 (two boxes damaged): the assignment is
    trimmed to 5 and Melee grows from 11 to 13."""
    from cs_desktop.rules.crew import trim_to_crew

    game = at_crew()
    answer(game, "us", {"constitution": assign(gunnery={"port_bow": 7})})
    answer(game, "gb", {"java": assign()})
    con = game.state.ships["constitution"]
    assert con.melee_crew == 11
    con.gunnery["port_bow"] = 5
    trim_to_crew(con)
    assert con.assign["gunnery"]["port_bow"] == 5 and con.melee_crew == 13


def test_5_1_2_r5_1_rigging_change_points_go_to_melee_once_medium_sail_is_impossible():
    """5.1.2, R5.1: 2 on Rigging Change, then 11 rigging hits (16 -> 5, a 'Fighting Sail Only!' box): the
    Rigging Change points can do nothing and go to Melee (16 -> 18)."""
    from cs_desktop.rules.damage import rigging_hits

    game = at_crew()
    answer(game, "us", {"constitution": assign(rigging_change=2)})
    answer(game, "gb", {"java": assign()})
    con = game.state.ships["constitution"]
    assert con.melee_crew == 16
    assert rigging_hits(game, con, 11, "11.4.10") == 11 and con.rigging == 5
    assert con.assign["rigging_change"] == 0 and con.melee_crew == 18
