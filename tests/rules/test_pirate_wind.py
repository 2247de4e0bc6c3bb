"""Pirate game wind (`pirate_wind`; rulings R17.8f-R17.8i), as `peer-pirate-game-combat.txt` writes it under Ship
Movement, "Determining Wind Direction" and "Wind Speed".

API tested: pirate_wind.pirate_wind_check, movement_rates.wind_speed_factor, the switch in the state and in
Housekeeping. Actions: the end-of-turn check with scripted dice, on turns 3 and 4, in each wind speed. Expected:
the text's tables: a 4 shifts the direction (1: two points clockwise ... 6: two counterclockwise), a 5 the speed,
a 6 both; a calm is rolled every turn and the wind returns light, as before or opposite; light halves every
ship's speed, strong doubles it, calm stops it. Off (the default), nothing of it.
"""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.rules.movement_rates import wind_speed_factor
from cs_desktop.rules.pirate_wind import pirate_wind_check
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import dice_left, events_since, mark, ready, script

ON = {"pirate_wind": True}


def due(turn: int = 3, wind: int = 5, speed: str = "fair", options: dict[str, object] | None = None) -> Game:
    game = ready(wind=wind, options=options or ON)
    game.state.turn, game.state.wind_speed = turn, speed
    return game


@pytest.mark.parametrize("face, wind", [(1, 7), (2, 6), (3, 6), (4, 4), (5, 4), (6, 3)])
def test_determining_wind_direction_R17_8g_one_or_two_points_either_way(face: int, wind: int) -> None:
    """"On a 4 the wind changes direction": "1 = 2 points clockwise; 2, 3 = 1 point clockwise; 4, 5 = 1 point
    counterclockwise; 6 = 2 points counterclockwise" (the wind blows toward heading 5 before)."""
    game = due()
    script(game, [4, face])
    start = mark(game)
    pirate_wind_check(game)
    assert dice_left(game) == [] and game.state.wind == wind and game.state.wind_speed == "fair"
    (shift,) = events_since(game, start, "wind")
    assert shift["rule"] == "R17.8g" and shift["before"] == 5


@pytest.mark.parametrize("speed, face, after", [("fair", 1, "fair"), ("fair", 3, "fair"), ("fair", 4, "light"),
                                                ("fair", 6, "strong"), ("light", 2, "light"), ("light", 3, "calm"),
                                                ("light", 5, "fair"), ("light", 6, "strong"), ("strong", 3, "strong"),
                                                ("strong", 4, "fair"), ("strong", 6, "light")])
def test_determining_wind_direction_R17_8h_the_speed_table(speed: str, face: int, after: str) -> None:
    """"On a 5 it changes speed (maybe)": the text's table from the speed now."""
    game = due(speed=speed)
    script(game, [5, face])
    pirate_wind_check(game)
    assert dice_left(game) == [] and game.state.wind_speed == after and game.state.wind == 5


def test_determining_wind_direction_R17_8f_a_6_changes_both_and_1_to_3_nothing() -> None:
    game = due()
    script(game, [6, 1, 6])
    pirate_wind_check(game)
    assert dice_left(game) == [] and (game.state.wind, game.state.wind_speed) == (7, "strong")
    game = due()
    script(game, [3])
    start = mark(game)
    pirate_wind_check(game)
    assert dice_left(game) == [] and game.state.wind == 5 and events_since(game, start, "wind_holds")


def test_determining_wind_direction_R17_8f_every_third_turn_only() -> None:
    """"Every 3 turns": no die at the end of turn 4."""
    game = due(turn=4)
    script(game, [])
    pirate_wind_check(game)
    assert game.state.wind == 5


def test_determining_wind_direction_R17_8h_a_calm_is_rolled_every_turn_and_returns_light() -> None:
    """"When the wind dies, roll EVERY turn ... It returns on a roll of 4-6, always at Light speed ... 1-3 = the
    same direction it came from before. 4-6 = ... from the opposite direction." Turn 4 (not a third turn)."""
    game = due(turn=4, speed="calm")
    script(game, [3])
    pirate_wind_check(game)
    assert dice_left(game) == [] and game.state.wind_speed == "calm"
    game = due(turn=4, speed="calm")
    script(game, [4, 2])
    pirate_wind_check(game)
    assert (game.state.wind, game.state.wind_speed) == (5, "light")
    game = due(turn=4, speed="calm")
    script(game, [6, 5])
    pirate_wind_check(game)
    assert (game.state.wind, game.state.wind_speed) == (1, "light")


@pytest.mark.parametrize("wind_speed, speed, expected", [("fair", 7, 7), ("light", 7, 4), ("light", 6, 3),
                                                         ("strong", 7, 14), ("calm", 7, 0)])
def test_wind_speed_R17_8h_light_halves_strong_doubles_calm_stops(wind_speed: str, speed: int,
                                                                  expected: int) -> None:
    """"A light wind halves all maximum movements. A strong wind doubles movement ... If there is no wind, ships
    don't move." Halves round up (1.9)."""
    assert wind_speed_factor(wind_speed, speed) == expected


def test_R17_8i_the_switch_replaces_the_variable_winds_check_and_is_recorded() -> None:
    """With both switches on, the end-of-turn check is the pirate game's (its first die reads 4/5/6, not 5-6);
    the state's dict carries `pirate_wind` and `wind_speed` only under the switch."""
    from cs_desktop.rules import housekeeping as hk

    game = due(options={"pirate_wind": True, "variable_wind": True})
    script(game, [4, 1])
    pirate_wind_check(game)
    assert game.state.wind == 7
    assert game.state.to_dict()["wind_speed"] == "fair" and game.state.to_dict()["pirate_wind"] is True
    off = ready().state.to_dict()
    assert "pirate_wind" not in off and "wind_speed" not in off
    assert hk.segment_housekeeping  # the check is called from there (R17.8a's place)


@pytest.mark.parametrize("captains, seed", [(("random", "random"), 51), (("simple", "simple"), 52)])
def test_R17_8i_whole_games_play_to_the_end_and_replay(captains: tuple[str, str], seed: int) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, seed, captains, {**ON, "turn_limit": 15})
    assert game.ended or game.state.turn >= 15
    assert any(e["type"] == "roll" and e["rule"] == "R17.8f" for e in game.events)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
