"""The computer captains on fleet positions (issue 14, the fleet rules switch): they answer legally with ships
escaped, hulks on the board and hulks to take, and never fire at a hulk (the engine offers none, R18.0g)."""

from __future__ import annotations

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.levels import SearchCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game

from tests.ai.test_levels import QUICK

FLEET = SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json"


LEFT = ("escaped", "struck", "captured")


def _left(game: Game) -> list[str]:
    return [e["type"] for e in game.events if e["type"] in LEFT]


def _play(game: Game, seats: dict[str, object], until_turn: int, until_left: int = 99) -> set[str]:
    kinds: set[str] = set()
    while game.pending and game.state.turn <= until_turn and len(_left(game)) < until_left:
        request = game.pending[0]
        answer = seats[request.side].choose(Seat(game, request))  # type: ignore[attr-defined]
        if request.kind == "fire":
            hulks = {s.id for s in game.state.ships.values() if not s.afloat}
            assert not any(choice.get("target") in hulks for choice in answer.values())
        assert game.submit(request.side, answer), request.kind
        kinds.add(request.kind)
    return kinds


def test_judgment_and_simple_captains_play_the_fleet_what_if_legally() -> None:
    scenario, ships = load_scenario_with_ships(FLEET)
    seen: list[str] = []
    # seeds chosen (with the terms of R21.3c: the captains read them) so that the two games between them see a ship
    # escape, one strike and a hulk taken
    for seed, names in ((294, ("judgment", "simple")), (20, ("simple", "judgment"))):
        game = Game(scenario, ships, seed, {"turn_limit": 8})
        seats = {side.id: make_captain(name, 3 + i) for i, (side, name) in enumerate(zip(scenario.sides, names))}
        _play(game, seats, 8)  # type: ignore[arg-type]
        assert game.ended
        seen += _left(game) + [e["type"] for e in game.events if e["type"] == "possession"]
    assert {"escaped", "struck", "possession"} <= set(seen)  # the captains played on past ships leaving


def test_judgment_takes_possession_of_a_hulk_alongside() -> None:
    from cs_desktop.ai.judgment import JudgmentCaptain
    from tests.rules.harness import at, drive, duel

    game = duel(a=(10, 12, 3), b=(10, 12, 3), extra={"gb": [("guerriere", (25, 20, 7))]},
                options={"fleet_rules": True})
    game.state.ships["java"].struck = True
    drive(game, until=at("take_possession"), policy={"assign_crew": lambda g, r: {
        sid: {"sailing": 0, "rigging_change": 0, "rigging_dc": 0, "hull_dc": {s: 0 for s in lim["gunnery"]},
              "gunnery": {s: 0 for s in lim["gunnery"]}} for sid, lim in r.info["limits"].items()}})
    request = game.pending_for("us")
    assert request is not None and request.kind == "take_possession"
    assert JudgmentCaptain(1).choose(Seat(game, request)) is True


def test_a_searching_level_answers_on_a_fleet_position() -> None:
    """A level's search (few iterations) on the 12-a-side what-if once two ships have left the fight (struck,
    captured or escaped): legal answers."""
    scenario, ships = load_scenario_with_ships(FLEET)
    game = Game(scenario, ships, 11, {"turn_limit": 10})  # seed chosen: a capture and an escape by turn 4
    seats = {side.id: make_captain("simple", 7 + i) for i, side in enumerate(scenario.sides)}
    _play(game, seats, 9, until_left=2)  # type: ignore[arg-type]
    assert len(_left(game)) >= 2 and not game.ended
    searcher = SearchCaptain(5, QUICK)
    searched = 0
    while game.pending and searched < 2:
        request = game.pending[0]
        answer = searcher.choose(Seat(game, request))
        assert game.submit(request.side, answer), request.kind
        searched += request.kind in ("select_maneuver", "fire", "select_load")
    assert searched == 2
