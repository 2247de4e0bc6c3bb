"""Issue 31, item 5: one meaning of a turn limit everywhere (simulate, tournament, balance, the Balance lab and
Balance check windows): a scenario's own printed limit unless the user gives another; `--turn-limit 0` none.

API tested: cs_desktop.batch.turn_limit; `captains-sea simulate | tournament | balance` (no --turn-limit, 0, N);
Game's start state; the balance job's sweep scenarios. Actions: a copy of Constitution vs Java printing a 2-turn
limit played with no flag, with 0 and with 3. Expected: no flag plays the printed 2; 0 builds a game with no
limit; N plays N; nothing plays the 30 the commands used to force.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.cli.main import main
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.batch.turn_limit import turn_limit_options, turn_limit_text

JAVA = SCENARIOS / "constitution-vs-java.json"


def _printing(tmp_path: Path, limit: int) -> Path:
    """A copy of Constitution vs Java (its ship cards are in the scenario folder) printing `limit` turns."""
    data = json.loads(JAVA.read_text(encoding="utf-8"))
    data["options"]["turn_limit"] = limit
    (tmp_path / "ships").symlink_to(SCENARIOS / "ships")
    path = tmp_path / "java-short.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_issue_31_5_not_given_is_the_scenarios_own_zero_is_none() -> None:
    assert turn_limit_options(None) == {}
    assert turn_limit_options(0) == {"turn_limit": None}
    assert turn_limit_options(12) == {"turn_limit": 12}
    assert [turn_limit_text(x) for x in (None, 0, 12)] == ["each scenario's own", "none", "12"]
    scenario, ships = load_scenario_with_ships(JAVA)
    assert scenario.options.turn_limit == 40
    assert Game(scenario, ships, 1, turn_limit_options(None)).state.turn_limit == 40
    assert Game(scenario, ships, 1, turn_limit_options(0)).state.turn_limit is None
    assert Game(scenario, ships, 1, turn_limit_options(7)).state.turn_limit == 7


@pytest.mark.parametrize("command", ["simulate", "tournament", "balance"])
def test_issue_31_5_every_command_defaults_to_the_printed_limit(command: str, capsys: Any) -> None:
    from cs_desktop.cli.main import build_parser

    args = build_parser().parse_args([command, *(["--scenario", "x"] if command == "simulate" else [])])
    assert args.turn_limit is None
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "each scenario's own printed limit" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("limit", ["-1", "201"])
def test_issue_31_5_a_limit_out_of_range_is_refused(limit: str, capsys: Any) -> None:
    for command in (["simulate", "--scenario", str(JAVA)], ["tournament", "--captains", "random,random"],
                    ["balance", str(JAVA), "--no-cluster"]):
        assert main([*command, "--turn-limit", limit]) == 2
        assert "from 1 to 200, or 0 for no limit" in capsys.readouterr().err


def test_issue_31_5_simulate_plays_the_printed_limit_unless_given(tmp_path: Path, capsys: Any) -> None:
    path = str(_printing(tmp_path, 2))
    base = ["simulate", "--scenario", path, "--games", "2", "--captains", "random,random", "--json"]
    assert main(base) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["turn_limit"] == 2 and all(r["turns"] <= 2 for r in report["results"])
    assert main([*base, "--turn-limit", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["turn_limit"] == 3 and any(r["turns"] == 3 for r in report["results"])
    assert main([*base, "--turn-limit", "0", "--games", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["turn_limit"] is None


def test_issue_31_5_tournament_plays_each_scenarios_own_limit(tmp_path: Path, capsys: Any) -> None:
    path = str(_printing(tmp_path, 2))
    assert main(["tournament", "--captains", "random,random", "--games", "1", "--workers", "1", "--scenarios",
                 path, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["turn_limit"] is None and all(r["turns"] <= 2 for r in report["results"])
    assert main(["tournament", "--captains", "random,random", "--games", "1", "--workers", "1", "--scenarios",
                 path]) == 0
    assert "turn limit each scenario's own" in capsys.readouterr().out


def test_issue_31_5_a_journal_of_before_whose_null_meant_none_is_not_continued(tmp_path: Path, capsys: Any) -> None:
    path = _printing(tmp_path, 2)
    journal = tmp_path / "old.jsonl"
    journal.write_text(json.dumps({"tournament": {"captains": ["random", "random"], "games_per_seat_order": 1,
                                                  "seed": 1, "turn_limit": None, "scenarios": [path.name]}}) + "\n")
    assert main(["tournament", "--captains", "random,random", "--games", "1", "--workers", "1", "--scenarios",
                 str(path), "--journal", str(journal)]) == 2
    assert "printed_limits" in capsys.readouterr().err


def test_issue_31_5_balance_plays_the_printed_limit_unless_given(tmp_path: Path, capsys: Any) -> None:
    path = str(_printing(tmp_path, 2))
    base = ["balance", path, "--games", "2", "--batch", "2", "--no-cluster", "--quiet", "--json"]
    assert main(base) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["job"]["turn_limit"] is None
    assert main([*base[:-1]]) == 0
    assert "turn limit each scenario's own" in capsys.readouterr().out


def test_issue_31_5_a_sweeps_what_if_scenarios_print_the_duels_40() -> None:
    from cs_desktop.balance.job import SWEEP_TURN_LIMIT, pairing_scenario

    scenario, ships = load_scenario_with_ships(JAVA)
    cards = list(ships.values())
    for engagement in ("meeting", "chase"):
        assert pairing_scenario(cards[0], cards[1], engagement).options.turn_limit == SWEEP_TURN_LIMIT == 40
