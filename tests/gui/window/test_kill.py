"""Closing never loses a game (issue 9): the real program, killed with SIGKILL in the middle of a turn, offers
at its next start to continue the game with the same pending decision.

API tested: `python3 -m cs_desktop --data-dir DIR` (run_app -> gui/start.open_main_window), driven through the
the test-only entry tests/gui/program_hook.py: `play:` answers decisions through the session
(which autosaves after each), `campaign:` fights a campaign's first battle on the board (its row keeps every
decision; play/campaign_mark.py marks it), `report` accepts the offer to continue and prints the continued game.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import cs_desktop

ROOT = Path(cs_desktop.__file__).resolve().parent.parent
JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("CAPTAINS_SEA_DATA", None)
    return env


def _start(data: Path, hook: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.gui.program_hook", str(data), hook], cwd=ROOT,
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


class Lines:
    """The program's stdout, line by line, read on a thread (a generous limit only so that a broken program
    cannot hang the test run; nothing is timed)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(proc,), daemon=True).start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("")

    def starting(self, prefix: str) -> str:
        """The next line starting with `prefix` ("" if the program ended first)."""
        while True:
            line = self.lines.get(timeout=300)
            if line.startswith(prefix) or line == "":
                return line


def _next_start(data: Path) -> tuple[str, str]:
    """The program started again on `data` after the kill: its offer, and the position after continuing."""
    second = _start(data, "report")
    try:
        out = Lines(second)
        offer = out.starting("OFFER ")
        after = out.starting("PENDING ")
        second.wait(timeout=300)
    finally:
        second.kill()
        second.wait()
    return offer, after


@pytest.mark.parametrize("decisions", [13, 25])
def test_killed_mid_turn_the_next_start_continues_the_same_decision(tmp_path: Path, decisions: int) -> None:
    data = tmp_path / "data"
    first = _start(data, f"play:{JAVA}:7:{decisions}")
    try:
        before = Lines(first).starting("PENDING ")
        assert before.startswith(f"PENDING {decisions} "), before
        first.send_signal(signal.SIGKILL)
    finally:
        first.kill()
        first.wait()
    assert first.returncode == -signal.SIGKILL
    assert (data / "session.lock").is_file()  # killed: the lock stays, naming a process that is gone

    offer, after = _next_start(data)
    assert offer.startswith("OFFER Continue Constitution vs Java, turn "), offer
    asked = before.split(" ", 3)[3]
    assert offer.endswith(f", {asked}?"), (offer, asked)
    # same number of decisions, same state, events and pending requests (sha256 of the game's fingerprint)
    assert after == before


def test_killed_mid_campaign_battle_the_next_start_continues_that_battle(tmp_path: Path) -> None:
    """The same with a campaign's battle on the board (kept by the campaign's library row, not the autosave): the
    next start offers the campaign's battle and continuing gives the same game at the same decision."""
    data = tmp_path / "data"
    first = _start(data, "campaign:constitution-1812:3:12")
    try:
        before = Lines(first).starting("PENDING ")
        assert before.startswith("PENDING ") and before != "PENDING none", before
        first.send_signal(signal.SIGKILL)
    finally:
        first.kill()
        first.wait()
    assert first.returncode == -signal.SIGKILL
    assert (data / "session.lock").is_file() and (data / "campaign-battle.json").is_file()
    assert not (data / "autosave.csgame").exists()  # the campaign's row holds the battle

    offer, after = _next_start(data)
    assert offer.startswith("OFFER Continue the battle Constitution vs Guerriere, turn "), offer
    asked = before.split(" ", 3)[3]
    assert offer.endswith(f", {asked}?"), (offer, asked)
    assert after == before  # the same decisions, state, events and requests
