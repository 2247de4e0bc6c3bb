"""The captains' ladder (issue 27 item 1): its pairings, Bradley-Terry ratings with intervals, and the command,
which plays its pairings on the balance lab's runner, resumes from its folder and writes the same report for
any number of workers."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.balance import ladder
from cs_desktop.balance.ladder import Game, bradley_terry, games_of, pairings, score_interval
from cs_desktop.cli.main import main
from cs_desktop.cli.ladder import load_two_sided


def test_pairings_are_each_level_against_the_one_below_and_hard_against_easy() -> None:
    assert pairings() == [("simple", "random"), ("easy", "simple"), ("normal", "easy"), ("hard", "normal"),
                          ("hard", "easy")]
    assert pairings(["easy", "random", "simple"]) == [("simple", "random"), ("easy", "simple")]


def _games(first: str, second: str, wins: int, draws: int, losses: int, scenario: str = "s") -> list[Game]:
    return ([Game(scenario, first, second, 1.0)] * wins + [Game(scenario, first, second, 0.5)] * draws
            + [Game(scenario, first, second, 0.0)] * losses)


def test_bradley_terry_recovers_the_elo_difference_of_a_score() -> None:
    # 76% against easy is +200 Elo (1 / (1 + 10^(-200/400)) = 0.7597); the prior draw pulls it in a little
    games = _games("normal", "easy", 760, 0, 240)
    r, lo, hi = bradley_terry(games)["normal"]
    assert 1690 < r < 1705
    assert lo < r < hi and hi - lo < 60
    assert bradley_terry(games)["easy"] == (1500.0, 1500.0, 1500.0)


def test_bradley_terry_chains_levels_through_their_games_and_widens_with_fewer_games() -> None:
    games = _games("normal", "easy", 60, 0, 40) + _games("hard", "normal", 60, 0, 40)
    ratings = bradley_terry(games)
    assert ratings["hard"][0] > ratings["normal"][0] > 1500
    assert (ratings["hard"][2] - ratings["hard"][1]) > (ratings["normal"][2] - ratings["normal"][1])
    few = bradley_terry(_games("normal", "easy", 6, 0, 4))["normal"]
    assert few[2] - few[1] > ratings["normal"][2] - ratings["normal"][1]


def test_bradley_terry_stays_finite_when_a_level_wins_every_game() -> None:
    r = bradley_terry(_games("easy", "random", 20, 0, 0), anchor="easy")["random"]
    assert all(math.isfinite(x) for x in r) and r[0] < 1100


def test_a_game_is_scored_for_the_first_captain_whichever_seat_it_held() -> None:
    records = [{"winner": "us", "captains": ["hard", "easy"]}, {"winner": "us", "captains": ["easy", "hard"]},
               {"winner": None, "captains": ["easy", "hard"]}]
    assert [g.score for g in games_of(records, "s", ("us", "gb"), ("hard", "easy"))] == [1.0, 0.0, 0.5]


def test_score_interval_is_the_wilson_interval() -> None:
    lo, hi = score_interval(0.5, 400)
    assert abs(lo - 0.451) < 0.002 and abs(hi - 0.549) < 0.002


def _ladder(out: Path, *extra: str) -> str:
    args = ["ladder", "--out", str(out), "--levels", "random,simple", "--games", "2", "--quiet", "--scenarios",
            str(SCENARIOS / "constitution-vs-java.json"), str(SCENARIOS / "president-vs-endymion.json"), *extra]
    assert main(args) == 0
    return (out / "ladder.txt").read_text(encoding="utf-8")


def test_ladder_command_writes_its_report_and_resumes_from_its_folder(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    text = _ladder(tmp_path / "a", "--no-cluster")
    assert "simple vs random: 4 games" in text and "constitution-vs-java" in text
    report = json.loads((tmp_path / "a" / "ladder.json").read_text(encoding="utf-8"))
    assert report["anchor"] == "random" and set(report["ratings"]) == {"random", "simple"}
    assert (tmp_path / "a" / "ladder.png").stat().st_size > 1000
    batches = sorted((tmp_path / "a" / "simple-vs-random" / "batches").iterdir())
    assert len(batches) == 2
    batches[0].unlink()  # a stop before this batch was kept: run again, only it is played
    assert _ladder(tmp_path / "a", "--no-cluster") == text
    capsys.readouterr()


def test_ladder_is_the_same_on_a_local_cluster_of_two_processes(tmp_path: Path) -> None:
    assert _ladder(tmp_path / "one", "--no-cluster") == _ladder(tmp_path / "two", "--workers", "2")


def test_ladder_refuses_unknown_levels_and_odd_game_counts(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--out", str(tmp_path), "--levels", "easy,grandmaster"]) == 2
    assert main(["ladder", "--out", str(tmp_path), "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert "--levels" in err and "--games: give an even number" in err


def test_three_sided_scenarios_are_left_out_with_a_note() -> None:
    loaded, notes = load_two_sided([str(SCENARIOS / "fleets")])
    assert loaded and any("three-flags" in n for n in notes)
    assert ladder.LEVELS[-1] == "hard"
