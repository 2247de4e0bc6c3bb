"""Two captains on every shipped duel, both seat orders, each at its own printed turn limit: how the tempers of the
lower levels were chosen (issue 27.2, docs/captains.md "Choosing the tempers"). Prints a score with its Wilson
interval; asserts nothing.

A captain is a name (`easy`, `judgment`, `simple`, ...) or a temper of the judgment,
`temper:DEPTH:STYLE:WITHIN[:CREW_WITHIN]` (ai/temper.py: the helm's look-ahead in maneuvers, the crew style of
`Guns.assign`, the range in MP beyond which it holds fire, empty for none, and the range within which it keeps its
crew style, none for any range):

    python3 benchmarks/tempers.py judgment temper:1:both:12 --games 20
    python3 benchmarks/tempers.py temper:3:both: temper:1:both:12 --games 20 --workers 2
    python3 benchmarks/tempers.py temper:3:both::14 temper:1:both:16 --games 20 --workers 2
    python3 benchmarks/tempers.py normal easy --games 36 --seed 11 --squadrons --workers 2

`--squadrons` adds every two-sided shipped squadron action (scenarios/fleets) to the duels: as the ladder, each
scenario weighs the same.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop import SCENARIOS  # noqa: E402
from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.judgment import JudgmentCaptain  # noqa: E402
from cs_desktop.ai.seat import seat_for  # noqa: E402
from cs_desktop.ai.temper import Temper  # noqa: E402
from cs_desktop.batch.turn_limit import turn_limit_options  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402


def captain(spec: str, seed: int) -> Any:
    if spec.startswith("temper:"):
        _, depth, style, within, crew_within = (spec + "::").split(":")[:5]
        return JudgmentCaptain(seed, Temper(int(depth), style, int(crew_within) if crew_within else None,
                                            int(within) if within else None))
    return make_captain(spec, seed)


def play(job: tuple[str, tuple[str, str], int, bool]) -> float:
    """The first captain's points (1, 0.5, 0) in one game; `swap` seats it on the second side."""
    path, specs, seed, swap = job
    scenario, ships = load_scenario_with_ships(path)
    sides = [s.id for s in scenario.sides]
    order = specs[::-1] if swap else specs
    game = Game(scenario, ships, seed, turn_limit_options(None))
    game.lazy_checkpoints()
    seats = {side: captain(name, seed * 7919 + i) for i, (side, name) in enumerate(zip(sides, order))}
    while game.pending:
        request = game.pending[0]
        game.submit(request.side, seats[request.side].choose(seat_for(game, request, seats[request.side])))
    winner = game.events[-1].get("result", {}).get("winner")  # type: ignore[call-overload]
    return 0.5 if winner is None else float(winner == (sides[1] if swap else sides[0]))


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = points / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=20, help="games a duel, half in each seat order")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--squadrons", action="store_true", help="the squadron actions too (two-sided ones)")
    args = parser.parse_args()
    duels = sorted(Path(SCENARIOS).glob("*.json"))
    if args.squadrons:
        duels += [p for p in sorted((Path(SCENARIOS) / "fleets").glob("*.json"))
                  if len(load_scenario_with_ships(p)[0].sides) == 2]
    jobs = [(str(p), (args.first, args.second), args.seed * 100000 + i * 1000 + k, k % 2 == 1)
            for i, p in enumerate(duels) for k in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        points = sum(pool.map(play, jobs, chunksize=1))
    lo, hi = wilson(points, len(jobs))
    print(f"{args.first} against {args.second}: {points:g} of {len(jobs)} = {100 * points / len(jobs):.1f}% "
          f"(95% interval {100 * lo:.0f}-{100 * hi:.0f}%), {len(duels)} scenarios, both seat orders, printed turn limits")


if __name__ == "__main__":
    main()
