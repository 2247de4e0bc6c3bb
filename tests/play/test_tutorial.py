"""Issue 11 item 6, without Qt: the turn-sequence reference's data, the tutorial's texts, scenario and tutor."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cs_desktop
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.play import tutorial
from cs_desktop.rules.game import Game
from cs_desktop.rules.turn import SEGMENTS
from cs_desktop.rules.winnable import cannot_win
from cs_desktop.formats.rules_text import lookup


def _kinds_met(games: int, event_types: set[str] | None = None) -> set[str]:
    """Play the tutorial headless, the player's side answering at random against the easy captain; the kinds
    of the requests the player's side was asked (and, into `event_types`, the types of his log's events)."""
    scenario, ships = load_scenario_with_ships(tutorial.SCENARIO)
    kinds: set[str] = set()
    for seed in range(games):
        game = Game(scenario, ships, seed)
        captains = {side: make_captain("random" if kind == "human" else kind, seed * 3 + i)
                    for i, (side, kind) in enumerate(tutorial.seats(list(game.state.sides)).items())}
        while game.pending:
            request = game.pending[0]
            if request.side == tutorial.PLAYER_SIDE:
                kinds.add(request.kind)
            assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
        assert game.ended
        if event_types is not None:
            event_types |= {e["type"] for e in game.view(tutorial.PLAYER_SIDE)["events"]}
    return kinds


def test_4_0_the_reference_lists_every_segment_of_a_turn_in_the_engines_order() -> None:
    entries = tutorial.load_turn_sequence()
    assert [e.segment for e in entries] == list(SEGMENTS)
    for e in entries:
        for section in (e.section, *e.see):
            assert lookup(section).found, (e.segment, section)
        assert e.happens != e.decide


def test_a_reference_file_that_drifts_from_the_engine_is_refused_naming_the_field(tmp_path: Path) -> None:
    data = json.loads(tutorial.TURN_SEQUENCE_FILE.read_text(encoding="utf-8"))
    data["segments"][1], data["segments"][2] = data["segments"][2], data["segments"][1]
    path = tmp_path / "turn_sequence.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"turn_sequence.json: segments: must name the segments"):
        tutorial.load_turn_sequence(path)
    del data["segments"][0]["decide"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"segments\[0\].decide: must be a non-empty text"):
        tutorial.load_turn_sequence(path)


def test_a_broken_tutorial_file_names_the_field(tmp_path: Path) -> None:
    data = json.loads(tutorial.TUTORIAL_FILE.read_text(encoding="utf-8"))
    data["requests"]["fire"]["matters"] = ""
    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"tutorial.json: requests.fire.matters: must be a non-empty text"):
        tutorial.load_tutorial(path)
    data = json.loads(tutorial.TUTORIAL_FILE.read_text(encoding="utf-8"))
    data["steps"][0]["segments"] = ["lunch"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"steps\[0\].segments: \['lunch'\] are not segments"):
        tutorial.load_tutorial(path)


def test_every_request_kind_the_player_meets_in_the_tutorial_has_a_text() -> None:
    t = tutorial.load_tutorial()
    texts = t.requests
    types: set[str] = set()
    met = _kinds_met(12, types)
    assert {"setup", "assign_crew", "select_maneuver", "fire", "select_load", "bonus_cards"} <= met
    assert met <= set(texts), f"no tutor text for {sorted(met - set(texts))}"
    # and every log event a step listens for is one the player's log shows
    listened = {e for step in t.steps for e in step.event_types}
    assert listened <= types, sorted(listened - types)


def test_the_tutorial_texts_link_to_sections_that_exist_and_cover_the_steps_of_the_brief() -> None:
    t = tutorial.load_tutorial()
    sections = [t.welcome_section]
    sections += [s for r in t.requests.values() for s in (r.section, *r.see)]
    sections += [s for step in t.steps for s in (step.section, *step.see)]
    assert all(lookup(s).found for s in sections), [s for s in sections if not lookup(s).found]
    assert [s.id for s in t.steps] == ["sail", "crew", "initiative", "maneuver", "movement", "firing", "loads",
                                        "damage", "housekeeping", "winning"]
    assert all(kind in t.requests for step in t.steps for kind in step.kinds)


def test_20_1_the_tutorial_scenario_is_a_forgiving_what_if_both_sides_can_win() -> None:
    scenario, ships = load_scenario_with_ships(tutorial.SCENARIO)
    assert tutorial.SCENARIO.parent != cs_desktop.SCENARIOS  # not among the shipped scenarios/*.json
    assert tutorial.SCENARIO not in set(cs_desktop.SCENARIOS.glob("*.json"))
    assert "what if" in scenario.title and scenario.historical_outcome.winner is None
    assert cannot_win(scenario, ships) == []
    assert scenario.options.turn_limit is not None
    player = ships[next(s for s in scenario.sides if s.id == tutorial.PLAYER_SIDE).ships[0].ship_id]
    enemy = ships[next(s for s in scenario.sides if s.id != tutorial.PLAYER_SIDE).ships[0].ship_id]
    assert player.crew_points > enemy.crew_points  # the player's ship is the stronger one
    assert tutorial.is_tutorial(str(tutorial.SCENARIO)) and not tutorial.is_tutorial(None)
    assert not tutorial.is_tutorial(cs_desktop.SCENARIOS / "constitution-vs-java.json")


def test_the_tutor_follows_the_requests_and_the_log_of_the_players_view() -> None:
    t = tutorial.load_tutorial()
    tutor = tutorial.Tutor(t, tutorial.load_turn_sequence())
    scenario, ships = load_scenario_with_ships(tutorial.SCENARIO)
    game = Game(scenario, ships, 5)
    captain = make_captain("random", 5)
    pages: list[Any] = []
    while game.pending:
        request = game.pending[0]
        view = game.view(tutorial.PLAYER_SIDE)
        kind = request.kind if request.side == tutorial.PLAYER_SIDE else None
        page = tutor.page(view, kind, thinking=kind is None)
        if kind is not None:
            assert page.request is not None and page.request.kind == kind and page.kind == kind
        else:
            assert page.request is None and page.waiting
        assert page.turn == view["turn"] and page.segment == view["segment"]
        assert page.segment_help is not None and page.segment_help.segment == view["segment"].partition(":")[0]
        pages.append(page)
        assert game.submit(request.side, captain.choose(Seat(game, request)))
    last = tutor.page(game.view(tutorial.PLAYER_SIDE), None)
    assert pages[0].kind == "setup" and pages[0].request.title == t.requests["setup"].title
    assert last.ended and "Game over" in last.result and "winning" in last.done
    assert {"sail", "crew", "initiative", "maneuver", "movement", "loads"} <= last.done
    assert pages[0].done < last.done
    bonus = [p for p in pages if p.kind == "bonus_cards" and p.segment == "initiative"]
    assert bonus and bonus[0].extra == t.requests["bonus_cards"].by_segment["initiative"]
    # an undo shortens the log: the tutor keeps counting from there
    tutor.reset()
    tutor.page(game.view(tutorial.PLAYER_SIDE), None)
    assert tutor.page({"turn": 1, "segment": "crew", "events": []}, "assign_crew").request is not None
    assert tutor.seen_events == 0


def test_the_tutor_never_reads_the_referees_state() -> None:
    """Brief: the tutor uses the request and what the session publishes to widgets (the player's view)."""
    import ast

    for module in ("play/tutorial.py", "gui/panels/tutor.py"):
        tree = ast.parse((Path(cs_desktop.__file__).parent / module).read_text(encoding="utf-8"))
        read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert not read & {"state", "events", "pending", "decisions", "pending_for", "cards"}, module
