"""Decision support: what a player may do now and what it would bring, computed from the rules and tables.

Pure functions over the engine state (no Qt, no randomness, no change to the state). The GUI shows them
on the board (maneuver ghosts, firing arcs, the odds of a shot before it is fired); the computer captains
may use them too. Everything here calls the same engine functions the rules use
(`maneuver.selection_options`, `firing.line_of_fire`, `firing.section_dice`, `firing.defense_dice`,
`tables.damage.effects`), so the advice cannot drift from the way the engine resolves a decision.

* :func:`maneuver_previews` — 9.1: every legal maneuver selection with where the ship would end (square,
  heading, wind position), its MP cost, whether it carries over into the next turn (needs a Strain), and
  the forbidden ones with their rule and reason.
* :func:`firing_picture` — 11.1, 11.2, 11.4.10, 11.8, 11.9: arcs, range in MP, the sections that bear with
  their dice now, the enemy sections a shot would strike, rakes, carronades in range or doubled.
* :func:`shot_odds` (in `shot_odds.py`, re-exported here) — 11.4.4-11.4.9: the exact distribution of hits of
  an attack and the expected hull, rigging and crew hits after the Damage Effects table and its adjustments.

Probabilities assume no Bridge Cards are discarded for the rolls (1.7.3); that is the player's choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules import heavy_guns
from cs_desktop.rules import maneuver as mv
from cs_desktop.rules import terrain
from cs_desktop.rules.firing import (
    LONG_RANGE,
    CARRONADE_DOUBLE,
    CARRONADE_RANGE,
    Line,
    chaser_dice,
    defense_dice,
    line_of_fire,
    section_dice,
)
from cs_desktop.rules.movement_rates import wind_position
from cs_desktop.rules.shot_odds import defense_distribution, hits_distribution, shot_odds
from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState

__all__ = ["maneuver_previews", "firing_picture", "shot_odds", "hits_distribution", "defense_distribution",
           "describe_choice"]

Dist = list[float]


# =========================================================================================== maneuvers (9.1)
def describe_choice(choice: Mapping[str, Any]) -> str:
    """A short label of a selection without its Strain: 'Advance', 'Wear to F', 'Back Sail', 'Tack'."""
    name = str(choice["maneuver"]).replace("_", " ").title()
    if choice["maneuver"] == "wear":
        name += f" to {choice['to']}"
    return name


def _base_key(choice: Mapping[str, Any]) -> tuple[Any, ...]:
    return (choice["maneuver"], choice.get("turn"), choice.get("to"))


def _remaining_now(state: GameState, ship: ShipState) -> int:
    """Activations the ship still has this turn (what the engine passes to `selection_options`)."""
    impulse = state.impulse if state.segment.startswith("impulse:") else 0
    return mv.remaining_activations(ship, impulse)


def _outcome(state: GameState, ship: ShipState, choice: Mapping[str, Any]) -> dict[str, Any]:
    """Where the maneuver leaves the ship (before any later decision), and what may follow."""
    tables = get_tables()
    name = choice["maneuver"]
    square = ship.square
    heading = ship.heading
    extra: dict[str, Any] = {}
    if name == "advance":
        dest = geo.step(square, heading)
        width, height = state.map_size
        if not geo.on_map(dest, width, height):
            ships = state.afloat()
            idx = next((i for i, s in enumerate(ships) if s.id == ship.id), None)
            shift = (geo.edge_shift([s.square for s in ships], idx, dest, width, height)
                     if idx is not None else None)
            escapes = shift is None and state.fleet_rules  # R9.3f: she leaves the battle, which goes on
            alone = len(state.afloat(ship.side)) <= 1
            extra["map_edge"] = {"shift": list(shift) if shift is not None else None,
                                 "ends_game": shift is None and (alone or not state.fleet_rules), "rule": "9.3"}
            if escapes:
                extra["map_edge"]["escapes"] = True
            if shift is not None:
                dest = (dest[0] + shift[0], dest[1] + shift[1])
        square = dest
        # 9.1.1: after advancing, a free one-point turn to a superior wind position may be taken.
        letter = wind_position(state, ship, heading)
        turns = []
        for points in (-1, 1):
            h = geo.turn(heading, points)
            to = wind_position(state, ship, h)
            if to != "H" and tables.position_rank(to) > tables.position_rank(letter):
                turns.append({"turn": points, "heading": h, "wind_position": to})
        extra["free_turns"] = turns
    elif name == "wear":
        heading = geo.turn(heading, int(choice["turn"]))
    elif name == "tack":
        # 9.1.4: into the wind, then a die roll to come through; failure leaves her In Irons.
        letter = wind_position(state, ship)
        toward = -1 if letter == "F" else 1
        for points in (-1, 1):
            if wind_position(state, ship, geo.turn(heading, points)) == "H":
                toward = points
        spec = tables.tack
        mod = ship.quality_mod
        if any(geo.mp_distance(ship.square, e.square) <= spec.near_enemy_mp for e in state.enemies(ship)):
            mod += spec.near_enemy_modifier
        need = spec.success_at - mod
        p = min(1.0, max(0.0, (7 - need) / 6)) if need > 1 else 1.0
        fail_heading = geo.turn(heading, toward)
        heading = geo.turn(heading, 2 * toward)
        extra["success_chance"] = p
        extra["failure"] = {"heading": fail_heading, "wind_position": wind_position(state, ship, fail_heading)}
    return {"square": list(square), "heading": heading, "wind_position": wind_position(state, ship, heading),
            **extra}


def maneuver_previews(state: GameState, ship_id: str, remaining: int | None = None) -> list[dict[str, Any]]:
    """9.1: one entry per distinct maneuver the ship could select now — legal ones first, then forbidden.

    Each entry: ``index`` (position in the list), ``legal``, ``maneuver``, ``label`` ('Wear to F'),
    ``square`` [x, y] and ``heading`` and ``wind_position`` where the ship ends (Advance: before its free
    turn, listed in ``free_turns``; Tack: if it succeeds, with ``success_chance`` and ``failure``),
    ``wind_position_before``, ``cost`` (MP), ``remaining`` (activations left this turn), ``carries_over``
    (cost > remaining: the selection needs a Strain, 9.1 restriction 2), ``strain_needed``.
    Legal entries carry ``choice`` (the selection with the least Strain, ready to submit) and
    ``options`` (every legal selection of this maneuver, one per Strain level). Forbidden entries carry
    ``rule`` and ``why`` (all the reasons, in ``reasons``). An Advance off the map carries ``map_edge``:
    ``shift`` (None if none fits), ``ends_game``, and under the fleet rules ``escapes`` (R9.3f)."""
    state_ship = state.ships[ship_id]
    if remaining is None:
        remaining = _remaining_now(state, state_ship)
    options, forbidden = mv.selection_options(state, state_ship, remaining)
    before = wind_position(state, state_ship)
    out: list[dict[str, Any]] = []
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    for choice in options:
        key = _base_key(choice)
        entry = groups.get(key)
        if entry is None:
            cost = mv.maneuver_cost(state_ship, choice)
            entry = {"legal": True, "maneuver": choice["maneuver"], "label": describe_choice(choice),
                     "choice": dict(choice), "options": [], "cost": cost, "remaining": remaining,
                     "carries_over": cost > remaining, "strain_needed": cost > remaining and not state_ship.strain,
                     "wind_position_before": before, "from_square": list(state_ship.square),
                     "from_heading": state_ship.heading, **_outcome(state, state_ship, choice)}
            groups[key] = entry
            out.append(entry)
        entry["options"].append(dict(choice))
        if choice.get("strain", 0) < entry["choice"].get("strain", 0):
            entry["choice"] = dict(choice)
    banned: dict[tuple[Any, ...], dict[str, Any]] = {}
    for item in forbidden:
        choice = item["choice"]
        key = _base_key(choice)
        if key in groups:
            continue  # legal with another Strain level: the legal entry says what Strain it needs
        entry = banned.get(key)
        if entry is None:
            base = {k: v for k, v in choice.items() if k != "strain"}
            cost = mv.maneuver_cost(state_ship, dict(base, strain=0))
            entry = {"legal": False, "maneuver": choice["maneuver"], "label": describe_choice(choice),
                     "choice": base, "rule": item["rule"], "why": item["why"], "reasons": [],
                     "cost": cost, "remaining": remaining, "carries_over": cost > remaining,
                     "strain_needed": cost > remaining, "wind_position_before": before,
                     "from_square": list(state_ship.square), "from_heading": state_ship.heading,
                     **_outcome(state, state_ship, base)}
            banned[key] = entry
        reason = {"rule": item["rule"], "why": item["why"]}
        if reason not in entry["reasons"]:
            entry["reasons"].append(reason)
    out.extend(banned.values())
    for i, entry in enumerate(out):
        entry["index"] = i
    return out


# =========================================================================================== firing picture
def _arc_squares(state: GameState, ship: ShipState) -> tuple[dict[str, list[list[int]]], dict[str, list[list[int]]]]:
    width, height = state.map_size
    sx, sy = ship.square
    reach = LONG_RANGE // 2
    broadside: dict[str, list[list[int]]] = {"port": [], "starboard": []}
    chasers: dict[str, list[list[int]]] = {"bow": [], "stern": []}
    land = state.terrain
    for y in range(max(0, sy - reach), min(height, sy + reach + 1)):
        for x in range(max(0, sx - reach), min(width, sx + reach + 1)):
            if land and (land.get((x, y)) == terrain.ISLAND or terrain.fire_blocked(state, ship.square, (x, y))):
                continue  # ruling R11.4.6b: land, or a square behind land, is not shaded (no shot reaches it)
            side = geo.broadside_side_in_arc(ship.square, ship.heading, (x, y))
            if side is not None:
                broadside[side].append([x, y])
                continue
            end = geo.chaser_end_in_arc(ship.square, ship.heading, (x, y))
            if end is not None:
                chasers[end].append([x, y])
    return broadside, chasers


def firing_picture(state: GameState, ship_id: str) -> dict[str, Any]:
    """What ``ship_id`` can shoot at now (11.1-11.9).

    Returns ``ship``, ``square``, ``heading``, ``wind_position``, ``arcs`` ({'port'/'starboard': squares
    within 24 MP on the map, leaving out islands and the squares behind them, ruling R11.4.6b}), ``chaser_arcs`` ({'bow'/'stern': squares}), ``chasers`` (which chasers are
    ready, with their dice), ``rings`` (the MP thresholds that change a shot: 3 carronades doubled, 6
    carronade range, 12 defense +1, 24 long-gun range) and ``enemies``: one entry per enemy afloat with
    ``target``, ``square``, ``heading``, ``mp``, ``in_arc`` ('port'/'starboard'/None), ``chaser`` ('bow'/
    'stern'/None), ``sections`` ({our section: {'long', 'carronades', 'dice', 'loaded', 'manned', 'can_fire'}}
    for the broadside that bears), ``dice`` (total of those that can fire), ``hit_sections`` (the target's two
    sections a shot strikes, 11.4.10), ``rake`` ('bow'/'stern'/None, 11.8), ``carronades_in_range``,
    ``carronades_doubled``, ``defense_dice``, ``defense_modifier`` (+1 at 12 MP or more, 11.4.7),
    ``can_fire`` and, when it cannot, ``why`` (``blocked``: True when an island stands between, R11.4.6b;
    ``out_of_range``: True beyond long range, 11.2)."""
    ship = state.ships[ship_id]
    arcs, chaser_arcs = _arc_squares(state, ship)
    enemies = [_enemy_picture(state, ship, target) for target in state.enemies(ship)]
    return {
        "ship": ship.id, "square": list(ship.square), "heading": ship.heading,
        "wind_position": wind_position(state, ship),
        "arcs": arcs, "chaser_arcs": chaser_arcs,
        "chasers": {end: {"ready": bool(ship.chasers.get(end)), "dice": chaser_dice(ship, end)}
                    for end in ("bow", "stern")},
        "rings": {"carronades_doubled": CARRONADE_DOUBLE, "carronades": CARRONADE_RANGE,
                  "defense_plus_one": 12, "long_guns": LONG_RANGE},
        "enemies": enemies,
    }


def _enemy_picture(state: GameState, ship: ShipState, target: ShipState) -> dict[str, Any]:
    """One enemy's entry of `firing_picture`: the distance and its thresholds, then why no line of fire, or the
    broadside (11.4) or the chaser (11.9) that bears."""
    line = line_of_fire(state, ship, target)
    mp = geo.mp_distance(ship.square, target.square)
    entry: dict[str, Any] = {
        "target": target.id, "square": list(target.square), "heading": target.heading, "mp": mp,
        "in_arc": None, "chaser": None, "sections": {}, "dice": 0, "hit_sections": [], "rake": None,
        "carronades_in_range": mp <= CARRONADE_RANGE, "carronades_doubled": mp <= CARRONADE_DOUBLE,
        "defense_dice": 0, "defense_modifier": 1 if mp >= 12 else 0, "can_fire": False,
    }
    if line is None:
        if mp > LONG_RANGE:
            entry["why"] = "out of range (more than 24 MP, 11.2)"
            entry["out_of_range"] = True
        elif ship.square != target.square and terrain.fire_blocked(state, ship.square, target.square):
            entry["why"] = "an island stands on the line of fire (R11.4.6b)"
            entry["blocked"] = True
        else:
            entry["why"] = "no line of fire (9.2: sharing a square, only the ship placed to fire may)"
        return entry
    entry["mp"] = line.mp
    entry["carronades_in_range"] = line.mp <= CARRONADE_RANGE
    entry["carronades_doubled"] = line.mp <= CARRONADE_DOUBLE
    entry["defense_modifier"] = 1 if heavy_guns.range_mp(state, ship, target, line.mp) >= 12 else 0  # R11.4.6h
    entry["defense_dice"] = defense_dice(state, ship, target, line.mp)[0]
    if line.side is not None:
        _broadside_picture(entry, ship, line, line.side)
    elif line.chaser is not None:
        entry["chaser"] = line.chaser
        n = chaser_dice(ship, line.chaser)
        entry["dice"] = n if ship.chasers.get(line.chaser) else 0
        entry["can_fire"] = bool(ship.chasers.get(line.chaser)) and n > 0
        if not entry["can_fire"]:
            entry["why"] = f"the {line.chaser} chaser is not ready (11.9)"
    return entry


def _broadside_picture(entry: dict[str, Any], ship: ShipState, line: Line, side: str) -> None:
    """The broadside that bears (11.1): each section's dice at this range, loaded, manned; the dice that can fire
    (11.4.1), the target's sections struck (11.4.10) and the rake (11.8)."""
    entry["in_arc"] = side
    entry["hit_sections"] = list(line.hit)
    entry["rake"] = line.rake
    total = 0
    for section in geo.sections_for_side(side):
        long, carr = section_dice(ship, section, line.mp)
        loaded = ship.loads.get(section) is not None
        manned = ship.assign["gunnery"][section] > 0
        can = loaded and long + carr > 0
        entry["sections"][section] = {"long": long, "carronades": carr, "dice": long + carr,
                                      "loaded": loaded, "load": ship.loads.get(section),
                                      "manned": manned, "can_fire": can,
                                      "has_carronades": _has_carronades(ship, section)}
        if can:
            total += long + carr
    entry["dice"] = total
    entry["can_fire"] = total > 0
    if not total:
        entry["why"] = "no loaded, manned section with dice bears (11.4.1)"


def _has_carronades(ship: ShipState, section: str) -> bool:
    return any(box.carronades for box in ship.card.track(section))
