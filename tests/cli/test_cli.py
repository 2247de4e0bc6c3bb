"""The headless subcommands `validate` and `vp` (BRIEF 4)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.cli.main import main

SCEN = cs_desktop.SCENARIOS


def test_validate_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SCEN / "constitution-vs-java.json"), str(SCEN / "ships" / "java.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ok: {SCEN / 'constitution-vs-java.json'}", f"ok: {SCEN / 'ships' / 'java.json'}"]


def test_validate_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SCEN)]) == 0
    out = capsys.readouterr().out.splitlines()
    ok = [line for line in out if line.startswith("ok: ")]
    # every file once; a campaign folder (docs/campaign-format.md) is checked whole, as one line
    campaigns = [c.parent for c in SCEN.rglob("campaign.json")]
    files = [q for q in SCEN.rglob("*.json") if not any(c in q.parents for c in campaigns)]
    assert len(ok) == len(files) + len(campaigns)
    # the only other lines: scenarios a side cannot win (issue 13, tests/rules/test_winnable.py)
    assert all(line.startswith("warning: ") and "cannot win" in line for line in out if line not in ok)


def test_validate_problems_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "captains-sea/ship", "version": 7}', encoding="utf-8")
    assert main(["validate", str(bad), str(tmp_path / "missing.json"), str(SCEN / "ships" / "java.json")]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{bad}: version: version 7 is not supported; supported versions: 1"
    assert out[1] == f"{tmp_path / 'missing.json'}: (file): file not found"
    assert out[2].startswith("ok: ")


def test_vp_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vp", str(SCEN / "constitution-vs-java.json")]) == 0
    out = capsys.readouterr().out
    assert "FP 4, CR 1.5" in out and "multiplier x1," in out and "multiplier x3," in out  # the 20.1 example, R20.1a
    assert "[20.1]" in out


def test_vp_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vp", str(SCEN / "president-vs-belvidera-3-ship.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    sides = {s["side"]: s for s in data["sides"]}
    assert sides["us"]["multiplier"] == 1 and sides["gb"]["multiplier"] == 6.5
    assert {"fp", "cr", "dc", "bonus"} <= sides["us"].keys()
    assert any(step["rule"] == "21.3" for step in data["steps"])


def test_vp_bad_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vp", str(SCEN / "ships" / "java.json")]) == 2
    assert "this is a ship file" in capsys.readouterr().err


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cs_desktop", *args], capture_output=True, text=True,
                          cwd=cs_desktop.ROOT, timeout=120)


def test_validate_subprocess_exit_status(tmp_path: Path) -> None:
    good = _run("validate", "scenarios")
    assert good.returncode == 0, good.stderr
    assert "ok: scenarios/constitution-vs-java.json" in good.stdout
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not json")
    res = _run("validate", str(bad))
    assert res.returncode == 2
    assert "Traceback" not in res.stdout + res.stderr
    assert res.stdout.startswith(f"{bad}: line 1, column 1: not UTF-8 text: invalid byte 0xff")


def test_data_dir_option_points_the_library_elsewhere(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 5 item 1: an option (and CAPTAINS_SEA_DATA) moves the user's data folder."""
    import os

    from cs_desktop.cli.main import main
    from cs_desktop.library.db import data_dir

    monkeypatch.setenv("CAPTAINS_SEA_DATA", str(tmp_path / "before"))  # restored after the test
    target = tmp_path / "elsewhere"
    assert main(["--data-dir", str(target), "validate", str(cs_desktop.SCENARIOS / "constitution-vs-java.json")]) == 0
    assert os.environ["CAPTAINS_SEA_DATA"] == str(target)
    assert data_dir() == target


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games"),
    (["--turn-limit", "-5"], "--turn-limit"),
    (["--captains", "simple"], "--captains"),
    (["--captains", "simple,genius"], "--captains"),
    (["--option", "fleet_rules=yes"], '--option fleet_rules: expected true or false, got text "yes"'),
    (["--option", "fleet_rule=true"], "--option fleet_rule: unknown field"),
    (["--option", "fleet_rules"], "--option 'fleet_rules': write NAME=VALUE"),
    (["--option", "relativity=sideways"], "--option relativity:"),
    (["--option", 'bid={"fr": 5}'], "--option bid: side 'fr' is not one of ['us', 'gb']"),
])
def test_simulate_bad_options_exit_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every subcommand: exit status 2 and a clear message on bad input, never a game with nonsense terms."""
    assert main(["simulate", "--scenario", str(SCEN / "constitution-vs-java.json"), *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_output_into_a_reader_that_stops_early_is_not_an_error() -> None:
    """`captains-sea ... | head -1`: the closed pipe ends the command quietly, without a traceback."""
    import subprocess
    import sys

    many = ["simulate", "--scenario", str(SCEN / "constitution-vs-java.json"), "--games", "600", "--turn-limit",
            "1", "--json"]  # far more output than a pipe holds
    proc = subprocess.Popen([sys.executable, "-m", "cs_desktop", *many], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away after one line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0 and "Traceback" not in err


def test_validate_accepts_the_fleet_rules_and_refuses_a_bad_value(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14: `options.fleet_rules` is true or false; anything else names the file, the field and the problem."""
    fleet = SCEN / "fleets" / "frigate-fleets-12-a-side.json"
    assert main(["validate", str(fleet)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"ok: {fleet}"
    bad = tmp_path / "bad-fleet.json"
    bad.write_text(fleet.read_text(encoding="utf-8").replace('"fleet_rules": true', '"fleet_rules": "yes"'),
                   encoding="utf-8")
    assert main(["validate", str(bad)]) == 2
    assert capsys.readouterr().out.splitlines() == [f'{bad}: options.fleet_rules: expected true or false, got text "yes"']


def test_simulate_turns_the_fleet_rules_on_with_option(capsys: pytest.CaptureFixture[str]) -> None:
    """`--option fleet_rules=true` plays the games under the fleet rules: a duel whose ship leaves the map
    ends with her side having no ship left fighting, not with "sailed off the map"."""
    args = ["simulate", "--scenario", str(SCEN / "constitution-vs-java.json"), "--games", "2", "--json"]
    assert main([*args, "--option", "fleet_rules=true", "--option", "relativity=zero"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert any("no ship left fighting" in r["how"] for r in report["results"])
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert not any("no ship left fighting" in r["how"] for r in plain["results"])


def test_simulate_three_sides_takes_a_captain_a_side_and_tournament_leaves_it_out(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 (R6.0a): `simulate` plays a three-sided scenario with one captain a side (random for every side
    by default); two captains are refused; `tournament` and `balance`, which seat two, refuse it clearly."""
    three = str(SCEN / "fleets" / "three-flags-off-guadeloupe.json")
    assert main(["simulate", "--scenario", three, "--games", "1", "--turn-limit", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["captains"] == ["random"] * 3 and set(report["results"][0]["vp"]) == {"us", "fr", "gb"}
    assert main(["simulate", "--scenario", three, "--captains", "simple,random"]) == 2
    assert "give 3" in capsys.readouterr().err
    assert main(["tournament", "--scenarios", three, "--captains", "simple,random", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "left out: 3 sides" in err and "no two-sided scenario" in err
    assert main(["balance", three, "--games", "1"]) == 2
    assert "3 sides" in capsys.readouterr().err


def test_balance_of_a_folder_leaves_out_a_three_sided_scenario_and_measures_the_others(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14: like `tournament`, the lab given a folder measures its two-sided scenarios and says which it left
    out; a three-sided file named on its own is refused (the test above), and so is a folder with nothing else."""
    folder = tmp_path / "fleets"
    (folder / "ships").mkdir(parents=True)
    for name in ("three-flags-off-guadeloupe.json", "constitution-vs-cyane-and-levant.json"):
        shutil.copy(SCEN / "fleets" / name, folder / name)
    for card in (SCEN / "fleets" / "ships").glob("*.json"):
        shutil.copy(card, folder / "ships" / card.name)
    args = ["balance", str(folder), "--games", "1", "--batch", "1", "--no-cluster", "--quiet", "--turn-limit", "2",
            "--out", str(tmp_path / "out"), "--json"]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert "left out: " in captured.err and "three-flags-off-guadeloupe.json: 3 sides" in captured.err
    report = json.loads(captured.out)
    assert [p["id"] for p in report["pairings"]] == ["constitution-vs-cyane-and-levant"]
    (folder / "constitution-vs-cyane-and-levant.json").unlink()
    assert main(args[:-3] + ["--out", str(tmp_path / "none")]) == 2
    assert "no two-sided scenario" in capsys.readouterr().err
