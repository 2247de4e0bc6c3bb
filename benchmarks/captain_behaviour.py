"""How each level of the computer captain plays (issue 27 item 3): the bad habits a player would notice, counted
over whole games against easy at each scenario's own turn limit. Prints figures; asserts nothing.

    python3 benchmarks/captain_behaviour.py                         # easy, normal, hard; every duel, 1 game a seat
    python3 benchmarks/captain_behaviour.py --levels normal --games 2 scenarios/constitution-vs-java.json

Per level:
- games that reached the turn limit with no hit scored by either side;
- mean range (MP to the nearest enemy) at its maneuver selections, when its plan (ai/evaluate.py `stance`, read
  from the 20.1 terms and the score) is to fight and when it is to stall: a captain that must damage closes,
  one whose bonus wins keeps away;
- broadsides fired with Double Shot or Chain beyond 12 MP (11.7: Double is for close range; Chain loses
  its bite at range), and broadsides fired at 18 MP or more (a long shot that costs a reload for little);
- the share of its loads chosen as Chain;
- ships of its side that sailed off the map (9.3).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.evaluate import closest_range, stance, victory_terms_of  # noqa: E402
from cs_desktop.ai.seat import seat_for  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import geometry as geo  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _fired(view: dict[str, Any], answer: dict[str, Any], tally: Counter[str]) -> None:
    """Count the broadsides of one fire answer: their loads and ranges, read from the side's own view."""
    for ship_id, shot in answer.items():
        target = shot.get("target") if isinstance(shot, dict) else None
        if not target or not shot.get("sections"):
            continue
        ship, enemy = view["ships"][ship_id], view["ships"][target]
        mp = geo.mp_distance((ship["x"], ship["y"]), (enemy["x"], enemy["y"]))
        tally["broadsides"] += 1
        if mp >= 18:
            tally["long shots (18+ MP)"] += 1
        loads = {ship["loads"].get(section) for section in shot["sections"]}
        if mp > 12 and loads & {"double", "chain"}:
            tally["Double or Chain beyond 12 MP"] += 1


def play(level: str, path: Path, seed: int, seat: int, tally: Counter[str], ranges: dict[str, list[int]]) -> None:
    scenario, ships = load_scenario_with_ships(path)
    sides = [s.id for s in scenario.sides]
    mine = sides[seat]
    game = Game(scenario, ships, seed, {})
    captains = {side: make_captain(level if side == mine else "easy", seed * 7 + i) for i, side in enumerate(sides)}
    terms = victory_terms_of(scenario, ships)
    while game.pending:
        request = game.pending[0]
        captain = captains[request.side]
        answer = captain.choose(seat_for(game, request, captain))
        if request.side == mine:
            view = game.view(mine, events=False)
            if request.kind == "select_maneuver":
                ranges[stance(view, mine, terms, ships)].append(closest_range(view, mine))
            elif request.kind == "fire":
                _fired(view, answer, tally)
            elif request.kind == "select_load":
                tally["loads"] += len(answer)
                tally["Chain loads"] += sum(1 for v in answer.values() if v == "chain")
        game.submit(request.side, answer)
    tally["games"] += 1
    hits = sum(1 for e in game.events if e["type"] == "hits" and e.get("hits"))
    if "turn limit" in (game.state.end_reason or "") and hits == 0:
        tally["turn limit, no hit"] += 1
    if "turn limit" in (game.state.end_reason or ""):
        tally["turn limit"] += 1
    ours = {sid for sid, s in game.state.ships.items() if s.side == mine}
    tally["sailed off the map"] += sum(1 for e in game.events if "off the map" in e.get("text", "")
                                       and e.get("ship") in ours)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", type=Path)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", type=int, default=1, help="games a scenario and seat")
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    paths = args.scenarios or sorted((ROOT / "scenarios").glob("*.json"))
    print(f"{len(paths)} scenarios, {args.games} game(s) a seat, against easy, each at its own turn limit")
    for level in args.levels.split(","):
        tally: Counter[str] = Counter()
        ranges: dict[str, list[int]] = {"fight": [], "stall": []}
        for k, path in enumerate(paths):
            for g in range(args.games):
                for seat in (0, 1):
                    play(level, path, args.seed + 97 * k + g, seat, tally, ranges)
        print(f"\n{level}: {tally['games']} games")
        print(f"  turn limit reached: {tally['turn limit']}, of them with no hit at all: {tally['turn limit, no hit']}")
        for plan in ("fight", "stall"):
            r = ranges[plan]
            mean = f"{statistics.mean(r):.1f} MP over {len(r)} selections" if r else "none"
            print(f"  mean range at its maneuvers when its plan is to {plan}: {mean}")
        b = tally["broadsides"] or 1
        print(f"  broadsides fired: {tally['broadsides']}; Double or Chain beyond 12 MP: "
              f"{tally['Double or Chain beyond 12 MP']} ({tally['Double or Chain beyond 12 MP'] / b:.0%}); "
              f"at 18 MP or more: {tally['long shots (18+ MP)']} ({tally['long shots (18+ MP)'] / b:.0%})")
        print(f"  loads chosen as Chain: {tally['Chain loads']} of {tally['loads']} "
              f"({tally['Chain loads'] / max(1, tally['loads']):.0%})")
        print(f"  its ships sailed off the map: {tally['sailed off the map']}")


if __name__ == "__main__":
    main()
