"""The variable wind switch (`variable_wind`, issue 14; rulings R17.8a-R17.8e): at the end of every third
turn's Housekeeping a die of the game's decides whether the wind shifts (5-6), a second die which way (1-3
veers, 4-6 backs), one point. Off, nothing is rolled and nothing changes; every game plays as before."""

from __future__ import annotations

from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import wind_change
from cs_desktop.rules.cards import RulesOptions
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.movement_rates import wind_position

from tests.rules.harness import at, drive, duel, events_of
from tests.rules.sailing_kit import fix_speeds, hold_still
from tests.rules.test_properties import check_invariants

WIND = {"variable_wind": True}


def _wind_rolls(game: Game) -> list[dict[str, Any]]:
    return [e for e in game.events if e["type"] == "roll" and str(e["rule"]).startswith("R17.8")]


def _scripted(monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> None:
    """The wind dice come up `faces` (still recorded as roll events); every other die is the game's."""
    real = wind_change._die
    queue = list(faces)

    def die(g: Game, purpose: str, rule: str) -> int:
        real(g, purpose, rule)  # draws from the game's dice and records the roll
        g.events[-1]["dice"] = g.events[-1]["modified"] = [queue[0]]
        return queue.pop(0)

    monkeypatch.setattr(wind_change, "_die", die)


def _still(monkeypatch: pytest.MonkeyPatch, **kw: Any) -> Game:
    """A duel in which neither ship moves (speed 0, a Back Sail held), so it lasts to its turn limit."""
    fix_speeds(monkeypatch, {"constitution": 0, "java": 0})
    game = duel(**kw)
    hold_still(game, "constitution", "java")
    return game


def test_R17_8e_switch_off_rolls_nothing_and_the_wind_never_changes(monkeypatch) -> None:
    """Off (the default): nine turns, no wind roll, no wind event, the wind the scenario's; the state dict and
    the scenario options do not mention the switch (old files and pinned games dump the same)."""
    game = _still(monkeypatch, wind=5, options={"turn_limit": 9})
    drive(game)
    assert game.ended and game.state.turn == 9
    assert not _wind_rolls(game) and not events_of(game, "wind") and not events_of(game, "wind_holds")
    assert game.state.wind == 5 and not game.state.variable_wind
    assert "variable_wind" not in game.state.to_dict() and "variable_wind" not in game.view("us")
    assert "variable_wind" not in RulesOptions().model_dump()
    assert RulesOptions(variable_wind=False).model_dump()["variable_wind"] is False  # said, so kept
    assert RulesOptions.model_validate({"variable_wind": True}).variable_wind


def test_R17_8a_wind_checked_at_the_end_of_every_third_turn_after_the_bridge_card(monkeypatch) -> None:
    """On: one wind-change roll at the end of turns 3, 6 and 9, in Housekeeping (impulse 14) after the 17.7
    Bridge Card draw and before the next turn begins; none at the end of the last turn (the game is over)."""
    game = _still(monkeypatch, wind=5, seed=3, options={"turn_limit": 12, "bridge_cards": True, **WIND})
    drive(game)
    assert game.ended and game.state.turn == 12
    checks = [e for e in _wind_rolls(game) if e["rule"] == "R17.8a"]
    assert [e["turn"] for e in checks] == [3, 6, 9]
    for e in checks:
        assert e["impulse"] == 14 and e["side"] is None and e["ship"] is None and len(e["dice"]) == 1
        draw = max(x["n"] for x in game.events[:e["n"]] if x["rule"] == "17.7")  # the card drawn before it
        assert game.events[draw]["turn"] == e["turn"]
        assert all(x["rule"] in ("17.7", "1.7.1", "1.7.2") for x in game.events[draw:e["n"]])
        after = game.events[e["n"] + 1:]
        assert next(x for x in after if x["rule"] != "R17.8a" and x["rule"] != "R17.8b")["type"] == "turn"
        assert next(x for x in after if x["type"] == "turn")["turn"] == e["turn"] + 1
    assert game.state.to_dict()["variable_wind"] is True and game.view("gb")["variable_wind"] is True


@pytest.mark.parametrize("faces, wind, event", [([5, 1], 6, "veers"), ([6, 3], 6, "veers"), ([5, 4], 4, "backs"),
                                                ([6, 6], 4, "backs")])
def test_R17_8b_wind_shifts_one_point_on_a_5_or_6_veering_on_1_to_3(monkeypatch, faces, wind, event) -> None:
    """A 5 or 6 shifts the wind one point: the second die veers it (1-3, the heading it blows toward + 1) or
    backs it (4-6, - 1). The event says so in words."""
    _scripted(monkeypatch, faces)
    game = _still(monkeypatch, wind=5, options={"turn_limit": 4, **WIND})
    drive(game, until=lambda g: g.state.turn == 4)
    (shift,) = events_of(game, "wind")
    assert game.state.wind == wind and shift["wind"] == wind and shift["before"] == 5 and shift["rule"] == "R17.8b"
    assert shift["text"].startswith(f"the wind {event} one point: it now blows toward heading {wind}")
    assert [e["dice"] for e in _wind_rolls(game)] == [[faces[0]], [faces[1]]]
    assert [e["purpose"] for e in _wind_rolls(game)] == ["wind change (5-6 shifts the wind)",
                                                           "wind shift (1-3 veers, 4-6 backs)"]


@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_R17_8b_wind_holds_on_1_to_4_with_one_die(monkeypatch, face) -> None:
    _scripted(monkeypatch, [face])
    game = _still(monkeypatch, wind=2, options={"turn_limit": 4, **WIND})
    drive(game, until=lambda g: g.state.turn == 4)
    assert game.state.wind == 2 and not events_of(game, "wind")
    (holds,) = events_of(game, "wind_holds")
    assert holds["text"] == "the wind holds: it still blows toward heading 2 (north-east), from the south-west"
    assert len(_wind_rolls(game)) == 1


def test_R17_8b_shifts_happen_with_the_games_own_dice_one_point_each_the_same_for_a_seed(monkeypatch) -> None:
    """Unscripted: over a few seeds the game's dice both veer and back the wind, every shift is one point from
    the wind before it, about one check in three shifts, and a game played again from its seed is the same
    (the replay of whole games: the captains' test below)."""
    shifts = {"veer": 0, "back": 0}
    checks = 0
    for seed in range(8):
        game = _still(monkeypatch, wind=5, seed=seed, options={"turn_limit": 19, **WIND})
        drive(game)
        wind = 5
        for e in game.events:
            if e["type"] == "wind":
                assert e["before"] == wind and e["wind"] == wind_change.shifted(wind, e["shift"] == "veer")
                wind = e["wind"]
                shifts[e["shift"]] += 1
        assert game.state.wind == wind
        checks += sum(e["rule"] == "R17.8a" for e in _wind_rolls(game))
        again = _still(monkeypatch, wind=5, seed=seed, options={"turn_limit": 19, **WIND})
        assert drive(again).fingerprint() == game.fingerprint()
    assert checks == 8 * 6 and shifts["veer"] and shifts["back"]
    assert 6 <= shifts["veer"] + shifts["back"] <= 30


def test_R17_8d_a_shift_into_the_bows_leaves_her_in_irons_next_turn(monkeypatch) -> None:
    """Everything reads the new wind: Constitution heads 2 close-hauled (F) with the wind toward 5; it veers
    to 6 at the end of turn 1 (the check made every turn here), so in turn 2 she is In Irons (H) -- speed 0,
    her held maneuver lost, the H table's Fall Off her only choice (R9.1.4) -- and the views and the wind
    positions show the new wind."""
    monkeypatch.setattr(wind_change, "CHECK_EVERY", 1)
    _scripted(monkeypatch, [5, 2])
    game = _still(monkeypatch, a=(10, 12, 2), b=(22, 12, 7), wind=5, options={"turn_limit": 3, **WIND})
    con = game.state.ships["constitution"]
    assert wind_position(game.state, con) == "F"
    drive(game, until=at("select_maneuver"))
    assert game.state.turn == 2 and game.state.wind == 6 and con.heading == 2
    assert wind_position(game.state, con) == "H"
    assert game.view("us")["wind"] == game.view("gb")["wind"] == 6
    movement = [e for e in game.events if e["turn"] == 2 and e["rule"] == "7.0" and e.get("ship") == "constitution"]
    assert movement and "In Irons" in movement[-1]["text"] and con.speed == 0
    request = game.pending_for("us")
    assert request is not None and request.ships is not None
    assert {o["maneuver"] for o in request.ships["constitution"]} == {"fall_off"}


def test_R17_8c_wind_speed_is_not_in_the_state_or_the_events(monkeypatch) -> None:
    """Only the direction changes: no wind speed is rolled, kept or shown."""
    game = _still(monkeypatch, seed=4, options={"turn_limit": 7, **WIND})
    drive(game)
    assert not any("speed" in str(e.get("purpose", "")) for e in _wind_rolls(game))
    assert not any(k for k in game.state.to_dict() if "wind" in k and k not in ("wind", "variable_wind"))


def _other_dice(game: Game, seed: int) -> Game:
    """A copy of `game` whose dice to come are drawn from another seed (at its checkpoint too, so its own
    copies keep them): the same public history, another future."""
    variant = game.clone()
    variant.state.dice = Dice(seed, game.state.dice.counter)
    if variant._checkpoint is not None:
        base = variant._checkpoint[0]
        base.dice = Dice(seed, base.dice.counter)
    if variant._step is not None:  # the state kept at the segment's last step (shared with `game`: replaced)
        kept, n_events = variant._step
        kept = kept.clone()
        kept.dice = Dice(seed, kept.dice.counter)
        variant._step = (kept, n_events)
    return variant


def _wind_after_turn_3(game: Game) -> int:
    played = game.clone()
    drive(played, until=lambda g: g.state.turn == 4)
    return played.state.wind


def test_R17_8d_the_captains_inputs_do_not_know_the_wind_to_come(monkeypatch) -> None:
    """Turn 3, crew assignment: the wind roll at the end of the turn is a die to come, hidden. A game whose dice
    to come are others, so that played on its wind at the end of turn 3 differs from the true game's, gives the
    same view, the same determinized copies and the same captains' answers."""
    game = _still(monkeypatch, wind=5, seed=2, options={"turn_limit": 6, **WIND})
    drive(game, until=lambda g: g.state.turn == 3 and at("assign_crew", "us")(g))
    side = "us"
    truth = _wind_after_turn_3(game)
    assert _wind_after_turn_3(_other_dice(game, game.seed)) == truth  # the copy is exact: same seed, same wind
    variant = next((v for v in (_other_dice(game, 1000 + k) for k in range(60))
                    if _wind_after_turn_3(v) != truth), None)
    assert variant is not None, "no other dice changed the wind at the end of turn 3"
    assert variant.view(side) == game.view(side)
    a, b = determinize(game, side, Dice(9)), determinize(variant, side, Dice(9))
    assert a.fingerprint() == b.fingerprint() and _wind_after_turn_3(a) == _wind_after_turn_3(b)
    request, other = game.pending_for(side), variant.pending_for(side)
    assert request is not None and other is not None
    for name in ("simple", "judgment"):
        assert make_captain(name, 5).choose(Seat(game, request)) == make_captain(name, 5).choose(Seat(variant, other))


def _play(name: str, seed: int, captains: tuple[str, str], options: dict[str, Any]) -> Game:
    scenario, ships = load_scenario_with_ships(SCENARIOS / name)
    game = Game(scenario, ships, seed, options)
    seats = {s.id: make_captain(captains[i], seed + i) for i, s in enumerate(scenario.sides)}
    while game.pending:
        check_invariants(game)
        request = game.pending[0]
        assert game.submit(request.side, seats[request.side].choose(Seat(game, request)))
    return game


@pytest.mark.parametrize("name, seed, captains", [
    ("constitution-vs-java.json", 1, ("random", "simple")),
    ("constitution-vs-java.json", 6, ("simple", "random")),
    ("constitution-vs-guerriere.json", 2, ("simple", "random")),
    ("constitution-vs-guerriere.json", 7, ("random", "simple")),
    ("president-vs-belvidera-3-ship.json", 3, ("simple", "simple")),
    ("president-vs-belvidera-3-ship.json", 8, ("random", "random")),
    ("chesapeake-vs-shannon.json", 4, ("random", "random")),
    ("chesapeake-vs-shannon.json", 9, ("simple", "simple")),
])
def test_R17_8a_random_and_simple_captains_play_to_the_end_under_the_switch(name, seed, captains) -> None:
    """Whole games with the switch on (Bridge Cards on, so their wind shifts mix in): no exception, every
    invariant after every decision, the wind checked every third turn, and an exact replay."""
    game = _play(name, seed, captains, {"turn_limit": 15, **WIND})
    assert game.ended and game.state.variable_wind
    checks = [e["turn"] for e in _wind_rolls(game) if e["rule"] == "R17.8a"]
    assert checks == list(range(3, game.state.turn, 3))  # not in the turn the game ended
    wind = game.scenario.wind
    for e in events_of(game, "wind"):  # R17.8b and the Bridge Cards (1.7.1) alike: one point at a time
        assert e["wind"] in (wind_change.shifted(wind, True), wind_change.shifted(wind, False)), e
        wind = e["wind"]
    assert wind == game.state.wind
    assert game.view("us" if "us" in game.state.sides else next(iter(game.state.sides)))["wind"] == game.state.wind
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


@pytest.mark.parametrize("options, on", [({"variable_wind": True}, True), ({}, False)])
def test_R17_8e_the_switch_is_recorded_in_the_saved_game(tmp_path, options, on) -> None:
    """A game under the switch saves it among its options and loads to the same game (same winds); a game
    without it writes nothing about it."""
    from cs_desktop.formats.savegame import load_game, save_game

    game = _play("constitution-vs-java.json", 1, ("random", "simple"), {"turn_limit": 7, **options})
    path = save_game(game, tmp_path / "wind.csgame")
    assert ('"variable_wind": true' in path.read_text(encoding="utf-8")) is on
    assert ("variable_wind" in path.read_text(encoding="utf-8")) is on
    loaded = load_game(path).game
    assert loaded.state.variable_wind is on and loaded.fingerprint() == game.fingerprint()


def test_R17_8e_simulate_option_plays_under_the_switch(monkeypatch, capsys) -> None:
    """`captains-sea simulate --option variable_wind=true` plays its games under the switch; a bad value is
    refused with the field."""
    from cs_desktop.batch import simulate
    from cs_desktop.cli.main import main

    played: list[Game] = []
    real = simulate.play_game

    def spy(*args: Any, **kw: Any) -> Game:
        played.append(real(*args, **kw))
        return played[-1]

    monkeypatch.setattr(simulate, "play_game", spy)
    args = ["simulate", "--scenario", str(SCENARIOS / "constitution-vs-java.json"), "--games", "2", "--json"]
    assert main([*args, "--option", "variable_wind=true", "--turn-limit", "8"]) == 0
    assert len(played) == 2 and all(g.state.variable_wind for g in played)
    assert any(g.state.turn > 3 for g in played) and all(_wind_rolls(g) for g in played if g.state.turn > 3)
    capsys.readouterr()
    assert main([*args, "--option", "variable_wind=often"]) == 2
    assert "--option variable_wind: expected true or false" in capsys.readouterr().err
