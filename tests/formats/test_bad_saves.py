"""Damaged and tampered saved games (issue 9, points 6 and 7): the real bytes in a file, through the real
loader and the real command line. Each gives one message naming the file, where and what is wrong; the CLI
exits with status 2; nothing prints a traceback.

API tested: cs_desktop.formats.savegame.load_game, cs_desktop.cli.main.main (replay, validate), and `python3 -m
cs_desktop` in a child process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.cli.main import main
from cs_desktop.formats.savegame import SaveError, load_game

from tests.formats.badsaves import BAD_SAVES, good_text


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.csgame"
    path.write_text(good_text(), encoding="utf-8")
    return path


def _bad(case: str, tmp_path: Path) -> Path:
    path = tmp_path / "bad.csgame"
    BAD_SAVES[case][0](path)
    return path


def test_the_good_save_replays_and_validates(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_game(good).game.state.turn >= 1
    assert main(["replay", str(good)]) == 0
    assert capsys.readouterr().out.startswith(f"{good}: 40 decisions replayed")
    assert main(["validate", str(good)]) == 0
    assert capsys.readouterr().out == f"ok: {good}\n"


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_loader_gives_one_message_saying_where(case: str, tmp_path: Path) -> None:
    path = _bad(case, tmp_path)
    _write, where, words = BAD_SAVES[case]
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert len(err.value.problems) == 1, err.value.problems
    (field, problem), = err.value.problems
    assert field.startswith(where) and words in problem, (field, problem)
    assert str(err.value) == f"{path}: {field}: {problem}"


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_replay_command_exits_2_with_one_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _bad(case, tmp_path)
    _write, where, words = BAD_SAVES[case]
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: {where}") and words in lines[0]
    assert "Traceback" not in err


@pytest.mark.parametrize("case", [c for c in BAD_SAVES if c not in ("not an object", "scenario file")])
def test_validate_command_says_the_same(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _bad(case, tmp_path)
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == err.value.lines()


def test_validate_a_folder_of_saves_lists_every_bad_one(tmp_path: Path, good: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    for i, case in enumerate(("NaN turn limit", "decision for no side", "duplicate key")):
        BAD_SAVES[case][0](tmp_path / f"bad{i}.csgame")
    assert main(["validate", str(tmp_path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0] for line in out] == [str(tmp_path / f"bad{i}.csgame") for i in range(3)] + ["ok"]
    assert out[0].endswith("bad0.csgame: options.turn_limit: NaN is not a number in this format; write a number")


def test_validate_says_a_saved_game_is_not_a_ship_when_imported_as_one(good: Path) -> None:
    from cs_desktop.formats.files import FileFormatError, read_card

    with pytest.raises(FileFormatError) as err:
        read_card(good)
    assert err.value.problems[0][0] == "format" and "this is a saved game" in err.value.problems[0][1]


@pytest.mark.parametrize("case", ["deeply nested", "seed of 5000 digits", "truncated", "illegal decision"])
def test_no_traceback_in_a_real_process(case: str, tmp_path: Path) -> None:
    path = _bad(case, tmp_path)
    for command in ("replay", "validate"):
        res = subprocess.run([sys.executable, "-m", "cs_desktop", command, str(path)], capture_output=True,
                             text=True, cwd=cs_desktop.ROOT, timeout=120)
        assert res.returncode == 2, res.stderr
        assert "Traceback" not in res.stdout + res.stderr
        assert len((res.stdout + res.stderr).splitlines()) == 1


def test_loading_executes_nothing(tmp_path: Path) -> None:
    """A pickle is just bad bytes here: no code runs, the message says what the file is not. The bytes are a
    hand-written pickle (protocol 0) that runs `os.system("touch <marker>")` when unpickled; this test never
    unpickles anything itself."""
    marker = tmp_path / "ran"
    path = tmp_path / "evil.csgame"
    path.write_bytes(b"cos\nsystem\n(S'touch " + str(marker).encode() + b"'\ntR.")
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert not marker.exists()
    assert str(path) in str(err.value)
