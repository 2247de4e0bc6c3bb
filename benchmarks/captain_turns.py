"""What a searching level costs a turn, in a duel and in fleets: CPU seconds of its searched decisions (median,
90th percentile, longest) and of its whole turns (median, least and most), with the iterations it ran; and
with --profile, where a searched decision's time goes (cProfile). Prints figures; asserts nothing.

    python3 benchmarks/captain_turns.py                                  # normal; 1v1, Lake Erie, 12 v 12
    python3 benchmarks/captain_turns.py --levels normal,hard --setups 1v1,erie --runs 3 --turns 2
    python3 benchmarks/captain_turns.py --setups 12v12 --runs 1 --turns 1 --profile

Run k (seed 1 + k) seats the level against easy, the level's side alternating, turn limit --turns; the levels
run without their time cap (as in `simulate` and `tournament`), so the figures are what the iteration budget
costs on this machine. CPU time (time.process_time), so other work on the machine matters less than to a clock.
The setups: `1v1` Constitution vs Java; `erie` Lake Erie (9 v 6, fleet rules on, as shipped); `12v12` the
benchmark lines of benchmarks/fleets.py, 12 ships a side; `champlain` Lake Champlain; `3v3` benchmark lines, 3 a
side.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.seat import seat_for  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402
from fleets import fleet_scenario  # noqa: E402

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def setup(name: str) -> tuple[Any, Any, dict[str, Any]]:
    if name == "1v1":
        return (*load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json"), {})
    if name == "erie":
        return (*load_scenario_with_ships(SCENARIOS / "fleets" / "lake-erie.json"), {})
    if name == "champlain":
        return (*load_scenario_with_ships(SCENARIOS / "fleets" / "lake-champlain.json"), {})
    if name == "12v12":
        return (*fleet_scenario(12), {})
    if name == "3v3":
        return (*fleet_scenario(3), {})
    raise SystemExit(f"unknown setup {name!r}")


def run(level: str, name: str, runs: int, turns: int, profile: cProfile.Profile | None) -> dict[str, Any]:
    scenario, ships, options = setup(name)
    sides = [s.id for s in scenario.sides]
    searched: list[float] = []
    iterations: list[int] = []
    turn_cpu: list[float] = []
    kinds: dict[str, list[float]] = defaultdict(list)
    for k in range(runs):
        mine = sides[k % 2]
        game = Game(scenario, ships, 1 + k, {**options, "turn_limit": turns})
        seats = {side: make_captain(level if side == mine else "easy", 11 + k) for side in sides}
        per_turn: dict[int, float] = defaultdict(float)
        while game.pending:
            request = game.pending[0]
            captain = seats[request.side]
            if request.side != mine:
                game.submit(request.side, captain.choose(seat_for(game, request, captain)))
                continue
            turn = game.state.turn
            start = time.process_time()  # making the seat (the side's record of the game) is the decision's too
            seat = seat_for(game, request, captain)
            if profile is not None:
                profile.enable()
            answer = captain.choose(seat)
            if profile is not None:
                profile.disable()
            spent = time.process_time() - start
            per_turn[turn] += spent
            result = getattr(captain, "last_search", None)
            if result is not None:
                searched.append(spent)
                kinds[request.kind].append(spent)
                iterations.append(result.iterations)
                captain.last_search = None  # type: ignore[attr-defined]
            game.submit(request.side, answer)
        turn_cpu.extend(per_turn.values())
    return {"searched": searched, "iterations": iterations, "turns": turn_cpu, "kinds": kinds}


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


#: the parts of a searched decision, by the function whose cumulative time is the part (and, for the engine,
#: the caller it is counted from: a copy's own replay of the segment is the copy's time)
PARTS = (
    ("determinized copies", "rules/determinize.py", "from_record", None),
    ("rollout: engine (submit)", "rules/game.py", "submit", ("ai/search.py", "_iterate")),
    ("rollout: engine (submit, paired)", "rules/game.py", "submit", ("ai/paired_search.py", "_play")),
    ("judgment think (policy, choices)", "ai/judgment.py", "think", None),
    ("views game.view", "rules/game.py", "view", None),
    ("evaluate", "ai/evaluate.py", "evaluate", None),
    ("the decision's own judgment", "ai/judgment.py", "choose", None),
    ("whole decisions", "ai/levels.py", "choose", None),
)


def breakdown(profile: cProfile.Profile) -> None:
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = 0.0
    rows = []
    for title, path, func, caller in PARTS:
        t = 0.0
        for (file, _line, name), (_cc, _nc, _tt, ct, callers) in stats.items():
            if name != func or not file.endswith(path):
                continue
            if caller is None:
                t += ct
            else:
                t += sum(v[3] for (cf, _cl, cn), v in callers.items() if cn == caller[1] and cf.endswith(caller[0]))
        if title == "whole decisions":
            total = t
        rows.append((title, t))
    print("  where the time goes (cProfile, its overhead included; think includes no view):")
    for title, t in rows:
        share = f"{100 * t / total:5.1f}%" if total else ""
        print(f"    {title:36} {t:8.2f} s {share}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="normal")
    parser.add_argument("--setups", default="1v1,erie,12v12")
    parser.add_argument("--runs", type=int, default=3, help="games per level and setup (seeds 1..runs)")
    parser.add_argument("--turns", type=int, default=1, help="turn limit of each game")
    parser.add_argument("--profile", action="store_true", help="also break the time down (slower)")
    args = parser.parse_args()
    print(f"CPU seconds, {args.runs} runs x {args.turns} turns, vs easy, no time cap")
    print(f"{'level':7} {'setup':10} {'searched':>8} {'iters':>6} {'median':>7} {'p90':>7} {'max':>7}   "
          f"{'turns':>5} {'turn median':>11} {'p95':>6} {'(min-max)':>15}")
    for level in args.levels.split(","):
        for name in args.setups.split(","):
            profile = cProfile.Profile() if args.profile else None
            r = run(level, name, args.runs, args.turns, profile)
            s, turns = r["searched"], r["turns"]
            its = statistics.mean(r["iterations"]) if r["iterations"] else 0
            dec = f"{statistics.median(s):7.3f} {_p(s, 0.9):7.3f} {max(s):7.3f}" if s else f"{'-':>7} {'-':>7} {'-':>7}"
            print(f"{level:7} {name:10} {len(s):8d} {its:6.1f} {dec}   {len(turns):5d} {statistics.median(turns):11.2f} "
                  f"{_p(turns, 0.95):6.2f} {f'({min(turns):.2f}-{max(turns):.2f})':>15}", flush=True)
            by_kind = sorted(r["kinds"].items(), key=lambda kv: -sum(kv[1]))
            print("  searched by kind (n, CPU s): " + ", ".join(f"{kind} {len(v)} {sum(v):.1f}" for kind, v in by_kind))
            if profile is not None:
                breakdown(profile)


if __name__ == "__main__":
    main()
