"""BRIEF §6 for the fleet scenarios (issue 14): random legal games on every scenario of `scenarios/fleets/`,
with the fleet rules switch on (as the scenario says) and off, keep every invariant after every decision; a
ship that has left the battle never moves again, and no ship that has stopped fighting is asked anything; hits and VP recompute from the log
(R19.0f); the game replays to the same fingerprint."""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game

from tests.rules.test_properties import check_invariants, check_tally_from_log

FLEET_FILES = sorted(p.name for p in (SCENARIOS / "fleets").glob("*.json"))


def test_there_is_a_fleet_scenario() -> None:
    assert FLEET_FILES


@pytest.mark.parametrize("name", FLEET_FILES)
@pytest.mark.parametrize("fleet_rules, seed", [(True, 5), (True, 6), (False, 7)])
def test_random_fleet_games_keep_every_invariant(name: str, fleet_rules: bool, seed: int) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / name)
    game = Game(scenario, ships, seed, {"fleet_rules": fleet_rules, "turn_limit": 30})
    captains = {s.id: RandomCaptain(seed + i) for i, s in enumerate(scenario.sides)}
    gone: dict[str, tuple[int, int]] = {}
    while game.pending:
        check_invariants(game)
        for ship in game.state.ships.values():
            if ship.escaped:
                assert gone.setdefault(ship.id, ship.square) == ship.square, f"{ship.id} moved after leaving"
        request = game.pending[0]
        answer = captains[request.side].choose(Seat(game, request))
        out = {s.id for s in game.state.ships.values() if not s.afloat}  # struck, captured or escaped
        if isinstance(answer, dict):
            assert not set(answer) & out, f"{request.kind} asks a ship that no longer fights"
        assert game.submit(request.side, answer)
    assert game.ended and game.state.fleet_rules is fleet_rules
    if fleet_rules and name == "frigate-fleets-12-a-side.json":
        assert gone  # random captains lose some of 24 ships off the map in every game
    if fleet_rules and gone:  # the battle outlasts a ship that leaves it, unless she was her side's last
        first = min(e["turn"] for e in game.events if e["type"] == "escaped")
        assert game.state.turn > first or "no ship left fighting" in game.state.end_reason
    check_tally_from_log(game)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
