"""Crew that makes sense (issue 11, item 3): man the battery that bears (5.0, 5.1.5), decided from a side's view.

`threats(view, ship_id)` weighs each broadside by the enemy ships on that side of her: the guns each enemy could
turn on her, nearer ones counting more (an enemy dead ahead or astern counts for the side he is crossing to).
`bearing_assignment(view, ship_id, limits)` is the default assignment offered to the player (and answered for
him under the standing order "man the battery that bears"): the threatened battery first; when enemies lie on
both sides, the gunners are split between the batteries by threat; then the other battery with what is left,
and one point on Sailing if any remains. With an enemy within `BOARDING_REACH` MP a Melee reserve is kept first
(issue 28 item 4: a ship with no Melee crew is captured by the first boarding party, 15.0) — the judgment
captain's rule (ai/judgment_guns.py): a quarter of her crew, at least 3. `unmanned_battery(view, ship_id, assign)` names the broadside that has
an enemy within broadside range in its arc (11.1) but no gunner, so the player is asked before confirming.

An island on the line between her and an enemy (ruling R11.4.6b) is asked of the engine (`terrain.island_between`
on the view's terrain), never judged here: an enemy behind land is in no battery's arc for the warning, and
weighs a quarter in the threats (he may round the island before the turn is out; an enemy in the open counts
first).

Only the view is read (positions, headings, gunnery boxes and crew of every ship are public): nothing hidden
changes what is offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cs_desktop.ai.judgment_guns import BOARDING_REACH
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.state import empty_assignment
from cs_desktop.rules.terrain import island_between, view_terrain

View = Mapping[str, Any]
Ship = dict[str, Any]

BATTERIES = ("port", "starboard")
#: how much an enemy with an island between counts in the threats (R11.4.6b: he cannot fire until he clears it)
BEHIND_LAND = 0.25


def _afloat(ship: Ship) -> bool:
    return not (ship["struck"] or ship["captured"])


def _square(ship: Ship) -> tuple[int, int]:
    return (int(ship["x"]), int(ship["y"]))


def enemies(view: View, ship_id: str) -> list[Ship]:
    ship = view["ships"][ship_id]
    return sorted((s for s in view["ships"].values() if s["side"] != ship["side"] and _afloat(s)),
                  key=lambda s: str(s["id"]))


def side_of(ship: Ship, enemy: Ship) -> str:
    """The broadside of `ship` the enemy lies on (or is crossing to, when dead ahead, astern or alongside in
    the same square)."""
    sq, esq = _square(ship), _square(enemy)
    b = geo.ship_frame(sq, int(ship["heading"]), esq)[1] if sq != esq else 0
    if b == 0:
        b = geo.ship_frame(sq, int(ship["heading"]), geo.step(esq, int(enemy["heading"])))[1]
    return "starboard" if b >= 0 else "port"


def behind_land(view: View, ship: Ship, enemy: Ship) -> bool:
    """Does an island stand on the line of fire between the two (ruling R11.4.6b, the engine's check)?"""
    terrain = view_terrain(view)
    return bool(terrain) and island_between(terrain, _square(ship), _square(enemy))


def threats(view: View, ship_id: str) -> dict[str, float]:
    """Battery -> threat: each enemy's undamaged gunnery boxes, divided by (1 + MP distance / 8); an enemy behind
    an island (R11.4.6b) counts `BEHIND_LAND` of that."""
    ship = view["ships"][ship_id]
    out = {b: 0.0 for b in BATTERIES}
    for enemy in enemies(view, ship_id):
        guns = sum(int(enemy["gunnery"][s]) for s in SECTION_NAMES)
        d = geo.mp_distance(_square(ship), _square(enemy))
        weight = BEHIND_LAND if behind_land(view, ship, enemy) else 1.0
        out[side_of(ship, enemy)] += weight * (1 + guns) / (1 + d / 8)
    return out


def bearing_battery(view: View, ship_id: str) -> str:
    """The battery to man first: the more threatened one (starboard when no enemy is afloat)."""
    t = threats(view, ship_id)
    return "port" if t["port"] > t["starboard"] else "starboard"


def melee_reserve(view: View, ship_id: str, crew: int) -> int:
    """The Melee crew to keep back: with an enemy within BOARDING_REACH MP, a quarter of the crew, at least 3 (at
    most all of it); else none."""
    ship = view["ships"][ship_id]
    near = any(geo.mp_distance(_square(ship), _square(e)) <= BOARDING_REACH for e in enemies(view, ship_id))
    return min(crew, max(3, crew // 4)) if near else 0


def bearing_assignment(view: View, ship_id: str, limits: dict[str, Any]) -> dict[str, Any]:
    """A legal crew assignment (within `limits`, crew.limits) manning the battery that bears first, a Melee
    reserve kept back when an enemy could board."""
    t = threats(view, ship_id)
    primary = bearing_battery(view, ship_id)
    other = "port" if primary == "starboard" else "starboard"
    room = {b: sum(int(limits["gunnery"][s]) for s in geo.sections_for_side(b)) for b in BATTERIES}
    crew = int(limits["crew"]) - melee_reserve(view, ship_id, int(limits["crew"]))
    want = {primary: min(room[primary], crew), other: 0}
    if t[other] > 0 and crew < room[primary] + room[other]:
        share = t[primary] / (t[primary] + t[other])  # enemies on both sides: split by threat
        want[primary] = min(room[primary], max(crew - room[other], round(crew * share)))
    want[other] = min(room[other], crew - want[primary])
    assign = empty_assignment()
    for battery in (primary, other):
        left = want[battery]
        for section in geo.sections_for_side(battery):
            take = min(int(limits["gunnery"][section]), left)
            assign["gunnery"][section] = take
            left -= take
    if crew - want[primary] - want[other] > 0 and int(limits["sailing"]) > 0:
        assign["sailing"] = 1
    return assign


def bearing_assignments(view: View, limits: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A whole assign_crew answer: `bearing_assignment` for each ship of request.info["limits"]."""
    return {ship: bearing_assignment(view, ship, lim) for ship, lim in limits.items()}


def enemy_in_arc(view: View, ship_id: str, battery: str) -> Ship | None:
    """The nearest enemy within broadside range in the arc of `battery` (11.1) with no island between (R11.4.6b),
    or None."""
    ship = view["ships"][ship_id]
    sq = _square(ship)
    found = [e for e in enemies(view, ship_id)
             if geo.broadside_side_in_arc(sq, int(ship["heading"]), _square(e)) == battery
             and not behind_land(view, ship, e)]
    return min(found, key=lambda e: (geo.mp_distance(sq, _square(e)), str(e["id"]))) if found else None


def unmanned_battery(view: View, ship_id: str, assign: dict[str, Any]) -> tuple[str, Ship] | None:
    """(battery, enemy) when an enemy within range lies in the arc of a battery with guns left but no gunner
    in `assign`; None otherwise."""
    ship = view["ships"][ship_id]
    for battery in BATTERIES:
        sections = geo.sections_for_side(battery)
        if sum(int(ship["gunnery"][s]) for s in sections) == 0:
            continue  # no gun left to man there
        if sum(int(assign["gunnery"][s]) for s in sections) > 0:
            continue
        enemy = enemy_in_arc(view, ship_id, battery)
        if enemy is not None:
            return battery, enemy
    return None


def no_gunner_warnings(view: View, answer: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """For a whole assign_crew answer: one sentence per ship about to fight with a bearing battery unmanned
    (`names`: ship id -> the name to show)."""
    names = names or {}
    out = []
    for ship_id in sorted(answer):
        found = unmanned_battery(view, ship_id, answer[ship_id])
        if found is not None:
            battery, enemy = found
            d = geo.mp_distance(_square(view["ships"][ship_id]), _square(enemy))
            out.append(f"{names.get(ship_id, ship_id)}: no gunners on the {battery} battery, and "
                       f"{names.get(enemy['id'], enemy['id'])} "
                       f"lies in its arc {d} MP away")
    return out
