"""The Qt-free play support (issue 9): what the autosave says it waits for, the recent-games list, the
start-up checks' renaming.

API tested: cs_desktop.play.autosave (describe_pending, AutosaveStore.write/peek/crashed_session),
cs_desktop.play.recent (RecentGames), cs_desktop.play.startup (set_aside, check_data_folder).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.autosave import AutosaveStore, describe_pending
from cs_desktop.play.recent import MOST, RecentGames
from cs_desktop.play.startup import check_data_folder, set_aside
from cs_desktop.rules import decisions as dec
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import save_game

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def _game(decisions: int) -> Game:
    scenario, ships = load_scenario_with_ships(JAVA)
    game = Game(scenario, ships, 3)
    dice = Dice(9)
    while len(game.decisions) < decisions:
        request = game.pending[0]
        game.submit(request.side, dec.sample(game.state, request, dice))
    return game


def test_describe_pending_names_the_side_the_question_and_the_rule() -> None:
    game = _game(0)
    text = describe_pending(game)
    assert text.startswith("United States Navy: Choose each ship's sail state (2.0)")
    assert "Royal Navy" in text


def test_a_clean_close_offers_only_a_kept_game(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.start_session()
    game = _game(7)
    store.write(game, {})
    store.end_session()
    assert AutosaveStore(tmp_path).crashed_session() is None  # not kept: nothing offered
    store.write(game, {"save_path": str(tmp_path / "mine.csgame")}, offer=True)
    found = AutosaveStore(tmp_path).crashed_session()
    assert found is not None and not found.crashed and found.decisions == 7
    assert found.question() == f"Continue Constitution vs Java, turn 1, {describe_pending(game)}?"


def test_recent_games_newest_first_at_most_ten_missing_dropped(tmp_path: Path) -> None:
    recent = RecentGames(tmp_path)
    game = _game(3)
    paths = []
    for i in range(MOST + 3):
        p = tmp_path / f"g{i}.csgame"
        save_game(game, p)
        recent.add(p, "Constitution vs Java", 1 + i)
        paths.append(p)
    entries = recent.entries()
    assert len(entries) == MOST
    assert [Path(e.path).name for e in entries[:2]] == [f"g{MOST + 2}.csgame", f"g{MOST + 1}.csgame"]
    assert entries[0].label() == f"Constitution vs Java, turn {MOST + 3} — g{MOST + 2}.csgame"
    paths[-1].unlink()
    assert Path(recent.entries()[0].path).name == f"g{MOST + 1}.csgame"
    data = json.loads(recent.path.read_text(encoding="utf-8"))
    assert data["format"] == "captains-sea/recent-games" and len(data["games"]) == MOST


def test_the_autosave_is_listed_once_when_a_listed_file_holds_the_same_game(tmp_path: Path) -> None:
    recent = RecentGames(tmp_path)
    store = AutosaveStore(tmp_path)
    game = _game(5)
    mine = tmp_path / "mine.csgame"
    save_game(game, mine)
    recent.add(mine, "Constitution vs Java", 1)
    store.write(game, {"save_path": str(mine)})
    assert [e.autosave for e in recent.entries(store.path)] == [False]
    store.write(_game(6), {"save_path": str(mine)})  # one decision further than the file
    assert [e.autosave for e in recent.entries(store.path)] == [True, False]


def test_set_aside_never_overwrites_an_earlier_damaged_copy(tmp_path: Path) -> None:
    p = tmp_path / "settings.ini"
    p.write_bytes(b"\x00one")
    first = set_aside(p, "20260101-000000")
    p.write_bytes(b"\x00two")
    second = set_aside(p, "20260101-000000")
    assert first.name == "settings.ini.damaged-20260101-000000"
    assert second.name == "settings.ini.damaged-20260101-000000-2"
    assert first.read_bytes() == b"\x00one" and second.read_bytes() == b"\x00two"


def test_good_files_are_left_alone(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.start_session()
    store.write(_game(4), {})
    (tmp_path / "settings.ini").write_text("[files]\nlast_dir=/home/me/games\n", encoding="utf-8")
    RecentGames(tmp_path).add(store.path, "x", 1)
    store.lock.write_text(f"{os.getpid() + 10_000_000} 0\n", encoding="utf-8")  # no such process
    report = check_data_folder(tmp_path)
    assert report.set_aside == [] and report.message() == ""
    assert not list(tmp_path.glob("*.damaged-*"))
