"""decisions.REQUEST_ONLY: the kinds whose validator and sampler read only the request, never the state.

A captain's seat checks and samples answers to these kinds with no state at all (no wiped copy is made), so a
kind may be listed only if giving it the state changes nothing. Checked here at every such request of random
games, one-ship and three-ship: the same random answer from the same dice, and the same verdict on legal and
illegal answers, with the state and without it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import decisions
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.rules.harness import random_requests


def test_crew_assignment_and_bonus_cards_are_request_only() -> None:
    assert {"assign_crew", "bonus_cards"} <= decisions.REQUEST_ONLY


def _wrong(request: Request, legal: Any) -> list[Any]:
    """Illegal answers of the request's kind, made from a legal one."""
    wrong: list[Any] = [None, "x", {}, 3]
    if request.kind == "assign_crew":
        wrong.append([])
        for ship_id, assign in legal.items():
            over = copy.deepcopy(legal)
            over[ship_id]["sailing"] = assign["sailing"] + 5
            wrong.append(over)
            too_many = copy.deepcopy(legal)
            for section in too_many[ship_id]["hull_dc"]:
                too_many[ship_id]["hull_dc"][section] = 2
            too_many[ship_id]["gunnery"] = {s: n + 3 for s, n in assign["gunnery"].items()}
            wrong.append(too_many)
            wrong.append({k: v for k, v in legal.items() if k != ship_id})
    if request.kind == "bonus_cards":
        wrong.append(list(request.info["hand"]) * 2)
        wrong.append(["no such card"])
    return wrong


@pytest.mark.parametrize("scenario_file", ["constitution-vs-java.json", "president-vs-belvidera-3-ship.json"])
def test_request_only_kinds_sample_and_check_alike_with_and_without_the_state(scenario_file: str) -> None:
    seen: set[str] = set()
    for game, request in random_requests(scenario_file, range(500, 503)):
        if request.kind not in decisions.REQUEST_ONLY:
            continue
        seen.add(request.kind)
        assert not decisions.sampling_reads_state(request)
        without = decisions.sample(None, request, Dice(game.seed))
        assert without == decisions.sample(game.state, request, Dice(game.seed))
        assert decisions.validate(None, request, without) is None
        assert decisions.validate(game.state, request, without) is None
        for wrong in _wrong(request, without):
            refused = decisions.validate(None, request, wrong)
            assert refused is not None, (request.kind, wrong)
            assert refused == decisions.validate(game.state, request, wrong), (request.kind, wrong)
    assert {"assign_crew", "bonus_cards"} <= seen

def test_a_kind_that_reads_the_state_is_not_checked_without_it() -> None:
    request = Request("setup", "a", "3.0", "set up")
    with pytest.raises(ValueError, match="needs the state"):
        decisions.validate(None, request, {})
    with pytest.raises(ValueError, match="needs the state"):
        decisions.sample(None, request, Dice(1))


@pytest.mark.parametrize("scenario_file", ["constitution-vs-java.json", "president-vs-belvidera-3-ship.json"])
def test_a_choice_the_request_lists_is_legal_as_validate_finds_it(scenario_file: str) -> None:
    """`decisions.offered` lets `Game.submit` skip the search among the choices; it may say so only of answers
    `validate` finds legal."""
    from cs_desktop.rules.answers import canonical

    listed = 0
    for game, request in random_requests(scenario_file, range(700, 702)):
        answers: list[Any] = list(request.options or ())
        if request.ships is not None:
            answers.append({ship_id: options[-1] for ship_id, options in request.ships.items()})
            answers.append({ship_id: options[0] for ship_id, options in request.ships.items()})
        for offered in answers:
            assert decisions.offered(request, offered)
            assert decisions.validate(game.state, request, canonical(offered)) is None
            listed += 1
        if request.options is not None:
            assert not decisions.offered(request, {"no such": "choice"})
        if request.ships is not None:
            first = next(iter(request.ships))
            assert not decisions.offered(request, {first: request.ships[first][0]} if len(request.ships) > 1
                                         else {first: request.ships[first][0], "no such ship": 1})
    assert listed > 100

def test_submit_records_a_listed_choice_and_its_equal_copy_alike() -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    games = [Game(scenario, ships, 42), Game(scenario, ships, 42)]
    rng = Dice(3)
    for _ in range(400):
        if not games[0].pending:
            break
        request = games[0].pending[0]
        choice = decisions.sample(games[0].state, request, rng)
        games[0].submit(request.side, choice)
        games[1].submit(request.side, copy.deepcopy(choice))
        assert games[0].decisions == games[1].decisions
    assert games[0].events == games[1].events and len(games[0].decisions) > 100
