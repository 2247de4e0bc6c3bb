"""Issue 31, item 7: memory stays bounded while a saved game is refused. A 20 MB save of 827,386 junk decisions cost
+1 GB before its clean error. A save larger than the limit is refused before it is read; one within the limit but
holding more JSON values than any game (savegame.MAX_SAVE_VALUES) is refused before it is parsed; at that bound
the worst junk found is refused at a cost well under 100 MB.

API tested: savegame.load_game, in a fresh Python process each, on real files in tmp_path; its peak memory is the
process's VmHWM (/proc/self/status: the high-water mark of its own memory; ru_maxrss would carry over the size of
the test process that started it). Expected: a SaveError naming the file and the problem; peak memory under +100 MB
above the process before the load.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.formats.savegame import MAX_SAVE_BYTES, MAX_SAVE_VALUES

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="VmHWM of /proc/self/status: Linux")

#: loads the file named in argv[1] and prints the memory it cost (MB), the error, and the peak before (MB)
PROBE = """
import json, sys
from cs_desktop.formats.savegame import SaveError, load_game
def peak_kb():
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmHWM:")).split()[1])
base = peak_kb()
error = ""
try:
    load_game(sys.argv[1])
except SaveError as e:
    error = str(e)
print(json.dumps({"mb": (peak_kb() - base) / 1024, "error": error[:500], "base": base / 1024}))
"""


def _load_in_a_fresh_process(path: Path) -> tuple[float, str]:
    root = str(Path(cs_desktop.__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, timeout=300,
                         cwd=root, check=True)
    found = json.loads(out.stdout)
    assert 10 < found["base"] < 500  # the probe's own process, with the program's modules imported
    return float(found["mb"]), str(found["error"])


def _junk_save(path: Path, decisions: int, side: str = "us", kind: str = "junk") -> int:
    """A saved game of Constitution vs Java whose decisions are junk, written as one line; returns its size."""
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.rules.game import Game
    from cs_desktop.formats.savegame import save_text

    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / "constitution-vs-java.json")
    head = json.loads(save_text(Game(scenario, ships, 3)))
    head["decisions"] = []
    text = json.dumps(head, separators=(",", ":"))
    one = json.dumps({"side": side, "kind": kind}, separators=(",", ":"))
    body = ",".join([one] * decisions)
    text = text.replace('"decisions":[]', f'"decisions":[{body}]')
    path.write_text(text, encoding="utf-8")
    return len(text)


def test_a_300_mb_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "huge.csgame"
    with big.open("wb") as f:
        f.truncate(300 * 1024 * 1024)  # sparse: 300 MB of nothing
    mb, error = _load_in_a_fresh_process(big)
    assert f"{big}: (file): file is {300 * 1024 * 1024} bytes; the limit is {MAX_SAVE_BYTES} bytes" in error
    assert mb < 100, mb


def test_827386_junk_decisions_on_one_line_are_refused_within_100_mb(tmp_path: Path) -> None:
    """The file of the issue: 827,386 junk decisions (here over the size limit), and as many as fit under it."""
    whole = tmp_path / "junk.csgame"
    assert _junk_save(whole, 827_386) > MAX_SAVE_BYTES
    mb, error = _load_in_a_fresh_process(whole)
    assert f"{whole}: (file): file is" in error and mb < 100, (mb, error)
    fits = tmp_path / "fits.csgame"
    assert _junk_save(fits, 700_000) < MAX_SAVE_BYTES
    mb, error = _load_in_a_fresh_process(fits)
    assert f"{fits}: (file): holds some" in error and f"at most {MAX_SAVE_VALUES} are read" in error, error
    assert mb < 100, mb


@pytest.mark.parametrize("side, kind", [("us", "junk"), ("s" * 64, "k" * 64)])
def test_junk_just_under_the_bound_is_parsed_and_refused_within_100_mb(tmp_path: Path, side: str, kind: str) -> None:
    """The worst found: as many junk decisions as the bound lets through (3 values each), each with the longest
    side and kind a decision may have; parsed, validated, and refused at its first decision."""
    path = tmp_path / "junk.csgame"
    _junk_save(path, (MAX_SAVE_VALUES - 2000) // 3, side, kind)
    mb, error = _load_in_a_fresh_process(path)
    assert f"{path}: decisions[0]: decision 1 of" in error and "does not replay" in error, error
    assert mb < 100, mb
