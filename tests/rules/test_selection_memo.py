"""9.1: the panel's maneuvers and restrictions are remembered by what they depend on (`selection._plan`, issue 12).
At every selection of random games, with and without islands, the answer from a remembered plan equals the one
worked out afresh, and each call gives new dicts that a caller may change without changing the next answer."""

from __future__ import annotations

import pytest

from cs_desktop.rules import selection

from tests.rules.harness import random_requests


@pytest.mark.parametrize("scenario_file", ["constitution-vs-java.json", "fleets/frigates-among-the-shoals.json"])
def test_remembered_selections_are_the_ones_the_rules_give(scenario_file: str) -> None:
    compared = 0
    for game, request in random_requests(scenario_file, range(900, 903), {"turn_limit": 12}, limit=3000):
        if request.kind != "select_maneuver":
            continue
        for ship_id in request.ships or {}:
            ship, left = game.state.ships[ship_id], request.info["remaining"][ship_id]
            selection._PLANS.clear()
            fresh = selection._selection(game.state, ship, left)
            first = selection._selection(game.state, ship, left)
            assert first == fresh
            assert [list(o) for o in first[0]] == [list(o) for o in request.ships[ship_id]]  # key order too
            first[0][0]["strain"] = 99
            for entry in first[1]:
                entry["choice"]["strain"] = 99
            first[1].append({"choice": {}, "rule": "x", "why": "x"})
            again = selection._selection(game.state, ship, left)
            assert again == fresh
            compared += 1
    assert compared > 50
    assert selection._PLANS  # the plans were remembered, not worked out at every call
