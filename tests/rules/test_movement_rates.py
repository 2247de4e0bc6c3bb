"""7.0 Determining Movement Rates, steps 1-8; 17.5 halving after a Disengagement; 21.1 Fractional and 21.2
Zero Relativity.

Wind 5 (heading -> wind position: 2 F, 3 D, 4 A, 5 C, 6 B, 7 E, 8 G). Dice are set at the crew assignment:
initiative die for us, for gb, then the Hull Bonus dice in ship order (Constitution, Java, ...).
Constitution: Fast hull, Crack crew; Java: Average hull, Average crew. Hull Bonus table (docs/rules-data.md):
average 0..8 -> 0,0,1,1,2,2,3,3,3; fast -> 0,1,1,2,2,3,3,3,3."""

from __future__ import annotations

import random
from pathlib import Path

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.rules.movement_rates import _pair, fractional_relativity, wind_position

from tests.rules.harness import at, drive, duel, events_of

from tests.rules.sailing_kit import fix_speeds, next_dice

ROOT = Path(__file__).resolve().parents[2]


def test_21_1_fractional_relativity_three_ships():
    """21.1: Constitution A (heading 4) vs Java F (heading 2) and Guerriere C (heading 5). The best pairing
    is Constitution vs Java (A vs F: 9/3): Constitution 9. The last two are set normally (F vs C: 8/10):
    Java 8, Guerriere 10. Then all lose the slowest positive speed (8): 1, 0, 2."""
    game, got = speeds((10, 12, 4), (22, 14, 2), [6, 1, 1, 1, 1], extra={"gb": [("guerriere", (20, 5, 5))]})
    assert {k: v[0] for k, v in got.items()} == {"constitution": 1, "java": 0, "guerriere": 2}


def _21_1_as_written(state, ships, letters):
    """21.1 read directly: every round weighs every open pairing of two ships (of different sides while both
    have ships left) and sets aside the ship the best one favours, ties by ship order; the last two are
    paired normally; then the slowest positive speed of a ship not In Irons is taken away."""
    remaining, speeds = list(ships), {}
    while len(remaining) > 2:
        mixed = len({s.side for s in remaining}) > 1
        pairs = [(_pair(state, a, b, letters)[a.id], -i, -j, a) for i, a in enumerate(remaining)
                 for j, b in enumerate(remaining) if i != j and not (mixed and a.side == b.side)]
        mp, _, _, fastest = max(pairs, key=lambda p: p[:3])
        speeds[fastest.id] = mp
        remaining.remove(fastest)
    speeds.update(_pair(state, remaining[0], remaining[1], letters))
    positive = [speeds[s.id] for s in ships if speeds[s.id] > 0 and letters[s.id] != "H"]
    floor = min(positive) if positive else 0
    return {s.id: max(0, speeds[s.id] - floor) for s in ships}


def test_21_1_fractional_relativity_is_the_rule_as_written_for_fleets_in_any_position():
    """The 21.1 procedure (`fractional_relativity`, which keeps each ship's pairings sorted so as not to weigh
    every pair again each round) gives the speeds of the rule read directly, for 3 to 24 ships at any headings,
    two sides (either with the initiative) and three (in any initiative order), one side often left alone."""
    rng = random.Random(21)
    checked = 0
    for name in ("frigate-fleets-12-a-side.json", "three-flags-off-guadeloupe.json"):
        scenario, cards = load_scenario_with_ships(ROOT / "scenarios" / "fleets" / name)
        for trial in range(60):
            state = Game(scenario, cards, trial, {"turn_limit": 2}).state
            for ship in state.ships.values():
                ship.heading = rng.randint(1, 8)
            sides = list(state.sides)
            rng.shuffle(sides)
            if len(sides) > 2:
                state.order = sides
            else:
                state.initiative = sides[0]
            chosen = rng.sample(list(state.ships.values()), rng.randint(3, len(state.ships)))
            letters = {s.id: wind_position(state, s) for s in chosen}
            assert fractional_relativity(state, chosen, letters) == _21_1_as_written(state, chosen, letters)
            checked += 1
    assert checked == 120


def speeds(a, b, dice, *, extra=None, qualities=(None, None), relativity="standard", con=None, halve=()):
    """A duel at wind 5 driven to turn 1's crew assignment; Constitution's state gets `con` (e.g. sail,
    rigging), `halve` ships are marked halved after a disengagement (17.5); the next dice are `dice`
    (initiative us, gb, then Hull Bonus dice in ship order). Returns the game at the first maneuver
    selection and {ship: (base, bonus, speed)} from the 7.0 speed events."""
    game = duel(a=a, b=b, wind=5, extra=extra, qualities=qualities, relativity=relativity)
    drive(game, until=at("assign_crew"))
    for key, value in (con or {}).items():
        setattr(game.state.ships["constitution"], key, value)
    game.state.halve_next_turn = list(halve)
    next_dice(game, dice)
    drive(game, until=at("select_maneuver"))
    got = {e["ship"]: (e["base"], e["bonus"], e["speed"]) for e in events_of(game, "speed") if e["turn"] == 1}
    return game, got


def hull_rolls(game):
    return {e["ship"]: (e["dice"], e["modifiers"], e["modified"]) for e in events_of(game, "roll")
            if e["purpose"] == "hull bonus"}


def test_7_0_step_1_same_heading_gives_no_base_movement_but_the_hull_bonus_is_still_rolled():
    """7.0 step 1, steps 4-7: both heading 3 (D): base 0/0; Hull Bonus: Constitution (Fast, Crack) 3+1 = 4
    -> 2, Java (Average) 4 -> 2: speeds 2 and 2."""
    game, got = speeds((10, 12, 3), (10, 16, 3), [6, 1, 3, 4])
    assert got == {"constitution": (0, 2, 2), "java": (0, 2, 2)}
    assert hull_rolls(game) == {"constitution": ([3], [["Crack crew +1", 1]], [4]), "java": ([4], [], [4])}


def test_7_0_steps_2_3_column_is_the_initiative_player_row_the_non_initiative_player():
    """7.0 steps 2-3: us (Crack 6+1) beats gb (1); column A (Constitution, heading 4), row F (Java,
    heading 2): 9/3. Hull dice 1 (+1 = 2, Fast -> 1) and 1 (Average -> 0): speeds 10 and 3."""
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 1, 1])
    assert game.state.initiative == "us"
    assert got == {"constitution": (9, 1, 10), "java": (3, 0, 3)}


def test_7_0_step_3_the_other_cell_is_read_when_the_other_side_has_the_initiative():
    """7.0 step 3: the same ships, gb wins the initiative (1+1 = 2 v 6): column F (Java), row A
    (Constitution): cell 3/9, the Initiative Player's number first: Java 3, Constitution 9."""
    from cs_desktop.rules.tables import get_tables

    assert get_tables().base_mp("F", "A") == (3, 9)
    game, got = speeds((10, 12, 4), (22, 12, 2), [1, 6, 1, 1])
    assert game.state.initiative == "gb"
    assert got == {"constitution": (9, 1, 10), "java": (3, 0, 3)}


def test_7_0_step_5_green_crew_subtracts_one_from_the_hull_bonus_roll():
    """7.0 step 5: Green Constitution rolls 3 - 1 = 2 on the Fast column -> 1: A v F, speed 9 + 1 = 10."""
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 3, 1], qualities=("green", None))
    assert hull_rolls(game)["constitution"] == ([3], [["Green crew -1", -1]], [2])
    assert got["constitution"] == (9, 1, 10)


def test_7_0_step_8_medium_sail_is_not_halved():
    """7.0 steps 7-8: Medium Sail, A v F: 9 + Hull Bonus (2+1 = 3 -> 2) = 11, not halved."""
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 2, 1])
    assert got["constitution"] == (9, 2, 11)


def test_7_0_step_8_fighting_sail_halves_rounding_up():
    """7.0 step 8 / 1.9: Fighting Sail, 9 + 2 = 11 -> 5.5 rounded up to 6; Java (Medium) keeps 3."""
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 2, 1], con={"sail": "fighting"})
    assert got == {"constitution": (9, 2, 6), "java": (3, 0, 3)}
    assert game.state.ships["constitution"].speed == 6


def test_7_0_step_8_dismasted_divides_by_four_once_not_also_by_two():
    """7.0 step 8, ruling R7.0.8: dismasted (rigging 0) at Fighting Sail: 11 / 4 rounded up = 3, not
    (11 / 2 -> 6) / 4 -> 2."""
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 2, 1], con={"sail": "fighting", "rigging": 0})
    assert got["constitution"] == (9, 2, 3)


def test_17_5_speed_halved_the_turn_after_disengaging():
    """17.5 / 7.0: Constitution marked halved after a disengagement: Medium 11 -> 6; at Fighting Sail
    11 -> 6 -> 3; Java unaffected; the mark is used up."""
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 2, 1], halve=["constitution"])
    assert got == {"constitution": (9, 2, 6), "java": (3, 0, 3)}
    assert game.state.halve_next_turn == []
    game, got = speeds((10, 12, 4), (22, 12, 2), [6, 1, 2, 1], halve=["constitution"], con={"sail": "fighting"})
    assert got["constitution"] == (9, 2, 3)


def test_7_0_step_8_speed_6_activates_in_impulses_2_4_6_8_10_12(monkeypatch):
    """7.0 step 8 / 1.4: speed 6 is listed in boxes 2, 4, ..., 12; Constitution at speed 6 Advancing east
    (2 MP each) completes in impulses 4, 8 and 12: (10,12) -> (13,12)."""
    from cs_desktop.rules.tables import get_tables

    assert [i for i in range(1, 13) if get_tables().track.activations(6, i)] == [2, 4, 6, 8, 10, 12]
    fix_speeds(monkeypatch, {"constitution": 6, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7))
    drive(game, until=lambda g: g.state.segment == "melee" or g.state.turn == 2)
    moves = [(e["impulse"], tuple(e["square"])) for e in events_of(game, "move") if e["ship"] == "constitution"]
    assert moves == [(4, (11, 12)), (8, (12, 12)), (12, (13, 12))]


def test_21_2_zero_relativity_uses_the_fixed_schedule():
    """21.2: Zero Relativity: C (heading 5) 7 and E (heading 7) 5 whatever the other ship; Hull Bonus
    still added (Constitution 1+1 -> 1, Java 6 -> 3): speeds 8 and 8."""
    game, got = speeds((10, 12, 5), (22, 12, 7), [6, 1, 1, 6], relativity="zero")
    assert got == {"constitution": (7, 1, 8), "java": (5, 3, 8)}


def test_7_0_step_5_cards_of_a_side_of_two_ships_modify_the_ship_they_were_discarded_for():
    """7.0 step 5 with 1.7.3 (multi-ship, 21.0): gb sails Java and Guerriere. Each ship's Hull Bonus roll is
    offered the cards on its own (NIP first, all before any die); a card discarded for Java gives Java's die
    +1 and Guerriere's none (the second offer must not overwrite the first)."""
    game = duel(a=(10, 12, 4), b=(22, 14, 2), wind=5, extra={"gb": [("guerriere", (20, 5, 5))]},
                options={"bonus_cards": True})
    drive(game, until=at("assign_crew"))
    game.state.sides["gb"].hand = ["lucky-roll#1", "lucky-roll#2"]
    offers = []

    def cards(g, r):
        offers.append((r.side, r.info["purpose"]))
        return [r.info["hand"][0]] if "Java" in r.info["purpose"] else []

    drive(game, until=at("select_maneuver"), policy={"bonus_cards": cards})
    assert [p for s, p in offers if s == "gb" and p.startswith("hull bonus")] == [
        "hull bonus for Java", "hull bonus for Guerriere"]
    got = {e["ship"]: e["card_bonus"] for e in events_of(game, "roll") if e["purpose"] == "hull bonus"}
    assert got == {"constitution": [0], "java": [1], "guerriere": [0]}
    assert game.state.sides["gb"].hand == ["lucky-roll#2"]
