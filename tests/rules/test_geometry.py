"""Tests for cs_desktop.rules.geometry, named after the rules they check."""

from __future__ import annotations

import heapq
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cs_desktop.rules import geometry as g
from cs_desktop.rules.geometry import (
    VECTORS,
    broadside_side_in_arc,
    chaser_end_in_arc,
    edge_shift,
    facing_side,
    grapple_alignment,
    heading_difference,
    hit_sections,
    is_corner,
    line_squares,
    mp_distance,
    on_map,
    rake,
    relative_bearing,
    stacked_relation,
    stacked_sides,
    step,
    turn,
)

headings = st.integers(min_value=1, max_value=8)
coords = st.integers(min_value=-30, max_value=30)
squares = st.tuples(coords, coords)
SHIP = (10, 10)


# --------------------------------------------------------------------------------------------------------
# Conventions, 9.1.1, 12.0 heading differences
# --------------------------------------------------------------------------------------------------------


def test_conventions_vectors_match_docs() -> None:
    assert VECTORS == {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (1, 1), 5: (0, 1), 6: (-1, 1), 7: (-1, 0),
                       8: (-1, -1)}


def test_9_1_1_advance_steps_along_heading() -> None:
    assert step((5, 5), 1) == (5, 4)
    assert step((5, 5), 4) == (6, 6)
    assert step((5, 5), 7) == (4, 5)


def test_9_1_1_even_headings_cross_corners() -> None:
    assert [is_corner(h) for h in range(1, 9)] == [False, True] * 4


def test_turn_wraps_in_1_to_8() -> None:
    assert turn(8, 1) == 1
    assert turn(1, -1) == 8
    assert turn(3, 4) == 7
    assert turn(2, -10) == 8
    assert turn(5, 16) == 5


def test_12_0_heading_difference_is_smallest_count_of_points() -> None:
    assert heading_difference(1, 1) == 0
    assert heading_difference(1, 8) == 1
    assert heading_difference(8, 2) == 2
    assert heading_difference(1, 4) == 3
    assert heading_difference(1, 6) == 3
    assert heading_difference(3, 7) == 4


@given(headings, headings, st.integers(-20, 20))
def test_12_0_heading_difference_symmetric_and_turn_invariant(h1: int, h2: int, p: int) -> None:
    d = heading_difference(h1, h2)
    assert 0 <= d <= 4
    assert d == heading_difference(h2, h1)
    assert d == heading_difference(turn(h1, p), turn(h2, p))
    assert heading_difference(h1, turn(h1, p)) == min(p % 8, 8 - p % 8)


# --------------------------------------------------------------------------------------------------------
# MP distance (11.2, 11.4.6; designed)
# --------------------------------------------------------------------------------------------------------


def test_11_2_mp_distance_examples() -> None:
    assert mp_distance((0, 0), (0, 0)) == 0
    assert mp_distance((0, 0), (1, 0)) == 2
    assert mp_distance((0, 0), (1, 1)) == 3
    assert mp_distance((0, 0), (3, 1)) == 7
    assert mp_distance((0, 0), (12, 0)) == 24
    assert mp_distance((0, 0), (8, 8)) == 24
    assert mp_distance((0, 0), (-4, 10)) == 24
    assert mp_distance((0, 0), (-4, 14)) == 32


def _dijkstra(a: tuple[int, int], b: tuple[int, int]) -> int:
    dist = {a: 0}
    heap = [(0, a)]
    while heap:
        d, sq = heapq.heappop(heap)
        if sq == b:
            return d
        if d > dist[sq]:
            continue
        for h in range(1, 9):
            nxt = step(sq, h)
            if abs(nxt[0]) > 8 or abs(nxt[1]) > 8:
                continue
            nd = d + (3 if is_corner(h) else 2)
            if nd < dist.get(nxt, 10**9):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    raise AssertionError


@settings(max_examples=60)
@given(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), st.tuples(st.integers(-6, 6), st.integers(-6, 6)))
def test_11_2_mp_distance_is_cheapest_path_of_advances(a, b) -> None:
    assert mp_distance(a, b) == _dijkstra(a, b)


@given(squares, squares, squares)
def test_11_2_mp_distance_symmetric_metric(a, b, c) -> None:
    assert mp_distance(a, b) == mp_distance(b, a)
    assert mp_distance(a, c) <= mp_distance(a, b) + mp_distance(b, c)
    assert (mp_distance(a, b) == 0) == (a == b)


# --------------------------------------------------------------------------------------------------------
# Line of fire (11.4.6)
# --------------------------------------------------------------------------------------------------------


def test_11_4_6_line_touches_squares_between() -> None:
    assert line_squares((0, 0), (0, 3)) == ((0, 1), (0, 2))
    assert line_squares((0, 0), (2, 1)) == ((1, 0), (1, 1))
    assert line_squares((0, 0), (5, 2)) == ((1, 0), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2))
    assert line_squares((4, 4), (1, 4)) == ((3, 4), (2, 4))


def test_11_4_6_adjacent_and_same_square_touch_nothing() -> None:
    assert line_squares((0, 0), (0, 0)) == ()
    assert line_squares((0, 0), (1, 0)) == ()
    assert line_squares((0, 0), (1, 1)) == ()


def test_11_4_6_ruling_squares_met_only_at_a_corner_are_not_touched() -> None:
    # Pure diagonal: passes through corners (0.5,0.5) and (1.5,1.5) only.
    assert line_squares((0, 0), (2, 2)) == ((1, 1),)
    assert (1, 0) not in line_squares((0, 0), (2, 2))
    # (0,0)->(3,1) goes exactly through the corner (1.5, 0.5): (2,0) and (1,1) are not touched.
    assert line_squares((0, 0), (3, 1)) == ((1, 0), (2, 1))
    assert line_squares((3, 1), (0, 0)) == ((2, 1), (1, 0))


def _touches_interior(a, b, sq) -> bool:
    """Oracle: does the segment between the centres of a and b meet the open square sq? (Liang-Barsky,
    exact, open box)."""
    t0, t1 = Fraction(0), Fraction(1)
    for p0, d, lo, hi in (
        (a[0], b[0] - a[0], Fraction(2 * sq[0] - 1, 2), Fraction(2 * sq[0] + 1, 2)),
        (a[1], b[1] - a[1], Fraction(2 * sq[1] - 1, 2), Fraction(2 * sq[1] + 1, 2)),
    ):
        if d == 0:
            if not lo < p0 < hi:
                return False
            continue
        ta, tb = (lo - p0) / d, (hi - p0) / d
        if ta > tb:
            ta, tb = tb, ta
        t0, t1 = max(t0, ta), min(t1, tb)
    return t0 < t1


small = st.tuples(st.integers(-7, 7), st.integers(-7, 7))


@settings(max_examples=150)
@given(small, small)
def test_11_4_6_line_squares_match_exact_interior_oracle(a, b) -> None:
    expected = {
        (x, y)
        for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
        if (x, y) not in (a, b) and _touches_interior(a, b, (x, y))
    }
    got = line_squares(a, b)
    assert set(got) == expected
    assert len(got) == len(set(got))


@given(squares, squares)
def test_11_4_6_line_squares_symmetric(a, b) -> None:
    assert line_squares(b, a) == tuple(reversed(line_squares(a, b)))


@given(squares, squares)
def test_11_4_6_line_squares_form_a_connected_path(a, b) -> None:
    path = (a, *line_squares(a, b), b) if a != b else (a,)
    for p, q in zip(path, path[1:]):
        assert max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1


# --------------------------------------------------------------------------------------------------------
# Bearings, facing sides, arcs (11.1, 11.2, 11.9)
# --------------------------------------------------------------------------------------------------------


def test_relative_bearing_examples() -> None:
    assert relative_bearing(SHIP, 1, (10, 5)) == 0.0
    assert relative_bearing(SHIP, 1, (13, 10)) == 90.0
    assert relative_bearing(SHIP, 1, (13, 13)) == 135.0
    assert relative_bearing(SHIP, 1, (7, 7)) == 315.0
    assert relative_bearing(SHIP, 2, (13, 7)) == 0.0
    assert relative_bearing(SHIP, 2, (13, 10)) == 45.0
    assert relative_bearing(SHIP, 3, (10, 5)) == 270.0
    assert relative_bearing(SHIP, 5, (10, 5)) == 180.0
    assert relative_bearing(SHIP, 1, (12, 9)) == pytest.approx(63.43494882)
    with pytest.raises(ValueError):
        relative_bearing(SHIP, 1, SHIP)


@given(headings, squares)
def test_relative_bearing_in_range_and_rotates_with_heading(h, sq) -> None:
    if sq == SHIP:
        return
    b = relative_bearing(SHIP, h, sq)
    assert 0.0 <= b < 360.0
    b2 = relative_bearing(SHIP, turn(h, 1), sq)
    assert (b - b2 - 45.0) % 360.0 == pytest.approx(0.0, abs=1e-9) or \
        (b - b2 - 45.0) % 360.0 == pytest.approx(360.0, abs=1e-9)


def test_facing_side_bow_and_stern_only_on_the_line_of_heading() -> None:
    assert facing_side(SHIP, 1, (10, 3)) == "bow"
    assert facing_side(SHIP, 1, (11, 3)) == "starboard"
    assert facing_side(SHIP, 1, (9, 3)) == "port"
    assert facing_side(SHIP, 1, (10, 12)) == "stern"
    assert facing_side(SHIP, 2, (12, 8)) == "bow"
    assert facing_side(SHIP, 2, (12, 9)) == "starboard"
    assert facing_side(SHIP, 2, (7, 13)) == "stern"
    assert facing_side(SHIP, 3, (10, 9)) == "port"
    with pytest.raises(ValueError):
        facing_side(SHIP, 1, SHIP)


def test_11_1_broadside_arc_orthogonal_heading_includes_own_diagonals() -> None:
    assert broadside_side_in_arc(SHIP, 1, (13, 10)) == "starboard"
    assert broadside_side_in_arc(SHIP, 1, (13, 7)) == "starboard"  # bearing 45, inclusive edge
    assert broadside_side_in_arc(SHIP, 1, (13, 13)) == "starboard"  # bearing 135
    assert broadside_side_in_arc(SHIP, 1, (7, 13)) == "port"  # bearing 225
    assert broadside_side_in_arc(SHIP, 1, (7, 10)) == "port"
    assert broadside_side_in_arc(SHIP, 1, (11, 7)) is None  # fore arc
    assert broadside_side_in_arc(SHIP, 1, (9, 14)) is None  # aft arc
    assert broadside_side_in_arc(SHIP, 1, SHIP) is None


def test_11_1_broadside_arc_diagonal_heading_includes_own_row_and_column() -> None:
    assert broadside_side_in_arc(SHIP, 2, (13, 10)) == "starboard"
    assert broadside_side_in_arc(SHIP, 2, (10, 13)) == "starboard"
    assert broadside_side_in_arc(SHIP, 2, (13, 13)) == "starboard"
    assert broadside_side_in_arc(SHIP, 2, (7, 10)) == "port"
    assert broadside_side_in_arc(SHIP, 2, (10, 7)) == "port"
    assert broadside_side_in_arc(SHIP, 2, (13, 7)) is None
    assert broadside_side_in_arc(SHIP, 2, (7, 13)) is None


def test_11_1_broadside_arc_extends_24_mp_inclusive() -> None:
    assert broadside_side_in_arc((0, 0), 1, (12, 0)) == "starboard"  # 24 MP
    assert broadside_side_in_arc((0, 0), 1, (13, 0)) is None  # 26 MP
    assert broadside_side_in_arc((0, 0), 1, (8, 8)) == "starboard"  # 24 MP on the diagonal edge
    assert broadside_side_in_arc((0, 0), 1, (9, 9)) is None  # 27 MP


def test_11_9_chasers_fire_fore_and_aft_outside_broadside_arcs() -> None:
    assert chaser_end_in_arc(SHIP, 1, (11, 7)) == "bow"
    assert chaser_end_in_arc(SHIP, 1, (10, 0)) == "bow"
    assert chaser_end_in_arc(SHIP, 1, (9, 14)) == "stern"
    assert chaser_end_in_arc(SHIP, 1, (13, 7)) is None  # bearing 45 is broadside
    assert chaser_end_in_arc(SHIP, 1, (13, 10)) is None
    assert chaser_end_in_arc(SHIP, 2, (13, 7)) == "bow"
    assert chaser_end_in_arc(SHIP, 2, (7, 13)) == "stern"
    assert chaser_end_in_arc(SHIP, 2, (10, 7)) is None
    assert chaser_end_in_arc((0, 0), 1, (0, -12)) == "bow"
    assert chaser_end_in_arc((0, 0), 1, (0, -13)) is None  # 26 MP
    assert chaser_end_in_arc(SHIP, 1, SHIP) is None


@given(headings, squares)
def test_11_9_broadside_and_chaser_arcs_partition_the_squares_in_range(h, sq) -> None:
    if sq == SHIP:
        return
    side = broadside_side_in_arc(SHIP, h, sq)
    end = chaser_end_in_arc(SHIP, h, sq)
    if mp_distance(SHIP, sq) > 24:
        assert side is None and end is None
        return
    assert (side is None) != (end is None)
    bearing = relative_bearing(SHIP, h, sq)
    if side == "starboard":
        assert 45 <= bearing <= 135
    elif side == "port":
        assert 225 <= bearing <= 315
    elif end == "bow":
        assert bearing < 45 or bearing > 315
    else:
        assert 135 < bearing < 225


# --------------------------------------------------------------------------------------------------------
# Sections hit (11.4.10)
# --------------------------------------------------------------------------------------------------------


def test_11_4_10_hits_go_to_the_side_facing_the_attacker() -> None:
    assert hit_sections(SHIP, 1, (15, 9)) == ("starboard_bow", "starboard_aft")
    assert hit_sections(SHIP, 1, (5, 12)) == ("port_bow", "port_aft")
    assert hit_sections(SHIP, 1, (10, 4)) == ("port_bow", "starboard_bow")
    assert hit_sections(SHIP, 1, (10, 16)) == ("port_aft", "starboard_aft")
    assert hit_sections(SHIP, 4, (14, 14)) == ("port_bow", "starboard_bow")
    assert hit_sections(SHIP, 4, (14, 13)) == ("port_bow", "port_aft")


def test_11_8_rake_from_a_square_touching_the_diagonal_hits_the_raked_end() -> None:
    # Firer at (11,10) touches target (10,10)'s NE diagonal; geometrically it is on the target's starboard.
    assert hit_sections(SHIP, 2, (11, 10)) == ("starboard_bow", "starboard_aft")
    assert rake((11, 10), 8, SHIP, 2) == "bow"
    assert hit_sections(SHIP, 2, (11, 10), rake_end="bow") == ("port_bow", "starboard_bow")
    assert hit_sections(SHIP, 2, (9, 10), rake_end="stern") == ("port_aft", "starboard_aft")


# --------------------------------------------------------------------------------------------------------
# Rakes (11.8)
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("firer_heading", [3, 7])
def test_11_8_target_heading_1_raked_by_heading_3_or_7(firer_heading: int) -> None:
    assert rake((10, 5), firer_heading, SHIP, 1) == "bow"  # target heads toward the firer
    assert rake((10, 15), firer_heading, SHIP, 1) == "stern"  # target heads away
    assert rake((10, 9), firer_heading, SHIP, 1) == "bow"


@pytest.mark.parametrize("firer_heading", [4, 8])
def test_11_8_target_heading_2_raked_by_heading_4_or_8(firer_heading: int) -> None:
    assert rake((13, 7), firer_heading, SHIP, 2) == "bow"
    assert rake((7, 13), firer_heading, SHIP, 2) == "stern"


@pytest.mark.parametrize("firer_heading", [4, 8])
def test_11_8_target_heading_6_raked_by_heading_4_or_8(firer_heading: int) -> None:
    assert rake((7, 13), firer_heading, SHIP, 6) == "bow"
    assert rake((13, 7), firer_heading, SHIP, 6) == "stern"


@pytest.mark.parametrize("target_heading", range(1, 9))
def test_11_8_only_exactly_perpendicular_firers_rake(target_heading: int) -> None:
    ahead = (SHIP[0] + 3 * VECTORS[target_heading][0], SHIP[1] + 3 * VECTORS[target_heading][1])
    for firer_heading in range(1, 9):
        expected = "bow" if heading_difference(firer_heading, target_heading) == 2 else None
        assert rake(ahead, firer_heading, SHIP, target_heading) == expected


def test_11_8_firer_off_the_row_or_column_does_not_rake() -> None:
    assert rake((11, 5), 3, SHIP, 1) is None  # next column: no "touching" clause for orthogonal lines
    assert rake((9, 5), 3, SHIP, 1) is None
    assert rake((15, 10), 1, SHIP, 3) == "bow"  # target heading E, straight at the firer
    assert rake((10, 15), 3, SHIP, 3) is None  # same column, diff 0: not perpendicular
    assert rake((10, 15), 1, SHIP, 3) is None  # diff 2 but target heads across it, not toward/away
    assert rake((15, 10), 3, SHIP, 1) is None  # same row, target heading 1 does not head toward it


def test_11_8_firer_touching_the_diagonal_rakes_only_when_heading_toward_it() -> None:
    # Target (10,10) heading 2 (NE): its diagonal line passes (11,9), (12,8), (13,7)...
    assert rake((11, 10), 8, SHIP, 2) == "bow"  # south-east of the line, heading NW toward it
    assert rake((11, 10), 4, SHIP, 2) is None  # heading SE, away from the line
    assert rake((13, 8), 8, SHIP, 2) == "bow"
    assert rake((12, 7), 4, SHIP, 2) == "bow"  # north-west of the line, heading SE toward it
    assert rake((12, 7), 8, SHIP, 2) is None
    assert rake((9, 10), 4, SHIP, 2) == "stern"  # touches the line behind the target
    assert rake((9, 10), 8, SHIP, 2) is None
    assert rake((10, 11), 8, SHIP, 2) == "stern"


def test_11_8_firer_two_steps_off_the_diagonal_does_not_rake() -> None:
    assert rake((12, 10), 8, SHIP, 2) is None
    assert rake((14, 8), 8, SHIP, 2) is None


def test_11_8_same_square_is_not_a_rake_here() -> None:
    assert rake(SHIP, 3, SHIP, 1) is None


@given(squares, headings, headings)
def test_11_8_raking_position_is_always_in_the_firers_broadside_arc(firer, fh, th) -> None:
    result = rake(firer, fh, SHIP, th)
    if result is None or mp_distance(firer, SHIP) > 24:
        return
    assert broadside_side_in_arc(firer, fh, SHIP) is not None
    # Target heading toward the firer for a bow rake: the firer is ahead of the target.
    a, _ = g.ship_frame(SHIP, th, firer)
    assert (a > 0) == (result == "bow")


# --------------------------------------------------------------------------------------------------------
# Stacking (9.2)
# --------------------------------------------------------------------------------------------------------


def test_9_2_relations() -> None:
    assert stacked_relation(1, 1) == "parallel"
    assert stacked_relation(2, 6) == "parallel"
    assert stacked_relation(1, 3) == "crossing"
    assert stacked_relation(8, 2) == "crossing"
    assert stacked_relation(1, 2) == "angled"
    assert stacked_relation(1, 4) == "angled"


def test_9_2_1_parallel_ip_chooses_side_same_heading() -> None:
    r = stacked_sides(1, 1, 1, ip_choice="starboard")
    assert r == {"relation": "parallel", "mover_side": "port", "other_side": "starboard", "rake": None,
                 "firer": "both"}


def test_9_2_1_parallel_opposite_headings_pass_same_side_to_same_side() -> None:
    r = stacked_sides(5, 5, 1, ip_choice="port")
    assert r["mover_side"] == "port" and r["other_side"] == "port" and r["firer"] == "both"


def test_9_2_1_parallel_needs_the_initiative_players_choice() -> None:
    with pytest.raises(ValueError):
        stacked_sides(1, 1, 1)


def test_9_2_2_crossing_initiative_player_moving_stern_rakes() -> None:
    # Mover heading E crosses the stern of a ship heading N; that ship lies to the mover's north = port.
    r = stacked_sides(3, 3, 1, initiative_player_moving=True)
    assert r == {"relation": "crossing", "mover_side": "port", "other_side": "stern", "rake": "stern",
                 "firer": "mover"}
    assert stacked_sides(7, 7, 1, initiative_player_moving=True)["mover_side"] == "starboard"


def test_9_2_2_crossing_non_initiative_player_moving_is_bow_raked() -> None:
    # Mover heading E approaches from the west: it is on the stationary (N-heading) ship's port side.
    r = stacked_sides(3, 3, 1, initiative_player_moving=False)
    assert r == {"relation": "crossing", "mover_side": "bow", "other_side": "port", "rake": "bow",
                 "firer": "other"}
    assert stacked_sides(7, 7, 1, initiative_player_moving=False)["other_side"] == "starboard"


def test_9_2_2_crossing_needs_who_is_moving() -> None:
    with pytest.raises(ValueError):
        stacked_sides(3, 3, 1)


def test_9_2_3_angled_mover_passes_on_the_side_it_entered_from() -> None:
    # Other heads N; mover advanced NE from the south-west: other's port, other on mover's starboard.
    r = stacked_sides(2, 2, 1)
    assert r == {"relation": "angled", "mover_side": "starboard", "other_side": "port", "rake": None,
                 "firer": "both"}
    assert stacked_sides(2, (-1, 1), 1) == r  # same entry given as the offset of the square it came from
    # Mover advanced NW from the south-east: other's starboard, other on the mover's port.
    r = stacked_sides(8, 8, 1)
    assert (r["mover_side"], r["other_side"]) == ("port", "starboard")
    # Difference 3: mover advanced SE from the north-west.
    r = stacked_sides(4, 4, 1)
    assert (r["mover_side"], r["other_side"]) == ("port", "port")


def test_9_2_3_angled_after_free_wear_from_directly_astern_uses_new_heading() -> None:
    # Advanced N (from directly astern of a N-heading ship), then wore to NE: passes to starboard.
    r = stacked_sides(2, 1, 1)
    assert r["relation"] == "angled" and r["other_side"] == "starboard" and r["mover_side"] == "port"


@given(headings, headings, st.sampled_from(["port", "starboard"]), st.booleans())
def test_9_2_stacked_sides_shape(mh, oh, choice, ipm) -> None:
    r = stacked_sides(mh, mh, oh, ip_choice=choice, initiative_player_moving=ipm)
    assert set(r) == {"relation", "mover_side", "other_side", "rake", "firer"}
    assert r["relation"] == stacked_relation(mh, oh)
    if r["relation"] == "crossing":
        assert r["rake"] in ("bow", "stern")
    else:
        assert r["rake"] is None
        assert r["mover_side"] in ("port", "starboard") and r["other_side"] in ("port", "starboard")


# --------------------------------------------------------------------------------------------------------
# Map edge (9.3)
# --------------------------------------------------------------------------------------------------------


def test_9_3_on_map() -> None:
    assert on_map((0, 0), 20, 10)
    assert on_map((19, 9), 20, 10)
    assert not on_map((20, 0), 20, 10)
    assert not on_map((0, -1), 20, 10)


def test_9_3_shift_keeps_relative_positions() -> None:
    ships = [(0, 5), (3, 6)]
    shift = edge_shift(ships, 0, (-1, 5), 20, 10)
    assert shift == (1, 0)
    moved = g.apply_shift([(-1, 5), (3, 6)], shift)
    assert moved == [(0, 5), (4, 6)]


def test_9_3_shift_through_a_corner() -> None:
    assert edge_shift([(0, 0), (2, 2)], 0, (-1, -1), 20, 10) == (1, 1)
    assert edge_shift([(19, 9), (15, 5)], 0, (20, 10), 20, 10) == (-1, -1)


def test_9_3_other_ship_may_move_only_as_far_as_the_map_allows() -> None:
    # Ships spanning the whole width: the mover cannot leave that way without the other falling off.
    assert edge_shift([(0, 5), (19, 5)], 0, (-1, 5), 20, 10) is None
    assert edge_shift([(0, 0), (0, 9)], 1, (0, 10), 20, 10) is None
    # Still fine along the other axis.
    assert edge_shift([(0, 5), (19, 5)], 0, (0, 10), 20, 10) == (0, -1)


def test_9_3_no_shift_when_destination_is_on_the_map() -> None:
    assert edge_shift([(5, 5), (6, 6)], 0, (4, 5), 20, 10) == (0, 0)


@settings(max_examples=200)
@given(
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 7)), min_size=1, max_size=3),
    st.data(),
    headings,
)
def test_9_3_shift_puts_all_ships_on_map_and_preserves_offsets(ships, data, heading) -> None:
    width, height = 12, 8
    idx = data.draw(st.integers(0, len(ships) - 1))
    dest = step(ships[idx], heading)
    shift = edge_shift(ships, idx, dest, width, height)
    after = list(ships)
    after[idx] = dest
    feasible = [
        (dx, dy)
        for dx in range(-width, width + 1)
        for dy in range(-height, height + 1)
        if all(on_map((x + dx, y + dy), width, height) for x, y in after)
    ]
    if shift is None:
        assert feasible == []
        return
    moved = g.apply_shift(after, shift)
    assert all(on_map(sq, width, height) for sq in moved)
    for (p, q), (p2, q2) in zip(zip(after, after[1:]), zip(moved, moved[1:])):
        assert (q[0] - p[0], q[1] - p[1]) == (q2[0] - p2[0], q2[1] - p2[1])
    # The smallest: no feasible shift is shorter by MP or by either axis.
    best = min(mp_distance((0, 0), s) for s in feasible)
    assert mp_distance((0, 0), shift) == best
    assert all(abs(shift[0]) <= abs(s[0]) or abs(shift[1]) < abs(s[1]) for s in feasible)
    if on_map(dest, width, height):
        assert shift == (0, 0)


# --------------------------------------------------------------------------------------------------------
# Grappling alignment (12.0)
# --------------------------------------------------------------------------------------------------------


def test_12_0_grapple_alignment_examples() -> None:
    assert grapple_alignment(1, 1) == (1, 1)
    assert grapple_alignment(1, 2) == (1, 1)
    assert grapple_alignment(1, 8) == (1, 1)
    assert grapple_alignment(1, 3) == (1, 5)
    assert grapple_alignment(2, 6) == (2, 6)
    assert grapple_alignment(3, 6) == (3, 7)


@pytest.mark.parametrize("ip", range(1, 9))
@pytest.mark.parametrize("nip", range(1, 9))
def test_12_0_grapple_alignment_all_pairs(ip: int, nip: int) -> None:
    new_ip, new_nip = grapple_alignment(ip, nip)
    assert new_ip == ip
    if heading_difference(ip, nip) < 2:
        assert new_nip == ip
    else:
        assert new_nip == turn(ip, 4)


def test_11_1_11_9_arcs_table_agrees_with_the_bearing_for_every_offset_and_heading() -> None:
    """`arcs` (the table the fire options and the simple captain read) against the bearing in degrees: a
    broadside bears 45..135 (starboard) or 225..315 (port), inclusive; otherwise the bow chaser (< 45 or
    > 315) or the stern chaser (135..225, exclusive)."""
    for heading in range(1, 9):
        for dx in range(-12, 13):
            for dy in range(-12, 13):
                if dx == dy == 0:
                    continue
                bearing = g.relative_bearing((20, 20), heading, (20 + dx, 20 + dy))
                side, end = g.arcs(heading, dx, dy)
                if 45 <= bearing <= 135:
                    assert (side, end) == ("starboard", None), (heading, dx, dy, bearing)
                elif 225 <= bearing <= 315:
                    assert (side, end) == ("port", None), (heading, dx, dy, bearing)
                else:
                    assert (side, end) == (None, "bow" if bearing < 45 or bearing > 315 else "stern")
