"""Build the optional compiled engine (issue 12): the rules modules (and the captains' seat) compiled with mypyc.

    python3 scripts/build_compiled.py                 # -> build/compiled (a copy of cs_desktop, engine compiled)
    PYTHONPATH=build/compiled captains-sea tournament --captains hard,simple ...
    python3 scripts/build_compiled.py --check         # build in a temporary folder, then prove it plays the
                                                      # pinned games exactly as the pure-Python engine does

Why a separate folder and not the source tree: Python prefers a compiled module to the `.py` beside it, and a
compiled module calls its own functions directly, so the rules tests that replace a function for one test
(monkeypatching) would test the compiled copy instead. The pure-Python engine stays what the program and the
test suite run; the compiled copy is for long headless work (tournaments, balance checks, simulations), where it
plays about 3x as many whole games a CPU-second (211.4 against 70.3 in stop 17, engine policy; random captains
203.8 against 66.4: `benchmarks/engine.py`, run with and without the PYTHONPATH).

Needs a C compiler and mypy (`pip install mypy`, which brings mypyc). Nothing needs it: a machine without a
compiler runs the pure-Python engine with the same results.

Not compiled: `cards` (pydantic models: mypyc does not compile pydantic classes), `determinize` and `redraw` (they
subclass `Dice`), `public_record` (determinize's record, moved out of it), and `redraw_loads` and `redraw_answers`,
which draw with them. `tables` is compiled since stop 16
(its look-ups were the last interpreted code a game ran: 8 whole games' instructions -5%), and in the build the
dice draw in 64-bit machine integers (`dice.NATIVE`: -16% more); `--check` compares the two builds' dice draw by
draw too. `Dice` and `Game` (with its base `referee.Referee`) are compiled as classes interpreted code may
subclass (determinize's `ForkedDice`, benchmarks/decision_floor.py's bare game): the build
adds mypyc's `allow_interpreted_subclasses` to its own copy of them, so the source needs nothing of mypy. That
took the floor of a decision from 7.1 to 5.3 µs (benchmarks/decision_floor.py) and 5 whole games from 456 to 400 M
instructions (valgrind --tool=callgrind, benchmarks/paired_games.py 1v1 engine 5 in the build's folder).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_COMPILED = {"__init__", "cards", "determinize", "public_record", "redraw", "redraw_loads", "redraw_answers"}
#: module -> the class interpreted code subclasses (see the docstring)
SUBCLASSED = {"dice": "class Dice:", "referee": "class Referee:", "game": "class Game(Referee):"}


#: the computer captains' side of the table compiled with the engine: the seat every captain decides through, and
#: the random captain (the other captains read views, dicts of anything, and ran slower compiled: stop 16)
CAPTAIN_MODULES = ["cs_desktop/ai/seat.py", "cs_desktop/ai/random_policy.py"]


def engine_modules(package: Path) -> list[str]:
    return sorted(str(p.relative_to(package.parent)) for p in (package / "rules").glob("*.py")
                  if p.stem not in NOT_COMPILED) + CAPTAIN_MODULES


class BuildFailed(Exception):
    pass


def build(out: Path) -> None:
    """Copy the package into `out` and compile its engine modules there (in place); BuildFailed if the
    compiler or mypyc fails."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(ROOT / "cs_desktop", out / "cs_desktop",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for data in ("resources", "scenarios"):  # the package finds its data beside itself, as in the source tree
        shutil.copytree(ROOT / data, out / data)
    for module, line in SUBCLASSED.items():
        path = out / "cs_desktop" / "rules" / f"{module}.py"
        source = path.read_text(encoding="utf-8")
        future = "from __future__ import annotations\n"
        if source.count(f"\n{line}") != 1 or future not in source:
            raise BuildFailed(f"{path.name}: expected one '{line}' and the __future__ import to mark for mypyc")
        source = source.replace(future, future + "\nfrom mypy_extensions import mypyc_attr\n", 1)
        path.write_text(source.replace(f"\n{line}", f"\n@mypyc_attr(allow_interpreted_subclasses=True)\n{line}", 1),
                        encoding="utf-8")
    modules = engine_modules(out / "cs_desktop")
    script = ("import sys\nfrom setuptools import setup\nfrom mypyc.build import mypycify\n"
              "setup(name='cs-desktop-compiled', py_modules=[], packages=[],\n"
              f"      ext_modules=mypycify({modules!r}, opt_level='3'),\n"
              "      script_args=['build_ext', '--inplace', '--build-temp', 'build-temp'])\n")
    (out / "build_compiled_setup.py").write_text(script)
    print(f"compiling {len(modules)} engine modules into {out} ...", file=sys.stderr)
    done = subprocess.run([sys.executable, "build_compiled_setup.py"], cwd=out, capture_output=True, text=True)
    if done.returncode:
        raise BuildFailed(f"the compiled build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    shutil.rmtree(out / "build-temp", ignore_errors=True)
    built = sorted(p.name for p in (out / "cs_desktop").glob("*/*.so"))
    print(f"{len(built)} compiled modules in {out / 'cs_desktop'} (rules, ai)", file=sys.stderr)


CHECK = r"""
import gzip, hashlib, json, sys
from pathlib import Path
import cs_desktop.rules.activation as probe
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
games = json.loads(gzip.decompress(Path(sys.argv[1]).read_bytes()))["games"]
scenarios = {}
out = []
for g in games:
    if g["scenario"] not in scenarios:
        scenarios[g["scenario"]] = load_scenario_with_ships(Path(sys.argv[2]) / g["scenario"])
    scenario, ships = scenarios[g["scenario"]]
    game = Game.replay(scenario, ships, g["seed"], g["decisions"], g["options"])
    out.append(hashlib.sha256(game.fingerprint().encode()).hexdigest())
# the computer captain's copies too: a determinized copy and a copy of it, half-way through every 30th game
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
copies = []
for g in games[::30]:
    scenario, ships = scenarios[g["scenario"]]
    game = Game.replay(scenario, ships, g["seed"], g["decisions"][:len(g["decisions"]) // 2], g["options"])
    if game.pending:
        copy = determinize(game, game.pending[0].side, Dice(g["seed"]))
        copies.append(hashlib.sha256((copy.fingerprint() + copy.clone().fingerprint()).encode()).hexdigest())
# whole games of the random captain through its seat (compiled too), as simulate and tournament play them
from cs_desktop.batch.simulate import play_game
import cs_desktop.ai.seat as seat_module
captain_games = []
for name in ("constitution-vs-java.json", "president-vs-belvidera-3-ship.json"):
    scenario, ships = load_scenario_with_ships(Path(sys.argv[2]) / name)
    for seed in range(3):
        game = play_game(scenario, ships, 500 + seed, ("random",) * len(scenario.sides), {"turn_limit": 12})
        captain_games.append(hashlib.sha256(game.fingerprint().encode()).hexdigest())
# the dice draw by draw (the compiled build draws in 64-bit machine integers, dice.NATIVE): every kind of draw,
# below() for every n up to 70 and a few large ones, from seeds across the 64 bits, after long counters too
from cs_desktop.rules import dice as dice_module
draws = []
for seed in (0, 1, 7, 2**31, 2**63 - 1, 2**63, 2**64 - 1, 123456789123456789, -5):
    for counter in (0, 1000, 10**12):
        d = Dice(seed, counter)
        draws.append([d.d6() for _ in range(200)] + list(d.d6s(50)) + [d.below(n) for n in range(1, 71)]
                     + [d.below(n) for n in (97, 1000, 2**20 + 7, 2**40 + 3, 2**62 + 1)])
        items = list(range(90))
        d.shuffle(items)
        draws.append(items + [d.counter, d.choice("abcdefg")])
print(json.dumps({"compiled": probe.__file__.endswith(".so") and seat_module.__file__.endswith(".so"),
                  "fingerprints": out, "copies": copies, "captain_games": captain_games,
                  "native_dice": dice_module.NATIVE, "draws": hashlib.sha256(json.dumps(draws).encode()).hexdigest()}))
"""


#: the pinned games replay in about a minute on the CI machine (pure Python); a hang must not eat the CI's time
REPLAY_TIMEOUT_S = 900


def replay_pinned(pythonpath: Path) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    try:  # a few minutes at most (about one for the pure engine): an engine that never ends a game fails here
        done = subprocess.run([sys.executable, "-c", CHECK, str(ROOT / "tests" / "data" / "pinned-games.json.gz"),
                               str(ROOT / "scenarios")], cwd=pythonpath, env=env, capture_output=True, text=True,
                              timeout=REPLAY_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        sys.exit(f"replaying the pinned games under {pythonpath} took over {REPLAY_TIMEOUT_S} s: a game never ends?")
    if done.returncode:
        sys.exit(f"replaying the pinned games failed under {pythonpath}:\n{done.stderr[-3000:]}")
    result: dict[str, object] = json.loads(done.stdout)
    return result


def check(skip_if_unbuildable: bool) -> int:
    """Build in a temporary folder; the compiled and the pure-Python engine must give the pinned fingerprints.
    With `skip_if_unbuildable`, a machine that cannot build it (no compiler, no mypyc) passes with a note:
    the compiled engine is optional, the pure-Python one is what runs there."""
    pinned = [g["fingerprint"] for g in json.loads(gzip.decompress(
        (ROOT / "tests" / "data" / "pinned-games.json.gz").read_bytes()))["games"]]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "compiled"
        try:
            import mypyc  # noqa: F401
            build(out)
        except (ImportError, BuildFailed) as e:
            print(f"compiled engine not built here ({str(e)[:2000]})", file=sys.stderr)
            return 0 if skip_if_unbuildable else 1
        compiled = replay_pinned(out)
    pure = replay_pinned(ROOT)
    if not compiled["compiled"] or pure["compiled"]:
        print(f"expected the compiled copy to be compiled and the source tree not: {compiled['compiled']}, "
              f"{pure['compiled']}", file=sys.stderr)
        return 1
    bad = [i for i, (a, b, c) in enumerate(zip(pinned, compiled["fingerprints"], pure["fingerprints"],  # type: ignore[call-overload]
                                                 strict=True)) if not a == b == c]
    print(f"{len(pinned)} pinned games: compiled and pure-Python engines "
          f"{'agree with every pin' if not bad else f'DIFFER in games {bad[:20]}'}")
    if not compiled["native_dice"] or pure["native_dice"]:
        print("expected the compiled dice to draw in machine integers and the source tree's not", file=sys.stderr)
        return 1
    same_draws = compiled["draws"] == pure["draws"]
    print(f"dice: compiled (64-bit machine integers) and pure-Python draws {'agree' if same_draws else 'DIFFER'}")
    same_copies = compiled["copies"] == pure["copies"]
    print(f"{len(pure['copies'])} determinized copies: compiled and pure-Python engines "  # type: ignore[arg-type]
          f"{'agree' if same_copies else 'DIFFER'}")
    same_games = compiled["captain_games"] == pure["captain_games"]
    n_games = len(pure["captain_games"])  # type: ignore[arg-type]
    print(f"{n_games} games of the random captain through its seat: compiled and pure-Python "
          f"{'agree' if same_games else 'DIFFER'}")
    return 1 if bad or not same_copies or not same_draws or not same_games else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--check", action="store_true", help="build in a temporary folder and compare")
    parser.add_argument("--skip-if-unbuildable", action="store_true",
                        help="with --check: pass (with a note) on a machine without a C compiler or mypyc")
    args = parser.parse_args()
    if args.check:
        sys.exit(check(args.skip_if_unbuildable))
    try:
        build(args.out.resolve())
    except BuildFailed as e:
        sys.exit(str(e))


if __name__ == "__main__":
    main()
