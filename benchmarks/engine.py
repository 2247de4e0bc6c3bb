"""Engine speed (issue 12): games per CPU-second, the cost of a turn by number of ships, the cost of a copy.

    python3 benchmarks/engine.py                 # the whole table (a few minutes)
    python3 benchmarks/engine.py --quick         # fewer games and runs
    python3 benchmarks/engine.py --copies        # only the cost of copies (determinize: record, from_record)
    PYTHONPATH=build/compiled python3 benchmarks/engine.py    # the compiled engine (scripts/build_compiled.py)

Prints figures; asserts nothing. One core (the engine is single-threaded). Every figure is CPU time (steadier
than wall time on a shared machine), run --runs times: the median is printed with the lowest and highest run,
which is the noise. Two random policies:
- *engine*: the engine's own random legal answer on the referee's state (`decisions.sample`): the engine alone;
- *captain*: the `random` computer captain through its seat (what `simulate` and `tournament` pay).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # after PYTHONPATH: a compiled copy there wins
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fleets import fleet_scenario  # noqa: E402

from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import decisions  # noqa: E402
from cs_desktop.rules.cards import Scenario, ShipCard  # noqa: E402
from cs_desktop.rules.determinize import determinize, from_record, public_record  # noqa: E402
from cs_desktop.rules.dice import Dice  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402
from cs_desktop.batch.simulate import play_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def engine_game(scenario: Scenario, ships: dict[str, ShipCard], seed: int, options: dict[str, Any]) -> Game:
    """A whole game answered by the engine's own random legal answers (no captain, no seat). Like `simulate`,
    it keeps its checkpoints lazily (`Game.lazy_checkpoints`): nothing here copies the game."""
    game = Game(scenario, ships, seed, options)
    game.lazy_checkpoints()
    rng = Dice(seed * 31 + 7)
    while True:
        pending = game.pending
        if not pending:
            return game
        request = pending[0]
        game.submit(request.side, decisions.sample(game.state, request, rng))


def runs(n: int, work: Callable[[], float]) -> tuple[float, float, float]:
    """median, lowest, highest of `n` runs of `work` (which returns its figure)."""
    values = sorted(work() for _ in range(n))
    return statistics.median(values), values[0], values[-1]


def fmt(figure: tuple[float, float, float], unit: str, digits: int = 1) -> str:
    med, lo, hi = figure
    return f"{med:9.{digits}f} {unit:<12} (runs {lo:.{digits}f}-{hi:.{digits}f})"


def games_per_cpu_second(scenario: Scenario, ships: dict[str, ShipCard], games: int, policy: str,
                         options: dict[str, Any]) -> tuple[float, float, int]:
    """(games per CPU-second, CPU ms per turn, decisions) over `games` games from seed 1000."""
    turns = decided = 0
    cpu = time.process_time()
    for k in range(games):
        if policy == "engine":
            game = engine_game(scenario, ships, 1000 + k, options)
        else:
            game = play_game(scenario, ships, 1000 + k, (policy, policy), options)
        turns += game.state.turn
        decided += len(game.decisions)
        del game  # keep no finished game: a heap of them makes the garbage collector the thing measured
    cpu = time.process_time() - cpu
    return games / cpu, cpu / turns * 1000, decided // games


def halfway(scenario: Scenario, ships: dict[str, ShipCard], samples: int) -> list[Game]:
    """`samples` games (seeds 2000...) stopped half-way through their decisions."""
    out = []
    for k in range(samples):
        full = engine_game(scenario, ships, 2000 + k, {"turn_limit": 12})
        out.append(Game.replay(scenario, ships, full.seed, full.decisions[: len(full.decisions) // 2], full.options))
    return out


def cpu_us(fn: Callable[[], Any], n: int) -> float:
    """CPU µs a call of `fn`, over `n` calls."""
    t = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t) / n * 1e6


def copy_costs(games: list[Game]) -> dict[str, float]:
    """Median CPU µs over `games` of GameState.clone, Game.clone, determinize and its two steps: the public
    record (made once a decision, `public_record`) and a copy drawn from it (`from_record`: what a computer
    captain pays at every iteration of its search; the record's first copy, which reads it, is left out)."""
    out: dict[str, list[float]] = {"state": [], "game": [], "determinize": [], "record": [], "from_record": []}
    for k, mid in enumerate(games):
        out["state"].append(cpu_us(mid.state.clone, 200))
        out["game"].append(cpu_us(mid.clone, 200))
        if mid.pending:
            side, rng = mid.pending[0].side, Dice(k)
            out["determinize"].append(cpu_us(lambda: determinize(mid, side, rng), 20))
            out["record"].append(cpu_us(lambda: public_record(mid, side), 20))
            record = public_record(mid, side)
            from_record(record, rng)
            out["from_record"].append(cpu_us(lambda: from_record(record, rng), 50))
    return {k: statistics.median(v) for k, v in out.items() if v}


def copies_everywhere(scenario: Scenario, ships: dict[str, ShipCard], games: int,
                      turn_limit: int) -> tuple[float, float]:
    """Median and 90th percentile µs of `Game.clone` at every decision of `games` games (not only half-way): the
    second copy at each point, as a search makes many (the first keeps the state at the segment's last step)."""
    costs = []
    for k in range(games):
        game = Game(scenario, ships, 3000 + k, {"turn_limit": turn_limit})
        rng = Dice(k)
        while game.pending:
            request = game.pending[0]
            game.clone()
            t = time.perf_counter()
            game.clone()
            costs.append((time.perf_counter() - t) * 1e6)
            game.submit(request.side, decisions.sample(game.state, request, rng))
    costs.sort()
    return statistics.median(costs), costs[int(len(costs) * 0.9)]


def print_copy_costs(n_runs: int, samples: int) -> None:
    print("\ncopies, half-way through a game        median CPU µs over the games (lowest-highest run)")
    for label, (scenario, ships) in (("1 v 1 (Constitution vs Java)",
                                      load_scenario_with_ships(ROOT / "scenarios" / "constitution-vs-java.json")),
                                     ("12 v 12 (fleet)", fleet_scenario(12))):
        games = halfway(scenario, ships, samples)
        figures = [copy_costs(games) for _ in range(n_runs)]
        print(f"  {label}")
        for key, name in (("state", "GameState.clone"), ("game", "Game.clone"), ("determinize", "determinize"),
                          ("record", "  public_record"), ("from_record", "  from_record")):
            values = sorted(f[key] for f in figures if key in f)
            if values:
                print(f"    {name:<38}{fmt((statistics.median(values), values[0], values[-1]), 'µs')}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer games and runs")
    parser.add_argument("--runs", type=int, default=None, help="runs of every figure (default 3; quick 1)")
    parser.add_argument("--copies", action="store_true", help="only the cost of copies")
    args = parser.parse_args()
    n_runs = args.runs or (1 if args.quick else 3)
    scale = 0.25 if args.quick else 1.0
    import cs_desktop.rules.activation as probe

    print(f"engine: {'compiled (mypyc)' if probe.__file__.endswith('.so') else 'pure Python'}; "
          f"{n_runs} run(s) a figure; CPU time")
    if args.copies:
        print_copy_costs(n_runs, 3 if args.quick else 8)
        return

    print("\ncomplete games, turn limit 30              games per CPU-second")
    limit = {"turn_limit": 30}
    for name, n_games in (("constitution-vs-java", 60), ("president-vs-belvidera-3-ship", 40)):
        scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / f"{name}.json")
        for policy in ("engine", "random"):
            games = max(4, int(n_games * scale))
            fig = runs(n_runs, lambda: games_per_cpu_second(scenario, ships, games, policy, limit)[0])
            label = f"{name} ({'engine policy' if policy == 'engine' else 'random captain'})"
            print(f"  {label:<52}{fmt(fig, 'games/CPU-s')}")
    scenario, ships = fleet_scenario(12)
    fig = runs(n_runs, lambda: games_per_cpu_second(scenario, ships, 2, "engine", limit)[0])
    print(f"  {'fleet 12 v 12 (engine policy)':<52}{fmt(fig, 'games/CPU-s', 2)}")

    print("\none turn by ships a side (turn limit 8)     CPU ms per turn")
    for policy, label in (("engine", "engine policy"), ("random", "random captains"), ("simple", "simple captains")):
        row = []
        for per_side in (1, 3, 6, 12):
            scenario, ships = fleet_scenario(per_side)
            games = max(1, int((6 if per_side < 6 else 2) * scale))
            fig = runs(n_runs, lambda: games_per_cpu_second(scenario, ships, games, policy, {"turn_limit": 8})[1])
            row.append(f"{per_side}v{per_side} {fig[0]:6.1f} ({fig[1]:.1f}-{fig[2]:.1f})")
        print(f"  {label:<16} " + "   ".join(row))

    print_copy_costs(n_runs, 3 if args.quick else 8)
    duel = load_scenario_with_ships(ROOT / "scenarios" / "constitution-vs-java.json")
    for label, (scenario, ships) in (("1 v 1", duel),
                                     ("12 v 12", fleet_scenario(12))):
        med, p90 = copies_everywhere(scenario, ships, 1 if args.quick else 3, 8)
        print(f"  {label}: Game.clone at every decision of games to turn 8 (wall µs): median {med:.1f}, 90th "
              f"percentile {p90:.1f}")

if __name__ == "__main__":
    main()
