"""Ship and scenario files (BRIEF 5): every bad input is a FileFormatError naming file, field and what was
expected -- never a traceback; round trips are exact; every shipped file validates; the committed schema
equals the generated one."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import cs_desktop
from cs_desktop.formats import schema
from cs_desktop.formats.files import (
    MAX_FILE_BYTES,
    FileFormatError,
    dump_scenario,
    dump_ship,
    load_scenario,
    load_scenario_with_ships,
    load_ship,
    parse_scenario,
    parse_ship,
    resolve_ships,
)
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.cli.validate import validate_paths

SCEN = cs_desktop.SCENARIOS
SHIPS = SCEN / "ships"
SCENARIO_FILES = sorted(SCEN.glob("*.json"))
SHIP_FILES = sorted(SHIPS.glob("*.json"))


def ship_data(name: str = "java") -> dict[str, Any]:
    return json.loads((SHIPS / f"{name}.json").read_text(encoding="utf-8"))


def scen_data(name: str = "constitution-vs-java") -> dict[str, Any]:
    return json.loads((SCEN / f"{name}.json").read_text(encoding="utf-8"))


def problems_of(exc: pytest.ExceptionInfo[FileFormatError]) -> dict[str, str]:
    return dict(exc.value.problems)


# ------------------------------------------------------------------------------------------- bad input


def test_bad_json_names_line_and_column() -> None:
    with pytest.raises(FileFormatError) as e:
        parse_ship('{"format": "captains-sea/ship",\n "version": 1 "id": "x"}', "bad.json")
    assert e.value.path == "bad.json"
    (field, problem), = e.value.problems
    assert field == "line 2, column 15" and "bad JSON" in problem
    assert str(e.value).startswith("bad.json: line 2, column 15: bad JSON")


@pytest.mark.parametrize("text, expect", [
    ("[1, 2]", "expected a JSON object"),
    ('{"format": NaN}', "NaN"),
    ('{"format": "a", "format": "b"}', "duplicate key"),
    ("[" * 100_000, "nested too deeply"),
    ("", "bad JSON"),
])
def test_bad_json_shapes(text: str, expect: str) -> None:
    with pytest.raises(FileFormatError) as e:
        parse_ship(text, "x.json")
    assert expect in str(e.value)


def test_wrong_type_names_field_and_expected_type() -> None:
    d = scen_data()
    d["sides"][0]["ships"][0]["heading"] = "north"
    d["wind"] = 2.5
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(d), "s.json")
    p = problems_of(e)
    assert "whole number" in p["sides[0].ships[0].heading"] and '"north"' in p["sides[0].ships[0].heading"]
    assert "wind" in p


def test_numbers_in_strings_are_refused() -> None:
    d = ship_data()
    d["crew_points"] = "16"
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    assert "crew_points" in problems_of(e)


def test_unknown_field_lists_the_fields_allowed_there() -> None:
    d = ship_data()
    d["colour"] = "red"
    d["gunnery"]["port_bow"][0]["guns"] = 2
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    p = problems_of(e)
    assert p["colour"].startswith("unknown field") and "hull_type" in p["colour"]
    assert p["gunnery.port_bow[0].guns"] == "unknown field; the fields here are: long, carronades"


def test_missing_field() -> None:
    d = ship_data()
    del d["hull_type"]
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    assert problems_of(e) == {"hull_type": "required field is missing"}


def test_bad_choice_lists_the_choices() -> None:
    d = ship_data()
    d["hull_type"] = "speedy"
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    assert "'slow', 'average' or 'fast'" in problems_of(e)["hull_type"]


def test_union_field_reports_the_branch_that_fits() -> None:
    d = scen_data()
    d["sides"][0]["ships"][0]["start"] = "E"
    d["sides"][1]["ships"][0]["ship"] = 7
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(d), "s.json")
    p = problems_of(e)
    assert "'A', 'B', 'C' or 'D'" in p["sides[0].ships[0].start"]
    assert p["sides[1].ships[0].ship"].startswith("expected a ship id (text) or a ShipCard object")


def test_inline_card_errors_name_the_nested_field() -> None:
    d = scen_data()
    card = ship_data()
    del card["rigging_points"]
    d["sides"][1]["ships"][0]["ship"] = card
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(d), "s.json")
    assert problems_of(e) == {"sides[1].ships[0].ship.rigging_points": "required field is missing"}


def test_model_check_names_its_field() -> None:
    d = scen_data()
    d["weather_gauge"] = "fr"
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(d), "s.json")
    assert "not one of" in problems_of(e)["weather_gauge"]


def test_gunnery_track_must_not_decrease() -> None:
    d = ship_data()
    d["gunnery"]["port_bow"][2]["long"] = 0
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    assert "never decreases" in problems_of(e)["gunnery.port_bow[2]"]


@pytest.mark.parametrize("version", [2, 0, "1", None, True])
def test_wrong_version_says_which_are_supported(version: Any) -> None:
    d = ship_data()
    if version is None:
        del d["version"]
    else:
        d["version"] = version
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    assert "supported versions: 1" in problems_of(e)["version"]


def test_wrong_format_says_what_the_file_is() -> None:
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(ship_data()), "s.json")
    assert "this is a ship file" in problems_of(e)["format"]
    d = ship_data()
    del d["format"]
    with pytest.raises(FileFormatError) as e:
        parse_ship(json.dumps(d), "s.json")
    assert "captains-sea/ship" in problems_of(e)["format"]


def test_too_big_file_is_refused_before_reading(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    p.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(FileFormatError) as e:
        load_ship(p)
    assert "limit" in str(e.value) and e.value.path == str(p)
    with pytest.raises(FileFormatError):
        parse_ship(" " * (MAX_FILE_BYTES + 1), "text")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError) as e:
        load_scenario(tmp_path / "nope.json")
    assert problems_of(e) == {"(file)": "file not found"}


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError) as e:
        load_ship(tmp_path)
    assert "folder" in str(e.value)


def test_not_utf8(tmp_path: Path) -> None:
    p = tmp_path / "latin1.json"
    p.write_bytes('{"name": "Guerrière"}'.encode("latin-1"))
    with pytest.raises(FileFormatError) as e:
        load_ship(p)
    assert "not UTF-8" in str(e.value)


def test_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + (SHIPS / "java.json").read_bytes())
    assert load_ship(p) == load_ship(SHIPS / "java.json")


def test_missing_ship_id_names_scenario_file_and_field(tmp_path: Path) -> None:
    d = scen_data()
    d["sides"][1]["ships"][0]["ship"] = "hms-nowhere"
    p = tmp_path / "s.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        load_scenario_with_ships(p)
    assert e.value.path == str(p)
    assert "hms-nowhere.json" in problems_of(e)["sides[1].ships[0].ship"]


def test_ship_file_with_other_id(tmp_path: Path) -> None:
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "java.json").write_text(json.dumps(ship_data("shannon")), encoding="utf-8")
    s = parse_scenario(json.dumps(scen_data()), "s.json")
    with pytest.raises(FileFormatError) as e:
        resolve_ships(s, "s.json", [tmp_path / "ships"])
    assert "'shannon'" in problems_of(e)["sides[1].ships[0].ship"]


def test_local_ships_folder_comes_first(tmp_path: Path) -> None:
    (tmp_path / "ships").mkdir()
    local = ship_data("java")
    local["name"] = "Java (refitted)"
    (tmp_path / "ships" / "java.json").write_text(json.dumps(local), encoding="utf-8")
    p = tmp_path / "s.json"
    p.write_text(json.dumps(scen_data()), encoding="utf-8")
    _, ships = load_scenario_with_ships(p)
    assert ships["java"].name == "Java (refitted)"
    assert ships["constitution"] == load_ship(SHIPS / "constitution.json")


def test_crew_quality_must_be_offered_by_the_card(tmp_path: Path) -> None:
    d = scen_data()
    card = ship_data()
    card["crew_quality_options"] = ["green", "average"]
    d["sides"][1]["ships"][0]["ship"] = card
    d["sides"][1]["ships"][0]["crew_quality"] = "crack"
    s = parse_scenario(json.dumps(d), "s.json")
    with pytest.raises(FileFormatError) as e:
        resolve_ships(s, "s.json", [SHIPS])
    assert "crew qualities" in problems_of(e)["sides[1].ships[0].crew_quality"]


def test_in_irons_start_is_an_error() -> None:
    d = scen_data()  # wind 6 blows toward SW, i.e. from 2 (NE)
    d["sides"][0]["ships"][0]["heading"] = 2
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(d), "s.json")
    assert "In Irons" in problems_of(e)["sides[0].ships[0].heading"]


def test_start_square_must_fit_the_engagement() -> None:
    d = scen_data()
    d["sides"][0]["ships"][0]["start"] = "C"
    d["sides"][1]["ships"][0]["start"] = [99, 3]
    with pytest.raises(FileFormatError) as e:
        parse_scenario(json.dumps(d), "s.json")
    p = problems_of(e)
    assert "meeting" in p["sides[0].ships[0].start"]
    assert "off the map" in p["sides[1].ships[0].start"]


def test_no_traceback_for_garbage(tmp_path: Path) -> None:
    """Whatever the bytes, loading raises FileFormatError or succeeds."""
    samples = [b"\x00\x01", b"{}", b'{"format": "captains-sea/scenario", "version": 1, "sides": {}}',
               b'{"format": "captains-sea/ship", "version": 1, "gunnery": [1]}', b"1e999", b'"text"',
               b'{"format": ["x"]}', b'{"format": "captains-sea/ship", "version": 1, "crew_red_boxes": {"a": 1}}',
               b"9" * 5000]
    for i, raw in enumerate(samples):
        p = tmp_path / f"g{i}.json"
        p.write_bytes(raw)
        for loader in (load_ship, load_scenario, load_scenario_with_ships):
            with pytest.raises(FileFormatError):
                loader(p)
        assert validate_paths([p])


# ------------------------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("path", SHIP_FILES, ids=lambda p: p.stem)
def test_ship_round_trip(path: Path) -> None:
    card = load_ship(path)
    text = dump_ship(card)
    assert parse_ship(text, "x") == card
    assert dump_ship(parse_ship(text, "x")) == text
    assert text == path.read_text(encoding="utf-8"), "shipped file is not in dump_ship's stable form"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_scenario_round_trip(path: Path) -> None:
    s = load_scenario(path)
    text = dump_scenario(s)
    assert parse_scenario(text, "x") == s
    assert text == path.read_text(encoding="utf-8")


def test_round_trip_with_inline_card_and_options() -> None:
    d = scen_data()
    d["sides"][1]["ships"][0]["ship"] = ship_data()
    d["options"] = {"relativity": "zero", "bid": {"us": 3}, "turn_limit": 20}
    d["victory_override"] = {"gb": {"multiplier": 2.5, "bonus": 4}}
    s = parse_scenario(json.dumps(d), "x")
    assert isinstance(s.sides[1].ships[0].ship, ShipCard)
    assert parse_scenario(dump_scenario(s), "x") == s


# ------------------------------------------------------------------------------------------- shipped files


def test_every_shipped_file_validates() -> None:
    assert validate_paths([SCEN]) == []


def test_shipped_content_is_complete() -> None:
    ids = {load_scenario(p).id for p in SCENARIO_FILES}
    assert len(ids) == 11
    for p in SCENARIO_FILES:
        s, ships = load_scenario_with_ships(p)
        assert s.historical_outcome.summary and s.sources and s.description and s.location
        assert all(ss.ship_id in ships for side in s.sides for ss in side.ships)
        letters = {ss.start for side in s.sides for ss in side.ships if isinstance(ss.start, str)}
        assert letters <= ({"A", "B"} if s.engagement == "meeting" else {"C", "D"})
    multi = [load_scenario(p) for p in SCENARIO_FILES if sum(len(sd.ships) for sd in load_scenario(p).sides) == 3]
    assert [m.id for m in multi] == ["president-vs-belvidera-3-ship"]


def test_ship_file_names_match_ids() -> None:
    for p in SHIP_FILES:
        assert load_ship(p).id == p.stem


# ------------------------------------------------------------------------------------------- schema


def test_committed_schema_equals_generated() -> None:
    for name, doc in schema.schemas().items():
        committed = (schema.SCHEMA_DIR / name).read_text(encoding="utf-8")
        assert committed == schema.render(doc), f"run `python3 -m cs_desktop.formats.schema` to refresh {name}"


def test_schema_matches_models() -> None:
    docs = schema.schemas()
    assert docs["ship.schema.json"]["properties"].keys() == ShipCard.model_fields.keys()
    assert docs["scenario.schema.json"]["properties"].keys() == Scenario.model_fields.keys()
    assert docs["ship.schema.json"]["additionalProperties"] is False


def test_file_format_error_str_one_line_per_problem() -> None:
    e = FileFormatError("f.json", [("a", "x"), ("b.c[0]", "y")])
    assert str(e) == "f.json: a: x\nf.json: b.c[0]: y"
    assert copy.copy(e.problems) == [("a", "x"), ("b.c[0]", "y")]


def test_atomic_write_text_keeps_permissions_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    """Saves and exports share files.atomic_write_text: a new file is rw-r--r-- (not mkstemp's owner-only),
    a replaced file keeps its mode, and only the target is left in the folder."""
    import os
    import stat

    from cs_desktop.formats.files import atomic_write_text

    new = tmp_path / "new.json"
    atomic_write_text(new, "{}\n")
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    os.chmod(new, 0o640)
    atomic_write_text(new, "{\"a\": 1}\n")
    assert stat.S_IMODE(new.stat().st_mode) == 0o640 and new.read_text(encoding="utf-8") == "{\"a\": 1}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["new.json"]
