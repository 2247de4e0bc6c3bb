"""Headless `captains-sea tournament`: both seat orders, per scenario and overall tallies, and the same bytes
whatever the number of worker processes."""

from __future__ import annotations

import json
from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.cli import main

FILES = [str(SCENARIOS / "constitution-vs-java.json"), str(SCENARIOS / "chesapeake-vs-shannon.json")]
ARGS = ["tournament", "--captains", "simple,random", "--games", "2", "--seed", "4", "--turn-limit", "3",
        "--scenarios", *FILES]


def _run(capsys: Any, *extra: str) -> str:
    assert main([*ARGS, *extra]) == 0
    return str(capsys.readouterr().out)


def test_tournament_output_is_the_same_for_one_and_two_workers(capsys: Any) -> None:
    one = _run(capsys, "--workers", "1", "--json")
    two = _run(capsys, "--workers", "2", "--json")
    assert one == two
    assert _run(capsys, "--workers", "1") == _run(capsys, "--workers", "2")
    assert _run(capsys, "--workers", "1", "--seed", "5", "--json") != one


def test_tournament_json_tallies_every_scenario_and_swaps_seats(capsys: Any) -> None:
    report = json.loads(_run(capsys, "--workers", "1", "--json"))
    assert report["captains"] == ["simple", "random"]
    assert [s["scenario"] for s in report["scenarios"]] == ["constitution-vs-java", "chesapeake-vs-shannon"]
    for block in [*report["scenarios"], report["overall"]]:
        simple, rnd = block["captains"]["simple"], block["captains"]["random"]
        for c in (simple, rnd):
            assert c["wins"] + c["draws"] + c["losses"] == block["games"]
            assert c["score"] == c["wins"] + c["draws"] / 2
        assert simple["wins"] == rnd["losses"] and simple["draws"] == rnd["draws"]
        assert simple["mean_margin"] == -rnd["mean_margin"]
        assert sum(block["endings"].values()) == block["games"]
    assert report["overall"]["games"] == 2 * 2 * 2
    games = report["results"]
    for scenario in ("constitution-vs-java", "chesapeake-vs-shannon"):
        for k in range(2):
            first, second = (next(r for r in games if (r["scenario"], r["order"], r["game"]) == (scenario, o, k))
                             for o in (0, 1))
            assert [c for _, c in first["seats"]] == ["simple", "random"]
            assert [c for _, c in second["seats"]] == ["random", "simple"]
            assert [s for s, _ in first["seats"]] == [s for s, _ in second["seats"]]
            assert first["seed"] == second["seed"]
            assert first["margin"] == first["vp"]["simple"] - first["vp"]["random"]


def test_tournament_refuses_unknown_captains(capsys: Any) -> None:
    assert main(["tournament", "--captains", "simple,admiral"]) == 2
    assert "--captains" in capsys.readouterr().err
