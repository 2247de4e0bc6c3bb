"""A turn that flows (issue 28, item 8): whole games through the play presenter, as the window plays them, counting
the questions the player is asked.

    python3 benchmarks/turn_flow.py [--games N] [--only duel,erie,twelve] [--players newcomer,careful]
                                    [--level hard] [--fleet-level normal] [--turns T] [--fleet-turns T]

Scenarios: a duel (Constitution vs Java, the player the United States, against `--level`, default hard), Lake Erie
and the 12-a-side (fleet rules; against `--fleet-level`, default normal); in the 12-a-side, and in Lake Erie a
second time ("erie-orders"), every ship of the player's side is under the fleet orders "engage the nearest" and
"man the battery that bears".

Players: the *newcomer* sends every form as it opens (play/defaults.default_answer: what Enter sends); the
*careful* player's answers are the judgment captain's (the `easy` level), on a seat of his side. Both play under
the default standing orders (play/turn_flow.py), as a new player's window does: what they answer is passed
through the presenter, as in the window, and not counted.

Printed per scenario and player: questions (requests shown to the player) per turn — median, 90th percentile,
median in quiet turns (no ship fired, 11.0) and in firing turns; the kinds asked; games that the player's own
answer ended (a ship of his sailing off the map, 9.3; and of those, how many had no maneuver that was not as
dangerous, play/maneuver_form.dangers); and the computer's thinking time per turn (median and
the longest), measured around `captain.choose` (CPU time of this process: the machine's load moves wall time).
Game k uses seed 1 + k. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.seat import Seat  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.play.defaults import default_answer  # noqa: E402
from cs_desktop.play.fair_advice import FairAdvice  # noqa: E402
from cs_desktop.play.maneuver_form import dangers, option_key  # noqa: E402
from cs_desktop.play.presenter import PlayPresenter  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = {  # key: (title, file, fleet rules, every ship of the player's side under fleet orders)
    "duel": ("Constitution vs Java", ROOT / "scenarios" / "constitution-vs-java.json", False, False),
    "erie": ("Lake Erie", ROOT / "scenarios" / "fleets" / "lake-erie.json", True, False),
    "erie-orders": ("Lake Erie, fleet orders", ROOT / "scenarios" / "fleets" / "lake-erie.json", True, True),
    "twelve": ("12 a side, fleet orders", ROOT / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json", True,
               True),
}
HUMAN = "us"


@dataclass
class Tally:
    """What one scenario and player came to over its games."""

    per_turn: list[int] = field(default_factory=list)
    quiet: list[int] = field(default_factory=list)
    firing: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    waits: list[float] = field(default_factory=list)
    lost_by_default: int = 0
    forced: int = 0  # of those, the ones where every maneuver she had was as dangerous
    games: int = 0
    ends: Counter[str] = field(default_factory=Counter)


def _presenter(key: str, seed: int, level: str, turns: int) -> PlayPresenter:
    _title, path, fleet, orders = SCENARIOS[key]
    scenario, ships = load_scenario_with_ships(path)
    options: dict[str, Any] = {"turn_limit": turns}
    if fleet:
        options["fleet_rules"] = True
    game = Game(scenario, ships, seed, options)
    presenter = PlayPresenter(make_captain=lambda kind, s: make_captain(kind, s))
    sides = [side.id for side in scenario.sides]
    presenter.new_game(game, {side: ("human" if side == HUMAN else level) for side in sides})
    if orders:
        mine = [sid for sid, ship in game.state.ships.items() if ship.side == HUMAN]
        presenter.standing.fleet.give("engage", mine)
        presenter.standing.fleet.give("crew", mine)
        presenter.set_orders(presenter.standing.orders)  # the orders apply at once, as the fleet dock's buttons do
    return presenter


def _answer(presenter: PlayPresenter, careful: Any) -> Any:
    game = presenter.game
    screen = presenter.screen()
    request = screen.request
    assert game is not None and request is not None and screen.view is not None
    if careful is not None:
        return careful.choose(Seat(game.clone(), request))
    return default_answer(request, screen.view, game.cards, presenter.standing.fleet, presenter.standing.orders, screen.ship_names)


def _forced(presenter: PlayPresenter, answer: dict[str, Any]) -> bool:
    """Is a ship's maneuver one of those that may end the game, with no safer one to choose (maneuver_form)?"""
    game, screen = presenter.game, presenter.screen()
    request, view = screen.request, screen.view
    assert game is not None and request is not None and view is not None
    advice = FairAdvice(view, game.cards)
    for sid, choice in answer.items():
        found = dangers(advice.maneuver_previews(sid), view, sid)
        options = (request.ships or {}).get(sid, ())
        if option_key(choice) in found and all(option_key(o) in found for o in options):
            return True
    return False


def play(key: str, seed: int, level: str, turns: int, careful: bool, tally: Tally) -> None:
    """One whole game; its figures are added to `tally`."""
    presenter = _presenter(key, seed, level, turns)
    game = presenter.game
    assert game is not None
    judge = make_captain("easy", seed * 7919) if careful else None
    asked: Counter[int] = Counter()
    waits: Counter[int] = Counter()
    last_human = -1
    for _ in range(100_000):
        if game.ended:
            break
        move = presenter.computer.move()
        if move is not None:
            start = time.process_time()
            answer = move.captain.choose(move.seat)
            waits[game.state.turn] += time.process_time() - start
            presenter.computer.answered(move, answer, None)
            continue
        request = presenter.request()
        if request is None:
            raise RuntimeError(f"{key} seed {seed}: nothing asked and no computer to move")
        asked[game.state.turn] += 1
        tally.kinds[request.kind] += 1
        answer = _answer(presenter, judge)
        forced = request.kind == "select_maneuver" and _forced(presenter, answer)
        if not presenter.submit(answer):
            raise RuntimeError(f"{key} seed {seed}: {request.kind} refused: {presenter.last_message}")
        last_human = len(game.decisions)
    fired = {e["turn"] for e in game.events if e["type"] == "announce"}
    played = range(1, game.state.turn + 1)
    tally.per_turn += [asked[t] for t in played]
    tally.quiet += [asked[t] for t in played if t not in fired]
    tally.firing += [asked[t] for t in played if t in fired]
    tally.waits += [waits[t] for t in played]
    tally.games += 1
    reason = str(game.state.end_reason or "")
    tally.ends[reason.split(" (")[0] if "sailed off" not in reason else "a ship sailed off the map"] += 1
    mine = {s.card.name for s in game.state.ships.values() if s.side == HUMAN}
    if "sailed off the map" in reason and any(reason.startswith(name) for name in mine) \
            and last_human == len(game.decisions):
        tally.lost_by_default += 1
        tally.forced += int(forced)


def _median(values: list[int] | list[float]) -> str:
    return f"{statistics.median(values):g}" if values else "-"


def report(title: str, who: str, tally: Tally) -> str:
    counts = sorted(tally.per_turn)
    p90 = counts[min(len(counts) - 1, int(0.9 * len(counts)))] if counts else 0
    waits = sorted(tally.waits)
    lines = [f"{title}, {who}: {tally.games} games, {len(counts)} turns",
             f"   questions per turn: median {_median(counts)}, p90 {p90}; quiet turns median {_median(tally.quiet)} "
             f"({len(tally.quiet)} turns), firing turns median {_median(tally.firing)} ({len(tally.firing)})",
             "   asked: " + ", ".join(f"{k} {n}" for k, n in tally.kinds.most_common()),
             f"   games the player's own answer ended: {tally.lost_by_default} ({tally.forced} with no other "
             "maneuver that was not as dangerous); endings: "
             + "; ".join(f"{k} {n}" for k, n in tally.ends.most_common()),
             f"   computer thinking per turn (CPU s): median {statistics.median(waits) if waits else 0:.2f}, "
             f"longest {max(waits, default=0):.2f}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per scenario and player (default 2)")
    parser.add_argument("--only", default="duel,erie,erie-orders,twelve",
                        help="scenarios: duel, erie, erie-orders, twelve")
    parser.add_argument("--players", default="newcomer,careful")
    parser.add_argument("--level", default="hard", help="the computer in the duel (default hard)")
    parser.add_argument("--fleet-level", default="normal", help="the computer in the fleets (default normal)")
    parser.add_argument("--turns", type=int, default=40, help="the duel's turn limit (default 40, the scenario's)")
    parser.add_argument("--fleet-turns", type=int, default=10, help="the fleets' turn limit (default 10)")
    args = parser.parse_args(argv)
    for key in args.only.split(","):
        title, _path, fleet, _orders = SCENARIOS[key]
        level = args.fleet_level if fleet else args.level
        for who in args.players.split(","):
            tally = Tally()
            start = time.perf_counter()
            for k in range(args.games):
                play(key, 1 + k, level, args.fleet_turns if fleet else args.turns, who == "careful", tally)
            out(report(f"{title} against {level}", who, tally)
                + f"\n   ({time.perf_counter() - start:.0f} s wall for these games)")


if __name__ == "__main__":
    main()
