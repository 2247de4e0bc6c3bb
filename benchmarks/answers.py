"""Cost of checking answers: the canonical form (`answers.canonical`) plus validation, per answer.

    python3 benchmarks/answers.py [--games 30] [--scenario scenarios/constitution-vs-java.json]

Plays random games, keeps every (request, answer), then times canonical form + validation alone over them
(best of 5). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cs_desktop.ai.random_policy import RandomCaptain  # noqa: E402
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import decisions  # noqa: E402
from cs_desktop.rules.answers import canonical  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--scenario", default="scenarios/constitution-vs-java.json")
    args = parser.parse_args()
    scenario, ships = load_scenario_with_ships(args.scenario)
    pairs: list[tuple[Any, Any, Any]] = []
    for k in range(args.games):
        game = Game(scenario, ships, k, {"turn_limit": 30})
        captains = {s.id: RandomCaptain(k + i) for i, s in enumerate(scenario.sides)}
        while game.pending:
            request = game.pending[0]
            answer = captains[request.side].choose(Seat(game, request))
            pairs.append((game.state, request, answer))
            game.submit(request.side, answer)
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for state, request, answer in pairs:
            decisions.validate(state, request, canonical(answer))
        best = min(best, time.process_time() - start)
    print(f"answers checked     {len(pairs)} (from {args.games} games)")
    print(f"canonical + validate {1e6 * best / len(pairs):6.2f} µs per answer (CPU, best of 5)")


if __name__ == "__main__":
    main()
