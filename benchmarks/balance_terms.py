"""Play the shipped scenarios once and score them again under other 20.1 rating tables, without replaying.

The balance lab (`captains-sea balance`) plays games under the terms the engine computes today. Calibrating the
designed rating tables (FP from the weight of metal, CR from crew quality; docs/balance-lab.md) means asking the
same question under many candidate tables. A candidate that changes only the ratings changes no card and no die,
so the games need not be played again: what each side scored (hits, struck, captured, a voluntary strike) at the end
of every turn is kept, and a candidate's terms and turn limit turn it into a result at once. The captains read their
multiplier when they decide to stall or close, so a table chosen this way is confirmed by the lab afterwards.

    python3 benchmarks/balance_terms.py sample --games 200 --out runs/terms.json       # play (2 processes)
    python3 benchmarks/balance_terms.py score runs/terms.json --cr 1,1.5,2 --fp-base 300 --fp-per 100 --limit 30
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules.scoring import DRAW_MARGIN  # noqa: E402
from cs_desktop.rules.victory import hits_scored  # noqa: E402


def _snapshot(game: Any) -> dict[str, Any]:
    state = game.state
    out: dict[str, Any] = {}
    for side in state.sides:
        hits, own = hits_scored(game, side)
        enemies = [s for s in state.ships.values() if s.side != side]
        out[side] = [sum(hits.values()) - own, sum(1 for s in enemies if s.struck),
                     sum(1 for s in enemies if s.captured)]
    out["voluntary"] = next((s for s in state.sides if state.sides[s].struck_voluntarily), None)
    return out


def play(args: tuple[str, int, int, str]) -> dict[str, Any]:
    """One game to its end (or `limit` turns), with each side's score components at every turn's end."""
    from cs_desktop.ai.captains import make_captain
    from cs_desktop.ai.seat import Seat
    from cs_desktop.rules.game import Game

    path, seed, limit, captain = args
    scenario, ships = load_scenario_with_ships(path)
    game = Game(scenario, ships, seed, {"turn_limit": limit})
    seats = {s.id: make_captain(captain, seed * 7919 + i) for i, s in enumerate(scenario.sides)}
    turns: list[dict[str, Any]] = []
    turn = game.state.turn
    while game.pending:
        request = game.pending[0]
        game.submit(request.side, seats[request.side].choose(Seat(game, request)))
        if game.state.turn != turn and not game.state.ended:
            turns.append(_snapshot(game))
            turn = game.state.turn
    return {"seed": seed, "end": game.state.end_reason, "turns": game.state.turn, "by_turn": turns,
            "final": _snapshot(game)}


def sample(paths: Sequence[str], games: int, limit: int, captain: str, workers: int) -> dict[str, Any]:
    out: dict[str, Any] = {"games": games, "limit": limit, "captain": captain, "scenarios": {}}
    with ProcessPoolExecutor(workers) as pool:
        for path in paths:
            records = list(pool.map(play, [(path, 1000 + k, limit, captain) for k in range(games)], chunksize=8))
            out["scenarios"][path] = records
            print(f"{Path(path).stem}: {games} games", file=sys.stderr)
    return out


# ------------------------------------------------------------------------------------------ scoring


def terms(path: str, cr_table: dict[str, Fraction], fp_base: int, fp_per: int, fp_min: int,
          dc_scale: float) -> dict[str, tuple[float, float]]:
    """(multiplier, bonus) of each side under a candidate rating table (20.1 and 21.3 as the engine computes)."""
    from cs_desktop.rules import ratings

    scenario, ships = load_scenario_with_ships(path)
    saved = (dict(ratings.CREW_RATING), ratings.FP_BASE_LB, ratings.FP_LB_PER_POINT, ratings.FP_MIN)
    try:
        ratings.CREW_RATING.clear()
        ratings.CREW_RATING.update(cr_table)  # type: ignore[arg-type]
        ratings.FP_BASE_LB, ratings.FP_LB_PER_POINT, ratings.FP_MIN = fp_base, fp_per, fp_min
        t = ratings.victory_terms(scenario, ships)
    finally:
        ratings.CREW_RATING.clear()
        ratings.CREW_RATING.update(saved[0])
        ratings.FP_BASE_LB, ratings.FP_LB_PER_POINT, ratings.FP_MIN = saved[1:]
    return {s.side: (s.multiplier, s.bonus * dc_scale + s.bid_points) for s in t.sides}


def result(snap: dict[str, Any], tm: dict[str, tuple[float, float]]) -> float:
    """The first side's score of one game (1 win, 0.5 draw, 0 loss) under the terms `tm`."""
    a, b = list(tm)
    if snap["voluntary"] is not None:
        return 0.0 if snap["voluntary"] == a else 1.0
    vp = {}
    for side in (a, b):
        hits, struck, captured = snap[side]
        m, bonus = tm[side]
        vp[side] = hits * m + 5 * struck + 10 * captured + bonus
    d = vp[a] - vp[b]
    return 0.5 if abs(d) <= DRAW_MARGIN else (1.0 if d > 0 else 0.0)


def score(data: dict[str, Any], cr_table: dict[str, Fraction], fp_base: int, fp_per: int, fp_min: int,
          limit: int, dc_scale: float = 1.0) -> dict[str, float]:
    out = {}
    for path, records in data["scenarios"].items():
        tm = terms(path, cr_table, fp_base, fp_per, fp_min, dc_scale)
        total = 0.0
        for r in records:
            snap = r["by_turn"][limit - 1] if r["turns"] > limit and len(r["by_turn"]) >= limit else r["final"]
            total += result(snap, tm)
        out[Path(path).stem] = total / len(records)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample")
    s.add_argument("scenarios", nargs="*", default=sorted(str(x) for x in (ROOT / "scenarios").glob("*.json")))
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--limit", type=int, default=60, help="turns played at most (snapshots at every turn's end)")
    s.add_argument("--captain", default="easy")
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--out", required=True)
    c = sub.add_parser("score")
    c.add_argument("data")
    c.add_argument("--cr", default="1,2,3", help="CR of green, average, crack")
    c.add_argument("--fp-base", type=int, default=300)
    c.add_argument("--fp-per", type=int, default=100)
    c.add_argument("--fp-min", type=int, default=1)
    c.add_argument("--dc-scale", type=float, default=1.0)
    c.add_argument("--limit", type=int, default=30)
    a = p.parse_args(argv)
    if a.cmd == "sample":
        data = sample(a.scenarios, a.games, a.limit, a.captain, a.workers)
        Path(a.out).write_text(json.dumps(data))
        return 0
    data = json.loads(Path(a.data).read_text())
    g, av, cr = (Fraction(x) for x in a.cr.split(","))
    res = score(data, {"green": g, "average": av, "crack": cr}, a.fp_base, a.fp_per, a.fp_min, a.limit,
                a.dc_scale)
    for name, v in res.items():
        flag = "" if 0.35 <= v <= 0.65 else "  <-- outside 35-65%"
        print(f"{name:40s} {100 * v:5.1f}%{flag}")
    print(f"inside: {sum(1 for v in res.values() if 0.35 <= v <= 0.65)} of {len(res)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
