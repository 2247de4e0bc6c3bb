"""Scenarios of N ships a side for the speed figures (issue 12): two lines of battle on opposite courses.

Built from the shipped ship cards (copied under new ids when a fleet needs more ships than there are cards), so
the figures measure the engine with real cards; nothing here is a historical scenario.

Run as a script, it measures how long 12-a-side games last with the fleet rules switch off and on (issue 14):

    python3 benchmarks/fleets.py [--games 20] [--per-side 12] [--turn-limit 30]

for random and simple captains, on these benchmark lines and on the shipped what-if
`scenarios/fleets/frigate-fleets-12-a-side.json` (its own options apart from `fleet_rules`); game k uses seed 1 + k.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parents[1]))  # after PYTHONPATH: a compiled copy there wins

from cs_desktop.formats.files import load_scenario_with_ships, load_ship  # noqa: E402
from cs_desktop.rules.cards import Scenario, ShipCard  # noqa: E402

SHIPS = Path(__file__).resolve().parents[1] / "scenarios" / "ships"


def fleet_scenario(per_side: int, relativity: str = "fractional") -> tuple[Scenario, dict[str, ShipCard]]:
    """`per_side` ships a side (1-12): side A in a line on row 9 heading 3, side B on row 14 heading 7."""
    cards = [load_ship(p) for p in sorted(SHIPS.glob("*.json"))]
    ships: dict[str, ShipCard] = {}
    sides = []
    for s, (sid, nation, row, heading) in enumerate((("a", "US", 9, 3), ("b", "GB", 14, 7))):
        entries = []
        for k in range(per_side):
            card = cards[(s * per_side + k) % len(cards)]
            ship_id = f"{sid}{k + 1}-{card.id}"[:40]
            ships[ship_id] = card.model_copy(update={"id": ship_id, "nation": nation})
            entries.append({"ship": ship_id, "start": [4 + 2 * k, row], "heading": heading})
        sides.append({"id": sid, "name": f"Fleet {sid.upper()}", "nation": nation, "ships": entries})
    scenario = Scenario.model_validate({
        "id": f"fleet-{per_side}v{per_side}", "title": f"Benchmark fleets {per_side} v {per_side}",
        "date": "1805-10-21", "engagement": "meeting", "wind": 1, "sides": sides,
        "options": {"relativity": relativity if per_side > 1 else "standard"}})
    return scenario, ships


def game_lengths(scenario: Scenario, ships: dict[str, ShipCard], captains: tuple[str, str], fleet_rules: bool,
                 games: int, turn_limit: int) -> dict[str, Any]:
    """Mean turns played (and how the games ended) over `games` games, seeds 1..games."""
    from cs_desktop.batch.simulate import ending, play_game

    turns, ends, left = [], Counter(), 0
    for k in range(games):
        game = play_game(scenario, ships, 1 + k, captains, {"fleet_rules": fleet_rules, "turn_limit": turn_limit})
        turns.append(game.state.turn)
        ends[ending(game.state.end_reason)] += 1
        left += sum(1 for s in game.state.ships.values() if s.escaped)
    return {"mean_turns": sum(turns) / len(turns), "ends": dict(ends), "escaped_per_game": left / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--per-side", type=int, default=12)
    parser.add_argument("--turn-limit", type=int, default=30)
    args = parser.parse_args()
    what_if = Path(__file__).resolve().parents[1] / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json"
    setups = [(f"benchmark lines {args.per_side} v {args.per_side}", fleet_scenario(args.per_side)),
              ("what-if 12 v 12 (scenarios/fleets)", load_scenario_with_ships(what_if))]
    print(f"mean game length in turns, {args.games} games each (seeds 1-{args.games}), turn limit {args.turn_limit}")
    for title, (scenario, ships) in setups:
        for captains in (("random", "random"), ("simple", "simple")):
            for fleet in (False, True):
                start = time.perf_counter()
                r = game_lengths(scenario, ships, captains, fleet, args.games, args.turn_limit)
                ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))
                print(f"{title:36} {captains[0]:>6} v {captains[1]:<6} fleet_rules {'on ' if fleet else 'off'}: "
                      f"{r['mean_turns']:5.1f} turns, {r['escaped_per_game']:4.1f} ships escaped a game "
                      f"({ends}) [{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
