"""Base Movement Point Table (7.0 steps 1-3): the shipped JSON against its published formula."""

from __future__ import annotations

import math

import pytest

from cs_desktop.rules import base_movement as bm
from cs_desktop.rules.tables import LETTERS, get_tables

MIRROR = {"A": "B", "B": "A", "C": "C", "D": "E", "E": "D", "F": "G", "G": "F", "H": "H"}
# docs/conventions.md heading vectors (x right, y down)
VEC = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (1, 1), 5: (0, 1), 6: (-1, 1), 7: (-1, 0), 8: (-1, -1)}


@pytest.fixture(scope="module")
def T():
    return get_tables()


def test_7_0_table_regenerates_from_published_formula(T) -> None:
    model = T.base_movement_model
    generated = bm.generate(speed=model["speed"], k=model["k"])
    for ip in LETTERS:
        for nip in LETTERS:
            assert T.base_mp(ip, nip) == generated[ip][nip], (ip, nip)


def test_7_0_model_parameters_are_the_documented_ones(T) -> None:
    assert T.base_movement_model["k"] == 1
    assert dict(T.base_movement_model["speed"]) == {"A": 9, "B": 9, "C": 7, "D": 5, "E": 5, "F": 3, "G": 3, "H": 0}


@pytest.mark.parametrize("letter", LETTERS)
def test_7_0_step1_same_position_gives_zero(T, letter) -> None:
    assert T.base_mp(letter, letter) == (0, 0)


def test_7_0_step3_swapping_roles_swaps_the_pair(T) -> None:
    for ip in LETTERS:
        for nip in LETTERS:
            a, b = T.base_mp(ip, nip)
            assert T.base_mp(nip, ip) == (b, a), (ip, nip)


def test_7_0_mirror_symmetry_port_starboard(T) -> None:
    for ip in LETTERS:
        for nip in LETTERS:
            assert T.base_mp(MIRROR[ip], MIRROR[nip]) == T.base_mp(ip, nip), (ip, nip)


@pytest.mark.parametrize("other", LETTERS)
def test_7_0_step4_in_irons_has_zero_base(T, other) -> None:
    assert T.base_mp("H", other)[0] == 0
    assert T.base_mp(other, "H")[1] == 0


@pytest.mark.parametrize("letter", LETTERS)
def test_21_2_against_a_ship_in_irons_base_equals_zero_relativity(T, letter) -> None:
    assert T.base_mp(letter, "H")[0] == T.zero_relativity_mp(letter)


def test_1_1_values_stay_in_playable_range(T) -> None:
    values = [v for ip in LETTERS for nip in LETTERS for v in T.base_mp(ip, nip)]
    assert min(values) == 0
    assert max(values) == 13
    assert sum(1 for v in values if v > 12) == 4  # A-vs-E and B-vs-D only, both ships


def test_7_0_hand_computed_cells(T) -> None:
    # C (7) vs A (9), headings one point apart: 7 - 9*0.707 = 0.64 -> 1; 9 - 7*0.707 = 4.05 -> 5 (1.9 rounds up)
    assert T.base_mp("C", "A") == (1, 5)
    # A vs B: headings perpendicular, each keeps its own speed
    assert T.base_mp("A", "B") == (9, 9)
    # A vs G: opposite headings, closing speed 9 + 3 both ways
    assert T.base_mp("A", "G") == (12, 12)
    # D vs F one point apart: 5 - 3*0.707 = 2.88 -> 3; F: 3 - 5*0.707 < 0 -> 0
    assert T.base_mp("D", "F") == (3, 0)


def test_1_9_rounding_is_up_not_nearest() -> None:
    # 9 - 7*cos45 = 4.05: nearest would be 4, up is 5
    assert bm.base_mp("A", "C") == 5
    assert bm.base_mp("A", "C", k=0.5) == 3  # 2.02 -> 3


def test_1_2_letters_fix_the_angle_between_headings(T) -> None:
    """The table is indexed by letters only; check it against real headings and wind directions."""
    for wind_from in range(1, 9):
        for hi in range(1, 9):
            for hj in range(1, 9):
                li = T.letter_for((wind_from - hi) % 8)
                lj = T.letter_for((wind_from - hj) % 8)
                ui = [c / math.hypot(*VEC[hi]) for c in VEC[hi]]
                uj = [c / math.hypot(*VEC[hj]) for c in VEC[hj]]
                si, sj = T.zero_relativity_mp(li), T.zero_relativity_mp(lj)
                rel = si - sj * (uj[0] * ui[0] + uj[1] * ui[1])
                expected = 0 if li == "H" else max(0, math.ceil(rel - 1e-9))
                assert T.base_mp(li, lj)[0] == expected, (wind_from, hi, hj)
