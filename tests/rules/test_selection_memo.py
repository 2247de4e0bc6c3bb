"""9.1: the panel's maneuvers and restrictions are remembered by what they depend on (`maneuver._plan`, issue 12).
At every selection of random games, with and without islands, the answer from a remembered plan equals the one
worked out afresh, and each call gives new dicts that a caller may change without changing the next answer."""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.files import load_scenario_with_ships
from cs_desktop.rules import maneuver
from cs_desktop.rules.game import Game

from tests.rules.harness import answer


@pytest.mark.parametrize("scenario_file", ["constitution-vs-java.json", "fleets/frigates-among-the-shoals.json"])
def test_remembered_selections_are_the_ones_the_rules_give(scenario_file: str) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / scenario_file)
    compared = 0
    for seed in range(3):
        game = Game(scenario, ships, 900 + seed, {"turn_limit": 12})
        captains = {s.id: RandomCaptain(seed * 10 + i) for i, s in enumerate(scenario.sides)}
        for _ in range(3000):
            if not game.pending:
                break
            for request in game.pending:
                if request.kind != "select_maneuver":
                    continue
                for ship_id in request.ships or {}:
                    ship, left = game.state.ships[ship_id], request.info["remaining"][ship_id]
                    maneuver._PLANS.clear()
                    fresh = maneuver._selection(game.state, ship, left)
                    first = maneuver._selection(game.state, ship, left)
                    assert first == fresh
                    assert [list(o) for o in first[0]] == [list(o) for o in request.ships[ship_id]]  # key order too
                    first[0][0]["strain"] = 99
                    for entry in first[1]:
                        entry["choice"]["strain"] = 99
                    first[1].append({"choice": {}, "rule": "x", "why": "x"})
                    again = maneuver._selection(game.state, ship, left)
                    assert again == fresh
                    compared += 1
            r = game.pending[0]
            answer(game, r.side, captains[r.side].choose(Seat(game, r)))
    assert compared > 50
    assert maneuver._PLANS  # the plans were remembered, not worked out at every call
