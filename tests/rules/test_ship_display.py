"""1.5, 1.6, 3.0-3.10.2 (the Ship Display and the Control Panel as the engine sees them), 11.4.3, 21.0, 21.4:
the sections whose behaviour is mostly exercised elsewhere, each pinned here under its own number."""

from __future__ import annotations

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships, load_ship
from cs_desktop.rules import firing, movement_rates
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.crew import limits
from cs_desktop.rules.game import Game
from cs_desktop.rules.reloading import place_load
from cs_desktop.rules.tables import get_tables

from tests.rules.fighting_kit import ready, script
from tests.rules.harness import drive, duel
from tests.rules.test_properties import play_checked

SHIP_FILES = sorted((SCENARIOS / "ships").glob("*.json"))


def test_1_5_3_0_every_card_has_the_whole_ship_display_and_starts_at_its_top_boxes() -> None:
    """1.5/3.0/2.0: each shipped card has hull type and strength, crew quality, crew and rigging tracks,
    four broadside sections and two chasers; a new game puts every marker in its highest box."""
    assert len(SHIP_FILES) >= 17
    for path in SHIP_FILES:
        card = load_ship(path)
        assert card.hull_type in ("slow", "average", "fast") and card.hull_strength in ("fragile", "average", "firm")
        assert set(card.gunnery) == set(SECTION_NAMES) and all(card.gunnery[s] for s in SECTION_NAMES)
        assert card.chasers == {"bow": 1, "stern": 1}  # 11.9: each ship begins with two chasers
    game = duel()
    for ship in game.state.ships.values():
        assert ship.crew == ship.card.crew_points and ship.rigging == ship.card.rigging_points
        assert ship.gunnery == {s: len(ship.card.gunnery[s]) for s in SECTION_NAMES}
        assert ship.chasers == {"bow": True, "stern": True}


def test_1_6_the_control_panel_has_one_table_per_wind_position_pair() -> None:
    """1.6/9.1: five tables — A/B, C, D/E, F/G, H; paired letters offer the same maneuvers; H only falls off."""
    t = get_tables()
    for a, b in (("A", "B"), ("D", "E"), ("F", "G")):
        assert t.panel(a) == t.panel(b)
    tables = {(t.panel(x), tuple(sorted(t.wear_targets(x).values()))) for x in "ABCDEFGH"}
    assert len(tables) == 5  # A/B and D/E both Wear, but A/B may bear away (1 MP) as well as luff (2 MP)
    assert t.panel("H") == ("fall_off",)
    assert "tack" in t.panel("F") and "tack" not in t.panel("C")


def test_3_2_hull_strength_firm_rerolls_ones_average_does_not() -> None:
    """3.2/11.4.7: the same defense dice [1, 5, 3]: a Firm hull re-rolls the 1 (to 6): 2 cancels; an Average
    hull keeps it: 1 cancel."""
    for strength, extra, cancels in (("firm", [6], 2), ("average", [], 1)):
        game = ready(a=(10, 12, 1), b=(14, 12, 1))
        java = game.state.ships["java"]
        java.card = java.card.model_copy(update={"hull_strength": strength})
        script(game, [1, 5, 3] + extra)
        gen = firing.roll_defense(game, game.state.ships["constitution"], java, 8, 3, [])
        try:
            next(gen)
            raise AssertionError("no request expected without Bridge Cards")
        except StopIteration as stop:
            assert stop.value == cancels, strength


def test_3_3_crew_quality_sets_reload_time() -> None:
    """3.3/11.7: better crews reload faster: Crack 6, Average 9, Green 12 impulses."""
    game = ready()
    ship = game.state.ships["constitution"]
    now = game.state.absolute_impulse
    for quality, time in (("crack", 6), ("average", 9), ("green", 12)):
        ship.quality = quality
        assert place_load(game.state, ship, "port_bow", "round") == now + time


def test_3_5_chasers_fire_once_then_reload_like_round_shot() -> None:
    """3.5/11.9: a loaded bow chaser fires, its box empties and a marker goes on the reload track."""
    game = ready(a=(10, 12, 3), b=(14, 12, 3))
    con, java = game.state.ships["constitution"], game.state.ships["java"]
    script(game, [6, 2])
    result = firing.roll_chasers(game, con, java, "bow")
    assert result.rigging == 1 and not con.chasers["bow"] and con.chasers["stern"]
    assert [e[1:4] for e in game.state.reload_track] == [("constitution", "bow", "round")]


def test_3_6_fighting_sail_halves_speed_rounding_up() -> None:
    """3.6/7.0 step 8: the sail state marker: Fighting Sail halves 7 to 4; Medium keeps 7."""
    game = ready()
    ship = game.state.ships["constitution"]
    ship.sail = "fighting"
    assert movement_rates.final_speed(ship, 5, 2, False) == 4
    ship.sail = "medium"
    assert movement_rates.final_speed(ship, 5, 2, False) == 7


def test_3_7_1_to_3_7_5_crew_task_tracks_bound_the_assignment() -> None:
    """3.7.1-3.7.5: Rigging Change 2, Sailing 1, Rigging Damage Control 2, Hull Damage Control 2 per
    section, Gunnery one per undamaged box."""
    game = ready()
    ship = game.state.ships["constitution"]
    ship.gunnery["port_bow"] -= 2
    lim = limits(ship)
    assert (lim["rigging_change"], lim["sailing"], lim["rigging_dc"]) == (2, 1, 2)  # 3.7.1, 3.7.2, 3.7.3
    assert lim["hull_dc"] == {s: 2 for s in SECTION_NAMES}  # 3.7.4
    assert lim["gunnery"]["port_bow"] == len(ship.card.gunnery["port_bow"]) - 2  # 3.7.5


def test_3_10_2_shot_boxes_show_the_load_to_its_owner_only() -> None:
    """3.10.2: the Loaded marker's type is on its reverse: the owner sees 'chain', the enemy only 'loaded'."""
    game = ready()
    game.state.ships["java"].loads["port_bow"] = "chain"
    assert game.view("gb")["ships"]["java"]["loads"]["port_bow"] == "chain"
    assert game.view("us")["ships"]["java"]["loads"]["port_bow"] is True


def test_11_4_3_a_rake_is_known_before_the_dice_are_rolled() -> None:
    """11.4.3/11.8: Constitution at (10,12) heading 3 (east); Java four squares north at (10,8) heading 5
    (south), straight toward her and perpendicular: a bow rake, known from the geometry before any die."""
    game = ready(a=(10, 12, 3), b=(10, 8, 5))
    line = firing.line_of_fire(game.state, game.state.ships["constitution"], game.state.ships["java"])
    assert line is not None and line.rake == "bow"
    assert set(line.hit) == {"port_bow", "starboard_bow"}


def test_21_0_several_ships_a_side_move_by_fractional_relativity() -> None:
    """21.0 / ruling R21.0: with three ships and 'standard' relativity, 7.0 uses 21.1, not the two-ship table."""
    game = duel(extra={"gb": [("guerriere", (20, 5, 5))]})
    drive(game, until=lambda g: g.state.segment == "select")
    state = game.state
    letters = {s.id: movement_rates.wind_position(state, s) for s in state.afloat()}
    assert movement_rates.base_movement(state) == movement_rates.fractional_relativity(state, state.afloat(),
                                                                                      letters)


def test_21_4_three_ship_president_vs_belvidera_plays_to_the_end() -> None:
    """21.4: President and Congress chase Belvidera under 21.1; the game runs to its tally."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "president-vs-belvidera-3-ship.json")
    assert [len(s.ships) for s in scenario.sides] == [2, 1] and scenario.options.relativity == "fractional"
    game = play_checked("president-vs-belvidera-3-ship.json", 21, 8)
    assert isinstance(game, Game) and game.events[-1]["type"] == "game_end"
