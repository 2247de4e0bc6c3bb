"""Games per CPU-second of the checkout in the current folder, for paired old-against-new comparisons.

    cd OLD_TREE && python3 /path/to/benchmarks/paired_games.py 1v1 engine 5      # then the same in NEW_TREE
    farm-bench -n 10 'cd OLD && python3 benchmarks/paired_games.py 1v1 random 5' \\
        --vs 'cd NEW && python3 benchmarks/paired_games.py 1v1 random 5'
    valgrind --tool=callgrind python3 benchmarks/paired_games.py 12v12 engine 3   # instruction counts, load-free

It imports the engine of the current folder (so an old tree from `git archive` measures itself), plays N games of
Constitution vs Java (`1v1`) or the 12-a-side benchmark fleets (`12v12`, benchmarks/fleets.py) with the engine's
own sampling policy (`engine`) or the `random`/`simple` captains, turn limit 30, and prints games per CPU-second
and the turns played (equal turns on both trees: the same games). A game is told `lazy_checkpoints()` when the tree
has it (issue 12), as `simulate` does.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.getcwd())
sys.path.insert(0, os.path.join(os.getcwd(), "benchmarks"))

from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import decisions  # noqa: E402
from cs_desktop.rules.dice import Dice  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402
from cs_desktop.batch.simulate import play_game  # noqa: E402
from fleets import fleet_scenario  # noqa: E402


def main(argv: list[str]) -> int:
    which, policy, n = argv[0], argv[1], int(argv[2])
    if which == "1v1":
        scenario, ships = load_scenario_with_ships("scenarios/constitution-vs-java.json")
    else:
        scenario, ships = fleet_scenario(12)
    opts = {"turn_limit": 30}

    def engine_game(seed: int) -> Game:
        game = Game(scenario, ships, seed, opts)
        getattr(game, "lazy_checkpoints", lambda: None)()
        rng = Dice(seed * 31 + 7)
        while game.pending:
            r = game.pending[0]
            game.submit(r.side, decisions.sample(game.state, r, rng))
        return game

    cpu = time.process_time()
    turns = 0
    for k in range(n):
        g = engine_game(1000 + k) if policy == "engine" else play_game(scenario, ships, 1000 + k, (policy, policy),
                                                                         opts)
        turns += g.state.turn
    cpu = time.process_time() - cpu
    print(f"{os.path.basename(os.getcwd())} {which} {policy} {n / cpu:.3f} games/CPU-s turns={turns}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
