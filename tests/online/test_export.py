"""Issue 32, items 1 and 6: an online game, finished or abandoned, exports to the ordinary saved game and replays
offline; the logs never hold a code; a spectator sees the public view only.

API tested: `captains-sea online-export` and `replay` (cli.main), GameStore.export, SeatClient(watch=...).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from cs_desktop.cli import main as cli
from cs_desktop.ai.captains import make_captain
from cs_desktop.online.client import SeatClient, play_seat, write_export
from cs_desktop.online.store import SUFFIX, GameStore
from cs_desktop.formats.savegame import load_game

from tests.online.conftest import SCENARIO, run, serving


def test_finished_and_abandoned_games_export_and_replay_offline(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Actions: a seat plays a game against easy to its end while a spectator watches; a second game is left
    after one answer; both are exported with the command and replayed with `captains-sea replay`.
    Expected: both exports replay (exit 0) to the server's game; no log line at any level holds a code or token;
    the spectator saw the game end, no side's hand and no unrevealed maneuver."""
    caplog.set_level(logging.DEBUG)
    folder = tmp_path / "games"

    async def main() -> tuple[str, str, list[str], list[str]]:
        async with serving(folder) as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "easy"}, seed=21,
                                               options={"turn_limit": 3})
            left, left_codes = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=22)
            watcher = SeatClient(url, "", watch=table.game_id)
            await watcher.connect()
            await play_seat(SeatClient(url, codes["us"]), make_captain("easy", 4))
            while not watcher.seat.ended:
                await watcher.receive()
            quitter = SeatClient(url, left_codes["us"])
            await quitter.connect()
            assert (await quitter.submit(quitter.seat.request["options"][0] if quitter.seat.request
                                         and quitter.seat.request["options"] else {}))["t"] in ("ack", "refused")
            await quitter.close()
            await watcher.close()
            secrets = [*codes.values(), *left_codes.values()]
            return table.game_id, left.game_id, secrets, watcher.frames

    finished, abandoned, secrets, watched = run(main)
    for secret in secrets:
        assert secret.partition(".")[2] not in caplog.text
    for game_id in (finished, abandoned):
        out = tmp_path / f"{game_id}.csgame"
        assert cli.main(["online-export", game_id, str(out), "--games", str(folder)]) == 0
        assert cli.main(["replay", str(out)]) == 0
        store = GameStore.open(folder / f"{game_id}{SUFFIX}")
        assert load_game(out).game.fingerprint() == store.load().fingerprint()
        store.close()
    assert "ended" in capsys.readouterr().out
    assert all('"hand":[' not in f and '"visible_to"' not in f for f in watched)


def test_a_seat_gets_its_game_to_keep_only_once_it_is_over(tmp_path: Path) -> None:
    """Actions: a human seat against easy asks for `export` during the game, then strikes and asks again.
    Expected: refused while the game goes on (its seed and decisions are the referee's); once over, the save
    it gets is written by write_export and loads to the server's game."""
    async def main() -> None:
        async with serving(tmp_path / "games") as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "easy"}, seed=21)
            seat = SeatClient(url, codes["us"])
            await seat.connect()
            await seat.send({"t": "export"})
            while (frame := await seat.receive())["t"] != "error":
                assert frame["t"] != "export"
            assert frame["code"] == "not-over"
            await seat.wait_turn()
            assert (await seat.submit(None, strike=True))["t"] == "ack"
            await seat.send({"t": "export"})
            while (frame := await seat.receive())["t"] != "export":
                pass
            written = write_export(frame, tmp_path / "kept.csgame")
            assert load_game(written).game.fingerprint() == table.game.fingerprint() and table.game.ended
            await seat.close()

    run(main)
