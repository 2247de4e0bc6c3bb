"""What the first copy of the game costs a searched decision (issue 27 item 4), against an earlier commit.

    python3 benchmarks/first_copy.py                      # this tree against a7af0ee (before the copy was cut)
    python3 benchmarks/first_copy.py --base REV --rounds 5 --setups 1v1,12v12
    python3 benchmarks/first_copy.py --setups 1v1 --rounds 1 --instructions   # and instructions (valgrind)

Every searched decision pays, before its search plays anything: the seat (`Seat(game, request, SEARCHING)`:
the side's view and its public record of the game), the first determinized copy drawn from that record
(`seat.determinized`), and the first clone of that copy (the copy replays the segment's answers; its first clone
used to replay them all again). Each further copy pays a draw and a first clone too. Measured at every decision
of games between two easy captains (seeds 1, 2, ...; Constitution vs Java to turn 4, the benchmark lines of
benchmarks/fleets.py at 12 a side to turn 2), CPU µs a decision, mean over the decisions of a sitting.

Side by side: the earlier commit is checked out into a temporary git worktree and each tree measures the same
games in its own process, in turns (base, this, base, this, ...), so a slow patch of a loaded machine falls on
both; the ratio printed is the median of the sittings' ratios. CPU time still moves with the neighbours' load
and with where the garbage collector happens to run; `--instructions` counts what each tree executes under
valgrind (one game; the parts as differences of runs that stop short of them), which neither moves. Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the last commit before the first copy was cut (issue 27, stop 20)
BASE = "a7af0ee"

#: run in a fresh interpreter whose first path entry is the tree measured: prints JSON
MEASURE = r"""
import json, sys, time
from pathlib import Path
tree, setup, games, upto = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(1, str(Path(tree) / "benchmarks"))
import cs_desktop
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.levels import SEARCHING
from cs_desktop.ai.seat import Seat, seat_for
try:
    from cs_desktop.formats.files import load_scenario_with_ships
except ImportError:  # a tree from before the file formats moved into formats/ (issue 30 item 2)
    from cs_desktop.files import load_scenario_with_ships
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
if setup == "1v1":
    scenario, ships = load_scenario_with_ships(Path(tree) / "scenarios" / "constitution-vs-java.json")
    turns = 4
else:
    from fleets import fleet_scenario
    scenario, ships = fleet_scenario(12)
    turns = 2
clock = time.process_time
parts = {"seat": 0.0, "first copy": 0.0, "its first clone": 0.0, "next copy": 0.0, "its first clone ": 0.0}
n = 0
for k in range(games):
    game = Game(scenario, ships, 1 + k, {"turn_limit": turns})
    captains = {s.id: make_captain("easy", 11 + k) for s in scenario.sides}
    rng = Dice(5 + k)
    while game.pending:
        request = game.pending[0]
        if game.copyable and upto:  # upto: 0 nothing (the games alone), 3 the first copy, 5 the next too
            t0 = clock(); seat = Seat(game, request, SEARCHING)
            t1 = clock(); copy = seat.determinized(rng)
            t2 = clock(); copy.clone()
            t3 = t4 = t5 = clock()
            if upto > 3:
                again = seat.determinized(rng)
                t4 = clock(); again.clone()
                t5 = clock()
            for name, t in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
                parts[name] += t
            n += 1
        captain = captains[request.side]
        game.submit(request.side, captain.choose(seat_for(game, request, captain)))
print(json.dumps({"engine": cs_desktop.__file__, "decisions": n, "us": {k: v / max(n, 1) * 1e6 for k, v in parts.items()}}))
"""


def measure(code: Path, setup: str, games: int, upto: int = 5, count: bool = False) -> dict[str, Any]:
    """One sitting in a fresh interpreter importing `code`; with `count`, under valgrind: "instructions"."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(code)
    command = [sys.executable, "-P", "-c", MEASURE, str(code), setup, str(games), str(upto)]
    if count:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or (count and found is None):
        raise SystemExit(f"measuring {code} failed:\n{done.stderr[-2000:]}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not str(out["engine"]).startswith(str(code)):
        raise SystemExit(f"expected the engine of {code}, imported {out['engine']}")
    if found is not None:
        out["instructions"] = int(found.group(1))
    return out


def instructions(trees: list[tuple[str, Path]], setup: str) -> None:
    """Instructions a decision (valgrind; one game): the first copy at a decision (seat, first copy, its first
    clone) and a further copy with its first clone, as differences of runs that stop short of them."""
    counted = {name: [measure(code, setup, 1, upto, count=True) for upto in (0, 3, 5)] for name, code in trees}
    print(f"  instructions a decision (valgrind, one game, {counted[trees[0][0]][1]['decisions']} decisions):")
    for part, (a, b) in (("first copy at a decision", (0, 1)), ("a further copy and its clone", (1, 2))):
        per = {name: (runs[b]["instructions"] - runs[a]["instructions"]) / runs[b]["decisions"]
               for name, runs in counted.items()}
        print(f"  {part:28} base {per['base'] / 1e3:8.0f} k   this {per['this'] / 1e3:8.0f} k   "
              f"x{per['base'] / per['this']:5.2f} fewer")


def report(setup: str, sittings: dict[str, list[dict[str, float]]], decisions: int) -> None:
    base, this = sittings["base"], sittings["this"]
    print(f"\n{setup}: {decisions} decisions a sitting; CPU µs a decision, median of the sittings "
          f"(lowest-highest); ratio: median of the sittings' base/this")
    for part in list(base[0]) + ["first copy at a decision"]:
        def value(s: dict[str, float]) -> float:
            return s["seat"] + s["first copy"] + s["its first clone"] if part == "first copy at a decision" \
                else s[part]
        b, t = [value(s) for s in base], [value(s) for s in this]
        ratio = statistics.median(x / y for x, y in zip(b, t))
        print(f"  {part.strip():26} base {statistics.median(b):8.0f} ({min(b):.0f}-{max(b):.0f})   this "
              f"{statistics.median(t):8.0f} ({min(t):.0f}-{max(t):.0f})   x{ratio:5.2f} cheaper")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASE, help=f"the earlier commit (default {BASE})")
    parser.add_argument("--setups", default="1v1,12v12")
    parser.add_argument("--rounds", type=int, default=3, help="sittings of each tree, in turns")
    parser.add_argument("--games", type=int, default=2, help="games a sitting")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions under valgrind, which a loaded machine does not move")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cs-base-") as tmp:
        base = Path(tmp) / "base"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.base],
                              capture_output=True, text=True, check=False)
        if made.returncode:
            raise SystemExit(f"cannot check out {args.base} beside this tree: {made.stderr.strip()[-500:]}")
        try:
            print(f"this tree against {args.base}; {args.rounds} sittings a tree in turns, {args.games} games each")
            for setup in args.setups.split(","):
                sittings: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
                decisions = 0
                for _ in range(args.rounds):
                    for name, code in (("base", base), ("this", ROOT)):
                        out = measure(code, setup, args.games)
                        sittings[name].append(out["us"])
                        decisions = out["decisions"]
                report(setup, sittings, decisions)
                if args.instructions:
                    instructions([("base", base), ("this", ROOT)], setup)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False, capture_output=True)


if __name__ == "__main__":
    main()
