"""Fire, per ship (issue 28 item 1): play/fire_plan.py prices each ship's best shot on the player's own view; only
the ships with a shot worth firing (the standing order `worth`) are asked, the form opens on a legal answer, and a
fire request with nothing worth firing is answered for the player: all hold fire (turn_flow.decide)."""

from __future__ import annotations

import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.fire_plan import HOLD, WORTH, default_answer, fire_rows
from cs_desktop.play.turn_flow import StandingOrders, answer_for, decide
from cs_desktop.rules.decisions import Request, sample
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from tests.play.test_turn_flow import first, java_game

import cs_desktop

LAKE_ERIE = cs_desktop.SCENARIOS / "fleets" / "lake-erie.json"


def lake_erie_at_fire(decisions: int = 118) -> tuple[Game, Request]:
    """Lake Erie played on with engine-sampled answers to our fire request at `decisions` decisions: six ships
    asked, some with a chaser in reach (1/3 expected hit), some with no shot that can hit."""
    scenario, ships = load_scenario_with_ships(LAKE_ERIE)
    game = Game(scenario, ships, 4, {"fleet_rules": True, "turn_limit": 4})
    rng = Dice(5)
    while len(game.decisions) < decisions:
        r = game.pending[0]
        assert game.submit(r.side, sample(game.state, r, rng))
    request = game.pending_for("us")
    assert request is not None and request.kind == "fire"
    return game, request


def test_11_0_a_chaser_alone_is_not_worth_asking_by_default() -> None:
    game = java_game(3)
    request = first(game, "fire", "us", lambda r: all(o["chaser"] for o in r.ships["constitution"][1:]))
    view = game.view("us")
    rows = fire_rows(request, FairAdvice(view, game.cards), "half", {})
    assert [r.best.option["chaser"] for r in rows if r.best] == ["bow"] and not rows[0].asked
    passed = decide(view, request, StandingOrders(fire="ask"), {"constitution": "Constitution"}, game.cards)
    assert passed is not None and passed.answer == {"constitution": HOLD}
    assert passed.why.startswith("11.0: standing order: fire only a shot expected to score half a hit")
    assert "Constitution: holds fire — her best shot, bow chaser at " in passed.why and "0.33 hits" in passed.why
    # the player who wants every shot that can hit is asked
    assert decide(view, request, StandingOrders(fire="ask", worth="any"), {}, game.cards) is None
    assert decide(view, request, StandingOrders(fire="ask"), {}) is None  # no cards: no pricing, asked
    assert game.submit("us", passed.answer)


def test_11_0_in_a_fleet_only_the_ships_with_a_shot_are_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    game, request = lake_erie_at_fire()
    monkeypatch.setitem(WORTH, "a fifth", 0.2)  # between the chasers' third of a hit and the long shots' trifle
    rows = fire_rows(request, FairAdvice(game.view("us"), game.cards), "a fifth", {})
    asked = {r.ship_id for r in rows if r.asked}
    held = {r.ship_id for r in rows if not r.asked}
    assert asked and held, "a mixed request: some ships can hit, some cannot"
    assert all(r.best is None or r.best.expected < 0.2 for r in rows if not r.asked)
    answer = default_answer(rows)
    assert set(answer) == set(request.ships or {})
    for sid, choice in answer.items():
        assert choice in (request.ships or {})[sid]  # every default is the request's own option
        assert (choice["target"] is not None) == (sid in asked)
    assert game.submit("us", answer)


def test_11_0_nothing_worth_firing_passes_in_a_whole_fleet_turn() -> None:
    game, _request = lake_erie_at_fire()
    done = answer_for(game, {"us"}, StandingOrders())
    fire = [why for _i, _side, _turn, why in done if why.startswith("11.0: standing order: fire only")]
    assert fire, "the default order (half a hit) holds fire for chasers at long range"
    assert game.decisions[done[0][0]]["answer"] == {sid: HOLD for sid in game.decisions[done[0][0]]["answer"]}
