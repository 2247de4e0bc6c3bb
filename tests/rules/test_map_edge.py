"""9.3 The Map Edge (and 18.0): a ship about to leave the map shifts every ship and every smoke marker
toward the centre, keeping distances, relative positions and headings; when no shift can keep both ships on
the map, the game ends at once.  The map is 32 x 24 squares (x 0..31, y 0..23)."""

from __future__ import annotations

from tests.rules.harness import answer, at, drive, duel, events_of

from tests.rules.sailing_kit import fix_speeds


def test_9_3_18_0_game_ends_when_no_shift_keeps_both_ships_on_the_map(monkeypatch):
    """9.3 / 18.0: Constitution at (31,12) heading 3, Java at (0,12): the map is too narrow for both after
    the move, so the game ends at once with Constitution still at (31,12) and nothing shifted."""
    game = advance_off(monkeypatch, (31, 12, 3), (0, 12, 7), smoke={(5, 5): (2,)})
    assert game.ended
    assert "9.3" in game.state.end_reason
    assert game.state.ships["constitution"].square == (31, 12) and game.state.ships["java"].square == (0, 12)
    assert game.state.smoke == {(5, 5): (2,)}
    assert events_of(game, "map_edge")[0]["ship"] == "constitution"
    assert game.events[-1]["type"] == "game_end"
    assert game.pending == []


def advance_off(monkeypatch, a, b, smoke=None):
    """Constitution (speed 12) at `a` selects Advance; Java (speed 0) at `b`; `smoke` is put on the map
    first. Returns the game once Constitution's Advance has been made (or the game has ended)."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 0})
    game = duel(a=a, b=b)
    drive(game, until=at("select_maneuver"))
    game.state.smoke = {sq: tuple(v) for sq, v in (smoke or {}).items()}
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
    drive(game, until=lambda g: g.ended or bool(events_of(g, "move")))
    return game


def squares(game):
    return {sid: (s.square, s.heading) for sid, s in game.state.ships.items()}


def test_9_3_shift_moves_both_ships_and_smoke_keeping_relative_positions(monkeypatch):
    """9.3, R9.3: Constitution at (31,12) heading 3 Advances east off the map: everything shifts by (-1,0):
    Constitution at (31,12) (her destination (32,12) shifted), Java (20,5) -> (19,5) heading 7 kept, smoke
    (25,5) -> (24,5); the shift is announced before the move."""
    game = advance_off(monkeypatch, (31, 12, 3), (20, 5, 7), smoke={(25, 5): (2, 1)})
    assert not game.ended
    assert squares(game) == {"constitution": ((31, 12), 3), "java": ((19, 5), 7)}
    assert game.state.smoke == {(24, 5): (2, 1)}
    (shift,) = events_of(game, "map_shift")
    (move,) = events_of(game, "move")
    assert shift["rule"] == "9.3" and shift["shift"] == [-1, 0] and shift["n"] < move["n"]
    assert move["square"] == [31, 12]


def test_9_3_diagonal_exit_shifts_both_axes(monkeypatch):
    """9.3: Constitution at (31,23) heading 4 (SE corner) Advances to (32,24): shift (-1,-1); she ends on
    (31,23), Java (10,10) -> (9,9)."""
    game = advance_off(monkeypatch, (31, 23, 4), (10, 10, 7))
    assert events_of(game, "map_shift")[0]["shift"] == [-1, -1]
    assert squares(game) == {"constitution": ((31, 23), 4), "java": ((9, 9), 7)}


def test_9_3_no_shift_while_the_move_stays_on_the_map(monkeypatch):
    """9.3: Constitution at (30,12) heading 3 Advances to (31,12), the last column: no shift, Java and
    smoke stay put."""
    game = advance_off(monkeypatch, (30, 12, 3), (20, 5, 7), smoke={(25, 5): (2,)})
    assert events_of(game, "map_shift") == []
    assert squares(game) == {"constitution": ((31, 12), 3), "java": ((20, 5), 7)}
    assert game.state.smoke == {(25, 5): (2,)}


def test_9_3_smoke_shifted_off_the_map_is_removed(monkeypatch):
    """R9.3: smoke at (0,3) shifted by (-1,0) would lie at (-1,3), off the map: it is removed; smoke at
    (25,5) goes to (24,5)."""
    game = advance_off(monkeypatch, (31, 12, 3), (20, 5, 7), smoke={(0, 3): (1,), (25, 5): (2,)})
    assert game.state.smoke == {(24, 5): (2,)}
