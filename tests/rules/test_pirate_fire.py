"""Pirate game fire (`pirate_fire`; rulings R17.1g-R17.1j), as `peer-pirate-game-combat.txt` writes it under
Effects of Damage, "Fire and Fire Damage" and "Explosion" (and Turn Phasing step 7: "After damage control, assess
new hull damage caused ... by fire").

API tested: pirate_fire.catch_fire, fire_grows, blast_damage, ship_class; housekeeping.fire_fighting and
segment_housekeeping under the switch; the switch in the game's options, state and saved game. Actions: Java set
on fire with so many markers, every die scripted. Expected: one marker when she catches fire; a fire-fighting
success removes one; after damage control the markers double and cost a rigging hit per 5 and a hull hit per 10;
hull hits from fire call for an explosion roll, and an explosion sinks her and damages the ships nearby by the
text's table. Off (the default), none of it: 17.1 as written.
"""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships, load_ship
from cs_desktop.rules import housekeeping as hk
from cs_desktop.rules import pirate_fire as pf
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import dice_left, events_since, mark, ready, rolls_since, run, script

ON = {"pirate_fire": True}


def burning(markers: int, options: dict[str, object] | None = ON) -> Game:
    """Constitution at (10, 12), Java at (14, 12) four squares east (8 MP), Java On Fire with `markers`."""
    game = ready((10, 12, 1), (14, 12, 1), options=options)
    java = game.state.ships["java"]
    java.on_fire, java.fire_markers = True, markers
    return game


def test_pirate_fire_and_fire_damage_R17_1g_a_ship_catching_fire_gets_one_marker() -> None:
    """Text: "Place a fire marker." Under the switch a ship set On Fire (11.5, or the R17.1f house rule) has one
    marker; off, she has none (17.1's fire has no markers)."""
    game = ready(options=ON)
    java = game.state.ships["java"]
    pf.catch_fire(game.state, java)
    assert java.on_fire and java.fire_markers == 1
    off = ready()
    pf.catch_fire(off.state, off.state.ships["java"])
    assert off.state.ships["java"].on_fire and off.state.ships["java"].fire_markers == 0


def test_pirate_fire_and_fire_damage_R17_1g_one_successful_damage_control_removes_one_marker() -> None:
    """Text: "It takes one successful Damage Control to remove one." 17.1's roll (Java average, no modifier):
    [5] removes one of three markers and she burns on; with one marker left, [6] puts the fire out."""
    game = burning(3)
    script(game, [5])
    start = mark(game)
    run(game, hk.fire_fighting(game))
    java = game.state.ships["java"]
    assert dice_left(game) == [] and java.on_fire and java.fire_markers == 2
    (removed,) = events_since(game, start, "fire_marker_removed")
    assert "R17.1g" in removed["text"]
    game = burning(1)
    script(game, [6])
    run(game, hk.fire_fighting(game))
    assert not game.state.ships["java"].on_fire and game.state.ships["java"].fire_markers == 0


def test_pirate_fire_and_fire_damage_R17_1h_markers_double_and_cost_rigging_and_hull_hits() -> None:
    """Text: "place a new fire marker beside each remaining one ... Each 5 fire markers: one Rigging hit. Each 10
    fire markers: one Hull hit." 5 markers become 10: 2 rigging hits and 1 hull hit (to the section with the most
    boxes left), then the explosion roll [6] > 1 hull hit: she does not explode."""
    game = burning(5)
    java = game.state.ships["java"]
    rigging, hull = java.rigging, dict(java.gunnery)
    script(game, [6])
    start = mark(game)
    run(game, pf.fire_grows(game))
    assert dice_left(game) == [] and java.fire_markers == 10
    assert java.rigging == rigging - 2
    assert sum(hull.values()) - sum(java.gunnery.values()) == 1
    (explosion,) = rolls_since(game, start)
    assert explosion["purpose"] == "explosion roll (pirate game fire)" and explosion["ruling"] == "R17.1i"
    assert explosion["hull_hits"] == 1 and not java.struck


def test_pirate_fire_and_fire_damage_R17_1h_a_small_fire_grows_without_hits() -> None:
    """2 markers become 4: no rigging hit, no hull hit, no explosion roll."""
    game = burning(2)
    script(game, [])
    run(game, pf.fire_grows(game))
    assert game.state.ships["java"].fire_markers == 4
    assert game.state.ships["java"].rigging == game.state.ships["java"].card.rigging_points


def test_explosion_R17_1i_a_roll_within_the_hull_hits_sinks_her_and_damages_ships_nearby() -> None:
    """Text: "If the result is equal to or less than the number of Hull hits it took that turn, the ship
    explodes. It sinks immediately; all crew aboard are lost." 10 markers become 20: 4 rigging, 2 hull hits;
    the roll [2] <= 2: Java blows up. Constitution, 8 MP off (12 inches at 3 a square), rolls [6, 6]: 12 - 12 +
    Java's Class 2 = 2: two rigging hits ("0 to 5: that many rigging hits"). The duel ends."""
    game = burning(10)
    con, java = game.state.ships["constitution"], game.state.ships["java"]
    script(game, [2, 6, 6])
    start = mark(game)
    run(game, pf.fire_grows(game))
    assert dice_left(game) == []
    assert java.exploded and java.struck and java.crew == 0 and not java.afloat
    (blast,) = events_since(game, start, "blast")
    assert blast["ship"] == "constitution" and blast["score"] == 2
    assert con.rigging == con.card.rigging_points - 2
    assert game.state.ended and "blew up" in game.state.end_reason


@pytest.mark.parametrize("score, expected", [(-3, (0, 0, 0)), (0, (0, 0, 0)), (5, (5, 0, 0)), (6, (6, 2, 0)),
                                             (10, (10, 2, 0)), (11, (10, 4, 2)), (15, (10, 4, 2)),
                                             (16, (10, 6, 4)), (30, (10, 6, 4))])
def test_explosion_R17_1i_the_texts_table_for_ships_nearby(score: int, expected: tuple[int, int, int]) -> None:
    """"0 to 5: That many rigging hits. 6 to 10: That many rigging hits, and 2 hull hits. 11 to 15: 10 rigging
    hits, 4 hull hits, -2 crew. 16 and up: 10 rigging hits, 6 hull hits, -4 crew." (rigging, hull, crew)."""
    assert pf.blast_damage(score) == expected


def test_ship_classes_R17_1i_class_from_hull_hits_ten_a_class() -> None:
    """Ship Classes: "How many hull hits it can take: 10 times its class": Java's 24 hull boxes make Class 2,
    Constitution's 28 Class 3."""
    java = load_ship(SCENARIOS / "ships" / "java.json")
    constitution = load_ship(SCENARIOS / "ships" / "constitution.json")
    assert (pf.ship_class(java), pf.ship_class(constitution)) == (2, 3)


def test_turn_phasing_step_7_R17_1h_the_fire_grows_after_damage_control_in_housekeeping() -> None:
    """Turn Phasing 7: "Damage control. After damage control, assess new hull damage caused ... by fire." In
    17.0: the fire-fighting roll [3] (nothing changes), then 17.2, then the markers double (1 -> 2)."""
    game = burning(1)
    script(game, [3])
    start = mark(game)
    run(game, hk.segment_housekeeping(game))
    assert dice_left(game) == [] and game.state.ships["java"].fire_markers == 2
    kinds = [e["type"] for e in game.events[start:] if e["type"] in ("roll", "fire_grows", "repair")]
    assert kinds == ["roll", "fire_grows"]


def test_R17_1j_off_17_1_as_written_and_no_markers_in_the_state() -> None:
    """Off (the default): a success puts the fire out at once, nothing grows, and neither the switch nor the
    markers are in the state's dict (old games keep their fingerprints)."""
    game = burning(0, options=None)
    script(game, [5])
    run(game, hk.segment_housekeeping(game))
    assert not game.state.ships["java"].on_fire
    data = game.state.to_dict()
    assert "pirate_fire" not in data and "fire_markers" not in data["ships"]["java"]
    on = burning(1).state.to_dict()
    assert on["pirate_fire"] is True and on["ships"]["java"]["fire_markers"] == 1


def test_R17_1j_the_switch_is_recorded_in_the_scenario_options_and_the_saved_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cs_desktop.rules.cards import SWITCHES
    from cs_desktop.formats.savegame import load_game, save_game

    assert "pirate_fire" in SWITCHES
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    assert "pirate_fire" not in scenario.options.model_dump()  # off and not given: not written
    game = play_game(scenario, ships, 5, ("random", "random"), {**ON, "turn_limit": 2})
    path = save_game(game, tmp_path / "g.csgame")
    again = load_game(path).game
    assert again.state.pirate_fire and again.fingerprint() == game.fingerprint()


@pytest.mark.parametrize("captains, seed", [(("random", "random"), 41), (("simple", "simple"), 42),
                                            (("simple", "random"), 43)])
def test_R17_1j_whole_games_play_to_the_end_and_replay(captains: tuple[str, str], seed: int) -> None:
    """Property: under the switch whole games end without an exception; every ship On Fire has a marker at each
    end of turn; an explosion follows an explosion roll within the hull hits; the game replays the same."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, seed, captains, {**ON, "turn_limit": 15})
    assert game.ended or game.state.turn >= 15
    for ship in game.state.ships.values():
        assert ship.on_fire == (ship.fire_markers > 0) or ship.exploded
    rolls = [e for e in game.events if e["type"] == "roll" and e["purpose"] == "explosion roll (pirate game fire)"]
    exploded = [e for e in game.events if e["type"] == "exploded"]
    assert len(exploded) == sum(1 for e in rolls if e["modified"][0] <= e["hull_hits"])
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
