"""Issue 10: captains are fair by construction. A captain gets a `Seat` — the side's view, the request and
copies consistent with the view — never the game; so its decisions are the same whatever the hidden state."""

from __future__ import annotations

import ast
import gc
import itertools
from pathlib import Path
from typing import Any

from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import MissingPart, Seat
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.rules.views import BOARD_SHIP_FIELDS
from cs_desktop.batch.simulate import play_game

from tests.rules.test_determinize import _games, _state_of, _walk

ROOT = Path(__file__).resolve().parents[2]


def test_10_simple_captain_decides_the_same_under_any_hidden_state_consistent_with_its_view() -> None:
    covered: set[str] = set()
    peeked = 0  # points where a captain peeking at the next die (as the old protocol let it) would differ
    for gi, (game, seed) in enumerate(_games()):
        truth = {s: make_captain("simple", 100 + gi) for s in game.state.sides}
        other = {s: make_captain("simple", 100 + gi) for s in game.state.sides}
        for step, g in enumerate(_walk(game, seed)):
            for request in g.pending:
                side = request.side
                variant = determinize(g, side, Dice(50_000 + step))
                assert variant.fingerprint() != g.fingerprint() or not g.decisions
                twin = variant.pending_for(side)
                assert twin == request
                assert truth[side].choose(Seat(g, request)) == other[side].choose(Seat(variant, twin)), \
                    (gi, step, request.kind)
                covered.add(request.kind)
                peeked += g.state.dice.clone().d6() != variant.state.dice.clone().d6()
    assert peeked > 100
    assert covered >= {"setup", "assign_crew", "bonus_cards", "select_maneuver", "move_order", "advance_turn",
                       "fire", "hull_first", "select_load", "bonus_move", "grapple", "melee",
                       "melee_split", "melee_support", "melee_continue", "parallel_side", "disengage",
                       "sail_change"}


def test_10_a_seat_shows_the_view_the_request_and_copies_only() -> None:
    game, _ = _games()[0]
    request = game.pending[0]
    seat = Seat(game, request)
    public = {n for n in dir(seat) if not n.startswith("_")}
    assert public == {"side", "request", "scenario", "cards", "view", "board", "determinized", "copies", "legal",
                      "sample"}
    assert not any(isinstance(getattr(seat, n), Game) for n in public)
    assert seat.scenario is game.scenario and seat.cards == game.cards  # public: both players see them
    assert seat.view() == game.view(request.side, events=False)
    assert seat.view(events=True) == game.view(request.side)
    copies = seat.copies(2, Dice(3))
    assert [_state_of(c) for c in copies] == [_state_of(c) for c in Seat(game, request).copies(2, Dice(3))]
    assert all(c.view(request.side) == game.view(request.side) for c in copies)
    assert seat.legal(seat.sample(Dice(1))) is None


def _board_of(view: dict[str, Any]) -> dict[str, Any]:
    """The keys of a side's view that `Seat.board` claims to be."""
    out = {k: view[k] for k in ("wind", "map_size", "terrain") if k in view}
    out["ships"] = {sid: {k: ship[k] for k in (*BOARD_SHIP_FIELDS, "escaped") if k in ship}
                    for sid, ship in view["ships"].items()}
    return out


def test_10_the_board_is_the_same_part_of_every_sides_view() -> None:
    """`Seat.board()` (what the simple captain steers and aims by) is exactly the public part of the view, for
    every side, at every decision of duels and of a fleet action with shoals and the fleet rules (escaped ships);
    so it tells a captain nothing its view does not."""
    fleet, ships = load_scenario_with_ships(ROOT / "scenarios" / "fleets" / "frigates-among-the-shoals.json")
    played = play_game(fleet, ships, 7, ("simple", "simple"), {"fleet_rules": True, "turn_limit": 4})
    at_fleet = (Game.replay(fleet, ships, 7, played.decisions[:k], played.options)
                for k in range(0, len(played.decisions) + 1, 2))
    checked = 0
    for g in itertools.chain(*(_walk(game, seed) for game, seed in _games()[:3]), at_fleet):
        for request in g.pending:
            board = Seat(g, request).board()
            assert "terrain" in board or not g.state.terrain
            for side in g.state.sides:
                assert board == _board_of(g.view(side, events=False)), (g.state.segment, side)
            checked += 1
    assert checked > 100


def test_10_a_seat_is_only_for_a_pending_request() -> None:
    game, _ = _games()[0]
    request = game.pending[0]
    game.submit(request.side, Seat(game, request).sample(Dice(0)))
    try:
        Seat(game, request)
    except ValueError as e:
        assert "not pending" in str(e)
    else:
        raise AssertionError("a seat for an answered request")


def _reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from `root` through references the garbage collector knows: attributes, slots,
    containers, closures and their cells, bound methods, frames."""
    seen = {id(root)}
    out, frontier = [root], [root]
    while frontier and len(out) < limit:
        nxt = []
        for obj in frontier:
            for ref in gc.get_referents(obj):
                if id(ref) not in seen and not isinstance(ref, type):  # classes lead to every module
                    seen.add(id(ref))
                    out.append(ref)
                    nxt.append(ref)
        frontier = nxt
    return out


def test_27_5_a_seat_holds_no_reference_to_the_live_game() -> None:
    """Issue 27 item 5: whatever a seat was made with, nothing reachable from it — attributes, closures, the
    record its copies are drawn from — is the live game, its state, its ships or sides, or its dice."""
    for gi, (game, seed) in enumerate(_games()[:3]):
        for step, g in enumerate(_walk(game, seed)):
            if step % 5:
                continue
            request = g.pending[0]
            live = {id(g), id(g.state), id(g.state.dice), id(g.events), id(g.decisions),
                    *(id(s) for s in g.state.ships.values()), *(id(s) for s in g.state.sides.values())}
            seat = Seat(g, request)
            leaks = [type(o).__name__ for o in _reachable(seat) if id(o) in live]
            assert not leaks, (gi, step, request.kind, leaks)
            assert not any(isinstance(o, Game) and hasattr(o, "state") for o in _reachable(seat)), (gi, step)


def test_27_5_a_seat_made_without_a_part_says_so() -> None:
    game, _ = _games()[0]
    request = game.pending[0]
    seat = Seat(game, request, frozenset({"view"}))
    assert seat.view() == game.view(request.side, events=False)
    for ask in (seat.board, lambda: seat.determinized(Dice(1)), lambda: seat.view(events=True)):
        try:
            ask()
        except MissingPart as e:
            assert "needs" in str(e)
        else:
            raise AssertionError("a part the seat was not made with")


def test_27_5_every_captain_is_seated_with_the_parts_it_uses() -> None:
    """The simulator seats each captain with the parts it names (`needs`): a captain that read more than it
    declared would fail with MissingPart here, in every kind of decision of whole games."""
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / "constitution-vs-java.json")
    for names in (("random", "simple"), ("easy", "normal")):
        played = play_game(scenario, ships, 3, names, {"turn_limit": 2 if "normal" in names else 6})
        assert played.decisions


#: ways to reach around a seat into the game that called it: none may appear in the computer captain's code
INTROSPECTION = ("__closure__", "cell_contents", "__globals__", "__code__", "f_back", "f_locals", "f_globals",
                 "_getframe", "currentframe", "get_referents", "get_referrers", "get_objects", "__self__")


def test_27_5_the_computer_captain_uses_no_introspection() -> None:
    """Issue 27 item 5: nothing in cs_desktop/ai imports gc, inspect or ctypes, or reads closures, frames or
    the objects the garbage collector knows."""
    for path in sorted((ROOT / "cs_desktop" / "ai").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) else [])
                assert not {n.split(".")[0] for n in names if n} & {"gc", "inspect", "ctypes", "sys"}, path.name
            if isinstance(node, ast.Attribute):
                assert node.attr not in INTROSPECTION, (path.name, node.attr)
            if isinstance(node, ast.Name):
                assert node.id not in ("vars", "globals", "locals", "__import__"), (path.name, node.id)
