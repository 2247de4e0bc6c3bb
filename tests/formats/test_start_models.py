"""Issue 31, item 6: the files a start reads -- the session lock, the autosave's meta, the campaign battle mark --
and the campaign save are validated by pydantic models (play/autosave.SessionLock, savegame.SaveMeta,
play/campaign_mark.MarkFile, campaign/play.CampaignSaveFile with campaign/state's ranges): every number
range-checked, every type checked. A bad file gives an error naming the file, the field and the problem; the start
goes on and the bad file is set aside byte for byte, never deleted.

API tested: play.startup.check_data_folder and the start that follows it (what gui/start.open_main_window does
without the window: crashed_campaign_battle, AutosaveStore.start_session), play.autosave.read_lock,
play.campaign_mark.parse_mark, campaign.play.load -- on real files in tmp_path.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import cs_desktop
from cs_desktop.campaign.headless import load, save, start
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.play.autosave import AUTOSAVE_NAME, CAMPAIGN_MARK_NAME, LOCK_NAME, AutosaveStore, read_lock
from cs_desktop.play.campaign_mark import CampaignMark, crashed_campaign_battle
from cs_desktop.play.startup import check_data_folder
from tests.formats.test_savegame import played_game


def _start(folder: Path) -> tuple[str, Any]:
    """The start without the window (gui/start.open_main_window): check the folder, look for a battle or a game
    to offer, take the lock. Returns the damaged-files message and what is offered."""
    report = check_data_folder(folder)
    store = AutosaveStore(folder)
    lock_damaged = any(s.path.name == LOCK_NAME for s in report.set_aside)
    battle = crashed_campaign_battle(store, lock_damaged)
    found = store.start_session()
    assert read_lock(folder / LOCK_NAME) == os.getpid()  # this session holds the lock: the start went on
    return report.message(), battle or found


def _set_aside_and_started(folder: Path, name: str, bad: bytes, field: str, problem: str) -> None:
    message, offered = _start(folder)
    assert f"({folder / name}) is damaged: " in message, message
    if field == "line":  # cut short: "line L, column C: bad JSON: ...; the file looks cut short"
        assert "line " in message and problem in message, message
    else:
        assert f"{field}: {problem}" in message, message
    [aside] = folder.glob(f"{name}.damaged-*")
    assert aside.read_bytes() == bad and aside.name in message  # kept, byte for byte
    assert offered is None
    assert _start(folder)[0] == ""  # reported once


# ---------------------------------------------------------------------------------------------- the lock

@pytest.mark.parametrize("text, field, problem", [
    (f"{2**31} 1700000000", "pid", "must be at most 2147483647, got 2147483648"),
    ("0 1700000000", "pid", "must be at least 1, got 0"),
    ("12.5 1700000000", "pid", "input should be a valid integer"),
    ("twelve 1700000000", "pid", "input should be a valid integer"),
    ("12 -1", "time", "must be at least 0.0, got -1.0"),
    ("12 1e300", "time", "must be at most 100000000000.0, got 1e+300"),
    ("12 nan", "time", "input should be a finite number"),
    ("12 noon", "time", "input should be a valid number"),
    ("12", "(file)", "expected '<process id> <time>'"),  # cut short
])
def test_a_bad_lock_names_its_field_is_set_aside_and_the_start_goes_on(tmp_path: Path, text: str, field: str,
                                                                       problem: str) -> None:
    (tmp_path / LOCK_NAME).write_text(text, encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        read_lock(tmp_path / LOCK_NAME)
    assert e.value.lines()[0].startswith(f"{tmp_path / LOCK_NAME}: {field}: {problem}")
    _set_aside_and_started(tmp_path, LOCK_NAME, text.encode(), field, problem)


# ---------------------------------------------------------------------------------------------- the autosave

def _autosave(folder: Path) -> dict[str, Any]:
    store = AutosaveStore(folder)
    store.write(played_game(12), {"title": "Constitution vs Java", "save_path": None, "seats": {"a": "human"}})
    data: dict[str, Any] = json.loads(store.path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("key, value, problem", [
    ("saved_at", -1, "must be at least 0.0, got -1"),
    ("saved_at", 1e300, "must be at most 100000000000.0, got 1e+300"),
    ("saved_at", "today", "expected a number, got text \"today\""),
    ("turn", -1, "must be at least 0, got -1"),
    ("turn", 10**6, "must be at most 100000, got 1000000"),
    ("turn", 1.5, "expected a whole number, got a number 1.5"),
    ("title", "x" * 201, "string should have at most 200 characters"),
    ("asked", "x" * 10_001, "string should have at most 10000 characters"),
    ("offer", "yes", "expected true or false, got text \"yes\""),
    ("ended", 0, "expected true or false, got a number 0"),
    ("save_path", "/" * 4097, "string should have at most 4096 characters"),
    ("save_path", 5, "expected text, got a number 5"),
    ("answered_for_player", [3, -1], "must be at least 0, got -1"),
])
def test_a_bad_autosave_meta_names_its_field_and_the_game_is_kept_aside(tmp_path: Path, key: str, value: Any,
                                                                        problem: str) -> None:
    data = _autosave(tmp_path)
    data["meta"][key] = value
    bad = json.dumps(data).encode("utf-8")
    (tmp_path / AUTOSAVE_NAME).write_bytes(bad)
    (tmp_path / LOCK_NAME).write_text("2147483646 1700000000", encoding="utf-8")  # a crashed session's
    field = f"meta.{key}[1]" if key == "answered_for_player" else f"meta.{key}"
    _set_aside_and_started(tmp_path, AUTOSAVE_NAME, bad, field, problem)


def test_a_truncated_autosave_is_kept_aside_and_a_good_one_is_offered_as_it_was(tmp_path: Path) -> None:
    good = tmp_path / "good"
    good.mkdir()
    data = _autosave(good)
    (good / LOCK_NAME).write_text("2147483646 1700000000", encoding="utf-8")
    before = (good / AUTOSAVE_NAME).read_bytes()
    message, offered = _start(good)
    assert message == "" and offered is not None and offered.title == "Constitution vs Java"
    assert offered.saved_at == data["meta"]["saved_at"] and offered.turn == data["meta"]["turn"]
    assert (good / AUTOSAVE_NAME).read_bytes() == before  # a good file is untouched
    cut = before[:len(before) // 2]
    (tmp_path / AUTOSAVE_NAME).write_bytes(cut)
    _set_aside_and_started(tmp_path, AUTOSAVE_NAME, cut, "line", "the file looks cut short")


# ---------------------------------------------------------------------------------------------- the mark

def _mark(folder: Path) -> dict[str, Any]:
    CampaignMark(folder).write(7, "Old Ironsides", played_game(12))
    data: dict[str, Any] = json.loads((folder / CAMPAIGN_MARK_NAME).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("key, value, problem", [
    ("campaign_id", 0, "must be at least 1, got 0"),
    ("campaign_id", 2**63, f"must be at most {2**63 - 1}, got {2**63}"),
    ("campaign_id", True, "expected a whole number, got true/false true"),
    ("campaign_id", "7", "expected a whole number, got text \"7\""),
    ("turn", 0, "must be at least 1, got 0"),
    ("turn", 10**9, "must be at most 100000, got 1000000000"),
    ("decisions", -1, "must be at least 0, got -1"),
    ("decisions", 10**7, "must be at most 1000000, got 10000000"),
    ("saved_at", -5, "must be at least 0.0, got -5"),
    ("saved_at", 1e300, "must be at most 100000000000.0, got 1e+300"),
    ("campaign", "x" * 2001, "string should have at most 2000 characters"),
    ("asked", None, "expected text, got null"),
    ("version", 2, "input should be 1"),
    ("extra", 1, "unknown field"),
])
def test_a_bad_mark_names_its_field_is_set_aside_and_the_start_goes_on(tmp_path: Path, key: str, value: Any,
                                                                      problem: str) -> None:
    data = _mark(tmp_path)
    data[key] = value
    bad = json.dumps(data).encode("utf-8")
    (tmp_path / CAMPAIGN_MARK_NAME).write_bytes(bad)
    (tmp_path / LOCK_NAME).write_text("2147483646 1700000000", encoding="utf-8")
    assert CampaignMark(tmp_path).read() is None
    _set_aside_and_started(tmp_path, CAMPAIGN_MARK_NAME, bad, key, problem)


def test_a_truncated_mark_is_set_aside_and_a_good_one_is_offered(tmp_path: Path) -> None:
    good = tmp_path / "good"
    good.mkdir()
    _mark(good)
    (good / LOCK_NAME).write_text("2147483646 1700000000", encoding="utf-8")
    message, offered = _start(good)
    assert message == "" and offered is not None and offered.campaign_id == 7
    cut = (good / CAMPAIGN_MARK_NAME).read_bytes()[:60]
    (tmp_path / CAMPAIGN_MARK_NAME).write_bytes(cut)
    _set_aside_and_started(tmp_path, CAMPAIGN_MARK_NAME, cut, "line", "the file looks cut short")


# ---------------------------------------------------------------------------------------------- a campaign save

CAMPAIGN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


@pytest.mark.parametrize("where, value, problem", [
    (("month",), 0, "must be at least 1, got 0"),
    (("month",), 13, "must be at most 12, got 13"),
    (("year",), 3000, "must be at most 1900, got 3000"),
    (("seed",), -1, "must be at least 0, got -1"),
    (("dice_counter",), 2**63, f"must be at most {2**63 - 1}, got {2**63}"),
    (("money",), -10**12, "must be at least -1000000000"),
    (("reputation",), 10**12, "must be at most 1000000000"),
    (("months_at_sea",), -1, "must be at least 0, got -1"),
    (("half_pay_months",), 10**5, "must be at most 3600, got 100000"),
    (("stats", "battles"), -3, "must be at least 0, got -3"),
    (("ships", 0, "experience"), 5000, "must be at most 1000, got 5000"),
    (("ships", 0, "morale"), 4, "must be at most 3, got 4"),
    (("ships", 0, "crew"), -1, "must be at least 0, got -1"),
    (("ships", 0, "crew"), 999, "must be at most"),  # above her card's boxes
    (("ships", 0, "rigging"), 999, "must be at most"),
    (("ships", 0, "gunnery", "port_bow"), -10**9, "must be at least 0, got -1000000000"),
    (("ships", 0, "gunnery", "port_bow"), 99, "must be at most"),
    (("ships", 0, "stores"), 10**10, "must be at most 1000000000"),
    (("ships", 0, "shot"), -2, "must be at least 0, got -2"),
    (("ships", 0, "prisoners"), "many", "expected a whole number, got text \"many\""),
    (("money",), 1.5, "expected a whole number, got a number 1.5"),
    (("ships",), {}, "expected an array [...], got an object {}"),
])
def test_a_campaign_save_out_of_range_names_the_file_and_field_and_is_left_as_it_was(
        tmp_path: Path, where: tuple[Any, ...], value: Any, problem: str) -> None:
    f = tmp_path / "c.career.json"
    save(start(CAMPAIGN, 1), f)
    data = json.loads(f.read_text(encoding="utf-8"))
    node = data["state"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    f.write_text(json.dumps(data), encoding="utf-8")
    bad = f.read_bytes()
    with pytest.raises(FileFormatError) as e:
        load(f)
    field = "state." + ".".join(f"[{k}]" if isinstance(k, int) else k for k in where).replace(".[", "[")
    assert any(line.startswith(f"{f}: {field}: {problem}") for line in e.value.lines()), e.value.lines()
    assert f.read_bytes() == bad


def test_a_truncated_campaign_save_is_refused_clearly(tmp_path: Path) -> None:
    f = tmp_path / "c.career.json"
    save(start(CAMPAIGN, 1), f)
    f.write_bytes(f.read_bytes()[:500])
    with pytest.raises(FileFormatError, match="the file looks cut short"):
        load(f)
