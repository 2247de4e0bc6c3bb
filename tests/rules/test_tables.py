"""Rules data tables: text-fixed values, designed-table properties, and loader validation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.rules import tables as tables_mod
from cs_desktop.rules.tables import (
    HULL_TYPES,
    LETTERS,
    TABLE_FILES,
    ManeuverSpec,
    Tables,
    TablesError,
    expected_damage_shares,
    get_tables,
    load_tables,
)

FOLDER = cs_desktop.RESOURCES / "tables"


@pytest.fixture(scope="module")
def T() -> Tables:
    return get_tables()


@pytest.fixture()
def copy(tmp_path) -> Path:
    dest = tmp_path / "tables"
    shutil.copytree(FOLDER, dest)
    return dest


def edit(folder: Path, name: str, fn) -> None:
    path = folder / TABLE_FILES[name]
    data = json.loads(path.read_text(encoding="utf-8"))
    fn(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# ------------------------------------------------------------------------------ loading, provenance


def test_get_tables_is_cached_and_reloadable() -> None:
    a = get_tables()
    assert get_tables() is a
    b = get_tables(reload=True)
    assert b is not a and get_tables() is b


def test_default_folder_is_resources_tables() -> None:
    assert tables_mod.default_folder() == FOLDER
    assert set(TABLE_FILES.values()) <= {p.name for p in FOLDER.glob("*.json")}


def _groups(obj, path=""):
    if isinstance(obj, dict):
        if "provenance" in obj:
            yield path, obj["provenance"]
        for k, v in obj.items():
            if k != "provenance":
                yield from _groups(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _groups(v, f"{path}[{i}]")


@pytest.mark.parametrize("file", sorted(TABLE_FILES.values()))
def test_every_file_and_group_states_its_provenance(file) -> None:
    data = json.loads((FOLDER / file).read_text(encoding="utf-8"))
    assert "provenance" in data
    groups = list(_groups(data))
    assert len(groups) >= 2, "top-level plus at least one table group"
    detail = {"rules-text": "source", "derived": "formula", "designed": "why"}
    for path, prov in groups:
        assert prov["kind"] in detail, (file, path)
        assert prov[detail[prov["kind"]]].strip(), (file, path)


def test_edits_to_the_files_are_picked_up(copy) -> None:
    edit(copy, "reload", lambda d: d["reload_impulses"]["values"].__setitem__("crack", 7))
    edit(copy, "base_movement", lambda d: d["cells"]["values"]["A"].__setitem__("B", [8, 10]))
    t = load_tables(copy)
    assert t.reload_impulses("crack") == 7
    assert t.base_mp("A", "B") == (8, 10)
    assert get_tables().reload_impulses("crack") == 6


def test_load_missing_file_names_it(copy) -> None:
    (copy / "map.json").unlink()
    with pytest.raises(TablesError, match=r"map\.json: missing file"):
        load_tables(copy)


def test_load_bad_json_names_file(copy) -> None:
    (copy / "reload.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(TablesError, match=r"reload\.json: not valid JSON"):
        load_tables(copy)


def test_load_missing_provenance_names_file_and_key(copy) -> None:
    edit(copy, "hull_bonus", lambda d: d["table"].pop("provenance"))
    with pytest.raises(TablesError, match=r"hull_bonus\.json: table\.provenance: missing"):
        load_tables(copy)


def test_load_bad_provenance_kind(copy) -> None:
    edit(copy, "map", lambda d: d["provenance"].__setitem__("kind", "guessed"))
    with pytest.raises(TablesError, match=r"map\.json: provenance\.kind"):
        load_tables(copy)


def test_load_designed_without_why(copy) -> None:
    edit(copy, "map", lambda d: d["size"]["provenance"].pop("why"))
    with pytest.raises(TablesError, match=r"map\.json: size\.provenance\.why: missing"):
        load_tables(copy)


def test_load_damage_cell_not_summing_to_hits(copy) -> None:
    edit(copy, "damage_effects", lambda d: d["table"]["columns"]["4"]["cells"].__setitem__("9", [4, 1, 0]))
    with pytest.raises(TablesError, match=r"damage_effects\.json: table\.columns\.4\.cells\.9: .*sums to 5"):
        load_tables(copy)


def test_load_base_movement_missing_cell(copy) -> None:
    edit(copy, "base_movement", lambda d: d["cells"]["values"]["C"].pop("G"))
    with pytest.raises(TablesError, match=r"base_movement\.json: cells\.values\.C: missing letters \['G'\]"):
        load_tables(copy)


def test_load_non_integer_value(copy) -> None:
    edit(copy, "reload", lambda d: d["reload_impulses"]["values"].__setitem__("green", "12"))
    with pytest.raises(TablesError, match=r"reload\.json: reload_impulses\.values\.green: expected an integer"):
        load_tables(copy)


def test_9_1_restriction6_file_may_not_wear_into_h(copy) -> None:
    edit(copy, "control_panel", lambda d: d["wear"]["values"].__setitem__("F", {"H": 1}))
    with pytest.raises(TablesError, match=r"control_panel\.json: wear\.values\.F\.H: .*Tack"):
        load_tables(copy)


def test_9_1_2_file_may_not_wear_to_a_superior_position(copy) -> None:
    edit(copy, "control_panel", lambda d: d["wear"]["values"].__setitem__("D", {"A": 1}))
    with pytest.raises(TablesError, match=r"wear\.values\.D\.A: .*inferior"):
        load_tables(copy)


def test_1_4_file_must_list_each_speed_s_times(copy) -> None:
    edit(copy, "impulse_track", lambda d: d["boxes"]["values"]["3"].remove(4))
    with pytest.raises(TablesError, match=r"impulse_track\.json: boxes\.values: speed 4"):
        load_tables(copy)


# ------------------------------------------------------------------------------ wind positions


def test_1_2_letter_for_follows_conventions(T) -> None:
    assert [T.letter_for(r) for r in range(8)] == ["H", "G", "E", "B", "C", "A", "D", "F"]
    assert T.letter_for(-1) == "F" and T.letter_for(12) == "C"
    for r in range(8):
        assert T.r_for(T.letter_for(r)) == r


def test_7_0_step2_running_wind_from_astern_is_c(T) -> None:
    heading = 1  # north; wind blows toward north, so it comes from the south (5): stern to bow
    wind_from = (1 + 4 - 1) % 8 + 1
    assert T.letter_for((wind_from - heading) % 8) == "C"
    assert T.letter_for(0) == "H"


def test_21_2_position_rank_and_zero_relativity(T) -> None:
    assert {x: T.position_rank(x) for x in LETTERS} == {"A": 4, "B": 4, "C": 3, "D": 2, "E": 2, "F": 1, "G": 1, "H": 0}
    assert {x: T.zero_relativity_mp(x) for x in LETTERS} == {"A": 9, "B": 9, "C": 7, "D": 5, "E": 5, "F": 3, "G": 3, "H": 0}
    with pytest.raises(ValueError):
        T.position_rank("Z")


# ------------------------------------------------------------------------------ hull bonus


def test_3_1_fast_is_average_plus_one_slow_minus_one(T) -> None:
    lo, hi = T.hull_bonus_rolls
    for roll in range(lo, hi + 1):
        assert T.hull_bonus("fast", roll) == T.hull_bonus("average", roll + 1)
        assert T.hull_bonus("slow", roll) == T.hull_bonus("average", roll - 1)


def test_7_0_step6_hull_bonus_values(T) -> None:
    assert [T.hull_bonus("average", d) for d in range(1, 7)] == [0, 1, 1, 2, 2, 3]
    assert [T.hull_bonus("fast", d) for d in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert [T.hull_bonus("slow", d) for d in range(1, 7)] == [0, 0, 1, 1, 2, 2]


def test_7_0_step6_hull_bonus_is_small_monotone_and_clamped(T) -> None:
    lo, hi = T.hull_bonus_rolls
    for hull in HULL_TYPES:
        col = [T.hull_bonus(hull, r) for r in range(lo, hi + 1)]
        assert col == sorted(col) and 0 <= min(col) and max(col) <= 3
        assert T.hull_bonus(hull, lo - 5) == col[0]
        assert T.hull_bonus(hull, hi + 5) == col[-1]
    with pytest.raises(ValueError):
        T.hull_bonus("clipper", 3)


# ------------------------------------------------------------------------------ impulse track


def test_1_4_twelve_impulses(T) -> None:
    assert T.track.impulses == 12


def test_1_4_speed_6_activates_even_impulses(T) -> None:
    assert T.track.activation_impulses(6) == (2, 4, 6, 8, 10, 12)
    assert all(T.track.activations(6, i) == (1 if i % 2 == 0 else 0) for i in range(1, 13))


def test_7_0_step8_box_12_lists_every_speed_box_1_only_12(T) -> None:
    assert T.track.impulse_box(12) == frozenset(range(1, 13))
    assert T.track.impulse_box(1) == frozenset({12})


@pytest.mark.parametrize("speed", range(0, 31))
def test_1_4_activations_match_the_even_spread_formula(T, speed) -> None:
    for i in range(1, 13):
        assert T.track.activations(speed, i) == (i * speed) // 12 - ((i - 1) * speed) // 12, (speed, i)
    assert sum(T.track.activations(speed, i) for i in range(1, 13)) == speed


def test_1_4_speed_above_12_activates_twice_in_some_impulses(T) -> None:
    assert T.track.activation_impulses(15) == (1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 12)
    assert max(T.track.activations(13, i) for i in range(1, 13)) == 2
    assert T.track.activations(13, 12) == 2 and T.track.activations(13, 11) == 1


def test_1_4_speed_zero_never_activates(T) -> None:
    assert T.track.activation_impulses(0) == ()
    assert T.track.activations(-2, 5) == 0
    with pytest.raises(ValueError):
        T.track.activations(6, 13)


# ------------------------------------------------------------------------------ control panel


def test_9_1_1_advance_costs_two_across_a_side_three_across_a_corner(T) -> None:
    adv = T.maneuvers["advance"]
    assert isinstance(adv, ManeuverSpec)
    assert (adv.cost_side, adv.cost_corner, adv.free_turn) == (2, 3, "superior")
    assert adv.provenance.startswith("rules-text")


def test_9_1_designed_costs(T) -> None:
    assert T.maneuvers["back_sail"].cost == 2
    assert T.maneuvers["tack"].cost == 2
    assert T.maneuvers["fall_off"].cost == 0
    assert T.maneuvers["wear"].cost is None
    assert len({m.block for m in T.maneuvers.values()}) == len(T.maneuvers)


def test_9_1_panels_by_wind_position(T) -> None:
    assert T.panel("A") == T.panel("B") == ("advance", "wear", "back_sail")
    assert T.panel("C") == ("advance", "back_sail")
    assert T.panel("D") == T.panel("E") == ("advance", "wear", "back_sail")
    assert T.panel("F") == T.panel("G") == ("advance", "tack", "back_sail")
    assert T.panel("H") == ("fall_off",)


def test_9_1_4_tack_only_from_f_and_g(T) -> None:
    assert [x for x in LETTERS if "tack" in T.panel(x)] == ["F", "G"]
    assert T.tack.from_letters == ("F", "G")
    assert (T.tack.success_at, T.tack.near_enemy_mp, T.tack.near_enemy_modifier) == (5, 6, -1)


def test_9_1_2_wear_costs(T) -> None:
    assert T.wear_cost("A", "C") == 1 and T.wear_cost("B", "C") == 1  # bearing away
    assert T.wear_cost("A", "D") == 2 and T.wear_cost("B", "E") == 2  # luffing
    assert T.wear_cost("D", "F") == 2 and T.wear_cost("E", "G") == 2
    for frm, to in [("C", "A"), ("A", "E"), ("F", "H"), ("D", "A"), ("G", "H")]:
        with pytest.raises(ValueError):
            T.wear_cost(frm, to)


def test_9_1_2_wear_one_point_to_inferior_and_only_where_offered(T) -> None:
    for frm in LETTERS:
        targets = T.wear_targets(frm)
        assert bool(targets) == ("wear" in T.panel(frm)), frm
        for to in targets:
            assert T.position_rank(to) < T.position_rank(frm)
            assert min((T.r_for(to) - T.r_for(frm)) % 8, (T.r_for(frm) - T.r_for(to)) % 8) == 1


def test_9_1_restriction6_nothing_turns_into_h_except_tack(T) -> None:
    for frm in LETTERS:
        assert "H" not in T.wear_targets(frm)
    assert "H" not in T.fall_off_to
    assert T.fall_off_to == ("F", "G")


def test_9_1_5_straining_blocks(T) -> None:
    assert T.straining == (1, 2)


# ------------------------------------------------------------------------------ map


def test_2_0_map_compass_at_centre_and_named_squares(T) -> None:
    m = T.map
    assert (m.width, m.height) == (32, 24)
    assert m.compass == (m.width // 2, m.height // 2)
    assert set(m.start) == {"A", "B", "C", "D"}
    for x, y in m.start.values():
        assert 0 <= x < m.width and 0 <= y < m.height
    (ax, ay), (bx, by) = m.start["A"], m.start["B"]
    assert max(abs(ax - bx), abs(ay - by)) == 12
    (cx, cy), (dx, dy) = m.start["C"], m.start["D"]
    assert 6 <= max(abs(cx - dx), abs(cy - dy)) <= 8


# ------------------------------------------------------------------------------ reloading


def test_11_7_reload_impulses_by_crew_quality(T) -> None:
    assert (T.reload_impulses("crack"), T.reload_impulses("average"), T.reload_impulses("green")) == (6, 9, 12)
    with pytest.raises(ValueError):
        T.reload_impulses("veteran")


def test_10_0_special_loads_two_impulses_later(T) -> None:
    assert T.special_load_delay == 2


# ------------------------------------------------------------------------------ damage effects


def test_11_4_8_cells_sum_to_hits_for_any_count(T) -> None:
    for hits in range(0, 40):
        for total in range(-2, 24):
            assert sum(T.damage.effects(hits, total)) == hits, (hits, total)


def test_11_4_8_totals_outside_table_are_clamped(T) -> None:
    assert T.damage.effects(7, -1) == T.damage.effects(7, 3)
    assert T.damage.effects(7, 21) == T.damage.effects(7, 18)
    assert T.damage.effects(0, 10) == (0, 0, 0)


def test_11_4_8_high_totals_favour_rigging_low_totals_hull(T) -> None:
    for hits in range(1, T.damage.max_hits + 1):
        prev = None
        for total in range(3, 19):
            h, r, c = T.damage.effects(hits, total)
            if prev:
                assert r >= prev[1] and h <= prev[0], (hits, total)
            prev = (h, r, c)
        assert T.damage.effects(hits, 3)[0] >= T.damage.effects(hits, 3)[1]
        assert T.damage.effects(hits, 18)[1] >= T.damage.effects(hits, 18)[0]


def test_11_4_8_crew_hits_peak_in_the_middle(T) -> None:
    h, r, c = T.damage.effects(15, 10)
    assert c > T.damage.effects(15, 3)[2] and c > T.damage.effects(15, 18)[2]


def test_11_4_8_more_hits_than_table_split_into_max_column_plus_rest(T) -> None:
    n = T.damage.max_hits
    for total in (3, 10, 11, 18):
        a, b = T.damage.effects(n, total), T.damage.effects(4, total)
        assert T.damage.effects(n + 4, total) == tuple(x + y for x, y in zip(a, b))


def test_11_4_8_unmodified_roll_shares_are_balanced(T) -> None:
    for hits in (1, 5, 10, 15):
        hull, rig, crew = expected_damage_shares(T, hits)
        assert abs(hull + rig + crew - 1) < 1e-9
        assert abs(hull - rig) < 0.05  # 3d6 is symmetric about 10.5
    hull, rig, crew = expected_damage_shares(T, 15)
    assert 0.2 <= crew <= 0.3
    hi = expected_damage_shares(T, 10, +2)  # aiming High, Handy
    lo = expected_damage_shares(T, 10, -2)
    assert hi[1] > hi[0] and lo[0] > lo[1]


def test_11_4_8_table_regenerates_from_published_model(T) -> None:
    data = json.loads((FOLDER / "damage_effects.json").read_text(encoding="utf-8"))
    assert data["table"]["columns"] == tables_mod.generate_damage_effects(model=data["model"]["parameters"])


def test_11_5_header_from_11_footer_to_10(T) -> None:
    # footer red from 3 hits, header from 5 (designed)
    assert T.damage.fire_check_dice(3, 10) == 1 and T.damage.fire_check_dice(3, 11) == 0
    assert T.damage.fire_check_dice(5, 11) == 1 and T.damage.fire_check_dice(2, 4) == 0
    assert T.damage.fire_check_dice(0, 4) == 0


def test_11_5_red_iff_fire_dice_and_more_hits_never_fewer_dice(T) -> None:
    data = json.loads((FOLDER / "damage_effects.json").read_text(encoding="utf-8"))
    for col in data["table"]["columns"].values():
        for part in ("header", "footer"):
            assert col[part]["red"] == (col[part]["fire_dice"] > 0)
    for total in (4, 15):
        dice = [T.damage.fire_check_dice(h, total) for h in range(1, 30)]
        assert dice == sorted(dice) and max(dice) <= 3


# ------------------------------------------------------------------------------ morale effects


def test_11_4_11_more_hits_and_lower_die_give_more_dice(T) -> None:
    for die in range(0, 8):
        row = [T.morale.check_dice(die, h) for h in range(1, 16)]
        assert row == sorted(row) and 0 <= min(row) and max(row) <= 3
    for hits in range(1, 16):
        col = [T.morale.check_dice(d, hits) for d in range(0, 8)]
        assert col == sorted(col, reverse=True)
    assert T.morale.check_dice(7, 1) == 0 and T.morale.check_dice(0, 15) == 3


def test_11_4_11_clamps_and_zero_hits(T) -> None:
    assert T.morale.check_dice(-3, 4) == T.morale.check_dice(0, 4)
    assert T.morale.check_dice(9, 14) == T.morale.check_dice(7, 14)
    assert T.morale.check_dice(2, 40) == T.morale.check_dice(2, 15)
    assert T.morale.check_dice(0, 0) == 0


def test_11_4_11_table_regenerates_from_published_model(T) -> None:
    data = json.loads((FOLDER / "morale_effects.json").read_text(encoding="utf-8"))
    assert data["table"]["rows"] == tables_mod.generate_morale_effects(model=data["model"]["parameters"])
