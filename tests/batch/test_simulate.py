"""Headless `captains-sea simulate`: complete games, per-game results and a summary; same seed, same bytes."""

from __future__ import annotations

import json
import subprocess
import sys

from cs_desktop import SCENARIOS
from cs_desktop.cli.main import main

SCENARIO = str(SCENARIOS / "constitution-vs-java.json")


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cs_desktop", *args], capture_output=True, text=True, timeout=300)


def test_simulate_json_is_byte_identical_for_the_same_seed() -> None:
    args = ["simulate", "--scenario", SCENARIO, "--games", "3", "--seed", "5", "--json"]
    first, second = _run(args), _run(args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    other = _run(["simulate", "--scenario", SCENARIO, "--games", "3", "--seed", "6", "--json"])
    assert other.stdout != first.stdout


def test_simulate_reports_each_game_and_a_summary(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--scenario", SCENARIO, "--games", "4", "--seed", "1", "--json",
                 "--captains", "simple,random", "--swap"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and len(report["results"]) == 4
    for game in report["results"]:
        assert game["ended"] and game["turns"] >= 1
        assert set(game["vp"]) == {"us", "gb"}
        assert game["winner"] in ("us", "gb", None)
        assert game["how"]
    summary = report["summary"]
    assert abs(sum(summary["win_rate"].values()) + summary["draw_rate"] - 1) < 1e-9
    assert sum(summary["endings"].values()) == 4


def test_simulate_bad_input_exits_2_without_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = _run(["simulate", "--scenario", str(bad), "--games", "1"])
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "bad.json" in result.stderr
    result = _run(["simulate", "--scenario", SCENARIO, "--captains", "genius,random"])
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_replay_subcommand_rebuilds_a_saved_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.savegame import save_game
    from cs_desktop.batch.simulate import play_game

    scenario, ships = load_scenario_with_ships(SCENARIO)
    game = play_game(scenario, ships, 3, ("random", "random"), {"turn_limit": 2})
    path = save_game(game, tmp_path / "game.json")
    result = _run(["replay", str(path), "--json"])
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["turn"] == game.state.turn and state["ended"] is True
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "captains-sea/game"}', encoding="utf-8")
    result = _run(["replay", str(broken)])
    assert result.returncode == 2 and "Traceback" not in result.stderr
