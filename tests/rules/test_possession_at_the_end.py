"""R18.0t (issue 31, item 4): when the battle ends because a side has nothing left fighting, each enemy hulk within
long range (11.1, 24 MP) of a ship still fighting with crew left is taken possession of by the nearest such ship,
so a ship that strikes as her side's last can end the battle captured (19.0: +10, not +5), as President did.

API tested: fleet_end.end_if_beaten, possession_at_the_end; a whole game of President and the squadron. Actions:
Java (gb, alone) strikes with Constitution 4 squares off, then 13 squares off. Expected: captured at 8 MP (event
`possession`, ruling R18.0t, the battle over), struck only at 26 MP; President and the squadron ends in her
capture.
"""

from __future__ import annotations

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.fleet_end import end_if_beaten
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import events_since, mark, ready

FLEET = {"fleet_rules": True}


def test_R18_0t_a_last_ship_struck_within_long_range_is_taken_when_the_battle_ends() -> None:
    game = ready((10, 12, 1), (14, 12, 1), options=FLEET)
    java = game.state.ships["java"]
    java.struck = True
    start = mark(game)
    end_if_beaten(game, "gb", "Java struck her colours (17.4)")
    assert game.state.ended and java.captured
    (taken,) = events_since(game, start, "possession")
    assert taken["ruling"] == "R18.0t" and taken["ship"] == "constitution" and taken["hulk"] == "java"
    result = game.events[-1]["result"]
    assert game.events[-1]["type"] == "game_end" and result["sides"]["us"]["vp"] >= 10


def test_R18_0t_beyond_long_range_she_stays_a_struck_ship() -> None:
    game = ready((2, 12, 1), (15, 12, 1), options=FLEET)  # 13 squares: 26 MP, beyond 24
    java = game.state.ships["java"]
    java.struck = True
    end_if_beaten(game, "gb", "Java struck her colours (17.4)")
    assert game.state.ended and java.struck and not java.captured


def test_R18_0t_a_ship_with_no_crew_left_sends_no_boat() -> None:
    game = ready((10, 12, 1), (14, 12, 1), options=FLEET)
    game.state.ships["java"].struck = True
    game.state.ships["constitution"].crew = 0
    end_if_beaten(game, "gb", "Java struck her colours (17.4)")
    assert not game.state.ships["java"].captured


def test_R18_0t_president_and_the_squadron_can_end_in_her_capture() -> None:
    """The scenario's terms ("her capture loses", R21.3b) now mean what they say: with the judgment captain on both
    sides, seed 1, President strikes and Pomone's boats take possession of her (+10 to the squadron)."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "president-and-the-squadron.json")
    game = play_game(scenario, ships, 1, ("judgment", "judgment"))
    president = game.state.ships["president-1815"]
    assert game.ended and president.captured
    assert any(e["type"] == "possession" and e.get("ruling") == "R18.0t" for e in game.events)
