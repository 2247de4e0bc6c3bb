"""Online play under load (issue 32, item 5): N concurrent games on one referee server, on loopback.

    python3 benchmarks/online_load.py [--games 10] [--turn-limit 3] [--scenario constitution-vs-guerriere]

The server runs in its own process (`captains-sea serve`, a fresh folder); this process hosts N games and plays
both seats of every game with the easy captain through `SeatClient`s, all at once. Prints: the round trip of a
decision (answer sent -> acknowledged, after its commit, and the seat's next state received) at p50/p95/max, the
decisions per second the server kept up, and the server process's memory: at start, with N idle games, and after
the games were played (each game stays loaded). Loopback only, bounded in games and turns; asserts nothing.
On this 2-core machine the clients share the CPU with the server, so the figures are the whole loop's.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.online.client import RemoteSeat, SeatClient  # noqa: E402
from cs_desktop.online.command import host_game  # noqa: E402
from cs_desktop.online.drill import ServerProcess  # noqa: E402
from cs_desktop.rules.cards import Scenario, ShipCard  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def play(client: SeatClient, times: list[float]) -> None:
    captain = make_captain("easy", 1)
    seat = await client.connect()
    scenario = Scenario.model_validate(seat.scenario)
    cards = {k: ShipCard.model_validate(v) for k, v in seat.ships.items()}
    while True:
        await client.wait_turn()
        if seat.ended:
            return
        answer = captain.choose(RemoteSeat(seat, cards, scenario))
        start = time.perf_counter()
        reply = await client.submit(answer)
        times.append(time.perf_counter() - start)
        if reply["t"] != "ack":
            raise RuntimeError(f"refused: {reply}")


async def main(games: int, turn_limit: int, scenario: str) -> None:
    with tempfile.TemporaryDirectory(prefix="cs-online-load-") as scratch:
        server = ServerProcess(Path(scratch))
        await server.start()
        assert server.proc is not None
        pid = server.proc.pid
        base = rss_kib(pid)
        try:
            hosted = [await host_game(server.url, scenario, {"us": "human", "gb": "human"},
                                      options={"turn_limit": turn_limit}) for _ in range(games)]
            idle = rss_kib(pid)
            clients = [SeatClient(server.url, code) for h in hosted for code in h["codes"].values()]
            times: list[float] = []
            start = time.perf_counter()
            await asyncio.gather(*(play(c, times) for c in clients))
            wall = time.perf_counter() - start
            played = rss_kib(pid)
        finally:
            await server.kill()
    ms = sorted(t * 1000 for t in times)
    print(f"{games} concurrent games of {scenario}, {turn_limit} turns each, both seats easy captains over loopback")
    print(f"decisions: {len(ms)} in {wall:.1f} s ({len(ms) / wall:.0f} a second, all games together)")
    print(f"round trip of a decision (ms): p50 {statistics.median(ms):.1f}, "
          f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f}, max {ms[-1]:.1f}")
    print(f"server memory (RSS): at start {base / 1024:.1f} MiB; with {games} idle games {idle / 1024:.1f} MiB "
          f"({(idle - base) / games:.0f} KiB a game); after playing them {played / 1024:.1f} MiB "
          f"({(played - base) / games:.0f} KiB a game held)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="concurrent games (default 10; 2 cores here)")
    parser.add_argument("--turn-limit", type=int, default=3)
    parser.add_argument("--scenario", default="constitution-vs-guerriere")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.turn_limit, args.scenario))
