"""Ships in contact: sharing a square (9.2 stacking: who shows which side, who may fire) and grappled (12.0).

The records live in the state (`GameState.stacks`, `GameState.grapples`); this leaf reads and updates them for
the maneuvers, the map edge, grappling, firing and the segments that ask whether a ship is held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState


# ---------------------------------------------------------------- stacking (9.2)
def leave_square(state: GameState, ship: ShipState) -> None:
    state.stacks = [r for r in state.stacks if ship.id not in r["ships"]]


def stack_record(state: GameState, a: str, b: str) -> dict[str, Any] | None:
    for record in state.stacks:
        if a in record["ships"] and b in record["ships"]:
            return record
    return None


def update_stacks_after_turn(state: GameState, ship: ShipState) -> None:
    """9.2 note: a turn in a shared square changes the relative position, and with it who may fire.

    Ruling R9.2a: the turning ship is treated as the mover. Becoming Crossing: only the Initiative Player
    fires (9.2.2), a stern rake if his ship turned, a bow rake if the other did. Becoming Parallel or Angled:
    both fire; each ship keeps the broadside it showed, and a ship that showed an end (it was being raked)
    shows the broadside turned toward the other ship; Parallel sides are made consistent (9.2.1) from the
    side the non-turning ship shows."""
    for record in state.stacks:
        if ship.id not in record["ships"]:
            continue
        other = state.ships[next(i for i in record["ships"] if i != ship.id)]
        sides = {record["mover"]: record["mover_side"],
                 next(i for i in record["ships"] if i != record["mover"]): record["other_side"]}
        relation = geo.stacked_relation(ship.heading, other.heading)
        if relation == "crossing":
            new = geo.stacked_sides(ship.heading, ship.heading, other.heading, None,
                                      state.ranks_above(ship.side, other.side))
        else:
            for a, b in ((ship, other), (other, ship)):
                if sides[a.id] not in ("port", "starboard") and sides[b.id] in ("port", "starboard"):
                    sides[a.id] = _side_toward(b, sides[b.id], a)
            if relation == "parallel":
                new = geo.stacked_sides(ship.heading, ship.heading, other.heading, sides[other.id], None)
            else:
                new = {"relation": relation, "mover_side": sides[ship.id], "other_side": sides[other.id],
                       "rake": None, "firer": "both"}
        record.clear()
        record.update(new)
        record["ships"] = [ship.id, other.id]
        record["mover"] = ship.id


def _side_toward(shower: ShipState, shown: str, ship: ShipState) -> str:
    """The broadside of `ship` turned toward `shower`, which shows it its `shown` broadside (9.2)."""
    rx, ry = geo.VECTORS[geo.turn(shower.heading, 2 if shown == "starboard" else -2)]  # shower -> ship
    sx, sy = geo.VECTORS[geo.turn(ship.heading, 2)]  # ship's starboard
    return "starboard" if -(rx * sx + ry * sy) > 0 else "port"


# ---------------------------------------------------------------- grapples (12.0)
def grappled_pair(state: GameState, ship: ShipState) -> dict[str, Any] | None:
    for record in state.grapples:
        if ship.id in record["ships"]:
            return record
    return None


def is_grappled(state: GameState, ship: ShipState) -> bool:
    record = grappled_pair(state, ship)
    return record is not None and record["state"] == "grappled"
