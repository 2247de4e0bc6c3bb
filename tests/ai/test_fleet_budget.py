"""A level's budget in a fleet battle (cs_desktop/ai/fleet_budget.py): the whole budget up to four ships afloat,
futures in proportion beyond, a few choices spread over the ships; the same decisions for a seed, and a duel's
budget as it always was."""

from __future__ import annotations

from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.ai.fleet_budget import FLEET_SEARCHED, FLEET_SHIPS, MIN_ITERATIONS, Thinking, ships_afloat, thinking
from cs_desktop.ai.levels import EXPERIMENTS, MAX_CHOICES, SEARCHED, candidates, make_level
from cs_desktop.ai.search import Budget
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game

NORMAL = EXPERIMENTS["tree-normal"].budget
HARD = EXPERIMENTS["tree-hard"].budget


def test_up_to_four_ships_afloat_a_level_thinks_with_its_whole_budget() -> None:
    assert NORMAL is not None and HARD is not None
    for ships in (2, 3, FLEET_SHIPS):
        assert thinking(NORMAL, ships, MAX_CHOICES, SEARCHED) == Thinking(NORMAL, MAX_CHOICES, False, SEARCHED)
        assert thinking(HARD, ships, MAX_CHOICES, SEARCHED) == Thinking(HARD, MAX_CHOICES, False, SEARCHED)


def test_beyond_four_ships_the_futures_shrink_in_proportion_and_the_choices_with_them() -> None:
    assert NORMAL is not None and HARD is not None
    # 40 futures x 4 / ships, at least 8; a choice for every 3 futures, at least 2; time cap and horizon kept;
    # the maneuvers, broadsides and boarding searched, the rest answered by the judgment
    fleet = SEARCHED & FLEET_SEARCHED
    assert fleet == {"select_maneuver", "fire", "grapple", "melee", "melee_continue", "disengage"}
    for ships, iterations, choices in ((5, 32, 10), (15, 11, 3), (19, 8, 2), (24, 8, 2)):
        got = thinking(NORMAL, ships, MAX_CHOICES, SEARCHED)
        assert got == Thinking(Budget(iterations, NORMAL.time_cap_s, NORMAL.horizon_turns), choices, True,
                               fleet), ships
    assert thinking(HARD, 24, MAX_CHOICES, SEARCHED) == Thinking(Budget(17, HARD.time_cap_s, HARD.horizon_turns),
                                                                 5, True, fleet)
    assert thinking(Budget(5, 1.0, 0), 24, MAX_CHOICES, SEARCHED).budget.iterations == 5  # never more than its own
    assert thinking(NORMAL, 1000, MAX_CHOICES, SEARCHED).budget.iterations == MIN_ITERATIONS


def test_ships_afloat_counts_the_ships_still_fighting_on_the_public_board() -> None:
    board: dict[str, Any] = {"ships": {
        "a": {"struck": False, "captured": False}, "b": {"struck": True, "captured": False},
        "c": {"struck": False, "captured": True}, "d": {"struck": False, "captured": False, "escaped": True},
        "e": {"struck": False, "captured": False, "escaped": False}}}
    assert ships_afloat(board) == 2


def test_spread_candidates_take_the_first_alternative_of_every_ship_before_the_second() -> None:
    request = Request("select_load", "us", "11.7", "", ships={"a:bow": ("round", "chain", "double"),
                                                            "b:bow": ("round", "chain", "double")})
    preferred = {"a:bow": "round", "b:bow": "round"}
    spread = candidates(request, preferred, 4, spread=True)
    assert spread == [preferred, {"a:bow": "chain", "b:bow": "round"}, {"a:bow": "round", "b:bow": "chain"},
                      {"a:bow": "double", "b:bow": "round"}]
    # without spread (a duel), every alternative of the first ship listed first, as always
    assert candidates(request, preferred, 4) == [preferred, {"a:bow": "chain", "b:bow": "round"},
                                                 {"a:bow": "double", "b:bow": "round"},
                                                 {"a:bow": "round", "b:bow": "chain"}]
    one_ship = Request("select_load", "us", "11.7", "", ships={"a:bow": ("round", "chain", "double")})
    assert candidates(one_ship, {"a:bow": "round"}, 16, spread=True) == candidates(one_ship, {"a:bow": "round"})
    assert candidates(one_ship, {"a:bow": "round"}, kinds=frozenset({"fire"})) == [{"a:bow": "round"}]


def _first_searched(path: str, seed: int) -> tuple[Game, Request]:
    """The first decision of a seeded game where normal searches (easy answering until then)."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / path)
    game = Game(scenario, ships, seed, {"turn_limit": 3})
    easy = make_level("easy", 1)
    while game.pending:
        request = game.pending[0]
        seat = Seat(game, request)
        if request.kind in ("select_maneuver", "fire") and len(candidates(request, easy.choose(seat))) > 1:
            return game, request
        assert game.submit(request.side, easy.choose(seat))
    raise AssertionError("no searched decision")


def test_a_fleet_decision_plays_the_fleet_budget_and_is_the_same_for_a_seed() -> None:
    game, request = _first_searched("fleets/lake-erie.json", 3)  # 15 ships afloat: 11 futures, 3 choices
    results = []
    for _ in range(2):
        captain = make_level("tree-normal", 8)
        answer = captain.choose(Seat(game, request))
        results.append((answer, captain.last_search))
    assert results[0] == results[1]
    search = results[0][1]
    assert search is not None and search.iterations == 11 and len(search.visits) <= 3


def test_in_a_fleet_a_load_is_the_judgments() -> None:
    game, request = _first_searched("fleets/lake-erie.json", 3)
    captain = make_level("tree-normal", 8)
    while game.pending:  # to the first loads with a choice (searched in a duel)
        request = game.pending[0]
        seat = Seat(game, request)
        if request.kind == "select_load" and len(candidates(request, captain.judgment.choose(seat))) > 1:
            assert captain.choose(seat) == captain.judgment.choose(seat) and captain.last_search is None
            return
        assert game.submit(request.side, make_level("easy", 2).choose(seat))
    raise AssertionError("no loads asked")


def test_a_duel_decision_plays_the_whole_budget() -> None:
    game, request = _first_searched("constitution-vs-java.json", 3)
    captain = make_level("tree-normal", 8)
    captain.choose(Seat(game, request))
    assert captain.last_search is not None and captain.last_search.iterations == 40
    assert len(captain.last_search.visits) == len(candidates(request, captain.judgment.choose(Seat(game, request))))
