"""The tree search (issue 10.3): reproducible for an iteration budget, finds the best root choice, answers a
forced decision without searching, and scores positions by the 19.0 victory points."""

from __future__ import annotations

from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.ai.paired_search import paired_search
from cs_desktop.ai.search import Budget, answer_key, search, vp_evaluate
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game


def _game(seed: int = 5) -> Game:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    return Game(scenario, ships, seed, {"turn_limit": 4})


def _to_maneuver(game: Game) -> Request:
    """Answer at random until a maneuver with several options is asked of one side."""
    captain = RandomCaptain(11)
    while True:
        request = game.pending[0]
        if request.kind == "select_maneuver" and request.ships is not None and all(
                len(o) > 2 for o in request.ships.values()):
            return request
        assert game.submit(request.side, captain.choose(Seat(game, request)))


def _options(request: Request) -> list[Any]:
    assert request.ships is not None
    ((ship_id, options),) = request.ships.items()
    return [{ship_id: o} for o in options]


def _random_policy(seed: int) -> Any:
    captain = RandomCaptain(seed)
    return lambda game, request: captain.choose(Seat(game, request))


def _candidates(game: Game, request: Request) -> list[Any]:
    return _options(request) if request.kind == "select_maneuver" else [_random_policy(1)(game, request)]


def _only_this_wins(game: Game, target: Any) -> Any:
    """An evaluation under which only `target`, as the side's next answer, leads to a win."""
    start = len(game.decisions)

    def evaluate(copy: Game, side: str) -> float:
        first_own = next(d for d in copy.decisions[start:] if d["side"] == side)
        return 1.0 if first_own["answer"] == target else 0.2

    return evaluate


def test_search_is_reproducible_for_an_iteration_budget() -> None:
    game = _game()
    request = _to_maneuver(game)
    runs = [search(game.clone, request.side, Budget(24, 600.0, 0), candidates=_candidates,
                   policy=_random_policy(3), evaluate=vp_evaluate) for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0].iterations == 24
    assert sum(runs[0].visits.values()) == 24


def test_search_finds_the_root_choice_that_wins() -> None:
    """Only one maneuver leads to a win (the evaluation says so); UCB must settle on it."""
    game = _game()
    request = _to_maneuver(game)
    options = _options(request)
    target = options[-1]
    evaluate = _only_this_wins(game, target)

    result = search(game.clone, request.side, Budget(20 * len(options), 600.0, 0), candidates=_candidates,
                    policy=_random_policy(4), evaluate=evaluate)
    assert result.answer == target
    assert max(result.visits, key=result.visits.__getitem__) == answer_key(target)


def test_a_forced_decision_is_answered_without_search() -> None:
    game = _game()
    request = _to_maneuver(game)
    only = _options(request)[0]
    result = search(game.clone, request.side, Budget(50, 600.0, 0), candidates=lambda g, r: [only],
                    policy=_random_policy(4), evaluate=vp_evaluate)
    assert result.answer == only and result.iterations == 0


def test_search_refuses_a_position_where_its_side_is_not_asked() -> None:
    game = _game()
    request = _to_maneuver(game)
    answered = game.pending_for(request.side)
    assert answered is not None
    assert game.submit(request.side, _random_policy(4)(game, answered))
    assert game.pending_for(request.side) is None  # its answer is in; the other side still chooses
    with pytest.raises(ValueError, match="nothing is asked"):
        search(game.clone, request.side, Budget(5, 600.0, 0), candidates=_candidates, policy=_random_policy(4),
               evaluate=vp_evaluate)


def test_19_0_vp_evaluate_scores_a_finished_game_by_its_winner() -> None:
    game = _game()
    captain = RandomCaptain(2)
    while game.pending:
        request = game.pending[0]
        assert game.submit(request.side, captain.choose(Seat(game, request)))
    winner = game.events[-1]["result"]["winner"]
    for side in game.state.sides:
        expected = 0.5 if winner is None else float(side == winner)
        assert vp_evaluate(game, side) == expected


def test_19_0_vp_evaluate_is_even_for_both_sides_mid_game() -> None:
    game = _game()
    _to_maneuver(game)
    a, b = game.state.sides
    assert vp_evaluate(game, a) + vp_evaluate(game, b) == pytest.approx(1.0)


def test_10_3_paired_search_is_reproducible_and_spends_its_budget() -> None:
    game = _game()
    request = _to_maneuver(game)
    runs = [paired_search(game.clone, request.side, Budget(60, 600.0, 0), candidates=_candidates,
                          policy=_random_policy(3), evaluate=vp_evaluate) for _ in range(2)]
    assert runs[0] == runs[1]
    assert 0 < runs[0].iterations <= 60 and sum(runs[0].visits.values()) == runs[0].iterations


def test_10_3_paired_search_keeps_the_choice_that_wins_and_drops_the_others() -> None:
    """Every choice is played on the same copies; the one the evaluation favours survives every halving and
    is played most."""
    game = _game()
    request = _to_maneuver(game)
    options = _options(request)
    target = options[-1]
    evaluate = _only_this_wins(game, target)

    result = paired_search(game.clone, request.side, Budget(12 * len(options), 600.0, 0), candidates=_candidates,
                           policy=_random_policy(4), evaluate=evaluate)
    assert result.answer == target and result.value == 1.0
    assert result.visits[answer_key(target)] == max(result.visits.values())  # it survived every halving
    assert min(result.visits.values()) < result.visits[answer_key(target)]


def test_10_3_paired_search_plays_every_choice_on_the_same_futures() -> None:
    """Common random numbers: each copy drawn is played once by each choice still in the running, so on the
    first round every choice has met exactly the same copies."""
    game = _game()
    request = _to_maneuver(game)
    drawn: list[Game] = []

    def draw() -> Game:
        drawn.append(game.clone())
        return drawn[-1]

    result = paired_search(draw, request.side, Budget(4 * len(_options(request)), 600.0, 0),
                           candidates=_candidates, policy=_random_policy(4), evaluate=vp_evaluate)
    assert result.iterations == 4 * len(_options(request)) or len(_options(request)) > 4
    assert len(drawn) < result.iterations  # far fewer copies than plays: the choices share them
