"""BRIEF 6 for more than two sides (issue 14): random legal games on the three-sided what-if keep every
invariant after every decision, never ask a ship that has stopped fighting, end only when at most one side is
left fighting (or at the turn limit, R18.0r), share the VP as R19.0h says, and replay to the same fingerprint."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game

from tests.rules.test_properties import check_invariants, check_tally_from_log

THREE = SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json"


def play_three(seed: int, turn_limit: int, options: dict[str, object]) -> Game:
    scenario, ships = load_scenario_with_ships(THREE)
    game = Game(scenario, ships, seed, {"turn_limit": turn_limit, **options})
    captains = {s.id: RandomCaptain(seed + i) for i, s in enumerate(scenario.sides)}
    while game.pending:
        check_invariants(game)
        state = game.state
        if state.initiative is not None:
            assert sorted(state.initiative_order()) == sorted(state.sides) and state.initiative_order()[-1] == state.ip()
        request = game.pending[0]
        answer = captains[request.side].choose(Seat(game, request))
        out = {s.id for s in state.ships.values() if not s.afloat}
        if isinstance(answer, dict):
            assert not set(answer) & out, f"{request.kind} asks a ship that no longer fights"
        assert game.submit(request.side, answer)
    return game


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), turn_limit=st.integers(min_value=1, max_value=30),
       options=st.sampled_from([{}, {"prize_crews": True}, {"fleet_rules": False}, {"relativity": "zero"},
                                {"variable_wind": True, "fire_spreads": True}]))
def test_random_three_sided_games_keep_every_invariant_and_replay(seed, turn_limit, options):
    game = play_three(seed, turn_limit, options)
    assert game.ended
    state = game.state
    fighting = [s for s in state.sides if state.afloat(s)]
    reason = state.end_reason
    if state.fleet_rules and "no ship left fighting" in reason:
        assert len(fighting) <= 1, reason  # R18.0r: the battle goes on while two sides fight
    check_tally_from_log(game)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_random_four_sided_games_keep_every_invariant_and_replay():
    """Four sides (the most a scenario may have): the what-if with a second French squadron added, fighting the
    first as well (two cards sailing a second time; a designed test, not a scenario)."""
    from cs_desktop.rules.cards import Scenario

    scenario, ships = load_scenario_with_ships(THREE)
    data = scenario.model_dump(mode="json")
    data["sides"].append({"id": "fr2", "name": "Second squadron", "nation": "FR", "ships": [
        {"ship": "l-insurgente", "start": [16, 12], "heading": 8, "crew_quality": "green"},
        {"ship": "endymion", "start": [18, 13], "heading": 8, "crew_quality": None}]})
    four = Scenario.model_validate(data)
    for seed, options in ((3, {}), (4, {"prize_crews": True}), (5, {"fleet_rules": False})):
        game = Game(four, ships, seed, {"turn_limit": 20, **options})
        captains = {s.id: RandomCaptain(seed + i) for i, s in enumerate(four.sides)}
        while game.pending:
            check_invariants(game)
            request = game.pending[0]
            assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
        assert game.ended and len(game.state.initiative_order()) == 4
        check_tally_from_log(game)
        again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
        assert again.fingerprint() == game.fingerprint()
