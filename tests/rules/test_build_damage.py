"""Captains Bold's Damage Step by build (`sloop_damage`, `heavy_frigate_damage`; ruling R3.10a), as
`peer-captains-bold.txt` writes it in IV. Turn Sequence, STEP 2b: "each player loses a Marker from each column
for every three hits that have been marked on it. If the ship is a sloop or small frigate, it will lose a Marker
for every two hits ... the very stoutly built American Heavy Frigate ... remove a Marker for every four hits."

API tested: build_damage.boxes/hits_per_marker; damage.gunnery_hit and damage.rigging_hits under the switches;
the switches in the options, the state's dict and the saved game. Captain's Sea's one box a hit is the text's
frigate (three hits a marker), so a sloop (fragile hull: Curlew) loses boxes at 3/2 that rate and the heavy
frigate (firm hull: Constitution) at 3/4, the hits marked carrying over as the text's leftover markers do.
Off (the default), every hit is one box, as 3.8 and 3.10.1 write it.
"""

from __future__ import annotations

import json

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import build_damage, damage
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import events_since, mark, ready, run

BOTH = {"sloop_damage": True, "heavy_frigate_damage": True}


def hull_hits(game: Game, ship_id: str, section: str, hits: int) -> list[int]:
    """The section's gunnery box after each of `hits` hull hits (11.4.10)."""
    ship = game.state.ships[ship_id]
    after = []
    for _ in range(hits):
        run(game, damage.gunnery_hit(game, ship, section, "11.4.10"))
        after.append(ship.gunnery[section])
    return after


def test_captains_bold_step_2b_R3_10a_the_heavy_frigate_loses_a_marker_per_four_hits() -> None:
    """Constitution (firm: the American heavy frigate), starboard bow at box 7: four hull hits take 0, 1, 1, 1
    boxes (3 boxes for 4 hits, 3/4 of a frigate's); the first is marked and said to be, naming R3.10a."""
    game = ready(options={"heavy_frigate_damage": True})
    start = mark(game)
    assert hull_hits(game, "constitution", "starboard_bow", 4) == [7, 6, 5, 4]
    (marked,) = events_since(game, start, "hit_marked")
    assert "a heavy frigate loses a marker per 4 hits, R3.10a" in marked["text"]
    assert game.state.ships["constitution"].hit_marks == {"starboard_bow": 4}
    assert game.state.to_dict()["ships"]["constitution"]["hit_marks"] == {"starboard_bow": 4}


def test_captains_bold_step_2b_R3_10a_a_sloop_loses_a_marker_per_two_hits() -> None:
    """Curlew (fragile: a sloop), rigging 4: one hit takes 1 box, the second 2 (3 boxes for 2 hits); her gunnery
    section of 2 boxes loses both to two hits (1, then 2 capped at the 1 left)."""
    game = ready(ships=("congress", "curlew"), options={"sloop_damage": True})
    curlew = game.state.ships["curlew"]
    assert curlew.rigging == 4
    assert damage.rigging_hits(game, curlew, 1, "11.4.10") == 1 and curlew.rigging == 3
    assert damage.rigging_hits(game, curlew, 1, "11.4.10") == 2 and curlew.rigging == 1
    assert hull_hits(game, "curlew", "port_bow", 2) == [1, 0]


def test_captains_bold_step_2b_R3_10a_the_rates_over_many_hits() -> None:
    """After n hits a column has lost floor(3n / per) boxes: per 2, 3 and 4 hits a marker."""
    game = ready(ships=("constitution", "curlew"), options=BOTH)
    state = game.state
    for ship_id, per in (("curlew", 2), ("constitution", 4)):
        ship = state.ships[ship_id]
        assert build_damage.hits_per_marker(state, ship) == per
        taken = [build_damage.boxes(state, ship, "rigging", 1) for _ in range(8)]
        assert [sum(taken[:n]) for n in range(1, 9)] == [3 * n // per for n in range(1, 9)]


def test_captains_bold_step_2b_R3_10a_a_frigate_and_each_switch_alone() -> None:
    """Java (average: a frigate) loses one box a hit under both switches. Each switch is for its own build:
    `sloop_damage` leaves Constitution at a box a hit, `heavy_frigate_damage` leaves Curlew at a box a hit."""
    game = ready(options=BOTH)
    assert hull_hits(game, "java", "port_bow", 3) == [5, 4, 3]
    assert game.state.ships["java"].hit_marks == {}
    game = ready(options={"sloop_damage": True})
    assert hull_hits(game, "constitution", "port_bow", 2) == [6, 5]
    game = ready(ships=("congress", "curlew"), options={"heavy_frigate_damage": True})
    curlew = game.state.ships["curlew"]
    assert damage.rigging_hits(game, curlew, 2, "11.4.10") == 2


def test_captains_bold_step_2b_R3_10a_crew_is_no_column() -> None:
    """The text's columns are the batteries and the sails: crew hits stay one box a hit."""
    game = ready(ships=("constitution", "curlew"), options=BOTH)
    for ship_id in ("constitution", "curlew"):
        ship = game.state.ships[ship_id]
        before = ship.crew
        assert run(game, damage.crew_hits(game, ship, 2, "11.4.10")) == 2 and ship.crew == before - 2


def test_captains_bold_step_2b_R3_10a_off_every_hit_is_one_box_and_nothing_is_written() -> None:
    """Off (the default): Constitution and Curlew lose one box a hit; no switch, no hit_marks in the dict."""
    game = ready()
    assert hull_hits(game, "constitution", "starboard_bow", 2) == [6, 5]
    game = ready(ships=("congress", "curlew"))
    curlew = game.state.ships["curlew"]
    assert damage.rigging_hits(game, curlew, 2, "11.4.10") == 2 and curlew.hit_marks == {}
    out = game.state.to_dict()
    assert not {"sloop_damage", "heavy_frigate_damage"} & set(out)
    assert all("hit_marks" not in s for s in out["ships"].values())


@pytest.mark.parametrize("scenario, option, seed", [("congress-vs-curlew", "sloop_damage", 31),
                                                    ("constitution-vs-guerriere", "heavy_frigate_damage", 32)])
def test_captains_bold_step_2b_R3_10a_whole_games_show_it_and_replay(scenario: str, option: str, seed: int) -> None:
    """Seen acting: simple captains play each scenario under its switch; the hits on Curlew (sloop) or
    Constitution (heavy frigate) name R3.10a; the switch is in every view and the saved game; it replays."""
    s, ships = load_scenario_with_ships(SCENARIOS / f"{scenario}.json")
    game = play_game(s, ships, seed, ("simple", "simple"), {option: True, "turn_limit": 15})
    acted = [e for e in game.events if e["type"] in ("hit", "hit_marked") and "R3.10a" in e["text"]]
    assert acted, "no hit counted by build"
    assert all(game.view(side, events=False)[option] is True for side in game.state.sides)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
    assert json.loads(json.dumps(game.save_data()))["options"][option] is True
