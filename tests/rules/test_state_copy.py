"""Issue 12: `GameState.clone` copies every field of the state, its sides and its ships (the copy functions are
written field by field for speed, so a field added later must not be forgotten), and shares only what is never
changed in place (ship cards, the terrain, smoke values and reload-track entries, which are tuples)."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import decisions
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import GameState, ShipState, SideState

ROOT = Path(__file__).resolve().parents[2]
#: fields a copy shares with its original: immutable, or replaced and never changed in place (see state.py)
SHARED = {"card", "terrain", "map_size", "step", "hit_marks"}


def _mid_game(scenario: str, seed: int, options: dict[str, Any]) -> Game:
    sc, ships = load_scenario_with_ships(ROOT / "scenarios" / scenario)
    game = Game(sc, ships, seed, options)
    rng = Dice(seed)
    for _ in range(400):
        if not game.pending:
            break
        request = game.pending[0]
        game.submit(request.side, decisions.sample(game.state, request, rng))
    return game


def _check(old: Any, new: Any, cls: type) -> None:
    assert type(new) is cls
    for f in fields(cls):
        if f.name == "dice":  # compared by what it rolls next, below
            continue
        a, b = getattr(old, f.name), getattr(new, f.name)
        assert a == b, f"{cls.__name__}.{f.name} not copied"
        if isinstance(a, (dict, list)) and f.name not in SHARED and (a or f.name not in ("order", "hits_by", "captors")):
            assert a is not b, f"{cls.__name__}.{f.name} shared by the copy"
            for inner_a, inner_b in zip(a.values() if isinstance(a, dict) else a,
                                        b.values() if isinstance(b, dict) else b):
                if isinstance(inner_a, (dict, list)):
                    assert inner_a is not inner_b, f"{cls.__name__}.{f.name} shares an inner container"


@pytest.mark.parametrize("scenario, options", [
    ("constitution-vs-java.json", {"turn_limit": 20}),
    ("fleets/three-flags-off-guadeloupe.json", {"turn_limit": 8, "fleet_rules": True}),
    ("fleets/lake-erie.json", {"turn_limit": 8, "fleet_rules": True}),
])
def test_a_state_copy_copies_every_field(scenario: str, options: dict[str, Any]) -> None:
    state = _mid_game(scenario, 11, options).state
    new = state.clone()
    _check(state, new, GameState)
    for sid in state.sides:
        _check(state.sides[sid], new.sides[sid], SideState)
    for sid in state.ships:
        _check(state.ships[sid], new.ships[sid], ShipState)
        assert new.ships[sid].assign["gunnery"] is not state.ships[sid].assign["gunnery"]
        assert new.ships[sid].assign["hull_dc"] is not state.ships[sid].assign["hull_dc"]
    assert new.dice is not state.dice and (new.dice.seed, new.dice.counter) == (state.dice.seed, state.dice.counter)
    assert [new.dice.d6() for _ in range(20)] == [state.dice.d6() for _ in range(20)]
    # what is shared is immutable: the smoke values and the reload-track entries are tuples
    assert all(type(v) is tuple for v in state.smoke.values())
    assert all(type(e) is tuple for e in state.reload_track)
    assert new.to_dict() == state.to_dict()
