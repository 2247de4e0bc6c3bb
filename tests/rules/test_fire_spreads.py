"""The spreading fire option (`fire_spreads`, from the pirate game; ruling R17.1f): at 17.1, after every
ship has fought her own fire, each ship still On Fire threatens every other ship still fighting in her square
(9.2: point blank; grappled ships share a square) that is not burning, friend or enemy: that ship rolls one
die as for a fire check (11.5) and on a 1 she is On Fire. Off, nothing is rolled; whole games play and replay.

Constitution (us, crack: +1 at fire fighting) and Java (gb) share the square (12, 12). Every die is
scripted."""

from __future__ import annotations

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import housekeeping as hk
from cs_desktop.rules.fire_spread import spread_fire
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import dice_left, events_since, mark, ready, rolls_since, run, script

ON = {"fire_spreads": True}
SAME = (12, 12, 1)


def burning(options: dict[str, object] | None = None, b: tuple[int, int, int] = SAME, **kw: object) -> Game:
    game = ready(SAME, b, options=options, **kw)
    game.state.ships["constitution"].on_fire = True
    return game


def test_R17_1f_a_1_sets_the_ship_in_contact_on_fire_with_an_event_naming_the_rule() -> None:
    """Constitution fights her fire: [3] +1 = 4, nothing changes; Java, in her square, rolls [1]: On Fire."""
    game = burning(ON)
    script(game, [3, 1])
    start = mark(game)
    run(game, hk.fire_fighting(game))
    run(game, spread_fire(game))
    assert dice_left(game) == []
    fighting, spread = rolls_since(game, start)
    assert fighting["purpose"] == "fire fighting"
    assert spread["purpose"] == "fire check (spreading fire)" and spread["rule"] == "17.1"
    assert spread["side"] == "gb" and spread["ship"] == "java" and spread["source"] == "constitution"
    assert spread["ruling"] == "R17.1f"
    (caught,) = events_since(game, start, "fire_caught")
    assert caught["rule"] == "17.1" and "R17.1f" in caught["text"] and caught["ship"] == "java"
    assert game.state.ships["java"].on_fire


@pytest.mark.parametrize("die", [2, 3, 4, 5, 6])
def test_R17_1f_any_other_die_leaves_her_clear(die: int) -> None:
    game = burning(ON)
    script(game, [die])
    start = mark(game)
    run(game, spread_fire(game))
    assert dice_left(game) == [] and not game.state.ships["java"].on_fire
    assert not events_since(game, start, "fire_caught")


def test_R17_1f_housekeeping_spreads_after_fire_fighting_and_not_from_a_fire_put_out() -> None:
    """17.1 order: a fire put out ([4] +1 = 5) threatens nobody: no spread die at all. A fire not put out
    ([2] +1 = 3) is followed by Java's die [1] in the same housekeeping."""
    game = burning(ON)
    script(game, [4])
    run(game, hk.segment_housekeeping(game))
    assert dice_left(game) == [] and not game.state.ships["java"].on_fire
    game = burning(ON)
    script(game, [2, 1])
    start = mark(game)
    run(game, hk.segment_housekeeping(game))
    assert dice_left(game) == [] and game.state.ships["java"].on_fire
    purposes = [r["purpose"] for r in rolls_since(game, start)]
    assert purposes == ["fire fighting", "fire check (spreading fire)"]


def test_R17_1f_off_no_die_is_rolled() -> None:
    game = burning()
    script(game, [2])
    start = mark(game)
    run(game, hk.segment_housekeeping(game))
    assert dice_left(game) == [] and not game.state.ships["java"].on_fire
    assert not events_since(game, start, "fire_caught") and "fire_spreads" not in game.state.to_dict()


def test_R17_1f_only_ships_sharing_the_square_and_still_fighting() -> None:
    """Java one square away is not in contact: no die. A struck ship in the square (a hulk) is not rolled
    for; a friend in the square is (Congress, us): [6] for her, [1] for Java."""
    game = burning(ON, b=(13, 12, 1))
    script(game, [])
    run(game, spread_fire(game))
    assert not game.state.ships["java"].on_fire

    game = burning(ON, extra={"us": [("congress", (12, 12, 1))]})
    game.state.ships["congress"].x, game.state.ships["congress"].y = 12, 12
    script(game, [6, 1])
    start = mark(game)
    run(game, spread_fire(game))
    assert dice_left(game) == []
    assert [r["ship"] for r in rolls_since(game, start)] == ["congress", "java"]
    assert game.state.ships["java"].on_fire and not game.state.ships["congress"].on_fire

    game = burning(ON)
    game.state.ships["java"].struck = True
    script(game, [])
    run(game, spread_fire(game))
    assert not game.state.ships["java"].on_fire


def test_R17_1f_a_ship_set_alight_does_not_spread_in_the_same_step() -> None:
    """Constitution's fire: Congress [5] stays clear, Java [1] is alight; Java's new fire does not threaten
    Congress in this step (no third die)."""
    game = burning(ON, extra={"us": [("congress", (12, 12, 1))]})
    game.state.ships["congress"].x, game.state.ships["congress"].y = 12, 12
    script(game, [5, 1])
    run(game, spread_fire(game))
    assert dice_left(game) == []
    assert game.state.ships["java"].on_fire and not game.state.ships["congress"].on_fire


def test_R17_1f_the_fire_spreads_with_the_dice() -> None:
    """With the game's own seeded dice (no script): over 600 seeds Java is set alight exactly when her spread
    die is a 1, about one time in six, and the same seed always gives the same result."""
    from cs_desktop.rules.dice import Dice

    caught = 0
    for seed in range(600):
        game = burning(ON)
        game.state.dice = Dice(seed)
        start = mark(game)
        run(game, spread_fire(game))
        (die,) = rolls_since(game, start)
        assert game.state.ships["java"].on_fire == (die["dice"] == [1])
        caught += game.state.ships["java"].on_fire
        again = burning(ON)
        again.state.dice = Dice(seed)
        run(again, spread_fire(again))
        assert again.state.ships["java"].on_fire == game.state.ships["java"].on_fire
    assert 70 <= caught <= 130  # 100 expected; outside is a wrong threshold (1/6 +- 4 standard deviations)


@pytest.mark.parametrize("captains, seed", [(("random", "random"), 31), (("simple", "simple"), 32),
                                            (("simple", "random"), 33)])
def test_R17_1f_whole_games_play_to_the_end_and_replay(captains: tuple[str, str], seed: int) -> None:
    """Property: under the option random and simple captains play Constitution vs Java to the end without an
    exception; every spread follows a spread die of 1 of a ship not on fire; the game replays the same."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, seed, captains, {**ON, "turn_limit": 12})
    assert game.ended or game.state.turn >= 12
    spread_dice = [e for e in game.events if e["type"] == "roll" and e["purpose"] == "fire check (spreading fire)"]
    caught = [e for e in game.events if e["type"] == "fire_caught"]
    assert len(caught) == sum(1 for e in spread_dice if min(e["modified"]) <= 1)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
