"""Issue 31, item 6: no file content or file kind in the data folder can stop or hang a start. A session lock
naming a process id of 2**31 or more (OverflowError in os.kill) or a lock that is a named pipe stopped every
start; a path naming /dev/zero or a pipe hung it. Reads are bounded reads of regular files only.

API tested: play.autosave.read_lock, AutosaveStore.other_window_running, jsonread.read_bytes,
play.startup.check_data_folder. Expected: each is refused at once (ValueError / FileFormatError naming what is
wrong) and the start goes on, the bad lock set aside.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from cs_desktop.formats.jsonread import FileFormatError, read_bytes
from cs_desktop.play.autosave import LOCK_NAME, AutosaveStore, read_lock
from cs_desktop.play.startup import check_data_folder

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and /dev/zero are POSIX")


@pytest.mark.parametrize("text, says", [(f"{2**31} 1700000000.0", "pid: must be at most 2147483647"),
                                        ("0 1.0", "pid: must be at least 1"), ("-4 1.0", "pid: must be at least 1"),
                                        (f"{10**30} 1.0", "pid: must be at most"),
                                        ("12 inf", "time: input should be a finite number"),
                                        ("12 nan", "time: input should be a finite number"),
                                        ("12 -5", "time: must be at least 0")])
def test_issue_31_6_a_lock_out_of_range_is_refused_and_the_start_goes_on(tmp_path: Path, text: str,
                                                                         says: str) -> None:
    lock = tmp_path / LOCK_NAME
    lock.write_text(text, encoding="utf-8")
    with pytest.raises(FileFormatError, match=says):
        read_lock(lock)
    assert not AutosaveStore(tmp_path).other_window_running()
    report = check_data_folder(tmp_path)
    assert [s.path.name for s in report.set_aside] == [LOCK_NAME] and not lock.exists()


@POSIX
def test_issue_31_6_a_lock_that_is_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    lock = tmp_path / LOCK_NAME
    os.mkfifo(lock)
    with pytest.raises(FileFormatError, match="not a regular file"):
        read_lock(lock)  # would block for ever on open() before
    report = check_data_folder(tmp_path)
    assert not report.other_window and [s.path.name for s in report.set_aside] == [LOCK_NAME]


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_issue_31_6_read_bytes_reads_regular_files_only(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    with pytest.raises(FileFormatError) as e:
        read_bytes(path, 1024)
    assert "not a regular file" in str(e.value)


@POSIX
@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_issue_31_6_a_save_path_naming_a_device_or_a_pipe_does_not_hang(tmp_path: Path, target: str) -> None:
    """The autosave's `save_path` is read to compare decisions: /dev/zero or a pipe there hung the start."""
    from cs_desktop.play.autosave import _decision_count

    if target == "fifo":
        path = tmp_path / "game.csgame"
        os.mkfifo(path)
    else:
        path = Path(target)
    assert _decision_count(path) == -1


def test_issue_31_6_an_autosave_meta_out_of_range_is_set_aside_whole_and_the_start_goes_on(tmp_path: Path) -> None:
    """`saved_at: 1e300` made "keep for later" fail (the unfinished game was overwritten by the next); a 5 MB
    `asked` kept the window away. The meta's model (savegame.SaveMeta) refuses both, naming the file and the field;
    the start-up check sets the autosave aside byte for byte, and nothing is offered from it."""
    import json

    from cs_desktop import SCENARIOS
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.batch.simulate import play_game

    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, 3, ("random", "random"), {"turn_limit": 1}, max_decisions=12)
    store = AutosaveStore(tmp_path)
    store.write(game)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    data["meta"].update(saved_at=1e300, asked="x" * 5_000_000, ended=False)
    store.path.write_text(json.dumps(data), encoding="utf-8")
    bad = store.path.read_bytes()
    assert store.peek() is None
    report = check_data_folder(tmp_path)
    [item] = report.set_aside
    assert "meta.saved_at: must be at most 100000000000.0, got 1e+300" in item.problem
    assert "meta.asked: string should have at most 10000 characters" in item.problem
    assert item.moved_to is not None and item.moved_to.read_bytes() == bad and not store.path.exists()
    assert store.start_session() is None
