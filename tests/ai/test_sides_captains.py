"""Issue 14: the computer captains play a battle of three sides (R6.0a) without an error: every answer legal,
each side's captain sees only its own view (the seat gives it nothing else), and the game replays the same."""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.evaluate import other_side, vp_now
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

THREE = SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json"


@pytest.mark.parametrize("captain, turns", [("simple", 4), ("judgment", 3), ("normal", 2), ("crew-search", 1)])
def test_R6_0a_captains_play_three_sides(captain: str, turns: int) -> None:
    scenario, ships = load_scenario_with_ships(THREE)
    game = play_game(scenario, ships, 5, (captain,) * 3, {"turn_limit": turns})
    assert game.ended and game.state.turn == turns
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_R19_0h_the_captains_estimate_shares_the_hits_as_the_tally_does() -> None:
    from cs_desktop.ai.evaluate import victory_terms_of
    from cs_desktop.rules.victory import tally

    scenario, ships = load_scenario_with_ships(THREE)
    game = play_game(scenario, ships, 1, ("simple",) * 3, {"turn_limit": 30})
    view = game.view(None)
    estimate = vp_now(view, victory_terms_of(game.scenario, game.cards))
    result = tally(game)
    assert sum(info["hits_total"] for info in result["sides"].values()) > 10  # a real fight, not an empty sea
    for side, info in result["sides"].items():
        assert estimate[side] == pytest.approx(info["vp"], abs=0.01), side
    assert other_side(view, "us") in ("fr", "gb")
