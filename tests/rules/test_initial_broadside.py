"""The initial broadside option (`initial_broadside`, Captains Bold; ruling R11.4.5i): the first attack each
battery of a ship (the bow and aft sections of one side) fires in the battle takes +1 on every to-hit die
(11.4.5); then that battery has spent it. Off, nothing changes. The odds shown before a shot include it; which
batteries have fired is public, in every view; whole games play and replay with it.

Constitution (us, crack, Fair crew here so that no morale modifier hides the +1) at (10, 12) heading N; Java
4 squares east (8 MP, 4 defense dice) in her starboard arc. Every die is scripted."""

from __future__ import annotations

from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.judgment_view import scratch_state
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.cards import RulesOptions
from cs_desktop.rules.game import Game
from cs_desktop.rules.shot_odds import shot_odds
from cs_desktop.rules.state import FAIR
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import dice_left, events_since, man, mark, mods_of, ready, rolls_since, unload
from tests.rules.test_firing import shoot

ON = {"initial_broadside": True}
A, B = (10, 12, 1), (14, 12, 1)
FIRST_STARBOARD = "initial broadside of the starboard battery +1 (R11.4.5i)"


def fair_game(options: dict[str, Any] | None = None) -> Game:
    game = ready(A, B, options=options)
    unload(game, "java")
    game.state.ships["constitution"].morale = FAIR
    return game


def test_R11_4_5i_off_no_modifier_no_state_and_the_same_fingerprint() -> None:
    """Off: the first fire of the starboard battery takes no modifier ([4] misses, no defense roll); the state
    dict has no trace of the option, and `false` plays as left out."""
    game = fair_game()
    man(game, "constitution", starboard_bow=1)
    from tests.rules.fighting_kit import script

    script(game, [4])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high"})
    assert dice_left(game) == []
    r = rolls_since(game, start, "to-hit")[0]
    assert r["modifiers"] == [] and r["modified"] == [4]
    assert not events_since(game, start, "initial_broadside")
    data = game.state.to_dict()
    assert "initial_broadside" not in data and "batteries_fired" not in data
    assert fair_game().fingerprint() == fair_game({"initial_broadside": False}).fingerprint()


def test_R11_4_5i_first_broadside_of_a_battery_takes_plus_one_then_it_is_spent() -> None:
    """On: starboard bow fires first: [4] +1 -> 5, a hit (4 defense 6s cancel it); the battery is marked fired
    (event naming the ruling, public state). The starboard aft section firing later is the same battery: [4]
    stays 4, a miss. The port battery still has its own: [4] -> 5."""
    from tests.rules.fighting_kit import script

    game = fair_game(ON)
    man(game, "constitution", starboard_bow=1, starboard_aft=1, port_bow=1)
    script(game, [4, 6, 6, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high"})
    assert dice_left(game) == []
    r = rolls_since(game, start, "to-hit")[0]
    assert mods_of(r) == {FIRST_STARBOARD: 1} and r["modified"] == [5]
    (e,) = events_since(game, start, "initial_broadside")
    assert e["rule"] == "11.4.5" and "R11.4.5i" in e["text"] and e["battery"] == "starboard"
    assert game.state.batteries_fired == {"constitution": ["starboard"]}
    assert game.state.to_dict()["batteries_fired"] == {"constitution": ["starboard"]}

    script(game, [4])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_aft": "high"})
    r = rolls_since(game, start, "to-hit")[0]
    assert r["modifiers"] == [] and r["modified"] == [4] and dice_left(game) == []
    assert not events_since(game, start, "initial_broadside")

    # the port battery: put Java on the port side (4 squares west)
    java = game.state.ships["java"]
    java.x = 6
    game.state.smoke = {}  # the smoke of the earlier fire would add defense dice (11.4.6)
    script(game, [4, 6, 6, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"port_bow": "high"})
    r = rolls_since(game, start, "to-hit")[0]
    assert mods_of(r) == {"initial broadside of the port battery +1 (R11.4.5i)": 1} and r["modified"] == [5]
    assert game.state.batteries_fired == {"constitution": ["starboard", "port"]}


def test_R11_4_5i_a_split_first_broadside_gives_both_attacks_the_plus_one() -> None:
    """11.3 with R11.4.5i: bow High and aft Low in the same fire step are two attacks, both the battery's
    first broadside: each to-hit die +1 ([4] -> 5 and [4] -> 5; two defense dice each, [6, 6] cancel)."""
    from tests.rules.fighting_kit import script

    game = fair_game(ON)
    man(game, "constitution", starboard_bow=1, starboard_aft=1)
    script(game, [4, 6, 6, 4, 6, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "low"})
    assert dice_left(game) == []
    to_hits = rolls_since(game, start, "to-hit")
    assert [mods_of(r) for r in to_hits] == [{FIRST_STARBOARD: 1}] * 2
    assert len(events_since(game, start, "initial_broadside")) == 1


def test_R11_4_5i_chasers_neither_take_nor_spend_the_initial_broadside() -> None:
    """11.9: a chaser is not a battery: no modifier (chasers take none) and nothing marked fired."""
    from tests.rules.fighting_kit import script

    game = ready((10, 12, 3), (14, 12, 3), options=ON)  # Java dead ahead of Constitution: her bow chaser bears
    unload(game, "java")
    script(game, [3, 3])  # one die per bow section (R11.9)
    shoot(game, "us", "constitution", chaser="bow")
    assert game.state.batteries_fired == {} and dice_left(game) == []


def test_R11_4_5i_shot_odds_before_the_shot_include_the_plus_one() -> None:
    """The odds shown before the shot: to-hit modifier +1 and P(hit) 1/2 per die (5+ on d6+1) for the
    battery's first broadside, listed with its label; without the option, or once fired, 1/3 and no label."""
    on, off = fair_game(ON), fair_game()
    for game in (on, off):
        man(game, "constitution", starboard_bow=1)
    first = shot_odds(on.state, "constitution", "java", ["starboard_bow"], "high")["attacks"][0]
    assert first["to_hit_modifier"] == 1 and first["p_hit"] == pytest.approx(1 / 2)
    assert first["to_hit_modifiers"] == [[FIRST_STARBOARD, 1]]
    plain = shot_odds(off.state, "constitution", "java", ["starboard_bow"], "high")["attacks"][0]
    assert plain["to_hit_modifier"] == 0 and plain["p_hit"] == pytest.approx(1 / 3)
    assert "to_hit_modifiers" not in plain
    on.state.batteries_fired["constitution"] = ["starboard"]
    spent = shot_odds(on.state, "constitution", "java", ["starboard_bow"], "high")["attacks"][0]
    assert spent["to_hit_modifier"] == 0 and "to_hit_modifiers" not in spent


def test_R11_4_5i_both_sides_see_which_batteries_have_fired_and_the_captain_reads_it() -> None:
    """Public: both views carry the option and the fired batteries; the computer captain's scratch state
    (built from its side's view only) prices the same +1."""
    game = fair_game(ON)
    game.state.batteries_fired["constitution"] = ["starboard"]
    for side in ("us", "gb"):
        view = game.view(side, events=False)
        assert view["initial_broadside"] is True and view["batteries_fired"] == {"constitution": ["starboard"]}
        scratch = scratch_state(view, game.cards)
        assert scratch.initial_broadside and scratch.batteries_fired == {"constitution": ["starboard"]}
    clone = game.state.clone()
    clone.batteries_fired["constitution"].append("port")
    assert game.state.batteries_fired == {"constitution": ["starboard"]}  # copies do not share the record


def test_R11_4_5i_options_file_and_command_line() -> None:
    """The switches are written only when on or given (old files dump as before); `--option` takes them."""
    from cs_desktop.cli.commands import game_options

    assert RulesOptions().model_dump() == RulesOptions.model_validate({}).model_dump()
    for name in ("initial_broadside", "heavy_guns", "fire_spreads"):
        assert name not in RulesOptions().model_dump()
        assert RulesOptions.model_validate({name: True}).model_dump()[name] is True
        assert RulesOptions.model_validate({name: False}).model_dump()[name] is False
        assert game_options([f"{name}=true"], ["us", "gb"]) == {name: True}
    assert isinstance(game_options(["initial_broadside=3"], ["us", "gb"]), str)


@pytest.mark.parametrize("captains, seed", [(("random", "random"), 11), (("simple", "simple"), 12),
                                            (("simple", "random"), 13)])
def test_R11_4_5i_whole_games_play_to_the_end_and_replay(captains: tuple[str, str], seed: int) -> None:
    """Property: under the option random and simple captains play Constitution vs Java to the end without an
    exception; every first broadside of a battery is marked once, and the game replays to the same state."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    options = {**ON, "turn_limit": 10}
    game = play_game(scenario, ships, seed, captains, options)
    assert game.ended or game.state.turn >= 10
    marks = [(e["ship"], e["battery"]) for e in game.events if e["type"] == "initial_broadside"]
    assert len(marks) == len(set(marks))
    assert sorted(marks) == sorted((s, b) for s, bs in game.state.batteries_fired.items() for b in bs)
    bonus = [e for e in game.events if e["type"] == "roll" and any("R11.4.5i" in m[0] for m in e["modifiers"])]
    assert len(bonus) >= len(marks) > 0
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
