"""Issue 30 item 4: the typed event (rules/event_types.py) says what an event of the log holds. Every event of
random-captain games with every rule switch on, shoals, three sides and the placeholders of a side's record has
the keys its type requires, none it does not name, a kind among `EventKind`, and values of the types it gives;
so the checker's reading of the log (play/, gui/panels, ai/) is the truth."""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin, get_type_hints

from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.determinize import public_events
from cs_desktop.rules.event_types import EventKind, ViewEvent
from cs_desktop.rules.game import Game

from tests.rules.test_view_types import SWITCHES

HINTS = get_type_hints(ViewEvent)
KINDS = frozenset(get_args(EventKind))


def _games() -> Iterator[Game]:
    """Random-captain games of shipped scenarios: every switch on, plain, a fleet among shoals with prizes and the
    WS&IM melee, three sides."""
    switches = {k: v for k, v in SWITCHES.items() if k != "turn_limit"}
    for name, seeds, options in [
            ("constitution-vs-java.json", range(1, 5), switches),
            ("constitution-vs-java.json", range(1, 3), {"heavy_frigate_damage": True}),
            ("fleets/frigates-among-the-shoals.json", range(1, 3),
             {"turn_limit": 6, "fleet_rules": True, "prize_crews": True, "prize_sails": True, "wsim_melee": True}),
            ("fleets/three-flags-off-guadeloupe.json", range(1, 2), {"turn_limit": 4})]:
        scenario, ships = load_scenario_with_ships(SCENARIOS / name)
        for seed in seeds:
            game = Game(scenario, ships, seed, options)
            captains = {s.id: RandomCaptain(seed * 10 + i) for i, s in enumerate(scenario.sides)}
            for _ in range(3000):
                if not game.pending:
                    break
                request = game.pending[0]
                assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
            yield game


def _fits(value: Any, hint: Any) -> bool:
    """`value` is of the type `hint` (the shapes event_types uses: a class, a union, a list or dict of them)."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if origin is typing.Required:
        return _fits(value, get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        return isinstance(value, list) and all(_fits(v, get_args(hint)[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(_fits(v, get_args(hint)[1]) for v in value.values())
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_30_4_every_event_of_whole_games_has_its_typed_shape() -> None:
    kinds: set[str] = set()
    checked = 0
    for game in _games():
        for side in (None, *game.state.sides):
            events = game.events if side is None else public_events(game, side)
            for event in events:
                assert ViewEvent.__required_keys__ <= event.keys(), event
                assert event.keys() <= HINTS.keys(), (sorted(event.keys() - HINTS.keys()), event)
                assert event["type"] in KINDS, event
                for key, value in event.items():
                    assert _fits(value, HINTS[key]), (key, value, HINTS[key], event["type"])
                kinds.add(event["type"])
                checked += 1
    assert checked > 20_000
    assert len(kinds) >= 60 and {"roll", "hit", "move", "hidden", "fire", "wind", "game_end"} <= kinds, sorted(kinds)


def test_30_4_a_field_of_another_type_is_found() -> None:
    assert not _fits("3", HINTS["turn"]) and not _fits(True, HINTS["hits"]) and not _fits([1, "a"], HINTS["dice"])
    assert _fits(None, HINTS["ship"]) and _fits("calm", HINTS["before"]) and not _fits("gone", HINTS["type"])
