"""A batch of games of one pairing: the function a worker runs (in this process or on a Dask worker).

It takes and returns plain data (the pairing's scenario and cards as JSON data, the captains, the seed and the
range of games), so a worker needs only the `cs_desktop` package, imported by name, never a pickled closure.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any

from cs_desktop.balance.engine_id import check_engine, engine_fingerprint
from cs_desktop.balance.job import Job, Pairing, canonical, game_seed
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.batch.turn_limit import turn_limit_options

#: a worker's parsed pairings, by digest of their data (a batch of a pairing it has seen does not parse again)
_MODELS: dict[str, tuple[Scenario, dict[str, ShipCard]]] = {}


def batch_spec(job: Job, pairing: int, start: int, stop: int) -> dict[str, Any]:
    """What a worker needs to play games `start`..`stop - 1` of pairing number `pairing`, and the engine it must
    play them with (engine_id.py)."""
    return {"pairing": job.pairings[pairing].to_dict(), "captains": list(job.captains), "seed": job.seed,
            "turn_limit": job.turn_limit, "start": start, "stop": stop, "swap": job.swap_seats,
            "engine": engine_fingerprint()}


def _models(pairing: Pairing) -> tuple[Scenario, dict[str, ShipCard]]:
    key = hashlib.sha256(canonical([pairing.scenario, pairing.ships]).encode("utf-8")).hexdigest()
    if key not in _MODELS:
        if len(_MODELS) > 256:
            _MODELS.clear()
        _MODELS[key] = pairing.models()
    return _MODELS[key]


def play_one(scenario: Scenario, ships: Mapping[str, ShipCard], pairing_id: str, seed: int, game: int,
             captains: tuple[str, str], turn_limit: int | None) -> dict[str, Any]:
    """Game `game` of a pairing (`turn_limit` as the user gave it, cs_desktop/batch/turn_limit.py), as a record: its seed, winner (side id or None), each side's VP, the margin
    (first side minus second), what decided it (19.0 victory points, an 18.0 voluntary strike, or
    "unfinished"), how it ended and its length."""
    from cs_desktop.batch.simulate import ending, play_game

    s = game_seed(seed, pairing_id, game)
    options = turn_limit_options(turn_limit)  # None: the scenario's own printed limit; 0: none
    g = play_game(scenario, ships, s, captains, options)
    last = g.events[-1] if g.events else None
    result = last.get("result") if last is not None and last["type"] == "game_end" else None
    a, b = (side.id for side in scenario.sides)
    vp = {side: float(v["vp"]) for side, v in result["sides"].items()} if result else {a: 0.0, b: 0.0}
    return {"game": game, "seed": s, "winner": result["winner"] if result else None,
            "vp": [vp[a], vp[b]], "margin": round(vp[a] - vp[b], 2),
            "decided_by": str(result["decided_by"]) if result else "unfinished",
            "how": ending(g.state.end_reason or "unfinished"), "turns": g.state.turn}


def play_batch(spec: Mapping[str, Any], stop_asked: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Play the batch `spec` (see `batch_spec`); [] if `stop_asked()` turns true between games (the batch is
    then incomplete and not kept). EngineMismatch, before any game, on a worker whose engine is not the spec's."""
    check_engine(spec.get("engine"))
    pairing = Pairing.from_dict(spec["pairing"])
    scenario, ships = _models(pairing)
    a, b = spec["captains"]
    limit = spec["turn_limit"]
    records = []
    for game in range(int(spec["start"]), int(spec["stop"])):
        if stop_asked is not None and stop_asked():
            return []
        seats = (str(b), str(a)) if spec.get("swap") and game % 2 else (str(a), str(b))
        record = play_one(scenario, ships, pairing.id, int(spec["seed"]), game, seats,
                          None if limit is None else int(limit))
        if spec.get("swap"):
            record["captains"] = list(seats)
        records.append(record)
    return records
