"""Engine speed: complete random-policy games per second, turns per second, and the cost of copying a game.

    python3 benchmarks/engine.py [--games 100] [--scenario scenarios/constitution-vs-java.json]

Prints figures; asserts nothing. One core (the engine is single-threaded).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cs_desktop.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.simulate import play_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenario", default="scenarios/constitution-vs-java.json")
    parser.add_argument("--turn-limit", type=int, default=30)
    parser.add_argument("--captains", default="random,random")
    args = parser.parse_args()
    scenario, ships = load_scenario_with_ships(args.scenario)
    captains = tuple(args.captains.split(","))

    start = time.perf_counter()
    cpu_start = time.process_time()
    turns = decisions = events = 0
    kept = []  # (seed, options, decisions) of a few games for the copy figures; whole games are not kept, as
    # a heap full of finished games makes the garbage collector, not the engine, the thing measured
    for k in range(args.games):
        game = play_game(scenario, ships, 1000 + k, (captains[0], captains[1]), {"turn_limit": args.turn_limit})
        turns += game.state.turn
        decisions += len(game.decisions)
        events += len(game.events)
        if len(kept) < 20:
            kept.append((game.seed, game.options, game.decisions))
        del game
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"scenario            {scenario.id} ({args.captains}, turn limit {args.turn_limit})")
    print(f"complete games/s    {args.games / elapsed:8.1f}   ({args.games} games in {elapsed:.2f} s)")
    print(f"games per CPU-second {args.games / cpu:7.1f}   (steadier on a shared machine)")
    print(f"turns/s             {turns / elapsed:8.1f}   (mean {turns / args.games:.1f} turns a game)")
    print(f"decisions/s         {decisions / elapsed:8.1f}   (mean {decisions / args.games:.0f} a game)")
    print(f"events/s            {events / elapsed:8.1f}")

    # The same games without the 1.7.3 offer before every roll (about a third of all decisions).
    start = time.perf_counter()
    for k in range(args.games):
        play_game(scenario, ships, 1000 + k, (captains[0], captains[1]),
                  {"turn_limit": args.turn_limit, "bonus_cards": False})
    quiet = time.perf_counter() - start
    print(f"games/s, no 1.7.3 card offers {args.games / quiet:8.1f}")

    # Copying: the computer captain copies games many times a move.
    from cs_desktop.rules.game import Game

    from cs_desktop.rules.determinize import determinize
    from cs_desktop.rules.dice import Dice

    state_times, game_times, det_times = [], [], []
    for seed, options, decided in kept:
        # a game stopped mid-turn: replay half its decisions
        mid = Game.replay(scenario, ships, seed, decided[: len(decided) // 2], options)
        n = 200
        t = time.perf_counter()
        for _ in range(n):
            mid.state.clone()
        state_times.append((time.perf_counter() - t) / n)
        t = time.perf_counter()
        for _ in range(n):
            mid.clone()
        game_times.append((time.perf_counter() - t) / n)
        if mid.pending:
            side = mid.pending[0].side
            rng = Dice(seed)
            t = time.perf_counter()
            for _ in range(n // 4):
                determinize(mid, side, rng)
            det_times.append((time.perf_counter() - t) / (n // 4))
    print(f"GameState.clone()   {statistics.median(state_times) * 1e6:8.1f} µs (median)")
    print(f"Game.clone()        {statistics.median(game_times) * 1e6:8.1f} µs (median; checkpoint + replay of the "
          "current segment)")
    if det_times:
        print(f"determinize()       {statistics.median(det_times) * 1e6:8.1f} µs (median; a copy consistent with "
              "one side's view, hidden parts drawn anew)")


if __name__ == "__main__":
    main()
