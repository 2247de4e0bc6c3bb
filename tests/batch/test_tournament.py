"""Headless `captains-sea tournament`: both seat orders, per scenario and overall tallies, and the same bytes
whatever the number of worker processes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.cli.main import main

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


def _broken_in_game(monkeypatch: Any, game_seed: int) -> None:
    """Captains that answer nonsense in the game of `game_seed` (play_game seeds them from it): that game fails."""
    from cs_desktop.batch import simulate
    from cs_desktop.ai.captains import make_captain
    from cs_desktop.ai.random_policy import RandomCaptain

    class Nonsense(RandomCaptain):
        def choose(self, seat: Any) -> Any:
            return "nonsense"

    def made(name: str, seed: int, time_cap: bool = False) -> Any:
        return Nonsense(seed) if seed // 7919 == game_seed else make_captain(name, seed, time_cap)

    monkeypatch.setattr(simulate, "make_captain", made)


def test_a_game_that_fails_is_reported_and_the_others_still_count(capsys: Any, monkeypatch: Any) -> None:
    from cs_desktop.batch.tournament import game_seed

    whole = json.loads(_run(capsys, "--workers", "1", "--json"))
    seed = game_seed(4, 1)
    _broken_in_game(monkeypatch, seed)
    assert main([*ARGS, "--workers", "1", "--json"]) == 1
    out = capsys.readouterr()
    report = json.loads(out.out)
    assert len(report["failed"]) == 4  # game 1 of both scenarios (a game's seed is its number's), both seat orders
    for failed in report["failed"]:
        assert (failed["game"], failed["seed"]) == (1, seed)
        assert failed["failed"].startswith("RuntimeError: captain") and "illegal answer" in failed["failed"]
    assert report["overall"]["games"] == whole["overall"]["games"] - 4
    assert report["results"] == [r for r in whole["results"] if r["game"] != 1]
    assert out.err.count("failed: ") == 4 and "captains-sea simulate" in out.err
    assert main([*ARGS, "--workers", "1"]) == 1
    assert "4 game(s) failed and are left out of the counts" in capsys.readouterr().out
    # the command the report gives plays that very game: the same game the tournament played before it failed
    command = report["failed"][0]
    monkeypatch.undo()
    line = next(r for r in whole["results"] if (r["scenario"], r["game"], r["order"]) == (command["scenario"], 1,
                                                                                          command["order"]))
    assert main(["simulate", "--scenario", command["file"], "--captains", ",".join(command["captains"]), "--games",
                 "1", "--seed", str(command["seed"]), "--turn-limit", str(command["turn_limit"]), "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)["results"][0]
    assert alone["turns"] == line["turns"] and alone["seed"] == line["seed"]
    assert sorted(alone["vp"].values()) == sorted(line["vp"].values())


def test_a_journal_keeps_each_game_and_a_stopped_tournament_goes_on_where_it_stopped(capsys: Any, monkeypatch: Any,
                                                                                    tmp_path: Any) -> None:
    from cs_desktop.batch import tournament

    journal = tmp_path / "journal.jsonl"
    whole = _run(capsys, "--workers", "1", "--json")
    assert _run(capsys, "--workers", "1", "--json", "--journal", str(journal)) == whole
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + 8 and json.loads(lines[0])["tournament"]["seed"] == 4

    played: list[Any] = []
    real = tournament.play
    monkeypatch.setattr(tournament, "play", lambda job: played.append(job) or real(job))
    assert _run(capsys, "--workers", "1", "--json", "--journal", str(journal)) == whole
    assert played == []  # every game was in the journal

    journal.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2])  # stopped mid-write
    assert _run(capsys, "--workers", "1", "--json", "--journal", str(journal)) == whole
    assert len(played) == 5  # the torn game and the four after it
    monkeypatch.undo()
    assert _run(capsys, "--workers", "2", "--json", "--journal", str(journal)) == whole


def test_a_journal_of_another_tournament_is_refused_and_left_as_it_was(capsys: Any, tmp_path: Any) -> None:
    journal = tmp_path / "journal.jsonl"
    _run(capsys, "--workers", "1", "--journal", str(journal))
    before = journal.read_bytes()
    assert main([*ARGS, "--seed", "5", "--workers", "1", "--journal", str(journal)]) == 2
    err = capsys.readouterr().err
    assert str(journal) in err and "seed is 4" in err
    assert journal.read_bytes() == before
    junk = tmp_path / "notes.txt"
    junk.write_text("my notes\n")
    assert main([*ARGS, "--workers", "1", "--journal", str(junk)]) == 2
    assert "not a tournament journal" in capsys.readouterr().err and junk.read_text() == "my notes\n"


def test_an_empty_journal_is_a_journal_not_yet_written(capsys: Any, tmp_path: Any) -> None:
    """A journal file made but stopped before its first line is begun, not refused."""
    journal = tmp_path / "journal.jsonl"
    journal.write_text("")
    whole = _run(capsys, "--workers", "1", "--json")
    assert _run(capsys, "--workers", "1", "--json", "--journal", str(journal)) == whole
    assert len(journal.read_text().splitlines()) == 1 + 8


def _journal_with(capsys: Any, tmp_path: Any, change: Any) -> tuple[Any, list[str]]:
    journal = tmp_path / "journal.jsonl"
    _run(capsys, "--workers", "1", "--journal", str(journal))
    lines = journal.read_text().splitlines()
    lines = change(lines)
    journal.write_text("\n".join(lines) + "\n")
    return journal, lines


def _changed(line: str, change: Any) -> dict[str, Any]:
    entry: dict[str, Any] = json.loads(line)
    change(entry["result"])
    return entry


def _moved_to_the_other_scenario(lines: list[str]) -> list[str]:
    """The first game line's result put at the place of the game with the same seat order, game and seed in the
    other scenario (the seeds of the schedule are the same for each scenario)."""
    entries = [json.loads(line) for line in lines[1:]]
    first = entries[0]
    twin = next(e for e in entries[1:] if (e["result"]["order"], e["result"]["game"]) ==
                (first["result"]["order"], first["result"]["game"]))
    moved = {"job": twin["job"], "result": first["result"]}
    return [lines[0], json.dumps(moved), *[json.dumps(e) for e in entries[1:] if e is not twin]]


def _set(lines: list[str], n: int, value: Any) -> list[str]:
    return [*lines[:n], json.dumps(value), *lines[n + 1:]]


@pytest.mark.parametrize("name, change, says", [
    ("nested", lambda ls: _set(ls, 2, [[[[]]]]), "line 3: not a game line"),
    ("empty object", lambda ls: _set(ls, 2, {}), "line 3: not a game line"),
    ("job as text", lambda ls: _set(ls, 2, {"job": "1", "result": json.loads(ls[2])["result"]}),
     "line 3: job '1' is not a game"),
    ("job out of the schedule", lambda ls: _set(ls, 2, {"job": 99, "result": json.loads(ls[2])["result"]}),
     "line 3: job 99"),
    ("result a list", lambda ls: _set(ls, 2, {"job": 1, "result": []}), "line 3: its result is not an object"),
    ("winner a number", lambda ls: _set(ls, 2, {"job": json.loads(ls[2])["job"],
                                                "result": {**json.loads(ls[2])["result"], "winner": 7}}),
     "line 3: its result's winner"),
    ("forged: another game's result", lambda ls: _set(ls, 2, {"job": json.loads(ls[3])["job"],
                                                              "result": json.loads(ls[2])["result"]}),
     "is not game"),
    ("duplicated", lambda ls: [*ls, ls[2]], "again (first on line 3)"),
    ("forged: another scenario's game at the same seed", lambda ls: _moved_to_the_other_scenario(ls),
     "line 2: its result is a game of"),
    ("forged: the VP raised", lambda ls: _set(ls, 2, _changed(ls[2], lambda r: r["vp"].update(
        {k: v + 5 for k, v in r["vp"].items() if k == r["seats"][0][1]}))), "line 3: its margin"),
    ("forged: the seats swapped", lambda ls: _set(ls, 2, _changed(ls[2], lambda r: r.update(
        seats=[[r["seats"][0][0], r["seats"][1][1]], [r["seats"][1][0], r["seats"][0][1]]]))), "line 3: its seats"),
    ("forged: a winner who did not play", lambda ls: _set(ls, 2, _changed(ls[2], lambda r: r.update(winner="me"))),
     "line 3: its winner 'me'"),
    ("forged: a game of a million turns", lambda ls: _set(ls, 2, _changed(ls[2], lambda r: r.update(turns=10**6))),
     "line 3: its turns"),
    ("a line of 100,000 characters", lambda ls: [*ls[:2], "x" * 100_000, *ls[2:]], "line 3: not a game line"),
])
def test_issue_31_7_a_journal_is_checked_game_line_by_game_line(capsys: Any, tmp_path: Any, name: str, change: Any,
                                                                says: str) -> None:
    """Issue 31 item 7: nested, empty or wrongly typed records ended in tracebacks and forged or duplicated results
    were counted silently. Each game line is checked against the schedule; a bad one is refused with the file and
    the line, and the journal is left as it was."""
    journal, _lines = _journal_with(capsys, tmp_path, change)
    before = journal.read_bytes()
    assert main([*ARGS, "--workers", "1", "--journal", str(journal)]) == 2
    err = capsys.readouterr().err
    assert str(journal) in err and says in err and "Traceback" not in err, err
    assert journal.read_bytes() == before
