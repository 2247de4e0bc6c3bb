"""11.0, 11.4.1-11.4.2: the fire a ship may announce now — for each enemy that bears, every combination of its
loaded sections and their aim, or a chaser (split from `firing`, whose `fire_step` asks with them)."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.firing import HOLD, LONG_RANGE, can_fire_section, chaser_dice, line_of_fire
from cs_desktop.rules.terrain import fire_blocked

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState


def firing_options(state: GameState, ship: ShipState) -> tuple[dict[str, Any], ...]:
    options: list[dict[str, Any]] = [HOLD]
    # A ship with nothing loaded (no broadside section, no chaser) has nothing to offer whatever bears: most
    # ships most impulses, so the lines to every enemy are not drawn for them.
    if not any(load is not None for load in ship.loads.values()) and not any(ship.chasers.values()):
        return (HOLD,)
    for target in state.enemies(ship):
        bearing = _bearing(state, ship, target)
        if bearing is None:
            continue
        mp, side, chaser = bearing
        if side is not None:
            sections = [s for s in geo.sections_for_side(side) if can_fire_section(ship, s, mp)]
            for aims in product(("hold", "high", "low"), repeat=len(sections)):
                chosen = {s: a for s, a in zip(sections, aims, strict=True) if a != "hold"}
                if chosen:
                    options.append({"target": target.id, "sections": chosen, "chaser": None})
        elif chaser is not None and ship.chasers[chaser] and chaser_dice(ship, chaser) > 0:
            options.append({"target": target.id, "sections": {}, "chaser": chaser})
    return tuple(options)


def _bearing(state: GameState, firer: ShipState, target: ShipState) -> tuple[int, str | None, str | None] | None:
    """(mp, broadside side, chaser end) of `line_of_fire` without the rake and the sections hit, which the
    options do not need: a fleet's ships are listed against every enemy at every fire step, most out of range."""
    dx = abs(firer.x - target.x)
    dy = abs(firer.y - target.y)
    if dx == 0 and dy == 0:
        line = line_of_fire(state, firer, target)
        return None if line is None else (line.mp, line.side, line.chaser)
    mp = 3 * dx + 2 * (dy - dx) if dx < dy else 3 * dy + 2 * (dx - dy)  # geo.mp_distance, inline
    if mp > LONG_RANGE:
        return None
    if state.terrain and fire_blocked(state, firer.square, target.square):
        return None  # ruling R11.4.6b: an island stands between them
    side = geo.broadside_side_in_arc(firer.square, firer.heading, target.square)
    if side is not None:
        return mp, side, None
    end = geo.chaser_end_in_arc(firer.square, firer.heading, target.square)
    return None if end is None else (mp, None, end)
