"""The balance lab's runner (issue 13 items 3 and 4): pairings, seeds per game, batches kept in the output folder,
resuming, and the same bytes on a real local Dask cluster of two processes as in this process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.balance.job import Job, JobError, game_seed, scenario_pairings, ships_in, sweep_pairings
from cs_desktop.balance.output import results
from cs_desktop.balance.runner import InProcess, run_job
from cs_desktop.cli.main import main
from cs_desktop.formats.files import load_scenario_with_ships, scenario_problems
from cs_desktop.rules.ratings import victory_terms

THREE = ("constitution", "guerriere", "java")


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "ships"
    folder.mkdir(exist_ok=True)
    for ship in THREE:
        shutil.copy(SCENARIOS / "ships" / f"{ship}.json", folder / f"{ship}.json")
    return folder


def _job(tmp_path: Path, games: int = 3, batch: int = 2) -> Job:
    return Job(tuple(sweep_pairings(ships_in(_folder(tmp_path)), ["meeting"])), ("random", "random"), games, 7, 3,
               batch)


def test_game_seed_depends_on_the_seed_the_pairing_and_the_game_only() -> None:
    assert game_seed(1, "meeting:a:b", 4) == game_seed(1, "meeting:a:b", 4)
    seeds = {game_seed(s, p, g) for s in (1, 2) for p in ("meeting:a:b", "meeting:b:a") for g in range(5)}
    assert len(seeds) == 20


def test_sweep_pairs_every_ship_with_every_other_in_both_seats_and_both_engagements(tmp_path: Path) -> None:
    pairings = sweep_pairings(ships_in(_folder(tmp_path)))
    assert len(pairings) == 2 * 3 * 2
    assert {(p.kind, p.first, p.second) for p in pairings} == {
        (k, a, b) for k in ("meeting", "chase") for a in THREE for b in THREE if a != b}
    for p in pairings:
        scenario, ships = p.models()
        assert scenario_problems(scenario) == []
        assert scenario.engagement == p.kind
        assert [s.ships[0].start for s in scenario.sides] == (["A", "B"] if p.kind == "meeting" else ["C", "D"])
        steps = " ".join(s.text for s in victory_terms(scenario, ships).steps)
        assert "no WG bonus" in steps or "Chase: no weather gauge bonus" in steps
        assert "no HO bonus" in steps


def test_a_folder_of_scenarios_has_its_ships_found_in_its_ships_subfolder() -> None:
    assert len(ships_in(SCENARIOS)) == len(list((SCENARIOS / "ships").glob("*.json")))


def test_scenario_pairings_keep_the_scenario_and_name_each_once() -> None:
    loaded = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    pairings = scenario_pairings([loaded, loaded])
    assert [p.id for p in pairings] == ["constitution-vs-java", "constitution-vs-java-2"]
    assert pairings[0].models()[0] == loaded[0] and pairings[0].first == "constitution"


def test_an_interrupted_run_resumes_where_it_stopped_and_gives_the_same_results(tmp_path: Path) -> None:
    job = _job(tmp_path)
    whole = run_job(job, InProcess())
    out = tmp_path / "out"
    seen: list[int] = []
    part = run_job(job, InProcess(), out, progress=lambda p: seen.append(p.done), cancelled=lambda: len(seen) > 2)
    assert not part.complete and 0 < sum(map(len, part.records.values())) < job.total_games()
    kept = len(list((out / "batches").glob("*.json")))
    assert kept == 2
    played: list[int] = []
    again = run_job(job, InProcess(), out, progress=lambda p: played.append(p.done))
    assert again.complete and again.kept == 3  # games 0-1 and 2 of the first pairing
    assert played[0] == again.kept and played[-1] == job.total_games()
    assert again.records == whole.records
    assert results(again) == results(whole)


def test_a_folder_of_another_job_is_refused_and_says_what_differs(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_job(_job(tmp_path, games=2), InProcess(), out)
    other = _job(tmp_path, games=4)
    with pytest.raises(JobError, match=r"holds a different balance job \(games 2 there, 4 asked\)"):
        run_job(other, InProcess(), out)


def test_resume_needs_a_job_and_a_spoilt_batch_is_named(tmp_path: Path) -> None:
    job = _job(tmp_path)
    with pytest.raises(JobError, match="--resume, but the folder holds no balance job"):
        run_job(job, InProcess(), tmp_path / "empty", resume=True)
    out = tmp_path / "out"
    run_job(job, InProcess(), out)
    batch = sorted((out / "batches").glob("*.json"))[0]
    data = json.loads(batch.read_text())
    data["start"] = 1
    batch.write_text(json.dumps(data))
    with pytest.raises(JobError, match=f"{batch.name}: not batch 0-1 of pairing meeting:constitution:guerriere"):
        run_job(job, InProcess(), out)


@pytest.mark.parametrize("change, says", [
    (lambda r: [[[]]], "record 0 (game 0): not an object"),
    (lambda r: {}, "record 0 (game 0): its game is missing"),
    (lambda r: {**r, "turns": "7"}, "its turns is missing or of the wrong type"),
    (lambda r: {**r, "vp": [1]}, "its vp is not two numbers"),
    (lambda r: {**r, "winner": "nobody"}, "its winner 'nobody' is not a side"),
    (lambda r: {**r, "seed": r["seed"] + 1}, "it says game 0, seed"),
    # forged: a record that contradicts itself
    (lambda r: {**r, "vp": [r["vp"][0] + 50, r["vp"][1]]}, "its margin"),
    (lambda r: {**r, "vp": [1e300, 0.0], "margin": 1e300}, "are not points a game gives"),
    (lambda r: {**r, "turns": 10**7}, "its turns 10000000 are outside"),
    (lambda r: {**r, "captains": ["random", "simple"]}, "fields no record has: captains"),
])
def test_issue_31_7_each_record_of_a_kept_batch_is_checked(tmp_path: Path, change: Any, says: str) -> None:
    """Issue 31 item 7: a batch record nested, empty, wrongly typed or forged (another seed) is refused naming the
    batch file and the record, before anything is counted."""
    job = _job(tmp_path)
    out = tmp_path / "out"
    run_job(job, InProcess(), out)
    batch = sorted((out / "batches").glob("*.json"))[0]
    data = json.loads(batch.read_text())
    data["records"][0] = change(data["records"][0])
    batch.write_text(json.dumps(data))
    with pytest.raises(JobError) as e:
        run_job(job, InProcess(), out)
    assert batch.name in str(e.value) and says in str(e.value), str(e.value)


def test_issue_31_7_a_batch_copied_under_another_batch_s_name_is_refused(tmp_path: Path) -> None:
    """Duplicated results: a finished batch copied over another's name is not counted twice."""
    job = _job(tmp_path)
    out = tmp_path / "out"
    run_job(job, InProcess(), out)
    first, *rest = sorted((out / "batches").glob("*.json"))
    other = next(p for p in rest if p.name.split("-")[0] != first.name.split("-")[0])
    other.write_bytes(first.read_bytes())
    with pytest.raises(JobError, match=f"{other.name}: not batch"):
        run_job(job, InProcess(), out)


def _cli(out: Path, folder: Path, *pool: str) -> list[str]:
    return ["balance", "--sweep", str(folder), "--games", "3", "--batch", "2", "--captains", "random,simple",
            "--turn-limit", "3", "--seed", "5", "--out", str(out), "--quiet", *pool]


def test_a_sweep_on_a_local_cluster_of_two_processes_gives_the_same_bytes_as_in_process(
        tmp_path: Path, capsys: Any, qapp: Any) -> None:
    # qapp: the heat map draws on the test session's QApplication (alone, the command starts a QGuiApplication)
    folder = _folder(tmp_path)
    assert main(_cli(tmp_path / "here", folder, "--no-cluster")) == 0
    here_table = capsys.readouterr().out
    assert main(_cli(tmp_path / "cluster", folder, "--workers", "2")) == 0
    assert capsys.readouterr().out == here_table
    for name in ("results.json", "pairings.csv", "heatmap.png", "job.json"):
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "cluster" / name).read_bytes(), name
    batches = sorted(p.name for p in (tmp_path / "here" / "batches").iterdir())
    assert len(batches) == 12 * 2
    for name in batches:
        assert (tmp_path / "here" / "batches" / name).read_bytes() == \
            (tmp_path / "cluster" / "batches" / name).read_bytes()
    report = json.loads((tmp_path / "here" / "results.json").read_text())
    assert report["complete"] and report["played"] == 12 * 3
    assert {p["kind"] for p in report["pairings"]} == {"meeting", "chase"}
