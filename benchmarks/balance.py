"""The balance lab's figures (issue 13 item 5).

    python3 benchmarks/balance.py [--games 1000] [--rate-games 200] [--sweep-games 100]

1. 1,000 games of a duel (Constitution vs Guerriere, simple captains on both sides, turn limit 30) on an
   embedded local Dask cluster of 2 processes: wall time, start of the cluster included.
2. Games per second against workers: in this process (1), a local cluster of 1 process and of 2.
3. The wall time of a full sweep of the shipped ships (every ordered pairing, meeting and chase) at
   --sweep-games a pairing, estimated for 1, 8 and 64 workers from the best measured rate per worker
   (assuming the linear scaling the batches allow; a cluster's start and network are not counted).
The machine's load average is printed with the figures: the cores are shared. With COMPILED=1 the games run on
the optional compiled engine of scripts/build_compiled.py (build/compiled; the same games, proved by its --check).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if os.environ.get("COMPILED") == "1":  # the optional compiled engine (scripts/build_compiled.py): the same games
    sys.path.insert(0, str(ROOT / "build" / "compiled"))

from cs_desktop import SCENARIOS  # noqa: E402
from cs_desktop.balance.job import Job, scenario_pairings, ships_in, sweep_pairings  # noqa: E402
from cs_desktop.balance.runner import DaskPool, InProcess, Pool, run_job  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402


def timed(job: Job, make: "type[Pool] | None", workers: int) -> tuple[float, float]:
    """(wall seconds including the pool's start, seconds playing)."""
    start = time.monotonic()
    pool: Pool = InProcess() if make is None else DaskPool(workers=workers)
    ready = time.monotonic()
    try:
        outcome = run_job(job, pool)
    finally:
        pool.close()
    end = time.monotonic()
    assert outcome.complete
    return end - start, end - ready


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rate-games", type=int, default=200)
    ap.add_argument("--sweep-games", type=int, default=100)
    args = ap.parse_args()
    duel = scenario_pairings([load_scenario_with_ships(SCENARIOS / "constitution-vs-guerriere.json")])

    def job(games: int) -> Job:
        return Job(tuple(duel), ("simple", "simple"), games, 1, 30, 25)

    print(f"machine: {os.cpu_count()} cores, load average before {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (shared with other work)")
    rates = {}
    for label, make, n in (("in-process, 1", None, 1), ("local cluster, 1 worker", DaskPool, 1),
                           ("local cluster, 2 workers", DaskPool, 2)):
        wall, play = timed(job(args.rate_games), make, n)  # type: ignore[arg-type]
        rates[label] = args.rate_games / play
        print(f"{label:<26} {args.rate_games} games: {play:6.1f} s playing, {wall:6.1f} s with start: "
              f"{rates[label]:5.1f} games/s")
    wall, play = timed(job(args.games), DaskPool, 2)
    print(f"\n{args.games} games of constitution-vs-guerriere, simple vs simple, local cluster of 2: "
          f"{wall:.1f} s wall ({play:.1f} s playing, {args.games / wall:.1f} games/s); target 30 s")
    per_worker = max(rates["in-process, 1"], rates["local cluster, 1 worker"])
    pairings = len(sweep_pairings(ships_in(SCENARIOS / "ships")))
    total = pairings * args.sweep_games
    print(f"\nfull sweep of the shipped ships: {pairings} pairings x {args.sweep_games} games = {total} games; "
          f"at {per_worker:.1f} games/s a worker:")
    for n in (1, 8, 64):
        seconds = total / (per_worker * n)
        print(f"  {n:>2} workers: {seconds / 60:7.1f} min ({seconds / 3600:.2f} h)")
    print(f"load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
