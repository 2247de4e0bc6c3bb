"""What the judgment captain knows of a position: built from a side's view (and the public scenario and ship
cards) only, never from the game's own state.

`scratch_state(view, cards)` rebuilds an engine `GameState` from the view so that the pure engine helpers
(`advice.shot_odds`, `maneuver.selection_options`, `movement_rates.wind_position`) can price choices. What the
view hides is filled with neutral guesses: the enemy's loads are taken as Round Shot, his maneuver as unknown
(None), his Straining as one level, the deck and his hand as placeholders and the dice as a fresh seed (the
captain never rolls them: the helpers it calls are exact and roll nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES, ShipCard
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.state import GameState, ShipState, SideState
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.view_types import BoardShip, SideView, ViewShip

Ship = ViewShip
View = SideView


def scratch_state(view: View, cards: Mapping[str, ShipCard]) -> GameState:
    """An engine state equal to the view where the view tells, with neutral guesses where it hides."""
    sides = {}
    for sid, info in view["sides"].items():
        hand = info["hand"] if isinstance(info["hand"], list) else ["?"] * int(info["hand"])
        sides[sid] = SideState(sid, info["name"], info["nation"], list(info["ships"]), list(hand),
                               info["initiative_streak"], info["struck_voluntarily"])
    ships = {sid: _ship(s, cards[s["card"]]) for sid, s in view["ships"].items()}
    deck = view["deck"] if isinstance(view["deck"], list) else ["?"] * int(view["deck"])
    return GameState(
        scenario_id=view["scenario_id"], wind=view["wind"], sides=sides, ships=ships, dice=Dice(0),
        map_size=(int(view["map_size"][0]), int(view["map_size"][1])), relativity=view["relativity"],
        turn=view["turn"], segment=view["segment"], impulse=view["impulse"], initiative=view["initiative"],
        smoke={(int(x), int(y)): tuple(v) for x, y, v in view["smoke"]},
        reload_track=[tuple(r) for r in view["reload_track"]],
        stacks=[dict(r) for r in view["stacks"]], grapples=[dict(r) for r in view["grapples"]],
        halve_next_turn=list(view["halve_next_turn"]), deck=list(deck), discard=list(view["discard"]),
        turn_limit=view["turn_limit"], ended=view["ended"], end_reason=view["end_reason"],
        fleet_rules=bool(view.get("fleet_rules", False)),
        variable_wind=bool(view.get("variable_wind", False)),
        initial_broadside=bool(view.get("initial_broadside", False)), heavy_guns=bool(view.get("heavy_guns", False)),
        fire_spreads=bool(view.get("fire_spreads", False)), prize_crews=bool(view.get("prize_crews", False)),
        pirate_fire=bool(view.get("pirate_fire", False)),
        sloop_damage=bool(view.get("sloop_damage", False)),
        heavy_frigate_damage=bool(view.get("heavy_frigate_damage", False)),
        wsim_melee=bool(view.get("wsim_melee", False)), prize_sails=bool(view.get("prize_sails", False)),
        pirate_wind=bool(view.get("pirate_wind", False)), wind_speed=str(view.get("wind_speed", "fair")),
        batteries_fired={k: list(v) for k, v in view.get("batteries_fired", {}).items()},
        terrain={(int(x), int(y)): str(kind) for x, y, kind in view.get("terrain", ())},
    )


def _ship(s: Ship, card: ShipCard) -> ShipState:
    loads = {k: (("round" if v else None) if isinstance(v, bool) else v) for k, v in s["loads"].items()}
    maneuver = s["maneuver"]
    if maneuver is not None and maneuver.get("hidden"):
        maneuver = None
    strain = int(s["strain"]) if not isinstance(s["strain"], bool) else (1 if s["strain"] else 0)
    a = s["assign"]
    return ShipState(
        id=s["id"], side=s["side"], card=card, quality=s["quality"], x=s["x"], y=s["y"], heading=s["heading"],
        sail=s["sail"], morale=s["morale"], crew=s["crew"], rigging=s["rigging"], gunnery=dict(s["gunnery"]),
        red_passed=list(s["red_passed"]),
        assign={"sailing": a["sailing"], "rigging_change": a["rigging_change"], "rigging_dc": a["rigging_dc"],
                "hull_dc": dict(a["hull_dc"]), "gunnery": dict(a["gunnery"])},
        loads=loads, chasers=dict(s["chasers"]), on_fire=s["on_fire"], base_mp=s["base_mp"],
        hull_bonus=s["hull_bonus"], speed=s["speed"], halted=s["halted"], maneuver=maneuver, spent=s["spent"],
        strain=strain, no_back_sail=s["no_back_sail"], no_wear=s["no_wear"], worn_here=s["worn_here"],
        self_damage=s["self_damage"], struck=s["struck"], captured=s["captured"],
        escaped=bool(s.get("escaped", False)), aground=bool(s.get("aground", False)),
        prize_crew=int(s.get("prize_crew", 0)),
        prize_crew_from=str(s.get("prize_crew_from", "")), crew_detached=int(s.get("crew_detached", 0)),
        prize_of=str(s.get("prize_of", "")), prisoners=int(s.get("prisoners", 0)),
        prize_damage=_triple(s.get("prize_damage", (0, 0, 0))),
        fire_markers=int(s.get("fire_markers", 0)), exploded=bool(s.get("exploded", False)),
        hit_marks={str(k): int(v) for k, v in s.get("hit_marks", {}).items()},
    )


def _triple(value: Any) -> tuple[int, int, int]:
    """A sailing prize's damage when she changed hands (R19.0i), as the view lists it."""
    hull, rigging, crew = (int(v) for v in value)
    return (hull, rigging, crew)


# ------------------------------------------------------------------------------------------ plain readings
def afloat(ship: Ship) -> bool:
    """Still fighting: not struck, captured or (fleet rules) escaped."""
    return not (ship["struck"] or ship["captured"] or ship.get("escaped", False))


def square(ship: Ship | BoardShip) -> tuple[int, int]:
    return (int(ship["x"]), int(ship["y"]))


def enemies_of(view: View, side: str) -> list[Ship]:
    return [s for s in view["ships"].values() if s["side"] != side and afloat(s)]


def nearest_enemy(view: View, ship: Ship) -> Ship | None:
    foes = enemies_of(view, ship["side"])
    if not foes:
        return None
    return min(foes, key=lambda e: (geo.mp_distance(square(ship), square(e)), e["id"]))


def letter(view: View, heading: int) -> str:
    """Wind position (A-H) of a ship on `heading` (the view's wind is the heading the wind blows toward)."""
    wind_from = (view["wind"] + 4 - 1) % 8 + 1
    return get_tables().letter_for((wind_from - heading) % 8)


def gun_power(ship: Ship, card: ShipCard, side: str | None = None, mp: int = 4) -> int:
    """Dice a broadside (or the better one) throws at `mp` if fully manned: the undamaged top box of each
    section (11.4.4), carronades counted when in range and doubled within 3 MP."""
    best = 0
    for bside in ((side,) if side else ("port", "starboard")):
        total = 0
        for section in geo.sections_for_side(bside):
            box = ship["gunnery"][section]
            if box <= 0:
                continue
            guns = card.track(section)[box - 1]
            carr = guns.carronades if mp <= 6 else 0
            total += guns.long + (2 * carr if mp <= 3 else carr)
        best = max(best, total)
    return best


def hull_boxes(ship: Ship) -> int:
    return int(sum(ship["gunnery"][s] for s in SECTION_NAMES))


def damage_by_track(view: View, ship: Ship) -> dict[str, int]:
    """The boxes damaged on her card now, by track (`ShipState.damage`, as the tally reads them)."""
    top = view["tops"][ship["id"]]
    hull = sum(int(top["gunnery"][s]) - ship["gunnery"][s] for s in SECTION_NAMES)
    crew = int(top["crew"]) - ship["crew"] - int(ship.get("crew_detached", 0))  # a prize crew is no hit (R18.0k)
    return {"hull": hull, "rigging": int(top["rigging"]) - ship["rigging"], "crew": crew}


def damage_taken(view: View, ship: Ship) -> int:
    """Boxes the enemy has scored on this ship (19.0): the card's damage less what she did to herself."""
    total = sum(damage_by_track(view, ship).values())
    return int(total - min(int(ship["self_damage"]), total))
