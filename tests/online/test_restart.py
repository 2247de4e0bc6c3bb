"""Issue 32, item 4: kill -9 of the server in the middle of a game, and a restart: nothing lost, the game goes on.

API tested: `captains-sea serve` in a child process (cs_desktop.online.drill), SeatClient's reconnection.
Actions: two seats play a game through clients; the server is killed with SIGKILL three times mid-game and
started again on the same folder and port. Expected: the game reaches its end; every answer acknowledged to
a seat is in the game, in order; each seat saw exactly the events visible to it; the file rebuilds the game.
(scripts/online_kill_drill.py runs the same with 50 kills.)
"""

from __future__ import annotations

from pathlib import Path

from cs_desktop.online.drill import kill_drill

from tests.online.conftest import run


def test_kill_9_mid_game_and_restart_lose_nothing(tmp_path: Path) -> None:
    report = run(lambda: kill_drill(tmp_path, kills=3, every=8))
    assert report.problems == []
    assert report.kills == 3
    assert report.reconnects >= 3


def test_kill_9_while_the_servers_computer_captain_plays_a_seat(tmp_path: Path) -> None:
    """The same against the easy captain in the other seat, played on the server: the killed server's captain
    answers again after the restart, and nothing the client was told is lost."""
    report = run(lambda: kill_drill(tmp_path, kills=2, every=6, seats={"us": "human", "gb": "easy"}))
    assert report.problems == []
    assert report.kills == 2 and list(report.acked) == ["us"]
