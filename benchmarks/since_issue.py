"""Engine speed against the engine of an earlier commit, measured side by side on this machine (issue 12).

    python3 benchmarks/since_issue.py                          # this tree against e7e1247 (issue 12 filed)
    python3 benchmarks/since_issue.py --compiled build/compiled  # and the compiled copy of this tree
    python3 benchmarks/since_issue.py --base REV --games 60 --rounds 5
    python3 benchmarks/since_issue.py --compiled build/compiled --instructions 8   # and instructions (valgrind)

Why side by side: the same code measured on this machine in two sessions gave 35.8 and 58.6 whole games a
CPU-second (the neighbours on a shared machine change), so a figure set in one session cannot be compared with
one measured in another. A ratio measured in one sitting can: the earlier commit is checked out into a temporary
git worktree and each tree plays the same games in its own process, in turns (base, this, base, this, ...), so
a slow patch of the machine falls on both.

The games are the issue's own benchmark: Constitution vs Java, turn limit 30, complete games played by the
`random` computer captain through its seat (`simulate.play_game`), and the same games answered by the engine's
own random legal answers (`decisions.sample`: the engine alone). Note that the games are not the same games in
the two trees: rules fixes since the base changed how long a game lasts, so the turns a game and the cost of a
turn are printed too. Prints figures; asserts nothing.

The ratio of CPU times still moves with the machine: on 2026-11-27 the same compiled build measured 4.37x the base
in one hour and 3.73x in the next, when the whole machine ran slower (the compiled engine more so). `--instructions
N` also counts the instructions each tree executes for N games under valgrind (start-up subtracted: the same run
with no game), which no neighbour changes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the last commit before the first commit of issue 12 (a2ef6f3, the pinned fingerprints): the engine the
#: issue's table measured
ISSUE_12_BASE = "e7e1247"

#: run in a fresh interpreter whose first path entry is the tree measured: plays the games and prints JSON
MEASURE = r"""
import json, sys, time
from pathlib import Path
tree, policy, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import decisions
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game
scenario, ships = load_scenario_with_ships(Path(tree) / "scenarios" / "constitution-vs-java.json")
turns = decided = 0
cpu = time.process_time()
for k in range(games):
    if policy == "captain":
        game = play_game(scenario, ships, 1000 + k, ("random", "random"), {"turn_limit": 30})
    else:
        game = Game(scenario, ships, 1000 + k, {"turn_limit": 30})
        if hasattr(game, "lazy_checkpoints"):  # as simulate does, where the tree has it
            game.lazy_checkpoints()
        rng = Dice((1000 + k) * 31 + 7)
        while game.pending:
            request = game.pending[0]
            game.submit(request.side, decisions.sample(game.state, request, rng))
    turns += game.state.turn
    decided += len(game.decisions)
    del game
cpu = time.process_time() - cpu
print(json.dumps({"engine": cs_desktop.__file__, "cpu": cpu, "games": games, "turns": turns, "decisions": decided}))
"""


def measure(code_root: Path, data_root: Path, policy: str, games: int) -> dict[str, Any]:
    """One sitting of `games` games in a fresh interpreter that imports the engine from `code_root`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(code_root)
    done = subprocess.run([sys.executable, "-P", "-c", MEASURE, str(data_root), policy, str(games)],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"measuring {code_root} failed:\n{done.stderr[-2000:]}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not str(out["engine"]).startswith(str(code_root)):
        raise SystemExit(f"expected the engine of {code_root}, imported {out['engine']}")
    return out


def instructions(code_root: Path, data_root: Path, policy: str, games: int) -> tuple[int, dict[str, Any]]:
    """Instructions executed by `games` games (valgrind's callgrind; the run with no game subtracted)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(code_root)
    counted = []
    for n in (0, games):
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-P",
                               "-c", MEASURE, str(data_root), policy, str(n)],
                              env=env, capture_output=True, text=True, check=False)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode or found is None:
            raise SystemExit(f"counting instructions of {code_root} failed:\n{done.stderr[-2000:]}")
        counted.append((int(found.group(1)), json.loads(done.stdout.strip().splitlines()[-1])))
    return counted[1][0] - counted[0][0], counted[1][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=ISSUE_12_BASE, help="the earlier commit (default: issue 12 filed)")
    parser.add_argument("--compiled", type=Path, help="also a compiled copy of this tree (scripts/build_compiled.py)")
    parser.add_argument("--games", type=int, default=40, help="games a sitting")
    parser.add_argument("--rounds", type=int, default=3, help="sittings of each tree, in turns")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="also count the instructions of N games in each tree (needs valgrind)")
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="cs-base-") as tmp:
        base = Path(tmp) / "base"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.base],
                              capture_output=True, text=True, check=False)
        if made.returncode:
            raise SystemExit(f"cannot check out {args.base} beside this tree (a git clone with its history is "
                             f"needed): {made.stderr.strip()[-500:]}")
        try:
            trees = [(f"base {args.base}", base, base), ("this tree", ROOT, ROOT)]
            if args.compiled:
                trees.append(("this tree, compiled", args.compiled.resolve(), ROOT))
            print(f"Constitution vs Java, turn limit 30; {args.games} games a sitting, {args.rounds} sittings a tree "
                  "in turns; CPU time; median (lowest-highest sitting)")
            for policy, title in (("captain", "random captain (the issue's benchmark)"),
                                  ("engine", "engine's own random answers")):
                rates: dict[str, list[float]] = {name: [] for name, _, _ in trees}
                shape: dict[str, tuple[float, float]] = {}
                for _ in range(args.rounds):
                    for name, code, data in trees:
                        out = measure(code, data, policy, args.games)
                        rates[name].append(out["games"] / out["cpu"])
                        shape[name] = (out["turns"] / out["games"], out["cpu"] / out["turns"] * 1000)
                print(f"\n{title}")
                first = statistics.median(rates[trees[0][0]])
                for name, _, _ in trees:
                    med = statistics.median(rates[name])
                    turns, ms = shape[name]
                    print(f"  {name:24} {med:7.1f} games/CPU-s ({min(rates[name]):.1f}-{max(rates[name]):.1f})"
                          f"  x{med / first:4.2f}   {turns:4.1f} turns a game, {ms:5.2f} ms a turn")
                if args.instructions:
                    print(f"  instructions of {args.instructions} games (valgrind, start-up subtracted):")
                    counts = [(name, *instructions(code, data, policy, args.instructions)) for name, code, data in trees]
                    first_per_game = counts[0][1] / args.instructions
                    first_per_turn = counts[0][1] / counts[0][2]["turns"]
                    for name, count, out in counts:
                        per_game, per_turn = count / args.instructions, count / out["turns"]
                        print(f"  {name:24} {per_game / 1e6:7.1f} M a game  x{first_per_game / per_game:4.2f} fewer"
                              f"   {per_turn / 1e6:5.2f} M a turn  x{first_per_turn / per_turn:4.2f} fewer")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False, capture_output=True)


if __name__ == "__main__":
    main()
