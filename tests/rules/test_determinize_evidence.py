"""Determinized copies (issue 10) drawn from what the side has seen, where the old draws were refused: every draw
from these records must show the side exactly its view (`determinize._consistent`), not one in many."""

from __future__ import annotations

from pathlib import Path

from cs_desktop.files import load_scenario_with_ships
from cs_desktop.rules import decisions
from cs_desktop.rules import maneuver as mv
from cs_desktop.rules.determinize import from_record, public_record
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _played(scenario_file: str, options: dict[str, object], seed: int, decisions_played: int) -> Game:
    """A shipped scenario played with the engine's own random answers (seed `seed`) for a number of decisions."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / scenario_file)
    game = Game(scenario, ships, seed, options)
    rng = Dice(seed)
    for _ in range(decisions_played):
        request = game.pending[0]
        game.submit(request.side, decisions.sample(game.state, request, rng))
    return game


def test_9_1_restriction_2_a_maneuver_carried_over_unfinished_is_drawn_among_those_costing_more_than_spent() -> None:
    """9.0, 9.1 restriction 2: Lake Erie, turn 2, impulse 12. Chippeway (speed 1) selected Advance (3 MP) with a
    Strain in turn 1 and carries it over; now she has spent 2 MP, has not revealed it and cannot finish it this
    turn. No maneuver both costs more than she has spent and can be finished without a Strain, so the old draw
    took any legal maneuver for her, and a Wear (2 MP) revealed in the impulse's first round the side never saw:
    28 draws in 30 were refused. That she has not revealed hers is a fact; that she could finish it is not."""
    game = _played("fleets/lake-erie.json", {"turn_limit": 4, "fleet_rules": True}, 13, 119)
    assert (game.state.turn, game.state.segment) == (2, "impulse:12")
    ship = game.state.ships["chippeway"]
    assert ship.maneuver is not None and not ship.maneuver["revealed"] and not ship.strain
    record = public_record(game, "us")
    spent = record.view["ships"]["chippeway"]["spent"]
    rng = Dice(1013)
    for _ in range(8):
        copy = from_record(record, rng, attempts=1)  # no draw refused
        assert copy.view("us") == game.view("us")
        drawn = copy._checkpoint[0].ships["chippeway"].maneuver if copy._checkpoint else None
        assert drawn is not None and mv.maneuver_cost(ship, drawn) > spent
