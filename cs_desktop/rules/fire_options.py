"""11.0, 11.4.1-11.4.2: the fire a ship may announce now — for each enemy that bears, every combination of its
loaded sections and their aim, or a chaser (asked by `fire_stages`, the fire step)."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.firing import CARRONADE_RANGE, HOLD, LONG_RANGE, can_fire_section, chaser_dice, line_of_fire
from cs_desktop.rules.terrain import fire_blocked

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState


#: for n sections that can fire, every combination of their aims but all "hold", in the order of
#: `product(("hold", "high", "low"), repeat=n)`
_AIMS = {n: tuple(aims for aims in product(("hold", "high", "low"), repeat=n) if any(a != "hold" for a in aims))
         for n in range(3)}


def firing_options(state: GameState, ship: ShipState,
                   enemies: list[ShipState] | None = None) -> tuple[dict[str, Any], ...]:
    """HOLD, then for each enemy (`enemies`, or `state.enemies(ship)`) that bears every combination of the
    loaded sections that have dice and their aims, or a ready chaser."""
    options: list[dict[str, Any]] = [HOLD]
    # A ship with nothing loaded (no broadside section, no chaser) has nothing to offer whatever bears: most
    # ships most impulses, so the lines to every enemy are not drawn for them.
    if not any(load is not None for load in ship.loads.values()) and not any(ship.chasers.values()):
        return (HOLD,)
    # How far she can reach: a broadside of carronades only has dice within 6 MP (11.2, 11.4.4), so beyond
    # that only long guns and a ready chaser (11.9) can fire; a ship with neither looks no further.
    chaser_ready = any(ready and chaser_dice(ship, end) > 0 for end, ready in ship.chasers.items())
    if chaser_ready or any(can_fire_section(ship, s, LONG_RANGE) for s in SECTION_NAMES):
        reach = LONG_RANGE
    elif any(can_fire_section(ship, s, 0) for s in SECTION_NAMES):
        reach = CARRONADE_RANGE
    else:
        return (HOLD,)
    # The sections that can fire depend on the range only through the carronades (within 6 MP), so they
    # are found once a side and band, not once a target.
    ready: dict[tuple[str, bool], list[str]] = {}
    x, y, heading, terrain = ship.x, ship.y, ship.heading, state.terrain
    arcs = geo.arcs
    for target in state.enemies(ship) if enemies is None else enemies:
        # The line of fire (`firing.line_of_fire`) without the rake and the sections hit, which the options do
        # not need: a fleet's ships are looked at against every enemy at every fire step.
        dx = target.x - x
        dy = target.y - y
        if dx == 0 and dy == 0:  # 9.2: in one square, as stacked
            line = line_of_fire(state, ship, target)
            if line is None:
                continue
            mp, side, chaser = line.mp, line.side, line.chaser
        else:
            ax = -dx if dx < 0 else dx
            ay = -dy if dy < 0 else dy
            mp = 3 * ax + 2 * (ay - ax) if ax < ay else 3 * ay + 2 * (ax - ay)  # geo.mp_distance, inline
            if mp > reach:
                continue
            if terrain and fire_blocked(state, ship.square, target.square):
                continue  # ruling R11.4.6b: an island stands between them
            side, chaser = arcs(heading, dx, dy)  # LONG_RANGE is the arcs' range too (11.1, 11.9)
        if side is not None:
            key = (side, mp <= CARRONADE_RANGE)
            sections = ready.get(key)
            if sections is None:
                sections = ready[key] = [s for s in geo.sections_for_side(side) if can_fire_section(ship, s, mp)]
            for aims in _AIMS[len(sections)]:
                chosen = {s: a for s, a in zip(sections, aims, strict=True) if a != "hold"}
                options.append({"target": target.id, "sections": chosen, "chaser": None})
        elif chaser is not None and ship.chasers[chaser] and chaser_dice(ship, chaser) > 0:
            options.append({"target": target.id, "sections": {}, "chaser": chaser})
    return tuple(options)
