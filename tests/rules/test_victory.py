"""18.0 Game End and 19.0 Victory Conditions."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules import victory

from tests.rules.fighting_kit import ready
from tests.rules.harness import drive, duel

# The test duel: Constitution (us) x1, bonus 0; Java (gb) x4, bonus 11 (ratings.victory_terms, 20.1).


def _tally(game: Any) -> dict[str, Any]:
    return victory.tally(game)


def test_19_0_vp_is_hits_times_multiplier_plus_the_weaker_ships_bonus() -> None:
    """19.0: us scores hull 3 + rigging 2 + crew 1 = 6 x1 = 6; gb scores rigging 2 x3.5 = 7 + bonus 11 = 18;
    gb wins by 12."""
    game = ready()
    j, c = game.state.ships["java"], game.state.ships["constitution"]
    j.gunnery["port_bow"] = 3
    j.rigging = 9
    j.crew = 15
    c.rigging = 14
    t = _tally(game)
    assert t["sides"]["us"]["hits"] == {"hull": 3, "rigging": 2, "crew": 1}
    assert (t["sides"]["us"]["vp"], t["sides"]["gb"]["vp"]) == (6, 18)
    assert t["winner"] == "gb" and t["decided_by"] == "victory points"


def test_19_0_repairs_take_vp_away() -> None:
    """19.0 note: a repaired box no longer counts: Java's rigging back from 9 to 10 -> us 1 hit."""
    game = ready()
    game.state.ships["java"].rigging = 10
    assert _tally(game)["sides"]["us"]["hits_total"] == 1


def test_19_0_a_margin_of_five_or_less_is_a_draw() -> None:
    """19.0: us 6 crew hits (6) vs gb 11: -5 -> draw; 5 hits (5 vs 11): -6 -> gb wins."""
    game = ready()
    game.state.ships["java"].crew = 10
    t = _tally(game)
    assert t["winner"] is None and "draw" in t["summary"]
    game.state.ships["java"].crew = 11
    assert _tally(game)["winner"] == "gb"


def test_19_0_struck_plus_five_captured_plus_ten() -> None:
    """19.0: Java struck -> us +5; Constitution captured -> gb +10."""
    game = ready()
    game.state.ships["java"].struck = True
    t = _tally(game)
    assert t["sides"]["us"]["vp"] == 5 and t["sides"]["us"]["struck"] == 1
    game.state.ships["java"].struck = False
    game.state.ships["constitution"].captured = True
    t = _tally(game)
    assert t["sides"]["gb"]["vp"] == 21 and t["sides"]["gb"]["captured"] == 1


def test_19_0_bid_option_adds_the_bid_to_the_opponent() -> None:
    """19.0 OPTION: us bids 3 VP -> gb adds 3 at the end (11 + 3 = 14)."""
    game = ready()
    options = game.scenario.options.model_copy(update={"bid": {"us": 3}})
    game.scenario = game.scenario.model_copy(update={"options": options})
    t = _tally(game)
    assert t["sides"]["gb"]["bid_received"] == 3 and t["sides"]["gb"]["vp"] == 14
    assert t["sides"]["us"]["vp"] == 0


def test_18_0_voluntary_strike_is_an_immediate_loss() -> None:
    """18.0: us strikes voluntarily mid-turn: the game ends at once, gb wins whatever the points."""
    game = ready()
    game.state.ships["java"].crew = 1  # us far ahead on points
    result = game.strike_colors("us")
    assert result and game.ended and game.pending == []
    end = game.events[-1]
    assert end["type"] == "game_end" and end["result"]["winner"] == "gb"
    assert end["result"]["decided_by"] == "voluntary strike"
    assert game.state.ships["constitution"].struck
    assert not game.submit("gb", {}) and not game.strike_colors("gb")


def test_18_0_end_game_records_the_reason_once() -> None:
    """18.0: end_game sets ended and the reason; a second end is ignored (one game_end event)."""
    game = ready()
    victory.end_game(game, "first")
    victory.end_game(game, "second")
    assert game.state.end_reason == "first"
    assert [e["type"] for e in game.events].count("game_end") == 1


def test_18_0_a_ship_that_cannot_stay_on_the_map_ends_the_game() -> None:
    """18.0/9.3: ships on opposite edges sailing apart: when one must leave and no shift keeps both on the map,
    the game ends."""
    game = duel(a=(0, 12, 7), b=(31, 12, 3), wind=5)
    drive(game, until=lambda g: g.ended or g.state.turn > 3)
    assert game.ended and "off the map" in game.state.end_reason
    assert game.events[-1]["type"] == "game_end"


def test_19_0_damage_a_ship_does_to_itself_is_not_scored_by_the_enemy() -> None:
    """19.0 / ruling R19.0: Java loses 2 rigging boxes Straining (16.0) and 1 hull box to a burst (11.4.9),
    then 1 rigging box to enemy fire (11.4.10): us scores 1 hit, not 4; a repair of 2 boxes leaves 0."""
    from cs_desktop.rules import damage

    game = ready()
    java = game.state.ships["java"]
    damage.rigging_hits(game, java, 2, "16.0")
    list(damage.gunnery_hit(game, java, "port_bow", "11.4.9"))
    damage.rigging_hits(game, java, 1, "11.4.10")
    t = _tally(game)
    assert t["sides"]["us"]["hits"] == {"hull": 1, "rigging": 3, "crew": 0}
    assert t["sides"]["us"]["self_inflicted"] == 3 and t["sides"]["us"]["hits_total"] == 1
    java.rigging += 2  # repairs: the card now shows 2 damaged boxes, all Java's own
    assert _tally(game)["sides"]["us"]["hits_total"] == 0
