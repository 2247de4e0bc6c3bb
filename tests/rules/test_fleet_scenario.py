"""The 12-a-side what-if (`scenarios/fleets/`, issue 14): built from shipped cards with the fleet rules on;
random and simple captains play it to the end without an exception, and every game replays identically."""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

FLEET = SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json"


def test_the_12_a_side_what_if_uses_the_fleet_rules_and_shipped_cards() -> None:
    scenario, ships = load_scenario_with_ships(FLEET)
    assert scenario.options.fleet_rules and scenario.options.turn_limit == 30
    assert [len(s.ships) for s in scenario.sides] == [12, 12]
    assert set(ships) <= {p.stem for p in (SCENARIOS / "ships").glob("*.json")}
    assert scenario.historical_outcome.winner is None and "what if" in scenario.title.lower()
    assert Game(scenario, ships, 1).state.fleet_rules


@pytest.mark.parametrize("captains,seed", [(("random", "random"), 1), (("random", "random"), 2),
                                           (("simple", "simple"), 3), (("simple", "random"), 4)])
def test_the_12_a_side_what_if_plays_to_the_end_and_replays(captains: tuple[str, str], seed: int) -> None:
    scenario, ships = load_scenario_with_ships(FLEET)
    game = play_game(scenario, ships, seed, captains)
    assert game.ended and game.events[-1]["type"] == "game_end"
    reason = game.state.end_reason
    assert "turn limit 30" in reason or "no ship left fighting" in reason or "struck voluntarily" in reason
    # the battle outlasts the first ship that leaves it (R9.3f) and the first strike (R18.0f)
    left = [e for e in game.events if e["type"] in ("escaped", "struck", "captured")]
    assert left and left[0]["turn"] < game.state.turn
    again = Game.replay(scenario, ships, seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
