"""Issue 30 item 4: the typed view (rules/view_types.py) says what `Game.view(side)` holds. Every view of games
with every rule switch on, terrain and three sides, of the referee and of each side, with and without events,
has every key its type requires and none it does not name; so the checker's reading of the GUI is the truth."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.view_types import (BoardShip, PublicBoard, SideView, ViewRequest, ViewShip, ViewSide,
                                         ViewTops)
from cs_desktop.rules.views import public_board

from tests.rules.harness import duel, respond
from tests.rules.test_determinize import _scenario

SWITCHES = {"bridge_cards": True, "bonus_cards": True, "variable_wind": True, "initial_broadside": True,
            "heavy_guns": True, "fire_spreads": True, "prize_crews": True, "prize_sails": True, "pirate_fire": True,
            "pirate_wind": True, "sloop_damage": True, "wsim_melee": True, "fleet_rules": True, "turn_limit": 3}


def _games() -> list[Game]:
    shoal = {"kind": "shoal", "squares": [[14, 14]]}
    return [
        duel((10, 12, 3), (12, 12, 7), seed=5, options=SWITCHES, terrain=[shoal]),
        duel((10, 12, 3), (12, 12, 7), seed=6, options={"heavy_frigate_damage": True}),
        Game(*_scenario("fleets/three-flags-off-guadeloupe.json"), 9, {"turn_limit": 2, "fleet_rules": True}),
    ]


def _views(game: Game, decisions: int) -> Iterator[dict[str, Any]]:
    rng = Dice(3)
    for _ in range(decisions):
        if not game.pending:
            return
        for side in (None, *game.state.sides):
            for events in (True, False):
                yield dict(game.view(side, events))
        request = game.pending[0]
        game.submit(request.side, respond(game, request, rng=rng))


def _check(name: str, data: dict[str, Any], typed: Any) -> None:
    keys = set(data)
    missing = typed.__required_keys__ - keys
    unknown = keys - typed.__required_keys__ - typed.__optional_keys__
    assert not missing and not unknown, f"{name}: missing {sorted(missing)}, not in the type {sorted(unknown)}"


def test_30_4_every_view_has_the_keys_its_type_names() -> None:
    seen: set[str] = set()
    for game in _games():
        for view in _views(game, 40):
            _check("view", view, SideView)
            seen |= set(view)
            for ship in view["ships"].values():
                _check("ship", ship, ViewShip)
                seen |= set(ship)
            for side in view["sides"].values():
                _check("side", side, ViewSide)
            for request in view["pending"]:
                _check("request", request, ViewRequest)
            for tops in view["tops"].values():
                _check("tops", tops, ViewTops)
    optional = SideView.__optional_keys__ | ViewShip.__optional_keys__
    assert optional <= seen, f"never seen, so not shown to be right: {sorted(optional - seen)}"


def test_30_4_every_public_board_has_the_keys_its_type_names() -> None:
    """The public board (`views.public_board`, what a seat's `board()` gives a captain that steers) as typed."""
    seen: set[str] = set()
    for game in _games():
        for _ in _views(game, 10):
            board = dict(public_board(game))
            _check("board", board, PublicBoard)
            seen |= set(board)
            for ship in board["ships"].values():
                _check("board ship", ship, BoardShip)
                seen |= set(ship)
    optional = PublicBoard.__optional_keys__ | BoardShip.__optional_keys__
    assert optional <= seen, f"never seen, so not shown to be right: {sorted(optional - seen)}"
