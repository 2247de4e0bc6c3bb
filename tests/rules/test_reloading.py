"""10.0 Reloading and 11.7 Selecting Load: reload times, special loads, lost reloads, the next turn, hidden
load types."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules.reloading import place_load, reload_step, select_lost_loads

from tests.rules.fighting_kit import events_since, man, mark, ready, run


def _at(game: Any, turn: int, impulse: int) -> None:
    game.state.turn, game.state.impulse = turn, impulse


def test_11_7_reload_time_by_crew_quality() -> None:
    """11.7: at impulse 2 a Crack crew's marker goes to 8, Average to 11, Green to 14."""
    game = ready()
    _at(game, 1, 2)
    c = game.state.ships["constitution"]
    out = []
    for quality in ("crack", "average", "green"):
        c.quality = quality
        out.append(place_load(game.state, c, "port_bow", "round"))
    assert out == [8, 11, 14]


def test_11_7_counting_continues_into_the_next_turn() -> None:
    """11.7: Average crew firing at impulse 10 of turn 1 reloads at impulse 7 of turn 2 (absolute 19)."""
    game = ready()
    _at(game, 1, 10)
    j = game.state.ships["java"]
    j.loads["port_bow"] = None
    assert place_load(game.state, j, "port_bow", "round") == 19
    _at(game, 2, 6)
    reload_step(game)
    assert j.loads["port_bow"] is None
    _at(game, 2, 7)
    reload_step(game)
    assert j.loads["port_bow"] == "round" and game.state.reload_track == []


def test_10_0_round_shot_loads_when_its_marker_is_reached() -> None:
    """10.0: a round-shot marker at impulse 6 with crew on the guns loads the broadside at 6."""
    game = ready()
    c = game.state.ships["constitution"]
    c.loads["port_bow"] = None
    game.state.reload_track = [(6, "constitution", "port_bow", "round", False)]
    _at(game, 1, 6)
    start = mark(game)
    reload_step(game)
    assert c.loads["port_bow"] == "round"
    assert events_since(game, start, "reload_type")[0]["visible_to"] == "us"


def test_10_0_special_loads_move_two_impulses_further_when_revealed() -> None:
    """10.0: Chain and Double markers reached at 6 move to 8 (turned, 'delayed'), and load there."""
    game = ready()
    c = game.state.ships["constitution"]
    c.loads["port_bow"] = c.loads["port_aft"] = None
    game.state.reload_track = [(6, "constitution", "port_bow", "chain", False),
                               (6, "constitution", "port_aft", "double", False)]
    _at(game, 1, 6)
    reload_step(game)
    assert c.loads["port_bow"] is None and c.loads["port_aft"] is None
    assert game.state.reload_track == [(8, "constitution", "port_bow", "chain", True),
                                       (8, "constitution", "port_aft", "double", True)]
    _at(game, 1, 7)
    reload_step(game)
    assert c.loads["port_bow"] is None
    _at(game, 1, 8)
    reload_step(game)
    assert (c.loads["port_bow"], c.loads["port_aft"]) == ("chain", "double") and game.state.reload_track == []


def test_10_0_no_crew_on_the_guns_loses_the_reload_and_follows_select_load() -> None:
    """10.0 with 11.7 (ruling R10.1): a round-shot marker reaches the port bow at impulse 6 with no crew there:
    not loaded, the marker is gone, and Constitution's player selects a new load by the Select Load
    procedure: he picks Chain, placed face down at impulse 12 (6 + crack 6, round-shot time); the enemy
    sees the marker, not its type."""
    game = ready()
    c = game.state.ships["constitution"]
    man(game, "constitution", port_aft=7)
    c.loads["port_bow"] = None
    game.state.reload_track = [(6, "constitution", "port_bow", "round", False)]
    _at(game, 1, 6)
    start = mark(game)
    lost = reload_step(game)
    assert lost == [("constitution", "port_bow")] and game.state.reload_track == []
    assert c.loads["port_bow"] is None and events_since(game, start, "reload_lost")[0]["rule"] == "10.0"
    log: list[Any] = []
    run(game, select_lost_loads(game, lost), log=log, select_load={"constitution:port_bow": "chain"})
    (request,) = log
    assert (request.kind, request.side, request.rule) == ("select_load", "us", "11.7")
    assert request.ships == {"constitution:port_bow": ("round", "chain", "double")}
    assert game.state.reload_track == [(12, "constitution", "port_bow", "chain", False)]
    assert game.view("gb")["reload_track"] == [[12, "constitution", "port_bow", None, False]]


def test_10_0_a_lost_special_load_may_be_changed_to_round_shot() -> None:
    """10.0 / 11.7 (ruling R10.1): a Chain marker reaches 8 (already moved two impulses) with no crew: lost;
    the owner now selects Round Shot: the new marker (impulse 14) is round shot, not the chain again."""
    game = ready()
    c = game.state.ships["constitution"]
    man(game, "constitution")
    c.loads["port_bow"] = None
    game.state.reload_track = [(8, "constitution", "port_bow", "chain", True)]
    _at(game, 1, 8)
    run(game, select_lost_loads(game, reload_step(game)), select_load={"constitution:port_bow": "round"})
    assert game.state.reload_track == [(14, "constitution", "port_bow", "round", False)]


def test_10_0_an_unmanned_reload_asks_for_a_new_load_in_the_impulse() -> None:
    """8.0 step 2 / 10.0 / 11.7: in a played impulse, the Select Load request for guns without crew comes in
    the reload step, before anyone is asked to fire."""
    from cs_desktop.rules.activation import segment_impulse

    game = ready()
    man(game, "constitution", port_aft=7)
    for ship in game.state.ships.values():
        ship.speed = 0
    game.state.ships["constitution"].loads["port_bow"] = None
    game.state.reload_track = [(6, "constitution", "port_bow", "round", False)]
    game.state.segment = "impulse:6"
    log: list[Any] = []
    run(game, segment_impulse(game), log=log, select_load={"constitution:port_bow": "double"})
    assert log[0].kind == "select_load" and log[0].side == "us"
    assert game.state.reload_track == [(12, "constitution", "port_bow", "double", False)]


def test_11_9_chasers_reload_without_crew() -> None:
    """11.9 (7): the bow chaser marker reaches its impulse: the chaser is loaded though no crew is assigned."""
    game = ready()
    c = game.state.ships["constitution"]
    man(game, "constitution")
    c.chasers["bow"] = False
    game.state.reload_track = [(6, "constitution", "bow", "round", False)]
    _at(game, 1, 6)
    reload_step(game)
    assert c.chasers["bow"] is True and game.state.reload_track == []


def test_10_0_marker_on_an_ignored_impulse_is_picked_up_next_impulse_played() -> None:
    """Ruling R10.0: a marker due at impulse 9 of a turn whose impulses ended with a grapple at 5 is picked up at
    the first impulse played next turn (absolute 13), not lost forever."""
    game = ready()
    j = game.state.ships["java"]
    j.loads["port_bow"] = None
    game.state.reload_track = [(9, "java", "port_bow", "round", False)]
    _at(game, 2, 1)
    reload_step(game)
    assert j.loads["port_bow"] == "round" and game.state.reload_track == []


def test_10_0_an_overdue_marker_makes_the_next_impulse_a_played_one() -> None:
    """Ruling R10.0 with 13.0 and R12.0 (grappled ships may still reload): the ships lie grappled at speed 0
    and the only marker was due at impulse 9 of turn 1, ignored after the grapple. Impulse 1 of turn 2 is
    not skipped as empty, so the marker is picked up there (not left until some other marker comes due)."""
    from cs_desktop.rules.activation import skip_empty_impulse

    game = ready()
    state = game.state
    for ship in state.ships.values():
        ship.speed = 0
    j = state.ships["java"]
    j.loads["port_bow"] = None
    state.reload_track = [(9, "java", "port_bow", "round", False)]
    state.turn, state.segment = 2, "impulse:1"
    assert not skip_empty_impulse(state)
    assert state.segment == "impulse:1"


def test_10_0_load_types_are_hidden_from_the_enemy() -> None:
    """10.0/11.7: the enemy view shows which broadsides are loaded and where markers are, never the load type;
    the owner sees his own."""
    game = ready()
    c = game.state.ships["constitution"]
    c.loads["port_bow"] = "chain"
    c.loads["port_aft"] = None
    game.state.reload_track = [(9, "constitution", "port_aft", "double", False)]
    gb = game.view("gb")
    assert gb["ships"]["constitution"]["loads"] == {"port_bow": True, "port_aft": False, "starboard_bow": True,
                                                    "starboard_aft": True}
    assert gb["reload_track"] == [[9, "constitution", "port_aft", None, False]]
    us = game.view("us")
    assert us["ships"]["constitution"]["loads"]["port_bow"] == "chain"
    assert us["reload_track"] == [[9, "constitution", "port_aft", "double", False]]
    assert all(e.get("visible_to") in (None, "gb") for e in gb["events"])
    assert not any(e["type"] == "loads" and e.get("ship") == "constitution" for e in gb["events"])
