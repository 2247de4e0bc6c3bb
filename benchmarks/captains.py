"""Decision time of each computer captain level, on one core: the median, 95th percentile and longest time a
decision takes, over the decisions where the level actually thinks (a search) and over all its decisions.
Prints figures; asserts nothing (tests never time anything).

    python3 benchmarks/captains.py                        # easy, normal, hard; 2 games each; 3 scenarios
    python3 benchmarks/captains.py --levels normal --games 4 --turns 8 scenarios/constitution-vs-java.json

Each game seats the level against the simple captain (sides alternating), turn limit --turns. The levels run
without their time cap, as in `simulate` and `tournament`: the figures are what the iteration budget costs on
this machine; in the window the cap (1 s normal, 3 s hard) ends a search early on a slower one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop.ai.captains import LEVELS, make_captain  # noqa: E402
from cs_desktop.ai.seat import Seat  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402

DEFAULT_SCENARIOS = ("constitution-vs-java", "chesapeake-vs-shannon", "president-vs-endymion")


def measure(level: str, paths: list[Path], games: int, turns: int) -> tuple[list[float], list[float]]:
    searched: list[float] = []
    every: list[float] = []
    for path in paths:
        scenario, ships = load_scenario_with_ships(path)
        sides = [s.id for s in scenario.sides]
        for k in range(games):
            mine = sides[k % 2]
            game = Game(scenario, ships, 100 + k, {"turn_limit": turns})
            seats = {side: make_captain(level if side == mine else "simple", 7 + k) for side in sides}
            while game.pending:
                request = game.pending[0]
                captain = seats[request.side]
                start = time.process_time()
                answer = captain.choose(Seat(game, request))
                spent = time.process_time() - start
                if request.side == mine:
                    every.append(spent)
                    if getattr(captain, "last_search", None) is not None:
                        searched.append(spent)
                        captain.last_search = None  # type: ignore[attr-defined]
                game.submit(request.side, answer)
    return searched, every


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenarios", nargs="*", help="scenario files (default: three shipped duels)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--games", type=int, default=2, help="games per scenario (sides alternate)")
    parser.add_argument("--turns", type=int, default=6, help="turn limit of each game")
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1] / "scenarios"
    paths = [Path(p) for p in args.scenarios] or [root / f"{name}.json" for name in DEFAULT_SCENARIOS]
    print(f"CPU seconds per decision, {args.games} games x {len(paths)} scenarios, {args.turns} turns, vs simple")
    print(f"{'level':8} {'searched':>9} {'median':>8} {'p95':>8} {'max':>8}   {'all decisions: n':>17} {'mean':>8}")
    for level in args.levels.split(","):
        searched, every = measure(level, paths, args.games, args.turns)
        if searched:
            print(f"{level:8} {len(searched):9d} {statistics.median(searched):8.3f} {_p(searched, 0.95):8.3f} "
                  f"{max(searched):8.3f}   {len(every):17d} {statistics.mean(every):8.4f}")
        else:
            print(f"{level:8} {0:9d} {'-':>8} {'-':>8} {'-':>8}   {len(every):17d} {statistics.mean(every):8.4f}")


if __name__ == "__main__":
    main()
