"""9.3 The Map Edge with many ships (the fleet rules switch, rulings R9.3f-R9.3h).

The written rule is for two ships: shift everything toward the centre, and end the game when no shift keeps
both ships on the map. With a fleet, the shift is still made whenever one keeps every ship still fighting on
the map; when none does, the ship that cannot stay leaves the battle (escaped: off the board and out of play)
and the battle goes on without her. Hulks (struck or captured ships) do not hold the fleets back: a hulk that a
shift would carry off the map drifts out of the battle instead (R9.3g). Escaped ships (and drifted hulks) are
off the board and never shift; each keeps, for the record, the last square she had on the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.contacts import leave_square
from cs_desktop.rules.fleet_end import end_if_beaten
from cs_desktop.rules.terrain import shift_note, shifted

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState


def fleet_edge(g: Referee, ship: ShipState, dest: tuple[int, int]) -> bool:
    """`ship` is about to move to `dest`, off the map. Shift the board if a shift keeps every ship still
    fighting on it (True: the move goes on); otherwise the ship escapes (False: she does not move)."""
    state = g.state
    width, height = state.map_size
    ships = state.afloat()
    shift = geo.edge_shift([s.square for s in ships], ships.index(ship), dest, width, height)
    if shift is None:
        escape(g, ship)
        return False
    dx, dy = shift
    adrift = []
    for other in state.ships.values():
        if other.escaped:
            continue
        if not geo.on_map((other.x + dx, other.y + dy), width, height):
            adrift.append(other)  # only a hulk can be shifted off: the shift keeps every fighting ship on
            continue
        other.x += dx
        other.y += dy
    state.smoke = {(x + dx, y + dy): v for (x, y), v in state.smoke.items()
                   if geo.on_map((x + dx, y + dy), width, height)}  # ruling R9.3: smoke off the map is gone
    if state.terrain:
        state.terrain = shifted(state.terrain, dx, dy)  # ruling R9.3i: the land moves with the sea
    g.emit("map_shift", "9.3", f"All ships and smoke shift by {shift}{shift_note(state)} to keep "
           f"{ship.card.name} on the map", shift=list(shift))
    for hulk in adrift:
        leave_board(g, hulk)
        g.emit("adrift", "9.3", f"the hulk of {hulk.card.name} drifts out of the battle (off the map)",
               ship=hulk.id, side=hulk.side, square=list(hulk.square))
    return True


def escape(g: Referee, ship: ShipState) -> None:
    """R9.3f: the ship that cannot stay on the map leaves the battle; if her side has nothing left fighting,
    the game ends (R18.0f)."""
    leave_board(g, ship)
    g.emit("escaped", "9.3", f"{ship.card.name} cannot stay on the map: she leaves the battle", ship=ship.id,
           side=ship.side, square=list(ship.square))
    end_if_beaten(g, ship.side, f"{ship.card.name} left the battle (9.3)")


def leave_board(g: Referee, ship: ShipState) -> None:
    """Off the board and out of play: no square shared, no grapple, no maneuver. Her last square is kept (the
    square she left from); her card, damage and end state stay as they are for the victory points."""
    state = g.state
    ship.escaped = True
    ship.maneuver = None
    ship.strain = 0
    leave_square(state, ship)
    state.grapples = [r for r in state.grapples if ship.id not in r["ships"]]
