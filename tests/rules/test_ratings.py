"""Ratings and victory terms: 20.1 (FP, CR, WG, HO, DC), 21.3 (several ships a side), 19.0 (bid option).

Each test: the rule, the setup, the expected terms.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships, load_ship
from cs_desktop.rules.cards import Gun, Scenario, ShipCard
from cs_desktop.rules.ratings import (
    broadside_weight,
    build_gunnery,
    crew_points_for,
    crew_rating,
    damage_capacity,
    firepower,
    red_boxes_for,
    round_half_up,
    victory_terms,
)

SCEN = cs_desktop.SCENARIOS
SHIPS = SCEN / "ships"


def ship(name: str) -> ShipCard:
    return load_ship(SHIPS / f"{name}.json")


def scenario(a: str, b: str, *, engagement: str = "meeting", wg: str | None = None, winner: str | None = None,
             qa: str | None = None, qb: str | None = None, **extra: object) -> Scenario:
    def entry(ship_id: str, start: str, q: str | None) -> dict[str, object]:
        d: dict[str, object] = {"ship": ship_id, "start": start, "heading": 3}
        if q:
            d["crew_quality"] = q
        return d

    starts = ("A", "B") if engagement == "meeting" else ("C", "D")
    return Scenario.model_validate({
        "id": "what-if", "title": "What if", "date": "1812-01-01", "engagement": engagement, "wind": 3,
        "sides": [{"id": "a", "name": "Side A", "nation": "US", "ships": [entry(a, starts[0], qa)]},
                  {"id": "b", "name": "Side B", "nation": "GB", "ships": [entry(b, starts[1], qb)]}],
        "weather_gauge": wg, "historical_outcome": {"winner": winner}, **extra,
    })


def cards(*names: str) -> dict[str, ShipCard]:
    return {n: ship(n) for n in names}


# ------------------------------------------------------------------------------------------- FP, CR, DC


def test_20_1_firepower_from_broadside_weight() -> None:
    # Constitution at the Java action: 15 x 24 + 12 x 32 = 744 lb -> (744 - 375) / 100 = 3.69 -> 4
    assert broadside_weight(ship("constitution")) == 744
    assert firepower(ship("constitution")) == 4
    # Java, December 1812: 14 x 18 + 9 x 32 = 540 lb -> 1.65 -> 2 (the long 12s are chase guns)
    assert broadside_weight(ship("java")) == 540
    assert firepower(ship("java")) == 2


def test_20_1_firepower_never_below_zero_R20_1l() -> None:
    assert firepower(ship("curlew")) == 0  # 8 x 32 = 256 lb -> -1.19, floored at 0


def test_20_1_firepower_tells_a_300_lb_ship_from_a_400_lb_one_R20_1l() -> None:
    # the old floor of 1 rated Constellation (396 lb) and L'Insurgente (305 lb) alike; now 0 and 0 still, but a
    # ship of 425 lb or more outrates both -- and the calibrated scale keeps the 20.1 example's 4 and 2
    assert firepower(ship("constellation-1799")) == 0
    assert firepower(ship("belvidera")) == 1  # 467 lb -> 0.92 -> 1
    assert firepower(ship("president")) == 4  # 822 lb -> 4.47 -> 4


def test_20_1_firepower_counts_french_livres_heavier() -> None:
    # La Vengeance: (14 x 18 + 8 x 12 + 4 x 42) livres x 1.08 = 557.28 lb -> 1.82 -> 2
    assert float(broadside_weight(ship("la-vengeance"))) == pytest.approx(557.28)
    assert firepower(ship("la-vengeance")) == 2


def test_20_1_firepower_without_armament_uses_gunnery_tracks() -> None:
    card = ship("java").model_copy(update={"armament": []})
    # port sections' top boxes: bow (4 long, 2 carronades), aft (4, 3) -> 4 x 32 + 2 x 64 + 4 x 32 + 3 x 64 = 576 lb -> 2
    assert broadside_weight(card) == 576
    assert firepower(card) == 2


def test_20_1_crew_rating_from_quality_in_half_points_R20_1l() -> None:
    card = ship("constitution")
    assert crew_rating(card, "green") == 1
    assert crew_rating(card, "average") == 1.5
    assert crew_rating(card, "crack") == 2
    assert crew_rating(card, None) == 2  # historical: crack


def test_20_1_damage_capacity_counts_every_box() -> None:
    card = ship("curlew")
    hull = sum(len(t) for t in card.gunnery.values())
    assert damage_capacity(card) == card.crew_points + card.rigging_points + hull == 5 + 4 + 8


# ------------------------------------------------------------------------------------------- 20.1


def test_20_1_constitution_java_example() -> None:
    """20.1 example, as VP arithmetic: FP 4 vs 2, the same CR (the example's assumption, given here as two
    average crews), Java has the WG, Constitution won: x1 and x3."""
    t = victory_terms(scenario("constitution", "java", wg="b", winner="a", qa="average", qb="average"),
                      cards("constitution", "java"))
    us, gb = t.side("a"), t.side("b")
    assert (us.fp, gb.fp) == (4, 2)
    assert us.cr == gb.cr
    assert us.multiplier == 1
    assert gb.multiplier == 3
    rules = [step.rule for step in t.steps]
    assert "20.1" in rules
    texts = " ".join(step.text for step in t.steps)
    assert "WG" in texts and "HO" in texts


def test_20_1_the_shipped_constitution_vs_java_gives_the_examples_x1_and_x3() -> None:
    """20.1 example and 2.0 ("Crew Quality in the box stipulated by the scenario"), ruling R20.1a (issue 31,
    item 3): the shipped scenario follows the example of this very duel, where both ships "share the same CR":
    it stipulates Constitution average (her card's record is crack) beside Java's average, in play and in the
    terms: FP 4 and 2, Java to windward, Constitution the historical winner, x1 and x3."""
    from cs_desktop.rules.game import Game

    s, ships = load_scenario_with_ships(SCEN / "constitution-vs-java.json")
    stipulated = {ss.ship_id: ss.crew_quality for side in s.sides for ss in side.ships}
    assert stipulated == {"constitution": "average", "java": None}
    assert ships["constitution"].historical_crew_quality == "crack"  # the record, kept on the card
    terms = victory_terms(s, ships)
    us, gb = terms.side("us"), terms.side("gb")
    assert (us.fp, gb.fp, us.cr, gb.cr) == (4, 2, 1.5, 1.5)
    assert s.weather_gauge == "gb" and s.historical_outcome.winner == "us"
    assert (us.multiplier, gb.multiplier) == (1, 3)
    assert not us.overridden and not gb.overridden  # computed by 20.1, not printed over it
    game = Game(s, ships, 1, {})
    assert game.state.ships["constitution"].quality == game.state.ships["java"].quality == "average"


def test_20_1_equal_ships_both_x1_without_wg_or_ho() -> None:
    t = victory_terms(scenario("java", "java"), cards("java"))
    assert [s.multiplier for s in t.sides] == [1, 1]
    assert [s.bonus for s in t.sides] == [0, 0]


def test_20_1_weather_gauge_half_point_to_the_other_side() -> None:
    t = victory_terms(scenario("java", "java", wg="a"), cards("java"))
    assert (t.side("a").multiplier, t.side("b").multiplier) == (1, 1.5)


def test_20_1_weather_gauge_only_in_meeting_engagements() -> None:
    t = victory_terms(scenario("java", "java", engagement="chase", wg="a"), cards("java"))
    assert (t.side("a").multiplier, t.side("b").multiplier) == (1, 1)
    assert any("Chase" in s.text for s in t.steps)


def test_20_1_historical_loser_gets_half_point() -> None:
    t = victory_terms(scenario("java", "java", winner="b"), cards("java"))
    assert (t.side("a").multiplier, t.side("b").multiplier) == (1.5, 1)


def test_20_1_crew_rating_difference_to_lower_side() -> None:
    t = victory_terms(scenario("java", "java", qa="green", qb="crack"), cards("java"))
    assert (t.side("a").cr, t.side("b").cr) == (1, 2)
    assert (t.side("a").multiplier, t.side("b").multiplier) == (2, 1)


def test_20_1_lower_total_subtracted_so_one_side_is_x1() -> None:
    # FP: Guerriere +2; CR crack vs average: Guerriere +0.5; WG to Constitution: Guerriere +0.5; HO: +0.5
    s, ships = load_scenario_with_ships(SCEN / "constitution-vs-guerriere.json")
    t = victory_terms(s, ships)
    assert (t.side("us").multiplier, t.side("gb").multiplier) == (1, 4.5)
    # Chesapeake has the WG (Shannon +0.5) and lost (Chesapeake +0.5); FP 2 vs 1 (Shannon +1); CR green 1 vs
    # crack 2 (Chesapeake +1): totals 1.5 each, both x1
    s, ships = load_scenario_with_ships(SCEN / "chesapeake-vs-shannon.json")
    t = victory_terms(s, ships)
    assert (t.side("us").multiplier, t.side("gb").multiplier) == (1, 1)
    assert min(x.multiplier for x in t.sides) == 1


def test_20_1_dc_bonus_to_lower_capacity() -> None:
    t = victory_terms(scenario("constitution", "curlew"), cards("constitution", "curlew"))
    dc_a, dc_b = damage_capacity(ship("constitution")), damage_capacity(ship("curlew"))
    assert t.side("b").bonus == dc_a - dc_b
    assert t.side("a").bonus == 0


def test_20_1_dc_equal_no_bonus() -> None:
    t = victory_terms(scenario("galatea", "belvidera"), cards("galatea", "belvidera"))
    assert damage_capacity(ship("galatea")) == damage_capacity(ship("belvidera"))
    assert [s.bonus for s in t.sides] == [0, 0]


def test_20_0_scenario_override_replaces_computed_terms() -> None:
    s = scenario("java", "java", victory_override={"b": {"multiplier": 2.5, "bonus": 7}})
    t = victory_terms(s, cards("java"))
    b = t.side("b")
    assert (b.multiplier, b.bonus, b.overridden) == (2.5, 7, True)
    assert (b.computed_multiplier, b.computed_bonus) == (1, 0)
    assert t.side("a").overridden is False
    assert any(step.rule == "20.0" for step in t.steps)


def test_19_0_bid_option_grants_points_to_the_opponent() -> None:
    t = victory_terms(scenario("java", "java", options={"bid": {"a": 4}}), cards("java"))
    assert (t.side("a").bid_points, t.side("b").bid_points) == (0, 4)


# ------------------------------------------------------------------------------------------- 21.3


def test_21_3_sums_ratings_per_side() -> None:
    s, ships = load_scenario_with_ships(SCEN / "president-vs-belvidera-3-ship.json")
    t = victory_terms(s, ships)
    us, gb = t.side("us"), t.side("gb")
    pres, cong, belv = ship("president"), ship("congress"), ship("belvidera")
    assert us.fp == firepower(pres) + firepower(cong)
    assert us.cr == crew_rating(pres) + crew_rating(cong)
    assert us.dc == damage_capacity(pres) + damage_capacity(cong)
    assert gb.fp == firepower(belv)
    # FP 6 vs 1: Belvidera +5; CR 3 vs 2: Belvidera +1; chase: no WG; Belvidera won: US +0.5
    assert (us.multiplier, gb.multiplier) == (1, 6.5)
    assert gb.bonus == us.dc - gb.dc
    assert any(step.rule == "21.3" for step in t.steps)


# ------------------------------------------------------------------------------------------- card building


def test_card_building_round_half_up() -> None:
    assert [round_half_up(x) for x in (0.5, 1.5, 2.49, -0.5)] == [1, 2, 2, 0]


def test_card_building_gunnery_tracks_cumulative_and_symmetric() -> None:
    tracks = build_gunnery([Gun(count=30, pounds=24, kind="long"), Gun(count=22, pounds=32, kind="carronade")])
    assert tracks["port_bow"] == tracks["starboard_bow"] and tracks["port_aft"] == tracks["starboard_aft"]
    for track in tracks.values():
        assert all(a.long <= b.long and a.carronades <= b.carronades for a, b in zip(track, track[1:]))
        assert all(box.long + box.carronades >= 1 for box in track)
        assert 2 <= track[-1].long + track[-1].carronades <= 10


@pytest.mark.parametrize("path", sorted(SHIPS.glob("*.json")), ids=lambda p: p.stem)
def test_card_building_shipped_cards_follow_the_documented_rules(path: Path) -> None:
    card = load_ship(path)
    assert card.gunnery == build_gunnery(card.armament, card.nation)
    assert card.complement is not None
    assert card.crew_points == crew_points_for(card.complement)
    assert card.crew_red_boxes == red_boxes_for(card.crew_points)
    assert card.chasers == {"bow": 1, "stern": 1}
    assert card.sources
