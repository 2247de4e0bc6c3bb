"""Campaign folders (issue 15, item 1): read with the careful reader, checked across files; a bad file is named
with the field and the problem (docs/campaign-format.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.campaign.folder import find_campaign, load_campaign, shipped_campaigns, validate_campaign
from cs_desktop.cli.main import main

SHIPPED = cs_desktop.SCENARIOS / "campaigns" / "constitution-1812"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "camp"
    shutil.copytree(SHIPPED, target)
    return target


def _edit(folder: Path, name: str, change: object) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_shipped_campaign_loads_with_its_cards() -> None:
    assert SHIPPED in shipped_campaigns()
    c = load_campaign(SHIPPED)
    assert c.campaign.player.ship == "constitution"
    assert {"constitution", "guerriere", "java", "cyane", "levant"} <= set(c.cards)
    assert find_campaign("constitution-1812") == SHIPPED
    for area in c.areas.areas:
        for month in range(1, 13):
            assert c.weather_for(area.id, month).area == area.id


def test_every_historical_value_cites_a_source() -> None:
    c = load_campaign(SHIPPED)
    assert all(e.sources for e in c.history.events)
    assert all(b.sources for b in c.history.scripted)
    assert all(s.sources for s in c.sailings.sailings)
    for card in ("cyane", "levant"):
        assert c.cards[card].sources


def test_bad_json_names_file_and_line(copy: Path) -> None:
    (copy / "areas.json").write_text('{"format": "captains-sea/campaign-areas", "version": 1,,}', encoding="utf-8")
    lines = validate_campaign(copy)
    assert len(lines) == 1 and lines[0].startswith(f"{copy / 'areas.json'}: line 1, column")


def test_wrong_type_names_the_field(copy: Path) -> None:
    _edit(copy, "areas.json", lambda d: d["ports"][0].__setitem__("repair", "eight"))
    lines = validate_campaign(copy)
    assert lines and lines[0].startswith(f"{copy / 'areas.json'}: ports[0].repair: ")


def test_weather_percentages_must_add_to_100(copy: Path) -> None:
    _edit(copy, "weather.json", lambda d: d["weather"][0]["strength"].__setitem__("calm", 50))
    lines = validate_campaign(copy)
    assert any("weather[0]" in line and "add up to 145, expected 100" in line for line in lines), lines


def test_every_area_needs_weather_for_every_month(copy: Path) -> None:
    _edit(copy, "weather.json", lambda d: d["weather"].pop(0))
    lines = validate_campaign(copy)
    assert f"{copy / 'weather.json'}: weather: area 'american-coast', month 10: no entry" in lines


def test_unknown_ship_card_is_named(copy: Path) -> None:
    _edit(copy, "sailings.json", lambda d: d["sailings"][0]["ships"].__setitem__(0, "no-such-ship"))
    lines = validate_campaign(copy)
    assert lines[0].startswith(f"{copy / 'sailings.json'}: sailings[0].ships[0]: no ship card no-such-ship.json")


def test_port_in_unknown_area_and_player_port(copy: Path) -> None:
    _edit(copy, "areas.json", lambda d: d["ports"][0].__setitem__("area", "atlantis"))
    lines = validate_campaign(copy)
    assert any(line.startswith(f"{copy / 'areas.json'}: ports[0].area: no area 'atlantis'") for line in lines)
    _edit(copy, "areas.json", lambda d: d["ports"][0].__setitem__("area", "american-coast"))
    _edit(copy, "campaign.json", lambda d: d["player"].__setitem__("port", "halifax"))
    assert validate_campaign(copy) == [f"{copy / 'campaign.json'}: player.port: port 'halifax' is not a US port"]


def test_dates_outside_the_calendar(copy: Path) -> None:
    _edit(copy, "history.json", lambda d: d["scripted"][0].__setitem__("date", "1799-02-09"))
    lines = validate_campaign(copy)
    assert lines == [f"{copy / 'history.json'}: scripted[0].date: 1799-02-09 is outside the calendar 1812-07..1815-04"]


def test_a_scripted_battle_needs_a_source(copy: Path) -> None:
    _edit(copy, "history.json", lambda d: d["scripted"][0].__setitem__("sources", []))
    lines = validate_campaign(copy)
    assert lines and lines[0].startswith(f"{copy / 'history.json'}: scripted[0].sources: ")


def test_missing_part_and_wrong_format(copy: Path) -> None:
    (copy / "sailings.json").unlink()
    assert validate_campaign(copy) == [f"{copy / 'sailings.json'}: (file): file not found"]
    shutil.copy(copy / "areas.json", copy / "sailings.json")
    lines = validate_campaign(copy)
    assert lines[0].startswith(f"{copy / 'sailings.json'}: format: ")


def test_validate_command_checks_a_campaign_folder(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(copy)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"ok: {copy}"]
    _edit(copy, "campaign.json", lambda d: d["calendar"].__setitem__("end", "1811-01"))
    assert main(["validate", str(copy)]) == 2
    out = capsys.readouterr().out
    assert f"{copy / 'campaign.json'}: calendar.end: 1811-01 is before start 1812-07" in out


def test_problems_in_several_files_are_all_listed(copy: Path) -> None:
    _edit(copy, "areas.json", lambda d: d["ports"][0].__setitem__("area", "atlantis"))
    _edit(copy, "history.json", lambda d: d["scripted"][0].__setitem__("area", "atlantis"))
    lines = validate_campaign(copy)
    assert any(line.startswith(f"{copy / 'areas.json'}: ports[0].area: no area 'atlantis'") for line in lines)
    assert any(line.startswith(f"{copy / 'history.json'}: scripted[0].area: no area 'atlantis'") for line in lines)


def test_15_6_positions_are_optional_and_checked(tmp_path: Path) -> None:
    """Issue 15 item 6: the map's optional positions; a latitude off the map is refused naming the field."""
    from cs_desktop.formats.jsonread import FileFormatError

    folder = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812", folder)
    c = load_campaign(folder)
    assert all(a.position is not None for a in c.areas.areas) and c.port("boston").position is not None
    areas = json.loads((folder / "areas.json").read_text(encoding="utf-8"))
    del areas["areas"][0]["position"]
    areas["ports"][0]["position"] = {"lat": 95, "lon": -71}
    (folder / "areas.json").write_text(json.dumps(areas), encoding="utf-8")
    with pytest.raises(FileFormatError) as err:
        load_campaign(folder)
    assert "areas.json" in str(err.value) and "ports[0].position.lat" in str(err.value)
