"""Issue 32, item 1: the command line of online play — `online-host` asks a running server for a game and prints
its codes, `online-play` lets the easy captain play a seat to the end through the client; refusals exit 2.

API tested: cli.main with the online subcommands (each on a thread of its own, as the others run their coroutines:
tests/online/conftest.py `in_thread`), against a server on a thread of its own (real sockets).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cs_desktop.cli import main as cli

from tests.online.conftest import SCENARIO, ThreadServer, in_thread


def test_online_host_and_online_play_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with ThreadServer(tmp_path / "games") as server:
        assert in_thread(cli.main, ["online-host", "--server", server.url, "--scenario", SCENARIO,
                                    "--seats", "us=human,gb=easy"]) == 0
        out = capsys.readouterr().out
        code = out.split("us: ", 1)[1].split()[0]
        assert in_thread(cli.main, ["online-play", code, "--server", server.url]) == 0
        assert "game over" in capsys.readouterr().out
        assert server.server is not None
        assert all(t.game.ended for t in server.server.referee.tables.values())

        assert in_thread(cli.main, ["online-host", "--server", server.url, "--scenario", "no-such",
                                    "--seats", "us=human,gb=easy"]) == 2
        assert in_thread(cli.main, ["online-play", "not-a-code", "--server", server.url]) == 2
        assert "no scenario" in capsys.readouterr().err
