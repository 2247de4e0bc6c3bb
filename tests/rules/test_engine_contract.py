"""BRIEF §3, the engine contract: pending decisions, seeded dice, views, replay, undo, refusals."""

from __future__ import annotations

import json

import pytest

from cs_desktop.ai.seat import Seat
from cs_desktop.ai.random_policy import RandomCaptain, play_out
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop import SCENARIOS
from cs_desktop.rules.game import Game

from tests.rules.harness import answer, at, drive, duel, full_gunnery


def _random_game(seed: int, decisions: int | None = None) -> Game:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = Game(scenario, ships, seed)
    captains = {s.id: RandomCaptain(seed * 10 + i) for i, s in enumerate(scenario.sides)}
    if decisions is None:
        return play_out(game, captains)
    for _ in range(decisions):
        if not game.pending:
            break
        r = game.pending[0]
        answer(game, r.side, captains[r.side].choose(Seat(game, r)))
    return game


def test_setup_waits_for_both_sides_at_once() -> None:
    game = duel()
    kinds = sorted((r.kind, r.side) for r in game.pending)
    assert kinds == [("setup", "gb"), ("setup", "us")]


def test_replay_rebuilds_the_same_state_byte_for_byte() -> None:
    game = _random_game(3)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions)
    assert again.fingerprint() == game.fingerprint()
    assert game.ended


def test_same_seed_same_game_other_seed_other_game() -> None:
    a = _random_game(5, 300)
    b = _random_game(5, 300)
    c = _random_game(6, 300)
    assert a.fingerprint() == b.fingerprint()
    assert a.fingerprint() != c.fingerprint()


def test_clone_mid_segment_continues_identically() -> None:
    game = _random_game(8, 150)
    copy = game.clone()
    assert copy.fingerprint() == game.fingerprint()
    captains = {s: RandomCaptain(99) for s in game.state.sides}
    captains2 = {s: RandomCaptain(99) for s in game.state.sides}
    play_out(game, captains)
    play_out(copy, captains2)
    assert copy.fingerprint() == game.fingerprint()


def test_clone_is_independent() -> None:
    game = _random_game(9, 60)
    before = game.fingerprint()
    copy = game.clone()
    play_out(copy, {s: RandomCaptain(1) for s in game.state.sides})
    assert game.fingerprint() == before


def test_every_roll_is_an_event_naming_its_rule() -> None:
    game = _random_game(4)
    rolls = [e for e in game.events if e["type"] == "roll"]
    assert rolls
    for e in rolls:
        assert e["rule"][0].isdigit() and e["dice"] and all(1 <= d <= 6 for d in e["dice"])
    made = [e for e in rolls if " -> " in e["text"]]  # roll_now's (a chaser's roll is written by firing)
    assert made
    for e in made:
        assert e["text"] == f"{e['purpose']}: {e['dice']} -> {e['modified']}"
        assert list(e)[:7] == ["side", "ship", "purpose", "dice", "modifiers", "card_bonus", "modified"]
        assert list(e)[-6:] == ["n", "turn", "impulse", "type", "rule", "text"]  # as every event made by emit


def test_illegal_answer_is_refused_with_its_rule_and_changes_nothing() -> None:
    game = duel()
    before = game.fingerprint()
    refusal = game.submit("us", {"constitution": {"sail": "full", "loads": {}}})
    assert not refusal and refusal.rule == "2.0"
    assert game.fingerprint() == before
    refusal = game.submit("nobody", {})
    assert not refusal and game.fingerprint() == before


def test_5_0_over_assignment_is_refused_citing_5_0() -> None:
    game = duel()
    drive(game, until=at("assign_crew"))
    request = game.pending_for("us")
    assert request is not None
    good = full_gunnery(game, request)["constitution"]
    good["rigging_dc"] = 2
    good["sailing"] = 1
    good["hull_dc"]["port_bow"] = 2
    total_limit = request.info["limits"]["constitution"]["crew"]
    good["gunnery"]["port_bow"] = request.info["limits"]["constitution"]["gunnery"]["port_bow"]
    bad = json.loads(json.dumps(good))
    bad["rigging_dc"] = 3
    refusal = game.submit("us", {"constitution": bad})
    assert not refusal and refusal.rule == "5.1.3"
    bad = json.loads(json.dumps(good))
    bad["gunnery"]["port_bow"] += 1
    refusal = game.submit("us", {"constitution": bad})
    assert not refusal and refusal.rule == "5.1.5"
    bad = json.loads(json.dumps(good))
    bad["sailing"] = 2
    assert game.submit("us", {"constitution": bad}).rule == "5.1.1"  # type: ignore[union-attr]
    assert total_limit > 0


def test_views_hide_the_enemy_maneuver_loads_and_hand() -> None:
    game = duel(options={"bridge_cards": True})
    drive(game, until=lambda g: at("select_maneuver")(g))
    for r in list(game.pending):
        answer(game, r.side, {s: opts[0] for s, opts in r.ships.items()})
    us = game.view("us")
    java = us["ships"]["java"]
    assert java["loads"] == {k: True for k in java["loads"]}
    assert isinstance(us["sides"]["gb"]["hand"], int)
    assert "dice" not in us and isinstance(us["deck"], int)
    if java["maneuver"] is not None:
        assert java["maneuver"] == {"hidden": True}
    own = us["ships"]["constitution"]
    assert own["loads"]["port_bow"] == "round"


def test_undo_a_decision_that_revealed_nothing() -> None:
    game = duel()
    answer(game, "us", {"constitution": {"sail": "fighting", "loads": {s: "chain" for s in
                                                                      ("port_bow", "port_aft", "starboard_bow",
                                                                       "starboard_aft")}}})
    assert game.can_undo("us")
    undone = game.undo("us")
    assert isinstance(undone, Game)
    assert [r.side for r in undone.pending] == ["us", "gb"] or sorted(r.side for r in undone.pending) == ["gb", "us"]


def test_undo_refused_after_dice_were_rolled() -> None:
    game = duel()
    drive(game, until=at("select_maneuver"))
    assert not game.can_undo("us") and not game.can_undo("gb")


def test_a_look_ahead_copy_plays_the_same_game_without_checkpoints_and_refuses_to_be_copied() -> None:
    """Issue 12: `look_ahead_only` (the search's throw-away copies) changes nothing in the play."""
    from cs_desktop.rules.determinize import determinize
    from cs_desktop.rules.dice import Dice

    game = _random_game(8)
    quick = Game(game.scenario, game.cards, game.seed)
    quick.look_ahead_only()
    copied_once = False
    for d in game.decisions:
        answer(quick, d["side"], d["answer"])
        if quick.pending and not quick.copyable:
            copied_once = True
            with pytest.raises(RuntimeError, match="look-ahead"):
                quick.clone()
            with pytest.raises(RuntimeError, match="look-ahead"):
                determinize(quick, quick.pending[0].side, Dice(1))
    assert copied_once
    assert quick.fingerprint() == game.fingerprint()


def test_requests_and_rolls_set_every_field_as_their_dataclass_would() -> None:
    """BRIEF §3: `Request` and `Roll` write out their `__init__` (the compiled build compiles it; issue 12). Each
    field is set, defaults as before (no options, no ships, an empty info of its own; `modified` worked out), and
    both stay frozen, compared field by field."""
    import dataclasses

    from cs_desktop.rules.decisions import Request
    from cs_desktop.rules.rolls import Roll

    a, b = Request("fire", "us", "11.0", "Fire?"), Request("fire", "us", "11.0", "Fire?")
    assert {f.name: getattr(a, f.name) for f in dataclasses.fields(Request)} == {
        "kind": "fire", "side": "us", "rule": "11.0", "prompt": "Fire?", "options": None, "ships": None, "info": {},
        "needs": None}
    assert a == b and a.info is not b.info
    assert dataclasses.replace(a, prompt="Fire now?").prompt == "Fire now?"
    roll = Roll((1, 6), 1, (0, 1))
    assert [getattr(roll, f.name) for f in dataclasses.fields(Roll)] == [(1, 6), 1, (0, 1), (2, 8)]
    assert Roll((1, 6), 1, (0, 1), (5, 5)).modified == (5, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.kind = "hold"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.dice = (6, 6)  # type: ignore[misc]
