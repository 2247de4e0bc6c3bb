"""More than two sides in one battle (issue 14; rulings R6.0a-R6.0c, R18.0q-R18.0s, R19.0h, R20.1m, R21.1a):
initiative order, the order of everything done "the Non-Initiative Player first", the end of the battle, the
victory points each side scores, the 20.1 terms for three sides, and what each side may know."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.cards import Scenario
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.ratings import victory_terms
from cs_desktop.rules.terms_sides import terms_for_sides
from cs_desktop.rules.victory import tally
from cs_desktop.rules.victory_sides import share

from tests.rules.harness import at, drive, events_of, ship_card
from tests.rules.sailing_kit import next_dice

THREE = SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json"


def three_sides(positions: dict[str, tuple[int, int, int]] | None = None, *, options: dict[str, Any] | None = None,
                qualities: dict[str, str | None] | None = None, seed: int = 0) -> Game:
    """Sides us (constitution), gb (java) and fr (la-vengeance), one ship each, Average crews, wind 5, fleet
    rules on."""
    pos = {"us": (10, 12, 3), "gb": (22, 12, 7), "fr": (16, 4, 5)}
    pos.update(positions or {})
    ships = {"us": "constitution", "gb": "java", "fr": "la-vengeance"}
    cards = {sid: ship_card(sid) for sid in ships.values()}
    scenario = Scenario.model_validate({
        "id": "test-three", "title": "Test three sides", "date": "1812-01-01", "engagement": "meeting", "wind": 5,
        "sides": [{"id": side, "name": side.upper(), "nation": side.upper(), "ships": [
            {"ship": ships[side], "start": list(pos[side][:2]), "heading": pos[side][2],
             "crew_quality": (qualities or {}).get(side, "average")}]} for side in ("us", "gb", "fr")],
        "options": {"relativity": "fractional", "fleet_rules": True},
    })
    opts = {"bridge_cards": False, "bonus_cards": False}
    opts.update(options or {})
    return Game(scenario, cards, seed, opts)


def roll_initiative(game: Game, dice: list[int]) -> Game:
    turn = game.state.turn + 1 if game.state.segment != "setup" else 1
    drive(game, until=lambda g: g.state.turn == turn and at("assign_crew")(g))
    next_dice(game, dice)
    drive(game, until=lambda g: any(e["type"] == "initiative" and e["turn"] == turn for e in g.events))
    return game


# ------------------------------------------------------------------------------------------------ 6.0
def test_6_0_R6_0a_three_sides_every_side_rolls_and_the_totals_order_the_sides_lowest_first():
    game = roll_initiative(three_sides(), [2, 5, 3])  # us 2, gb 5, fr 3
    assert game.state.initiative == "gb"
    assert game.state.initiative_order() == ["us", "fr", "gb"] and game.state.nip() == "us"
    (order,) = events_of(game, "initiative_order")
    assert order["order"] == ["us", "fr", "gb"] and order["rule"] == "6.0"
    assert game.state.sides["gb"].initiative_streak == 1 and game.state.sides["us"].initiative_streak == 0
    assert game.state.ranks_above("fr", "us") and not game.state.ranks_above("us", "fr")


def test_6_0_R6_0a_any_tie_is_rolled_again_by_every_side():
    game = roll_initiative(three_sides(), [4, 6, 4, 1, 2, 3])  # us and fr tie below gb: all roll again
    rolls = [e for e in events_of(game, "roll") if e["purpose"].startswith("initiative")]
    assert [e["side"] for e in rolls] == ["us", "gb", "fr", "us", "gb", "fr"]
    assert rolls[3]["purpose"] == "initiative re-roll (tie)"
    assert len(events_of(game, "tie")) == 1
    assert game.state.initiative_order() == ["us", "gb", "fr"]


def test_6_0_R6_0a_a_side_with_nothing_left_fighting_rolls_no_more_and_stands_lowest():
    game = three_sides()
    drive(game, until=at("assign_crew"))
    game.state.ships["java"].escaped = True  # gb is beaten (and the battle goes on)
    drive(game, until=lambda g: g.state.turn == 2 and at("assign_crew")(g))
    next_dice(game, [6, 1])  # us 6, fr 1
    drive(game, until=lambda g: any(e["type"] == "initiative" and e["turn"] == 2 for e in g.events))
    rolls = [e for e in events_of(game, "roll") if e["purpose"].startswith("initiative") and e["turn"] == 2]
    assert [e["side"] for e in rolls] == ["us", "fr"]
    assert game.state.initiative_order() == ["gb", "fr", "us"]


# ------------------------------------------------------------------------------------------------ 11.0
def test_11_0_R6_0a_fire_is_announced_up_the_initiative_order():
    """All three ships within range of each other: the fire requests come lowest side first."""
    game = three_sides({"us": (14, 12, 1), "gb": (18, 12, 1), "fr": (16, 9, 3)})
    roll_initiative(game, [3, 1, 6])  # us 3, gb 1, fr 6: order gb, us, fr
    assert game.state.initiative_order() == ["gb", "us", "fr"]
    asked: list[str] = []

    def fire(g: Game, r: Any) -> dict[str, Any]:
        asked.append(r.side)
        return {s: opts[0] for s, opts in (r.ships or {}).items()}

    drive(game, until=lambda g: len(asked) >= 3 or g.state.turn > 1, policy={"fire": fire})
    assert asked[:3] == ["gb", "us", "fr"]


# ------------------------------------------------------------------------------------------------ 9.0
def test_9_0_R6_0c_the_highest_side_completing_maneuvers_chooses_the_direction_along_the_order(monkeypatch):
    from tests.rules.sailing_kit import fix_speeds

    fix_speeds(monkeypatch, {"constitution": 4, "java": 4, "la-vengeance": 4})
    game = three_sides({"us": (8, 12, 3), "gb": (24, 12, 7), "fr": (16, 4, 5)})
    roll_initiative(game, [5, 1, 3])  # order gb, fr, us: us is the Initiative Player
    seen: list[Any] = []

    def order(g: Game, r: Any) -> str:
        seen.append(r)
        return "non_initiative_first"

    drive(game, until=lambda g: bool(seen) and not any(r.kind == "move_order" for r in g.pending),
          policy={"move_order": order})
    request = seen[0]
    up = request.info["order"]
    assert request.side == up[-1] and request.rule == "8.0"  # the highest of the movers chooses
    assert up == [s for s in game.state.initiative_order() if s in up] and len(up) >= 2
    n = next(e["n"] for e in game.events if e["type"] == "reveal")  # revealed together, then moved in order

    def moved(g: Game) -> list[str]:
        return [g.state.ships[e["ship"]].side for e in g.events[n:] if e["type"] in ("move", "turn", "back_sail")]

    drive(game, until=lambda g: len(moved(g)) >= len(up))
    assert moved(game)[: len(up)] == up  # "non_initiative_first": up the order, the lowest first


# ------------------------------------------------------------------------------------------------ 18.0, 19.0
def test_18_0_R18_0r_a_beaten_side_is_out_and_the_battle_ends_when_one_side_is_left():
    from cs_desktop.rules.fleet_end import end_if_beaten

    game = three_sides()
    drive(game, until=at("assign_crew"))
    game.state.ships["java"].struck = True
    end_if_beaten(game, "gb", "test")
    assert not game.state.ended
    (beaten,) = events_of(game, "side_beaten")
    assert beaten["side"] == "gb" and beaten["ruling"] == "R18.0r"
    game.state.ships["la-vengeance"].escaped = True
    end_if_beaten(game, "fr", "test")
    assert game.state.ended and events_of(game, "game_end")


def test_19_0_R19_0h_damage_is_shared_in_proportion_to_the_boxes_each_side_did():
    assert share(10, {"us": 2, "fr": 1}, ["us", "fr"]) == {"us": 7, "fr": 3}  # 6.67 and 3.33
    assert share(3, {"us": 1, "fr": 1}, ["us", "fr"]) == {"us": 1, "fr": 2}  # remainder tie: higher in order
    assert share(5, {"us": 0, "fr": 0}, ["us", "fr"]) == {"us": 0, "fr": 0}  # nobody recorded: nobody's


def test_19_0_R19_0h_R18_0s_R18_0q_each_side_scores_what_it_did():
    game = three_sides()
    drive(game, until=at("assign_crew"))
    state = game.state
    java = state.ships["java"]
    java.rigging -= 4
    state.credit_hits("java", "us", 3)
    state.credit_hits("java", "fr", 1)
    java.struck = True
    vengeance = state.ships["la-vengeance"]
    vengeance.captured = True
    state.captors["la-vengeance"] = "gb"
    result = tally(game)
    terms = victory_terms(game.scenario, game.cards)
    us, fr, gb = (result["sides"][s] for s in ("us", "fr", "gb"))
    assert us["hits_total"] == 3 and fr["hits_total"] == 1 and gb["hits_total"] == 0
    assert us["struck"] == 1 and fr["struck"] == 0  # R18.0s: the most boxes on her
    assert gb["captured"] == 1 and us["captured"] == 0  # R18.0q: her captor alone
    assert us["vp"] == round(3 * terms.side("us").multiplier + 5 + terms.side("us").bonus, 2)
    assert gb["vp"] == round(10 + terms.side("gb").bonus, 2)
    assert result["placing"][0] == max(("us", "fr", "gb"), key=lambda s: result["sides"][s]["vp"])


def test_18_0_R19_0h_a_voluntary_strike_loses_and_the_others_are_placed_by_victory_points():
    game = three_sides()
    drive(game, until=at("assign_crew"))
    assert game.strike_colors("fr")
    result = events_of(game, "game_end")[-1]["result"]
    assert "fr" not in result["placing"] and result["winner"] != "fr"


def test_18_0_R18_0q_a_prize_is_held_by_her_captor():
    from cs_desktop.rules.prize_crews import holder

    game = three_sides(options={"prize_crews": True})
    game.state.captors["java"] = "fr"
    game.state.ships["java"].captured = True
    assert holder(game.state, game.state.ships["java"]) == "fr"


# ------------------------------------------------------------------------------------------------ 20.1, 21.3
def test_20_1_R20_1m_three_sides_each_is_measured_against_the_best_of_the_others():
    scenario, cards = load_scenario_with_ships(THREE)
    terms = victory_terms(scenario, cards)
    fp = {t.side: t.fp for t in terms.sides}
    dc = {t.side: t.dc for t in terms.sides}
    for t in terms.sides:
        assert t.computed_bonus == max(dc.values()) - t.dc
    best = max(fp, key=lambda s: (fp[s], -len(s)))
    assert min(t.multiplier for t in terms.sides) == 1
    assert any("the highest" in s.text for s in terms.steps) and fp[best] == max(fp.values())


@pytest.mark.parametrize("name", ["constitution-vs-java.json", "constellation-vs-insurgente.json",
                                  "president-vs-belvidera-3-ship.json", "congress-vs-curlew.json"])
def test_20_1_R20_1m_with_two_sides_the_n_side_terms_are_the_written_ones(name):
    scenario, cards = load_scenario_with_ships(SCENARIOS / name)
    written = victory_terms(scenario, cards)
    steps = [s for s in written.steps if s.rule in ("20.1", "21.3") and "FP " in s.text and "CR " in s.text]
    fp = {t.side: t.fp for t in written.sides}
    from fractions import Fraction

    cr = {t.side: Fraction(t.cr) for t in written.sides}
    dc = {t.side: t.dc for t in written.sides}
    general = terms_for_sides(scenario, list(steps), fp, cr, dc)
    for a, b in zip(written.sides, general.sides, strict=True):
        assert (a.side, a.multiplier, a.bonus, a.bid_points) == (b.side, b.multiplier, b.bonus, b.bid_points)


def test_2_0_a_scenario_has_two_to_four_sides():
    scenario, _ = load_scenario_with_ships(THREE)
    data = scenario.model_dump()
    data["options"]["bid"] = {}  # its bid names its own sides, which these copies rename
    side = dict(data["sides"][0])
    for n in (1, 5):
        sides = [dict(side, id=f"s{i}") for i in range(n)]
        with pytest.raises(ValidationError):
            Scenario.model_validate(dict(data, sides=sides, weather_gauge=None))
    four = [dict(side, id=f"s{i}") for i in range(4)]
    assert len(Scenario.model_validate(dict(data, sides=four, weather_gauge=None)).sides) == 4


# ------------------------------------------------------------------------------------------------ 21.1
def test_21_1_R21_1a_three_ships_of_three_sides_take_fractional_relativity():
    from cs_desktop.rules.movement_rates import base_movement

    game = roll_initiative(three_sides(), [2, 5, 3])
    base = base_movement(game.state)
    assert set(base) == {"constitution", "java", "la-vengeance"}
    assert min(v for v in base.values()) == 0  # 21.1: the slowest positive speed is taken from every ship


# ------------------------------------------------------------------------------------------------ views
def _hidden_state_changed(game: Game, side: str) -> None:
    """Change what `side` keeps hidden: its hand, its loads, its unrevealed maneuver, the strain amount."""
    state = game.state
    hand = state.sides[side].hand
    assert hand, "bridge cards are on: every side holds cards"
    state.sides[side].hand = [c for c in state.deck[: len(hand)]]
    for ship in state.ships_of(side):
        ship.loads = {k: ("double" if v == "round" else "round") if v is not None else None
                      for k, v in ship.loads.items()}
        if ship.maneuver is not None and not ship.maneuver.get("revealed"):
            ship.maneuver = {"maneuver": "turn", "points": 1, "revealed": False}


def test_views_a_third_side_sees_nothing_more_when_another_side_hides_something_else():
    """BRIEF 3: us's view does not change when fr's or gb's hidden state changes (hand, loads, maneuver)."""
    game = three_sides(options={"bridge_cards": True})
    drive(game, until=at("select_maneuver"))
    for other in ("fr", "gb"):
        before = game.view("us")
        copy = game.clone()
        _hidden_state_changed(copy, other)
        after = copy.view("us")
        assert after == before, other
        assert copy.view(other) != game.view(other)


def test_views_determinized_copies_of_a_three_sided_game_match_the_view():
    game = three_sides(options={"bridge_cards": True})
    drive(game, until=lambda g: g.state.turn == 2 and at("select_maneuver")(g))
    for side in ("us", "gb", "fr"):
        copy = determinize(game, side, Dice(3))
        assert copy.view(side, events=False) == game.view(side, events=False)


def test_two_sided_state_dict_has_no_many_sides_fields():
    from tests.rules.harness import duel

    game = duel()
    drive(game, until=at("select_maneuver"))
    assert not {"order", "hits_by", "captors"} & set(game.state.to_dict())
    three = three_sides()
    drive(three, until=at("select_maneuver"))
    assert {"order", "hits_by", "captors"} <= set(three.state.to_dict())


def test_a_three_sided_game_saves_and_loads_to_the_same_fingerprint():
    from cs_desktop.ai.random_policy import RandomCaptain
    from cs_desktop.ai.seat import Seat
    from cs_desktop.formats.savegame import game_from_save, parse_save, save_text

    scenario, ships = load_scenario_with_ships(THREE)
    game = Game(scenario, ships, 9, {"turn_limit": 4})
    captains = {s.id: RandomCaptain(i) for i, s in enumerate(scenario.sides)}
    while game.pending and game.state.turn < 3:
        r = game.pending[0]
        assert game.submit(r.side, captains[r.side].choose(Seat(game, r)))
    loaded = game_from_save(parse_save(save_text(game)))
    again = loaded.game if hasattr(loaded, "game") else loaded
    assert again.fingerprint() == game.fingerprint()


def test_19_0_R19_0h_reach_counts_every_enemy_of_every_other_side():
    from cs_desktop.rules.ratings import damage_capacity
    from cs_desktop.rules.winnable import cannot_win, reach

    scenario, cards = load_scenario_with_ships(THREE)
    r = reach(scenario, cards)
    dc = {s.id: sum(damage_capacity(cards[e.ship_id]) for e in s.ships) for s in scenario.sides}
    for side in scenario.sides:
        assert r[side.id].enemy_boxes == sum(v for k, v in dc.items() if k != side.id)
        assert r[side.id].captures == sum(len(s.ships) for s in scenario.sides if s.id != side.id)
    assert cannot_win(scenario, cards) == []


def test_12_0_R6_0b_between_two_ships_of_sides_below_the_initiative_the_higher_side_acts_first():
    from cs_desktop.rules.grappling import grapple_step

    game = roll_initiative(three_sides(), [2, 5, 3])  # order us, fr, gb
    state = game.state
    us, fr = state.ships["constitution"], state.ships["la-vengeance"]
    fr.x, fr.y = us.x, us.y  # alongside each other; gb's Java far away
    requests = next(grapple_step(game))
    assert [(r.kind, r.side, r.info["ship"]) for r in requests] == [("grapple", "fr", "la-vengeance")]


def test_7_0_R6_0b_R21_1a_a_pairing_of_two_sides_below_the_initiative_reads_the_ip_column_for_the_higher():
    from cs_desktop.rules.movement_rates import _pair, wind_position
    from cs_desktop.rules.tables import get_tables

    game = roll_initiative(three_sides(), [2, 5, 3])  # order us, fr, gb
    state = game.state
    us, fr = state.ships["constitution"], state.ships["la-vengeance"]
    letters = {s.id: wind_position(state, s) for s in (us, fr)}
    fr_mp, us_mp = get_tables().base_mp(letters[fr.id], letters[us.id])
    assert us.heading != fr.heading  # not step 1's same heading and letter
    assert _pair(state, us, fr, letters) == {fr.id: fr_mp, us.id: us_mp}
    assert _pair(state, fr, us, letters) == {fr.id: fr_mp, us.id: us_mp}


def test_the_balance_lab_refuses_a_three_sided_scenario_with_a_reason():
    from cs_desktop.balance.job import JobError, scenario_pairing

    scenario, cards = load_scenario_with_ships(THREE)
    with pytest.raises(JobError, match="3 sides: the balance lab measures two-sided scenarios"):
        scenario_pairing(scenario, cards)


def test_17_4_R6_0a_ships_of_two_of_three_sides_strike_in_one_step_and_the_event_counts_them() -> None:
    """17.4 with three sides: when ships of more than one side strike in the same step the results are ignored
    (as for two), and the event says how many sides struck instead of 'both sides'."""
    from tests.rules.fighting_kit import events_since
    from tests.rules.test_housekeeping import strike_in_one_step

    game = three_sides()
    start = strike_in_one_step(game, ["constitution", "java"], [1, 2])
    assert not any(s.struck for s in game.state.ships.values()) and not game.state.ended
    [event] = events_since(game, start, "both_strike")
    assert event["text"] == "ships of 2 sides strike in the same step: the results are ignored"
