"""2.0 with damage carried over (issue 15): a scenario ship's optional `start_state` starts her tracks at the
given boxes instead of the highest ones, so a campaign battle begins with the damage of the last one (ruling
R2.0d). A track left out starts full; a start state that does not fit the card is a file error naming it."""

from __future__ import annotations

import json

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import FileFormatError, dump_scenario, load_scenario_with_ships, parse_scenario, resolve_ships
from cs_desktop.rules.cards import StartState
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import FAIR, HANDY
from cs_desktop.batch.simulate import play_game

PATH = SCENARIOS / "constitution-vs-java.json"


def _with_start(start: dict[str, object]) -> tuple[object, dict[str, object]]:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    data["sides"][0]["ships"][0]["start_state"] = start
    scenario = parse_scenario(json.dumps(data), "x.json")
    return scenario, resolve_ships(scenario, "x.json", [SCENARIOS / "ships"])


def test_2_0_start_state_starts_the_tracks_at_the_carried_boxes() -> None:
    scenario, ships = _with_start({"crew": 11, "rigging": 9, "gunnery": {"port_bow": 3, "starboard_aft": 5},
                                   "morale": "fair"})
    game = Game(scenario, ships, seed=3, options={"bridge_cards": False})
    con = game.state.ships["constitution"]
    assert (con.crew, con.rigging, con.morale) == (11, 9, FAIR)
    assert con.gunnery == {"port_bow": 3, "port_aft": 7, "starboard_bow": 7, "starboard_aft": 5}
    assert con.damage() == {"hull": 4 + 2, "rigging": 16 - 9, "crew": 18 - 11}


def test_2_0_tracks_left_out_start_at_their_highest_boxes() -> None:
    scenario, ships = _with_start({"rigging": 12})
    con = Game(scenario, ships, seed=3).state.ships["constitution"]
    assert (con.crew, con.rigging, con.morale) == (18, 12, HANDY)
    assert set(con.gunnery.values()) == {7}


def test_3_9_a_red_box_entered_in_an_earlier_battle_is_not_checked_again() -> None:
    """R3.9 counts a red box the first time the marker enters it; a crew carried over below a red box entered
    it before this battle (Constitution's red boxes: 12 and 6)."""
    scenario, ships = _with_start({"crew": 10})
    con = Game(scenario, ships, seed=3).state.ships["constitution"]
    assert con.red_passed == [12]


def test_2_0_start_state_above_a_track_is_a_file_error_naming_the_field() -> None:
    with pytest.raises(FileFormatError) as e:
        _with_start({"crew": 19, "gunnery": {"port_aft": 8}})
    assert e.value.lines() == [
        "x.json: sides[0].ships[0].start_state.crew: box 19 is above the top of Constitution's crew track (18)",
        "x.json: sides[0].ships[0].start_state.gunnery.port_aft: box 8 is above the top of Constitution's port aft "
        "track (7)"]


def test_2_0_start_state_refuses_strike_check_morale_and_unknown_fields() -> None:
    with pytest.raises(FileFormatError):
        _with_start({"morale": "strike_check"})
    with pytest.raises(FileFormatError):
        _with_start({"hull": 3})


def test_2_0_start_state_round_trips_and_is_omitted_when_absent() -> None:
    scenario, _ = _with_start({"crew": 12})
    assert parse_scenario(dump_scenario(scenario), "y") == scenario
    plain, _ = load_scenario_with_ships(PATH)
    assert "start_state" not in dump_scenario(plain)
    assert plain.sides[0].ships[0].start_state is None
    assert StartState().crew is None


def test_2_0_a_damaged_ship_plays_a_whole_game_and_replays() -> None:
    scenario, ships = _with_start({"crew": 9, "rigging": 6, "gunnery": {s: 2 for s in
                                   ("port_bow", "port_aft", "starboard_bow", "starboard_aft")}, "morale": "unfit"})
    game = play_game(scenario, ships, 5, ("simple", "simple"), {"turn_limit": 12})  # type: ignore[arg-type]
    again = Game.replay(scenario, ships, 5, game.decisions, {"turn_limit": 12})  # type: ignore[arg-type]
    assert again.fingerprint() == game.fingerprint()
    assert game.state.ships["constitution"].crew <= 9
