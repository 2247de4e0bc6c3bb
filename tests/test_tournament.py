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


def test_a_tournament_run_a_scenario_at_a_time_merges_into_the_whole(capsys: Any, tmp_path: Any) -> None:
    whole = _run(capsys, "--workers", "1", "--json")
    pieces = []
    for k, f in enumerate(FILES):
        args = [a for a in ARGS[: ARGS.index("--scenarios")]] + ["--scenarios", f, "--workers", "1", "--json"]
        assert main(args) == 0
        piece = tmp_path / f"piece{k}.json"
        piece.write_text(capsys.readouterr().out)
        pieces.append(str(piece))
    assert main(["tournament", "--merge", *pieces, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(whole)
    assert main(["tournament", "--merge", *pieces]) == 0
    text = capsys.readouterr().out
    assert "simple scores" in text and "95% interval" in text


def test_merging_pieces_of_different_tournaments_is_refused_naming_the_file(capsys: Any, tmp_path: Any) -> None:
    a, b, junk = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "junk.json"
    assert main([*ARGS[: ARGS.index("--scenarios")], "--scenarios", FILES[0], "--workers", "1", "--json"]) == 0
    a.write_text(capsys.readouterr().out)
    other = [("5" if x == "4" else x) for x in ARGS[: ARGS.index("--scenarios")]]  # another seed
    assert main([*other, "--scenarios", FILES[1], "--workers", "1", "--json"]) == 0
    b.write_text(capsys.readouterr().out)
    assert main(["tournament", "--merge", str(a), str(b)]) == 2
    err = capsys.readouterr().err
    assert str(b) in err and "seed" in err
    junk.write_text('{"captains": ["x", "y"]}')
    assert main(["tournament", "--merge", str(a), str(junk)]) == 2
    err = capsys.readouterr().err
    assert str(junk) in err and "not a tournament report" in err
    junk.write_text("{not json")
    assert main(["tournament", "--merge", str(junk)]) == 2
    assert str(junk) in capsys.readouterr().err
