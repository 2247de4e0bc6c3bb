"""Issue 14 item 2: fleet orders (cs_desktop/play/fleet_orders.py) answer the maneuver and crew requests of the
ships under them, from the side's own view only; the leader and ships without an order are asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.designations import designations
from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.play.test_presenter import quick_captain

ROOT = Path(__file__).resolve().parents[2]
FLEET = ROOT / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json"
US = ["constitution", "congress", "chesapeake", "congress-2", "constellation-1800", "congress-3",
      "united-states", "chesapeake-2", "congress-4", "constellation-1800-2", "chesapeake-3", "congress-5"]


def _to_maneuver(seed: int, turns: int = 1) -> Game:
    scenario, ships = load_scenario_with_ships(FLEET)
    game = Game(scenario, ships, seed=seed, options={"fleet_rules": True})
    caps = {side: make_captain("random", seed + i) for i, side in enumerate(("us", "gb"))}
    seen = 0
    while True:
        r = game.pending[0]
        if r.kind == "select_maneuver" and r.side == "us":
            seen += 1
            if seen == turns:
                return game
        assert game.submit(r.side, caps[r.side].choose(Seat(game, r)))


def test_14_2_fleet_orders_answer_from_the_sides_view_whatever_it_cannot_see() -> None:
    for seed in (1, 2, 3):
        game = _to_maneuver(seed, turns=2)
        request = game.pending_for("us")
        assert request is not None
        fleet = FleetOrders()
        fleet.give("engage", US[:4])
        fleet.give("line", US[4:8])
        fleet.give("hold", US[8:])
        answers = fleet.fill(game.view("us"), request, game.cards)
        assert request.ships is not None and answers
        assert set(request.ships) - set(answers) <= {"constellation-1800"}  # the line's leader is the player's
        for k in range(3):
            other = determinize(game, "us", Dice(500 + 10 * seed + k))  # the same view, other hidden things
            assert other.view("us", events=False) == game.view("us", events=False)
            assert fleet.fill(other.view("us"), other.pending_for("us"), other.cards) == answers  # type: ignore[arg-type]
        for sid, choice in answers.items():
            assert choice in request.ships[sid]
        held = [answers[s] for s in US[8:] if s in answers and len(request.ships[s]) > 1]
        assert all(c["maneuver"] == "back_sail" for c in held)


def test_14_2_an_order_for_every_ship_answers_the_whole_request_and_a_cancel_asks_again() -> None:
    game = _to_maneuver(4)
    request = game.pending_for("us")
    assert request is not None
    names = designations(game.view("us"), game.cards)
    fleet = FleetOrders()
    fleet.give("engage", US)
    passed = fleet.decide(game.view("us"), request, game.cards, names)
    assert passed is not None and "engage the nearest" in passed.why and "Congress (2)" in passed.why
    assert game.submit("us", passed.answer)
    fleet.cancel(["congress"])
    assert fleet.order_of("congress") is None and fleet.order_of("congress-2") is not None
    assert fleet.marks()["congress-2"] == "engage"


def test_14_2_follow_the_leader_leaves_the_leader_to_the_player() -> None:
    game = _to_maneuver(5)
    request = game.pending_for("us")
    assert request is not None
    fleet = FleetOrders()
    fleet.give("follow", ["united-states", "congress-4", "congress-5"])
    filled = fleet.fill(game.view("us"), request, game.cards)
    assert "united-states" not in filled or len(request.ships["united-states"]) == 1  # type: ignore[index]
    assert fleet.decide(game.view("us"), request, game.cards, {}) is None  # others have choices: asked
    assert fleet.marks()["united-states"] == "follow (leads)" and fleet.marks()["congress-5"] == "follow 3/3"


def test_14_2_the_presenter_passes_maneuvers_and_crew_of_a_fleet_under_orders() -> None:
    presenter = PlayPresenter(make_captain=quick_captain)
    presenter.start_file(FLEET, {"us": "human", "gb": "random"}, 6, {"fleet_rules": True, "turn_limit": 3})
    presenter.standing.fleet.give("engage", US)
    presenter.standing.fleet.give("crew", US)
    asked: list[str] = []
    for _ in range(3000):
        screen = presenter.screen()
        if screen.ended:
            break
        if screen.request is not None:
            asked.append(screen.request.kind)
            assert presenter.submit(presenter.random_answer(len(asked)))
            continue
        move: Any = presenter.computer.move()
        assert move is not None
        assert presenter.computer.answered(move, move.captain.choose(move.seat), None)
    assert presenter.screen().ended
    why = [w for s, _t, w in presenter.standing.passed if s == "us"]
    assert any(w.startswith("9.1: fleet orders") for w in why)
    assert any(w.startswith("5.0: standing crew order") for w in why) or "assign_crew" not in asked
    game = presenter.game
    assert game is not None
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
