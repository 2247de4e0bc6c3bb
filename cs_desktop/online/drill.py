"""A fault drill: a server in its own process killed with SIGKILL in the middle of games, and started again.

The human seats of one game are played by the easy captain through `SeatClient`s (each dropping nothing on
purpose: the server's death drops them); a computer seat is played by the server, which is killed while it thinks
as well. After every `every` acknowledged decisions the server process is killed (no
warning, no flush) and started again on the same port and folder; the clients reconnect by themselves. At the
end the drill checks what a club would: the game reached its end, every decision a seat saw acknowledged is in
the game, each seat saw exactly the events visible to it, and the game's file replays offline.
tests/online/test_restart.py runs a few kills; `scripts/online_kill_drill.py` runs 50.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cs_desktop.ai.captains import make_captain
from cs_desktop.online.client import RemoteSeat, SeatClient
from cs_desktop.online.command import host_game
from cs_desktop.online.store import SUFFIX, GameStore
from cs_desktop.rules.cards import Scenario, ShipCard

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class DrillReport:
    kills: int = 0
    decisions: int = 0
    acked: dict[str, list[Any]] = field(default_factory=dict)  # side -> the answers acknowledged, in order
    reconnects: int = 0
    problems: list[str] = field(default_factory=list)


class ServerProcess:
    """`python3 -m cs_desktop serve` in a child process, on a fixed folder (and, once known, port)."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder, self.port = folder, port
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> int:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cs_desktop", "serve", "--port", str(self.port), "--games", str(self.folder),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, env=env, cwd=str(ROOT))
        assert self.proc.stdout is not None
        line = (await self.proc.stdout.readline()).decode()
        if "listening on" not in line:
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(line.rsplit(":", 1)[1])
        return self.port

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


async def _seat(client: SeatClient, report: DrillReport, acked: asyncio.Event) -> None:
    captain: Any = make_captain("easy", 3)  # it reads only the view: a RemoteSeat is all it needs
    seat = await client.connect()
    scenario = Scenario.model_validate(seat.scenario)
    cards = {k: ShipCard.model_validate(v) for k, v in seat.ships.items()}
    mine = report.acked.setdefault(str(seat.side), [])
    while True:
        await client.wait_turn()
        if seat.ended:
            return
        answer = captain.choose(RemoteSeat(seat, cards, scenario))
        reply = await client.submit(answer)
        if reply["t"] != "ack":
            report.problems.append(f"{seat.side}: answer refused: {reply}")
            return
        mine.append(answer)
        report.decisions += 1
        acked.set()


async def kill_drill(folder: Path, kills: int, every: int = 6, scenario: str = "constitution-vs-guerriere",
                     turn_limit: int = 4, seats: dict[str, str] | None = None) -> DrillReport:
    """Play one game, killing the server `kills` times, every `every` decisions acknowledged to a client; each
    human seat of `seats` (default: both human) is a client, a computer seat is played on the server."""
    report = DrillReport()
    server = ServerProcess(folder)
    await server.start()
    try:
        hosted = await host_game(server.url, scenario, seats or {"us": "human", "gb": "human"},
                                 options={"turn_limit": turn_limit})
        clients = {side: SeatClient(server.url, code, retry_for=120) for side, code in hosted["codes"].items()}
        acked = asyncio.Event()
        playing = asyncio.gather(*(_seat(c, report, acked) for c in clients.values()))
        while report.kills < kills and not playing.done():
            target = report.decisions + every
            while report.decisions < target and not playing.done():
                acked.clear()
                waiting: list[asyncio.Future[Any]] = [asyncio.ensure_future(acked.wait()), playing]
                await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                waiting[0].cancel()
            if playing.done():
                break
            await server.kill()
            report.kills += 1
            await server.start()
        await playing
        report.reconnects = sum(c.reconnects for c in clients.values())
        await server.kill()
        _check(folder / f"{hosted['game']}{SUFFIX}", clients, report)
    finally:
        await server.kill()
    return report


def _check(path: Path, clients: dict[str, SeatClient], report: DrillReport) -> None:
    store = GameStore.open(path)
    game = store.load()
    store.close()
    if not game.ended:
        report.problems.append("the game did not reach its end")
    for side, client in clients.items():
        given = [d["answer"] for d in game.decisions if d["side"] == side]
        if given != report.acked.get(side):
            report.problems.append(f"{side}: the acknowledged answers are not the game's")
        if client.seat.events != game.visible_events(side):
            report.problems.append(f"{side}: the events seen are not the events visible to the side")
