"""Saved games (BRIEF §5): atomic writes, validated loads with clear errors, autosave and crash detection.

API tested: cs_desktop.formats.savegame (save_game, load_game, atomic_write_text, AutosaveStore).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cs_desktop
from cs_desktop.ai.seat import Seat
from cs_desktop.formats import savegame
from cs_desktop.ai.captains import make_captain
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.play.autosave import AutosaveStore
from cs_desktop.formats.savegame import SaveError, load_game, save_game


def played_game(decisions: int = 40, turn_limit: int | None = 2, name: str = "constitution-vs-java.json") -> Game:
    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / name)
    options: dict[str, Any] = {"turn_limit": turn_limit} if turn_limit else {}
    game = Game(scenario, ships, seed=9, options=options)
    captains = {s.id: make_captain("random", i) for i, s in enumerate(scenario.sides)}
    for _ in range(decisions):
        if not game.pending:
            break
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    return game


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = played_game()
    path = save_game(game, tmp_path / "g.csgame", {"seats": {"us": "human", "gb": "simple"}})
    loaded = load_game(path)
    assert loaded.game.fingerprint() == game.fingerprint()
    assert loaded.meta["seats"] == {"us": "human", "gb": "simple"}
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "captains-sea/game" and data["version"] == 1


def test_multi_ship_game_round_trip(tmp_path: Path) -> None:
    game = played_game(60, name="president-vs-belvidera-3-ship.json")
    loaded = load_game(save_game(game, tmp_path / "g.csgame"))
    assert loaded.game.fingerprint() == game.fingerprint()


@pytest.mark.parametrize("options", [{"turn_limit": 6}, {"turn_limit": 6, "fleet_rules": False}])
def test_fleet_game_round_trip_keeps_the_fleet_rules_switch(tmp_path: Path, options: dict[str, Any]) -> None:
    """Issue 14: the 12-a-side what-if (fleet rules on in the scenario) saves and loads to the same game, and a
    game that turned the switch off keeps it off when loaded."""
    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json")
    game = Game(scenario, ships, seed=4, options=options)
    captains = {s.id: make_captain("random", i) for i, s in enumerate(scenario.sides)}
    while game.pending and game.state.turn < 6:
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    loaded = load_game(save_game(game, tmp_path / "fleet.csgame")).game
    assert loaded.state.fleet_rules is options.get("fleet_rules", True)
    assert loaded.fingerprint() == game.fingerprint()


def test_crash_during_write_leaves_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.csgame"
    old = played_game(10)
    save_game(old, path)
    before = path.read_bytes()
    newer = played_game(50)

    real_fsync = os.fsync

    def crash(fd: int) -> None:
        real_fsync(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savegame.os, "fsync", crash)
    with pytest.raises(SaveError) as err:
        save_game(newer, path)
    assert "previous file" in str(err.value) and str(path) in str(err.value)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.csgame"]  # no temporary file left behind
    assert load_game(path).game.fingerprint() == old.fingerprint()


def test_exception_while_writing_text_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.csgame"
    savegame.atomic_write_text(path, "old contents\n")

    class Boom(Exception):
        pass

    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh: Any) -> None:
            self.fh = fh

        def __enter__(self) -> Any:
            return self

        def __exit__(self, *exc: Any) -> None:
            self.fh.close()

        def write(self, text: str) -> None:
            self.fh.write(text[: len(text) // 2])
            raise Boom("power cut")

    monkeypatch.setattr(savegame.os, "fdopen", lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k)))
    with pytest.raises(Boom):
        savegame.atomic_write_text(path, "new contents that never land\n")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old contents\n"
    assert len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "line 1, column 2: bad JSON"),
        ("[1, 2]", "expected a JSON object"),
        (json.dumps({"format": "captains-sea/scenario", "version": 1}), "this is a scenario file"),
        (json.dumps({"format": "captains-sea/game", "version": 7}), "version 7 is not supported"),
    ],
)
def test_bad_files_get_clear_errors(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "bad.csgame"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert expected in str(err.value)
    assert str(path) in str(err.value)


def test_damaged_ship_card_is_named(tmp_path: Path) -> None:
    game = played_game(5)
    data = game.save_data()
    data["ships"]["java"]["crew_points"] = "many"
    path = tmp_path / "damaged.csgame"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert str(err.value) == f'{path}: ships.java.crew_points: expected a whole number, got text "many"'


def test_decisions_that_do_not_replay_are_refused(tmp_path: Path) -> None:
    game = played_game(5)
    data = game.save_data()
    data["decisions"].append({"side": "us", "kind": "select_maneuver", "answer": {"nonsense": 1}})
    path = tmp_path / "tampered.csgame"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert "decisions[5]: decision 6 of 6 ('select_maneuver' by side 'us'" in str(err.value)
    assert "does not replay" in str(err.value)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="file not found"):
        load_game(tmp_path / "nope.csgame")
    with pytest.raises(SaveError, match="folder"):
        load_game(tmp_path)


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_autosave_offered_after_a_crash(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    assert store.start_session() is None  # first run: nothing to resume
    game = played_game(30)
    store.write(game, {"seats": {"us": "human", "gb": "simple"}})
    # the process dies without end_session: the lock names a process that no longer runs
    store.lock.write_text(f"{_dead_pid()} 0\n", encoding="utf-8")
    found = AutosaveStore(tmp_path).start_session()
    assert found is not None
    assert found.turn == game.state.turn and "Java" in found.title
    assert load_game(found.path).game.fingerprint() == game.fingerprint()


def test_no_offer_after_a_clean_exit_or_while_another_window_runs(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.start_session()
    store.write(played_game(30))
    store.end_session()
    assert AutosaveStore(tmp_path).crashed_session() is None
    store.lock.write_text(f"{os.getppid()} 0\n", encoding="utf-8")  # a live process holds the lock
    assert AutosaveStore(tmp_path).crashed_session() is None


def test_finished_game_is_not_offered(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.start_session()
    game = played_game(10_000, turn_limit=1)
    assert game.ended
    store.write(game)
    store.lock.write_text(f"{_dead_pid()} 0\n", encoding="utf-8")
    assert AutosaveStore(tmp_path).crashed_session() is None
