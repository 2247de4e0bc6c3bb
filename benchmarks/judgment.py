"""Win rates of the judgment captain against another captain, per scenario, sides swapped every other game,
with its mean decision time:  python3 benchmarks/judgment.py [--games N] [--against simple] [SCENARIO ...]

Game k of a scenario uses seed 1 + k, as `python3 -m cs_desktop simulate --seed 1 --swap` does."""

from __future__ import annotations

import argparse
import glob
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402


def play(path: str, games: int, against: str, turn_limit: int = 30) -> dict[str, object]:
    scenario, ships = load_scenario_with_ships(path)
    sides = [s.id for s in scenario.sides]
    wins = draws = losses = own_off_map = 0
    decisions, seconds = 0, 0.0
    margin = 0.0
    for k in range(games):
        seed = 1 + k
        names = ("judgment", against) if k % 2 == 0 else (against, "judgment")
        game = Game(scenario, ships, seed, {"turn_limit": turn_limit})
        seats = {side: make_captain(name, seed * 7919 + i) for i, (side, name) in enumerate(zip(sides, names))}
        mine = sides[names.index("judgment")]
        while game.pending:
            request = game.pending[0]
            result = game.submit(request.side, seats[request.side].choose(Seat(game, request)))
            if not result:
                raise RuntimeError(f"{path} game {k}: {request.side} illegal: {result}")
        judge = seats[mine]
        decisions += judge.decisions  # type: ignore[attr-defined]
        seconds += judge.seconds  # type: ignore[attr-defined]
        result = game.events[-1]["result"]
        winner = result["winner"]
        theirs = next(s for s in sides if s != mine)
        margin += result["sides"][mine]["vp"] - result["sides"][theirs]["vp"]
        reason = game.state.end_reason
        if "sailed off the map" in reason:
            mover = [e for e in game.events if e["type"] == "map_edge"][-1]["ship"]
            if game.state.ships[mover].side == mine:
                own_off_map += 1
        if winner == mine:
            wins += 1
        elif winner is None:
            draws += 1
        else:
            losses += 1
    return {"scenario": scenario.id, "games": games, "wins": wins, "draws": draws, "losses": losses,
            "score": (wins + draws / 2) / games, "own_off_map": own_off_map, "margin": margin / games,
            "ms_per_decision": 1000 * seconds / max(1, decisions)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--against", default="simple")
    args = parser.parse_args()
    paths = args.scenarios or sorted(glob.glob("scenarios/*.json"))
    total = {"games": 0, "wins": 0, "draws": 0, "losses": 0, "own_off_map": 0}
    start = time.perf_counter()
    for path in paths:
        r = play(path, args.games, args.against)
        for k in total:
            total[k] += int(r[k])  # type: ignore[call-overload]
        print(f"{r['scenario']:34s} {r['wins']:3d}-{r['draws']:3d}-{r['losses']:3d}  score {r['score']:.2f}  "
              f"margin {r['margin']:+7.1f}  own off-map {r['own_off_map']}  {r['ms_per_decision']:.2f} ms/decision", flush=True)
    score = (total["wins"] + total["draws"] / 2) / max(1, total["games"])
    print(f"{'overall vs ' + args.against:34s} {total['wins']:3d}-{total['draws']:3d}-{total['losses']:3d}  "
          f"score {score:.2f}  own off-map {total['own_off_map']}  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
