"""Per-side views (BRIEF §3): the state without what that side may not know — the enemy's maneuver until
revealed (only that he strains), the type of his loads, his cards, the deck order and the dice to come."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cs_desktop.rules.game import Game


def side_view(g: Game, side: str | None, events: bool = True) -> dict[str, Any]:
    data = g.state.to_dict()
    data["pending"] = [r.to_dict() for r in g.pending if side is None or r.side == side]
    if events:
        data["events"] = g.visible_events(side)
    data["ended"] = g.state.ended
    data["tops"] = _tops(g)
    if side is None:
        return data
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
    return data


def _tops(g: Game) -> dict[str, Any]:
    """Each ship's highest boxes (from its card, which never changes in a game): made once a game and shared by
    its views, like the rest of a view (a view is read, never changed)."""
    if g.view_tops is None:
        g.view_tops = {
            sid: {"crew": s.card.crew_points, "rigging": s.card.rigging_points,
                  "gunnery": {sec: len(boxes) for sec, boxes in s.card.gunnery.items()}}
            for sid, s in g.state.ships.items()
        }
    return g.view_tops
