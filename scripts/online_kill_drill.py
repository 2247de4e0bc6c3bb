#!/usr/bin/env python3
"""Issue 32, item 4: kill -9 the referee server 50 times in the middle of online games and check nothing is lost.

    python3 scripts/online_kill_drill.py [--kills 50] [--every 4]

Plays games between two client seats (the easy captain), killing the server process with SIGKILL every
`--every` acknowledged decisions and starting it again on the same folder and port; a game that ends before the
kills are done is followed by another. Prints each game's kills, decisions and reconnections, and any problem
(an acknowledged answer missing, an event missed or doubled, a game that cannot be rebuilt). Exit 1 on a problem.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop.online.drill import kill_drill  # noqa: E402


async def main(kills: int, every: int) -> int:
    done, games, problems = 0, 0, 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cs-kill-drill-") as scratch:
        while done < kills:
            report = await kill_drill(Path(scratch) / f"game{games}", kills - done, every, turn_limit=8)
            games += 1
            done += report.kills
            problems += len(report.problems)
            print(f"game {games}: {report.kills} kills, {report.decisions} decisions acknowledged, "
                  f"{report.reconnects} reconnections, problems: {report.problems or 'none'}", flush=True)
    print(f"{done} kills over {games} games in {time.perf_counter() - start:.0f} s: {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--every", type=int, default=4)
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.kills, args.every)))
