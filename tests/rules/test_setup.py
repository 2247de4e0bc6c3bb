"""2.0 Setup: start squares and headings, tracks at their highest boxes, Crew Morale Handy, Crew Quality from
the scenario (else the card's historical one), sail state and hidden loads chosen, chasers loaded, three
Bridge Cards each with Play Now cards discarded unplayed and replaced without a reshuffle."""

from __future__ import annotations

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.deck import card_of
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import HANDY

from tests.rules.harness import answer, duel, events_of

LOADS = {"port_bow": "round", "port_aft": "chain", "starboard_bow": "double", "starboard_aft": "round"}


def both_set_up(game, us_sail="fighting", gb_sail="medium"):
    us_ship, gb_ship = game.state.sides["us"].ships[0], game.state.sides["gb"].ships[0]
    answer(game, "us", {us_ship: {"sail": us_sail, "loads": LOADS}})
    answer(game, "gb", {gb_ship: {"sail": gb_sail, "loads": {s: "round" for s in SECTION_NAMES}}})


def test_2_0_ships_on_the_named_start_squares_with_the_scenario_headings():
    """2.0 / 20.1: Constitution vs Java: Constitution on square A (10,12) heading 4, Java on B (22,12)
    heading 7; wind 6 as the scenario says; crew quality "in the box stipulated by the scenario": Constitution
    Average (stipulated so that both share one CR as the 20.1 example has them, ruling R20.1a), Java Average (her
    card's)."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = Game(scenario, ships, seed=1, options={"bridge_cards": False})
    con, java = game.state.ships["constitution"], game.state.ships["java"]
    assert (con.square, con.heading) == ((10, 12), 4)
    assert (java.square, java.heading) == ((22, 12), 7)
    assert game.state.wind == 6
    assert (con.quality, java.quality) == ("average", "average")


def test_2_0_tracks_start_at_their_highest_boxes_and_morale_handy():
    """2.0: crew 18, rigging 16, gunnery 7 in each section, morale Handy, both chasers loaded, no loads yet."""
    game = duel()
    con = game.state.ships["constitution"]
    assert con.crew == 18 == con.card.crew_points
    assert con.rigging == 16 == con.card.rigging_points
    assert con.gunnery == {s: 7 for s in SECTION_NAMES}
    assert con.morale == HANDY
    assert con.chasers == {"bow": True, "stern": True}
    assert con.loads == {s: None for s in SECTION_NAMES}
    java = game.state.ships["java"]
    assert (java.crew, java.rigging, set(java.gunnery.values())) == (16, 11, {6})


def test_2_0_crew_quality_defaults_to_the_historical_value():
    """2.0: no crew quality in the scenario entry: Constitution takes her card's historical Crack."""
    assert duel().state.ships["constitution"].quality == "crack"
    assert duel(qualities=("green", None)).state.ships["constitution"].quality == "green"


def test_2_0_sail_state_and_loads_are_chosen_and_loads_are_hidden_from_the_enemy():
    """2.0: us sets Fighting Sail and loads round/chain/double/round; gb sees only that each is loaded; the
    'loads' event is visible to us only; the sail state is public."""
    game = duel()
    both_set_up(game)
    con = game.state.ships["constitution"]
    assert con.sail == "fighting" and con.loads == LOADS
    assert game.state.ships["java"].sail == "medium"
    gb = game.view("gb")
    assert gb["ships"]["constitution"]["loads"] == {s: True for s in SECTION_NAMES}
    assert gb["ships"]["constitution"]["sail"] == "fighting"
    assert game.view("us")["ships"]["constitution"]["loads"] == LOADS
    loads = [e for e in events_of(game, "loads") if e["ship"] == "constitution"]
    assert loads and all(e["visible_to"] == "us" for e in loads)
    assert not [e for e in game.visible_events("gb") if e["type"] == "loads" and e["ship"] == "constitution"]


def test_2_0_illegal_set_up_is_refused_citing_2_0():
    """2.0: 'full' sail, grape shot, a missing section, or a missing ship are refused (2.0), state unchanged."""
    game = duel()
    before = game.fingerprint()
    for bad in ({"constitution": {"sail": "full", "loads": LOADS}},
                {"constitution": {"sail": "medium", "loads": dict(LOADS, port_bow="grape")}},
                {"constitution": {"sail": "medium", "loads": {"port_bow": "round"}}},
                {"constitution": {"sail": "medium"}},
                {}):
        result = game.submit("us", bad)
        assert not result and result.rule == "2.0", bad
    assert game.fingerprint() == before
    assert game.state.segment == "setup"


def test_2_0_set_up_is_simultaneous_and_then_the_crew_phase_begins():
    """2.0 -> 4.0: both sides are asked at once; after both answer the game asks for crew (5.0), turn 1."""
    game = duel()
    assert sorted((r.kind, r.side) for r in game.pending) == [("setup", "gb"), ("setup", "us")]
    both_set_up(game)
    assert game.state.turn == 1 and game.state.segment == "crew"
    assert sorted((r.kind, r.side) for r in game.pending) == [("assign_crew", "gb"), ("assign_crew", "us")]


def test_2_0_three_bridge_cards_each_play_now_cards_set_aside_and_replaced_without_reshuffle():
    """2.0: with Bridge Cards on, find a seed whose initial draw meets a Play Now card: each side holds three
    Hold cards, the Play Now card(s) went to the discard pile unplayed, and the deck was not reshuffled."""
    for seed in range(200):
        game = duel(seed=seed, options={"bridge_cards": True})
        deck_size = len(game.state.deck)
        both_set_up(game)
        if events_of(game, "card_set_aside"):
            break
    else:
        raise AssertionError("no seed draws a Play Now card at set-up")
    aside = [e["card"] for e in events_of(game, "card_set_aside")]
    for side in ("us", "gb"):
        hand = game.state.sides[side].hand
        assert len(hand) == 3
        assert all(card_of(c)["type"] != "play_now" for c in hand)
    assert all(card_of(c)["type"] == "play_now" for c in aside)
    assert game.state.discard == aside
    assert len(game.state.deck) == deck_size - 6 - len(aside)
    assert events_of(game, "reshuffle") == [] and events_of(game, "play_now") == []
    assert isinstance(game.view("us")["sides"]["gb"]["hand"], int)
