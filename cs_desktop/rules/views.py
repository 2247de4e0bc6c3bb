"""Per-side views (BRIEF §3): the state without what that side may not know — the enemy's maneuver until
revealed (only that he strains), the type of his loads, his cards, the deck order and the dice to come."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from cs_desktop.rules.decisions import Request
    from cs_desktop.rules.state import GameState
    from cs_desktop.rules.view_types import BoardShip, PublicBoard, SideView, ViewEvent


class Viewed(Protocol):
    """What a view reads of a game (`game.Game`): its state, the requests pending, the events a side may see,
    and the ships' highest boxes, kept on the game once made."""

    state: GameState
    view_tops: dict[str, Any] | None

    @property
    def pending(self) -> list[Request]: ...

    def visible_events(self, side: str | None, start: int = 0) -> list[ViewEvent]: ...


def side_view(g: Viewed, side: str | None, events: bool = True) -> SideView:
    """`side`'s view (None: the referee's), shaped as `view_types.SideView`: the state's dict, what the side may
    not know taken out."""
    data = g.state.to_dict()
    data["pending"] = [r.to_dict() for r in g.pending if side is None or r.side == side]
    if events:
        data["events"] = g.visible_events(side)
    data["ended"] = g.state.ended
    data["tops"] = _tops(g)
    if side is None:
        return cast("SideView", data)
    data.pop("dice")
    data["deck"] = len(data["deck"])
    for sid, info in data["sides"].items():
        if sid != side:
            info["hand"] = len(info["hand"])
    for ship in data["ships"].values():
        if ship["side"] == side:
            continue
        m = ship["maneuver"]
        if m is not None and not m.get("revealed"):
            ship["maneuver"] = {"hidden": True}
        ship["strain"] = bool(ship["strain"])  # 9.1 (2): the opponent knows you strain, not how much
        ship["loads"] = {k: (v is not None) for k, v in ship["loads"].items()}
    data["reload_track"] = [
        [due, ship, slot, (load if g.state.ships[ship].side == side else None), delayed]
        for due, ship, slot, load, delayed in data["reload_track"]
    ]
    return cast("SideView", data)


#: what every side's view shows of every ship as it is (where she is, how she lies, whether she still fights)
BOARD_SHIP_FIELDS = ("side", "x", "y", "heading", "speed", "struck", "captured")


def public_board(g: Viewed) -> PublicBoard:
    """The board as every side sees it: the wind, the map, its terrain and where each ship is. It is the same
    for every side, and equal to the same keys of any `side_view` (tests/rules/test_seat.py), so it reveals
    nothing a view does not; it costs a fraction of a view, for a captain that only steers and aims (a fleet
    asks for one maneuver at a time, issue 14)."""
    state = g.state
    fleet = state.fleet_rules
    ships: dict[str, BoardShip] = {}
    for sid, s in state.ships.items():
        ship: BoardShip = {"side": s.side, "x": s.x, "y": s.y, "heading": s.heading, "speed": s.speed, "struck": s.struck,
                "captured": s.captured}
        if fleet:  # as in GameState.to_dict: only under the fleet rules
            ship["escaped"] = s.escaped
        ships[sid] = ship
    out: PublicBoard = {"wind": state.wind, "map_size": list(state.map_size), "ships": ships}
    if state.terrain:
        out["terrain"] = [[x, y, kind] for (x, y), kind in sorted(state.terrain.items())]
    return out


def _tops(g: Viewed) -> dict[str, Any]:
    """Each ship's highest boxes (from its card, which never changes in a game): made once a game and shared by
    its views, like the rest of a view (a view is read, never changed)."""
    if g.view_tops is None:
        g.view_tops = {
            sid: {"crew": s.card.crew_points, "rigging": s.card.rigging_points,
                  "gunnery": {sec: len(boxes) for sec, boxes in s.card.gunnery.items()}}
            for sid, s in g.state.ships.items()
        }
    return g.view_tops
