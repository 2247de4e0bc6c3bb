"""The heavy guns option (`heavy_guns`, Captains Bold; ruling R11.4.6h): a ship's guns are heavy against a
target whose main battery (the broadside long guns of the greatest number, in English pounds) throws a ball a
calibre lighter (6/5 or less of hers) -- "heavier than its opponent's", as the text designates them; then her
broadsides count the range 2 MP shorter for the defense dice (11.4.6) and for the +1 at 12 MP or more (11.4.7). Off, or between two heavy-gunned ships, nothing changes; the odds and the firing
picture shown before a shot count it; whole games play and replay with it.

Constitution (us, 30 long 24-pdrs: heavy) at (10, 12) heading N; Java (gb, 28 long 18-pdrs) east of her in
her starboard arc. Every die is scripted."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships, load_ship
from cs_desktop.rules import firing
from cs_desktop.rules.advice import firing_picture
from cs_desktop.rules.game import Game
from cs_desktop.rules.heavy_guns import heavier, main_battery_pounds
from cs_desktop.rules.shot_odds import shot_odds
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import dice_left, events_since, man, mark, mods_of, ready, rolls_since, script, unload
from tests.rules.test_firing import shoot

ON = {"heavy_guns": True}
A = (10, 12, 1)


def test_R11_4_6h_guns_are_heavier_against_an_opponent_a_calibre_lighter() -> None:
    """Captains Bold: heavy when "heavier than its opponent's". 24s against 18s, 18s against L'Insurgente's
    French 12s (12.96 lb); not 24s against 24s, not La Vengeance's French 18s (19.4 lb) against British 18s or
    the reverse, and never against Curlew or from her (carronades only: no long guns to compare)."""
    cards = {p.stem: load_ship(p) for p in sorted((SCENARIOS / "ships").glob("*.json"))}
    for firer, target, heavy in (("constitution", "java", True), ("java", "constitution", False),
                                 ("constitution", "united-states", False), ("shannon", "chesapeake", False),
                                 ("constellation-1800", "l-insurgente", True), ("la-vengeance", "shannon", False),
                                 ("shannon", "la-vengeance", False), ("constitution", "la-vengeance", True),
                                 ("constitution", "curlew", False), ("curlew", "l-insurgente", False)):
        assert heavier(cards[firer], cards[target]) is heavy, (firer, target)
    assert main_battery_pounds(cards["curlew"]) == 0
    assert main_battery_pounds(cards["constellation-1800"]) == 18
    assert main_battery_pounds(cards["la-vengeance"]) == Fraction(1944, 100)  # 18 livres


def test_R11_4_6h_defense_dice_count_the_range_2_mp_shorter_only_under_the_option() -> None:
    """8 MP: 4 defense dice off; on, Constitution's fire meets 3 (8 counted as 6, said in the reasons);
    Java's fire at Constitution meets 4 (her guns are not heavy); 2 MP: 1 die off, none on."""
    off, on = ready(A, (14, 12, 1)), ready(A, (14, 12, 1), options=ON)
    for game, expected in ((off, 4), (on, 3)):
        c, j = game.state.ships["constitution"], game.state.ships["java"]
        assert firing.defense_dice(game.state, c, j, 8)[0] == expected
        assert firing.defense_dice(game.state, j, c, 8)[0] == 4
    c, j = on.state.ships["constitution"], on.state.ships["java"]
    dice, why = firing.defense_dice(on.state, c, j, 8)
    assert why == ["heavy guns: 8 MP counted as 6 (R11.4.6h)", "6 MP / 2 = 3"]
    assert firing.defense_dice(on.state, c, j, 2) == (0, ["heavy guns: 2 MP counted as 0 (R11.4.6h)"])
    assert firing.defense_dice(off.state, off.state.ships["constitution"], off.state.ships["java"], 2)[0] == 1


def test_R11_4_6h_between_two_heavy_ships_nothing_changes() -> None:
    """Constitution against United States (both 24-pdr frigates): neither's guns are heavier, 4 dice at 8 MP."""
    game = ready(A, (14, 12, 1), ships=("constitution", "united-states"), options=ON)
    c, u = game.state.ships["constitution"], game.state.ships["united-states"]
    assert firing.defense_dice(game.state, c, u, 8)[0] == 4 and firing.defense_dice(game.state, u, c, 8)[0] == 4


def test_R11_4_6h_at_12_mp_heavy_guns_meet_fewer_dice_without_the_plus_one() -> None:
    """11.4.7 with R11.4.6h: Java 6 squares away (12 MP) counts as 10 MP: 5 defense dice and no +1:
    to-hit [6, 6] -> 2 hits; defense [4, 4, 5, 3, 3] -> 1 cancel (off: 6 dice, each +1, would cancel 2 of
    [4, 4, 3, 3, 3, 3])."""
    game = ready(A, (16, 12, 1), options=ON)
    unload(game, "java")
    man(game, "constitution", starboard_bow=2)
    script(game, [6, 6, 4, 4, 5, 3, 3, 6, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"})
    d = rolls_since(game, start, "defense")[0]
    assert mods_of(d) == {} and d["dice"] == [4, 4, 5, 3, 3]
    assert "heavy guns: 12 MP counted as 10 (R11.4.6h)" in d["why"]
    assert events_since(game, start, "cancels")[0]["cancels"] == 1
    assert events_since(game, start, "hits")[0]["hits"] == 1
    assert dice_left(game) == []


def test_R11_4_6h_off_the_same_shot_as_before() -> None:
    """Off, the 12 MP shot meets 6 dice each +1, exactly as 11.4.7 (test_firing)."""
    game = ready(A, (16, 12, 1))
    unload(game, "java")
    man(game, "constitution", starboard_bow=2)
    script(game, [6, 6, 4, 4, 3, 3, 3, 3])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"})
    d = rolls_since(game, start, "defense")[0]
    assert mods_of(d) == {"attacker 12 MP or more away +1": 1} and len(d["dice"]) == 6
    assert "heavy_guns" not in game.state.to_dict() and dice_left(game) == []


def test_R11_4_6h_odds_and_firing_picture_before_the_shot_count_it() -> None:
    """The odds shown before the shot use the shorter range (5 dice, no +1 at 12 MP); so does the firing
    picture; Java's odds against Constitution are unchanged."""
    on, off = ready(A, (16, 12, 1), options=ON), ready(A, (16, 12, 1))
    for game in (on, off):
        man(game, "constitution", starboard_bow=2)
    odds_on = shot_odds(on.state, "constitution", "java", ["starboard_bow"], "low")
    odds_off = shot_odds(off.state, "constitution", "java", ["starboard_bow"], "low")
    assert (odds_on["defense_dice"], odds_on["attacks"][0]["defense_modifier"]) == (5, 0)
    assert (odds_off["defense_dice"], odds_off["attacks"][0]["defense_modifier"]) == (6, 1)
    assert "heavy guns: 12 MP counted as 10 (R11.4.6h)" in odds_on["attacks"][0]["defense_why"]
    assert odds_on["expected_hits"] > odds_off["expected_hits"]
    (enemy,) = firing_picture(on.state, "constitution")["enemies"]
    assert (enemy["defense_dice"], enemy["defense_modifier"]) == (5, 0)
    (enemy,) = firing_picture(off.state, "constitution")["enemies"]
    assert (enemy["defense_dice"], enemy["defense_modifier"]) == (6, 1)
    (mine,) = firing_picture(on.state, "java")["enemies"]
    assert (mine["defense_dice"], mine["defense_modifier"]) == (6, 1)


@pytest.mark.parametrize("captains, seed", [(("random", "random"), 21), (("simple", "simple"), 22),
                                            (("random", "simple"), 23)])
def test_R11_4_6h_whole_games_play_to_the_end_and_replay(captains: tuple[str, str], seed: int) -> None:
    """Property: under the option random and simple captains play Constitution vs Java to the end without an
    exception, the option is in both views, and the game replays to the same state."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, seed, captains, {**ON, "turn_limit": 10})
    assert game.ended or game.state.turn >= 10
    assert all(game.view(side, events=False)["heavy_guns"] is True for side in ("us", "gb"))
    heavy = [e for e in game.events if e["type"] == "roll" and e["purpose"] == "defense"
             and any("R11.4.6h" in w for w in e.get("why", []))]
    assert heavy and all(e["side"] == "gb" for e in heavy)  # only Java defends against heavier guns
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
    assert json.loads(json.dumps(game.save_data()))["options"]["heavy_guns"] is True  # recorded in the game
