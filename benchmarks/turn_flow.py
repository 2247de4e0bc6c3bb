"""How many questions a turn asks the player (issue 11, item 2; fleets: issue 14, item 2):
    python3 benchmarks/turn_flow.py [--games N] [--turns T] [SCENARIO ...]
    python3 benchmarks/turn_flow.py --fleet [--games N] [--turns T]

`--fleet` plays the 12-a-side fleet scenario (fleet rules on) three ways: every request asked; the default
standing orders; and the default standing orders with fleet orders (play/fleet_orders.py: every ship of the
player's side told to engage the nearest, and the standing crew order for each). Besides questions (requests
shown) it counts ship decisions asked: the ships of a maneuver or crew request shown to the player that neither
have a single legal choice nor an answer from the fleet orders.

Whole games, the `easy` captain on both sides; one side is "the player": each of his requests first goes
through `cs_desktop.play.turn_flow` with the default standing orders (a pass is submitted as the window would),
and only the rest are "asked" (answered by the easy captain, as a player choosing for himself). The same game is
played again with "Ask me everything" (every request asked: the count before turn_flow). Prints the median and
90th percentile of questions per turn, and the median in quiet turns (below).
A turn "with no firing" is one in which no ship fired (an 11.0 announcement); the scenarios start within
broadside range, so such turns are few: the median over the turns in which the player fired no shot is printed
too. The player is the first side in even games, the second in odd ones; game k uses seed 1 + k.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.seat import Seat  # noqa: E402
from cs_desktop.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.play.designations import designations  # noqa: E402
from cs_desktop.play.fleet_orders import FleetOrders  # noqa: E402
from cs_desktop.play.turn_flow import StandingOrders, decide  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402

FLEET = "scenarios/fleets/frigate-fleets-12-a-side.json"
DEFAULT_SCENARIOS = ["scenarios/constitution-vs-java.json", "scenarios/constitution-vs-guerriere.json",
                     "scenarios/united-states-vs-macedonian.json", "scenarios/president-vs-belvidera-3-ship.json"]


Row = tuple[int, bool, bool]  # questions in a turn, any ship fired, the player's ships fired


def play(path: str, seed: int, player_index: int, orders: StandingOrders,
         turn_limit: int = 30, fleet_orders: bool = False,
         ship_counts: Counter[int] | None = None) -> tuple[list[Row], list[Row], Counter[str]]:
    """A row per turn of one game, the same with every request of the player counted (as "Ask me everything"
    would ask), and the asked request kinds. `fleet_orders`: every ship of the player's side under "engage the
    nearest" and the standing crew order; `ship_counts` (turn -> ship decisions asked) is filled in if given."""
    scenario, ships = load_scenario_with_ships(path)
    options: dict[str, object] = {"turn_limit": turn_limit}
    if path.endswith(FLEET.split("/")[-1]):
        options["fleet_rules"] = True
    game = Game(scenario, ships, seed, options)
    sides = list(game.state.sides)
    player = sides[player_index]
    captains = {side: make_captain("easy", seed * 7919 + i) for i, side in enumerate(sides)}
    fleet = FleetOrders()
    if fleet_orders:
        mine_all = list(game.state.sides[player].ships)
        fleet.give("engage", mine_all)
        fleet.give("crew", mine_all)
    names = designations(game.view(None), game.cards)
    asked: Counter[int] = Counter()
    every: Counter[int] = Counter()
    kinds: Counter[str] = Counter()
    while game.pending:
        request = game.pending[0]
        answer = None
        if request.side == player:
            every[game.state.turn] += 1
            view = game.view(player)
            passed = decide(view, request, orders)
            if passed is None and fleet_orders and not orders.ask_everything:
                passed = fleet.decide(view, request, game.cards, names)
            if passed is not None:
                answer = passed.answer
            else:
                asked[game.state.turn] += 1
                kinds[request.kind] += 1
                if ship_counts is not None and request.kind in ("select_maneuver", "assign_crew"):
                    ids = list(request.ships or request.info.get("limits", {}))
                    filled = fleet.fill(view, request, game.cards)
                    if request.kind == "assign_crew" and orders.ask_everything:
                        filled = {}
                    ship_counts[game.state.turn] += sum(1 for s in ids if s not in filled)
        if answer is None:
            answer = captains[request.side].choose(Seat(game, request))
        result = game.submit(request.side, answer)
        if not result:
            raise RuntimeError(f"{path} seed {seed}: {request.side} {request.kind} refused: {result}")
    fired = {e["turn"] for e in game.events if e["type"] == "announce"}
    mine = {player_ship for player_ship, s in game.state.ships.items() if s.side == player}
    we_fired = {e["turn"] for e in game.events if e["type"] == "announce" and e.get("ship") in mine}
    turns = sorted({e["turn"] for e in game.events if isinstance(e.get("turn"), int) and e["turn"] >= 1})
    return ([(asked[t], t in fired, t in we_fired) for t in turns],
            [(every[t], t in fired, t in we_fired) for t in turns], kinds)


def _median(values: list[int]) -> str:
    return f"{statistics.median(values):g}" if values else "-"


def figures(rows: list[Row]) -> str:
    counts = sorted(q for q, _, _ in rows)
    quiet = [q for q, fired, _ in rows if not fired]
    held = [q for q, _, ours in rows if not ours]
    p90 = counts[min(len(counts) - 1, int(0.9 * len(counts)))]
    return (f"median {_median(counts)}, p90 {p90} questions per turn; median {_median(quiet)} in turns with no "
            f"firing ({len(quiet)} of {len(counts)} turns), {_median(held)} in turns the player fired no shot "
            f"({len(held)})")


def fleet_main(games: int, turns: int) -> None:
    for label, orders, given in (("Ask me everything", StandingOrders(ask_everything=True), False),
                                 ("default standing orders", StandingOrders(), False),
                                 ("default standing orders + fleet orders", StandingOrders(), True)):
        rows: list[Row] = []
        ships: list[int] = []
        kinds: Counter[str] = Counter()
        for k in range(games):
            counts: Counter[int] = Counter()
            game_rows, _every, game_kinds = play(FLEET, 1 + k, k % 2, orders, turns, given, counts)
            rows += game_rows
            kinds += game_kinds
            ships += [counts[t] for t in range(1, len(game_rows) + 1)]
        print(f"{label}: {figures(rows)}")
        print(f"   ship decisions asked per turn: median {_median(ships)}, max {max(ships, default=0)}")
        print("   asked: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per scenario (default 4)")
    parser.add_argument("--turns", type=int, default=30, help="turn limit of each game (default 30)")
    parser.add_argument("--fleet", action="store_true", help="the 12-a-side fleet scenario, with fleet orders")
    parser.add_argument("scenarios", nargs="*", default=DEFAULT_SCENARIOS)
    args = parser.parse_args()
    if args.fleet:
        fleet_main(args.games, args.turns)
        return
    for label, orders in (("default standing orders", StandingOrders()),
                          ("Ask me everything", StandingOrders(ask_everything=True))):
        rows: list[Row] = []
        every: list[Row] = []
        kinds: Counter[str] = Counter()
        per_scenario = []
        for path in args.scenarios:
            mine: list[Row] = []
            for k in range(args.games):
                game_rows, game_every, game_kinds = play(path, 1 + k, k % 2, orders, args.turns)
                mine += game_rows
                every += game_every
                kinds += game_kinds
            rows += mine
            per_scenario.append(f"   {Path(path).stem}: {figures(mine)}")
        print(f"{label}: {figures(rows)}")
        print("\n".join(per_scenario))
        if not orders.ask_everything:
            print(f"   the same games with every request asked: {figures(every)}")
        print("   asked: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))

if __name__ == "__main__":
    main()
