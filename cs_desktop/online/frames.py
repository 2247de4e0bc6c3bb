"""What the referee sends: made only from what the receiver may know (BRIEF §13).

A seat gets what the computer captain in that seat gets (cs_desktop/ai/seat.py): its side's view
(`Seat.view()`, the view without the event log), the request pending for it, and the events visible to its side.
A spectator gets the public view: a side's view with that side's own secrets hidden as well (`public_view`), and
only the events every side sees. Nothing else goes into a frame — no game id, no clock, no count of anyone
else's decisions — so a frame is a function of what its receiver may know, and the secrets test
(tests/online/test_secrets.py) compares frames byte for byte.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.ai.seat import Seat
from cs_desktop.rules.game import Game
from cs_desktop.rules.view_types import SideView, ViewEvent


def asked(game: Game, side: str) -> int:
    """The number of decisions `side` has given: the number of the request it answers next (its own count,
    which it knows; a submit names it so that an answer sent twice is taken once)."""
    return sum(1 for d in game.decisions if d["side"] == side)


def welcome(game: Game, side: str | None) -> dict[str, Any]:
    """The first frame of a connection: the table as every player sees it (scenario, ship cards, options)."""
    return {"t": "welcome", "side": side, "sides": list(game.state.sides),
            "scenario": game.scenario.model_dump(mode="json"),
            "ships": {k: v.model_dump(mode="json") for k, v in game.cards.items()},
            "options": game.options}


def seat_state(game: Game, side: str) -> dict[str, Any]:
    """The seat's view and its request (None when nothing is asked of it), as the computer captain gets them."""
    request = game.pending_for(side)
    if request is not None:
        seat = Seat(game, request, frozenset({"view"}))  # only the view is sent
        return {"view": seat.view(), "request": request.to_dict(), "ask": asked(game, side)}
    return {"view": game.view(side, events=False), "request": None, "ask": asked(game, side)}


def seat_events(game: Game, side: str, since: int) -> list[ViewEvent]:
    """The events from number `since` on that `side` may see."""
    return game.visible_events(side, max(0, since))


def public_view(game: Game) -> SideView:
    """What every side knows: the first side's view with that side's secrets hidden too, and no request."""
    sides = list(game.state.sides)
    view = game.view(sides[0], events=False)
    own = sides[0]
    view["pending"] = []
    info = view["sides"][own]
    hand = info["hand"]
    if isinstance(hand, list):
        info["hand"] = len(hand)
    for ship in view["ships"].values():
        if ship["side"] != own:
            continue
        m = ship["maneuver"]
        if m is not None and not m.get("revealed"):
            ship["maneuver"] = {"hidden": True}
        ship["strain"] = bool(ship["strain"])
        ship["loads"] = {k: (v is not None) for k, v in ship["loads"].items()}
    view["reload_track"] = [[due, ship, slot, None, delayed] for due, ship, slot, _load, delayed
                            in view["reload_track"]]
    return view


def public_events(game: Game, since: int) -> list[ViewEvent]:
    return [e for e in game.events[max(0, since):] if e.get("visible_to") is None]


def update(state: dict[str, Any], events: list[ViewEvent], since: int, upto: int) -> dict[str, Any]:
    """One update frame: the receiver's state, and the events numbered `since` .. `upto` - 1 it may see."""
    return {"t": "update", **state, "events": events, "since": since, "upto": upto}
