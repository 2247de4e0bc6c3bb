"""`captains-sea simulate` and `captains-sea replay`: computer-vs-computer games without a screen.

The same scenario, seed and captains give byte-identical output: game k uses game seed `seed + k` and
captain seeds derived from it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import seat_for
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.batch.turn_limit import turn_limit_options

def play_game(scenario: Scenario, ships: Mapping[str, ShipCard], seed: int, captains: tuple[str, ...],
              options: Mapping[str, Any] | None = None, max_decisions: int = 200_000) -> Game:
    game = Game(scenario, ships, seed, options)
    game.lazy_checkpoints()  # nothing here edits the state: a checkpoint is rebuilt only if a captain asks for a copy
    sides = [s.id for s in scenario.sides]
    seats = {side: make_captain(name, seed * 7919 + i) for i, (side, name) in enumerate(zip(sides, captains,
                                                                                           strict=True))}
    for _ in range(max_decisions):
        pending = game.pending
        if not pending:
            break
        request = pending[0]
        result = game.submit(request.side, seats[request.side].choose(seat_for(game, request, seats[request.side])))
        if not result:
            raise RuntimeError(f"captain {captains} for {request.side} gave an illegal answer: {result}")
    return game


def game_record(game: Game, index: int) -> dict[str, Any]:
    last = game.events[-1] if game.events else None
    result = last.get("result") if last is not None and last["type"] == "game_end" else None
    return {
        "game": index,
        "seed": game.seed,
        "ended": game.ended,
        "how": game.state.end_reason or "unfinished",
        "turns": game.state.turn,
        "winner": result["winner"] if result else None,
        "vp": {side: v["vp"] for side, v in result["sides"].items()} if result else {},
        "hits": {side: v["hits_total"] for side, v in result["sides"].items()} if result else {},
        "decisions": len(game.decisions),
    }


def simulate(scenario: Scenario, ships: Mapping[str, ShipCard], games: int, seed: int,
             captains: tuple[str, ...] = ("random",), turn_limit: int | None = None,
             swap_sides: bool = False, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` games, a captain a side (one name: every side); with `swap_sides`, odd games give each side
    the other's captain (more than two sides: game k moves each captain k sides on). `turn_limit` as the user
    gave it (`turn_limit_options`): None plays the scenario's printed limit, 0 none."""
    opts = {**(options or {}), **turn_limit_options(turn_limit)}
    if len(captains) == 1:
        captains = captains * len(scenario.sides)
    if len(captains) != len(scenario.sides):
        raise ValueError(f"{len(captains)} captains for {len(scenario.sides)} sides")
    records = []
    for k in range(games):
        shift = k % len(captains) if swap_sides else 0
        seats = captains[-shift:] + captains[:-shift] if shift else captains
        game = play_game(scenario, ships, seed + k, seats, opts)
        records.append(game_record(game, k))
    played = opts.get("turn_limit", scenario.options.turn_limit)
    return {"scenario": scenario.id, "games": games, "seed": seed, "captains": list(captains),
            "turn_limit": played, "results": records, "summary": summarize(scenario, records)}


def ending(how: str) -> str:
    """How a game ended, in a few words fit for counting ("captured", "turn limit", ...)."""
    key = how.split(" (")[0] if how else "unfinished"
    for word in ("no ship left fighting", "struck voluntarily", "struck her colours", "captured",
                 "sailed off the map", "turn limit"):
        if word in key:
            key = word
    return key


def summarize(scenario: Scenario, records: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(records) or 1
    sides = [s.id for s in scenario.sides]
    wins = {s: sum(1 for r in records if r["winner"] == s) for s in sides}
    draws = sum(1 for r in records if r["ended"] and r["winner"] is None)
    how: dict[str, int] = {}
    for r in records:
        key = ending(r["how"])
        how[key] = how.get(key, 0) + 1
    vp = {s: [r["vp"].get(s, 0) for r in records] for s in sides}
    return {
        "win_rate": {s: round(wins[s] / n, 4) for s in sides},
        "draw_rate": round(draws / n, 4),
        "mean_vp": {s: round(sum(v) / n, 2) for s, v in vp.items()},
        "min_vp": {s: min(v) if v else 0 for s, v in vp.items()},
        "max_vp": {s: max(v) if v else 0 for s, v in vp.items()},
        "mean_turns": round(sum(r["turns"] for r in records) / n, 2),
        "endings": dict(sorted(how.items())),
    }


def replay_file(path: Path) -> Game:
    """Rebuild a saved game from its decisions (`captains-sea replay SAVE`)."""
    from cs_desktop.formats.savegame import load_game

    return load_game(path).game


def to_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, indent=2)
